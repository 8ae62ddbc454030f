"""Every screen, drawn in both languages: no text a player reads holds tile notation
(`\\b[1-9]+[mpszf]\\b`), and the table and score screens draw no text under 14 px (key
hints, drawn in their own small corner of a button, may be 11 px). The texts are read from
what the fonts actually rendered (Fonts.seen), so nothing drawn escapes the check."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.scene import Scene
from game.client.screens.calculator import CalculatorScene
from game.client.screens.lan import HostScreen
from game.client.screens.menus import MainMenu, SettingsScene, SetupScene
from game.client.screens.replays import ReplayListScene
from game.client.screens.rules import RulesScene
from game.client.sessions.local import LocalSession
from game.client.table.replay import open_replay
from game.client.table.results import StandingsScene
from game.client.table.scene import TableScene
from game.client.tile_names import NOTATION

from .test_replay_window import play_match
from .test_results import finish_hand
from .test_scenes import pick

SIZE = (1024, 640)


def _draw(ctx: Context, scene: Scene, surface: pygame.Surface) -> None:
    ctx.stack.push(scene)
    scene.update(0.01)
    scene.draw(surface)


def _claim_offered(ruleset: str) -> tuple[LocalSession, int]:
    """A solo hand where the human is offered more than a discard (a claim prompt)."""
    session = LocalSession(ruleset, ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["王", "李", "張", "劉"], seed=3)
    rng = random.Random(3)
    seat = session.seat_of(0)
    while not session.hand_over:
        if session.waiting_on_others():
            session.step()
            continue
        legal = session.view(seat).legal
        if any(a.kind.value not in ("discard",) for a in legal) and 0 in session.humans_to_act(
        ) and session.view(seat).phase != "discard":
            return session, seat
        session.submit(seat, rng.choice([a for a in legal if a.kind.value == "discard"]
                                        or list(legal)))
    raise AssertionError("no claim offered in this hand")


def _table_texts(ctx: Context, surface: pygame.Surface, ruleset: str) -> dict[str, int]:
    """The texts of a table mid-hand (hints on, a claim prompt) and of a finished hand's
    score screen, each page of it."""
    ctx.fonts.seen = {}
    ctx.settings.hints = True
    session, _seat = _claim_offered(ruleset)
    scene = TableScene(ctx, session)
    _draw(ctx, scene, surface)
    assert scene.actions.buttons  # the claim prompt is up
    scene = finish_hand(ctx, ruleset, 2)
    for page in range(4):
        scene.sheet_page = page
        scene._result_cache = None
        scene.draw(surface)
    return dict(ctx.fonts.seen)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_no_screen_shows_tile_notation(ctx: Context, language: str, tmp_path: Path) -> None:
    i18n.set_language(language)
    surface = pygame.display.set_mode(SIZE)
    ctx.size = SIZE
    ctx.data_dir = tmp_path / "data"
    ctx.fonts.seen = {}
    for scene in (MainMenu(ctx), SetupScene(ctx, False), SetupScene(ctx, True),
                  SettingsScene(ctx), RulesScene(ctx, "mazhan"), RulesScene(ctx, "nanjing"),
                  ReplayListScene(ctx), HostScreen(ctx, announce=False)):
        _draw(ctx, scene, surface)
    calc = CalculatorScene(ctx)
    _draw(ctx, calc, surface)  # no winning tile yet: said in words
    pick(calc, "hand", "123m456p789s11z22s")
    pick(calc, "pong", "7z")
    pick(calc, "bonus", "1f")
    pick(calc, "win", "2s")
    calc.draw(surface)
    rect, _act = calc.placed[0]
    calc.placed[0][1]()  # take a tile back: the scorer's refusal is shown
    calc.draw(surface)
    del rect
    for ruleset in ("mazhan", "nanjing"):
        ctx.fonts.seen.update(_table_texts(ctx, surface, ruleset))
    finished = finish_hand(ctx, "mazhan", 2, hands=1)
    session = finished.session
    assert session is not None
    standings = StandingsScene(ctx, session.history, session.player_names,
                               finished.start_scores, lambda: None)
    _draw(ctx, standings, surface)
    log = play_match(tmp_path / "logs", "mazhan", 5, 1)
    assert open_replay(ctx, log)
    replay = ctx.stack.top
    assert replay is not None
    for _ in range(40):  # step through the hand: each caption names the move
        replay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0,
                                         unicode=""))
        replay.update(0.01)
        replay.draw(surface)
    seen = ctx.fonts.seen
    assert len(seen) > 100  # the screens were really drawn
    notation = sorted(text for text in seen if NOTATION.search(text))
    assert not notation, notation


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_table_and_score_text_is_at_least_14px(ctx: Context, language: str,
                                              ruleset: str) -> None:
    i18n.set_language(language)
    surface = pygame.display.set_mode(SIZE)
    ctx.size = SIZE
    seen = _table_texts(ctx, surface, ruleset)
    # a key hint: a key's name, or two joined by "/" (1/C: the first chow, or C)
    key_hint = re.compile(r"^(Enter|Esc|Space|Tab|PgDn|PgUp|F?[0-9A-Z])(/[0-9A-Z])?$")
    small = sorted((px, text) for text, px in seen.items()
                   if px < 14 and not (key_hint.match(text) and px >= 11))
    assert not small, "; ".join(f"{px}:{text}" for px, text in small)
