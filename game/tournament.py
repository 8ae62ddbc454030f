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
from game.bots import (
    FILE_PREFIX,
    LEVELS,
    Bot,
    BotLoadError,
    load_bot_class,
    make_bot,
    parse_file_spec,
)
from game.engine import Hand, Phase
from game.errors import BadOption
from game.rules.registry import NAMES, make_ruleset, options_from_args
from game.simulate import progress_printer
from game.tiles import full_set
from game.view import seat_view

StartHook = Callable[[int, int, Hand], None]
"""Called with (deal, rotation, hand) just after each hand is dealt (tests read it)."""
BotMaker = Callable[[str, int], Bot]
"""Builds the bot of a level with its seed (`make_bot`, unless a tool brings its own)."""


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
    make: BotMaker = make_bot,
) -> list[int]:
    """Play deal `deal` with player p (level `levels[p]`) in seat (p + rotation) % 4; return
    each player's score change."""
    hand = play_deal_hand(ruleset, seed, deal, levels, rotation, on_start, options, make)
    assert hand.result is not None
    deltas = hand.result.deltas
    return [deltas[(p + rotation) % 4] for p in range(4)]


def play_deal_hand(
    ruleset: str,
    seed: int,
    deal: int,
    levels: Sequence[str],
    rotation: int,
    on_start: StartHook | None = None,
    options: Mapping[str, Any] | None = None,
    make: BotMaker = make_bot,
) -> Hand:
    """Play deal `deal` as `play_deal` does and return the finished hand. `make(level, seed)`
    builds each bot, after `on_start` has seen the hand (`tools/ceiling.py` makes bots there
    that read the whole table)."""
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
    bots = [make(levels[p], random.Random(f"bot:{seed}:{deal}:{p}").getrandbits(32))
            for p in range(4)]
    players = (0, 1, 2, 3)
    names = tuple(label(lv) for lv in levels)
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
    return hand


def label(level: str) -> str:
    """How a seat's bot is named in the summary: its level, or a file bot's class name."""
    if level.startswith(FILE_PREFIX):
        return parse_file_spec(level)[1]
    return level


_STAT_KEYS = ("hands", "wins", "self_draws", "deal_ins", "win_value", "open", "kong_money")


def _hand_stats(hand: Hand, seat: int) -> dict[str, int]:
    """One seat's counts for the per-level statistics of one finished hand."""
    result = hand.result
    assert result is not None
    wins = dict(result.wins)
    won = seat in wins
    melds = hand.public()[1][seat]
    kong = sum(p.amount for p in result.payments if p.key.startswith("kong_") and p.payee == seat)
    kong -= sum(p.amount for p in result.payments
                if p.key.startswith("kong_") and p.payer == seat)
    return {
        "hands": 1,
        "wins": int(won),
        "self_draws": int(won and result.how == "self_draw"),
        "deal_ins": int(bool(wins) and result.discarder == seat and result.how != "self_draw"),
        "win_value": wins[seat].total if won else 0,
        "open": int(any(m.source is not None for m in melds)),
        "kong_money": kong,
    }


def _summary_stats(ruleset: str, c: dict[str, int]) -> dict[str, Any]:
    hands = max(1, c["hands"])
    out: dict[str, Any] = {
        "win_rate": round(c["wins"] / hands, 4),
        "deal_in_rate": round(c["deal_ins"] / hands, 4),
        "avg_win_value": round(c["win_value"] / c["wins"], 2) if c["wins"] else None,
        "self_draw_share": round(c["self_draws"] / c["wins"], 4) if c["wins"] else None,
        "open_hand_rate": round(c["open"] / hands, 4),
    }
    if ruleset == "nanjing":
        out["kong_money_per_hand"] = round(c["kong_money"] / hands, 3)
    return out


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
    """Play `hands` duplicate deals (each four times) and summarise per level and per pair.

    `levels` are level names or `file:PATH.py:ClassName` specs; the summary names a file bot
    by its class name. Besides the mean result each level gets its win rate, deal-in rate,
    average winning value (Mazhan M17 points, Nanjing N6 flowers), self-draw share of its wins,
    open-hand rate (a claimed set at the end) and, in Nanjing, net kong money per hand (N11).
    """
    names = [label(lv) for lv in levels]
    built_in = [n for n in LEVELS if n in names]
    distinct = sorted(built_in, key=lambda lv: -LEVELS.index(lv))
    distinct += [n for n in dict.fromkeys(names) if n not in LEVELS]
    per_deal: dict[str, list[float]] = {lv: [] for lv in distinct}
    counts = {lv: dict.fromkeys(_STAT_KEYS, 0) for lv in distinct}
    began = time.perf_counter()
    for deal in range(hands):
        totals = dict.fromkeys(distinct, 0.0)
        for rotation in range(4):
            hand = play_deal_hand(ruleset, seed, deal, levels, rotation, on_start,
                                  options)
            assert hand.result is not None
            for player in range(4):
                seat = (player + rotation) % 4
                totals[names[player]] += hand.result.deltas[seat]
                for key, value in _hand_stats(hand, seat).items():
                    counts[names[player]][key] += value
        for lv in distinct:
            per_deal[lv].append(totals[lv] / (4 * names.count(lv)))
        if progress:
            progress(deal + 1, hands)
    per_level: dict[str, Any] = {}
    for lv in distinct:
        mean, ci = _rounded(*_interval(per_deal[lv]))
        per_level[lv] = {"mean": mean, "ci95": ci} | _summary_stats(ruleset, counts[lv])
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
                   help=f"four bot levels, comma separated ({', '.join(LEVELS)}), or a bot "
                         "class from a file: file:PATH.py:ClassName")
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
    seats = [s.strip() for s in args.seats.split(",")]
    seats = [s if s.startswith(FILE_PREFIX) else s.lower() for s in seats]
    if len(seats) != 4:
        raise UsageError(f"--seats needs four levels, e.g. hard,normal,normal,normal; "
                         f"got {len(seats)}")
    unknown = [s for s in seats if s not in LEVELS and not s.startswith(FILE_PREFIX)]
    if unknown:
        raise UsageError(f"unknown bot level {unknown[0]!r} (choose {', '.join(LEVELS)}, "
                         f"or file:PATH.py:ClassName)")
    for s in seats:
        if s.startswith(FILE_PREFIX):
            try:
                load_bot_class(s)
            except BotLoadError as exc:
                raise UsageError(str(exc)) from None
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
        value = row["avg_win_value"]
        print(f"  {lv:<8} {row['mean']:>9.2f} {unit}/hand   95% [{lo:.2f}, {hi:.2f}]   "
              f"win {row['win_rate']:.1%}  deal-in {row['deal_in_rate']:.1%}  "
              f"value {'-' if value is None else value}  open {row['open_hand_rate']:.1%}")
    for pair, row in result["pairs"].items():
        lo, hi = row["ci95"]
        print(f"  {pair:<14} {row['mean_diff']:>+9.2f}   95% [{lo:.2f}, {hi:.2f}]")
    return 0
