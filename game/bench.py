"""`mahjong bench`: the project's own speed measurements (CONTRACTS §5)."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any

from game.bots import make_bot
from game.shapes import bench_is_win, bench_waits
from game.simulate import run_match


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


def measure(quick: bool) -> dict[str, Any]:
    n = 20_000 if quick else 200_000
    hands = {"random": 30 if quick else 300, "normal": 15 if quick else 100}
    out: dict[str, Any] = {
        "win_checks_per_s": round(bench_is_win(n, 1)),
        "waits_hands_per_s": round(bench_waits(n // 4, 2)),
        "hands_per_s": {},
        "bot_decision_ms": {},
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


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="mahjong bench", description="Measure the engine's speed.")
    p.add_argument("--quick", action="store_true", help="a smaller run, within 30 seconds")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    began = time.perf_counter()
    out = measure(args.quick)
    out["seconds"] = round(time.perf_counter() - began, 1)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{'win checks / s':<34}{out['win_checks_per_s']:>12,}")
    print(f"{'waits (hands / s)':<34}{out['waits_hands_per_s']:>12,}")
    for ruleset, levels in out["hands_per_s"].items():
        for level, rate in levels.items():
            print(f"{'hands / s ' + ruleset + ' ' + level:<34}{rate:>12,.1f}")
    for level, t in out["bot_decision_ms"].items():
        print(f"{'bot decision ms ' + level:<34}{t['median']:>6} median {t['p99']:>6} p99")
    print(f"{'python':<34}{out['python']:>12}")
    sys.stdout.flush()
    return 0
