"""The bots' hand evaluation (game/bots/evaluate.py, defence): acceptance from the draws that
help, triplets and pairs, a threat's flush, the deficiency after each discard with seven pairs,
against the plain answers they stand in for."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import evaluate as ev
from game.shapes import (
    DrawsAfterDiscard,
    deficiency,
    deficiency_after_draws,
)
from tests.hands import HANDS, capped_counts, discards, with_wild

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3), st.booleans(), st.booleans(),
       st.lists(st.integers(0, 4), min_size=34, max_size=34), st.sampled_from([None, 0, 1, 2]))
def test_acceptance_from_helping_draws_equals_acceptance(
        tiles: list[int], wilds: int, pairs_ok: bool, wild_kind: bool, unseen: list[int],
        suit: int | None) -> None:
    """Both rulesets' shapes: Mazhan with wilds (a wild kind set), Nanjing's seven pairs."""
    counts = capped_counts(tiles)
    wild, wilds = with_wild(counts, wilds, wild_kind)
    need = (sum(counts) + wilds) // 3
    allowed = None if suit is None else range(9 * suit, 9 * suit + 9)
    table = DrawsAfterDiscard(counts, wilds, need)
    for kind in range(34):
        if not counts[kind]:
            continue
        rest = counts[:]
        rest[kind] -= 1
        hand = ev.Hand(rest, wilds, need, pairs_ok and wild is None, wild)
        base, helping = table.helping(kind)
        assert ev.acceptance_helping(hand, unseen, allowed, base, helping) == \
            ev.acceptance(hand, unseen, allowed)


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 5))
def test_remembered_triplets_and_counted_pairs_equal_plain_ones(tiles: list[int], wilds: int,
                                                                need: int) -> None:
    counts = capped_counts(tiles)
    hand = ev.Hand(counts, wilds, need, False, None)
    assert ev.triplets_only(hand) == ev._triplets_only(hand)
    assert ev.pairs_deficiency(counts) == 7 - sum(n // 2 for n in counts)


def _plain_flush(melds_first: list[int], river: list[int]) -> int | None:
    """The flush read of `defence.threats` as first written (suit counts, then the lowest)."""
    suits = [0, 0, 0]
    meld_suits = {t // 9 if t < 27 else 3 for t in melds_first}
    for tile in river:
        if tile < 27:
            suits[tile // 9] += 1
    if len(melds_first) >= 2 and len(meld_suits - {3}) == 1:
        return min(meld_suits - {3})
    if len(river) >= 7:
        lowest = min(range(3), key=lambda s: suits[s])
        if suits[lowest] == 0:
            return lowest
    return None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), max_size=4), st.lists(st.integers(0, 33), max_size=20))
def test_threat_flush_read_equals_the_plain_one(melds_first: list[int],
                                                river: list[int]) -> None:
    from game.bots.defence import threats
    from game.melds import Meld, MeldKind
    from game.tiles import Tile

    melds = tuple(Meld(MeldKind.PONG, (Tile(t),) * 3, claimed=Tile(t), source=0)
                  for t in melds_first)
    view = SimpleNamespace(seat=0, ruleset="nanjing", wall_left=50,
                           melds=((), melds, (), ()),
                           rivers=((), tuple((Tile(t), False) for t in river), (), ()))
    found = threats(view)  # type: ignore[arg-type]
    assert found[0].flush == _plain_flush(melds_first, river)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=2, max_size=14), st.booleans())
def test_after_discards_with_seven_pairs_equal_plain_ones(tiles: list[int],
                                                          pairs_ok: bool) -> None:
    """Nanjing: each discard's deficiency is the lower of the regular and seven-pairs ones."""
    counts = capped_counts(tiles)
    need = (sum(counts) - 1) // 3
    hand = ev.Hand(counts, 0, need, pairs_ok, None)
    plain = {}
    for kind, less in discards(counts):
        d = deficiency(less, 0, need)
        if pairs_ok:
            d = min(d, 7 - sum(n // 2 for n in less))
        plain[kind] = d
    assert ev.after_discards(hand) == plain


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=4, max_size=16), st.booleans(),
       st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_acceptance_with_given_draws_and_seven_pairs(tiles: list[int], pairs_ok: bool,
                                                     unseen: list[int]) -> None:
    counts = capped_counts(tiles)
    need = (sum(counts) + 1) // 3
    hand = ev.Hand(counts, 0, need, pairs_ok, None)
    draws = deficiency_after_draws(counts, 0, need)
    base, good = ev.acceptance(hand, unseen)
    # the rule spelled out: a draw helps when it lowers the best of the two readings
    pairs_now = ev.pairs_deficiency(counts) if pairs_ok else 99
    assert base == min(deficiency(counts, 0, need), pairs_now)
    helped = 0
    for kind, d in draws.items():
        if pairs_ok:
            d = min(d, pairs_now - 1 if counts[kind] % 2 else pairs_now)
        if d < base:
            helped += unseen[kind]
    assert good == helped


@settings(max_examples=300, deadline=None)
@given(HANDS, st.booleans())
def test_after_discards_with_seven_pairs_equal_the_plain_minimum(tiles: list[int],
                                                                 pairs_ok: bool) -> None:
    """`evaluate.after_discards` (seven pairs open or not, N3): per kind, the lesser of the
    sets-and-pair deficiency and the seven-pairs one after throwing it."""
    counts = capped_counts(tiles)
    hand = ev.Hand(counts, 0, 4, pairs_ok, None)
    plain = {}
    for kind, less in discards(counts):
        d = deficiency(less, 0, 4)
        plain[kind] = min(d, ev.pairs_deficiency(less)) if pairs_ok else d
    assert ev.after_discards(hand) == plain
