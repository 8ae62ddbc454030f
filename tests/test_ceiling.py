"""tools/ceiling.py: the see-through bots read the table right and play whole deals."""

from __future__ import annotations

import argparse
import random

import pytest

from game.actions import Action, ActionKind
from game.bots import Bot, make_bot
from game.engine import Hand, Phase
from game.rules.registry import make_ruleset
from game.tiles import PLAY_KINDS
from game.tournament import deal_order, play_deal
from game.view import SeatView
from tools import ceiling, paired


@pytest.mark.parametrize("ruleset", ["nanjing", "mazhan"])
def test_wall_counts_are_the_tiles_left_in_the_wall(ruleset: str) -> None:
    order, seed = deal_order(5, 0)
    table = Hand(make_ruleset(ruleset), random.Random(seed), stake=1, draw_order=order)
    table.start()
    bots = [make_bot("hard", s) for s in range(4)]
    checked = 0
    while table.phase is not Phase.OVER:
        seat = table.to_act()[0]
        view = ceiling.other_view(table, seat)
        if view.phase == "discard":
            counts = ceiling.wall_counts(view, table)
            left = table.wall.remaining()
            for kind in range(PLAY_KINDS):
                if kind not in table.rules.bonus_kinds and kind != view.indicator:
                    assert counts[kind] == left.count(kind), (kind, checked)
            checked += 1
        table.apply(seat, bots[seat].choose(view))
    assert checked > 10


@pytest.mark.parametrize("ruleset", ["nanjing", "mazhan"])
def test_a_see_through_bot_plays_whole_deals_and_plays_differently(ruleset: str) -> None:
    args = argparse.Namespace(ruleset=ruleset, seed=901, first=0, deals=3, a="expert",
                              b="see_all", opp="hard", jobs=1, out=None)
    out = paired.compare(args, ceiling.make, ceiling.remember)
    assert out["deals"] == 3
    assert out["changed"] >= 1  # it used what it saw


def test_never_feeding_feeds_a_win_only_when_every_discard_would() -> None:
    """`see_wins_always` (Mazhan): a discard an opponent wins on only when no discard is safe."""
    seen: list[tuple[int, set[int], set[int]]] = []

    class Watched(ceiling.SeeThrough):
        def choose(self, view: SeatView) -> Action:
            action = super().choose(view)
            if view.phase == "discard" and action.kind is ActionKind.DISCARD:
                wins = set(ceiling.winning_discards(view, self.table))
                tiles = {int(a.tile) for a in view.legal
                         if a.kind is ActionKind.DISCARD and a.tile is not None}
                assert action.tile is not None
                seen.append((int(action.tile), wins, tiles))
            return action

    def make(level: str, seed: int) -> Bot:
        if level == "watched":
            return Watched(seed, ceiling._TABLE[0], **ceiling.KINDS["see_wins_always"])
        return make_bot(level, seed)

    for deal in range(20):
        play_deal("mazhan", 901, deal, ["watched", "hard", "watched", "hard"], deal % 4,
                  ceiling.remember, make=make)
    assert len(seen) > 50
    threatened = [(tile, wins, tiles) for tile, wins, tiles in seen if wins & tiles]
    assert threatened  # some discards were made with a winning tile in hand
    for tile, wins, tiles in threatened:
        assert tile not in wins or tiles <= wins
