"""Nanjing 南京 money: who pays whom, at the moment it happens (rulings N10-N13).

Every function returns a list of `Payment`s whose amounts are already multiplied by the gold per
flower `g` (N10). A payment (`game.rules.base.Payment`, shared with the engine) moves `amount`
from `payer` to `payee`; seats are 0-3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum

from game.rules.base import Payment, payment
from game.rules.nanjing_scoring import HARD_FLOWER_KINDS
from game.tiles import FLOWERS, TILES

__all__ = [
    "Liability",
    "Payment",
    "WinKind",
    "flower_kong_completed",
    "fourth_discard_penalty",
    "kong_payments",
    "liability",
    "same_discard_penalty",
    "win_payments",
]

SEATS = range(4)


class WinKind(Enum):
    """How a hand was won, as liability (N13) needs it."""

    DISCARD = "discard"
    SELF_DRAW = "self_draw"
    ROBBED_KONG = "robbed_kong"
    """搶槓: counts as a self-draw (N13b)."""
    AFTER_CLAIMED_KONG = "after_claimed_kong"
    """Self-drawn on the replacement after an exposed or added kong (大槓開花, N13c)."""
    KUAIZHAO = "kuaizhao"
    """快照: the fourth set fed by one player wins at once (N13d)."""


@dataclass(frozen=True, slots=True)
class Liability:
    """包牌: `payer` pays for everybody; `full` means 3 × F × g, else what the discarder owed."""

    payer: int
    full: bool
    ruling: str


def _seat(name: str, seat: int) -> None:
    if seat not in SEATS:
        raise ValueError(f"{name} must be a seat 0-3, not {seat}")


def _gold(g: int) -> None:
    if g < 1:
        raise ValueError(f"gold per flower must be at least 1, not {g}")


def _from_each_other(payee: int, amount: int, key: str) -> list[Payment]:
    return [payment(p, payee, amount, key, _text(key)) for p in SEATS if p != payee]


def _text(key: str) -> str:
    """The catalogue key of a Nanjing payment's words."""
    return f"pay.nanjing.{key}"


def win_payments(
    winner: int,
    F: int,
    g: int,
    self_draw: bool,
    discarder: int | None,
    liable: int | None = None,
    liable_full: bool = False,
) -> list[Payment]:
    """Money for a win of F flowers (N10), or its liable payer's (N13).

    Without liability: the discarder pays F × g, or on a self-draw each other seat pays F × g.
    With `liable`: that seat alone pays what all payers would have: F × g for a discard win,
    3 × F × g for a self-draw or when `liable_full` (robbed kong, 大槓開花, 快照).
    """
    _seat("winner", winner)
    _gold(g)
    if F < 0:
        raise ValueError(f"the flower count cannot be negative ({F})")
    if liable_full and liable is None:
        raise ValueError("liable_full needs the liable seat")
    if not self_draw and liable is None:
        if discarder is None:
            raise ValueError("a discard win needs the discarder")
        _seat("discarder", discarder)
        if discarder == winner:
            raise ValueError("the winner cannot win on its own discard")
        return [payment(discarder, winner, F * g, "win_discard", _text("win_discard"))]
    if liable is None:
        return _from_each_other(winner, F * g, "win_self_draw")
    _seat("liable", liable)
    if liable == winner:
        raise ValueError("the winner cannot be liable for its own win")
    times = 3 if self_draw or liable_full else 1
    return [payment(liable, winner, times * F * g, "win_liable", _text("win_liable"))]


_KONG_MONEY = {
    # kind: (gold per flower ×, paid by the feeder only?), ruling N11
    "exposed": (20, True),
    "added": (20, True),
    "concealed": (10, False),
    "flower": (20, False),
}


def kong_payments(konger: int, kind: str, feeder: int | None, g: int) -> list[Payment]:
    """Kong money, paid at once (N11). Call it once the kong stands: a robbed kong pays nothing.

    `kind`: "exposed" (the discarder `feeder` pays 20 × g), "added" (the original pong's
    `feeder` pays 20 × g), "concealed" (each other seat pays 10 × g), "flower" (a 花槓: each
    other seat pays 20 × g).
    """
    _seat("konger", konger)
    _gold(g)
    if kind not in _KONG_MONEY:
        raise ValueError(f"unknown kong kind {kind!r}; one of {', '.join(_KONG_MONEY)}")
    per, fed = _KONG_MONEY[kind]
    key = f"kong_{kind}"
    if not fed:
        if feeder is not None:
            raise ValueError(f"a {kind} kong has no feeder")
        return _from_each_other(konger, per * g, key)
    if feeder is None:
        raise ValueError(f"an {kind} kong needs the seat whose tile was konged")
    _seat("feeder", feeder)
    if feeder == konger:
        raise ValueError("a player cannot feed its own kong")
    return [payment(feeder, konger, per * g, key, _text(key))]


_FLOWER_SETS = (
    frozenset(FLOWERS[:4]),  # 梅蘭菊竹
    frozenset(FLOWERS[4:]),  # 春夏秋冬
)
_ONE_EACH = frozenset(FLOWERS)


def flower_kong_completed(bonus: Sequence[int], new_tile: int) -> bool:
    """Whether setting `new_tile` aside completes a 花槓 (N11): all four of one dragon, all
    four flowers 1f-4f or all four seasons 5f-8f. `bonus` is what was set aside before it."""
    if new_tile not in HARD_FLOWER_KINDS:
        raise ValueError(f"{TILES[new_tile]} is not a hard flower")
    if new_tile not in _ONE_EACH:  # a dragon: four of a kind
        return bonus.count(new_tile) == 3
    if new_tile in bonus:
        raise ValueError(f"there is only one {TILES[new_tile]}, already set aside")
    group = _FLOWER_SETS[0] if new_tile in _FLOWER_SETS[0] else _FLOWER_SETS[1]
    return group - {new_tile} <= set(bonus)


def same_discard_penalty(first: int, g: int) -> list[Payment]:
    """Four discards in a row of one kind by the four players: the first pays each other
    10 × g (N12)."""
    _seat("first", first)
    _gold(g)
    return [
        payment(first, p, 10 * g, "same_discards", _text("same_discards"))
        for p in SEATS
        if p != first
    ]


def fourth_discard_penalty(player: int, g: int) -> list[Payment]:
    """A player discarded all four tiles of one kind: it pays each other 10 × g (N12)."""
    _seat("player", player)
    _gold(g)
    return [
        payment(player, p, 10 * g, "four_discards", _text("four_discards"))
        for p in SEATS
        if p != player
    ]


def liability(
    winner: int,
    win_kind: WinKind,
    feeders: Sequence[int],
    items: Collection[str],
    konged: int | None = None,
) -> Liability | None:
    """Who pays for everybody (包牌, N13), or None.

    `feeders`: for each of the winner's claimed sets (pongs, exposed kongs, and the pongs that
    became added kongs), the seat that fed it. `items`: the keys of the winner's score lines
    (`ScoreLine.key`). `konged`: for ROBBED_KONG the seat whose kong was robbed; for
    AFTER_CLAIMED_KONG the seat whose tile was konged (the discarder of an exposed kong, the
    feeder of an added kong's pong).

    Choice where the rulings are silent: (a) comes before (b) and (c), as the seed has the
    three-set feeder pay even when another player deals in.
    """
    _seat("winner", winner)
    for seat in feeders:
        _seat("feeder", seat)
        if seat == winner:
            raise ValueError("a player cannot feed its own claimed set")
    fed = Counter(feeders)
    top, times = fed.most_common(1)[0] if fed else (None, 0)
    if win_kind is WinKind.KUAIZHAO:
        if top is None or times < 4:
            raise ValueError("快照 needs four claimed sets fed by one player (ruling N13d)")
        return Liability(top, True, "N13d")
    if top is not None and times >= 3 and {"all_pongs", "full_flush"} & set(items):
        # ruling N13a: the three-set feeder pays for a discard win by anyone, or all on a
        # self-draw (a robbed kong or a replacement win is a self-draw too)
        return Liability(top, win_kind is not WinKind.DISCARD, "N13a")
    if win_kind in (WinKind.ROBBED_KONG, WinKind.AFTER_CLAIMED_KONG):
        if konged is None:
            raise ValueError(f"{win_kind.value} needs the konged seat (ruling N13b/N13c)")
        _seat("konged", konged)
        if konged == winner:
            raise ValueError("the winner cannot be liable for its own win")
        return Liability(konged, True, "N13b" if win_kind is WinKind.ROBBED_KONG else "N13c")
    return None
