"""Wire-size benchmark: `python -m net.bench [--hands N] [--json]`.

Plays loopback tables with four autoplaying clients and reports update and snapshot sizes
(frame header included) as the clients received them. Targets: median update <= 150 bytes,
snapshot <= 4 KB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
from typing import Any

from net.client import Client
from net.host import Host, HostConfig


async def measure(ruleset: str, hands: int, seed: int) -> dict[str, Any]:
    host = Host(HostConfig(ruleset=ruleset, name="bench", seats=["open"] * 4, hands=hands,
                           seed=seed, address="127.0.0.1", start_after=30))
    await host.start()
    clients = [Client("127.0.0.1", host.port, seed=seed + i) for i in range(4)]
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.bench")
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = {rs: asyncio.run(measure(rs, args.hands, args.seed)) for rs in ("mazhan", "nanjing")}
    if args.json:
        print(json.dumps(report))
    else:
        for rs, row in report.items():
            print(rs, " ".join(f"{k}={v}" for k, v in row.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
