"""A plain efficiency bot: the floor a strong level must clear (issue 15).

Written apart from `game/bots/` on purpose and never tuned against the levels: it uses only the
seat view and the shape functions of `game.shapes`.

- Wins whenever a win is offered.
- Discards to the minimum deficiency (shanten + 1), then keeps the most live improving tiles
  (ukeire over the tiles it has not seen); never discards a wild (財神, ruling M6).
- Declares a kong when the hand is no further from complete after it.
- Claims a pong or chow when it brings the hand closer; in Nanjing only with 4 hard flowers,
  since an open hand may not win otherwise (ruling N4).
- Folds simply: when it is two or more tiles from ready and the wall is short or an opponent
  has two claimed sets, it throws a tile that opponent (or anyone) has already discarded.

Load it in a tournament with `--seats expert,file:tools/baseline_bot.py:BaselineBot,...`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.actions import PASS, Action, ActionKind
from game.bots import kit
from game.shapes import deficiency, deficiency_after_discards
from game.view import SeatView


class BaselineBot:
    level = "baseline"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # ---------------------------------------------------------------- shape of the own hand
    # (the documented helpers of game/bots/kit.py, as any outside bot would use them)

    def _deficiency(self, view: SeatView, counts: Sequence[int], melds: int) -> int:
        return kit.deficiency(view, counts, melds)  # seven pairs counted where open (N3)

    def _ukeire(self, view: SeatView, counts: Sequence[int], melds: int) -> int:
        """Unseen tiles whose draw lowers the deficiency of a hand waiting to draw."""
        return sum(kit.improving(view, counts, melds).values())

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
        now = self._deficiency(view, view.counts, melds)
        for action in view.legal:
            if action.kind in (ActionKind.ADDED_KONG, ActionKind.CONCEALED_KONG) \
                    and action.tile is not None:
                after = list(view.counts)
                after[action.tile] -= 1 if action.kind is ActionKind.ADDED_KONG else 4
                extra = 0 if action.kind is ActionKind.ADDED_KONG else 1
                if self._deficiency(view, after, melds + extra) <= now:
                    return action
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        safe = [a for a in discards if a.tile != view.wild] or discards
        naturals, wilds, need, _ = kit.own_hand(view)
        after_d = deficiency_after_discards(naturals, wilds, need)

        def shape_of(tile: int) -> int:
            if tile == view.wild:
                return deficiency(naturals, wilds - 1, need)
            d = after_d.get(tile, 99)
            if view.ruleset == "nanjing" and melds == 0:
                rest = list(naturals)
                rest[tile] -= 1
                d = min(d, 7 - sum(n // 2 for n in rest))
            return d

        best = min(shape_of(a.tile) for a in safe if a.tile is not None)
        if best >= 2 and self._danger_time(view):
            fold = self._fold(view, safe)
            if fold is not None:
                return fold
        top: list[Action] = []
        top_live = -1
        for action in safe:
            tile = action.tile
            assert tile is not None
            if shape_of(tile) != best:
                continue
            rest = list(view.counts)
            rest[tile] -= 1
            live = self._ukeire(view, rest, melds)
            if live > top_live:
                top, top_live = [action], live
            elif live == top_live:
                top.append(action)
        return self.rng.choice(top)

    def _danger_time(self, view: SeatView) -> bool:
        """Late in the wall, or an opponent shows two claimed sets."""
        if view.wall_left < 16:
            return True
        return any(sum(1 for m in view.melds[s] if m.source is not None) >= 2
                   for s in range(4) if s != view.seat)

    def _fold(self, view: SeatView, discards: Sequence[Action]) -> Action | None:
        """A tile someone has already discarded (the most often discarded first)."""
        thrown: dict[int, int] = {}
        for s in range(4):
            if s != view.seat:
                for tile, _ in view.rivers[s]:
                    thrown[tile] = thrown.get(tile, 0) + 1
        options = [a for a in discards if a.tile is not None and a.tile in thrown]
        if not options:
            return None
        most = max(thrown[a.tile] for a in options if a.tile is not None)
        return self.rng.choice([a for a in options if a.tile is not None
                                and thrown[a.tile] == most])

    def _claim(self, view: SeatView) -> Action:
        if view.ruleset == "nanjing" and len(view.bonus[view.seat]) < 4:
            return PASS  # N4: the open hand could not win
        melds = len(view.melds[view.seat])
        now = self._deficiency(view, view.counts, melds)
        best, best_d = PASS, now
        for action in view.legal:
            if action.kind not in (ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG) \
                    or action.tile is None:
                continue
            d = self._deficiency(view, kit.after_claim(view, action), melds + 1)
            if d < best_d:
                best, best_d = action, d
        return best
