"""Paired duplicate-deal comparison of two bots against the same opponent (issue 15).

`A,opp,A,opp` and `B,opp,B,opp` play the same deals (same walls, same bot seeds); per deal the
difference (B's seats less A's, each against `opp`) gives B's gain over A with a 95% interval
far narrower than two separate tournaments' (docs/bots-notes.md, "Mazhan, fourth pass").

    uv run python tools/paired.py --ruleset nanjing --deals 300 --seed 7 \\
        --a expert --b file:PATH.py:Variant --opp hard [--jobs 2] [--out results.json]

With `--field`, each bot sits alone among three of `opp` (`A,opp,opp,opp`, four rotations):
a bot's margin is its seat less the mean of the three opponents' seats, per hand (issue 30:
expert and hard each against three baselines, on the same deals).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.tournament import BotMaker, StartHook, play_deal


def deal_margin(ruleset: str, seed: int, deal: int, bot: str, opp: str,
                make: BotMaker = make_bot, on_start: StartHook | None = None) -> float:
    """Mean over the four rotations of (bot's two seats − opp's two seats) / 2, per hand."""
    levels = [bot, opp, bot, opp]
    total = 0.0
    for rotation in range(4):
        d = play_deal(ruleset, seed, deal, levels, rotation, on_start, make=make)
        total += (d[0] + d[2] - d[1] - d[3]) / 2
    return total / 4


def field_margin(ruleset: str, seed: int, deal: int, bot: str, opp: str,
                 make: BotMaker = make_bot, on_start: StartHook | None = None) -> float:
    """Mean over the four rotations of (bot's seat − the mean of three opp seats), per hand."""
    levels = [bot, opp, opp, opp]
    total = 0.0
    for rotation in range(4):
        d = play_deal(ruleset, seed, deal, levels, rotation, on_start, make=make)
        total += d[0] - (d[1] + d[2] + d[3]) / 3
    return total / 4


def _pair(args: tuple[str, int, int, str, str, str, bool], make: BotMaker = make_bot,
          on_start: StartHook | None = None) -> tuple[float, float]:
    ruleset, seed, deal, a, b, opp, field = args
    margin = field_margin if field else deal_margin
    return (margin(ruleset, seed, deal, a, opp, make, on_start),
            margin(ruleset, seed, deal, b, opp, make, on_start))


def interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval."""
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--ruleset", default="nanjing")
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--first", type=int, default=0, help="first deal number")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--a", default="expert")
    p.add_argument("--opp", default="hard")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path)
    p.add_argument("--field", action="store_true",
                   help="each bot alone among three of --opp (A,opp,opp,opp)")
    return p


def compare(args: argparse.Namespace, make: BotMaker = make_bot,
            on_start: StartHook | None = None) -> dict[str, Any]:
    """Play the comparison `args` asks for; print and return its summary (`make` and
    `on_start` must be picklable for `--jobs` above 1: module-level functions)."""
    field = bool(getattr(args, "field", False))
    tasks = [(args.ruleset, args.seed, d, args.a, args.b, args.opp, field)
             for d in range(args.first, args.first + args.deals)]
    pair = partial(_pair, make=make, on_start=on_start)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            pairs = list(pool.map(pair, tasks, chunksize=4))
    else:
        pairs = [pair(t) for t in tasks]
    a = [x for x, _ in pairs]
    b = [y for _, y in pairs]
    diff = [y - x for x, y in pairs]
    changed = sum(1 for x in diff if abs(x) > 1e-9)
    out = {"ruleset": args.ruleset, "seed": args.seed, "deals": len(pairs),
           "a": args.a, "b": args.b, "opp": args.opp, "field": field,
           "a_minus_opp": interval(a), "b_minus_opp": interval(b),
           "b_minus_a": interval(diff), "changed": changed}
    if args.out is not None:
        args.out.write_text(json.dumps(out | {"pairs": pairs}))
    print(json.dumps(out))
    return out


def main(argv: list[str]) -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--b", required=True)
    compare(p.parse_args(argv))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
