"""The shipped shape table (game/shape_table.bin) against the searches it stands in for."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import shapes
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
