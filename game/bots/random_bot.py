"""Uniform over the legal actions: for tests and as the weakest opponent."""

from __future__ import annotations

import random

from game.actions import Action
from game.view import SeatView


class RandomBot:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.choose_legal(view.legal)

    def choose_legal(self, legal: tuple[Action, ...]) -> Action:
        """The same choice from the legal actions alone (no view needed)."""
        return self.rng.choice(legal)
