"""Waits: the kinds that complete a ready hand (sets and a pair, or seven pairs)."""

from __future__ import annotations

import struct
from collections.abc import Sequence

from game.shapes.keys import _SUIT_SLICES, _SUITS, INF, _bad_counts, _key_of, _WaitClasses
from game.shapes.memo import PACKED, SHAPE, WAITS
from game.shapes.wins import _fill, _shape


def _wait_classes(key: bytes, base: int) -> _WaitClasses:
    """The kinds that may join this suit, grouped by the suit's new (cost, pair change)."""
    classes: dict[tuple[int, int], list[int]] = {}
    work = bytearray(key)
    for t in range(len(key)):
        if work[t] >= 4:  # no fifth natural tile exists
            continue
        work[t] += 1
        after = _shape(bytes(work))
        work[t] -= 1
        if after[0] < INF:
            classes.setdefault(after, []).append(base + t)
    return tuple((cost, change, tuple(kinds)) for (cost, change), kinds in sorted(classes.items()))


def _wait_table(suit: int, key: bytes) -> _WaitClasses:
    table = WAITS[suit]
    value = table.get(key)
    if value is None:
        value = table[key] = _wait_classes(key, _SUIT_SLICES[suit][0])
    return value


def waits(counts: Sequence[int], wilds: int = 0) -> list[int]:
    """Kinds k (0-33, sorted) such that counts + one k is a sets-and-pair win.

    The hand must have (count+wilds) % 3 == 1, else the answer is []. Kinds already held four
    times are never listed (no fifth tile exists). The wild kind itself is not excluded here:
    the caller knows which kind is wild (ruling M14 leaves it out of 獨張).
    """
    try:
        key = bytes(counts)
    except (TypeError, ValueError):
        _bad_counts(counts)
    return waits_of_key(key, wilds)


def waits_of_key(key: bytes, wilds: int = 0) -> list[int]:
    """`waits` of the counts whose `bytes` are `key` (the engine keeps its hands' keys)."""
    try:
        packed = PACKED
        km, kp, ks, kz = _SUITS(key)
        summed = packed[km] + packed[kp] + packed[ks] + packed[kz]
    except (KeyError, struct.error):
        _fill(_key_of(key))
        return waits_of_key(key, wilds)
    # the packed sum holds the total cost and how many suits the pair makes cheaper: the
    # cheapest pair change is -1 if any suit's is (the changes are -1 or +2)
    total = summed >> 3
    low = -1 if summed & 7 else 2
    # One more natural lowers the wilds needed by at most one (a wild could take its place);
    # the test modulo 3 is the hand size check, as in `is_win`. Most hands stop here.
    if total + low - 1 > wilds or (wilds - total - low) % 3 != 2:
        return []
    shape = SHAPE
    a, da = shape[km]
    b, db = shape[kp]
    c, dc = shape[ks]
    d, dd = shape[kz]
    out: list[int] = []
    for suit, suit_key, own, others_change in (
        (0, km, a, min(db, dc, dd)),
        (1, kp, b, min(da, dc, dd)),
        (2, ks, c, min(da, db, dd)),
        (3, kz, d, min(da, db, dc)),
    ):
        rest = total - own
        table = WAITS[suit]
        classes = table.get(suit_key)
        if classes is None:
            classes = _wait_table(suit, suit_key)
        for cost, change, kinds in classes:
            if rest + cost + (change if change < others_change else others_change) <= wilds:
                out += kinds
    out.sort()
    return out


def seven_pairs_waits(counts: Sequence[int]) -> list[int]:
    """The kind completing seven pairs for a 13-tile hand: the one odd kind, if the rest pair up.

    Three of a kind waiting on the fourth counts (ruling N3: four identical = two pairs).
    """
    return seven_pairs_waits_of_key(_key_of(counts))


def seven_pairs_waits_of_key(key: bytes) -> list[int]:
    """`seven_pairs_waits` of the 34 counts whose `bytes` are `key`."""
    # quick reject (C-speed counts): exactly one kind may be odd, held once or three times
    ones = key.count(1)
    if ones + key.count(3) != 1 or sum(key) != 13 or max(key) > 4:
        return []
    return [key.index(1) if ones else key.index(3)]
