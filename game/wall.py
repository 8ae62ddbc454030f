"""The wall, the dice and the break (ruling M4, N2).

The wall stands as 4 sides × 18 stacks × 2 tiles. `stacks` lists the physical stacks side by
side (side 0 in front of East), each side from its right end. The dice choose a side and a break
point; the head of the wall is the stack after the break, and the tail is the stack before it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.tiles import full_set

PLAIN_RANDBELOW = random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
"""Whether `random.Random` draws below n as `_shuffle` and `roll_dice` copy it (CPython
3.11-3.13); where it does not, they call `shuffle` and `randint` themselves."""

SIDES = 4
STACKS_PER_SIDE = 18
WALL_SIZE = SIDES * STACKS_PER_SIDE * 2


def roll_dice(rng: random.Random) -> tuple[int, int]:
    if not PLAIN_RANDBELOW or type(rng) is not random.Random:
        return rng.randint(1, 6), rng.randint(1, 6)
    # `rng.randint(1, 6)` twice, the same bits drawn the same way (1 + a draw below 6)
    bits = rng.getrandbits
    a = bits(3)
    while a >= 6:
        a = bits(3)
    b = bits(3)
    while b >= 6:
        b = bits(3)
    return a + 1, b + 1


def break_point(dice: tuple[int, int]) -> tuple[int, int]:
    """(side, stack) of the break: count the dice sum round the seats from the dealer as 1,
    then count that many stacks from the right end of the chosen side (M4)."""
    total = dice[0] + dice[1]
    side = (total - 1) % SIDES
    return side, total


_FULL_SET = tuple(full_set())
_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(WALL_SIZE - 1, 0, -1))
"""The shuffle's steps for a whole wall: (place, how many to pick from, bits to draw)."""


def _shuffle(rng: random.Random, x: list[int]) -> None:
    """`rng.shuffle(x)`, the same bits drawn the same way, without a call per tile (a deal
    shuffles 144 tiles); `rng.shuffle` itself where Python draws otherwise."""
    if not PLAIN_RANDBELOW or type(rng) is not random.Random:
        rng.shuffle(x)
        return
    bits = rng.getrandbits
    steps = _STEPS if len(x) == WALL_SIZE else tuple(
        (i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1))
    for i, n, k in steps:
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]


@dataclass(slots=True)
class Wall:
    """Tiles in draw order from the head; `head`/`tail` count tiles taken from each end."""

    order: list[int]
    dice: tuple[int, int]
    side: int
    stack: int
    head: int = 0
    tail: int = 0
    physical: tuple[int, ...] = field(default=())

    @classmethod
    def build(cls, rng: random.Random, tiles: Sequence[int] | None = None) -> Wall:
        """Shuffle (or take `tiles` as the physical wall), roll the dice and break the wall."""
        physical = list(_FULL_SET if tiles is None else tiles)
        if tiles is None:
            _shuffle(rng, physical)
        if len(physical) != WALL_SIZE:
            raise ValueError(f"a wall has {WALL_SIZE} tiles, not {len(physical)}")
        dice = roll_dice(rng)
        side, stack = break_point(dice)
        first = (side * STACKS_PER_SIDE + stack) % (SIDES * STACKS_PER_SIDE)
        start = first * 2
        order = physical[start:] + physical[:start]
        return cls(order, dice, side, stack, physical=tuple(physical))

    @classmethod
    def arranged(cls, rng: random.Random, order: Sequence[int]) -> Wall:
        """A wall whose draw order from the head is `order` (tests and replays of a set wall);
        the tail is the end of `order`. The dice are still rolled for the show."""
        if len(order) != WALL_SIZE:
            raise ValueError(f"a wall has {WALL_SIZE} tiles, not {len(order)}")
        dice = roll_dice(rng)
        side, stack = break_point(dice)
        first = (side * STACKS_PER_SIDE + stack) % (SIDES * STACKS_PER_SIDE) * 2
        physical = list(order[-first:]) + list(order[:-first]) if first else list(order)
        return cls(list(order), dice, side, stack, physical=tuple(physical))

    @property
    def left(self) -> int:
        """Tiles still in the wall."""
        return len(self.order) - self.head - self.tail

    def draw_head(self) -> int:
        tile = self.order[self.head]
        self.head += 1
        return tile

    def draw_head_many(self, n: int) -> list[int]:
        """The next `n` tiles from the head, in order (the deal takes them four at a time)."""
        start = self.head
        self.head = start + n
        return self.order[start : start + n]

    def draw_tail(self) -> int:
        self.tail += 1
        return self.order[len(self.order) - self.tail]

    def remaining(self) -> list[int]:
        """The tiles still in the wall, head first."""
        return self.order[self.head : len(self.order) - self.tail]
