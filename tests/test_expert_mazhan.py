"""Expert's Mazhan parts: the race a discard may end, pong exchanges, the 對對胡 plan."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

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


LONG = "2z3z4z6z7z1s2s3s7s8s9s1p"
"""A river of twelve tiles: a seat that has thrown this many is often ready (`_READY`)."""


def test_kinds_thrown_or_passed_by_every_opponent_and_the_wild_cannot_deal_in() -> None:
    # Seat 0 to play; every opponent threw 2z; seat 1 threw 5m last, then seats 2 and 3
    # threw 6m and 4m without a win: 6m and 4m are passed by seat 1, 4m by seat 2.
    view = _table(0, "123m456m789m123p456p77s", ["", LONG + "5m", LONG + "6m", LONG + "4m"],
                  wild="9s")
    chances = xm.deal_in_chances(view)
    assert chances[Tile.parse("2z")] == 0.0  # in every opponent's river
    assert chances[Tile.parse("9s")] == 0.0  # a discarded wild is dead (M6)
    assert all(0.0 <= c < 1.0 for c in chances)
    fresh = chances[Tile.parse("5p")]
    assert fresh > 0.0
    # passed by two opponents and thrown by the third: safer than a fresh tile of that rank
    assert chances[Tile.parse("4m")] == 0.0
    assert 0.0 < chances[Tile.parse("6m")] < chances[Tile.parse("6p")]
    # an honour nobody threw is safer than a middle suited tile
    assert 0.0 < chances[Tile.parse("1z")] < fresh


@given(st.integers(0, 12), st.integers(0, 33))
def test_a_longer_river_never_makes_an_opponent_less_dangerous(length: int, kind: int) -> None:
    tiles = parse_tiles(LONG)
    short = "".join(str(t) for t in tiles[:length])
    longer = "".join(str(t) for t in tiles[: length + 1])
    a = xm.deal_in_chances(_table(0, "123m456m789m123p456p77s", ["", short, "", ""]))
    b = xm.deal_in_chances(_table(0, "123m456m789m123p456p77s", ["", longer, "", ""]))
    if kind in parse_tiles(longer):
        assert b[kind] == 0.0
    else:
        assert b[kind] >= a[kind]


def test_the_dealer_avoids_twice_the_payment() -> None:
    view = _table(0, "123m456m789m123p456p77s", ["", "", "", ""])
    tuning = xm.Tuning(loss_value=90.0)
    assert xm.avoided_payment(view, tuning) == 180.0  # M21: the dealer pays double
    assert xm.avoided_payment(view._replace(seat=2), tuning) == 120.0
    assert xm.avoided_payment(view, xm.Tuning()) == 0.0


class _Safe(ExpertBot):
    mazhan = xm.Tuning(safety=1.0, safety_depth=2)


class _Plain(ExpertBot):
    mazhan = xm.Tuning()


def test_a_ready_hand_keeps_the_wait_and_throws_the_safer_of_two_equal_tiles() -> None:
    # Five sets, and 5p and 1z: throwing either leaves a single wait on the other, worth the
    # same. Three opponents with long rivers may be ready: 5p (a middle tile) is far likelier
    # to end the race than 1z (an honour), and the race is all a Mazhan seat loses (M21).
    view = _table(1, "123m456m789m123s456s5p1z", [LONG, LONG, LONG, LONG])
    hand = ev.split(view)
    unseen = view.unseen()
    plain = _Plain(3)
    plan = plain._plan(view, hand)
    plain._view = view
    honour, middle = Tile.parse("1z"), Tile.parse("5p")
    assert plain._accept(hand, plan, honour, unseen) == plain._accept(hand, plan, middle, unseen)
    safe = _Safe(3)
    safe._view = view
    safe._deal_in = xm.deal_in_chances(view)
    # (the higher the better: hard's discard score subtracts it)
    assert safe._accept(hand, plan, honour, unseen) > safe._accept(hand, plan, middle, unseen)
    assert all(_Safe(seed).choose(view).tile == honour for seed in range(5))


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


def test_best_acceptance_after_a_claim_reads_the_best_discard() -> None:
    # After a pong the hand holds 14 concealed tiles and must discard one.
    view = _table(1, "123m456m789m12p56s7z", ["", "", "", ""])
    hand = ev.split(view, melds=1)
    unseen = view.unseen()
    best = xm.best_acceptance(hand, unseen, ev.now(hand))
    by_discard = [ev.acceptance(ev.discard_hand(hand, k), unseen)
                  for k, n in enumerate(hand.naturals) if n]
    assert best == max(good for base, good in by_discard if base <= ev.now(hand))


@given(st.integers(0, 33), st.floats(0.05, 1.0))
def test_honours_and_terminals_are_thrown_more_readily_than_middle_tiles(
    kind: int, throws: float
) -> None:
    tuning = xm.Tuning(throws=throws)
    weight = xm.throw_weight(kind, tuning, 2)
    assert weight > 0.0
    assert xm.throw_weight(kind, xm.Tuning(), 2) == 1.0  # off: every live tile alike
    middle = xm.throw_weight(Tile.parse("5p"), tuning, 2)
    assert xm.throw_weight(Tile.parse("1z"), tuning, 2) > \
        xm.throw_weight(Tile.parse("9m"), tuning, 2) > middle
    assert weight >= xm.throw_weight(Tile.parse("3p"), tuning, 2)  # 3 and 7: the fewest
