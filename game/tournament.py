"""`mahjong tournament` (CONTRACTS §6): bot strength measured with duplicate deals.

Each deal is one shuffled wall, played four times with the bots rotated one seat further each
time, so every bot sits once in every seat over the same tiles and luck of the deal cancels out.
A deal is one hand: East deals, stake 1 (Mazhan points, M21) or 1 gold per flower (Nanjing, N10).
Means are per hand per seat; the 95% intervals treat each deal (its four rotations averaged) as
one independent sample, which is what duplicate play makes them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.argparsing import UsageError, run_command
from game.bots import LEVELS, make_bot
from game.engine import Hand, Phase
from game.errors import BadOption
from game.rules.registry import NAMES, make_ruleset, options_from_args
from game.simulate import progress_printer
from game.tiles import full_set
from game.view import seat_view

StartHook = Callable[[int, int, Hand], None]
"""Called with (deal, rotation, hand) just after each hand is dealt (tests read it)."""


def deal_order(seed: int, deal: int) -> tuple[list[int], int]:
    """The wall's draw order and the hand's own seed for deal number `deal`."""
    rng = random.Random(f"tournament:{seed}:{deal}")
    order = full_set()
    rng.shuffle(order)
    return order, rng.getrandbits(64)


def play_deal(
    ruleset: str,
    seed: int,
    deal: int,
    levels: Sequence[str],
    rotation: int,
    on_start: StartHook | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[int]:
    """Play deal `deal` with player p (level `levels[p]`) in seat (p + rotation) % 4; return
    each player's score change."""
    order, hand_seed = deal_order(seed, deal)
    # results are per unit stake: options that set the stake (gold per flower) or act between
    # hands (table fee, match end) have no effect on a single duplicate deal
    hand = Hand(make_ruleset(ruleset, options), random.Random(hand_seed), stake=1,
                draw_order=order)
    hand.start()
    if on_start is not None:
        on_start(deal, rotation, hand)
    seat_player = [(s - rotation) % 4 for s in range(4)]
    # A bot's seed depends on the deal and the player, not the seat: the rotations differ only
    # in where each bot sits.
    bots = [make_bot(levels[p], random.Random(f"bot:{seed}:{deal}:{p}").getrandbits(32))
            for p in range(4)]
    players = (0, 1, 2, 3)
    names = tuple(levels)
    zero = (0, 0, 0, 0)
    steps = 0
    while hand.phase is not Phase.OVER:
        seat = hand.to_act()[0]
        view = seat_view(hand, seat, hand_no=deal + 1, scores=zero, players=players,
                         names=names)
        hand.apply(seat, bots[seat_player[seat]].choose(view))
        steps += 1
        if steps > 5000:
            raise RuntimeError("a tournament hand did not end")
    assert hand.result is not None
    deltas = hand.result.deltas
    return [deltas[(p + rotation) % 4] for p in range(4)]


def _interval(samples: Sequence[float]) -> tuple[float, list[float]]:
    """Mean and a normal-approximation 95% interval."""
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, [mean, mean]
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, [mean - half, mean + half]


def _rounded(mean: float, ci: list[float]) -> tuple[float, list[float]]:
    return round(mean, 3), [round(ci[0], 3), round(ci[1], 3)]


def run_tournament(
    ruleset: str,
    hands: int,
    levels: Sequence[str],
    seed: int,
    progress: Callable[[int, int], None] | None = None,
    on_start: StartHook | None = None,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play `hands` duplicate deals (each four times) and summarise per level and per pair."""
    distinct = sorted(set(levels), key=lambda lv: -LEVELS.index(lv))
    per_deal: dict[str, list[float]] = {lv: [] for lv in distinct}
    began = time.perf_counter()
    for deal in range(hands):
        totals = dict.fromkeys(distinct, 0.0)
        for rotation in range(4):
            for player, delta in enumerate(play_deal(ruleset, seed, deal, levels, rotation,
                                                     on_start, options)):
                totals[levels[player]] += delta
        for lv in distinct:
            per_deal[lv].append(totals[lv] / (4 * levels.count(lv)))
        if progress:
            progress(deal + 1, hands)
    per_level: dict[str, Any] = {}
    for lv in distinct:
        mean, ci = _rounded(*_interval(per_deal[lv]))
        per_level[lv] = {"mean": mean, "ci95": ci}
    pairs: dict[str, Any] = {}
    for i, a in enumerate(distinct):
        for b in distinct[i + 1 :]:
            diffs = [x - y for x, y in zip(per_deal[a], per_deal[b], strict=True)]
            mean, ci = _rounded(*_interval(diffs))
            pairs[f"{a}-{b}"] = {"mean_diff": mean, "ci95": ci}
    return {
        "ruleset": ruleset,
        "hands": hands,
        "seats": list(levels),
        "seed": seed,
        "unit": "points" if ruleset == "mazhan" else "gold",
        "per_level": per_level,
        "pairs": pairs,
        "hands_played": 4 * hands,
        "seconds": round(time.perf_counter() - began, 1),
        "options": make_ruleset(ruleset, options).options,
    }


MAX_DEALS = 100_000
"""More deals than anyone waits for (each is played four times); larger asks are refused."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of `mahjong tournament` (CONTRACTS §6); `run` checks their values."""
    p.description = ("Duplicate bot tournament: each deal is replayed with the seats rotated "
                     "over the same wall.")
    p.add_argument("--ruleset", default="mazhan", help=f"one of {', '.join(NAMES)}")
    p.add_argument("--hands", default="200",
                   help=f"deals to play, 1 to {MAX_DEALS:,} (each is played four times)")
    p.add_argument("--seats", default="hard,normal,normal,normal",
                   help=f"four bot levels, comma separated ({', '.join(LEVELS)})")
    p.add_argument("--seed", default="0", help="the seed of the first deal's wall")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a table option of the ruleset (repeatable), e.g. gold=5")


def _checked(args: argparse.Namespace) -> argparse.Namespace:
    """The parsed flags with their values checked and converted; UsageError if one is bad."""
    if args.ruleset not in NAMES:
        raise UsageError(f"unknown ruleset {args.ruleset!r} (choose {', '.join(NAMES)})")
    try:
        args.option = options_from_args(args.ruleset, args.option)
    except BadOption as exc:
        raise UsageError(str(exc)) from None
    for name in ("hands", "seed"):
        try:
            setattr(args, name, int(getattr(args, name)))
        except ValueError:
            raise UsageError(f"--{name} must be a whole number, not "
                             f"{getattr(args, name)!r}") from None
    if not 1 <= args.hands <= MAX_DEALS:
        raise UsageError(f"--hands must be at least 1 and at most {MAX_DEALS:,} deals")
    seats = [s.strip().lower() for s in args.seats.split(",")]
    if len(seats) != 4:
        raise UsageError(f"--seats needs four levels, e.g. hard,normal,normal,normal; "
                         f"got {len(seats)}")
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise UsageError(f"unknown bot level {unknown[0]!r} (choose {', '.join(LEVELS)})")
    args.seats = seats
    return args


def main(argv: list[str]) -> int:
    """Entry point of `mahjong tournament` on its own; returns the exit status."""
    return run_command("tournament", add_arguments, run, argv)


def run(parsed: argparse.Namespace) -> int:
    """`mahjong tournament`: play the deals, print the summary; UsageError for a bad value."""
    args = _checked(parsed)
    progress = progress_printer(args.hands)
    try:
        result = run_tournament(args.ruleset, args.hands, args.seats, args.seed,
                                progress=progress, options=args.option)
    finally:
        progress.close()  # end the bar's line whatever happens (Ctrl-C included)
    if args.json:
        print(json.dumps(result))
        return 0
    unit = result["unit"]
    print(f"{result['ruleset']}: {args.hands} deals × 4 rotations, seats {','.join(args.seats)}")
    for lv, row in result["per_level"].items():
        lo, hi = row["ci95"]
        print(f"  {lv:<8} {row['mean']:>9.2f} {unit}/hand   95% [{lo:.2f}, {hi:.2f}]")
    for pair, row in result["pairs"].items():
        lo, hi = row["ci95"]
        print(f"  {pair:<14} {row['mean_diff']:>+9.2f}   95% [{lo:.2f}, {hi:.2f}]")
    return 0
