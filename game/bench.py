"""`mahjong bench`: the project's own speed measurements (CONTRACTS §5)."""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from game.argparsing import run_command
from game.bots import make_bot
from game.shapes import is_win, waits
from game.shapes.keys import _SUIT_SLICES as SUIT_SLICES
from game.shapes.wins import _shape as shape_of_suit
from game.simulate import run_match

# --- the shape checks: seeded hands, timed in passes ---------------------------------------

_Check = Callable[[Sequence[int], int], object]


def random_winning(rng: random.Random, sets: int) -> list[int] | None:
    counts = [0] * 34
    pair = rng.randrange(34)
    counts[pair] += 2
    for _ in range(sets):
        if rng.random() < 0.5:
            suit = rng.randrange(3)
            start = suit * 9 + rng.randrange(7)
            for j in range(start, start + 3):
                counts[j] += 1
        else:
            counts[rng.randrange(34)] += 3
    return counts if max(counts) <= 4 else None


def _random_hands(
    n: int, seed: int, tiles: int, winning_share: float
) -> list[tuple[list[int], int]]:
    """Seeded (counts, wilds) hands of `tiles` tiles with 0-3 wilds; part are built to win."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands: list[tuple[list[int], int]] = []
    while len(hands) < n:
        wilds = rng.randrange(4)
        if rng.random() < winning_share:
            counts = random_winning(rng, 5)
            if counts is None:
                continue
            held = [k for k in range(34) for _ in range(counts[k])]
            for kind in rng.sample(held, 17 - tiles + wilds):
                counts[kind] -= 1  # the wilds stand in for these (and one more may be gone)
        else:
            counts = [0] * 34
            for kind in rng.sample(wall, tiles - wilds):
                counts[kind] += 1
        hands.append((counts, wilds))
    return hands


def _best_rate(hands: list[tuple[list[int], int]], check: _Check) -> float:
    """Calls per second over `hands`: one warm-up pass, then the best of three timed passes.

    The tables live as long as the process, so steady state is what a game sees; the best pass
    is the one least disturbed by other work on the machine.
    """
    for counts, wilds in hands:
        check(counts, wilds)
    best = 0.0
    for _ in range(3):
        began = time.perf_counter()
        for counts, wilds in hands:
            check(counts, wilds)
        elapsed = time.perf_counter() - began
        best = max(best, len(hands) / elapsed if elapsed > 0 else float("inf"))
    return best


def bench_is_win(n: int, seed: int) -> float:
    """`is_win` checks per second on n seeded 17-tile hands with 0-3 wilds, half built to win."""
    return _best_rate(_random_hands(n, seed, 17, 0.5), is_win)


def plain_table_is_win(counts: Sequence[int], wilds: int = 0) -> bool:
    """The reference `is_win` is measured against: the same per-suit table read plainly, one
    (cost, pair change) lookup per suit and the sum worked out in Python."""
    key = bytes(counts)
    total = 0
    pair = 3
    for lo, hi in SUIT_SLICES:
        cost, change = shape_of_suit(key[lo:hi])
        total += cost
        pair = min(pair, change)
    need = total + pair
    return need <= wilds and (wilds - need) % 3 == 0


def bench_win_against_plain(n: int, seed: int, rounds: int = 5) -> tuple[float, float]:
    """(`is_win`, `plain_table_is_win`) checks per second on the hands `bench_is_win` uses,
    timed in alternating passes (best of `rounds` each), so load on the machine hits both."""
    hands = _random_hands(n, seed, 17, 0.5)
    best = [0.0, 0.0]
    checks: tuple[_Check, _Check] = (is_win, plain_table_is_win)
    for counts, wilds in hands:  # warm-up: both read the same tables
        is_win(counts, wilds)
    for _ in range(rounds):
        for i, check in enumerate(checks):
            began = time.perf_counter()
            for counts, wilds in hands:
                check(counts, wilds)
            elapsed = time.perf_counter() - began
            best[i] = max(best[i], len(hands) / elapsed if elapsed > 0 else float("inf"))
    return best[0], best[1]


def bench_waits(n: int, seed: int) -> float:
    """`waits` calls per second on n seeded 16-tile hands with 0-3 wilds, half of them ready."""
    return _best_rate(_random_hands(n, seed, 16, 0.5), waits)



# --- whole matches ------------------------------------------------------------------------


def hands_per_second(ruleset: str, level: str, hands: int, seed: int = 1) -> float:
    """Complete hands per second of bot play; bust is off so a match runs its length."""
    options = {"bust_ends": False} if ruleset == "mazhan" else {}
    result = run_match(ruleset, hands, seed, level, options)
    return result.hands / result.seconds


def bot_decision_times(ruleset: str, level: str, decisions: int, seed: int = 3) -> dict[str, float]:
    """Median and p99 milliseconds of one bot's decision, over real positions of bot play."""
    from game.match import Match

    match = Match(ruleset, seed, {"hands": 10_000} | ({"bust_ends": False}
                                                     if ruleset == "mazhan" else {}))
    bot = make_bot(level, seed)
    times: list[float] = []
    while len(times) < decisions:
        match.start_hand()
        while not match.hand_over and len(times) < decisions:
            seat = match.to_act()[0]
            view = match.view(seat)
            began = time.perf_counter()
            action = bot.choose(view)
            times.append((time.perf_counter() - began) * 1000)
            match.apply(seat, action)
        if not match.hand_over:
            break
    times.sort()
    return {"median": round(statistics.median(times), 3),
            "p99": round(times[int(len(times) * 0.99) - 1], 3)}


def cost_per_hand_ms(hands: int, ruleset: str = "mazhan", level: str = "random",
                     seed: int = 5) -> float:
    """CPU milliseconds per hand over a run of `hands` hands (random bots: the engine's own
    cost). Measured first in a fresh process, the short run shows what cold tables cost."""
    options = {"bust_ends": False} if ruleset == "mazhan" else {}
    began = time.process_time()
    result = run_match(ruleset, hands, seed, level, options)
    return (time.process_time() - began) * 1000 / result.hands


_PEAK_CHILD = """
import sys, tracemalloc, resource
tracemalloc.start()
from game.simulate import run_match
ruleset, level, hands, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
run_match(ruleset, hands, seed, level, {"bust_ends": False} if ruleset == "mazhan" else {})
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:  # Linux keeps ru_maxrss across exec (the parent's peak): VmHWM is this process's own
    with open("/proc/self/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration, ValueError):
    pass
print(tracemalloc.get_traced_memory()[1], rss)
"""


def peak_memory_kb(hands: int, ruleset: str = "mazhan", level: str = "random",
                   seed: int = 6) -> dict[str, int]:
    """Peak memory of a headless match of `hands` hands in a fresh process, in KiB: what
    Python allocated (tracemalloc, the imports and tables included) and the peak RSS."""
    out = subprocess.run([sys.executable, "-c", _PEAK_CHILD, ruleset, level, str(hands),
                          str(seed)], check=True, capture_output=True, text=True)
    traced, rss = out.stdout.split()
    return {"traced": int(traced) // 1024, "rss": int(rss)}


def measure(quick: bool) -> dict[str, Any]:
    n = 20_000 if quick else 200_000
    lengths = (100, 1000) if quick else (100, 1000, 5000)
    # first, while the shape tables are as a fresh process has them
    per_hand = {str(length): round(cost_per_hand_ms(length), 3) for length in lengths}
    hands = ({"random": 30, "easy": 15, "normal": 15, "hard": 6, "expert": 2} if quick
             else {"random": 300, "easy": 100, "normal": 100, "hard": 30, "expert": 10})
    ours, plain = bench_win_against_plain(n // 2, 1)
    out: dict[str, Any] = {
        "win_checks_per_s": round(bench_is_win(n, 1)),
        "win_checks_vs_plain_table": {"is_win": round(ours), "plain": round(plain),
                                      "ratio": round(ours / plain, 2)},
        "waits_hands_per_s": round(bench_waits(n // 4, 2)),
        "hands_per_s": {},
        "bot_decision_ms": {},
        "cost_per_hand_ms": per_hand,
        "peak_memory_kb": {str(length): peak_memory_kb(length)
                           for length in ((1000,) if quick else (1000, 5000))},
        "python": platform.python_version(),
        "quick": quick,
    }
    for ruleset in ("mazhan", "nanjing"):
        out["hands_per_s"][ruleset] = {
            level: round(hands_per_second(ruleset, level, count), 1)
            for level, count in hands.items()
        }
    for level in ("easy", "normal", "hard", "expert"):
        # the slower of the two rulesets, so the figure holds for both
        times = [bot_decision_times(ruleset, level, 200 if quick else 3000)
                 for ruleset in ("mazhan", "nanjing")]
        out["bot_decision_ms"][level] = max(times, key=lambda t: t["p99"])
    return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of `mahjong bench` (CONTRACTS §5)."""
    p.description = "Measure the engine's speed."
    p.add_argument("--quick", action="store_true", help="a smaller run, within 30 seconds")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def main(argv: list[str]) -> int:
    """`mahjong bench ARGS` on its own; returns the exit status."""
    return run_command("bench", add_arguments, run, argv)


def run(args: argparse.Namespace) -> int:
    """`mahjong bench`: measure, then print a table or one JSON object."""
    began = time.perf_counter()
    out = measure(args.quick)
    out["seconds"] = round(time.perf_counter() - began, 1)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{'win checks / s':<34}{out['win_checks_per_s']:>12,}")
    vs = out["win_checks_vs_plain_table"]
    print(f"{'  vs a plain per-suit table check':<34}{vs['ratio']:>11}x "
          f"({vs['is_win']:,} against {vs['plain']:,} in alternating passes)")
    print(f"{'waits (hands / s)':<34}{out['waits_hands_per_s']:>12,}")
    for ruleset, levels in out["hands_per_s"].items():
        for level, rate in levels.items():
            print(f"{'hands / s ' + ruleset + ' ' + level:<34}{rate:>12,.1f}")
    for length, ms in out["cost_per_hand_ms"].items():
        print(f"{'ms / hand over ' + length + ' hands':<34}{ms:>12,.3f}")
    for length, kb in out["peak_memory_kb"].items():
        print(f"{'peak KiB, ' + length + '-hand run':<34}{kb['traced']:>12,} traced "
              f"{kb['rss']:>8,} RSS")
    for level, t in out["bot_decision_ms"].items():
        print(f"{'bot decision ms ' + level:<34}{t['median']:>6} median {t['p99']:>6} p99")
    print(f"{'python':<34}{out['python']:>12}")
    sys.stdout.flush()
    return 0
