"""What a bot computes about its own hand: deficiency after each discard, tiles that help, plans.

Everything here reads only a `SeatView` (and counts derived from it). Mazhan wilds (ruling M6)
are taken out of the counts and passed as a number, as `game.shapes` expects.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import NamedTuple

from game.melds import MeldKind
from game.shapes import deficiency, deficiency_after_discards, deficiency_after_draws
from game.view import SeatView

SETS = {"mazhan": 5, "nanjing": 4}
"""Sets in a complete hand besides the pair (M9, N3)."""

HONOURS = range(27, 34)


class Hand(NamedTuple):
    """The bot's own hand split the way the shape functions want it."""

    naturals: list[int]
    """Concealed counts with the wild kind taken out."""
    wilds: int
    need: int
    """Sets still to make in the concealed part."""
    pairs_ok: bool
    """Seven pairs still possible (Nanjing, no meld at all, ruling N3)."""
    wild: int | None


def split(view: SeatView, counts: Sequence[int] | None = None, melds: int | None = None) -> Hand:
    """The view's concealed hand (or `counts`, with `melds` sets declared) as a `Hand`."""
    counts = list(view.counts if counts is None else counts)
    melds = len(view.melds[view.seat]) if melds is None else melds
    wild = view.wild
    wilds = 0
    if wild is not None and counts[wild]:
        wilds = counts[wild]
        counts[wild] = 0
    ruleset = view.ruleset
    # made straight into the tuple (`Hand(...)` is a Python-level call): a bot splits its
    # hand on every decision
    return tuple.__new__(Hand, (counts, wilds, SETS[ruleset] - melds,
                                ruleset == "nanjing" and melds == 0, wild))


def pairs_deficiency(counts: Sequence[int]) -> int:
    """Seven pairs (N3): tiles to exchange; four of a kind counts as two pairs."""
    # counts are 0-4: the pairs are half of what is left once each odd count loses one
    return 7 - ((sum(counts) - counts.count(1) - counts.count(3)) >> 1)


_NOW: dict[tuple[bytes, int, int, bool], int] = {}
"""Hands already measured: between its turns a seat is asked about claims on the same hand."""


def now(hand: Hand) -> int:
    """Deficiency of the hand as it is."""
    key = (bytes(hand.naturals), hand.wilds, hand.need, hand.pairs_ok)
    d = _NOW.get(key)
    if d is None:
        d = deficiency(hand.naturals, hand.wilds, hand.need)
        if hand.pairs_ok:
            d = min(d, pairs_deficiency(hand.naturals))
        if len(_NOW) > 100_000:
            _NOW.clear()  # bounded memory over long runs
        _NOW[key] = d
    return d


def remember_less(naturals: bytes, wilds: int, need: int, pairs_ok: bool, kind: int,
                  d: int) -> None:
    """Tell `now` that the hand these fields make (a `Hand`'s, its naturals as bytes) less one
    natural `kind` measures `d` (a bot that knows it from weighing its discard: until it draws,
    each claim it is offered asks `now` of that hand)."""
    less = bytearray(naturals)
    less[kind] -= 1
    if len(_NOW) > 100_000:
        _NOW.clear()  # bounded memory over long runs
    _NOW[(bytes(less), wilds, need, pairs_ok)] = d


def after_discards(hand: Hand) -> dict[int, int]:
    """Kind → deficiency after discarding one of it (the wild kind included when held)."""
    out = deficiency_after_discards(hand.naturals, hand.wilds, hand.need)
    if hand.wilds and hand.wild is not None:
        out[hand.wild] = deficiency(hand.naturals, hand.wilds - 1, hand.need)
    if hand.pairs_ok and out:
        naturals = hand.naturals
        pairs_now = pairs_deficiency(naturals)
        if pairs_now >= max(out.values()):
            return out  # seven pairs is nowhere closer: a discard leaves it as far or further
        for kind, d in out.items():
            n = naturals[kind]
            # seven pairs (N3) after the discard: one pair fewer when an even count is broken
            pairs = pairs_now + 1 if n and not n & 1 else pairs_now
            if pairs < d:
                out[kind] = pairs
    return out


def discard_hand(hand: Hand, kind: int) -> Hand:
    """The hand after discarding one `kind`."""
    if kind == hand.wild and hand.wilds:
        return hand._replace(wilds=hand.wilds - 1)
    naturals = hand.naturals[:]
    naturals[kind] -= 1
    return hand._replace(naturals=naturals)


def acceptance(
    hand: Hand, unseen: Sequence[int], allowed: Container[int] | None = None,
) -> tuple[int, int]:
    """(deficiency, unseen tiles whose draw lowers it) of a hand waiting to draw; with
    `allowed`, only draws of those kinds count (a flush cannot use the other suits)."""
    naturals = hand.naturals
    wild = hand.wild
    base = deficiency(naturals, hand.wilds, hand.need)
    draws = deficiency_after_draws(naturals, hand.wilds, hand.need)
    odd_helps = False
    if hand.pairs_ok:
        pairs_now = pairs_deficiency(naturals)
        if pairs_now <= base:
            # seven pairs (N3) is as close: any draw pairing an odd kind brings the hand
            # closer, whatever the sets-and-pair reading says; an even kind helps only there
            base = pairs_now
            odd_helps = True
    good = sum([unseen[k] for k, d in draws.items()
                if (d < base or (odd_helps and naturals[k] % 2)) and k != wild
                and (allowed is None or k in allowed)])
    if hand.wild is not None and base > 0:
        good += unseen[hand.wild]  # a wild drawn always brings the hand one tile closer
    return base, good


def acceptance_helping(hand: Hand, unseen: Sequence[int], allowed: Container[int] | None,
                       base: int, helping: Sequence[int]) -> tuple[int, int]:
    """`acceptance` of a hand waiting to draw, from its `deficiency` (`base`) and the kinds
    whose draw lowers it (`helping`, as `DrawsAfterDiscard.helping` gives them)."""
    naturals = hand.naturals
    wild = hand.wild
    good = 0
    if hand.pairs_ok:
        pairs_now = pairs_deficiency(naturals)
        if pairs_now <= base:
            # seven pairs (N3) as close: a draw helps when it pairs an odd kind, or when it
            # lowers the regular reading below it (a draw lowers it by one at most, so only
            # when the two are equal)
            kinds = {k for k, n in enumerate(naturals) if n % 2}
            if pairs_now == base:
                kinds.update(helping)
            helping = sorted(kinds)
            base = pairs_now
    for k in helping:
        if k != wild and (allowed is None or k in allowed):
            good += unseen[k]
    if wild is not None and base > 0:
        good += unseen[wild]  # a wild drawn always brings the hand one tile closer
    return base, good


def suit_of(kind: int) -> int:
    """0-2 for the suits, 3 for honours."""
    return kind // 9 if kind < 27 else 3


def suit_totals(view: SeatView, hand: Hand) -> list[int]:
    """Natural tiles of each suit (and honours) in the concealed hand and the declared sets."""
    naturals = hand.naturals
    totals = [sum(naturals[:9]), sum(naturals[9:18]), sum(naturals[18:27]), sum(naturals[27:])]
    for meld in view.melds[view.seat]:
        totals[suit_of(meld.first)] += 3
    return totals


def flush_counts(view: SeatView, hand: Hand, suit: int, honours: bool) -> list[int] | None:
    """Concealed naturals of `suit` (and honours if allowed), or None when a declared set is
    outside them and the flush cannot be made."""
    for meld in view.melds[view.seat]:
        s = suit_of(meld.first)
        if s != suit and not (honours and s == 3):
            return None
    keep = [0] * 34
    lo = 9 * suit
    keep[lo : lo + 9] = hand.naturals[lo : lo + 9]
    if honours:
        keep[27:34] = hand.naturals[27:34]
    return keep


def triplets_deficiency(hand: Hand, view: SeatView) -> int:
    """Tiles to draw for a hand of triplets only and a pair (對對胡); a declared chow forbids it."""
    if any(m.kind is MeldKind.CHOW for m in view.melds[view.seat]):
        return 99
    return triplets_only(hand)


def triplets_only(hand: Hand) -> int:
    """對對胡 deficiency of the concealed part: each kind is a triplet, the pair, or thrown."""
    naturals = hand.naturals
    # the answer depends only on how many kinds are held 4, 3, 2 and once (counts are 0-4)
    key = (naturals.count(4), naturals.count(3), naturals.count(2), naturals.count(1),
           hand.need, hand.wilds)
    found = _TRIPLETS.get(key)
    if found is None:
        found = _TRIPLETS[key] = _triplets_only(hand)
    return found


_TRIPLETS: dict[tuple[int, int, int, int, int, int], int] = {}
"""(kinds held 4, 3, 2, 1 times, sets wanted, wilds) → `triplets_only` (a few hundred keys)."""


def _triplets_only(hand: Hand) -> int:
    sizes = sorted((n for n in hand.naturals if n), reverse=True)
    best = 99
    # The largest kinds make the sets; try each of the first need+1 (or none) as the pair.
    for pair_at in range(min(len(sizes), hand.need + 1) + 1):
        used = 0
        sets = 0
        for i, n in enumerate(sizes):
            if i == pair_at:
                used += min(n, 2)
            elif sets < hand.need:
                used += min(n, 3)
                sets += 1
        best = min(best, max(0, 3 * hand.need + 2 - used - hand.wilds))
    return best


def in_scope(counts: Sequence[int], scope: Container[int]) -> list[int]:
    """The counts with every kind outside `scope` set to zero."""
    return [n if k in scope else 0 for k, n in enumerate(counts)]
