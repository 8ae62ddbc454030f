from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.actions import Action, ActionKind
from game.client.app import run
from game.client.context import Context
from game.client.options import parse_play_args
from game.client.screens.menus import MainMenu, SettingsScene
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.client.ui.tile_art import IVORY

from .conftest import distinct_colors

NAMES = ["王", "李", "張", "劉"]


def has_color(surface: pygame.Surface, color: tuple[int, int, int], step: int = 3) -> bool:
    w, h = surface.get_size()
    return any(tuple(surface.get_at((x, y)))[:3] == color
               for x in range(0, w, step) for y in range(0, h, step))


def test_menu_screenshot_is_drawn_and_the_idle_menu_stops_drawing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = tmp_path / "menu.png"
    options = parse_play_args(["--quit-after", "0.6", "--screenshot", str(shot),
                               "--frame-stats", "--size", "1024x640"])
    assert run(options) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 640)
    assert distinct_colors(image, step=3) > 20
    stats = json.loads(capsys.readouterr().out)
    assert set(stats) >= {"frames", "median_ms", "p99_ms", "max_ms", "hands_completed"}
    # nothing moves on the menu: it is drawn once, then the loop sleeps until input
    assert 1 <= stats["frames"] <= 2


def test_demo_reports_frame_stats(capsys: pytest.CaptureFixture[str]) -> None:
    options = parse_play_args(["play", "--demo", "--seed", "2", "--speed", "20",
                               "--quit-after", "1.5", "--frame-stats", "--size", "1024x640"])
    assert run(options) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["frames"] > 1
    assert 0 < stats["median_ms"] <= stats["p99_ms"] <= stats["max_ms"]


def test_settings_are_saved_when_changed(ctx: Context, screen: pygame.Surface) -> None:
    ctx.stack.push(MainMenu(ctx))
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    scene.group.buttons[0].action()  # language
    scene.group.buttons[2].action()  # hints
    assert ctx.settings_path is not None
    saved = json.loads(ctx.settings_path.read_text(encoding="utf-8"))
    assert saved["language"] == "en" and saved["hints"] is False
    scene.draw(screen)
    assert distinct_colors(screen) > 10


def click(scene: TableScene, pos: tuple[int, int]) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def play_until(scene: TableScene, screen: pygame.Surface, stop: object, limit: int = 20000
               ) -> dict[str, int]:
    """Drive the table with synthetic clicks and keys until stop() is true."""
    done = {"clicks": 0, "keys": 0}
    for _ in range(limit):
        if stop():  # type: ignore[operator]
            return done
        scene.update(0.05)
        scene.draw(screen)
        if scene.curtain is not None or not scene._my_turn():
            continue
        view = scene.view
        if view.phase == "discard":
            for rect, tile in reversed(scene.hand.rects):
                if Action(ActionKind.DISCARD, tile) in view.legal:
                    click(scene, rect.center)
                    done["clicks"] += 1
                    break
        else:
            assert Action(ActionKind.PASS) in view.legal
            scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0,
                                            unicode="x"))
            done["keys"] += 1
    raise AssertionError("the hand did not finish")


def test_a_whole_solo_hand_played_by_synthetic_input(ctx: Context,
                                                      screen: pygame.Surface) -> None:
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["random"] * 4, NAMES,
                           seed=11, hands=1)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    seat = session.seat_of(0)
    done = play_until(scene, screen, lambda: scene.result_shown)
    assert session.hand_over and ctx.hands_completed == 1
    # every click on a tile became that seat's discard, and nothing else did
    assert done["clicks"] > 0
    assert len(session.view(seat).rivers[seat]) == done["clicks"]
    scene.draw(screen)
    assert distinct_colors(screen) > 20


def test_action_bar_offers_exactly_the_legal_actions(ctx: Context,
                                                     screen: pygame.Surface) -> None:
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["random"] * 4, NAMES,
                           seed=4, hands=1)
    scene = TableScene(ctx, session)
    seen = 0

    def offered() -> bool:
        nonlocal seen
        if scene._my_turn():
            legal = {a for a in scene.view.legal if a.kind is not ActionKind.DISCARD}
            labelled = [b for b in scene.actions.buttons if b.label]
            assert len(labelled) == len(legal)
            seen += bool(legal)
        return session.hand_over

    play_until(scene, screen, offered)
    assert seen > 0


def test_hot_seat_curtain_hides_every_face(ctx: Context, screen: pygame.Surface) -> None:
    session = LocalSession("nanjing", ["human", "human", "bot", "bot"], ["random"] * 4, NAMES,
                           seed=3, hands=1)
    scene = TableScene(ctx, session)
    assert scene.curtain is not None
    first = scene.curtain
    scene.draw(screen)
    assert not has_color(screen, IVORY)  # no tile face, so no concealed tile, is on screen
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert scene.curtain is None and scene.shown_player == first
    scene.update(0.05)
    scene.draw(screen)
    assert has_color(screen, IVORY)
    # play on until the other human must act: the curtain comes back before their tiles show
    play_until(scene, screen, lambda: scene.curtain is not None and scene.curtain != first)
    scene.draw(screen)
    assert not has_color(screen, IVORY)


def test_large_tiles_setting_grows_the_table_tiles(ctx: Context, screen: pygame.Surface) -> None:
    """Settings → Large tiles is saved, and a table back from Settings lays out larger tiles."""
    table = TableScene(ctx, LocalSession("mazhan", ["human", "bot", "bot", "bot"],
                                         ["normal"] * 4, ["A", "B", "C", "D"], seed=1))
    ctx.stack.push(table)
    before = table.layout.hand_w
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    [button] = [b for b in scene.group.buttons if b.action == scene.toggle_large_tiles]
    button.action()
    assert ctx.settings_path is not None
    saved = json.loads(ctx.settings_path.read_text(encoding="utf-8"))
    assert saved["large_tiles"] is True
    ctx.stack.pop()
    assert table.layout.hand_w > before
