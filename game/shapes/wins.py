"""Win detection: the fewest wilds per suit (with and without the pair), packed so that a
hand's four suits add up to its cost; `is_win` and seven pairs."""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Final

from game.shapes.keys import _SUIT_SLICES, _SUITS, INF, _bad_counts, _key_of
from game.shapes.memo import COST0, COST1, PACKED, SHAPE, USAGE
from game.shapes.tables import _shipped_rows


def _cost(key: bytes, pair: int) -> int:
    """Fewest wilds that make these naturals into sets (plus exactly one pair if `pair`)."""
    memo = COST1 if pair else COST0
    found = memo.get(key)
    if found is not None:
        return found
    value = _search_cost(key, pair)
    if len(memo) >= 4096:
        memo.clear()  # only the search reads these (`SHAPE` keeps the answers): flat memory
    memo[key] = value
    return value


def _search_cost(key: bytes, pair: int) -> int:
    size = len(key)
    i = 0
    while i < size and key[i] == 0:
        i += 1
    if i == size:
        return 2 if pair else 0  # the pair, if still owed, is two wilds
    # The lowest natural must sit in some group. Filling each group with as many naturals as
    # are available never costs more (swap a wild for the natural held elsewhere), so one
    # candidate per group type is enough for the minimum.
    held = key[i]
    work = bytearray(key)
    take = min(held, 3)
    work[i] -= take
    best = 3 - take + _cost(bytes(work), pair)
    work[i] += take
    if pair:
        take = min(held, 2)
        work[i] -= take
        best = min(best, 2 - take + _cost(bytes(work), 0))
        work[i] += take
    if size == 9:  # suited: the chow through i that reaches highest uses the most naturals
        start = min(i, 6)
        missing = 0
        for j in range(start, start + 3):
            if work[j]:
                work[j] -= 1
            else:
                missing += 1
        best = min(best, missing + _cost(bytes(work), pair))
    return best


def _shape(key: bytes) -> tuple[int, int]:
    """The `SHAPE` entry of a suit key, filled (with `PACKED`) on first use."""
    value = SHAPE.get(key)
    if value is None:
        if max(key, default=0) > 4:
            value = (INF, 2)
        else:
            rows = USAGE.get(key) or (_shipped_rows(key) if len(key) == 9 else None)
            if rows is not None:  # read off the rows (shipped up to 11 suited tiles)
                plain = _cost_of_row(rows[0], sum(key), 0)
                value = (plain, _cost_of_row(rows[1], sum(key), 2) - plain)
            else:
                plain = _cost(key, 0)
                value = (plain, _cost(key, 1) - plain)
        SHAPE[key] = value
        PACKED[key] = 8 * value[0] + (value[1] < 0)
    return value


def _cost_of_row(row: Sequence[int], naturals: int, pair: int) -> int:
    """`_cost` from a usage row: the fewest sets (plus the pair) holding every natural, each
    short tile a wild. A row runs to at least `naturals` sets, where every natural fits."""
    for sets, used in enumerate(row):
        if used == naturals:
            return 3 * sets + pair - naturals
    raise AssertionError("a usage row ends where every natural fits")


def _fill(key: bytes) -> None:
    for lo, hi in _SUIT_SLICES:
        _shape(key[lo:hi])


def _wins_with(wilds: int, packed_sum: int) -> bool:
    cost = packed_sum >> 3
    need = cost - 1 if packed_sum & 7 else cost + 2  # the pair: a cheap suit, or two wilds
    # Spare wilds must make whole sets; this also checks the hand has 3n+2 tiles, since each
    # suit's cost already fixes its size modulo 3.
    return need <= wilds and (wilds - need) % 3 == 0


_WIN_SUMS: Final = {
    w: frozenset(t for t in range(8 * (w + 4)) if _wins_with(w, t)) for w in range(16)
}
"""Wilds → every packed sum that wins with them (an int set test is the fastest check)."""


def _is_win_slow(counts: Sequence[int], wilds: int) -> bool:
    key = _key_of(counts)
    if wilds < 0:
        raise ValueError(f"wilds cannot be negative, got {wilds}")
    _fill(key)
    packed = PACKED
    return _wins_with(
        wilds, packed[key[:9]] + packed[key[9:18]] + packed[key[18:27]] + packed[key[27:34]]
    )


def is_win(counts: Sequence[int], wilds: int = 0) -> bool:
    """Sets-and-a-pair complete? (count+wilds) % 3 == 2 required, else False."""
    try:
        m, p, s, z = _SUITS(bytes(counts))
        packed = PACKED  # plain dicts: their lookups are the fast path in CPython
        return (packed[m] + packed[p] + packed[s] + packed[z]) in _WIN_SUMS[wilds]
    except (KeyError, struct.error):  # a suit shape seen for the first time, few counts,
        return _is_win_slow(counts, wilds)  # or many wilds
    except (TypeError, ValueError):
        _bad_counts(counts)


# --- seven pairs (Nanjing, ruling N3) ----------------------------------------------------------


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Nanjing seven pairs (ruling N3): 14 tiles, all in pairs; four identical = two pairs."""
    key = _key_of(counts)
    # quick reject first (bytes.count runs in C): any odd count rules seven pairs out
    return not key.count(1) and not key.count(3) and sum(key) == 14 and max(key) <= 4
