"""Expert's Mazhan 對對胡 plan (the other fourth-pass terms are at commit dc941a5)."""

from __future__ import annotations

from game.actions import Action, ActionKind
from game.bots import evaluate as ev
from game.bots import expert_mazhan as xm
from game.bots.expert import ExpertBot
from game.tiles import Tile, counts_of, parse_tiles
from game.view import SeatView
from tests.test_bots import _position


def _river(tiles: str) -> tuple[tuple[Tile, bool], ...]:
    return tuple((t, False) for t in parse_tiles(tiles))


def _table(me: int, hand: str, rivers: list[str], wild: str = "9s",
           wall_left: int = 40) -> SeatView:
    """A Mazhan turn of seat `me` holding `hand` (nothing declared, no bonus tiles), with the
    given rivers (one string per seat, in seat order) and the wild kind `wild`."""
    view = _position("mazhan", ActionKind.DISCARD, lambda v: v.phase == "discard")
    held = parse_tiles(hand)
    legal = tuple(Action(ActionKind.DISCARD, t) for t in sorted(set(held)))
    return view._replace(seat=me, current=me, to_act=(me,), counts=tuple(counts_of(held)[:34]),
                         drawn=held[-1], melds=((),) * 4, bonus=((),) * 4,
                         rivers=tuple(_river(r) for r in rivers), legal=legal,
                         wild=Tile.parse(wild), indicator=None, wall_left=wall_left,
                         dealer_streak=0)


class _Plain(ExpertBot):
    mazhan = xm.Tuning()


class _Pongs(ExpertBot):
    mazhan = xm.Tuning(triplets_reach=(0.8, 0.5))


def test_the_all_pongs_plan_is_chosen_when_it_is_as_close_as_the_plain_hand() -> None:
    # Four triplets and two pairs: ready both ways, and 對對胡 doubles the value (M16).
    view = _table(1, "111m555m222p333s77p99s4z", ["", "", "", ""])
    hand = ev.split(view)
    assert ev.triplets_only(hand) == ev.now(hand)
    assert _Pongs(1)._plan(view, hand).name == "triplets"
    assert ExpertBot(1)._plan(view, hand).name == "triplets"  # expert's default
    assert _Plain(1)._plan(view, hand).name == "plain"
    # A hand of runs is far from all pongs: the plain hand stays the plan.
    runs = _table(1, "123m456m789m123p45p77s4z", ["", "", "", ""])
    assert _Pongs(1)._plan(runs, ev.split(runs)).name == "plain"
