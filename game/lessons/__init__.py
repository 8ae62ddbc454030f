"""Lessons: short scripted hands on stacked walls that teach each ruleset by doing (issue 27).

Pure data and checks (no window): `LESSONS` in the order a new player should take them, the
model (`model.py`), the headless seats and match (`play.py`) and the progress file
(`progress.py`). The window shows them through the table scene (game/client/table/coach.py).
"""

from __future__ import annotations

from game.lessons.catalogue import LESSONS, lesson_named, lessons_of
from game.lessons.model import Lesson, LessonRun, Step

__all__ = ["LESSONS", "Lesson", "LessonRun", "Step", "lesson_named", "lessons_of"]
