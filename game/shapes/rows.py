"""Usage rows: per suit, the most naturals that fit into s partial sets (with and without a
partial pair); each distinct pair of rows numbered once, and two numbers combined."""

from __future__ import annotations

from operator import add

from game.shapes import memo
from game.shapes.keys import _ROW_WIDTH, _at, _moved, _Usage
from game.shapes.memo import JOINED, JOINS, MOVE_NUMBERS, ROWS_OF, SUIT_NUMBER, USAGE, number_of
from game.shapes.tables import _shipped_rows


def _usage(key: bytes) -> _Usage:
    found = USAGE.get(key)
    if found is None:
        found = _shipped_rows(key) if len(key) == 9 else None
        if found is None:
            found = _search_usage(key)
        USAGE[key] = found
    return found


def _search_usage(key: bytes) -> _Usage:
    size = len(key)
    naturals = sum(key)
    i = 0
    while i < size and key[i] == 0:
        i += 1
    if i == size:
        return (0,) * _ROW_WIDTH, (0,) * _ROW_WIDTH
    held = key[i]
    work = bytearray(key)
    # Either the copies of the lowest kind left now stay out of every group, or one more of
    # them joins a group (and the choice comes back for the rest).
    work[i] = 0
    skip = _usage(bytes(work))
    work[i] = held
    take = min(held, 3)
    work[i] -= take
    pong = _usage(bytes(work))
    work[i] += take
    pair_take = min(held, 2)
    work[i] -= pair_take
    pair = _usage(bytes(work))
    work[i] += pair_take
    chow: _Usage | None = None
    chow_take = 0
    if size == 9:
        start = min(i, 6)
        used: list[int] = []
        for j in range(start, start + 3):
            if work[j]:
                work[j] -= 1
                used.append(j)
        chow_take = len(used)
        chow = _usage(bytes(work))
    rows: list[tuple[int, ...]] = []
    for p in (0, 1):
        row: list[int] = []
        for s in range(max(naturals + 1, _ROW_WIDTH)):
            best = _at(skip[p], s)
            if s:
                best = max(best, take + _at(pong[p], s - 1))
                if chow is not None:
                    best = max(best, chow_take + _at(chow[p], s - 1))
            if p:
                best = max(best, pair_take + _at(pair[0], s))
            row.append(best)
        rows.append(tuple(row))
    return rows[0], rows[1]


# --- usage rows by number -----------------------------------------------------------------------
#
# Hands of up to 23 tiles need at most 7 sets, so every suit's usage rows fit in _ROW_WIDTH
# entries. Each distinct pair of rows gets a small number once; a suit key maps to its number,
# and two numbers combine (best usage with s sets shared between the two, for every s) into
# the number of the combined rows. The combinations are remembered by a pair of ints, so
# measuring a hand is a handful of dict lookups on int keys: a suit whose tiles did not change
# costs nothing new, and the three suits a discard leaves alone are combined once for all the
# discards of the fourth.


def _suit_number(key: bytes) -> int:
    """The number of a suit key's usage rows (cut to _ROW_WIDTH)."""
    found = SUIT_NUMBER.get(key)
    if found is None:
        plain, paired = _usage(key)
        found = SUIT_NUMBER[key] = number_of((plain[:_ROW_WIDTH], paired[:_ROW_WIDTH]))
    return found


def _join(a: int, b: int) -> int:
    """The number of rows `a` and `b` combined (max-plus over how the sets are shared)."""
    memo_key = a << 32 | b
    found = JOINED.get(memo_key)
    if found is None:  # both orders are remembered: the combination is symmetric
        shipped = memo.JOINS_SHIPPED
        if a < shipped and b < shipped:  # both in JOINS_FILE: its table has the answer
            found = JOINS[a * shipped + b]
        else:
            found = number_of(_join_rows(ROWS_OF[a], ROWS_OF[b]))
        if len(JOINED) >= 200_000:
            JOINED.clear()  # bounded memory in long runs (the numbers themselves stay)
        JOINED[memo_key] = JOINED[b << 32 | a] = found
    return found


def _join_rows(a: _Usage, b: _Usage) -> _Usage:
    """Rows `a` and `b` combined: the best usage with s sets shared between them."""
    a_plain, a_paired = a
    b_plain, b_paired = b
    return (
        tuple([max(map(add, a_plain, b_plain[s::-1])) for s in range(_ROW_WIDTH)]),
        tuple([max(max(map(add, a_plain, b_paired[s::-1])),
                   max(map(add, a_paired, b_plain[s::-1]))) for s in range(_ROW_WIDTH)]),
    )


def _hand_numbers(key: bytes) -> tuple[int, int, int, int]:
    """The numbers of a 34-count key's four suits."""
    number = SUIT_NUMBER
    try:
        return (number[key[:9]], number[key[9:18]], number[key[18:27]], number[key[27:34]])
    except KeyError:
        return (_suit_number(key[:9]), _suit_number(key[9:18]), _suit_number(key[18:27]),
                _suit_number(key[27:34]))


def _move_numbers(key: bytes, step: int) -> tuple[tuple[int, int], ...]:
    table = MOVE_NUMBERS[step > 0]
    found = table.get(key)
    if found is None:
        found = table[key] = tuple([(t, _suit_number(moved)) for t, moved in _moved(key, step)])
    return found
