"""The draws that help after each discard (acceptance): `DrawsAfterDiscard` does the work that
depends only on the hand once, then answers per discard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from game.shapes.deficiencies import (
    _best_slots,
    _move_slots,
    _suit_move_answers,
    deficiency,
    deficiency_after_draws,
)
from game.shapes.keys import _ROW_WIDTH, _SUIT_SLICES, _key_of
from game.shapes.memo import (
    BEST_SLOTS,
    JOINED,
    ROWS_OF,
    SUIT_HELPING,
    SUIT_MOVE_ANSWERS,
    SUIT_NUMBER,
)
from game.shapes.rows import _hand_numbers, _join, _suit_number


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
            known = JOINED.get
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
        found = SUIT_MOVE_ANSWERS
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
        used = ROWS_OF[_join(number_a, self.rest[a])][1][sets]
        return (target - used if used < target else 0), out

    def _less_one(self, kind: int) -> tuple[int, bytes, int]:
        """The suit of `kind`, that suit's tiles less one `kind`, and their row number."""
        a = kind // 9 if kind < 27 else 3
        moved = bytearray(self.parts[a])
        moved[kind - _SUIT_SLICES[a][0]] -= 1
        part_a = bytes(moved)
        number_a = SUIT_NUMBER.get(part_a)
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
        whole = JOINED.get(number_a << 32 | self.rest[a])
        if whole is None:
            whole = _join(number_a, self.rest[a])
        used = ROWS_OF[whole][1][self.sets]
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
        found = SUIT_HELPING
        known = self._helped.get(number_a << 2 | a)
        if known is not None:
            if known[0] >= target:
                return 0, ()
            answer_key = (part_a, _SUIT_SLICES[a][0], known[1])
            kinds = found.get(answer_key)
            if kinds is None:
                kinds = _suit_helping(answer_key)
            return target - known[0], known[2] + kinds + known[3]
        joined = JOINED.get  # `_join`'s memo read inline
        high_a = number_a << 32
        whole = joined(high_a | self.rest[a])
        if whole is None:
            whole = _join(number_a, self.rest[a])
        used = ROWS_OF[whole][1][sets]
        if used >= target:
            self._helped[number_a << 2 | a] = (used, 0, (), ())
            return 0, ()  # nothing lowers a deficiency of 0
        best_slots = BEST_SLOTS.get
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


def _suit_helping(memo_key: tuple[bytes, int, int]) -> tuple[int, ...]:
    part, base, best = memo_key
    found = tuple([base + t for t, changed in _move_slots(part, 1) if best & changed])
    if len(SUIT_HELPING) >= 100_000:
        SUIT_HELPING.clear()  # bounded memory in long runs
    SUIT_HELPING[memo_key] = found
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
