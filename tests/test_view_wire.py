"""A view survives its wire form (msgpack) whole, the hand's result included."""

from __future__ import annotations

import random

import msgpack
import pytest

from game.bots import make_bot
from game.match import Match
from game.view import view_from_wire


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_views_round_trip_during_and_after_hands(ruleset: str) -> None:
    match = Match(ruleset, 17, {"hands": 3})
    bots = [make_bot("normal", p) for p in range(4)]
    rng = random.Random(1)
    checked = 0
    while not match.match_over:
        match.start_hand()
        while True:
            for seat in (-1, 0, 1, 2, 3):
                if rng.random() < 0.2 or match.hand_over:
                    view = match.view(seat)
                    wire = msgpack.unpackb(msgpack.packb(view.to_wire()), strict_map_key=False)
                    assert view_from_wire(wire) == view
                    checked += 1
            if match.hand_over:
                break
            seat = match.to_act()[0]
            match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
    assert checked > 20
