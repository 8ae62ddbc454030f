"""Paired duplicate-deal comparison of two bots against the same opponent (issue 15).

`A,opp,A,opp` and `B,opp,B,opp` play the same deals (same walls, same bot seeds); per deal the
difference (B's seats less A's, each against `opp`) gives B's gain over A with a 95% interval
far narrower than two separate tournaments' (docs/bots.md, "Mazhan, fourth pass").

    uv run python tools/paired.py --ruleset nanjing --deals 300 --seed 7 \\
        --a expert --b file:PATH.py:Variant --opp hard [--jobs 2] [--out results.json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from game.tournament import play_deal


def deal_margin(ruleset: str, seed: int, deal: int, bot: str, opp: str) -> float:
    """Mean over the four rotations of (bot's two seats − opp's two seats) / 2, per hand."""
    levels = [bot, opp, bot, opp]
    total = 0.0
    for rotation in range(4):
        d = play_deal(ruleset, seed, deal, levels, rotation)
        total += (d[0] + d[2] - d[1] - d[3]) / 2
    return total / 4


def _pair(args: tuple[str, int, int, str, str, str]) -> tuple[float, float]:
    ruleset, seed, deal, a, b, opp = args
    return deal_margin(ruleset, seed, deal, a, opp), deal_margin(ruleset, seed, deal, b, opp)


def interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ruleset", default="nanjing")
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--first", type=int, default=0, help="first deal number")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--a", default="expert")
    p.add_argument("--b", required=True)
    p.add_argument("--opp", default="hard")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    tasks = [(args.ruleset, args.seed, d, args.a, args.b, args.opp)
             for d in range(args.first, args.first + args.deals)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            pairs = list(pool.map(_pair, tasks, chunksize=4))
    else:
        pairs = [_pair(t) for t in tasks]
    a = [x for x, _ in pairs]
    b = [y for _, y in pairs]
    diff = [y - x for x, y in pairs]
    changed = sum(1 for x in diff if abs(x) > 1e-9)
    out = {"ruleset": args.ruleset, "seed": args.seed, "deals": len(pairs),
           "a": args.a, "b": args.b, "opp": args.opp,
           "a_minus_opp": interval(a), "b_minus_opp": interval(b),
           "b_minus_a": interval(diff), "changed": changed}
    if args.out is not None:
        args.out.write_text(json.dumps(out | {"pairs": pairs}))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
