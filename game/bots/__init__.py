"""Bots: each decides from its seat view only, with its own seeded randomness."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from game.actions import Action
from game.view import SeatView

LEVELS = ("random", "easy", "normal", "hard")


class Bot(Protocol):
    level: str

    def choose(self, view: SeatView) -> Action:
        """One of `view.legal`."""


@runtime_checkable
class LegalChooser(Protocol):
    """A bot that decides from the legal actions alone: a headless match need not build it a
    view (`choose_legal(view.legal)` must equal `choose(view)`, random stream included)."""

    def choose_legal(self, legal: tuple[Action, ...]) -> Action:
        """One of `legal`."""


def make_bot(level: str, seed: int) -> Bot:
    """A bot of `level` ("random", "easy", "normal", "hard") with its own random stream."""
    from game.bots.hard import HardBot
    from game.bots.normal import NormalBot
    from game.bots.random_bot import RandomBot

    if level == "random":
        return RandomBot(seed)
    if level in ("easy", "normal"):
        return NormalBot(seed, level)
    if level == "hard":
        return HardBot(seed)
    raise ValueError(f"unknown bot level {level!r} ({', '.join(LEVELS)})")
