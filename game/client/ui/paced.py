"""Work spread over frames: a reader of the kept logs (each replayed through the engine) stepped
for a small budget each frame, so a screen opens at once and shows how far it has got."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol


class Stepper(Protocol):
    """A reader that does one piece of its work per `step` (False once nothing is left)."""

    @property
    def done(self) -> bool: ...

    def step(self) -> bool: ...


class Paced:
    """Steps `reader` for up to `budget` seconds a frame and calls `finished` once it is done
    (at once when it already is). `clock` is read for the budget (tests give a fake one)."""

    def __init__(self, reader: Stepper | None, budget: float, finished: Callable[[], None],
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.reader = reader
        self.budget = budget
        self.finished = finished
        self.clock = clock

    @property
    def reading(self) -> bool:
        return self.reader is not None and not self.reader.done

    def update(self) -> bool:
        """This frame's share of the work; True while there was some to do."""
        if not self.reading:
            return False
        assert self.reader is not None
        until = self.clock() + self.budget
        while self.reader.step() and self.clock() < until:
            pass
        if self.reader.done:
            self.finished()
        return True

    def finish(self) -> None:
        """Do all that is left now (tests, screenshots, a key press of the impatient)."""
        while self.reader is not None and self.reader.step():
            pass
        self.finished()
