"""A bot that plays toward a complete hand: discards to lower its deficiency, claims when that
helps, and always wins when it can."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.actions import PASS, Action, ActionKind
from game.shapes import deficiency, seven_pairs_deficiency
from game.view import SeatView

_SETS = {"mazhan": 5, "nanjing": 4}


def hand_deficiency(view: SeatView, counts: Sequence[int], melds: int) -> int:
    """Tiles still needed by these concealed counts with `melds` sets already on the table."""
    wild = view.wild
    wilds = 0
    if wild is not None and counts[wild]:
        wilds = counts[wild]
        counts = list(counts)
        counts[wild] = 0
    need = _SETS[view.ruleset] - melds
    best = deficiency(counts, wilds, need)
    if view.ruleset == "nanjing" and melds == 0:
        best = min(best, seven_pairs_deficiency(counts))
    return best


class NormalBot:
    def __init__(self, seed: int, level: str = "normal") -> None:
        self.rng = random.Random(seed)
        self.level = level

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        for action in legal:
            if action.kind is ActionKind.WIN:
                return action
        counts = list(view.counts)
        melds = len(view.melds[view.seat])
        if view.phase == "discard":
            return self._turn(view, counts, melds)
        return self._claim(view, counts, melds)

    def _turn(self, view: SeatView, counts: list[int], melds: int) -> Action:
        legal = view.legal
        now = hand_deficiency(view, counts, melds)
        for action in legal:
            if action.kind is ActionKind.ADDED_KONG:
                return action
            if action.kind is ActionKind.CONCEALED_KONG and action.tile is not None:
                after = counts[:]
                after[action.tile] -= 4
                if hand_deficiency(view, after, melds + 1) <= now:
                    return action
        return self._best_discard(view, counts, melds)

    def _best_discard(self, view: SeatView, counts: list[int], melds: int) -> Action:
        unseen = view.unseen()
        best: list[Action] = []
        best_key: tuple[int, int] | None = None
        for action in view.legal:
            if action.kind is not ActionKind.DISCARD or action.tile is None:
                continue
            tile = action.tile
            counts[tile] -= 1
            d = hand_deficiency(view, counts, melds)
            counts[tile] += 1
            # Keep tiles that connect to others; a wild is always worth keeping.
            keep = 99 if tile == view.wild else _connections(counts, tile, unseen)
            key = (d, keep)
            if best_key is None or key < best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return self.rng.choice(best)

    def _claim(self, view: SeatView, counts: list[int], melds: int) -> Action:
        if view.ruleset == "nanjing" and len(view.bonus[view.seat]) < 4:
            return PASS  # N4: an open hand without 4 hard flowers could not win
        now = hand_deficiency(view, counts, melds)
        best = PASS
        best_d = now
        for action in view.legal:
            if action.kind in (ActionKind.PASS, ActionKind.WIN) or action.tile is None:
                continue
            after = counts[:]
            if action.kind is ActionKind.CHOW:
                for t in action.tiles:
                    if t != action.tile:
                        after[t] -= 1
            else:
                after[action.tile] -= 3 if action.kind is ActionKind.KONG else 2
            d = hand_deficiency(view, after, melds + 1)
            if action.kind is ActionKind.KONG:
                if d <= best_d:  # a kong keeps the hand's shape and draws again
                    best, best_d = action, d
            elif d < best_d:
                best, best_d = action, d
        return best


def _connections(counts: Sequence[int], tile: int, unseen: Sequence[int]) -> int:
    """How well a tile fits the rest of the hand: pairs and neighbours, weighted by what is live."""
    score = 2 * counts[tile] + unseen[tile] // 2
    if tile < 27:
        n = tile % 9
        for step in (-2, -1, 1, 2):
            if 0 <= n + step <= 8:
                score += counts[tile + step] * (2 if abs(step) == 1 else 1)
    return score
