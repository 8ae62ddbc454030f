"""A plain efficiency bot at full strength: the floor a strong level must clear (issue 30).

Written apart from `game/bots/` on purpose, from issue 30's description, and never tuned
against the levels: it uses only the seat view, `game.shapes` and `game.bots.kit`.

- Wins whenever a win is offered.
- Discards to the lowest deficiency after the discard (shanten + 1), then keeps the most live
  improving tiles (ukeire over the tiles it has not seen; a drawn Mazhan wild always counts),
  counted against that same deficiency: while a Nanjing hand is concealed it is the lower of
  the plain hand's and seven pairs' (N3), so a draw pairing a single counts there.
  It never throws a wild (財神, ruling M6) while anything else is legal.
- Claims a pong or chow only when the deficiency after the claim is strictly lower; an exposed
  kong when it is not higher; its own concealed and added kongs likewise.
- Nanjing with fewer than 4 hard flowers (N4): an open hand may win only with a big item, so
  once open (or to open) it counts only plans that may legally win open: all pongs (對對胡),
  one suit (清一色), one suit with winds (混一色), and the plain hand once 16 or fewer tiles are
  left (海底撈月, N7). A concealed hand plays the plain hand and seven pairs (N3).
- Folds to the safest tile when it is two or more tiles from ready (deficiency 3 or more after
  the discard) and an opponent shows 3+ claimed sets (Mazhan) or 2+ (Nanjing), or 16 or fewer
  tiles are left: a kind found in every threatening river (those opponents', or every
  opponent's late in the wall), else the most visible kind, honours and terminals first.

Load it in a tournament with `--seats expert,file:tools/baseline_bot.py:BaselineBot,...`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.actions import PASS, Action, ActionKind
from game.bots import kit
from game.shapes import deficiency, deficiency_after_draws
from game.view import SeatView

LATE = 16
"""Tiles left in the wall at which the hand counts as late (Nanjing 海底, N7)."""
THREAT_SETS = {"mazhan": 3, "nanjing": 2}
"""Claimed sets that make an opponent threatening."""
WINDS = range(27, 31)


def _triplets(naturals: Sequence[int], need: int) -> int:
    """對對胡 deficiency: tiles to draw so the concealed part is `need` triplets and a pair."""
    sizes = sorted((n for n in naturals if n), reverse=True)
    best = 99
    # The largest kinds make the sets; the pair is one of the first need+1, or (-1) a kind
    # not held yet.
    for pair_at in range(-1, min(len(sizes), need + 1)):
        used = 0
        sets = 0
        for i, n in enumerate(sizes):
            if i == pair_at:
                used += min(n, 2)
            elif sets < need:
                used += min(n, 3)
                sets += 1
        best = min(best, 3 * need + 2 - used)
    return max(0, best)


class _Plan:
    """One way the hand may win: the kinds it can use, and whether it is all pongs."""

    __slots__ = ("scope", "triplets")

    def __init__(self, scope: frozenset[int] | None, triplets: bool) -> None:
        self.scope = scope
        self.triplets = triplets


_PLAIN = _Plan(None, False)
_PONGS = _Plan(None, True)


class BaselineBot:
    level = "baseline"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # ---------------------------------------------------------------- plans and shape

    def _plans(self, view: SeatView, opened: bool) -> list[_Plan]:
        """The plans this hand may win with; `opened`: with a claimed set (made or to make)."""
        seat = view.seat
        if view.ruleset != "nanjing" or not opened or len(view.bonus[seat]) >= 4:
            return [_PLAIN]
        plans = [_PONGS]
        melds = view.melds[seat]
        for suit in range(3):
            kinds = frozenset(range(9 * suit, 9 * suit + 9))
            if all(m.first in kinds for m in melds):
                plans.append(_Plan(kinds, False))
            with_winds = kinds | frozenset(WINDS)
            if all(m.first in with_winds for m in melds):
                plans.append(_Plan(with_winds, False))
        if view.wall_left <= LATE:
            plans.append(_PLAIN)
        return plans

    def _plan_deficiency(self, view: SeatView, plan: _Plan, counts: Sequence[int],
                         melds: int, chow: bool) -> int:
        hand = kit.own_hand(view, counts, melds)
        naturals = hand.naturals
        if plan.triplets:
            if chow:
                return 99
            return _triplets(naturals, hand.need) if hand.need >= 0 else 99
        if plan.scope is not None:
            naturals = [n if k in plan.scope else 0 for k, n in enumerate(naturals)]
            return deficiency(naturals, hand.wilds, hand.need)
        return kit.deficiency(view, counts, melds)  # seven pairs counted where open (N3)

    def _deficiency(self, view: SeatView, counts: Sequence[int], melds: int,
                    opened: bool, chow: bool = False) -> int:
        """Lowest deficiency over the plans the hand may win with."""
        return min(self._plan_deficiency(view, p, counts, melds, chow)
                   for p in self._plans(view, opened))

    def _improving(self, view: SeatView, counts: Sequence[int], melds: int,
                   opened: bool) -> int:
        """Live tiles whose draw lowers the deficiency of a hand waiting to draw."""
        plans = self._plans(view, opened)
        if plans == [_PLAIN]:
            hand = kit.own_hand(view, counts, melds)
            if not hand.seven_pairs:
                return sum(kit.improving(view, counts, melds).values())
            return self._improving_with_pairs(view, hand)
        unseen = view.unseen()
        now = self._deficiency(view, counts, melds, opened)
        good = 0
        for kind in range(34):
            if not unseen[kind]:
                continue
            more = list(counts)
            if more[kind] >= 4:
                continue
            more[kind] += 1
            if self._deficiency(view, more, melds, opened) < now:
                good += unseen[kind]
        return good

    def _improving_with_pairs(self, view: SeatView, hand: kit.OwnHand) -> int:
        """Live tiles that lower the deficiency the discard was chosen by: the lower of the
        plain hand's and seven pairs' (N3) while seven pairs is open, so a hand steered by
        seven pairs counts the draws that pair a single (`kit.improving` counts only sets)."""
        naturals = hand.naturals
        plain = deficiency(naturals, hand.wilds, hand.need)
        pairs = sum(min(n, 4) // 2 for n in naturals)
        now = min(plain, 7 - pairs)
        unseen = view.unseen()
        good = 0
        for kind, d in deficiency_after_draws(naturals, hand.wilds, hand.need).items():
            if not unseen[kind]:
                continue
            more_pairs = pairs + (1 if naturals[kind] % 2 else 0)
            if min(d, 7 - more_pairs) < now:
                good += unseen[kind]
        return good

    def _opened(self, view: SeatView) -> bool:
        return any(m.source is not None for m in view.melds[view.seat])

    # ---------------------------------------------------------------- decisions

    def choose(self, view: SeatView) -> Action:
        for action in view.legal:
            if action.kind is ActionKind.WIN:
                return action
        if view.phase == "discard":
            return self._turn(view)
        return self._claim(view)

    def _turn(self, view: SeatView) -> Action:
        melds = len(view.melds[view.seat])
        opened = self._opened(view)
        now = self._deficiency(view, view.counts, melds, opened)
        for action in view.legal:
            if action.kind in (ActionKind.ADDED_KONG, ActionKind.CONCEALED_KONG) \
                    and action.tile is not None:
                after = list(view.counts)
                added = action.kind is ActionKind.ADDED_KONG
                after[action.tile] -= 1 if added else 4
                if self._deficiency(view, after, melds + (0 if added else 1), opened) <= now:
                    return action
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        keep_wild = [a for a in discards if a.tile != view.wild] or discards
        shape: dict[int, int] = {}
        for action in keep_wild:
            tile = action.tile
            assert tile is not None
            rest = list(view.counts)
            rest[tile] -= 1
            shape[tile] = self._deficiency(view, rest, melds, opened)
        best = min(shape.values())
        if best >= 3 and self._danger(view):
            return self._fold(view, keep_wild)
        top: list[Action] = []
        top_live = -1
        for action in keep_wild:
            tile = action.tile
            assert tile is not None
            if shape[tile] != best:
                continue
            rest = list(view.counts)
            rest[tile] -= 1
            live = self._improving(view, rest, melds, opened)
            if live > top_live:
                top, top_live = [action], live
            elif live == top_live:
                top.append(action)
        return self.rng.choice(top)

    # ---------------------------------------------------------------- defence

    def _threats(self, view: SeatView) -> list[int]:
        bar = THREAT_SETS[view.ruleset]
        return [s for s in range(4) if s != view.seat
                and sum(1 for m in view.melds[s] if m.source is not None) >= bar]

    def _danger(self, view: SeatView) -> bool:
        """An opponent shows enough claimed sets, or the wall is nearly gone."""
        return view.wall_left <= LATE or bool(self._threats(view))

    def _fold(self, view: SeatView, discards: Sequence[Action]) -> Action:
        """The safest tile: a kind in every threatening river, else the most visible kind,
        honours and terminals first."""
        threats = self._threats(view) or [s for s in range(4) if s != view.seat]
        rivers = [{int(t) for t, _ in view.rivers[s]} for s in threats]
        unseen = view.unseen()

        def safety(action: Action) -> tuple[bool, int, bool]:
            tile = action.tile
            assert tile is not None
            edge = tile >= 27 or tile % 9 in (0, 8)
            return (all(tile in r for r in rivers), 4 - unseen[tile], edge)

        best = max(safety(a) for a in discards)
        return self.rng.choice([a for a in discards if safety(a) == best])

    # ---------------------------------------------------------------- claims

    def _claim(self, view: SeatView) -> Action:
        melds = len(view.melds[view.seat])
        now = self._deficiency(view, view.counts, melds, self._opened(view))
        best, best_d = PASS, now
        for action in view.legal:
            kind = action.kind
            if kind not in (ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG) \
                    or action.tile is None:
                continue
            d = self._deficiency(view, kit.after_claim(view, action), melds + 1, True,
                                 chow=kind is ActionKind.CHOW)
            # a pong or chow only when it brings the hand closer; an exposed kong when the
            # hand is no further (a replacement draw, and kong money or points)
            if not (d <= now if kind is ActionKind.KONG else d < now):
                continue
            if best is PASS or d < best_d:
                best, best_d = action, d
        return best
