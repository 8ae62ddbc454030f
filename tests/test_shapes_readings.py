"""Readings of a complete hand: per-suit readings combined, and remembered readings and
candidates, equal the whole-hand search (tests/oracles/shapes.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game import shapes
from game.bench import random_winning
from game.shapes import memo, readings
from tests.hands import HANDS, capped_counts
from tests.oracles.shapes import search_readings

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 100_000), st.integers(1, 5), st.integers(0, 4), st.booleans())
def test_readings_combined_per_suit_equal_the_whole_hand_search(
        seed: int, sets: int, wilds: int, cold: bool) -> None:
    """Winning hands of 1-5 sets (Nanjing: no wilds; Mazhan: up to four, some standing for
    naturals taken away): the readings combined from each suit's equal the whole-hand search,
    with the per-suit memo cold or warm."""
    counts = random_winning(random.Random(seed), sets)
    assume(counts is not None)  # (a kind drawn five times)
    assert counts is not None
    rng = random.Random(seed + 1)
    for _ in range(wilds):
        held = [k for k, n in enumerate(counts) if n]
        if held:
            counts[rng.choice(held)] -= 1
    if cold:
        memo.SUIT_READINGS.clear()
    key = bytes(counts)
    plain = search_readings(key, wilds)
    assert plain  # still a win: the comparison is not of two empty lists
    assert readings._combine_suit_readings(key, wilds) == plain


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 3))
def test_readings_of_any_hand_equal_the_whole_hand_search(tiles: list[int], wilds: int) -> None:
    """Any hand (most are no win: both give nothing)."""
    key = bytes(capped_counts(tiles)[:34])
    assert readings._combine_suit_readings(key, wilds) == search_readings(key, wilds)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 5), st.integers(0, 2))
def test_remembered_readings_equal_fresh_ones(seed: int, sets: int, wilds: int) -> None:
    """`decompositions` remembers its readings: asked again (cold or warm), it gives what a
    fresh search gives, as a list of the caller's own."""
    counts = random_winning(random.Random(seed), sets)
    assume(counts is not None)
    assert counts is not None
    rng = random.Random(seed + 1)
    for _ in range(wilds):  # some naturals become wilds: a wild stands for any kind
        held = [k for k, n in enumerate(counts) if n]
        counts[rng.choice(held)] -= 1
    memo.READINGS.clear()
    fresh = search_readings(bytes(counts), wilds)
    assert fresh  # still a win, so the comparison is not of two empty lists
    first = shapes.decompositions(counts, wilds)
    again = shapes.decompositions(counts, wilds)
    assert first == again == fresh
    again.append(())
    assert shapes.decompositions(counts, wilds) == fresh


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 4), st.booleans())
def test_remembered_candidates_equal_searched(tiles: list[int], wilds: int,
                                              pair_free: bool) -> None:
    """`decompositions`' groups through the lowest natural, remembered by what they read,
    are the ones worked out for the hand itself (the memo is kept across examples, so most
    answers were remembered from another hand sharing the key)."""
    work = capped_counts(tiles)
    i = min(k for k in range(34) if work[k])
    assert list(readings._candidates(work, i, wilds, pair_free)) == \
        readings._search_candidates(work, i, wilds, pair_free)
