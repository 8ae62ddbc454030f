"""What every part of the package shares: suit slices, keys of counts, usage row width, the
type aliases of the remembered tables."""

from __future__ import annotations

import struct
from collections.abc import Iterator, Sequence
from typing import Final, NoReturn

INF: Final = 1 << 20
"""Cost of an impossible suit (more than four natural tiles of a kind)."""

_SUIT_SLICES: Final = ((0, 9), (9, 18), (18, 27), (27, 34))


def _bad_counts(counts: object) -> NoReturn:
    raise ValueError(
        f"tile counts must be a sequence of at least 34 whole numbers 0-4, got {counts!r}"
    )


def _key_of(counts: Sequence[int]) -> bytes:
    """The 34 counts as bytes, or a clear error for a person."""
    try:
        key = bytes(counts[:34])
    except (TypeError, ValueError):
        _bad_counts(counts)
    if len(key) != 34:
        _bad_counts(counts)
    return key


_SUITS: Final = struct.Struct("9s9s9s7s").unpack_from
"""The four suit keys of a hand's counts as bytes (one C call instead of four slices; a
42-long vector's flowers are left out, too few counts raise struct.error)."""


_WaitClasses = tuple[tuple[int, int, tuple[int, ...]], ...]
"""Per suit key: (cost, pair change, the kinds that bring the suit to it), by new shape."""


_Usage = tuple[tuple[int, ...], tuple[int, ...]]
"""Per suit: [pair?][s] = most naturals that fit into s partial sets (+ a partial pair)."""


_ROW_WIDTH: Final = 8
"""Rows are kept at least this long (sets 0-7), so hands up to 23 tiles need no padding."""


def _at(row: tuple[int, ...], s: int) -> int:
    """Usage with s sets; rows stop where every natural already fits."""
    return row[s] if s < len(row) else row[-1]


def _moved(key: bytes, step: int) -> Iterator[tuple[int, bytes]]:
    """(offset, the suit key with one tile there taken away or added) for each offset that
    allows it (a tile held; fewer than four held)."""
    work = bytearray(key)
    for t, n in enumerate(key):
        if (step < 0 and n == 0) or (step > 0 and n >= 4):
            continue
        work[t] += step
        yield t, bytes(work)
        work[t] -= step


_Rows = tuple[Sequence[int], Sequence[int]]
"""Usage rows of one suit or of several combined, of any width."""


_Moves = tuple[tuple[int, _Usage], ...]
"""(offset, usage rows of the suit with one tile there moved) per possible move."""


def _checked_key(counts: Sequence[int], wilds: int) -> bytes:
    """The counts' key, once the wilds and every count are known to be possible."""
    key = _key_of(counts)
    if wilds < 0:
        raise ValueError("wilds cannot be negative")
    if key.translate(None, POSSIBLE_COUNTS):  # a count above 4 is left (found in C)
        raise ValueError("no kind can be held more than four times")
    return key


POSSIBLE_COUNTS: Final = bytes(range(5))
"""The counts a kind can have, for `bytes.translate` to delete: any left is impossible."""

