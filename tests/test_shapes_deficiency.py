"""Deficiency: the one-pass functions (after each discard, after each draw, the discards that
keep it, the draws that help after a discard) agree with `deficiency` called once per tile, and
the remembered and numbered answers with fresh ones."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.shapes import (
    DrawsAfterDiscard,
    deficiencies,
    deficiency,
    deficiency_after_discards,
    deficiency_after_draws,
    discards_keeping,
    keys,
    memo,
    rows,
)
from game.tiles import counts_of, parse_tiles
from tests.hands import HANDS, capped_counts, discards

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


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


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=17), st.integers(0, 3))
def test_remembered_deficiencies_equal_fresh_ones(tiles: list[int], wilds: int) -> None:
    counts = capped_counts(tiles)
    first = deficiency_after_discards(counts, wilds)
    first[-1] = 99  # a caller changing its copy changes nothing remembered
    again = deficiency_after_discards(counts, wilds)
    assert -1 not in again
    for kind, d in again.items():
        less = counts[:]
        less[kind] -= 1
        assert d == deficiency(less, wilds, (sum(counts) - 1 + wilds) // 3)
    for kind, d in deficiency_after_draws(counts, wilds).items():
        more = counts[:]
        more[kind] += 1
        assert d == deficiency(more, wilds, (sum(counts) + 1 + wilds) // 3)


def test_deficiency_read_from_the_latest_discards_answer() -> None:
    counts = [0] * 34
    for t in (0, 1, 2, 4, 9, 9, 10, 18, 19, 27, 27, 30, 31, 33):
        counts[t] += 1
    after = deficiency_after_discards(counts, 0)
    for kind, d in after.items():
        less = counts[:]
        less[kind] -= 1
        assert deficiency(less, 0, 4) == d
    # a hand two tiles away is not read from the answer: it is searched, and right
    far = counts[:]
    far[0] -= 1
    far[1] -= 1
    far[3] += 1
    # 345m, 1p2p, 1s2s, one honour, EE: 10 of 14 tiles in place
    assert deficiency(far[:], 0, 4) == 4


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=0, max_size=20), st.integers(0, 7),
       st.integers(0, 3))
def test_numbered_rows_equal_the_row_by_row_combination(tiles: list[int], sets: int,
                                                        wilds: int) -> None:
    counts = capped_counts(tiles)
    key = bytes(counts)
    m, p, s, z = rows._hand_numbers(key)
    joined = memo.ROWS_OF[rows._join(rows._join(m, p), rows._join(s, z))]
    assert joined[1][sets] == deficiencies._used_by_rows(key, sets)
    assert deficiency(counts, wilds, sets) == max(0, 3 * sets + 2 - wilds
                                                  - deficiencies._used_by_rows(key, sets))
    parts = [key[lo:hi] for lo, hi in keys._SUIT_SLICES]
    for step, numbered in ((-1, deficiency_after_discards(counts, wilds, sets)),
                           (1, deficiency_after_draws(counts, wilds, sets))):
        by_rows: dict[int, int] = {}
        deficiencies._moves_by_rows(by_rows, parts, 3 * sets + 2 - wilds, sets, step)
        assert numbered == by_rows


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=1, max_size=17), st.integers(0, 3),
       st.integers(0, 9))
def test_draws_after_each_discard_equal_fresh_draws(tiles: list[int], wilds: int,
                                                    sets: int) -> None:
    counts = capped_counts(tiles)
    table = DrawsAfterDiscard(counts, wilds, sets)
    for kind, less in discards(counts):
        fresh = deficiency_after_draws(less, wilds, sets)
        assert list(table.of(kind).items()) == list(fresh.items())
        assert table.after(kind)[0] == deficiency(less, wilds, sets)


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 9))
def test_helping_draws_equal_plain_deficiencies(tiles: list[int], wilds: int,
                                                sets: int) -> None:
    counts = capped_counts(tiles)
    table = DrawsAfterDiscard(counts, wilds, sets)
    for kind, less in discards(counts):
        base = deficiency(less, wilds, sets)
        plain = []
        for k in range(34):
            if less[k] < 4:
                more = less[:]
                more[k] += 1
                if deficiency(more, wilds, sets) < base:
                    plain.append(k)
        assert table.helping(kind) == (base, tuple(plain))


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 7))
def test_draws_after_discard_equal_plain_deficiencies(tiles: list[int], wilds: int,
                                                      sets: int) -> None:
    counts = capped_counts(tiles)
    table = DrawsAfterDiscard(counts, wilds, sets)
    for kind, less in discards(counts):
        plain = {}
        for k in range(34):
            if less[k] < 4:
                more = less[:]
                more[k] += 1
                plain[k] = deficiency(more, wilds, sets)
        assert table.after(kind) == (deficiency(less, wilds, sets), plain)
        assert deficiency_after_draws(less, wilds, sets) == plain


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 2), st.integers(0, 5))
def test_draws_after_discard_rests_equal_any_combination(tiles: list[int], wilds: int,
                                                         sets: int) -> None:
    """Each suit's other three suits, combined as `_deficiency_moves` combines them, have the
    rows of the three combined in the first order (the combination is associative)."""
    table = DrawsAfterDiscard(capped_counts(tiles), wilds, sets)
    if not table.fast:
        return
    n = table.numbers
    for a in range(4):
        first, second, third = (b for b in range(4) if b != a)
        plain = rows._join(n[first], rows._join(n[second], n[third]))
        assert memo.ROWS_OF[table.rest[a]] == memo.ROWS_OF[plain]


@settings(max_examples=300, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(0, 5))
def test_deficiency_by_suit_numbers_equals_the_rows_reading(tiles: list[int], wilds: int,
                                                           sets: int) -> None:
    """`deficiency` (the suits' numbers combined, the memo read inline) against the reading
    that combines the suits' usage rows for any number of sets."""
    counts = capped_counts(tiles)
    memo.DEFICIENCY_MEMO.clear()  # measured, not remembered
    plain = max(0, 3 * sets + 2 - deficiencies._used_by_rows(bytes(counts), sets) - wilds)
    assert deficiency(counts, wilds, sets) == plain


@settings(max_examples=400, deadline=None)
@given(HANDS, st.integers(0, 4), st.one_of(st.none(), st.integers(0, 9)))
def test_discards_keeping_equals_plain_deficiencies(tiles: list[int], wilds: int,
                                                    sets: int | None) -> None:
    """The deficiency is `deficiency`'s, and a kind is named exactly when the hand less one
    of it has the same deficiency (where that is above 0), any number of sets."""
    counts = capped_counts(tiles)
    d, keep = discards_keeping(counts, wilds, sets)
    need = (sum(counts) - 1 + wilds) // 3 if sets is None else sets
    assert d == deficiency(counts, wilds, need)
    assert keep >> 34 == 0
    for kind in range(34):
        if not counts[kind]:
            assert not keep >> kind & 1
    # with no wilds and sets enough for every natural, the deficiency counts the naturals
    # used exactly: a named kind is one whose discard leaves as many in use
    roomy = max(need, sum(counts))
    _, keep_all = discards_keeping(counts, 0, roomy)
    for kind, less in discards(counts):
        same = deficiency(less, wilds, need) == d
        if d > 0:
            assert bool(keep >> kind & 1) == same
        kept = deficiency(less, 0, roomy) == deficiency(counts, 0, roomy)
        assert bool(keep_all >> kind & 1) == kept
