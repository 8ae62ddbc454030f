"""A lesson is data: a stacked wall, and steps the player must do, each checked.

A step has a text (a catalogue key), a spotlight target, and what finishes it: a legal action
of the player (`expect`, in action notation), a click on the target (no `expect`, no
`choices`), or the right answer among `choices` (numbers the real scorer gave for the hand;
tests check them against it). A wrong action is refused with the step's `wrong` text and the
step stays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import Action, ActionKind
from game.lessons.stacking import stacked

CLICK = "click"
ACTION = "action"
CHOICE = "choice"


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the player must do."""

    text: str
    """Catalogue key of what the step says."""
    target: str = ""
    """What the spotlight shows: "tile 4z" (an own tile), "button win" (an action button, by
    its kind), "indicator" (the flipped wildcard indicator), "bonus" (the own bonus strip),
    "scores" (the seats' scores), "choices" (the answer buttons), "result" (the score sheet:
    a click turns its pages, and the one on its last page ends the step), or "" (nothing)."""
    expect: tuple[str, ...] = ()
    """Accepted actions in notation; a bare kind ("win", "pass") accepts any of that kind."""
    wrong: str = "lesson.wrong"
    """Catalogue key said when the player does something else."""
    choices: tuple[int, ...] = ()
    answer: int | None = None
    labels: tuple[str, ...] = ()
    """Catalogue keys the answer buttons show, one per choice; without them, the numbers."""
    values: dict[str, int | str] = field(default_factory=dict)
    """Numbers and tiles the text is filled with."""

    @property
    def kind(self) -> str:
        if self.expect:
            return ACTION
        if self.choices:
            return CHOICE
        return CLICK

    def accepts(self, action: Action) -> bool:
        text = str(action)
        for want in self.expect:
            if " " not in want and action.kind is ActionKind(want):
                return True
            if text == want:
                return True
        return False


@dataclass(frozen=True, slots=True)
class Lesson:
    """A scripted hand: the player sits East (the dealer); the other seats pass every claim
    and throw the tile they drew, so the wall decides what each of them discards."""

    name: str
    ruleset: str
    hands: tuple[str, str, str, str]
    steps: tuple[Step, ...]
    indicator: str = ""
    draws: str = ""
    tail: str = ""
    seed: int = 1
    """Seeds the dice of the hand (the wall itself is stacked)."""
    streak: int = 0
    """Hands the player has already kept the deal (Nanjing's 比下胡, N8)."""

    @property
    def title(self) -> str:
        return f"lesson.{self.name}.title"

    @property
    def summary(self) -> str:
        return f"lesson.{self.name}.summary"

    def order(self) -> list[int]:
        """The wall's draw order, head first."""
        return stacked(self.ruleset, self.hands, indicator=self.indicator, draws=self.draws,
                       tail=self.tail)


class LessonRun:
    """Where the player is in a lesson: the step due, and why the last try was refused."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.wrong = ""
        """Catalogue key of the last refusal ("" after a step is done)."""

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    def _advance(self) -> None:
        self.index += 1
        self.wrong = ""

    def try_action(self, action: Action) -> bool:
        """Whether the player may do `action` now (the step is then done)."""
        step = self.step
        if step is None:
            return True  # the lesson is over; the hand may go on
        if step.kind == ACTION and step.accepts(action):
            self._advance()
            return True
        self.wrong = step.wrong if step.kind == ACTION else "lesson.wrong_first"
        return False

    def click(self, target: str) -> bool:
        """A click on `target`; True if it finished the step."""
        step = self.step
        if step is not None and step.kind == CLICK and step.target == target:
            self._advance()
            return True
        return False

    def choose(self, value: int) -> bool:
        """An answer; True if right (the step is then done), else the step stays."""
        step = self.step
        if step is None or step.kind != CHOICE:
            return False
        if value == step.answer:
            self._advance()
            return True
        self.wrong = step.wrong
        return False
