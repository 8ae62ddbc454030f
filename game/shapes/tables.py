"""The shipped tables (game/shapes/shape_*.bin, made by tools/make_shape_table.py from the
searches, checked by the tests): read at import or on first sight; without a usable file the
searches fill the memos instead."""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from itertools import compress
from pathlib import Path
from typing import Final

from game.shapes import memo
from game.shapes.keys import _ROW_WIDTH, _Usage
from game.shapes.memo import (
    DISCARD_SLOTS,
    EXTRA,
    JOINS,
    PACKED,
    ROWS_OF,
    SHAPE,
    SLOTS,
    USAGE,
    number_of,
)

# --- every combination of rows, shipped -----------------------------------------------------------
#
# Few rows exist: every suit key of up to JOINS_TILES tiles has one of about two hundred, and
# combining them again and again closes on well under a thousand. JOINS_FILE holds that closed
# set (sorted) and the number of every combination of two of its rows, so that a fresh process
# combines suits by a table read from its first hand on (working each combination out was
# about a tenth of a normal bot's first hundred hands). The file's rows are numbered first, in
# its order; rows outside it (suits of more tiles) are numbered and combined as before.

JOINS_FILE: Final = Path(__file__).with_name("shape_joins.bin")
JOINS_TILES: Final = 14


def _load_joins() -> None:
    """Number JOINS_FILE's rows first and keep its table (nothing when it is unusable)."""
    if ROWS_OF:
        return  # rows already numbered: the file's numbers would not be theirs
    try:
        data = zlib.decompress(JOINS_FILE.read_bytes())
    except (OSError, zlib.error):
        return  # combinations are worked out instead
    if len(data) < 4:
        return
    (n,) = struct.unpack_from("<I", data)
    width = 2 * _ROW_WIDTH
    if len(data) != 4 + n * width + 2 * n * n:
        return
    table = array("H")
    table.frombytes(data[4 + n * width:])
    if sys.byteorder == "big":
        table.byteswap()
    for i in range(n):
        start = 4 + i * width
        number_of((tuple(data[start:start + _ROW_WIDTH]),
                 tuple(data[start + _ROW_WIDTH:start + width])))
    JOINS[:] = table
    memo.JOINS_SHIPPED = n


# --- tables ready at import ---------------------------------------------------------------------
#
# Every suit shape of up to TABLE_MAX tiles (about 28,000 keys: nearly all that play meets) comes
# precomputed from TABLE_FILE, so the first hands of a process cost no more than the rest. The
# file is made by `tools/make_shape_table.py` from the searches above, and a test checks it
# against them; without it (or if it does not match) the tables fill lazily as before.

TABLE_FILE: Final = Path(__file__).with_name("shape_table.bin")
TABLE_MAX: Final = 8


def table_keys() -> list[bytes]:
    """Every suit key of at most TABLE_MAX tiles, the 9 suited kinds first, then the 7
    honours, each in lexicographic order: the order of TABLE_FILE."""
    out: list[bytes] = []
    work: list[int] = []

    def grow(size: int, left: int) -> None:
        if len(work) == size:
            out.append(bytes(work))
            return
        for n in range(min(4, left) + 1):
            work.append(n)
            grow(size, left - n)
            work.pop()

    grow(9, TABLE_MAX)
    grow(7, TABLE_MAX)
    return out


def _row_width(key: bytes) -> int:
    return max(sum(key) + 1, _ROW_WIDTH)


def load_table(blob: bytes) -> bool:
    """Fill the shape and usage tables from `blob` (as `build_table` makes it); False, and
    nothing changed, if it does not decompress or has not the expected size."""
    try:
        data = zlib.decompress(blob)
    except zlib.error:
        return False
    keys = table_keys()
    widths = [_row_width(key) for key in keys]
    if len(data) != sum(1 + 2 * w for w in widths):
        return False
    pos = 0
    # Far fewer distinct rows and shapes exist than keys: each is kept once and shared, which
    # makes the loaded tables several times smaller.
    shapes: dict[int, tuple[int, int]] = {}
    rows: dict[bytes, tuple[int, ...]] = {}
    usages: dict[tuple[tuple[int, ...], tuple[int, ...]], _Usage] = {}
    for key, width in zip(keys, widths, strict=True):
        packed = data[pos]
        mid = pos + 1 + width
        end = mid + width
        PACKED[key] = packed
        shape = shapes.get(packed)
        if shape is None:
            shape = shapes[packed] = (packed >> 3, -1 if packed & 7 else 2)
        SHAPE[key] = shape
        plain_bytes, paired_bytes = data[pos + 1 : mid], data[mid:end]
        plain = rows.get(plain_bytes)
        if plain is None:
            plain = rows[plain_bytes] = tuple(plain_bytes)
        paired = rows.get(paired_bytes)
        if paired is None:
            paired = rows[paired_bytes] = tuple(paired_bytes)
        usage = usages.get((plain, paired))
        if usage is None:
            usage = usages[(plain, paired)] = (plain, paired)
        USAGE[key] = usage
        pos = end
    return True


# --- larger suits, read from a second file on first sight ---------------------------------------
#
# Mazhan hands hold 16-17 tiles, so suits of 9 and 10 tiles are common (a flush plan, a draw
# into a long suit) and their searches were a tenth of a hard bot's time. Their usage rows come
# from ROWS_FILE: one fixed-size record per suited key of EXTRA_SIZES tiles, in the order of
# `table_keys` (lexicographic), found by the key's rank rather than loaded into dicts at import.

ROWS_FILE: Final = Path(__file__).with_name("shape_rows.bin")
EXTRA_SIZES: Final = (9, 10, 11)


def _suit_ways() -> tuple[tuple[int, ...], ...]:
    """[pos][left] → suited keys' tails from pos on (each count 0-4) that hold `left` tiles."""
    ways = [[0] * 41 for _ in range(10)]
    ways[9][0] = 1
    for pos in range(8, -1, -1):
        for left in range(41):
            ways[pos][left] = sum(ways[pos + 1][left - n] for n in range(min(4, left) + 1))
    return tuple(tuple(row) for row in ways)


_WAYS: Final = _suit_ways()
_BELOW: Final = tuple(
    tuple(tuple(sum(_WAYS[pos + 1][left - u] for u in range(v) if u <= left)
                for v in range(5)) for left in range(41))
    for pos in range(9))
"""[pos][left][v] → keys that hold `left` tiles from pos on and fewer than v at pos."""


def suit_rank(key: bytes) -> int:
    """The place of a 9-kind suit key among those of the same size, in lexicographic order."""
    left = sum(key)
    rank = 0
    below = _BELOW
    for pos in range(9):
        n = key[pos]
        rank += below[pos][left][n]
        left -= n
    return rank


def _extra_offsets() -> dict[int, tuple[int, int]]:
    """Size → (offset of its first record in ROWS_FILE's data, record length)."""
    out: dict[int, tuple[int, int]] = {}
    pos = 0
    for size in EXTRA_SIZES:
        record = 2 * (size + 1)
        out[size] = (pos, record)
        pos += record * _WAYS[0][size]
    return out


_EXTRA_AT: Final = _extra_offsets()


def _shipped_rows(key: bytes) -> _Usage | None:
    """A suited key's usage rows from ROWS_FILE, or None (another size, or no usable file)."""
    at = _EXTRA_AT.get(sum(key))
    if at is None or max(key) > 4:
        return None
    if not EXTRA:
        EXTRA.append(_read_rows_file())
    data = EXTRA[0]
    if data is None:
        return None
    first, record = at
    start = first + record * suit_rank(key)
    half = start + record // 2
    return tuple(data[start:half]), tuple(data[half:start + record])


def _read_rows_file() -> bytes | None:
    try:
        data = zlib.decompress(ROWS_FILE.read_bytes())
    except (OSError, zlib.error):
        return None  # the rows are searched instead
    size, record = EXTRA_SIZES[-1], 2 * (EXTRA_SIZES[-1] + 1)
    expected = _EXTRA_AT[size][0] + record * _WAYS[0][size]
    return data if len(data) == expected else None


# --- the slots a draw changes, read from a third file on first sight ----------------------------
#
# A hard bot weighs each discard by the draws that would help (`DrawsAfterDiscard.helping`),
# which needs `_move_slots(key, 1)` of every suit it holds: worked out for each new suit key
# it was some 5% of a Nanjing hard bot's time. SLOTS_FILE holds it for every suited key of up
# to SLOTS_MAX tiles (most suits of a 13-tile hand): per key, in `_suit_keys` order by size,
# nine little-endian 16-bit slot masks, one per kind (0 where four are held: no draw there).

SLOTS_FILE: Final = Path(__file__).with_name("shape_slots.bin")
SLOTS_MAX: Final = 8


def _slots_first(most: int = SLOTS_MAX) -> tuple[int, ...]:
    """Size → index of its first key's record in SLOTS_FILE (keys of up to `most` tiles)."""
    out: list[int] = []
    first = 0
    for size in range(most + 1):
        out.append(first)
        first += _WAYS[0][size]
    out.append(first)  # the end: the number of records
    return tuple(out)


_SLOTS_FIRST: Final = _slots_first()


def _shipped_slots(key: bytes) -> tuple[tuple[int, int], ...] | None:
    """`_move_slots(key, 1)` of a suited key from SLOTS_FILE, or None (an honours key, more
    than SLOTS_MAX tiles, or no usable file)."""
    found = _shipped_record(key, SLOTS_FILE, SLOTS_MAX, _SLOTS_FIRST, SLOTS)
    if found is None:
        return None
    masks, start = found
    return tuple([(t, masks[start + t]) for t in range(9) if key[t] < 4])


def _shipped_record(key: bytes, path: Path, most: int, first: tuple[int, ...],
                    read: list[array[int] | None]) -> tuple[array[int], int] | None:
    """(the masks of the slots file at `path`, where `key`'s nine start) for a suited key of
    up to `most` tiles (`first`: its `_slots_first`), or None: an honours key, a larger one, or
    no usable file. `read` keeps the file's masks once read ([None] if it is unusable)."""
    if len(key) != 9:
        return None
    size = sum(key)
    if size > most or max(key) > 4:
        return None
    if not read:
        read.append(_read_masks(path, first[-1]))
    masks = read[0]
    if masks is None:
        return None
    return masks, 9 * (first[size] + suit_rank(key))


def _read_masks(path: Path, records: int) -> array[int] | None:
    """The 16-bit masks of a slots file of `records` records, or None if it is unusable."""
    try:
        data = zlib.decompress(path.read_bytes())
    except (OSError, zlib.error):
        return None  # the slots are worked out instead
    if len(data) != 2 * 9 * records:
        return None
    masks = array("H")
    masks.frombytes(data)
    if sys.byteorder == "big":
        masks.byteswap()
    return masks


# --- the slots a discard changes, read from a fourth file on first sight --------------------------
#
# A normal bot's discard (`discards_keeping`) reads `_move_slots(key, -1)` of each suit whose
# best slots it has not met with those tiles before: worked out for each new suit key, it was
# most of what the first few hundred hands of a process cost above the later ones.
# DISCARD_SLOTS_FILE holds it for every suited key of up to DISCARD_SLOTS_MAX tiles (nearly all
# the suits a bot throws from), in SLOTS_FILE's layout: per key, in `_suit_keys` order by size,
# nine little-endian 16-bit slot masks, one per kind (0 where none is held: no discard there).

DISCARD_SLOTS_FILE: Final = Path(__file__).with_name("shape_discard_slots.bin")
DISCARD_SLOTS_MAX: Final = 9
_DISCARD_FIRST: Final = _slots_first(DISCARD_SLOTS_MAX)
_OFFSETS: Final = range(9)


def _shipped_discard_slots(key: bytes) -> tuple[tuple[int, int], ...] | None:
    """`_move_slots(key, -1)` of a suited key from DISCARD_SLOTS_FILE, or None (an honours
    key, more than DISCARD_SLOTS_MAX tiles, or no usable file)."""
    found = _shipped_record(key, DISCARD_SLOTS_FILE, DISCARD_SLOTS_MAX, _DISCARD_FIRST,
                            DISCARD_SLOTS)
    if found is None:
        return None
    masks, start = found
    # the held offsets and their masks, picked in C by the key's counts
    return tuple(zip(compress(_OFFSETS, key), compress(masks[start:start + 9], key),
                     strict=True))


def _load_shipped() -> None:
    try:
        blob = TABLE_FILE.read_bytes()
    except OSError:
        return  # tables fill lazily
    load_table(blob)



def load() -> None:
    """Read the shipped tables into the memos (what importing the package does)."""
    _load_shipped()
    _load_joins()
