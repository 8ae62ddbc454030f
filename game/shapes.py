"""Hand shapes: win detection, waits, deficiency and every reading of a complete hand.

Hands are count vectors over the 34 playing kinds (a 42-long vector is fine: only the first 34
entries are read). Mazhan wilds (財神, ruling M6) are not in the counts; they come as a separate
number `wilds` and each may stand for any of the 34 kinds, whatever the natural counts are (the
seeds put no limit on what a wild may stand for). Declared melds are not in the counts either:
the concealed part only has to make (tiles + wilds - 2) / 3 sets and one pair. Four identical
tiles in hand are a triplet plus one more tile, never a kong (ruling M8).

Speed comes from per-suit tables keyed by the suit's counts as `bytes` (9 suited kinds, or the 7
honours): for each key, the fewest wilds that turn the suit into sets alone, and the change when
the suit also holds the pair. A hand is a win when the sum over the four suits, plus the cheapest
place for the pair, is at most `wilds` (spare wilds always come in threes: they form sets of
their own). Tables fill lazily, so the first sight of a suit shape costs a small search.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import add
from pathlib import Path
from typing import Final, NoReturn

from game.tiles import format_tiles

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


# --- minimum wilds per suit ------------------------------------------------------------------

_COST0: dict[bytes, int] = {}
_COST1: dict[bytes, int] = {}


def _cost(key: bytes, pair: int) -> int:
    """Fewest wilds that make these naturals into sets (plus exactly one pair if `pair`)."""
    memo = _COST1 if pair else _COST0
    found = memo.get(key)
    if found is not None:
        return found
    value = _search_cost(key, pair)
    if len(memo) >= 4096:
        memo.clear()  # only the search reads these (`_SHAPE` keeps the answers): flat memory
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


_SHAPE: Final[dict[bytes, tuple[int, int]]] = {}
"""Suit key → (wilds to make sets only, change when the pair is here too).

The change is always -1 or +2: a suit's size fixes its cost modulo 3 with and without the pair.
"""

_PACKED: Final[dict[bytes, int]] = {}
"""The same as one int, 8 × cost + (1 if the pair here saves a wild), so that the four suits of
a hand add up to 8 × (total cost) + (number of suits where the pair saves a wild)."""


def _shape(key: bytes) -> tuple[int, int]:
    """The `_SHAPE` entry of a suit key, filled (with `_PACKED`) on first use."""
    value = _SHAPE.get(key)
    if value is None:
        if max(key, default=0) > 4:
            value = (INF, 2)
        else:
            rows = _USAGE.get(key) or (_shipped_rows(key) if len(key) == 9 else None)
            if rows is not None:  # read off the rows (shipped up to 11 suited tiles)
                plain = _cost_of_row(rows[0], sum(key), 0)
                value = (plain, _cost_of_row(rows[1], sum(key), 2) - plain)
            else:
                plain = _cost(key, 0)
                value = (plain, _cost(key, 1) - plain)
        _SHAPE[key] = value
        _PACKED[key] = 8 * value[0] + (value[1] < 0)
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
    packed = _PACKED
    return _wins_with(
        wilds, packed[key[:9]] + packed[key[9:18]] + packed[key[18:27]] + packed[key[27:34]]
    )


_SUITS: Final = struct.Struct("9s9s9s7s").unpack_from
"""The four suit keys of a hand's counts as bytes (one C call instead of four slices; a
42-long vector's flowers are left out, too few counts raise struct.error)."""


def is_win(counts: Sequence[int], wilds: int = 0) -> bool:
    """Sets-and-a-pair complete? (count+wilds) % 3 == 2 required, else False."""
    try:
        m, p, s, z = _SUITS(bytes(counts))
        packed = _PACKED  # plain dicts: their lookups are the fast path in CPython
        return (packed[m] + packed[p] + packed[s] + packed[z]) in _WIN_SUMS[wilds]
    except (KeyError, struct.error):  # a suit shape seen for the first time, few counts,
        return _is_win_slow(counts, wilds)  # or many wilds
    except (TypeError, ValueError):
        _bad_counts(counts)


# --- waits -----------------------------------------------------------------------------------

_WaitClasses = tuple[tuple[int, int, tuple[int, ...]], ...]


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


_WAITS: Final[tuple[dict[bytes, _WaitClasses], ...]] = ({}, {}, {}, {})
"""Per suit (m, p, s, honours): suit key → its `_wait_classes`."""


def _wait_table(suit: int, key: bytes) -> _WaitClasses:
    table = _WAITS[suit]
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
        packed = _PACKED
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
    shape = _SHAPE
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
        table = _WAITS[suit]
        classes = table.get(suit_key)
        if classes is None:
            classes = _wait_table(suit, suit_key)
        for cost, change, kinds in classes:
            if rest + cost + (change if change < others_change else others_change) <= wilds:
                out += kinds
    out.sort()
    return out


# --- seven pairs (Nanjing, ruling N3) ----------------------------------------------------------


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Nanjing seven pairs (ruling N3): 14 tiles, all in pairs; four identical = two pairs."""
    key = _key_of(counts)
    # quick reject first (bytes.count runs in C): any odd count rules seven pairs out
    return not key.count(1) and not key.count(3) and sum(key) == 14 and max(key) <= 4


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


def seven_pairs_deficiency(counts: Sequence[int]) -> int:
    """Tiles still to exchange for seven pairs (0 = complete, 1 = ready), for 13 or 14 tiles."""
    key = _key_of(counts)
    return 7 - sum(n // 2 for n in key)


# --- deficiency --------------------------------------------------------------------------------

_Usage = tuple[tuple[int, ...], tuple[int, ...]]
"""Per suit: [pair?][s] = most naturals that fit into s partial sets (+ a partial pair)."""

_USAGE: dict[bytes, _Usage] = {}


def _usage(key: bytes) -> _Usage:
    found = _USAGE.get(key)
    if found is None:
        found = _shipped_rows(key) if len(key) == 9 else None
        if found is None:
            found = _search_usage(key)
        _USAGE[key] = found
    return found


_ROW_WIDTH: Final = 8
"""Rows are kept at least this long (sets 0-7), so hands up to 23 tiles need no padding."""


def _at(row: tuple[int, ...], s: int) -> int:
    """Usage with s sets; rows stop where every natural already fits."""
    return row[s] if s < len(row) else row[-1]


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

_ROWS_OF: list[_Usage] = []
"""Number → (plain, paired) rows, each exactly _ROW_WIDTH long."""
_NUMBER: dict[_Usage, int] = {}
_SUIT_NUMBER: dict[bytes, int] = {}
"""Suit key → the number of its usage rows."""
_JOINED: dict[int, int] = {}
"""(a << 32 | b) → the number of rows a and b combined."""


def _number(rows: _Usage) -> int:
    found = _NUMBER.get(rows)
    if found is None:
        found = _NUMBER[rows] = len(_ROWS_OF)
        _ROWS_OF.append(rows)
    return found


def _suit_number(key: bytes) -> int:
    """The number of a suit key's usage rows (cut to _ROW_WIDTH)."""
    found = _SUIT_NUMBER.get(key)
    if found is None:
        plain, paired = _usage(key)
        found = _SUIT_NUMBER[key] = _number((plain[:_ROW_WIDTH], paired[:_ROW_WIDTH]))
    return found


def _join(a: int, b: int) -> int:
    """The number of rows `a` and `b` combined (max-plus over how the sets are shared)."""
    memo_key = a << 32 | b
    found = _JOINED.get(memo_key)
    if found is None:  # both orders are remembered: the combination is symmetric
        shipped = _JOINS_SHIPPED
        if a < shipped and b < shipped:  # both in JOINS_FILE: its table has the answer
            found = _JOINS[a * shipped + b]
        else:
            found = _number(_join_rows(_ROWS_OF[a], _ROWS_OF[b]))
        if len(_JOINED) >= 200_000:
            _JOINED.clear()  # bounded memory in long runs (the numbers themselves stay)
        _JOINED[memo_key] = _JOINED[b << 32 | a] = found
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
_JOINS_SHIPPED = 0
"""How many rows JOINS_FILE numbered (0 before it is read or when it is unusable)."""
_JOINS: array[int] = array("H")
"""[a * _JOINS_SHIPPED + b] → the number of rows a and b combined, both from JOINS_FILE."""


def _load_joins() -> None:
    """Number JOINS_FILE's rows first and keep its table (nothing when it is unusable)."""
    global _JOINS_SHIPPED
    if _ROWS_OF:
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
        _number((tuple(data[start:start + _ROW_WIDTH]),
                 tuple(data[start + _ROW_WIDTH:start + width])))
    _JOINS[:] = table
    _JOINS_SHIPPED = n


def _hand_numbers(key: bytes) -> tuple[int, int, int, int]:
    """The numbers of a 34-count key's four suits."""
    number = _SUIT_NUMBER
    try:
        return (number[key[:9]], number[key[9:18]], number[key[18:27]], number[key[27:34]])
    except KeyError:
        return (_suit_number(key[:9]), _suit_number(key[9:18]), _suit_number(key[18:27]),
                _suit_number(key[27:34]))


_MOVE_NUMBERS: tuple[dict[bytes, tuple[tuple[int, int], ...]], ...] = ({}, {})
"""[step > 0] suit key → (offset, number of the suit with one tile there taken or added)."""


def _move_numbers(key: bytes, step: int) -> tuple[tuple[int, int], ...]:
    table = _MOVE_NUMBERS[step > 0]
    found = table.get(key)
    if found is None:
        found = table[key] = tuple([(t, _suit_number(moved)) for t, moved in _moved(key, step)])
    return found


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


_KNOWN_DEFICIENCIES: Final = 32
_KIND_DEFICIENCY: Final = tuple(tuple((kind, d) for d in range(_KNOWN_DEFICIENCIES))
                                for kind in range(34))
"""(kind, deficiency) pairs made once: the remembered answers share them."""

_SUIT_MOVE_ANSWERS: dict[tuple[bytes, int, int, int, int, int], tuple[tuple[int, int], ...]] = {}
"""(suit key, its first kind, number of the other suits, sets, step, naturals wanted less the
wilds) → (kind, deficiency after the move) for each move of one tile in the suit."""


def _suit_move_answers(memo_key: tuple[bytes, int, int, int, int, int],
                       ) -> tuple[tuple[int, int], ...]:
    part, base, rest, sets, step, target = memo_key
    # far fewer (rows, rest) pairs exist than (suit key, rest) ones: each move's naturals used
    # are remembered by the pair of numbers
    pairs = _PAIR_USED
    high = (rest << 3 | sets) << 32
    shipped = _JOINS_SHIPPED if rest < _JOINS_SHIPPED else 0
    table = _JOINS
    rows = _ROWS_OF
    out: list[tuple[int, int]] = []
    for offset, number in _move_numbers(part, step):
        if number < shipped:  # the two combined, from JOINS_FILE's table: its paired row
            used = rows[table[number * shipped + rest]][1][sets]
        else:
            known = pairs.get(high | number)
            used = _pair_used(number, rest, sets) if known is None else known
        kind, d = base + offset, target - used if used < target else 0
        out.append(_KIND_DEFICIENCY[kind][d] if d < _KNOWN_DEFICIENCIES else (kind, d))
    found = tuple(out)
    if len(_SUIT_MOVE_ANSWERS) >= 100_000:
        _SUIT_MOVE_ANSWERS.clear()  # bounded memory in long runs
    _SUIT_MOVE_ANSWERS[memo_key] = found
    return found


_PAIR_USED: dict[int, int] = {}
"""((rest << 3 | sets) << 32 | number) → most naturals rows `number` and `rest` use in
`sets` sets and a pair."""


def _pair_used(number: int, rest: int, sets: int) -> int:
    plain, paired = _ROWS_OF[number]
    rest_plain, rest_paired = _ROWS_OF[rest]
    used: int = max(max(map(add, paired, rest_plain[sets::-1])),
                    max(map(add, plain, rest_paired[sets::-1])))
    if len(_PAIR_USED) >= 200_000:
        _PAIR_USED.clear()  # bounded memory in long runs
    _PAIR_USED[(rest << 3 | sets) << 32 | number] = used
    return used


# --- draws that help: per suit, which of the hand's best arrangements a draw raises ----------
#
# A hand's naturals used in `sets` sets and a pair is the best of 2 × (sets + 1) "slots": the
# suit holding s of the sets, with or without the pair, the other suits the rest. Adding one
# tile raises each slot by 0 or 1, so a draw lowers the deficiency exactly when it raises some
# best slot. Which slots a draw changes depends on the suit's own tiles alone, and which slots
# are best on the suit's rows and the rest's: both repeat far more than whole hands, so the
# helping kinds are remembered by (suit key, best slots), whatever the other suits hold.
# (Measured: for the deficiency of every discard, remembering by the rest's rows, above, is
# as fast, so that path stays as it was.)

_MOVE_SLOTS: tuple[dict[bytes, tuple[tuple[int, int], ...]], ...] = ({}, {})
"""[step > 0] suit key → (offset, the slots whose usage a move of one tile there changes),
slot s of the paired row as bit s, of the plain row as bit 8 + s."""


def _move_slots(key: bytes, step: int) -> tuple[tuple[int, int], ...]:
    table = _MOVE_SLOTS[step > 0]
    found = table.get(key)
    if found is None:
        shipped = _shipped_slots(key) if step > 0 else _shipped_discard_slots(key)
        found = table[key] = _search_move_slots(key, step) if shipped is None else shipped
    return found


def _search_move_slots(key: bytes, step: int) -> tuple[tuple[int, int], ...]:
    """`_move_slots` worked out from the rows of the suit before and after each move."""
    number = _suit_number(key) << 32
    known = _CHANGED.get
    out: list[tuple[int, int]] = []
    for t, moved in _moved(key, step):
        pair = number | _suit_number(moved)
        changed = known(pair)
        if changed is None:
            changed = _changed_slots(pair)
        out.append((t, changed))
    return tuple(out)


_CHANGED: dict[int, int] = {}
"""(a << 32 | b) → the slots where rows a and b differ (far fewer pairs than suit keys)."""


def _changed_slots(pair: int) -> int:
    plain, paired = _ROWS_OF[pair >> 32]
    moved_plain, moved_paired = _ROWS_OF[pair & 0xFFFFFFFF]
    changed = 0
    for s in range(_ROW_WIDTH):
        if moved_paired[s] != paired[s]:
            changed |= 1 << s
        if moved_plain[s] != plain[s]:
            changed |= 1 << (_ROW_WIDTH + s)
    _CHANGED[pair] = changed
    return changed


_BEST_SLOTS: dict[int, int] = {}
"""((rest << 3 | sets) << 32 | number) → the slots where rows `number` and `rest` reach their
best usage in `sets` sets and a pair (bits as in `_MOVE_SLOTS`)."""


def _best_slots(number: int, rest: int, sets: int) -> int:
    plain, paired = _ROWS_OF[number]
    rest_plain, rest_paired = _ROWS_OF[rest]
    with_pair = [paired[s] + rest_plain[sets - s] for s in range(sets + 1)]
    without = [plain[s] + rest_paired[sets - s] for s in range(sets + 1)]
    top = max(max(with_pair), max(without))
    slots = 0
    for s in range(sets + 1):
        if with_pair[s] == top:
            slots |= 1 << s
        if without[s] == top:
            slots |= 1 << (_ROW_WIDTH + s)
    if len(_BEST_SLOTS) >= 200_000:
        _BEST_SLOTS.clear()  # bounded memory in long runs
    _BEST_SLOTS[(rest << 3 | sets) << 32 | number] = slots
    return slots


def deficiency(counts: Sequence[int], wilds: int = 0, sets_needed: int | None = None) -> int:
    """Tiles still to draw before the hand is complete: 0 = complete, 1 = ready, and so on.

    Works for 3n+1 and 3n+2 totals: it is the fewest new tiles that, with some of the naturals
    and every wild, make `sets_needed` sets and a pair (default (count+wilds)//3). Like common
    shanten counts it does not check that a fifth copy of a kind would be needed (a lone
    four-of-a-kind may score 1 without a real wait); `waits` is exact.
    """
    key = _key_of(counts)
    if wilds < 0:
        raise ValueError("wilds cannot be negative")
    sets = (sum(key) + wilds) // 3 if sets_needed is None else sets_needed
    if sets < 0:
        raise ValueError("sets_needed cannot be negative")
    if max(key) > 4:
        raise ValueError("no kind can be held more than four times")
    if sets < _ROW_WIDTH:
        # a few int-keyed lookups: cheaper than reading the last answer, and cheaper than a
        # memo of whole hands (measured: bots repeat a hand on 0-25% of these calls)
        m, p, s, z = _hand_numbers(key)
        joined = _JOINED.get  # `_join`'s memo read inline (most hands find all three there)
        low, high = joined(m << 32 | p), joined(s << 32 | z)
        if low is None:
            low = _join(m, p)
        if high is None:
            high = _join(s, z)
        whole = joined(low << 32 | high)
        if whole is None:
            whole = _join(low, high)
        used = _ROWS_OF[whole][1][sets]
        return max(0, 3 * sets + 2 - used - wilds)
    memo_key = (key, wilds, sets)
    known = _DEFICIENCY_MEMO.get(memo_key)
    if known is not None:
        return known
    known = _from_last_discards(key, wilds, sets)
    if known is not None:
        return known
    used = _used_by_rows(key, sets)
    result = max(0, 3 * sets + 2 - used - wilds)
    if len(_DEFICIENCY_MEMO) >= 50_000:
        _DEFICIENCY_MEMO.clear()  # bounded memory in long runs
    _DEFICIENCY_MEMO[memo_key] = result
    return result


def _used_by_rows(key: bytes, sets: int) -> int:
    """Most naturals of `key` used in `sets` sets and a pair, any number of sets."""
    width = sets + 1
    best: tuple[list[int], list[int]] | None = None
    for lo, hi in _SUIT_SLICES:
        part = key[lo:hi]
        if not any(part):
            continue  # an empty suit adds nothing (a pair slot may stay empty anywhere)
        rows = _usage(part)
        if len(rows[0]) >= width:
            plain, paired = list(rows[0][:width]), list(rows[1][:width])
        else:
            plain = [_at(rows[0], s) for s in range(width)]
            paired = [_at(rows[1], s) for s in range(width)]
        if best is None:
            best = (plain, paired)
            continue
        # best of this suit with s1 sets and the others with s - s1, for every s
        old_plain, old_paired = best
        best = (
            [max(map(add, plain[: s + 1], old_plain[s::-1])) for s in range(width)],
            [
                max(
                    max(map(add, plain[: s + 1], old_paired[s::-1])),
                    max(map(add, paired[: s + 1], old_plain[s::-1])),
                )
                for s in range(width)
            ],
        )
    return best[1][sets] if best is not None else 0


_DEFICIENCY_MEMO: dict[tuple[bytes, int, int], int] = {}
"""(hand key, wilds, sets) → deficiency: bots measure the same hands again and again (each
plan, each claim, each discard's acceptance)."""


# --- deficiency after one tile leaves or joins the hand ---------------------------------------
#
# Only the suit of the tile that moves changes, so the other three suits are combined once
# (max-plus over how many sets each suit holds) and each candidate costs one lookup of its
# suit's new row plus one pass over `sets` entries, instead of a whole `deficiency` call.

_Rows = tuple[Sequence[int], Sequence[int]]


def _cut(rows: _Rows, width: int) -> _Rows:
    """A suit's usage rows as tuples of exactly `width` entries."""
    plain, paired = rows
    if len(plain) >= width:
        return tuple(plain[:width]), tuple(paired[:width])
    top = len(plain) - 1  # rows stop where every natural fits: the last entry repeats
    return (tuple(plain[min(s, top)] for s in range(width)),
            tuple(paired[min(s, top)] for s in range(width)))


_COMBINED: dict[tuple[Sequence[int], ...], _Rows] = {}
"""(rows, rows) → combined. Far fewer distinct rows exist than suit shapes, so most
combinations of a game have been seen before."""


def _combine(a: _Rows, b: _Rows) -> _Rows:
    """Two groups of suits as one: best usage with s sets shared between them, for every s."""
    memo_key = (*a, *b)
    found = _COMBINED.get(memo_key)
    if found is not None:
        return found
    a_plain, a_paired = a
    b_plain, b_paired = b
    # map stops at its shorter argument, so only the reversed side needs slicing
    found = (
        tuple([max(map(add, a_plain, b_plain[s::-1])) for s in range(len(a_plain))]),
        tuple([
            max(max(map(add, a_plain, b_paired[s::-1])), max(map(add, a_paired, b_plain[s::-1])))
            for s in range(len(a_plain))
        ]),
    )
    if len(_COMBINED) > 200_000:
        _COMBINED.clear()  # a bound on memory for long runs
    _COMBINED[memo_key] = found
    return found


def _used(rows: _Rows, rest: _Rows | None, sets: int) -> int:
    """Most naturals used in `sets` sets and a pair by one suit (`rows`) and the rest."""
    if len(rows[0]) <= sets:
        rows = _cut(rows, sets + 1)
    plain, paired = rows
    if rest is None:
        return paired[sets]
    rest_plain, rest_paired = rest
    best: int = max(
        max(map(add, paired, rest_plain[sets::-1])),
        max(map(add, plain, rest_paired[sets::-1])),
    )
    return best


_PAIRS: dict[tuple[bytes, bytes, int], _Rows] = {}
"""(suit key, suit key, width) → the two suits combined. A turn changes at most two suits, so
the pair of the other two usually comes back from the turn before."""


def _pair(a: bytes, b: bytes, width: int) -> _Rows:
    memo_key = (a, b, width)
    found = _PAIRS.get(memo_key)
    if found is None:
        if len(_PAIRS) > 100_000:
            _PAIRS.clear()  # a bound on memory for long runs; refills within a few hands
        found = _PAIRS[memo_key] = _combine(_cut(_usage(a), width), _cut(_usage(b), width))
    return found


def _rests(parts: list[bytes], width: int) -> list[_Rows | None]:
    """For each of the four suits, the other three combined (None when they are all empty).

    Suits are paired as (0, 1) and (2, 3): the rest of suit 0 is suit 1 with the pair (2, 3),
    and so on, so four combinations (plus two remembered pairs) serve all four suits.
    """
    rows: list[_Rows | None] = [_cut(_usage(p), width) if any(p) else None for p in parts]

    def join(x: _Rows | None, y: _Rows | None) -> _Rows | None:
        if x is None:
            return y
        return x if y is None else _combine(x, y)

    low = _pair(parts[0], parts[1], width) if rows[0] and rows[1] else rows[0] or rows[1]
    high = _pair(parts[2], parts[3], width) if rows[2] and rows[3] else rows[2] or rows[3]
    return [join(rows[1], high), join(rows[0], high), join(low, rows[3]), join(low, rows[2])]


_Moves = tuple[tuple[int, _Usage], ...]
_MINUS: dict[bytes, _Moves] = {}
"""Suit key → (offset, usage rows of the suit with one tile at offset taken away)."""
_PLUS: dict[bytes, _Moves] = {}
"""Suit key → (offset, usage rows of the suit with one tile at offset added), below four."""


def _moves(key: bytes, step: int) -> _Moves:
    table = _MINUS if step < 0 else _PLUS
    found = table.get(key)
    if found is None:
        found = table[key] = tuple([(t, _usage(moved)) for t, moved in _moved(key, step)])
    return found


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


def _deficiency_moves(
    counts: Sequence[int], wilds: int, sets_needed: int | None, step: int
) -> dict[int, int]:
    key = _checked_key(counts, wilds)
    size = sum(key)
    if step < 0 and size == 0:
        return {}
    sets = (size + step + wilds) // 3 if sets_needed is None else sets_needed
    if sets < 0:
        raise ValueError("sets_needed cannot be negative")
    # (no memo of whole hands: measured, a bot asks about the same hand again on about one
    # call in thirty, so remembering every answer cost more than the repeats saved)
    target = 3 * sets + 2 - wilds
    out: dict[int, int] = {}
    km, kp, ks, kz = parts = key[:9], key[9:18], key[18:27], key[27:34]
    if sets < _ROW_WIDTH:
        number = _SUIT_NUMBER
        m, p, s, z = number.get(km), number.get(kp), number.get(ks), number.get(kz)
        if m is None or p is None or s is None or z is None:
            m, p, s, z = _hand_numbers(key)
        joined = _JOINED.get  # `_join`'s memo read inline: six combinations per hand
        low = joined(m << 32 | p)
        if low is None:
            low = _join(m, p)
        high = joined(s << 32 | z)
        if high is None:
            high = _join(s, z)
        found_moves = _SUIT_MOVE_ANSWERS
        # per suit, the other three combined; a discard needs it only where a tile is held
        for base, part, other, pair in ((0, km, p, high), (9, kp, m, high), (18, ks, low, z),
                                        (27, kz, low, s)):
            if step > 0 or any(part):
                rest = joined(other << 32 | pair)
                if rest is None:
                    rest = _join(other, pair)
                answer_key = (part, base, rest, sets, step, target)
                answers = found_moves.get(answer_key)
                if answers is None:
                    answers = _suit_move_answers(answer_key)
                out.update(answers)
    else:
        _moves_by_rows(out, list(parts), target, sets, step)
    if step < 0 and sets >= _ROW_WIDTH:
        # Each answer is `deficiency` of the hand less one tile, which a bot weighing a
        # discard may ask next (acceptance): `deficiency` of so many sets looks here before
        # searching (fewer sets are cheaper to work out than to look up here).
        _LAST_DISCARDS[0] = (key, wilds, sets, dict(out))  # callers may change theirs
    return out


def _moves_by_rows(out: dict[int, int], parts: list[bytes], target: int, sets: int,
                   step: int) -> None:
    """`_deficiency_moves` for any number of sets, into `out`."""
    width = sets + 1
    rests = _rests(parts, width)
    for suit, part in enumerate(parts):
        if step > 0 or any(part):
            base = _SUIT_SLICES[suit][0]
            others = rests[suit]
            if others is None:
                for offset, alone in _moves(part, step):
                    out[base + offset] = max(0, target - _used(alone, None, sets))
                continue
            for offset, used in _suit_moves(part, others, sets, step):
                out[base + offset] = target - used if used < target else 0


_LAST_DISCARDS: list[tuple[bytes, int, int, dict[int, int]] | None] = [None]
"""The latest `deficiency_after_discards` answer: (hand key, wilds, sets, kind → deficiency)."""


def _from_last_discards(key: bytes, wilds: int, sets: int) -> int | None:
    """`deficiency` of `key` if it is the latest after-discards hand less one tile."""
    last = _LAST_DISCARDS[0]
    if last is None or last[1] != wilds or last[2] != sets:
        return None
    parent = last[0]
    for i, (a, b) in enumerate(zip(parent, key, strict=False)):
        if a != b:
            if a - b == 1 and parent[i + 1 :] == key[i + 1 :]:
                return last[3].get(i)
            return None
    return None


def _suit_moves(part: bytes, others: _Rows, sets: int, step: int) -> tuple[tuple[int, int], ...]:
    """(offset, naturals used) for each move of one tile in this suit, the other suits being
    `others`: remembered, since the rows of the other suits repeat far more than hands do."""
    memo_key = (part, others, sets, step)
    found = _SUIT_MOVES.get(memo_key)
    if found is not None:
        return found
    # `_used` inlined, the rest's reversed rows sliced once for every move of the suit
    rest_plain = others[0][sets::-1]
    rest_paired = others[1][sets::-1]
    out: list[tuple[int, int]] = []
    for offset, usage in _moves(part, step):
        rows: _Rows = usage if len(usage[0]) > sets else _cut(usage, sets + 1)
        out.append((offset, max(max(map(add, rows[1], rest_plain)),
                                max(map(add, rows[0], rest_paired)))))
    if len(_SUIT_MOVES) >= 100_000:
        _SUIT_MOVES.clear()  # bounded memory in long runs
    found = _SUIT_MOVES[memo_key] = tuple(out)
    return found


_SUIT_MOVES: dict[tuple[bytes, _Rows, int, int], tuple[tuple[int, int], ...]] = {}


def deficiency_after_discards(
    counts: Sequence[int], wilds: int = 0, sets_needed: int | None = None
) -> dict[int, int]:
    """For each kind held, `deficiency` of the hand with one tile of it taken away.

    Equal to calling `deficiency(counts - k, wilds, sets_needed)` for every held kind k (the
    default `sets_needed` is that of the smaller hand), at a fraction of the cost.
    """
    return _deficiency_moves(counts, wilds, sets_needed, -1)


def deficiency_after_draws(
    counts: Sequence[int], wilds: int = 0, sets_needed: int | None = None
) -> dict[int, int]:
    """For each kind held fewer than four times, `deficiency` of the hand with one more of it.

    Equal to calling `deficiency(counts + k, wilds, sets_needed)` for each such kind k (the
    default `sets_needed` is that of the larger hand).
    """
    return _deficiency_moves(counts, wilds, sets_needed, 1)


def discards_keeping(counts: Sequence[int], wilds: int = 0,
                     sets_needed: int | None = None) -> tuple[int, int]:
    """(`deficiency` of the hand, the held kinds whose discard leaves as many naturals in use
    as a bit mask: bit k set when an arrangement using the most naturals leaves a k out).

    Where the deficiency is above 0 those are exactly the kinds whose discard keeps it (any
    other discard raises it by one), at the cost of one `deficiency` call and a few lookups
    per suit instead of `deficiency_after_discards`' answer per kind. The default
    `sets_needed` is that of the hand less one tile, as for `deficiency_after_discards`.
    """
    key = _checked_key(counts, wilds)
    size = sum(key)
    sets = (size - 1 + wilds) // 3 if sets_needed is None else sets_needed
    if sets < 0:
        raise ValueError("sets_needed cannot be negative")
    if sets >= _ROW_WIDTH or size == 0:
        return _discards_keeping_plainly(key, wilds, sets)
    return discards_keeping_key(key, wilds, sets)


def discards_keeping_key(key: bytes, wilds: int, sets: int) -> tuple[int, int]:
    """`discards_keeping` of a checked key (34 counts 0-4) holding a tile, sets below
    _ROW_WIDTH (a bot that made the key itself calls this directly)."""
    km, kp, ks, kz = _SUITS(key)
    number = _SUIT_NUMBER
    m, p, s, z = number.get(km), number.get(kp), number.get(ks), number.get(kz)
    if m is None or p is None or s is None or z is None:
        m, p, s, z = _hand_numbers(key)
    joined = _JOINED.get  # `_join`'s memo read inline
    low = joined(m << 32 | p)
    if low is None:
        low = _join(m, p)
    high = joined(s << 32 | z)
    if high is None:
        high = _join(s, z)
    whole = joined(low << 32 | high)
    if whole is None:
        whole = _join(low, high)
    d = 3 * sets + 2 - _ROWS_OF[whole][1][sets] - wilds
    best_slots = _BEST_SLOTS.get
    masks = _KEEP_MASKS.get
    keep = 0
    for base, part, own, other, pair in ((0, km, m, p, high), (9, kp, p, m, high),
                                         (18, ks, s, low, z), (27, kz, z, low, s)):
        if part == _EMPTY[base]:
            continue
        rest = joined(other << 32 | pair)
        if rest is None:
            rest = _join(other, pair)
        slots = best_slots((rest << 3 | sets) << 32 | own)
        if slots is None:
            slots = _best_slots(own, rest, sets)
        mask_key = (part, slots)
        mask = masks(mask_key)
        if mask is None:
            mask = _keep_mask(mask_key)
        keep |= mask << base
    return (d if d > 0 else 0), keep


_EMPTY: Final = {0: bytes(9), 9: bytes(9), 18: bytes(9), 27: bytes(7)}

_KEEP_MASKS: dict[tuple[bytes, int], int] = {}
"""(suit key, best slots) → offsets of the suit whose discard leaves one of those slots
whole, as bits (the slots a discard changes depend on the suit's own tiles alone)."""


def _keep_mask(mask_key: tuple[bytes, int]) -> int:
    part, slots = mask_key
    mask = 0
    for offset, changed in _move_slots(part, -1):
        if slots & ~changed:
            mask |= 1 << offset
    if len(_KEEP_MASKS) >= 100_000:
        _KEEP_MASKS.clear()  # bounded memory in long runs
    _KEEP_MASKS[mask_key] = mask
    return mask


def _discards_keeping_plainly(key: bytes, wilds: int, sets: int) -> tuple[int, int]:
    """`discards_keeping` by one row-by-row count per held kind (any number of sets)."""
    used = _used_by_rows(key, sets)
    keep = 0
    work = bytearray(key)
    for kind, n in enumerate(key):
        if n:
            work[kind] = n - 1
            if _used_by_rows(bytes(work), sets) == used:
                keep |= 1 << kind
            work[kind] = n
    return max(0, 3 * sets + 2 - used - wilds), keep


class DrawsAfterDiscard:
    """`deficiency_after_draws` of a hand less one tile, for any of its tiles: a bot weighing
    each discard by the draws that would help it (acceptance) asks this once per discard, and
    the work that depends only on the hand (its suits' rows, the other suits combined) is done
    once here. `of(kind)` equals `deficiency_after_draws(counts - kind, wilds, sets_needed)`."""

    def __init__(self, counts: Sequence[int], wilds: int, sets_needed: int) -> None:
        key = _key_of(counts)
        if wilds < 0 or sets_needed < 0:
            raise ValueError("wilds and sets_needed cannot be negative")
        if max(key) > 4:
            raise ValueError("no kind can be held more than four times")
        self.key = key
        self.wilds = wilds
        self.sets = sets_needed
        self.target = 3 * sets_needed + 2 - wilds
        self.parts = (key[:9], key[9:18], key[18:27], key[27:34])
        self.fast = sets_needed < _ROW_WIDTH
        if self.fast:
            n = _hand_numbers(key)
            self.numbers = n
            # per suit a: the other three suits combined (the draws of suit a see them); per
            # pair of suits: the two combined (with a changed suit a, they are the rest of b).
            # `_join`'s memo is read inline: ten combinations per hand
            known = _JOINED.get
            joined: dict[tuple[int, int], int] = {}
            for a, b in _SUIT_PAIRS:
                both = known(n[a] << 32 | n[b])
                joined[a, b] = _join(n[a], n[b]) if both is None else both
            self.joined = joined
            rest: list[int] = []
            for a in range(4):
                # combined as `_deficiency_moves` combines them (one suit with the pair of
                # the others it pairs), so a decision that asked for the deficiency after
                # each discard first finds these in `_join`'s memo (any order gives the
                # same rows: the combination is associative)
                single, pair_of = _REST_OF[a]
                pair = joined[pair_of]
                three = known(n[single] << 32 | pair)
                rest.append(_join(n[single], pair) if three is None else three)
            self.rest = tuple(rest)
        self._others: list[tuple[tuple[bool, bytes, int, int, int], ...] | None] = [None] * 4
        """Per suit a, for each other suit b in order: (b before a, b's key, its first
        kind, its number, the two suits beside a and b combined), made on first use."""
        self._helped: dict[int, tuple[int, int, tuple[int, ...], tuple[int, ...]]] = {}
        """(number of the discard's suit after it << 2 | suit) → (naturals used, the suit's
        best slots, the helping kinds of the suits before and after it): two discards that
        leave their suit with the same rows share everything but the suit's own kinds."""

    def of(self, kind: int) -> dict[int, int]:
        return self.after(kind)[1]

    def after(self, kind: int) -> tuple[int, dict[int, int]]:
        """(`deficiency`, `deficiency_after_draws`) of the hand less one `kind`."""
        if not self.key[kind]:
            raise ValueError(f"kind {kind} is not held")
        if not self.fast:
            less = list(self.key)
            less[kind] -= 1
            return (deficiency(less, self.wilds, self.sets),
                    deficiency_after_draws(less, self.wilds, self.sets))
        a, part_a, number_a = self._less_one(kind)
        sets, target = self.sets, self.target
        found = _SUIT_MOVE_ANSWERS
        out: dict[int, int] = {}
        for b in range(4):
            if b == a:
                part, rest = part_a, self.rest[a]
            else:
                part = self.parts[b]
                rest = _join(number_a, self.joined[_PAIR_BESIDE[a][b]])
            answer_key = (part, _SUIT_SLICES[b][0], rest, sets, 1, target)
            answers = found.get(answer_key)
            if answers is None:
                answers = _suit_move_answers(answer_key)
            out.update(answers)
        used = _ROWS_OF[_join(number_a, self.rest[a])][1][sets]
        return (target - used if used < target else 0), out

    def _less_one(self, kind: int) -> tuple[int, bytes, int]:
        """The suit of `kind`, that suit's tiles less one `kind`, and their row number."""
        a = kind // 9 if kind < 27 else 3
        moved = bytearray(self.parts[a])
        moved[kind - _SUIT_SLICES[a][0]] -= 1
        part_a = bytes(moved)
        number_a = _SUIT_NUMBER.get(part_a)
        if number_a is None:
            number_a = _suit_number(part_a)
        return a, part_a, number_a

    def less(self, kind: int) -> int:
        """`deficiency` of the hand less one `kind` (what `helping` gives first, alone)."""
        if not self.key[kind]:
            raise ValueError(f"kind {kind} is not held")
        if not self.fast:
            less = list(self.key)
            less[kind] -= 1
            return deficiency(less, self.wilds, self.sets)
        a, _, number_a = self._less_one(kind)
        whole = _JOINED.get(number_a << 32 | self.rest[a])
        if whole is None:
            whole = _join(number_a, self.rest[a])
        used = _ROWS_OF[whole][1][self.sets]
        return self.target - used if used < self.target else 0

    def helping(self, kind: int) -> tuple[int, tuple[int, ...]]:
        """(`deficiency` of the hand less one `kind`, the kinds, in order, whose draw would
        then lower it): what `after` tells about draws, without a deficiency per kind."""
        if not self.key[kind]:
            raise ValueError(f"kind {kind} is not held")
        if not self.fast:
            base, draws = self.after(kind)
            return base, tuple([k for k, d in draws.items() if d < base])
        a, part_a, number_a = self._less_one(kind)
        sets, target = self.sets, self.target
        found = _SUIT_HELPING
        known = self._helped.get(number_a << 2 | a)
        if known is not None:
            if known[0] >= target:
                return 0, ()
            answer_key = (part_a, _SUIT_SLICES[a][0], known[1])
            kinds = found.get(answer_key)
            if kinds is None:
                kinds = _suit_helping(answer_key)
            return target - known[0], known[2] + kinds + known[3]
        joined = _JOINED.get  # `_join`'s memo read inline
        high_a = number_a << 32
        whole = joined(high_a | self.rest[a])
        if whole is None:
            whole = _join(number_a, self.rest[a])
        used = _ROWS_OF[whole][1][sets]
        if used >= target:
            self._helped[number_a << 2 | a] = (used, 0, (), ())
            return 0, ()  # nothing lowers a deficiency of 0
        best_slots = _BEST_SLOTS.get
        shifted = sets << 32
        before: tuple[int, ...] = ()
        after: tuple[int, ...] = ()
        others = self._others[a]
        if others is None:
            beside = _PAIR_BESIDE[a]
            others = self._others[a] = tuple(
                [(b < a, self.parts[b], _SUIT_SLICES[b][0], self.numbers[b],
                  self.joined[beside[b]]) for b in range(4) if b != a])
        for below, part, first, number, pair in others:
            rest_or_none = joined(high_a | pair)
            rest = _join(number_a, pair) if rest_or_none is None else rest_or_none
            best_or_none = best_slots((rest << 35) | shifted | number)
            best = _best_slots(number, rest, sets) if best_or_none is None else best_or_none
            answer_key = (part, first, best)
            kinds = found.get(answer_key)
            if kinds is None:
                kinds = _suit_helping(answer_key)
            if kinds:
                if below:
                    before += kinds
                else:
                    after += kinds
        rest = self.rest[a]
        best_or_none = best_slots((rest << 35) | shifted | number_a)
        best_a = _best_slots(number_a, rest, sets) if best_or_none is None else best_or_none
        answer_key = (part_a, _SUIT_SLICES[a][0], best_a)
        own = found.get(answer_key)
        if own is None:
            own = _suit_helping(answer_key)
        self._helped[number_a << 2 | a] = (used, best_a, before, after)
        return target - used, before + own + after


_SUIT_HELPING: dict[tuple[bytes, int, int], tuple[int, ...]] = {}
"""(suit key, its first kind, best slots of the hand) → the suit's kinds whose draw raises
the hand's best usage (lowers its deficiency)."""


def _suit_helping(memo_key: tuple[bytes, int, int]) -> tuple[int, ...]:
    part, base, best = memo_key
    found = tuple([base + t for t, changed in _move_slots(part, 1) if best & changed])
    if len(_SUIT_HELPING) >= 100_000:
        _SUIT_HELPING.clear()  # bounded memory in long runs
    _SUIT_HELPING[memo_key] = found
    return found


def _beside(a: int, b: int) -> tuple[int, int]:
    """The two suits other than a and b (a != b), in order."""
    c, d = (x for x in range(4) if x != a and x != b)
    return c, d


_PAIR_BESIDE: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(_beside(a, b) if a != b else (0, 0) for b in range(4)) for a in range(4))
"""[a][b] → the two suits other than a and b, in order."""
_REST_OF: Final = ((1, (2, 3)), (0, (2, 3)), (3, (0, 1)), (2, (0, 1)))
"""Per suit, the other three as (one suit, the pair of the other two), the way
`_deficiency_moves` combines them."""
_SUIT_PAIRS: Final = tuple((a, b) for a in range(4) for b in range(a + 1, 4))
"""The six pairs of suits, in order."""


# --- readings ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a reading: a set ("chow", "pong") or the "pair".

    `tiles` are the kinds the group stands for, sorted; `natural` the non-wild tiles used in it,
    sorted; it uses len(tiles) - len(natural) wilds. A group made only of wilds has tiles == ()
    and natural == (): the scorer chooses what it stands for. Such an all-wild set is offered
    both as a "pong" and as a "chow" (in different readings), so the scorer can weigh both.
    """

    kind: str
    tiles: tuple[int, ...]
    natural: tuple[int, ...]

    @property
    def wilds(self) -> int:
        return (2 if self.kind == "pair" else 3) - len(self.natural)

    def __str__(self) -> str:
        shown = format_tiles(self.tiles) if self.tiles else "any"
        extra = f"+{self.wilds}wild" if self.wilds else ""
        return f"{self.kind}:{shown}{extra}"


def _sort_key(group: Group) -> tuple[int, tuple[int, ...], str, tuple[int, ...]]:
    # all-wild groups last; otherwise by the tiles they stand for
    return (0 if group.tiles else 1, group.tiles, group.kind, group.natural)


_CANDIDATES: dict[tuple[int, int, int, bool, bool, bool], tuple[tuple[Group, int], ...]] = {}
"""(i, naturals of i up to 3, wilds up to 2, pair free, i + 1 held, i + 2 held) →
`_candidates`: all it reads (a group takes at most two wilds and three of a kind)."""


def _candidates(work: list[int], i: int, wilds: int, pair_free: bool,
                ) -> tuple[tuple[Group, int], ...]:
    """Every group holding a natural i (the lowest natural left), with the wilds it takes."""
    place = i % 9 if i < 27 else 9  # chows look at most two kinds up, in the suit
    memo_key = (i, min(work[i], 3), min(wilds, 2), pair_free,
                place < 8 and work[i + 1] > 0, place < 7 and work[i + 2] > 0)
    found = _CANDIDATES.get(memo_key)
    if found is None:  # a few thousand keys at most
        found = _CANDIDATES[memo_key] = tuple(_search_candidates(work, i, wilds, pair_free))
    return found


def _search_candidates(work: list[int], i: int, wilds: int, pair_free: bool,
                       ) -> list[tuple[Group, int]]:
    """`_candidates` worked out."""
    held = work[i]
    out: list[tuple[Group, int]] = []
    for k in range(1, min(held, 3) + 1):
        if 3 - k <= wilds:
            out.append((Group("pong", (i, i, i), (i,) * k), 3 - k))
    if pair_free:
        for k in range(1, min(held, 2) + 1):
            if 2 - k <= wilds:
                out.append((Group("pair", (i, i), (i,) * k), 2 - k))
    if i < 27:
        low = i - i % 9
        for start in range(max(low, i - 2), min(i, low + 6) + 1):
            # below i nothing natural is left; above i each tile may be natural or a wild
            choices: list[tuple[tuple[int, ...], int]] = [((i,), 0)]
            for j in range(start, start + 3):
                if j == i:
                    continue
                grown: list[tuple[tuple[int, ...], int]] = []
                for naturals, used in choices:
                    grown.append((naturals, used + 1))
                    if j > i and work[j]:
                        grown.append(((*naturals, j), used))
                choices = grown
            tiles = (start, start + 1, start + 2)
            for naturals, used in choices:
                if used <= wilds:
                    out.append((Group("chow", tiles, tuple(sorted(naturals))), used))
    return out


def _feasible(work: list[int], wilds: int, pair_free: bool) -> bool:
    key = bytes(work)
    a, da = _shape(key[:9])
    b, db = _shape(key[9:18])
    c, dc = _shape(key[18:27])
    d, dd = _shape(key[27:])
    need = a + b + c + d + (min(da, db, dc, dd) if pair_free else 0)
    return need <= wilds


def _order(group: Group) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    return (group.kind, group.tiles, group.natural)


def decompositions(counts: Sequence[int], wilds: int = 0) -> list[tuple[Group, ...]]:
    """Every distinct reading of a complete hand (3n+2 tiles with the wilds) as sets and a pair.

    Readings differ in which naturals form which groups and in what the wilds stand for. Each
    reading is a tuple of groups sorted by the tiles they stand for (all-wild groups last); the
    list is sorted and has no duplicates. Empty when the hand is not a win.
    """
    key = _key_of(counts)
    if wilds < 0:
        raise ValueError("wilds cannot be negative")
    memo_key = (key, wilds)
    found = _READINGS.get(memo_key)
    if found is None:
        found = tuple(_combine_suit_readings(key, wilds))
        if len(_READINGS) >= 2_000:
            _READINGS.clear()  # bounded memory in long runs
        _READINGS[memo_key] = found
    return list(found)  # the caller's own list; the readings themselves are frozen


_READINGS: dict[tuple[bytes, int], tuple[tuple[Group, ...], ...]] = {}
"""(hand key, wilds) → its readings: a win is read when the ruleset checks that it may be
declared and again when it is scored (Nanjing reads it for every seat offered the discard)."""


_Step = tuple[int, int, bool, tuple[int, Group | None]]


def _steps(work: list[int], chosen: list[Group], i: int, spare: int, pair_free: bool,
           floor: tuple[int, Group | None]) -> Iterator[_Step]:
    """Each group through the lowest natural `i` in turn, taken out of `work` and onto
    `chosen` while the caller searches on from the step yielded (the arguments of its next
    `walk`), then put back. Groups whose lowest natural is i come in a fixed order, so each
    multiset of groups is reached once."""
    lowest = _order(floor[1]) if floor[0] == i and floor[1] is not None else None
    for group, used in _candidates(work, i, spare, pair_free):
        if lowest is not None and _order(group) < lowest:
            continue
        for kind in group.natural:
            work[kind] -= 1
        chosen.append(group)
        yield i, spare - used, pair_free and group.kind != "pair", (i, group)
        chosen.pop()
        for kind in group.natural:
            work[kind] += 1


_SuitReading = tuple[tuple[Group, ...], int, bool]
_SUIT_READINGS: dict[tuple[int, bytes, int], tuple[_SuitReading, ...]] = {}
"""(first kind of the suit, suit key, wilds at most) → every way to put all the suit's
naturals into groups: (groups, wilds they take, whether one is the pair)."""


def _suit_readings(base: int, part: bytes, wilds: int) -> tuple[_SuitReading, ...]:
    """The groups of one suit alone, searched as `_search_readings` does the whole hand
    (groups never cross suits, so a hand's readings are one choice per suit)."""
    memo_key = (base, part, wilds)
    found = _SUIT_READINGS.get(memo_key)
    if found is not None:
        return found
    work = [0] * 34
    work[base:base + len(part)] = part
    end = base + len(part)
    out: list[_SuitReading] = []
    chosen: list[Group] = []

    def walk(start: int, spare: int, pair_free: bool, floor: tuple[int, Group | None]) -> None:
        i = start
        while i < end and work[i] == 0:
            i += 1
        if i == end:
            out.append((tuple(chosen), wilds - spare, not pair_free))
            return
        # a lower bound on the wilds the rest of the suit takes (the pair may lower it by one)
        cost, change = _shape(bytes(work[base:end]))
        if cost + (change if pair_free and change < 0 else 0) > spare:
            return
        for step in _steps(work, chosen, i, spare, pair_free, floor):
            walk(*step)

    walk(base, wilds, True, (-1, None))
    found = tuple(out)
    if len(_SUIT_READINGS) >= 20_000:
        _SUIT_READINGS.clear()  # bounded memory in long runs
    _SUIT_READINGS[memo_key] = found
    return found


def _combine_suit_readings(key: bytes, wilds: int) -> list[tuple[Group, ...]]:
    """`_search_readings` from each suit's readings: every choice of one reading per suit
    within the wilds and with at most one pair, the spare wilds finished as there."""
    if not is_win(key, wilds):
        return []
    per_suit = [_suit_readings(lo, key[lo:hi], wilds) for lo, hi in _SUIT_SLICES
                if any(key[lo:hi])]
    found: set[tuple[Group, ...]] = set()
    pair_group = Group("pair", (), ())
    chow_group, pong_group = Group("chow", (), ()), Group("pong", (), ())

    def pick(suit: int, chosen: tuple[Group, ...], spare: int, pair_free: bool) -> None:
        if suit == len(per_suit):
            tail: tuple[Group, ...] = ()
            if pair_free:
                if spare < 2:
                    return
                tail = (pair_group,)
                spare -= 2
            if spare % 3:
                return
            sets = spare // 3
            for chows in range(sets + 1):
                extra = (chow_group,) * chows + (pong_group,) * (sets - chows)
                found.add(tuple(sorted(chosen + tail + extra, key=_sort_key)))
            return
        for groups, used, paired in per_suit[suit]:
            if used <= spare and not (paired and not pair_free):
                pick(suit + 1, chosen + groups, spare - used, pair_free and not paired)

    pick(0, (), wilds, True)
    return sorted(found, key=lambda reading: [_sort_key(g) for g in reading])


def _search_readings(key: bytes, wilds: int) -> list[tuple[Group, ...]]:
    """`decompositions` worked out."""
    if not is_win(key, wilds):
        return []
    work = list(key)
    found: set[tuple[Group, ...]] = set()
    chosen: list[Group] = []

    def finish(spare: int, pair_free: bool) -> None:
        tail: list[Group] = []
        if pair_free:
            if spare < 2:
                return
            tail.append(Group("pair", (), ()))
            spare -= 2
        if spare % 3:
            return
        sets = spare // 3
        for chows in range(sets + 1):
            extra = [Group("chow", (), ())] * chows + [Group("pong", (), ())] * (sets - chows)
            found.add(tuple(sorted(chosen + tail + extra, key=_sort_key)))

    def walk(start: int, spare: int, pair_free: bool, floor: tuple[int, Group | None]) -> None:
        i = start
        while i < 34 and work[i] == 0:
            i += 1
        if i == 34:
            finish(spare, pair_free)
            return
        if not _feasible(work, spare, pair_free):
            return
        for step in _steps(work, chosen, i, spare, pair_free, floor):
            walk(*step)

    walk(0, wilds, True, (-1, None))
    return sorted(found, key=lambda reading: [_sort_key(g) for g in reading])


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
        _PACKED[key] = packed
        shape = shapes.get(packed)
        if shape is None:
            shape = shapes[packed] = (packed >> 3, -1 if packed & 7 else 2)
        _SHAPE[key] = shape
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
        _USAGE[key] = usage
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
_EXTRA: list[bytes | None] = []
"""ROWS_FILE's data once read (empty before the first look, [None] if it is unusable)."""


def _shipped_rows(key: bytes) -> _Usage | None:
    """A suited key's usage rows from ROWS_FILE, or None (another size, or no usable file)."""
    at = _EXTRA_AT.get(sum(key))
    if at is None or max(key) > 4:
        return None
    if not _EXTRA:
        _EXTRA.append(_read_rows_file())
    data = _EXTRA[0]
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
_SLOTS: list[array[int] | None] = []
"""SLOTS_FILE's masks once read (empty before the first look, [None] if it is unusable)."""


def _shipped_slots(key: bytes) -> tuple[tuple[int, int], ...] | None:
    """`_move_slots(key, 1)` of a suited key from SLOTS_FILE, or None (an honours key, more
    than SLOTS_MAX tiles, or no usable file)."""
    found = _shipped_record(key, SLOTS_FILE, SLOTS_MAX, _SLOTS_FIRST, _SLOTS)
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
_DISCARD_SLOTS: list[array[int] | None] = []
"""DISCARD_SLOTS_FILE's masks once read (empty before the first look, [None] if unusable)."""
_OFFSETS: Final = range(9)


def _shipped_discard_slots(key: bytes) -> tuple[tuple[int, int], ...] | None:
    """`_move_slots(key, -1)` of a suited key from DISCARD_SLOTS_FILE, or None (an honours
    key, more than DISCARD_SLOTS_MAX tiles, or no usable file)."""
    found = _shipped_record(key, DISCARD_SLOTS_FILE, DISCARD_SLOTS_MAX, _DISCARD_FIRST,
                            _DISCARD_SLOTS)
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


_load_shipped()
_load_joins()
