"""Hints for the seat on screen: what the hand waits on, how many of each are still unseen,
and what the normal bot would do in its place. Everything is read from the SeatView alone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.actions import Action, ActionKind
from game.bots import Bot, make_bot
from game.shapes import seven_pairs_waits, waits
from game.tiles import Tile
from game.view import SeatView


@dataclass(frozen=True)
class Hints:
    """`waits`: (tile, unseen count) pairs; `after`: the discard those waits assume, if any."""

    waits: tuple[tuple[Tile, int], ...]
    after: Tile | None
    suggestion: Action | None


NO_HINTS = Hints((), None, None)


def hand_waits(view: SeatView, counts: Sequence[int]) -> list[int]:
    """Kinds completing `counts` (a hand one tile short of a win) for the view's ruleset.

    Wild tiles (Mazhan, ruling M6) are taken out and counted as jokers, so a ready hand also
    waits on the wild kind itself (drawn, a wild stands for the missing tile; discarded it is
    dead, M6). Seven pairs count only for a Nanjing hand with no melds (ruling N3)."""
    wild = view.wild
    if wild is not None:
        natural = list(counts)
        natural[wild] = 0
        found = set(waits(natural, counts[wild]))
        if found:
            found.add(wild)
    else:
        found = set(waits(counts))
    if view.ruleset == "nanjing" and not view.melds[view.seat]:
        found.update(seven_pairs_waits(counts))
    return sorted(found)


def waits_with_unseen(view: SeatView, counts: Sequence[int]) -> tuple[tuple[Tile, int], ...]:
    unseen = view.unseen()
    return tuple((Tile(k), unseen[k]) for k in hand_waits(view, counts))


class Advisor:
    """Computes hints once per view (the bot reads views only, so it cannot peek)."""

    def __init__(self) -> None:
        self.bot: Bot = make_bot("normal", 0)
        self._last: tuple[SeatView, Hints] | None = None

    def hints(self, view: SeatView, focus: Tile | None = None) -> Hints:
        """Hints for `view`; in the discard phase the waits assume `focus` (the tile under the
        pointer) is discarded, else the suggested discard."""
        if view.seat < 0 or not any(view.counts):
            return NO_HINTS
        if self._last is not None and self._last[0] is view:
            base = self._last[1]
        else:
            base = self._compute(view)
            self._last = (view, base)
        if focus is None or focus == base.after or sum(view.counts) % 3 != 2:
            return base
        counts = list(view.counts)
        if counts[focus] == 0:
            return base
        counts[focus] -= 1
        return Hints(waits_with_unseen(view, counts), focus, base.suggestion)

    def _compute(self, view: SeatView) -> Hints:
        suggestion = self.bot.choose(view) if view.legal and view.seat in view.to_act else None
        counts = list(view.counts)
        after: Tile | None = None
        if sum(counts) % 3 == 2:  # holding the extra tile: the waits once one is discarded
            if suggestion is not None and suggestion.kind is ActionKind.DISCARD:
                after = suggestion.tile
            if after is None:
                return Hints((), None, suggestion)
            counts[after] -= 1
        return Hints(waits_with_unseen(view, counts), after, suggestion)
