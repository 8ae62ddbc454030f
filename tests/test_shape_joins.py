"""The shipped combinations of usage rows (game/shape_joins.bin) against working them out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import shapes
from game.shapes import deficiency, deficiency_after_discards
from tests.hands import HANDS, capped_counts, discards


def test_shipped_rows_are_numbered_first_in_file_order() -> None:
    n = shapes._JOINS_SHIPPED
    assert n > 500
    assert len(shapes._JOINS) == n * n
    for i in range(n):
        assert shapes._NUMBER[shapes._ROWS_OF[i]] == i


def test_shipped_combinations_equal_the_worked_out_rows() -> None:
    """Every row against every seventh row and itself (all pairs take some 20 s)."""
    n = shapes._JOINS_SHIPPED
    rows = shapes._ROWS_OF
    table = shapes._JOINS
    for a in range(n):
        row_a = rows[a]
        for b in [*range(a % 7, n, 7), a]:
            joined = shapes._join_rows(row_a, rows[b])
            assert rows[table[a * n + b]] == joined, (a, b)
            assert table[b * n + a] == table[a * n + b]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9))
def test_suits_of_up_to_fourteen_tiles_have_shipped_rows(counts: list[int]) -> None:
    if sum(counts) <= shapes.JOINS_TILES:
        assert shapes._suit_number(bytes(counts)) < shapes._JOINS_SHIPPED
    assert shapes._suit_number(bytes(counts[:7])) < shapes._JOINS_SHIPPED  # honours


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3))
def test_deficiencies_without_the_file_are_the_same(tiles: list[int], wilds: int) -> None:
    counts = capped_counts(tiles)
    need = (sum(counts) + wilds) // 3
    with_file = (deficiency(counts, wilds), deficiency_after_discards(counts, wilds, need))
    saved = (dict(shapes._JOINED), dict(shapes._DEFICIENCY_MEMO),
             dict(shapes._SUIT_MOVE_ANSWERS))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shapes, "_JOINS_SHIPPED", 0)  # every combination worked out
        for memo in (shapes._JOINED, shapes._DEFICIENCY_MEMO, shapes._SUIT_MOVE_ANSWERS):
            memo.clear()
        worked_out = (deficiency(counts, wilds), deficiency_after_discards(counts, wilds, need))
        plain = {k: deficiency(less, wilds, need) for k, less in discards(counts)}
        for memo in (shapes._JOINED, shapes._DEFICIENCY_MEMO, shapes._SUIT_MOVE_ANSWERS):
            memo.clear()
    for memo, old in zip((shapes._JOINED, shapes._DEFICIENCY_MEMO,
                          shapes._SUIT_MOVE_ANSWERS), saved, strict=True):
        memo.update(old)
    assert with_file == worked_out
    assert with_file[1] == plain


def test_rows_numbered_before_the_file_refuse_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process that already numbered rows never takes the file's numbers."""
    monkeypatch.setattr(shapes, "_JOINS_SHIPPED", 0)
    shapes._load_joins()
    assert shapes._JOINS_SHIPPED == 0
