"""Levels `easy` and `normal`: play toward a complete hand by deficiency, win whenever allowed.

normal discards to the lowest deficiency (ties: the tile that connects least with the rest and
has fewest live copies), claims whatever brings the hand closer, declares kongs that keep its
shape. easy plays the same way sloppily: it picks among near-best discards at random and
overlooks some claims and kongs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import compress

from game.actions import DISCARD_ACTIONS, PASS, Action, ActionKind
from game.bots import evaluate as ev
from game.bots.kit import after_claim
from game.shapes import POSSIBLE_COUNTS, discards_keeping_key
from game.view import SeatView, unseen_of_key

_WIN = ActionKind.WIN
_DISCARD = ActionKind.DISCARD
_ADDED_KONG = ActionKind.ADDED_KONG
_CONCEALED_KONG = ActionKind.CONCEALED_KONG
_PASS = ActionKind.PASS
_KONG = ActionKind.KONG

_SLOPPY = {"easy": 0.3, "normal": 0.0}
"""Chance of taking a discard one tile worse than the best, and of overlooking a claim."""


class NormalBot:
    def __init__(self, seed: int, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level
        self.slop = _SLOPPY[level]

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if legal and legal[0].kind is _DISCARD and not self.slop:
            # The engine offers a turn's win and kongs before its discards (`_turn_actions`):
            # a turn whose first action is a discard has only discards to weigh.
            quick = _least_discard(self.rng, view)
            if quick is not None:
                return quick
            return self._discard(view, ev.split(view))
        for action in legal:
            if action.kind is _WIN:
                return action
        if view.phase == "discard":
            return self._turn(view)
        return self._claim(view)

    def _sloppy(self) -> bool:
        return self.slop > 0 and self.rng.random() < self.slop

    def _turn(self, view: SeatView) -> Action:
        hand = ev.split(view)
        for action in view.legal:
            kind = action.kind
            if kind is _DISCARD:
                continue  # most of them
            if kind is _ADDED_KONG and not self._sloppy():
                return action
            if kind is _CONCEALED_KONG and action.tile is not None:
                counts = list(view.counts)
                counts[action.tile] -= 4
                kong = ev.split(view, counts, len(view.melds[view.seat]) + 1)
                if ev.now(kong) <= ev.now(hand) and not self._sloppy():
                    return action
        return self._discard(view, hand)

    def _discard(self, view: SeatView, hand: ev.Hand) -> Action:
        after = ev.after_discards(hand)
        if self.slop:
            discards = [(a, after[a.tile]) for a in view.legal
                        if a.kind is _DISCARD and a.tile is not None]
            best = min([d for _, d in discards])
            slack = 1 if self._sloppy() else 0
            near = [a for a, d in discards if d <= best + slack]
            return self.rng.choice(near)
        # the discards of the least deficiency, in the order offered, in one pass
        best = 1 << 30
        best_moves: list[Action] = []
        for a in view.legal:
            if a.kind is _DISCARD and a.tile is not None:
                d = after[a.tile]
                if d < best:
                    best, best_moves = d, [a]
                elif d == best:
                    best_moves.append(a)
        if len(best_moves) == 1:
            return best_moves[0]
        return _tie_break(self.rng, view, best_moves)

    def _claim(self, view: SeatView) -> Action:
        if view.ruleset == "nanjing" and len(view.bonus[view.seat]) < 4:
            return PASS  # N4: an open hand without 4 hard flowers could not win
        hand = ev.split(view)
        best, best_d = PASS, ev.now(hand)
        for action in view.legal:
            kind = action.kind
            if kind is _PASS or kind is _WIN or action.tile is None:
                continue
            d = ev.now(claimed_hand(view, action))
            if kind is _KONG:
                if d <= best_d:  # a kong keeps the hand's shape and draws again
                    best, best_d = action, d
            elif d < best_d:
                best, best_d = action, d
        if best is not PASS and self._sloppy():
            return PASS
        return best


def _least_discard(rng: random.Random, view: SeatView) -> Action | None:
    """`NormalBot._discard` of a turn with nothing but discards, without every discard's
    deficiency (None where it cannot tell: the caller takes the plain path).

    A hand of 3n+2 tiles whose deficiency d is above 0 has an arrangement that leaves a
    natural out: throwing it keeps d, and no discard can lower it, so the least deficiency
    after a discard is d, reached by the kinds `discards_keeping` names. A wild thrown costs
    one more (it is never among them). Seven pairs (N3): the pairs count stays when an odd
    kind goes and drops by one when an even one does.
    """
    # the counts as bytes, made once: the sums, counts and the shape key below read them in C
    key = bytes(view.counts)
    if len(key) != 34 or key.translate(None, POSSIBLE_COUNTS):
        return None  # a hand made up by hand: the plain path says what is wrong
    wild = view.wild
    naturals = key
    wilds = 0
    if wild is not None and key[wild]:
        wilds = key[wild]
        naturals = key[:wild] + b"\0" + key[wild + 1:]
    melds = len(view.melds[view.seat])
    ruleset = view.ruleset
    need = ev.SETS[ruleset] - melds
    size = 3 * need + 2
    if sum(key) != size or wilds == size:
        return None  # (all wilds: complete, as the plain path finds)
    d, keep = discards_keeping_key(naturals, wilds, need)
    if d == 0:
        return None  # complete but not a win the rules allow
    best = d
    pairs_ok = ruleset == "nanjing" and melds == 0  # seven pairs still open (N3)
    paired: list[int] = []
    if pairs_ok:
        # `ev.pairs_deficiency`, from counts of bytes in C
        ones, threes = naturals.count(1), naturals.count(3)
        pairs = 7 - ((size - wilds - ones - threes) >> 1)
        odd = ones or threes
        best_pairs = pairs if odd else pairs + 1
        if best_pairs < d:
            keep = 0  # the sets-and-pair reading is further: the pairs alone decide
            best = best_pairs
        if best_pairs <= d:
            # the kinds that keep seven pairs there: an odd count, or with none any held kind
            paired = list(compress(_KINDS, naturals.translate(_ODD if odd else _HELD)))
    # the hand left is told to `ev.now` for the claims offered before the next draw, except
    # where they are all passed at once (Nanjing without 4 hard flowers, N4)
    hand = ((naturals, wilds, need, pairs_ok)
            if ruleset != "nanjing" or len(view.bonus[view.seat]) >= 4 else None)
    # the kinds of the least deficiency, in the order the discards are offered (kind order)
    kinds: Sequence[int] = (_MASK_KINDS[0][keep & 511] + _MASK_KINDS[1][keep >> 9 & 511]
                            + _MASK_KINDS[2][keep >> 18 & 511] + _MASK_KINDS[3][keep >> 27])
    if paired:
        kinds = sorted(set(kinds).union(paired)) if kinds else paired
    if len(kinds) == 1:
        return _chosen(hand, kinds[0], best)
    # The tie-break of `_tie_break`, on kinds (no wild among them): every kind's shape at
    # once, each count a byte of one int, its suited neighbours shifted in (no carry: a
    # shape is at most 32)
    counted = int.from_bytes(key, "little")
    around = (2 * (counted + (counted << 8 & _ONE_BELOW) + (counted >> 8 & _ONE_ABOVE))
              + (counted << 16 & _TWO_BELOW) + (counted >> 16 & _TWO_ABOVE))
    shapes = list(map(around.to_bytes(34, "little").__getitem__, kinds))
    least = min(shapes)
    reach = least + 2
    if shapes.count(least) == 1 and least + 1 not in shapes:
        # One tile alone is within two of the least shape (the others cannot tie), or a held
        # tile, with at most three live copies, has the least key whatever they are (its
        # key is at most one above its shape, the others' at least two): `rng.choice` of
        # one draws as the plain path's does.
        kind = rng.choice([kinds[shapes.index(least)]])
        return _chosen(hand, kind, best)
    unseen = unseen_of_key(view, key)
    top: list[int] = []
    top_key = 1 << 30
    for kind, shape in zip(kinds, shapes, strict=True):
        if shape > reach:
            continue
        order = shape + unseen[kind] // 2
        if order < top_key:
            top, top_key = [kind], order
        elif order == top_key:
            top.append(kind)
    return _chosen(hand, rng.choice(top), best)


def _chosen(hand: tuple[bytes, int, int, bool] | None, kind: int, best: int) -> Action:
    """The discard of `kind`; `ev.now` is told the hand it leaves (naturals, wilds, sets
    wanted, seven pairs open), if any, measures `best`."""
    if hand is not None:
        ev.remember_less(*hand, kind, best)
    return _DISCARD_OF[kind]


def _tie_break(rng: random.Random, view: SeatView, best_moves: list[Action]) -> Action:
    """One of several discards of the least deficiency: the least connected, drawn at random
    among equals."""
    counts = view.counts
    wild = -1 if view.wild is None else view.wild  # (a Tile compared with None is slow)
    neighbours = _NEIGHBOURS
    # `connections` is the tile's shape (pairs and neighbours) plus half its live copies,
    # 0-2; a wild's key is 99. A tile whose shape is above the least key any tile can
    # reach cannot tie for the least: when only one tile can, no live copy is counted.
    shapes: list[int] = []
    reach = 1 << 30
    for action in best_moves:
        tile = action.tile
        assert tile is not None
        if tile == wild:
            shape = 99
            if shape < reach:
                reach = shape
        else:
            shape = 2 * counts[tile]
            for other, weight in neighbours[tile]:
                shape += counts[other] * weight
            if shape + 2 < reach:
                reach = shape + 2
        shapes.append(shape)
    if sum([1 for shape in shapes if shape <= reach]) == 1:
        only = [a for a, shape in zip(best_moves, shapes, strict=True) if shape <= reach]
        return rng.choice(only)  # (drawn as before: the same random numbers used)
    unseen = view.unseen()
    top: list[Action] = []
    top_key = 1 << 30
    for action, shape in zip(best_moves, shapes, strict=True):
        if shape > reach:
            continue
        tile = action.tile
        assert tile is not None
        # Keep tiles that connect to others; a wild is always worth keeping.
        key = 99 if tile == wild else shape + unseen[tile] // 2
        if key < top_key:
            top, top_key = [action], key
        elif key == top_key:
            top.append(action)
    return rng.choice(top)


def claimed_hand(view: SeatView, action: Action) -> ev.Hand:
    """The bot's hand once `action` (a chow, pong or kong on the discard) is made."""
    return ev.split(view, after_claim(view, action), len(view.melds[view.seat]) + 1)


def connections(counts: Sequence[int], tile: int, unseen: Sequence[int]) -> int:
    """How well a tile fits the rest of the hand: pairs and neighbours, weighted by what is live."""
    score = 2 * counts[tile] + unseen[tile] // 2
    for other, weight in _NEIGHBOURS[tile]:
        score += counts[other] * weight
    return score


_NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((tile + step, 2 if abs(step) == 1 else 1) for step in (-2, -1, 1, 2)
          if tile < 27 and 0 <= tile % 9 + step <= 8)
    for tile in range(34))
"""Per kind, (suited neighbour within two, weight): the one beside counts double."""

def _neighbour_mask(step: int) -> int:
    """Bytes of 0xFF at the kinds whose suited neighbour `step` away exists (the rest 0)."""
    return int.from_bytes(bytes(255 if kind < 27 and 0 <= kind % 9 - step <= 8 else 0
                                for kind in range(34)), "little")


_ONE_BELOW, _ONE_ABOVE, _TWO_BELOW, _TWO_ABOVE = (_neighbour_mask(step)
                                                  for step in (1, -1, 2, -2))
"""Where a count shifted up one byte (the kind below's) or down (the kind above's), by one
or two kinds, is a suited neighbour's: the tie-break's shapes, for all kinds at once."""

_MASK_KINDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(base + t for t in range(9) if mask >> t & 1) for mask in range(512))
    for base in (0, 9, 18, 27))
"""[suit][its 9 bits of a kind mask] → the kinds set there, in order."""

_KINDS = range(34)
_ODD = bytes(n & 1 for n in range(256))
_HELD = bytes(1 if n else 0 for n in range(256))
"""Tables for `bytes.translate`: a count to 1 where it is odd / held, else 0."""

_DISCARD_OF = DISCARD_ACTIONS
"""The discard of each kind: the very objects the engine offers (found by identity)."""
