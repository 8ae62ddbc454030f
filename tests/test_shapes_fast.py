"""The one-pass deficiency functions agree with `deficiency` called once per tile."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.shapes import deficiency, deficiency_after_discards, deficiency_after_draws
from game.tiles import counts_of, parse_tiles


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], int, int | None]:
    """A random hand of 1-20 natural tiles, 0-4 wilds, and maybe an explicit set count."""
    counts = [0] * 34
    for t in draw(st.lists(st.integers(0, 33), min_size=1, max_size=20)):
        counts[t] = min(4, counts[t] + 1)
    wilds = draw(st.integers(0, 4))
    sets = draw(st.one_of(st.none(), st.integers(0, 7)))
    return counts, wilds, sets


def slow_discards(counts: list[int], wilds: int, sets: int | None) -> dict[int, int]:
    out: dict[int, int] = {}
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            out[k] = deficiency(counts, wilds, sets)
            counts[k] += 1
    return out


def slow_draws(counts: list[int], wilds: int, sets: int | None) -> dict[int, int]:
    out: dict[int, int] = {}
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            out[k] = deficiency(counts, wilds, sets)
            counts[k] -= 1
    return out


@settings(max_examples=400, deadline=None)
@given(hands())
def test_after_discards_equals_one_deficiency_per_kind(
    case: tuple[list[int], int, int | None],
) -> None:
    counts, wilds, sets = case
    assert deficiency_after_discards(counts, wilds, sets) == slow_discards(counts, wilds, sets)


@settings(max_examples=400, deadline=None)
@given(hands())
def test_after_draws_equals_one_deficiency_per_kind(
    case: tuple[list[int], int, int | None],
) -> None:
    counts, wilds, sets = case
    assert deficiency_after_draws(counts, wilds, sets) == slow_draws(counts, wilds, sets)


def test_examples() -> None:
    ready = counts_of(parse_tiles("1112345678999m5p"))
    after = deficiency_after_discards(ready)
    assert after[parse_tiles("5p")[0]] == 1  # nine gates, ready on any man
    assert after[0] == 2 and set(after) == {0, 1, 2, 3, 4, 5, 6, 7, 8, 13}
    nine = counts_of(parse_tiles("1112345678999m"))
    draws = deficiency_after_draws(nine)
    assert all(draws[k] == 0 for k in range(9))
    assert all(draws[k] == 1 for k in range(9, 34))
    assert deficiency_after_discards([0] * 34) == {}


def test_bad_input_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="four times"):
        deficiency_after_discards([5] + [0] * 33)
    with pytest.raises(ValueError, match="negative"):
        deficiency_after_draws([1] + [0] * 33, -1)
    with pytest.raises(ValueError, match="whole numbers"):
        deficiency_after_draws(["x"])  # type: ignore[list-item]
