"""A lesson's table: a local one-hand match on the lesson's stacked wall, the player East,
the other seats scripted; an action the step does not ask for is refused (issue 27)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game.actions import Action
from game.client.i18n import t
from game.client.sessions.local import LocalSession
from game.errors import IllegalAction
from game.lessons import Lesson, LessonRun, lesson_named
from game.lessons.play import ScriptedSeat, lesson_match

if TYPE_CHECKING:
    from game.client.context import Context


class LessonRefused(IllegalAction):
    """A legal action that is not the step the lesson asks for (the step's note says why)."""

    code = "lesson_step"


class LessonSession(LocalSession):
    """LocalSession over a lesson's match; `run` is where the player is in the lesson."""

    def __init__(self, lesson: Lesson) -> None:
        names = [t("name.player_n", n=1)] + [t("name.bot_n", n=n) for n in (2, 3, 4)]
        match, events = lesson_match(lesson, names)
        self._setup(match, ["human", "bot", "bot", "bot"], ["normal"] * 4, time.monotonic,
                    bot_salt=0)
        self.bots = {p: ScriptedSeat() for p in (1, 2, 3)}
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self._record(events)

    def submit(self, seat: int, action: Action) -> None:
        # an illegal action is the engine's to refuse; a legal one must be the step's
        if action in self.match.legal_actions(seat) and not self.run.try_action(action):
            raise LessonRefused("not this lesson's step")
        super().submit(seat, action)


def open_lesson(ctx: Context, name: str, *, replace: bool = False) -> None:
    """Show the lesson called `name` at the table (KeyError for an unknown name)."""
    session = LessonSession(lesson_named(name))
    ctx.stack.open("table", replace=replace, session=session, demo=False)
