from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.bots import make_bot
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.client.ui.tile_art import IVORY

from .test_window import has_color


@pytest.mark.parametrize("ruleset,seed", [("nanjing", 4), ("mazhan", 12)])
def test_the_curtain_never_shows_another_humans_tiles(ctx: Context, screen: pygame.Surface,
                                                      ruleset: str, seed: int) -> None:
    """Two people share the screen for a whole match: a player's concealed tiles are drawn
    only while that player is the one shown, and a curtain frame comes between the two."""
    session = LocalSession(ruleset, ["human", "bot", "human", "bot"], ["random"] * 4,
                           ["王", "李", "張", "劉"], seed=seed, hands=2)
    scene = TableScene(ctx, session)
    players = {0: make_bot("normal", 1), 2: make_bot("normal", 2)}
    last_shown: int | None = None
    curtains = frames = 0
    for _ in range(20000):
        if session.match_over and scene.result_shown:
            break
        scene.update(0.05)
        scene.draw(screen)
        frames += 1
        if scene.curtain is not None:
            curtains += 1
            last_shown = None  # a curtain frame: the screen may now change hands
            assert not has_color(screen, IVORY, step=4)  # no face at all behind the curtain
            scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                            unicode=" "))
            continue
        if scene.result_shown:
            scene._continue()
            continue
        shown = scene.shown_player
        assert shown in (0, 2)
        if last_shown is not None and shown != last_shown:
            raise AssertionError("the screen changed hands without a curtain")
        last_shown = shown
        seat = session.seat_of(shown)
        assert scene.view.seat == seat
        own = session.view(seat)
        drawn_tiles = Counter(tile for _rect, tile in scene.hand.rects)
        assert drawn_tiles == Counter(own.concealed)  # exactly the shown player's own tiles
        if scene._my_turn():
            scene._submit(players[shown].choose(scene.view))
        elif session.humans_to_act() and session.humans_to_act()[0] != shown:
            raise AssertionError("another human must act, yet this one's tiles are shown")
    assert session.match_over and curtains >= 3 and frames > curtains
