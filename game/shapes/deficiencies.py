"""Deficiency: tiles still to draw before a hand is complete, of a hand and of the hand after
each discard or draw, and the discards that keep it."""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import Final

from game.shapes import memo
from game.shapes.keys import (
    _ROW_WIDTH,
    _SUIT_SLICES,
    _SUITS,
    _at,
    _checked_key,
    _key_of,
    _moved,
    _Moves,
    _Rows,
)
from game.shapes.memo import (
    BEST_SLOTS,
    CHANGED,
    COMBINED,
    DEFICIENCY_MEMO,
    JOINED,
    JOINS,
    KEEP_MASKS,
    LAST_DISCARDS,
    MINUS,
    MOVE_SLOTS,
    PAIR_USED,
    PAIRS,
    PLUS,
    ROWS_OF,
    SUIT_MOVE_ANSWERS,
    SUIT_MOVES,
    SUIT_NUMBER,
)
from game.shapes.rows import _hand_numbers, _join, _move_numbers, _suit_number, _usage
from game.shapes.tables import _shipped_discard_slots, _shipped_slots


def seven_pairs_deficiency(counts: Sequence[int]) -> int:
    """Tiles still to exchange for seven pairs (0 = complete, 1 = ready), for 13 or 14 tiles."""
    key = _key_of(counts)
    return 7 - sum(n // 2 for n in key)


_KNOWN_DEFICIENCIES: Final = 32
_KIND_DEFICIENCY: Final = tuple(tuple((kind, d) for d in range(_KNOWN_DEFICIENCIES))
                                for kind in range(34))
"""(kind, deficiency) pairs made once: the remembered answers share them."""


def _suit_move_answers(memo_key: tuple[bytes, int, int, int, int, int],
                       ) -> tuple[tuple[int, int], ...]:
    part, base, rest, sets, step, target = memo_key
    # far fewer (rows, rest) pairs exist than (suit key, rest) ones: each move's naturals used
    # are remembered by the pair of numbers
    pairs = PAIR_USED
    high = (rest << 3 | sets) << 32
    shipped = memo.JOINS_SHIPPED if rest < memo.JOINS_SHIPPED else 0
    table = JOINS
    rows = ROWS_OF
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
    if len(SUIT_MOVE_ANSWERS) >= 100_000:
        SUIT_MOVE_ANSWERS.clear()  # bounded memory in long runs
    SUIT_MOVE_ANSWERS[memo_key] = found
    return found


def _pair_used(number: int, rest: int, sets: int) -> int:
    plain, paired = ROWS_OF[number]
    rest_plain, rest_paired = ROWS_OF[rest]
    used: int = max(max(map(add, paired, rest_plain[sets::-1])),
                    max(map(add, plain, rest_paired[sets::-1])))
    if len(PAIR_USED) >= 200_000:
        PAIR_USED.clear()  # bounded memory in long runs
    PAIR_USED[(rest << 3 | sets) << 32 | number] = used
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


def _move_slots(key: bytes, step: int) -> tuple[tuple[int, int], ...]:
    table = MOVE_SLOTS[step > 0]
    found = table.get(key)
    if found is None:
        shipped = _shipped_slots(key) if step > 0 else _shipped_discard_slots(key)
        found = table[key] = _search_move_slots(key, step) if shipped is None else shipped
    return found


def _search_move_slots(key: bytes, step: int) -> tuple[tuple[int, int], ...]:
    """`_move_slots` worked out from the rows of the suit before and after each move."""
    number = _suit_number(key) << 32
    known = CHANGED.get
    out: list[tuple[int, int]] = []
    for t, moved in _moved(key, step):
        pair = number | _suit_number(moved)
        changed = known(pair)
        if changed is None:
            changed = _changed_slots(pair)
        out.append((t, changed))
    return tuple(out)


def _changed_slots(pair: int) -> int:
    plain, paired = ROWS_OF[pair >> 32]
    moved_plain, moved_paired = ROWS_OF[pair & 0xFFFFFFFF]
    changed = 0
    for s in range(_ROW_WIDTH):
        if moved_paired[s] != paired[s]:
            changed |= 1 << s
        if moved_plain[s] != plain[s]:
            changed |= 1 << (_ROW_WIDTH + s)
    CHANGED[pair] = changed
    return changed


def _best_slots(number: int, rest: int, sets: int) -> int:
    plain, paired = ROWS_OF[number]
    rest_plain, rest_paired = ROWS_OF[rest]
    with_pair = [paired[s] + rest_plain[sets - s] for s in range(sets + 1)]
    without = [plain[s] + rest_paired[sets - s] for s in range(sets + 1)]
    top = max(max(with_pair), max(without))
    slots = 0
    for s in range(sets + 1):
        if with_pair[s] == top:
            slots |= 1 << s
        if without[s] == top:
            slots |= 1 << (_ROW_WIDTH + s)
    if len(BEST_SLOTS) >= 200_000:
        BEST_SLOTS.clear()  # bounded memory in long runs
    BEST_SLOTS[(rest << 3 | sets) << 32 | number] = slots
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
        joined = JOINED.get  # `_join`'s memo read inline (most hands find all three there)
        low, high = joined(m << 32 | p), joined(s << 32 | z)
        if low is None:
            low = _join(m, p)
        if high is None:
            high = _join(s, z)
        whole = joined(low << 32 | high)
        if whole is None:
            whole = _join(low, high)
        used = ROWS_OF[whole][1][sets]
        return max(0, 3 * sets + 2 - used - wilds)
    memo_key = (key, wilds, sets)
    known = DEFICIENCY_MEMO.get(memo_key)
    if known is not None:
        return known
    known = _from_last_discards(key, wilds, sets)
    if known is not None:
        return known
    used = _used_by_rows(key, sets)
    result = max(0, 3 * sets + 2 - used - wilds)
    if len(DEFICIENCY_MEMO) >= 50_000:
        DEFICIENCY_MEMO.clear()  # bounded memory in long runs
    DEFICIENCY_MEMO[memo_key] = result
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


# --- deficiency after one tile leaves or joins the hand ---------------------------------------
#
# Only the suit of the tile that moves changes, so the other three suits are combined once
# (max-plus over how many sets each suit holds) and each candidate costs one lookup of its
# suit's new row plus one pass over `sets` entries, instead of a whole `deficiency` call.


def _cut(rows: _Rows, width: int) -> _Rows:
    """A suit's usage rows as tuples of exactly `width` entries."""
    plain, paired = rows
    if len(plain) >= width:
        return tuple(plain[:width]), tuple(paired[:width])
    top = len(plain) - 1  # rows stop where every natural fits: the last entry repeats
    return (tuple(plain[min(s, top)] for s in range(width)),
            tuple(paired[min(s, top)] for s in range(width)))


def _combine(a: _Rows, b: _Rows) -> _Rows:
    """Two groups of suits as one: best usage with s sets shared between them, for every s."""
    memo_key = (*a, *b)
    found = COMBINED.get(memo_key)
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
    if len(COMBINED) > 200_000:
        COMBINED.clear()  # a bound on memory for long runs
    COMBINED[memo_key] = found
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


def _pair(a: bytes, b: bytes, width: int) -> _Rows:
    memo_key = (a, b, width)
    found = PAIRS.get(memo_key)
    if found is None:
        if len(PAIRS) > 100_000:
            PAIRS.clear()  # a bound on memory for long runs; refills within a few hands
        found = PAIRS[memo_key] = _combine(_cut(_usage(a), width), _cut(_usage(b), width))
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


def _moves(key: bytes, step: int) -> _Moves:
    table = MINUS if step < 0 else PLUS
    found = table.get(key)
    if found is None:
        found = table[key] = tuple([(t, _usage(moved)) for t, moved in _moved(key, step)])
    return found


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
        number = SUIT_NUMBER
        m, p, s, z = number.get(km), number.get(kp), number.get(ks), number.get(kz)
        if m is None or p is None or s is None or z is None:
            m, p, s, z = _hand_numbers(key)
        joined = JOINED.get  # `_join`'s memo read inline: six combinations per hand
        low = joined(m << 32 | p)
        if low is None:
            low = _join(m, p)
        high = joined(s << 32 | z)
        if high is None:
            high = _join(s, z)
        found_moves = SUIT_MOVE_ANSWERS
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
        LAST_DISCARDS[0] = (key, wilds, sets, dict(out))  # callers may change theirs
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


def _from_last_discards(key: bytes, wilds: int, sets: int) -> int | None:
    """`deficiency` of `key` if it is the latest after-discards hand less one tile."""
    last = LAST_DISCARDS[0]
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
    found = SUIT_MOVES.get(memo_key)
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
    if len(SUIT_MOVES) >= 100_000:
        SUIT_MOVES.clear()  # bounded memory in long runs
    found = SUIT_MOVES[memo_key] = tuple(out)
    return found


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
    number = SUIT_NUMBER
    m, p, s, z = number.get(km), number.get(kp), number.get(ks), number.get(kz)
    if m is None or p is None or s is None or z is None:
        m, p, s, z = _hand_numbers(key)
    joined = JOINED.get  # `_join`'s memo read inline
    low = joined(m << 32 | p)
    if low is None:
        low = _join(m, p)
    high = joined(s << 32 | z)
    if high is None:
        high = _join(s, z)
    whole = joined(low << 32 | high)
    if whole is None:
        whole = _join(low, high)
    d = 3 * sets + 2 - ROWS_OF[whole][1][sets] - wilds
    best_slots = BEST_SLOTS.get
    masks = KEEP_MASKS.get
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


def _keep_mask(mask_key: tuple[bytes, int]) -> int:
    part, slots = mask_key
    mask = 0
    for offset, changed in _move_slots(part, -1):
        if slots & ~changed:
            mask |= 1 << offset
    if len(KEEP_MASKS) >= 100_000:
        KEEP_MASKS.clear()  # bounded memory in long runs
    KEEP_MASKS[mask_key] = mask
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
