"""The shipped shape tables (game/shape_*.bin: shapes, larger suits' rows, the slots a draw or a
discard changes, every combination of rows) against the searches they stand in for, what
tools/shape_tables.py builds, and the search taking over when a file is unusable."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import shapes
from game.shapes import (
    deficiency,
    deficiency_after_discards,
    discards_keeping,
)
from tests.hands import HANDS, capped_counts, discards
from tools import shape_tables


@pytest.fixture
def empty_tables() -> Iterator[None]:
    """Module tables emptied for the test (so answers come from the search), then restored."""
    tables = (shapes._SHAPE, shapes._PACKED, shapes._USAGE, shapes._COST0, shapes._COST1)
    saved = [dict(t) for t in tables]
    for t in tables:
        t.clear()
    yield
    for t, old in zip(tables, saved, strict=True):
        t.clear()
        t.update(old)


def test_shipped_file_is_loaded_at_import() -> None:
    keys = shapes.table_keys()
    assert len(keys) == len(set(keys)) > 20_000
    assert all(k in shapes._PACKED and k in shapes._USAGE for k in keys)


def test_shipped_file_equals_the_search(empty_tables: None) -> None:
    blob = shapes.TABLE_FILE.read_bytes()
    # what the searches give, with nothing remembered from the file
    searched_shape = {}
    searched_usage = {}
    for key in shapes.table_keys():
        searched_shape[key] = shapes._shape(key)
        searched_usage[key] = shapes._usage(key)
    searched_packed = {k: shapes._PACKED[k] for k in searched_shape}
    for t in (shapes._SHAPE, shapes._PACKED, shapes._USAGE):
        t.clear()
    assert shapes.load_table(blob)
    for key in shapes.table_keys():
        assert shapes._SHAPE[key] == searched_shape[key], key
        assert shapes._PACKED[key] == searched_packed[key], key
        assert shapes._USAGE[key] == searched_usage[key], key


def test_build_table_reproduces_the_file(empty_tables: None) -> None:
    assert shape_tables.build_table() == shapes.TABLE_FILE.read_bytes()


def test_damaged_blob_is_refused(empty_tables: None) -> None:
    assert not shapes.load_table(b"not zlib")
    assert not shapes.load_table(__import__("zlib").compress(b"\x00" * 10))
    assert not shapes._SHAPE and not shapes._USAGE


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


def test_shipped_rows_equal_the_search() -> None:
    """A seeded sample of every size in game/shape_rows.bin, against the search itself."""
    rng = random.Random(14)
    for size in shapes.EXTRA_SIZES:
        keys = shape_tables.suit_keys(size)
        assert len(keys) == shapes._WAYS[0][size]
        for key in [*rng.sample(keys, 300), keys[0], keys[-1]]:
            assert shapes.suit_rank(key) == keys.index(key)
            assert shapes._shipped_rows(key) == shapes._search_usage(key), key


def test_rows_file_is_what_the_tool_builds() -> None:
    saved = shapes._EXTRA[:]
    shapes._EXTRA[:] = [None]  # searched, not read back from the file under test
    usage = dict(shapes._USAGE)
    try:
        shapes._USAGE.clear()
        assert shape_tables.build_rows_file() == shapes.ROWS_FILE.read_bytes()
    finally:
        shapes._EXTRA[:] = saved
        shapes._USAGE.clear()
        shapes._USAGE.update(usage)


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_rows_file_leaves_the_search(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "shape_rows.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(shapes, "ROWS_FILE", path)
    monkeypatch.setattr(shapes, "_EXTRA", [])
    key = bytes([2, 2, 1, 1, 1, 1, 0, 0, 2])
    assert shapes._shipped_rows(key) is None
    assert shapes._EXTRA == [None]


def test_shipped_slots_equal_the_worked_out_ones() -> None:
    """Every suited key in game/shape_slots.bin: the slots a draw changes, as read from the
    file and as worked out from the rows before and after the draw."""
    for size in range(shapes.SLOTS_MAX + 1):
        for key in shape_tables.suit_keys(size):
            assert shapes._shipped_slots(key) == shapes._search_move_slots(key, 1), key
    assert shapes._shipped_slots(bytes([2, 2, 1, 1, 1, 1, 0, 0, 1])) is None  # 9 tiles
    assert shapes._shipped_slots(bytes([2, 0, 0, 0, 0, 0, 1])) is None  # honours


def test_slots_file_is_what_the_tool_builds() -> None:
    assert shape_tables.build_slots_file() == shapes.SLOTS_FILE.read_bytes()


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_slots_file_leaves_the_worked_out_slots(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "shape_slots.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(shapes, "SLOTS_FILE", path)
    monkeypatch.setattr(shapes, "_SLOTS", [])
    monkeypatch.setattr(shapes, "_MOVE_SLOTS", ({}, {}))
    key = bytes([2, 2, 1, 1, 1, 0, 0, 0, 1])
    assert shapes._shipped_slots(key) is None
    assert shapes._SLOTS == [None]
    assert shapes._move_slots(key, 1) == shapes._search_move_slots(key, 1)


def test_shipped_discard_slots_equal_the_worked_out_ones() -> None:
    """Every suited key in game/shape_discard_slots.bin: the slots a discard changes, as read
    from the file and as worked out from the rows before and after the discard."""
    for size in range(shapes.DISCARD_SLOTS_MAX + 1):
        for key in shape_tables.suit_keys(size):
            assert shapes._shipped_discard_slots(key) == shapes._search_move_slots(key, -1), key
    assert shapes._shipped_discard_slots(bytes([2, 2, 1, 1, 1, 1, 0, 1, 1])) is None  # 10
    assert shapes._shipped_discard_slots(bytes([2, 0, 0, 0, 0, 0, 1])) is None  # honours


def test_discard_slots_file_is_what_the_tool_builds() -> None:
    assert shape_tables.build_discard_slots_file() == shapes.DISCARD_SLOTS_FILE.read_bytes()


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_discard_slots_file_leaves_the_worked_out_slots(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: bytes | None) -> None:
    """Without a usable file the slots are worked out, and a discard names the same kinds."""
    key = bytes([2, 2, 1, 1, 1, 0, 0, 0, 1])
    counts = [*key, *key, *bytes(9), 2, 0, 0, 0, 0, 0, 0]
    monkeypatch.setattr(shapes, "_MOVE_SLOTS", ({}, {}))
    monkeypatch.setattr(shapes, "_KEEP_MASKS", {})
    from_file = discards_keeping(counts)
    path = tmp_path / "shape_discard_slots.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(shapes, "DISCARD_SLOTS_FILE", path)
    monkeypatch.setattr(shapes, "_DISCARD_SLOTS", [])
    monkeypatch.setattr(shapes, "_MOVE_SLOTS", ({}, {}))
    monkeypatch.setattr(shapes, "_KEEP_MASKS", {})
    assert shapes._shipped_discard_slots(key) is None
    assert shapes._DISCARD_SLOTS == [None]
    assert shapes._move_slots(key, -1) == shapes._search_move_slots(key, -1)
    assert discards_keeping(counts) == from_file


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 11),
       st.booleans())
def test_suit_shape_read_off_the_rows_equals_the_search(counts: list[int],
                                                        honours: bool) -> None:
    """`_shape` of a suit it has rows for (shipped ones included) is the costs searched."""
    key = bytes(counts[:7] if honours else counts)
    shapes._SHAPE.pop(key, None)
    shapes._usage(key)  # rows known, as for most suits a hand holds
    plain, change = shapes._shape(key)
    assert plain == shapes._search_cost(key, 0)
    assert plain + change == shapes._search_cost(key, 1)
