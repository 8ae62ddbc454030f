"""Builders of the shipped shape tables (game/shapes/shape_*.bin) from `game.shapes`' own searches:
`tools/make_shape_table.py` writes the files, and the tests check each file equals what its
builder makes. Tooling only: the game reads the files, it never builds them."""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project's packages beside tools/

from game.shapes.deficiencies import _search_move_slots  # noqa: E402
from game.shapes.keys import _ROW_WIDTH, _at, _Usage  # noqa: E402
from game.shapes.memo import PACKED  # noqa: E402
from game.shapes.rows import _join_rows, _search_usage, _usage  # noqa: E402
from game.shapes.tables import (  # noqa: E402
    _WAYS,
    DISCARD_SLOTS_MAX,
    EXTRA_SIZES,
    JOINS_TILES,
    SLOTS_MAX,
    table_keys,
)
from game.shapes.wins import _shape  # noqa: E402


def closed_rows() -> list[_Usage]:
    """Every suit key's rows (suited keys of up to JOINS_TILES tiles, honours keys of up to 17)
    and every combination of those, again and again until nothing new comes, sorted."""
    found: set[_Usage] = set()
    for size in range(JOINS_TILES + 1):
        for key in suit_keys(size):
            plain, paired = _usage(key)
            found.add((_at_width(plain), _at_width(paired)))
    for counts in honour_keys(17):
        plain, paired = _usage(counts)
        found.add((_at_width(plain), _at_width(paired)))
    frontier = set(found)
    while frontier:
        new = {_join_rows(a, b) for a in found for b in frontier} - found
        found |= new
        frontier = new
    return sorted(found)


def _at_width(row: tuple[int, ...]) -> tuple[int, ...]:
    """A row cut or filled (its last entry repeats) to exactly _ROW_WIDTH entries."""
    return tuple([_at(row, s) for s in range(_ROW_WIDTH)])


def honour_keys(most: int) -> list[bytes]:
    """Every 7-kind honours key of at most `most` tiles."""
    out: list[bytes] = []
    for code in range(5 ** 7):
        key = bytes((code // 5 ** i) % 5 for i in range(7))
        if sum(key) <= most:
            out.append(key)
    return out


def build_joins_file() -> bytes:
    """JOINS_FILE's contents: zlib of the number of rows n (4 bytes, little-endian), the n
    rows in `closed_rows` order (plain then paired, one byte an entry), and the n × n table
    of combinations as little-endian 16-bit numbers."""
    rows = closed_rows()
    number = {r: i for i, r in enumerate(rows)}
    n = len(rows)
    table = array("H", bytes(2 * n * n))
    for i, a in enumerate(rows):
        for j in range(i, n):
            table[i * n + j] = table[j * n + i] = number[_join_rows(a, rows[j])]
    if sys.byteorder == "big":
        table.byteswap()
    out = bytearray(struct.pack("<I", n))
    for plain, paired in rows:
        out += bytes(plain) + bytes(paired)
    out += table.tobytes()
    return zlib.compress(bytes(out), 9)


def build_table() -> bytes:
    """TABLE_FILE's contents: zlib of, per key, its packed shape byte, then its usage rows
    (without and with the pair), each `_row_width` bytes."""
    out = bytearray()
    for key in table_keys():
        _shape(key)
        out.append(PACKED[key])
        plain, paired = _usage(key)
        out += bytes(plain) + bytes(paired)
    return zlib.compress(bytes(out), 9)


def build_rows_file() -> bytes:
    """ROWS_FILE's contents: zlib of, per suited key of each of EXTRA_SIZES tiles in
    `table_keys` order, its usage rows (without and with the pair) as searched."""
    out = bytearray()
    for size in EXTRA_SIZES:
        for key in suit_keys(size):
            plain, paired = _search_usage(key)
            out += bytes(plain) + bytes(paired)
    return zlib.compress(bytes(out), 9)


def suit_keys(size: int) -> list[bytes]:
    """Every 9-kind suit key of exactly `size` tiles, in lexicographic order."""
    out: list[bytes] = []
    work: list[int] = []

    def grow(left: int) -> None:
        if len(work) == 9:
            if left == 0:
                out.append(bytes(work))
            return
        for n in range(min(4, left) + 1):
            if _WAYS[len(work) + 1][left - n]:
                work.append(n)
                grow(left - n)
                work.pop()

    grow(size)
    return out


def build_slots_file() -> bytes:
    """SLOTS_FILE's contents: zlib of the masks of `_search_move_slots` (see above)."""
    return _build_move_slots(SLOTS_MAX, 1)


def _build_move_slots(most: int, step: int) -> bytes:
    """zlib of `_search_move_slots(key, step)` of every suited key of up to `most` tiles, in
    `suit_keys` order by size: nine little-endian 16-bit masks a key (0 where no move is)."""
    masks = array("H")
    for size in range(most + 1):
        for key in suit_keys(size):
            record = [0] * 9
            for t, changed in _search_move_slots(key, step):
                record[t] = changed
            masks.extend(record)
    if sys.byteorder == "big":
        masks.byteswap()
    return zlib.compress(masks.tobytes(), 9)


def build_discard_slots_file() -> bytes:
    """DISCARD_SLOTS_FILE's contents: zlib of the masks of `_search_move_slots(key, -1)`."""
    return _build_move_slots(DISCARD_SLOTS_MAX, -1)

