"""The shipped shape tables (game/shapes/shape_*.bin: shapes, larger suits' rows, the slots a
draw or a discard changes, every combination of rows) against the searches they stand in for, what
tools/shape_tables.py builds, and the search taking over when a file is unusable."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.shapes import (
    deficiencies,
    deficiency,
    deficiency_after_discards,
    discards_keeping,
    memo,
    rows,
    tables,
    wins,
)
from tests.hands import HANDS, capped_counts, discards
from tools import shape_tables

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


@pytest.fixture
def empty_tables() -> Iterator[None]:
    """Module tables emptied for the test (so answers come from the search), then restored."""
    with memo.kept():
        for t in (memo.SHAPE, memo.PACKED, memo.USAGE, memo.COST0, memo.COST1):
            t.clear()
        yield


@pytest.fixture
def kept() -> Iterator[None]:
    """Whatever the test does to the memos, they are as they were afterwards."""
    with memo.kept():
        yield


def test_shipped_file_is_loaded_at_import() -> None:
    keys = tables.table_keys()
    assert len(keys) == len(set(keys)) > 20_000
    assert all(k in memo.PACKED and k in memo.USAGE for k in keys)


def test_shipped_file_equals_the_search(empty_tables: None) -> None:
    blob = tables.TABLE_FILE.read_bytes()
    # what the searches give, with nothing remembered from the file
    searched_shape = {}
    searched_usage = {}
    for key in tables.table_keys():
        searched_shape[key] = wins._shape(key)
        searched_usage[key] = rows._usage(key)
    searched_packed = {k: memo.PACKED[k] for k in searched_shape}
    for t in (memo.SHAPE, memo.PACKED, memo.USAGE):
        t.clear()
    assert tables.load_table(blob)
    for key in tables.table_keys():
        assert memo.SHAPE[key] == searched_shape[key], key
        assert memo.PACKED[key] == searched_packed[key], key
        assert memo.USAGE[key] == searched_usage[key], key


def test_build_table_reproduces_the_file(empty_tables: None) -> None:
    assert shape_tables.build_table() == tables.TABLE_FILE.read_bytes()


def test_damaged_blob_is_refused(empty_tables: None) -> None:
    assert not tables.load_table(b"not zlib")
    assert not tables.load_table(__import__("zlib").compress(b"\x00" * 10))
    assert not memo.SHAPE and not memo.USAGE


def test_shipped_rows_are_numbered_first_in_file_order() -> None:
    n = memo.JOINS_SHIPPED
    assert n > 500
    assert len(memo.JOINS) == n * n
    for i in range(n):
        assert memo.NUMBER[memo.ROWS_OF[i]] == i


def test_shipped_combinations_equal_the_worked_out_rows() -> None:
    """Every row against every seventh row and itself (all pairs take some 20 s)."""
    n = memo.JOINS_SHIPPED
    numbered = memo.ROWS_OF
    table = memo.JOINS
    for a in range(n):
        row_a = numbered[a]
        for b in [*range(a % 7, n, 7), a]:
            joined = rows._join_rows(row_a, numbered[b])
            assert numbered[table[a * n + b]] == joined, (a, b)
            assert table[b * n + a] == table[a * n + b]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9))
def test_suits_of_up_to_fourteen_tiles_have_shipped_rows(counts: list[int]) -> None:
    if sum(counts) <= tables.JOINS_TILES:
        assert rows._suit_number(bytes(counts)) < memo.JOINS_SHIPPED
    assert rows._suit_number(bytes(counts[:7])) < memo.JOINS_SHIPPED  # honours


@settings(max_examples=200, deadline=None)
@given(HANDS, st.integers(0, 3))
def test_deficiencies_without_the_file_are_the_same(tiles: list[int], wilds: int) -> None:
    counts = capped_counts(tiles)
    need = (sum(counts) + wilds) // 3
    with_file = (deficiency(counts, wilds), deficiency_after_discards(counts, wilds, need))
    saved: tuple[dict[Any, Any], ...] = (dict(memo.JOINED), dict(memo.DEFICIENCY_MEMO),
                                         dict(memo.SUIT_MOVE_ANSWERS))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(memo, "JOINS_SHIPPED", 0)  # every combination worked out
        for table in (memo.JOINED, memo.DEFICIENCY_MEMO, memo.SUIT_MOVE_ANSWERS):
            table.clear()
        worked_out = (deficiency(counts, wilds), deficiency_after_discards(counts, wilds, need))
        plain = {k: deficiency(less, wilds, need) for k, less in discards(counts)}
        for table in (memo.JOINED, memo.DEFICIENCY_MEMO, memo.SUIT_MOVE_ANSWERS):
            table.clear()
    memos: tuple[dict[Any, Any], ...] = (memo.JOINED, memo.DEFICIENCY_MEMO,
                                         memo.SUIT_MOVE_ANSWERS)
    for memo_table, old in zip(memos, saved, strict=True):
        memo_table.update(old)
    assert with_file == worked_out
    assert with_file[1] == plain


def test_rows_numbered_before_the_file_refuse_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process that already numbered rows never takes the file's numbers."""
    monkeypatch.setattr(memo, "JOINS_SHIPPED", 0)
    tables._load_joins()
    assert memo.JOINS_SHIPPED == 0


def test_shipped_rows_equal_the_search() -> None:
    """A seeded sample of every size in game/shapes/shape_rows.bin, against the search itself."""
    rng = random.Random(14)
    for size in tables.EXTRA_SIZES:
        keys = shape_tables.suit_keys(size)
        assert len(keys) == tables._WAYS[0][size]
        for key in [*rng.sample(keys, 300), keys[0], keys[-1]]:
            assert tables.suit_rank(key) == keys.index(key)
            assert tables._shipped_rows(key) == rows._search_usage(key), key


def test_rows_file_is_what_the_tool_builds(kept: None) -> None:
    memo.EXTRA[:] = [None]  # searched, not read back from the file under test
    memo.USAGE.clear()
    assert shape_tables.build_rows_file() == tables.ROWS_FILE.read_bytes()


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_rows_file_leaves_the_search(monkeypatch: pytest.MonkeyPatch, kept: None,
                                                 tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "shape_rows.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(tables, "ROWS_FILE", path)
    memo.EXTRA.clear()
    key = bytes([2, 2, 1, 1, 1, 1, 0, 0, 2])
    assert tables._shipped_rows(key) is None
    assert memo.EXTRA == [None]


def test_shipped_slots_equal_the_worked_out_ones() -> None:
    """Every suited key in game/shapes/shape_slots.bin: the slots a draw changes, as read from the
    file and as worked out from the rows before and after the draw."""
    for size in range(tables.SLOTS_MAX + 1):
        for key in shape_tables.suit_keys(size):
            assert tables._shipped_slots(key) == deficiencies._search_move_slots(key, 1), key
    assert tables._shipped_slots(bytes([2, 2, 1, 1, 1, 1, 0, 0, 1])) is None  # 9 tiles
    assert tables._shipped_slots(bytes([2, 0, 0, 0, 0, 0, 1])) is None  # honours


def test_slots_file_is_what_the_tool_builds() -> None:
    assert shape_tables.build_slots_file() == tables.SLOTS_FILE.read_bytes()


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_slots_file_leaves_the_worked_out_slots(
        monkeypatch: pytest.MonkeyPatch, kept: None, tmp_path: Path, content: bytes | None,
) -> None:
    path = tmp_path / "shape_slots.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(tables, "SLOTS_FILE", path)
    memo.SLOTS.clear()
    for table in memo.MOVE_SLOTS:
        table.clear()
    key = bytes([2, 2, 1, 1, 1, 0, 0, 0, 1])
    assert tables._shipped_slots(key) is None
    assert memo.SLOTS == [None]
    assert deficiencies._move_slots(key, 1) == deficiencies._search_move_slots(key, 1)


def test_shipped_discard_slots_equal_the_worked_out_ones() -> None:
    """Every suited key in game/shapes/shape_discard_slots.bin: the slots a discard changes, as read
    from the file and as worked out from the rows before and after the discard."""
    for size in range(tables.DISCARD_SLOTS_MAX + 1):
        for key in shape_tables.suit_keys(size):
            searched = deficiencies._search_move_slots(key, -1)
            assert tables._shipped_discard_slots(key) == searched, key
    assert tables._shipped_discard_slots(bytes([2, 2, 1, 1, 1, 1, 0, 1, 1])) is None  # 10
    assert tables._shipped_discard_slots(bytes([2, 0, 0, 0, 0, 0, 1])) is None  # honours


def test_discard_slots_file_is_what_the_tool_builds() -> None:
    assert shape_tables.build_discard_slots_file() == tables.DISCARD_SLOTS_FILE.read_bytes()


@pytest.mark.parametrize("content", [None, b"not zlib", zlib.compress(b"short")])
def test_an_unusable_discard_slots_file_leaves_the_worked_out_slots(
        monkeypatch: pytest.MonkeyPatch, kept: None, tmp_path: Path, content: bytes | None,
) -> None:
    """Without a usable file the slots are worked out, and a discard names the same kinds."""
    key = bytes([2, 2, 1, 1, 1, 0, 0, 0, 1])
    counts = [*key, *key, *bytes(9), 2, 0, 0, 0, 0, 0, 0]
    remembered: tuple[dict[Any, Any], ...] = (*memo.MOVE_SLOTS, memo.KEEP_MASKS)
    for table in remembered:
        table.clear()
    from_file = discards_keeping(counts)
    path = tmp_path / "shape_discard_slots.bin"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(tables, "DISCARD_SLOTS_FILE", path)
    memo.DISCARD_SLOTS.clear()
    remembered = (*memo.MOVE_SLOTS, memo.KEEP_MASKS)
    for table in remembered:
        table.clear()
    assert tables._shipped_discard_slots(key) is None
    assert memo.DISCARD_SLOTS == [None]
    assert deficiencies._move_slots(key, -1) == deficiencies._search_move_slots(key, -1)
    assert discards_keeping(counts) == from_file


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 11),
       st.booleans())
def test_suit_shape_read_off_the_rows_equals_the_search(counts: list[int],
                                                        honours: bool) -> None:
    """`_shape` of a suit it has rows for (shipped ones included) is the costs searched."""
    key = bytes(counts[:7] if honours else counts)
    memo.SHAPE.pop(key, None)
    rows._usage(key)  # rows known, as for most suits a hand holds
    plain, change = wins._shape(key)
    assert plain == wins._search_cost(key, 0)
    assert plain + change == wins._search_cost(key, 1)
