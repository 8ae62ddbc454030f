"""A lesson's hand played headless: the scripted seats, and a match dealt from its wall."""

from __future__ import annotations

from collections.abc import Sequence

from game.actions import PASS, Action, ActionKind
from game.events import Event
from game.lessons.model import Lesson
from game.match import Match
from game.view import SeatView


class ScriptedSeat:
    """The other seats of a lesson: pass every claim (and every win), throw the drawn tile
    (else the last legal discard), so the stacked wall alone decides the play."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if PASS in legal:
            return PASS
        if view.drawn is not None:
            drawn = Action(ActionKind.DISCARD, view.drawn)
            if drawn in legal:
                return drawn
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        return discards[-1] if discards else legal[0]


def lesson_match(lesson: Lesson, names: Sequence[str] | None = None
                 ) -> tuple[Match, list[Event]]:
    """A one-hand match with the player (player 0) as the dealer, dealt from the lesson's
    stacked wall, and the events of the deal."""
    match = Match(lesson.ruleset, lesson.seed, {"hands": 1}, names)
    match.dealer = 0  # the player deals: the lesson's hands are written E S W N
    match.dealer_streak = lesson.streak
    return match, match.start_hand(seed=lesson.seed, draw_order=lesson.order())
