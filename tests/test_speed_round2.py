"""Issue 14, round 2: each fast path gives the plain path's answer."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game import shapes
from game.bench import random_winning
from game.errors import BadOption
from game.simulate import run_match
from tests.hands import HANDS, capped_counts


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
        shapes._SUIT_READINGS.clear()
    key = bytes(counts)
    plain = shapes._search_readings(key, wilds)
    assert plain  # still a win: the comparison is not of two empty lists
    assert shapes._combine_suit_readings(key, wilds) == plain


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 3))
def test_readings_of_any_hand_equal_the_whole_hand_search(tiles: list[int], wilds: int) -> None:
    """Any hand (most are no win: both give nothing)."""
    key = bytes(capped_counts(tiles)[:34])
    assert shapes._combine_suit_readings(key, wilds) == shapes._search_readings(key, wilds)


def test_run_match_makes_collections_rarer_and_puts_them_back() -> None:
    """While a match runs young collections are rarer; afterwards (also after an error, and
    after a match started from inside another's callback) the thresholds are as before."""
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def inner(done: int, total: int) -> None:
        seen.append(gc.get_threshold())

    def outer(done: int, total: int) -> None:
        seen.append(gc.get_threshold())
        if done == 1:
            run_match("nanjing", 1, 4, "random", progress=inner)
            seen.append(gc.get_threshold())

    plain = run_match("mazhan", 2, 3, "normal", {"bust_ends": False})
    assert gc.get_threshold() == before
    watched = run_match("mazhan", 2, 3, "normal", {"bust_ends": False}, progress=outer)
    assert gc.get_threshold() == before
    assert watched.events_sha256 == plain.events_sha256
    assert len(seen) == 4 and all(t[0] >= max(before[0], 7000) for t in seen)
    with pytest.raises(BadOption):
        run_match("mazhan", 2, 3, "normal", {"no_such_option": 1})
    assert gc.get_threshold() == before
