"""Readings: every way a complete hand is read as sets and a pair, per suit and combined."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.shapes.keys import _SUIT_SLICES, _key_of
from game.shapes.memo import CANDIDATES, READINGS, SUIT_READINGS
from game.shapes.wins import _shape, is_win
from game.tiles import format_tiles


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


def _candidates(work: list[int], i: int, wilds: int, pair_free: bool,
                ) -> tuple[tuple[Group, int], ...]:
    """Every group holding a natural i (the lowest natural left), with the wilds it takes."""
    place = i % 9 if i < 27 else 9  # chows look at most two kinds up, in the suit
    memo_key = (i, min(work[i], 3), min(wilds, 2), pair_free,
                place < 8 and work[i + 1] > 0, place < 7 and work[i + 2] > 0)
    found = CANDIDATES.get(memo_key)
    if found is None:  # a few thousand keys at most
        found = CANDIDATES[memo_key] = tuple(_search_candidates(work, i, wilds, pair_free))
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
    found = READINGS.get(memo_key)
    if found is None:
        found = tuple(_combine_suit_readings(key, wilds))
        if len(READINGS) >= 2_000:
            READINGS.clear()  # bounded memory in long runs
        READINGS[memo_key] = found
    return list(found)  # the caller's own list; the readings themselves are frozen


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
"""(groups, wilds they take, whether one is the pair): one reading of one suit."""


def _suit_readings(base: int, part: bytes, wilds: int) -> tuple[_SuitReading, ...]:
    """The groups of one suit alone, searched as the whole-hand search does (its reference:
    tests/oracles/shapes.py; groups never cross suits, so a hand's readings are one choice per
    suit)."""
    memo_key = (base, part, wilds)
    found = SUIT_READINGS.get(memo_key)
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
    if len(SUIT_READINGS) >= 20_000:
        SUIT_READINGS.clear()  # bounded memory in long runs
    SUIT_READINGS[memo_key] = found
    return found


def _combine_suit_readings(key: bytes, wilds: int) -> list[tuple[Group, ...]]:
    """The whole-hand search's readings, from each suit's readings: every choice of one reading
    per suit within the wilds and with at most one pair, the spare wilds finished as there."""
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
