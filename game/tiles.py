"""Tile kinds and their notation (RULINGS "Notation").

A tile kind is a small int, so hands can be count vectors indexed by kind:

    0-8   1m-9m  萬 characters
    9-17  1p-9p  筒 dots
    18-26 1s-9s  索 bamboo
    27-33 1z-7z  東 南 西 北 白 發 中
    34-41 1f-8f  梅 蘭 菊 竹 春 夏 秋 冬

`Tile` is an `int` subclass whose `str` is its notation; all 42 instances are cached in `TILES`.
Notation is digits followed by a suit letter, e.g. ``"123m55p7z"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress
from typing import Final

SUITS: Final = "mpszf"
SUIT_BASE: Final = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
SUIT_SIZE: Final = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}

NUM_KINDS: Final = 42
"""All tile kinds including the eight flowers/seasons."""
PLAY_KINDS: Final = 34
"""Kinds that can stand in a hand: three suits and seven honours."""

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
FLOWERS: Final = tuple(range(34, 42))

_NAMES_ZH: Final = (
    [f"{n}萬" for n in "一二三四五六七八九"]
    + [f"{n}筒" for n in "一二三四五六七八九"]
    + [f"{n}索" for n in "一二三四五六七八九"]
    + list("東南西北白發中")
    + list("梅蘭菊竹春夏秋冬")
)
_NAMES_EN: Final = (
    [f"{n} Characters" for n in range(1, 10)]
    + [f"{n} Dots" for n in range(1, 10)]
    + [f"{n} Bamboo" for n in range(1, 10)]
    + ["East", "South", "West", "North", "White", "Green", "Red"]
    + ["Plum", "Orchid", "Chrysanthemum", "Bamboo flower", "Spring", "Summer", "Autumn", "Winter"]
)


class NotationError(ValueError):
    """Malformed tile notation; `position` is the index of the offending character."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        pointer = f"{text!r} at character {position + 1}" if text else "empty text"
        super().__init__(f"bad tile notation {pointer}: {reason}")


class Tile(int):
    """One tile kind; prints as its notation (``Tile.parse("5m")`` → ``5m``)."""

    __slots__ = ()

    def __new__(cls, kind: int) -> Tile:
        if not 0 <= kind < NUM_KINDS:
            raise ValueError(f"tile kind {kind} is out of range 0..{NUM_KINDS - 1}")
        return super().__new__(cls, kind)

    @property
    def suit(self) -> str:
        return suit_of(self)

    @property
    def number(self) -> int:
        return number_of(self)

    @property
    def zh(self) -> str:
        return _NAMES_ZH[self]

    @property
    def en(self) -> str:
        return _NAMES_EN[self]

    def __str__(self) -> str:
        return _NOTATION[self]

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Exactly one tile, e.g. ``"7z"``."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError(text, 0, f"expected one tile, found {len(tiles)}")
        return tiles[0]


TILES: Final[tuple[Tile, ...]] = tuple(Tile(k) for k in range(NUM_KINDS))


def suit_of(kind: int) -> str:
    if kind < 27:
        return "mps"[kind // 9]
    return "z" if kind < 34 else "f"


def number_of(kind: int) -> int:
    if kind < 27:
        return kind % 9 + 1
    return kind - 26 if kind < 34 else kind - 33


_NOTATION: Final = tuple(f"{number_of(k)}{suit_of(k)}" for k in range(NUM_KINDS))


def is_suited(kind: int) -> bool:
    return kind < 27


def is_honor(kind: int) -> bool:
    return 27 <= kind < 34


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_flower(kind: int) -> bool:
    return kind >= 34


def make(number: int, suit: str) -> Tile:
    """The tile with this number in this suit, e.g. ``make(5, "m")``."""
    if suit not in SUIT_BASE or not 1 <= number <= SUIT_SIZE[suit]:
        raise ValueError(f"no tile {number}{suit}")
    return TILES[SUIT_BASE[suit] + number - 1]


def parse_tiles(text: str) -> list[Tile]:
    """Parse notation like ``"123m 55p 7z"`` (spaces allowed between groups), in order."""
    out: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (digit, position) awaiting their suit letter
    for pos, ch in enumerate(text):
        if ch.isspace():
            if pending:
                raise NotationError(
                    text, pos, "digits must be followed by a suit letter (m p s z f)"
                )
            continue
        if "0" <= ch <= "9":
            pending.append((int(ch), pos))
            continue
        suit = ch.lower()
        if suit not in SUIT_BASE:
            raise NotationError(
                text, pos, f"{ch!r} is not a digit or a suit letter (m p s z f)"
            )
        if not pending:
            raise NotationError(text, pos, f"suit letter {ch!r} has no digits before it")
        for digit, dpos in pending:
            if not 1 <= digit <= SUIT_SIZE[suit]:
                raise NotationError(
                    text, dpos, f"there is no tile {digit}{suit} (1-{SUIT_SIZE[suit]})"
                )
            out.append(TILES[SUIT_BASE[suit] + digit - 1])
        pending.clear()
    if pending:
        raise NotationError(text, pending[-1][1], "digits at the end have no suit letter")
    return out


def format_tiles(tiles: Iterable[int]) -> str:
    """Notation for tiles in the given order; consecutive same-suit tiles share a letter."""
    parts: list[str] = []
    digits: list[str] = []
    current = ""
    for kind in tiles:
        suit = suit_of(kind)
        if suit != current and digits:
            parts.append("".join(digits) + current)
            digits = []
        current = suit
        digits.append(str(number_of(kind)))
    if digits:
        parts.append("".join(digits) + current)
    return "".join(parts)


def counts_of(tiles: Iterable[int]) -> list[int]:
    """A count vector of length NUM_KINDS."""
    counts = [0] * NUM_KINDS
    for kind in tiles:
        counts[kind] += 1
    return counts


def tiles_of(counts: Sequence[int]) -> list[Tile]:
    """Sorted tiles from a count vector."""
    return [TILES[k] for k, n in enumerate(counts) for _ in range(n)]


def sorted_tiles(counts: Sequence[int]) -> tuple[Tile, ...]:
    """`tuple(tiles_of(counts))`, joined from prebuilt runs of each kind held: every hand's
    end reveals four hands and values the winner's, where a range per kind is dearer."""
    if len(counts) > len(TILES) or min(counts, default=0) < 0:
        return tuple(tiles_of(counts))  # not a hand (the runs index from the end below 0)
    out: list[Tile] = []
    try:
        for kind in compress(_ALL_KINDS, counts):
            out += _RUNS[kind][counts[kind]]
    except IndexError:  # more than four of a kind (never in play): the plain way
        return tuple(tiles_of(counts))
    return tuple(out)


_RUNS: Final = tuple(tuple((t,) * n for n in range(5)) for t in TILES)
"""[kind][n] → n copies of the kind's tile: a hand's tiles are its kinds' runs joined."""
_ALL_KINDS: Final = range(len(TILES))


def full_set() -> list[int]:
    """The 144 tiles (M1, N1): 34 kinds ×4 and eight flowers/seasons ×1."""
    return [k for k in range(PLAY_KINDS) for _ in range(4)] + list(FLOWERS)
