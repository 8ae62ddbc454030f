"""Attacks on a LAN host, for measuring its limits: `python tools/lan_attack.py SCENARIO [--json]`.

Every scenario starts its own host on the loopback range (127.0.0.0/8) and attacks only that;
each loop is bounded in count and time and stops by itself. Nothing here may be pointed at
another machine: `_loopback` refuses any other address.

Scenarios:
- `honest`: four bot clients at full speed, no pauses; how many were refused by the host.
- `trickle`: one byte every `--every` seconds and never a hello; how long the host keeps it.
- `slots`: many silent connections from 127.0.0.2; can a player from 127.0.0.1 still join, and
  can a seated player whose connection dropped come back with the token?
- `nonreader`: waves of connections that say hello as spectators and never read; the host's
  RSS and fds before, at the peak and after each wave is aborted (in a namespace of its own
  with small kernel send buffers, so each backlog fills in seconds).
- `codes`: guess a locked table's join code, one connection per guess, for `--seconds`.
- `soak`: 4 players and 8 spectators, an attacker bursting throughout, a player's line cut and
  the host killed mid-hand and resumed; desyncs, reconnects, final scores and the players' p99
  (from an action's arrival to every player applying its update; on the first host up to the
  cut, and on the resumed host once every player is back). Each of `--runs` runs in a private
  network namespace of its own (`unshare --net`, root; `--here` runs it in this process).
- `bomb`: a seated-less peer bursting the largest frames the host takes, while four players
  play; the players' p99 time from an action's arrival to every client applying its update.
- `votes`: while two people play, peers with no say (not seated, or spectators) flood
  proposals to end the match and answers to proposals that do not exist (issue 28); the
  reasons the host gave, how many were dropped, and whether the match still ended by itself.
- `autos`: a seated peer switching 托管 on and off as fast as its message budget lets it (each
  change is told to every peer); how many changes the host told, how many it refused.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import multiprocessing
import os
import queue
import resource
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages beside tools/

from net.client import Client, JoinError  # noqa: E402
from net.frames import PROTOCOL_VERSION, FrameDecoder, encode  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402
from net.joincode import new_nonce, proof  # noqa: E402
from net.peer import MAX_BACKLOG  # noqa: E402
from net.save import read_save  # noqa: E402
from tools.lan_bench import delays_ms, p99  # noqa: E402

VICTIM = "127.0.0.1"
ATTACKER = "127.0.0.2"


def _loopback(address: str) -> str:
    if not ipaddress.ip_address(address).is_loopback:
        raise SystemExit(f"refusing to attack {address}: loopback only")
    return address


def _hello(name: str, **extra: Any) -> bytes:
    return encode({"t": "hello", "v": PROTOCOL_VERSION, "name": name, **extra})


def _connect(port: int, source: str = ATTACKER, timeout: float = 5.0) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((_loopback(source), 0))
    sock.connect((_loopback(VICTIM), port))
    return sock


def _closed_by_peer(sock: socket.socket, wait: float) -> bool:
    """Whether the host closed `sock` within `wait` seconds (reading what it sends)."""
    sock.settimeout(wait)
    end = time.monotonic() + wait
    with contextlib.suppress(OSError):
        while time.monotonic() < end:
            if not sock.recv(65536):
                return True
    return False


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)


def _host(**kw: Any) -> Host:
    kw.setdefault("seats", ["open"] * 4)
    kw.setdefault("start_after", 30)
    return Host(HostConfig(ruleset="mazhan", name="attacked", address=VICTIM, **kw))


# ---------------------------------------------------------------- honest clients at full speed

async def honest(hands: int) -> dict[str, Any]:
    host = _host(hands=hands, options={"hands": hands, "bust_ends": False})
    await host.start()
    clients = [Client(VICTIM, host.port, name=f"p{i}", seed=i) for i in range(4)]
    start = time.monotonic()
    results = await asyncio.gather(host.run(), *(c.run() for c in clients),
                                   return_exceptions=True)
    await host.close()
    refused = [str(r) for r in results[1:] if isinstance(r, BaseException)]
    sent = sum(host.table.played)
    return {"hands": host.hands_done, "seconds": round(time.monotonic() - start, 1),
            "clients_refused": len(refused), "refusals": refused[:4],
            "actions_sent": sent, "host_dropped": host.table.dropped}


# ---------------------------------------------------------------- trickle before hello

async def trickle(every: float, limit: float) -> dict[str, Any]:
    host = _host(hello_timeout=2.0)
    await host.start()

    def attack() -> float:
        sock = _connect(host.port)
        start = time.monotonic()
        sock.sendall(struct.pack(">I", 2000))  # a frame is coming... one byte at a time
        with sock:
            while time.monotonic() - start < limit:
                try:
                    sock.sendall(b"\x00")
                except OSError:
                    break
                if _closed_by_peer(sock, every):
                    break
        return round(time.monotonic() - start, 1)

    playing = asyncio.create_task(host.run())  # the table's deadlines are kept by its loop
    held = await asyncio.to_thread(attack)
    playing.cancel()
    with contextlib.suppress(BaseException):
        await playing
    await host.close()
    return {"hello_timeout_s": 2.0, "byte_every_s": every, "held_s": held, "cap_s": limit}


# ---------------------------------------------------------------- slot exhaustion

async def slots(count: int) -> dict[str, Any]:
    host = _host(seats=["open", "open", "bot", "bot"], start_after=60)
    await host.start()
    # A player takes place 0, then loses their connection (their token holds the place).
    seated = Client(VICTIM, host.port, name="ann", autoplay=None, seat=0)
    task = asyncio.create_task(seated.run())
    for _ in range(500):
        if seated.token:
            break
        await asyncio.sleep(0.01)
    token = seated.token
    task.cancel()
    with contextlib.suppress(BaseException):
        await task

    def flood() -> list[socket.socket]:
        socks: list[socket.socket] = []
        for _ in range(count):
            try:
                socks.append(_connect(host.port))
            except OSError:
                break
        return socks

    socks = await asyncio.to_thread(flood)
    await asyncio.sleep(0.2)
    accepted = len(host.table.peers)

    async def tries(**kw: Any) -> str:
        client = Client(VICTIM, host.port, autoplay=None, **kw)
        run = asyncio.create_task(client.run())
        for _ in range(300):
            if run.done() or client.stats.seat is not None or client.table:
                break
            await asyncio.sleep(0.01)
        got = "joined" if client.table else "no answer"
        if run.done():
            exc = run.exception()
            got = f"refused: {exc}" if isinstance(exc, JoinError) else got
        run.cancel()
        with contextlib.suppress(BaseException):
            await run
        return got

    newcomer = await tries(name="bob", seat=1)
    returning = await tries(name="ann", token=token)
    for s in socks:
        s.close()
    await host.close()
    return {"attacker_connections": len(socks), "held_by_host": accepted,
            "newcomer_from_other_address": newcomer, "token_holder": returning}


# ---------------------------------------------------------------- readers that never read

async def nonreader(count: int, waves: int) -> dict[str, Any]:
    """Waves of `count` spectators that say hello and never read, while bots play on: the
    host's RSS and fds before, at the peak and after each wave has been aborted. The
    connection limits are raised to `count` so that all of them are let in and fill their
    backlogs (run in a namespace whose kernel send buffers are small, the backlog fills in
    seconds: see `main`)."""
    hands = 10_000
    host = _host(seats=["bot"] * 4, hands=hands, start_after=0.0, move_pause=0.001,
                 max_connections=count, per_address=count,
                 options={"hands": hands, "bust_ends": False})
    await host.start()
    playing = asyncio.create_task(host.run())
    fds0, rss0 = _fds(), _rss_mb()
    peak = [rss0]

    async def sample() -> None:  # the host's RSS while the backlogs fill (every 20 ms)
        while True:
            peak[0] = max(peak[0], _rss_mb())
            await asyncio.sleep(0.02)

    def open_all(wave: int) -> list[socket.socket]:
        socks = []
        for i in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.bind((ATTACKER, 0))
            sock.connect((VICTIM, host.port))
            sock.sendall(_hello(f"w{wave}.{i}", watch=True))
            socks.append(sock)
        return socks

    sampler = asyncio.create_task(sample())
    loop = asyncio.get_running_loop()
    # A control first: the match's own growth per hand with nobody connected (its history
    # and log grow), to be told apart from anything the non-readers leave behind.
    deadline = loop.time() + 120
    while host.hands_done < 60 and loop.time() < deadline:
        await asyncio.sleep(0.05)
    per_hand = (_rss_mb() - rss0) / max(1, host.hands_done)
    rounds = []
    for wave in range(waves):
        peak[0] = _rss_mb()
        socks = await asyncio.to_thread(open_all, wave)
        deadline = loop.time() + 120
        while (host.aborted < count * (wave + 1) and loop.time() < deadline
               and not playing.done()):
            await asyncio.sleep(0.05)  # bounded: until every one of this wave is aborted
        for sock in socks:
            sock.close()
        while host.table.peers and loop.time() < deadline:
            await asyncio.sleep(0.05)
        rounds.append({"rss_mb_peak": peak[0], "rss_mb_after": _rss_mb(),
                       "rss_mb_after_less_match_growth": round(
                           _rss_mb() - per_hand * host.hands_done, 1),
                       "host_fds_added": _fds() - fds0, "aborted_total": host.aborted,
                       "hands_so_far": host.hands_done})
    sampler.cancel()
    playing.cancel()
    with contextlib.suppress(BaseException):
        await playing
    await host.close()
    return {"connections_per_wave": count, "backlog_limit_kib": MAX_BACKLOG // 1024,
            "rss_mb_before": rss0, "match_growth_kb_per_hand": round(per_hand * 1024),
            "waves": rounds,
            "dropped_otherwise": dict(host.table.drop_reasons)}


def _in_namespace(argv: list[str], setup: str = "") -> dict[str, Any]:
    """Run `python tools/lan_attack.py ARGV --here` in a private network namespace of its own
    (`unshare --net`, root only: only a loopback interface exists there, so nothing can leave
    the machine); its JSON."""
    inner = (f"ip link set lo up && {setup}exec {sys.executable} {Path(__file__).resolve()} "
             f"{' '.join(argv)} --here")
    done = subprocess.run(["unshare", "--net", "sh", "-c", inner], capture_output=True,
                          text=True, timeout=1800, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the attack failed in its namespace: {done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# ---------------------------------------------------------------- frame bomb

async def bomb(hands: int, frame: int, frames: int) -> dict[str, Any]:
    host = _host(hands=hands, options={"hands": hands, "bust_ends": False})
    arrivals: list[tuple[float, dict[str, int]]] = []
    host.on_action = lambda at, seqs: arrivals.append((at, seqs))
    await host.start()
    clients = [Client(VICTIM, host.port, name=f"p{i}", seed=i, trace=True) for i in range(4)]
    stop = threading.Event()
    sent = [0, 0]

    # One msgpack body of about `frame` bytes: a ping padded with extra 4000-byte strings.
    pad = {f"x{i}": "a" * 4000 for i in range(max(1, min(15, frame // 4000)))}
    body = msgpack.packb({"t": "ping", "n": 1, **pad})
    bomb_frame = struct.pack(">I", len(body)) + body

    def attack() -> None:
        while not stop.is_set() and sent[0] < 50:  # at most 50 connections
            try:
                sock = _connect(host.port)
                sock.sendall(_hello("bomb"))
                for _ in range(frames):
                    sock.sendall(bomb_frame)
                    sent[1] += 1
                _closed_by_peer(sock, 0.2)
                sock.close()
            except OSError:
                pass
            sent[0] += 1

    thread = threading.Thread(target=attack, daemon=True)
    thread.start()
    await asyncio.gather(host.run(), *(c.run() for c in clients), return_exceptions=True)
    stop.set()
    await asyncio.to_thread(thread.join, 30)
    await host.close()
    delays = delays_ms(arrivals, {c.name: c.stats.applied_at for c in clients})
    return {"hands": host.hands_done, "bomb_frame_bytes": len(bomb_frame),
            "bomb_connections": sent[0], "bomb_frames_sent": sent[1], "actions": len(delays),
            "p50_ms": round(statistics.median(delays), 2) if delays else None,
            "p99_ms": round(p99(delays), 2) if delays else None}


# ---------------------------------------------------------------- votes from peers with no say

def _drain(sock: socket.socket, wait: float) -> tuple[list[dict[str, Any]], bool]:
    """What the host sends `sock` within `wait` seconds, and whether it closed it."""
    decoder = FrameDecoder()
    out: list[dict[str, Any]] = []
    sock.settimeout(wait)
    end = time.monotonic() + wait
    with contextlib.suppress(OSError):
        while time.monotonic() < end:
            data = sock.recv(65536)
            if not data:
                return out, True
            out.extend(decoder.messages(data))
    return out, False


async def votes(hands: int, count: int) -> dict[str, Any]:
    host = _host(hands=hands, seats=["open", "open", "bot", "bot"], claim_window=0.02,
                 options={"hands": hands, "bust_ends": False})
    await host.start()
    clients = [Client(VICTIM, host.port, name=f"p{i}", seed=i, seat=i, person=True)
               for i in range(2)]

    def attack() -> dict[str, Any]:
        whys: dict[str, int] = {}
        closed = 0
        pair: list[dict[str, Any]] = [{"t": "end_propose"},
                                      {"t": "end_answer", "id": 7, "yes": True}]
        flood = b"".join(encode(m) for m in pair * 150)
        for n in range(count):  # bounded: `count` connections, each read for a second at most
            try:
                with _connect(host.port) as sock:
                    sock.sendall(_hello(f"voter{n}", watch=n % 2 == 1) + flood)
                    got, gone = _drain(sock, 1.0)
            except OSError:
                continue
            closed += gone
            for m in got:
                if m["t"] == "error":
                    why = str(m.get("why") or m["code"])
                    whys[why] = whys.get(why, 0) + 1
        return {"connections": count, "closed_by_host": closed, "reasons": whys}

    figures, *results = await asyncio.gather(asyncio.to_thread(attack), host.run(),
                                             *(c.run() for c in clients),
                                             return_exceptions=True)
    await host.close()
    summary = results[0] if isinstance(results[0], dict) else {}
    return {**(figures if isinstance(figures, dict) else {"attack": str(figures)}),
            "hands": host.hands_done, "ended": summary.get("ended"),
            "players_refused": sum(isinstance(r, BaseException) for r in results[1:]),
            "host_dropped": host.table.dropped,
            "drop_reasons": dict(host.table.drop_reasons)}


# ---------------------------------------------------------------- 托管 flips

async def autos(hands: int, flips: int) -> dict[str, Any]:
    host = _host(hands=hands, seats=["open", "open", "bot", "bot"], claim_window=0.02,
                 options={"hands": hands, "bust_ends": False})
    await host.start()
    honest = Client(VICTIM, host.port, name="p0", seed=0, seat=0, person=True)

    def attack() -> dict[str, Any]:
        flood = encode({"t": "sit", "seat": 1}) + b"".join(
            encode({"t": "auto", "on": n % 2 == 0}) for n in range(flips))
        with _connect(host.port) as sock:  # bounded: one connection, read for 1.5 s at most
            sock.sendall(_hello("flipper") + flood)
            got, gone = _drain(sock, 1.5)
        told = sum(1 for m in got if m["t"] == "notice" and m.get("code") in ("auto", "auto_off")
                   and m.get("seat") == 1)
        refused = sum(1 for m in got if m["t"] == "error" and m.get("why") == "auto_too_fast")
        return {"flips": flips, "told": told, "refused": refused, "closed_by_host": gone}

    figures, *results = await asyncio.gather(asyncio.to_thread(attack), host.run(),
                                             honest.run(), return_exceptions=True)
    await host.close()
    return {**(figures if isinstance(figures, dict) else {"attack": str(figures)}),
            "hands": host.hands_done,
            "players_refused": sum(isinstance(r, BaseException) for r in results[1:]),
            "host_dropped": host.table.dropped}


# ---------------------------------------------------------------- join code guessing

async def codes(seconds: float) -> dict[str, Any]:
    host = _host(code="7391", start_after=60)
    await host.start()

    def guess() -> dict[str, Any]:
        tries = 0
        found = None
        end = time.monotonic() + seconds
        while time.monotonic() < end and tries < 100_000:
            guess = f"{tries % 10000:04d}"
            try:
                with _connect(host.port) as sock:
                    answered = _try_code(sock, guess)
            except OSError:
                continue
            tries += 1
            if answered and found is None:
                found = guess
        return {"tries": tries, "tries_per_s": round(tries / seconds, 1), "found": found}

    figures = await asyncio.to_thread(guess)
    await host.close()
    checks = host.table.attempts  # how many guesses the host actually checked
    figures["codes_checked"] = checks.wrong + (figures["found"] is not None)
    figures["refused_unchecked"] = checks.refused
    figures["checked_per_s"] = round(figures["codes_checked"] / seconds, 1)
    return figures


def _read_msgs(sock: socket.socket) -> list[dict[str, Any]]:
    decoder = FrameDecoder()
    out: list[dict[str, Any]] = []
    with contextlib.suppress(OSError):
        while not any(m["t"] in ("welcome", "error", "challenge") for m in out):
            data = sock.recv(65536)
            if not data:
                break
            out.extend(decoder.messages(data))
    return out


def _try_code(sock: socket.socket, code: str) -> bool:
    """One guess, by whichever way the host takes codes; True if the host let us in."""
    cnonce = new_nonce()
    sock.sendall(_hello("guess", code=code, cnonce=cnonce))
    got = _read_msgs(sock)
    challenge = next((m for m in got if m["t"] == "challenge"), None)
    if challenge is not None:
        sock.sendall(encode({"t": "prove", "proof": proof(code, "client", challenge["nonce"],
                                                            cnonce)}))
        got = _read_msgs(sock)
    return any(m["t"] == "welcome" for m in got)


# ---------------------------------------------------------------- the soak

def _burst(port: int, stop: Any, sent: Any) -> None:
    """The soak's attacker (a child process): connections from 127.0.0.2 each bursting a hello
    and a hundred 3.9 KiB frames, until `stop` is set (at most 50,000 connections)."""
    body = msgpack.packb({"t": "ping", "n": 1, "pad": "a" * 3900})
    burst = _hello("bomb") + (struct.pack(">I", len(body)) + body) * 100
    while not stop.is_set() and sent.value < 50_000:
        with contextlib.suppress(OSError), _connect(port) as sock:
            sock.sendall(burst)
            _closed_by_peer(sock, 0.2)
        sent.value += 1


def _watch(port: int, count: int, out: Any) -> None:
    """The soak's spectators (a child process): watch until the table ends their connection
    (the host's crash); how many hands each saw goes to `out`."""
    async def run() -> list[int]:
        watchers = [Client(VICTIM, port, name=f"w{i}", autoplay=None, watch=True,
                           handshake_timeout=30) for i in range(count)]
        await asyncio.gather(*(w.run() for w in watchers), return_exceptions=True)
        return [w.stats.hands_played for w in watchers]

    out.put(asyncio.run(run()))


async def soak(hands: int, folder: str) -> dict[str, Any]:
    """4 players and 8 spectators for `hands` hands while an attacker bursts frames; player 0's
    line is cut mid-match and its client comes back by itself; then the host dies mid-hand and
    is resumed from its save on the same port, the players' clients coming back by themselves."""
    save = os.path.join(folder, "soak.save.json")
    config = HostConfig(ruleset="mazhan", name="soak", address=VICTIM, seats=["open"] * 4,
                        hands=hands, start_after=30, per_address=16, save_every=0.0,
                        options={"hands": hands, "bust_ends": False})
    config.save_path = Path(save)
    host = Host(config)
    arrivals: list[tuple[float, dict[str, int]]] = []
    host.on_action = lambda at, seqs: arrivals.append((at, seqs))
    await host.start()
    config.port = host.port
    players = [Client(VICTIM, host.port, name=f"p{i}", seed=i, trace=True, reconnect=True)
               for i in range(4)]
    spawn = multiprocessing.get_context("spawn")
    # The spectators, like the attacker, are a process of their own (other machines on a
    # real LAN): in this one they would queue behind the host for the interpreter.
    watched = spawn.Queue()
    watching = spawn.Process(target=_watch, args=(host.port, 8, watched), daemon=True)
    # The attacker is a process of its own, as it would be another machine: a thread here
    # would take the host's interpreter lock from it.
    stop = spawn.Event()
    sent = spawn.Value("i", 0)
    attacker = spawn.Process(target=_burst, args=(host.port, stop, sent), daemon=True)
    attacker.start()
    watching.start()
    runs = [asyncio.create_task(c.run()) for c in players]
    first = asyncio.create_task(host.run())
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 600
    while host.hands_done < hands // 3 and not first.done() and loop.time() < deadline:
        await asyncio.sleep(0.01)
    # Latency is measured up to here, then again on the resumed host once everyone is back
    # (after a reconnect a client's sequence numbers restart).
    applied = [dict(c.stats.applied_at) for c in players]
    measured = list(arrivals)
    attack_measured = sent.value
    host.cut(0)  # player 0's line drops
    while host.hands_done < 2 * hands // 3 and not first.done() and loop.time() < deadline:
        await asyncio.sleep(0.01)
    while ((host.match.hand_over or len(host.match.actions) < 10) and not first.done()
           and loop.time() < deadline):
        await asyncio.sleep(0.001)  # crash mid-hand, not between hands
    first.cancel()
    host.crash()
    cut_at = (host.hands_done, len(host.match.actions))
    saved = read_save(Path(save))
    again = Host(config, saved=saved)
    resumed: list[tuple[float, dict[str, int]]] = []
    again.on_action = lambda at, seqs: resumed.append((at, seqs))
    for c in players:
        c.stats.applied_at.clear()
    await again.start()
    attack_before = sent.value
    summary = await asyncio.wait_for(again.run(), 600)
    attack_measured += sent.value - attack_before
    stop.set()
    results = await asyncio.gather(*runs, return_exceptions=True)
    await asyncio.to_thread(attacker.join, 30)
    if attacker.is_alive():  # bounded: it is ended by its own id
        attacker.terminate()
    try:
        seen: list[int] = await asyncio.to_thread(watched.get, True, 60)
    except queue.Empty:  # no answer: reported as no spectator at all
        seen = []
    await asyncio.to_thread(watching.join, 30)
    if watching.is_alive():
        watching.terminate()
    await again.close()
    stats = [c.stats for c in players]
    delays = delays_ms(measured, {c.name: applied[i] for i, c in enumerate(players)})
    first_host = len(delays)
    # Only actions after every player was back on the new host (the others are left out).
    delays = sorted(delays + delays_ms(resumed, {c.name: c.stats.applied_at for c in players}))
    return {
        "hands": summary["hands"], "actions_measured": len(delays),
        "actions_measured_first_host": first_host,
        "host_cut_at_hand_action": cut_at,
        "resumed_mid_hand": saved.current is not None and bool(saved.current.actions),
        "players_finished": sum(not isinstance(r, BaseException) for r in results[:4]),
        "player_reconnects": [s.reconnects for s in stats],
        "desyncs": sum(s.desyncs for s in stats),
        "same_final_scores": all(s.final_scores == summary["final_scores"] for s in stats),
        "wall_problems": sum(len(s.wall_problems) for s in stats),
        "wall_problem_texts": sorted({p for s in stats for p in s.wall_problems})[:4],
        "spectators_to_the_crash": sum(n >= hands // 3 for n in seen),
        "attack_connections": sent.value,
        "attack_connections_while_measured": attack_measured,
        "p99_ms": round(p99(delays), 2) if delays else None,
        "p50_ms": round(statistics.median(delays), 2) if delays else None,
    }


def _soak_runs(hands: int, runs: int) -> dict[str, Any]:
    """The soak `runs` times, each in a private network namespace of its own (`unshare --net`,
    root only: only a loopback interface exists there, so nothing can leave the machine)."""
    results = [_in_namespace(["soak", "--hands", str(hands)])["soak"] for _ in range(runs)]
    p99 = [r["p99_ms"] for r in results if r["p99_ms"] is not None]
    return {
        "runs": results,
        "namespace": "unshare --net (lo only)",
        "desyncs": sum(r["desyncs"] for r in results),
        "all_hands_played": all(r["hands"] == hands for r in results),
        "all_same_final_scores": all(r["same_final_scores"] for r in results),
        "wall_problems": sum(r["wall_problems"] for r in results),
        "p99_ms_per_run": p99,
        "p99_ms_worst": max(p99) if p99 else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/lan_attack.py", description=__doc__)
    parser.add_argument("scenario", choices=["honest", "trickle", "slots", "nonreader", "bomb",
                                             "codes", "soak", "votes", "autos"])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--every", type=float, default=1.0)
    parser.add_argument("--limit", type=float, default=8.0)
    parser.add_argument("--frame", type=int, default=60_000)
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--runs", type=int, default=1,
                        help="soak: how many runs, each in a fresh network namespace")
    parser.add_argument("--waves", type=int, default=3)
    parser.add_argument("--here", action="store_true",
                        help="soak, nonreader: run in this process's network (no namespace)")
    args = parser.parse_args(argv)
    if args.scenario == "soak" and not args.here:
        print(json.dumps({"soak": _soak_runs(min(args.hands, 200), max(1, min(args.runs, 10)))}))
        return 0
    if args.scenario == "nonreader" and not args.here:
        # Small kernel send buffers (this namespace's own), so a backlog fills in seconds.
        print(json.dumps(_in_namespace(
            ["nonreader", "--count", str(args.count), "--waves", str(args.waves)],
            "sysctl -qw net.ipv4.tcp_wmem='4096 16384 65536' && ")))
        return 0
    resource.setrlimit(resource.RLIMIT_NOFILE, (4096, 4096))
    run: dict[str, Any] = {
        "honest": lambda: honest(args.hands),
        "trickle": lambda: trickle(args.every, args.limit),
        "slots": lambda: slots(min(args.count, 200)),
        "nonreader": lambda: nonreader(min(args.count, 200), max(1, min(args.waves, 10))),
        "bomb": lambda: bomb(args.hands, args.frame, min(args.frames, 1000)),
        "codes": lambda: codes(min(args.seconds, 30.0)),
        "autos": lambda: autos(args.hands, min(args.count, 150)),
        "votes": lambda: votes(min(args.hands, 8), min(args.count, 200)),
        "soak": lambda: soak(min(args.hands, 200), tempfile.mkdtemp(prefix="lan-soak-")),
    }
    print(json.dumps({args.scenario: asyncio.run(run[args.scenario]())}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
