"""Every table the package remembers, owned here and nowhere else.

Two kinds: what the searches learned as play went (memos; each bounded one is emptied by its
user when it reaches its size, so long runs keep flat memory), and what was read from the
shipped files (game/shapes/tables.py fills them at import, or on first sight). The hot paths
read these dicts as module globals of their own modules (`from game.shapes.memo import X`), so
nothing here is ever rebound: `clear()` empties them in place, and `kept()` puts back what they
held. `JOINS_SHIPPED` alone is a number, read as `memo.JOINS_SHIPPED`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final

from game.shapes.keys import _Moves, _Rows, _Usage, _WaitClasses

if TYPE_CHECKING:
    from game.shapes.readings import Group, _SuitReading

# --- wins and waits ----------------------------------------------------------------------------

COST0: dict[bytes, int] = {}
COST1: dict[bytes, int] = {}


SHAPE: Final[dict[bytes, tuple[int, int]]] = {}
"""Suit key → (wilds to make sets only, change when the pair is here too).

The change is always -1 or +2: a suit's size fixes its cost modulo 3 with and without the pair.
"""

PACKED: Final[dict[bytes, int]] = {}
"""The same as one int, 8 × cost + (1 if the pair here saves a wild), so that the four suits of
a hand add up to 8 × (total cost) + (number of suits where the pair saves a wild)."""


WAITS: Final[tuple[dict[bytes, _WaitClasses], ...]] = ({}, {}, {}, {})
"""Per suit (m, p, s, honours): suit key → its `_wait_classes`."""


# --- usage rows and their numbers -------------------------------------------------------------

USAGE: dict[bytes, _Usage] = {}
"""Suit key → its usage rows (read off the shipped files, or searched)."""


ROWS_OF: list[_Usage] = []
"""Number → (plain, paired) rows, each exactly _ROW_WIDTH long."""
NUMBER: dict[_Usage, int] = {}
SUIT_NUMBER: dict[bytes, int] = {}
"""Suit key → the number of its usage rows."""
JOINED: dict[int, int] = {}
"""(a << 32 | b) → the number of rows a and b combined."""


def number_of(rows: _Usage) -> int:
    """The number of these rows, given on first sight."""
    found = NUMBER.get(rows)
    if found is None:
        found = NUMBER[rows] = len(ROWS_OF)
        ROWS_OF.append(rows)
    return found


JOINS_SHIPPED = 0
"""How many rows JOINS_FILE numbered (0 before it is read or when it is unusable)."""
JOINS: array[int] = array("H")
"""[a * JOINS_SHIPPED + b] → the number of rows a and b combined, both from JOINS_FILE."""


# --- deficiency --------------------------------------------------------------------------------

MOVE_NUMBERS: tuple[dict[bytes, tuple[tuple[int, int], ...]], ...] = ({}, {})
"""[step > 0] suit key → (offset, number of the suit with one tile there taken or added)."""

SUIT_MOVE_ANSWERS: dict[tuple[bytes, int, int, int, int, int], tuple[tuple[int, int], ...]] = {}
"""(suit key, its first kind, number of the other suits, sets, step, naturals wanted less the
wilds) → (kind, deficiency after the move) for each move of one tile in the suit."""


PAIR_USED: dict[int, int] = {}
"""((rest << 3 | sets) << 32 | number) → most naturals rows `number` and `rest` use in
`sets` sets and a pair."""


MOVE_SLOTS: tuple[dict[bytes, tuple[tuple[int, int], ...]], ...] = ({}, {})
"""[step > 0] suit key → (offset, the slots whose usage a move of one tile there changes),
slot s of the paired row as bit s, of the plain row as bit 8 + s."""


CHANGED: dict[int, int] = {}
"""(a << 32 | b) → the slots where rows a and b differ (far fewer pairs than suit keys)."""


BEST_SLOTS: dict[int, int] = {}
"""((rest << 3 | sets) << 32 | number) → the slots where rows `number` and `rest` reach their
best usage in `sets` sets and a pair (bits as in `MOVE_SLOTS`)."""


DEFICIENCY_MEMO: dict[tuple[bytes, int, int], int] = {}
"""(hand key, wilds, sets) → deficiency: bots measure the same hands again and again (each
plan, each claim, each discard's acceptance)."""


COMBINED: dict[tuple[Sequence[int], ...], _Rows] = {}
"""(rows, rows) → combined. Far fewer distinct rows exist than suit shapes, so most
combinations of a game have been seen before."""


PAIRS: dict[tuple[bytes, bytes, int], _Rows] = {}
"""(suit key, suit key, width) → the two suits combined. A turn changes at most two suits, so
the pair of the other two usually comes back from the turn before."""
MINUS: dict[bytes, _Moves] = {}
"""Suit key → (offset, usage rows of the suit with one tile at offset taken away)."""
PLUS: dict[bytes, _Moves] = {}
"""Suit key → (offset, usage rows of the suit with one tile at offset added), below four."""


LAST_DISCARDS: list[tuple[bytes, int, int, dict[int, int]] | None] = [None]
"""The latest `deficiency_after_discards` answer: (hand key, wilds, sets, kind → deficiency)."""


SUIT_MOVES: dict[tuple[bytes, _Rows, int, int], tuple[tuple[int, int], ...]] = {}
"""(suit key, the other suits' rows, sets, step) → (offset, naturals used) per move."""

KEEP_MASKS: dict[tuple[bytes, int], int] = {}
"""(suit key, best slots) → offsets of the suit whose discard leaves one of those slots
whole, as bits (the slots a discard changes depend on the suit's own tiles alone)."""


SUIT_HELPING: dict[tuple[bytes, int, int], tuple[int, ...]] = {}
"""(suit key, its first kind, best slots of the hand) → the suit's kinds whose draw raises
the hand's best usage (lowers its deficiency)."""


# --- readings ----------------------------------------------------------------------------------

CANDIDATES: dict[tuple[int, int, int, bool, bool, bool], tuple[tuple[Group, int], ...]] = {}
"""(i, naturals of i up to 3, wilds up to 2, pair free, i + 1 held, i + 2 held) →
`_candidates`: all it reads (a group takes at most two wilds and three of a kind)."""


READINGS: dict[tuple[bytes, int], tuple[tuple[Group, ...], ...]] = {}
"""(hand key, wilds) → its readings: a win is read when the ruleset checks that it may be
declared and again when it is scored (Nanjing reads it for every seat offered the discard)."""
SUIT_READINGS: dict[tuple[int, bytes, int], tuple[_SuitReading, ...]] = {}
"""(first kind of the suit, suit key, wilds at most) → every way to put all the suit's
naturals into groups: (groups, wilds they take, whether one is the pair)."""

# --- the shipped files' contents, once read ---------------------------------------------------

EXTRA: list[bytes | None] = []
"""ROWS_FILE's data once read (empty before the first look, [None] if it is unusable)."""
SLOTS: list[array[int] | None] = []
"""SLOTS_FILE's masks once read (empty before the first look, [None] if it is unusable)."""
DISCARD_SLOTS: list[array[int] | None] = []
"""DISCARD_SLOTS_FILE's masks once read (empty before the first look, [None] if unusable)."""


# --- one place to forget, and to put back ------------------------------------------------------

_DICTS: Final[tuple[dict[Any, Any], ...]] = (
    COST0, COST1, SHAPE, PACKED, *WAITS, USAGE, NUMBER, SUIT_NUMBER, JOINED,
    *MOVE_NUMBERS, SUIT_MOVE_ANSWERS, PAIR_USED, *MOVE_SLOTS, CHANGED, BEST_SLOTS,
    DEFICIENCY_MEMO, COMBINED, PAIRS, MINUS, PLUS, SUIT_MOVES, KEEP_MASKS, SUIT_HELPING,
    CANDIDATES, READINGS, SUIT_READINGS,
)
"""Every dict above (the tuples of dicts unpacked)."""
_LISTS: Final[tuple[list[Any], ...]] = (ROWS_OF, EXTRA, SLOTS, DISCARD_SLOTS)
"""Every list whose length means something (numbered rows, files read or not)."""


def clear(files: bool = True) -> None:
    """Forget everything: every memo, the rows' numbers and the shipped tables. With
    `files` the shipped files are read again on first sight (tables.load() reads the rest
    back); without, they count as unusable, so every answer comes from the searches."""
    global JOINS_SHIPPED
    for table in _DICTS:
        table.clear()
    for found in _LISTS:
        found.clear()
    JOINS[:] = array("H")
    JOINS_SHIPPED = 0
    LAST_DISCARDS[0] = None
    if not files:
        for unread in (EXTRA, SLOTS, DISCARD_SLOTS):
            unread.append(None)


@contextmanager
def kept() -> Iterator[None]:
    """Whatever the block does to the memos (clear them, fill them), they hold afterwards
    what they held before it."""
    global JOINS_SHIPPED
    dicts = [dict(table) for table in _DICTS]
    lists = [list(found) for found in _LISTS]
    joins, shipped, last = array("H", JOINS), JOINS_SHIPPED, LAST_DISCARDS[0]
    try:
        yield
    finally:
        for table, old in zip(_DICTS, dicts, strict=True):
            table.clear()
            table.update(old)
        for found, items in zip(_LISTS, lists, strict=True):
            found[:] = items
        JOINS[:] = joins
        JOINS_SHIPPED = shipped
        LAST_DISCARDS[0] = last
