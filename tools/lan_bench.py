"""LAN benchmark: `python tools/lan_bench.py [--hands N] [--json] [--people]`.

Wire sizes: loopback tables with four autoplaying clients; update and snapshot sizes (frame
header included) as the clients received them. Targets: median update <= 150 bytes, snapshot
<= 4 KB.

Latency: four players and four spectators, each in its own process (as on separate machines),
against a host in this one; for every action, the time from its arrival at the host until the
last of the eight clients has applied the update it caused (one monotonic clock for all
processes). Target: p99 <= 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages beside tools/

from net.client import Client  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402


def delays_ms(arrivals: Iterable[tuple[float, Mapping[str, int]]],
              applied: Mapping[str, Mapping[int, float]]) -> list[float]:
    """Sorted milliseconds from each action's arrival at the host (`Host.on_action`'s time and
    the seq each peer sees it at) until the last client in `applied` (name: seq: time applied)
    applied its update; actions some client never applied are left out."""
    delays: list[float] = []
    for at, seqs in arrivals:
        done = [applied[name][seq] for name, seq in seqs.items()
                if name in applied and seq in applied[name]]
        if len(done) == len(applied):
            delays.append((max(done) - at) * 1000)
    return sorted(delays)


def p99(delays: list[float]) -> float:
    """The 99th percentile of sorted, non-empty `delays`."""
    return delays[min(len(delays) - 1, round(0.99 * (len(delays) - 1)))]


async def measure(ruleset: str, hands: int, seed: int, people: bool = False) -> dict[str, Any]:
    """`people`: the clients say a person plays (as a window does), so the host explains
    their refusals (issue 27); reproducible walls, so runs compare hand for hand, and no
    claim window (a person's pause would only slow the run down)."""
    extra: dict[str, Any] = {"secret_walls": False, "claim_window": 0.0} if people else {}
    host = Host(HostConfig(ruleset=ruleset, name="bench", seats=["open"] * 4, hands=hands,
                           seed=seed, address="127.0.0.1", start_after=30, **extra))
    await host.start()
    clients = [Client("127.0.0.1", host.port, seed=seed + i, person=people) for i in range(4)]
    await asyncio.gather(host.run(), *(c.run() for c in clients))
    await host.close()
    updates = sorted(n for c in clients for n in c.stats.update_sizes)
    snaps = [n for c in clients for n in c.stats.snapshot_sizes]
    received = sum(c.stats.bytes_received for c in clients)
    return {
        "hands": host.hands_done,
        "updates": len(updates),
        "update_bytes_median": statistics.median(updates),
        "update_bytes_p90": updates[int(0.9 * (len(updates) - 1))],
        "update_bytes_max": updates[-1],
        "snapshot_bytes_max": max(snaps),
        "bytes_per_hand_per_seat": round(received / 4 / max(1, host.hands_done)),
        "desyncs": sum(c.stats.desyncs for c in clients),
    }


async def _one_client(port: int, name: str, watch: bool, seed: int) -> None:
    client = Client("127.0.0.1", port, name=name, autoplay=None if watch else "normal",
                    watch=watch, seed=seed, trace=True)
    stats = await client.run()
    print(json.dumps({"name": name, "desyncs": stats.desyncs,
                      "applied": {str(k): v for k, v in stats.applied_at.items()}}))


async def latency(ruleset: str, hands: int, seed: int, watchers: int = 4) -> dict[str, Any]:
    host = Host(HostConfig(ruleset=ruleset, name="bench", seats=["open"] * 4, hands=hands,
                           seed=seed, address="127.0.0.1", start_after=60))
    arrivals: list[tuple[float, dict[str, int]]] = []
    host.on_action = lambda at, seqs: arrivals.append((at, seqs))
    await host.start()
    procs = []
    for i in range(4 + watchers):
        watch = i >= 4
        name = f"{'watch' if watch else 'play'}{i}"
        argv = [sys.executable, str(Path(__file__).resolve()), "--client", str(host.port), name,
                str(seed + i)] + (["--watch"] if watch else [])
        procs.append(await asyncio.create_subprocess_exec(*argv, stdout=subprocess.PIPE))
    outputs = await asyncio.gather(host.run(), *(p.communicate() for p in procs))
    await host.close()
    applied: dict[str, dict[int, float]] = {}
    desyncs = 0
    for out, _err in outputs[1:]:
        row = json.loads(out)
        applied[row["name"]] = {int(k): v for k, v in row["applied"].items()}
        desyncs += row["desyncs"]
    delays = delays_ms(arrivals, applied)
    return {
        "clients": len(applied),
        "actions": len(delays),
        "latency_ms_median": round(statistics.median(delays), 2),
        "latency_ms_p99": round(p99(delays), 2),
        "latency_ms_max": round(delays[-1], 2),
        "desyncs": desyncs,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/lan_bench.py")
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-latency", action="store_true")
    parser.add_argument("--people", action="store_true",
                        help="wire sizes with clients that say a person plays (refusals)")
    parser.add_argument("--client", nargs=3, metavar=("PORT", "NAME", "SEED"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--watch", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.client:
        port, name, seed = args.client
        asyncio.run(_one_client(int(port), name, args.watch, int(seed)))
        return 0
    report: dict[str, Any] = {
        rs: asyncio.run(measure(rs, args.hands, args.seed, args.people))
        for rs in ("mazhan", "nanjing")
    }
    if not args.no_latency:
        report["latency"] = asyncio.run(latency("mazhan", args.hands, args.seed))
    if args.json:
        print(json.dumps(report))
    else:
        for key, row in report.items():
            print(key, " ".join(f"{k}={v}" for k, v in row.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
