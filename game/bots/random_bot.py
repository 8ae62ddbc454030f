"""Uniform over the legal actions: for tests and as the weakest opponent."""

from __future__ import annotations

import random

from game.actions import Action
from game.view import SeatView
from game.wall import PLAIN_RANDBELOW

# `PLAIN_RANDBELOW`: whether `random.Random.choice` draws the way `RandomBot.choose_legal`
# copies (CPython 3.11-3.13); if not, the bot calls `choice` itself, so its picks never change.


class RandomBot:
    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits

    def choose(self, view: SeatView) -> Action:
        return self.choose_legal(view.legal)

    def choose_legal(self, legal: tuple[Action, ...]) -> Action:
        """The same choice from the legal actions alone (no view needed)."""
        n = len(legal)
        if not n or not PLAIN_RANDBELOW:
            return self.rng.choice(legal)
        # `rng.choice(legal)` without its two calls (most actions of a random-bot match are
        # this pick): the same bits drawn the same way, so the same pick
        bits = self._bits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]
