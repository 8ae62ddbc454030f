"""The hard bot and its defence: acceptance, plans, threats and table danger against the
plain references they stand in for (tests/oracles/bots.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Action
from game.bots import evaluate as ev
from game.bots.defence import Threat, table_danger, threats
from game.bots.hard import HardBot, Plan
from game.shapes import DrawsAfterDiscard, deficiency
from game.simulate import run_match
from game.view import SeatView
from tests.hands import HANDS, capped_counts, discards, with_wild
from tests.oracles.bots import plan_plain, table_danger_plain, threats_plain

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


def _plans(hand: ev.Hand, suit: int) -> list[Plan]:
    lo = 9 * suit
    flush = [n if lo <= k < lo + 9 else 0 for k, n in enumerate(hand.naturals)]
    half = [n if lo <= k < lo + 9 or k >= 27 else 0 for k, n in enumerate(hand.naturals)]
    return [
        Plan("plain", hand.naturals, None, ev.now(hand)),
        Plan("pairs", hand.naturals, None, ev.pairs_deficiency(hand.naturals)),
        Plan("triplets", hand.naturals, None, ev.triplets_only(hand)),
        Plan("flush", flush, range(lo, lo + 9), deficiency(flush, hand.wilds, hand.need)),
        Plan("half_flush", half, frozenset((*range(lo, lo + 9), *range(27, 34))),
             deficiency(half, hand.wilds, hand.need)),
    ]


@settings(max_examples=150, deadline=None)
@given(HANDS, HANDS, st.integers(0, 3), st.booleans(), st.booleans(), st.integers(0, 2),
       st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_accept_equals_the_plain_acceptance(
        tiles: list[int], other: list[int], wilds: int, mazhan: bool, pairs_ok: bool,
        suit: int, unseen: list[int]) -> None:
    """Every plan and every discard (the wild kind too), both rulesets' shapes, two hands in
    turn through one bot so the kept draws are reused and replaced as in play; a copy of the
    hand with the same tiles reads the same."""
    bot = HardBot(1)
    for held in (tiles, other, tiles):
        counts = capped_counts(held)
        wild = 31 if mazhan else None
        extra = 0
        if wild is not None:
            counts[wild] = 0
            extra = wilds
        need = min((sum(counts) + extra) // 3, 5 if mazhan else 4)
        hand = ev.Hand(counts, extra, need, pairs_ok and not mazhan, wild)
        discards = [k for k, n in enumerate(counts) if n]
        if extra and wild is not None:
            discards.append(wild)
        for plan in _plans(hand, suit):
            for copy in (False, True):
                if copy:
                    hand = hand._replace(naturals=hand.naturals[:])
                for tile in discards:
                    assert bot._accept(hand, plan, tile, unseen) == \
                        bot._accept_plain(hand, plan, tile, unseen), (plan.name, tile)
                    if hand.naturals[tile]:  # the kept draws, as the subclasses may ask
                        kept = bot._kept_turn(hand.naturals, hand.wilds, hand.need).draws
                        assert kept.helping(tile) == DrawsAfterDiscard(
                            hand.naturals, hand.wilds, hand.need).helping(tile)


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 10_000))
def test_plan_equals_the_plan_from_every_plan_measured(ruleset: str, seed: int) -> None:
    """Views from real play (hard bots, a few hands): the plans `_plan` leaves unmeasured
    never change its choice, and each plan it measures reads as in the full list."""
    seen: list[int] = []
    original = HardBot._plan

    def checked(self: HardBot, view: SeatView, hand: ev.Hand) -> Plan:
        chosen = original(self, view, hand)
        assert chosen == plan_plain(self, view, hand)
        slack = self._slack(view)
        every = self._plans(view, hand)
        assert all(p in every for p in self._plans(view, hand, slack))
        seen.append(len(every) - len(self._plans(view, hand, slack)))
        return chosen

    HardBot._plan = checked  # type: ignore[method-assign]
    try:
        run_match(ruleset, 2, seed, "hard", {"bust_ends": False} if ruleset == "mazhan" else {})
    finally:
        HardBot._plan = original  # type: ignore[method-assign]
    assert seen and sum(seen) > 0  # the cut was taken somewhere


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.integers(9, 17), st.integers(0, 33)), min_size=1, max_size=17),
       st.integers(0, 3), st.booleans(), st.integers(0, 5), st.integers(0, 80))
def test_plan_cut_never_changes_the_choice(tiles: list[int], wilds: int, mazhan: bool,
                                          need: int, wall_left: int) -> None:
    """Hands leaning to one suit (flushes close), every wall length around the early/late
    line, any sets still wanted: `_plan` chooses what it would from every plan measured."""
    counts = capped_counts(tiles)
    wild, wilds = with_wild(counts, wilds, mazhan)
    ruleset = "mazhan" if mazhan else "nanjing"
    view = cast(SeatView, SimpleNamespace(ruleset=ruleset, seat=0, bonus=((),) * 4,
                                          melds=((),) * 4, wall_left=wall_left))
    hand = ev.Hand(counts, wilds, need, not mazhan and need == 4, wild)
    bot = HardBot(1)
    assert bot._plan(view, hand) == plan_plain(bot, view, hand)


_RIVERS = st.frozensets(st.integers(0, 33), max_size=20)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 33),
       st.lists(st.tuples(st.floats(0, 1), st.one_of(st.none(), st.integers(0, 2)), _RIVERS,
                          st.integers(0, 4)), max_size=3),
       st.lists(st.integers(0, 4), min_size=34, max_size=34),
       st.sampled_from(["mazhan", "nanjing"]))
def test_table_danger_equals_danger_summed(
        tile: int, found: list[tuple[float, int | None, frozenset[int], int]],
        unseen: list[int], ruleset: str) -> None:
    """The written-out sum is the same float as `danger` summed threat by threat."""
    threats = [Threat(seat, level, flush, river, fed)
               for seat, (level, flush, river, fed) in enumerate(found, start=1)]
    assert table_danger(tile, threats, unseen, ruleset) == \
        table_danger_plain(tile, threats, unseen, ruleset)


def _threats_checked(ruleset: str, seed: int, hands: int) -> list[SeatView]:
    """Play hard bots, checking `threats` against `threats_plain` at every discard."""
    views: list[SeatView] = []
    original = HardBot._discard

    def checked(self: HardBot, view: SeatView, hand: ev.Hand, plan: Plan) -> Action:
        assert threats(view) == threats_plain(view)
        views.append(view)
        return original(self, view, hand, plan)

    HardBot._discard = checked  # type: ignore[method-assign]
    try:
        run_match(ruleset, hands, seed, "hard",
                  {"bust_ends": False} if ruleset == "mazhan" else {})
    finally:
        HardBot._discard = original  # type: ignore[method-assign]
    return views


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 10_000))
def test_threats_equal_the_plain_reading(ruleset: str, seed: int) -> None:
    """Views from real play: every opponent reads the same, level (the same float), flush,
    river and fed sets."""
    assert _threats_checked(ruleset, seed, 2)


def test_threats_checked_on_open_hands_and_long_rivers() -> None:
    """The cases the reading branches on occur in the checked play: declared sets (a flush
    read from them), claimed ones, and rivers of seven tiles or more."""
    views = _threats_checked("mazhan", 3, 4) + _threats_checked("nanjing", 3, 4)
    assert any(len(ms) >= 2 for v in views for ms in v.melds)
    assert any(m.source is not None for v in views for ms in v.melds for m in ms)
    assert any(len(r) >= 7 for v in views for r in v.rivers)
    assert any(v.ruleset == "nanjing" and any(v.melds) for v in views)


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 9))
def test_less_equals_the_deficiency_of_the_smaller_hand(tiles: list[int], wilds: int,
                                                        sets: int) -> None:
    """Any number of sets (the rows' width and beyond): `less` is the plain `deficiency` and
    what `helping` gives first."""
    counts = capped_counts(tiles)
    table = DrawsAfterDiscard(counts, wilds, sets)
    for kind, less in discards(counts):
        assert table.less(kind) == deficiency(less, wilds, sets) == table.helping(kind)[0]
