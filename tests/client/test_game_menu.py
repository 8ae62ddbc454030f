"""Esc at every table opens the in-game menu (issue 11): resume, rules, settings, leave (the
save kept for Continue), and at a hot-seat table "end the match"."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.screens.menus import MainMenu, SettingsScene
from game.client.screens.rules import RulesScene
from game.client.sessions.local import LocalSession
from game.client.sessions.match_files import MatchFiles
from game.client.table.menu import TableMenu
from game.client.table.results import StandingsScene
from game.client.table.scene import TableScene

from .test_table_look import FeedLocal

NAMES = ["王", "李", "張", "劉"]


def _esc(scene: object) -> None:
    assert hasattr(scene, "handle")
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))


def _open_menu(ctx: Context, scene: TableScene) -> TableMenu:
    """Escape on the table opens its game menu on top."""
    _esc(scene)
    menu = ctx.stack.top
    assert isinstance(menu, TableMenu)
    return menu


def _saved_table(ctx: Context, kind: str, tmp_path: Path) -> tuple[TableScene, Path]:
    """A table whose match is being saved, and its save file (already written)."""
    scene = _table(ctx, kind, tmp_path)
    save = MatchFiles(tmp_path / "data").save
    assert save.exists()
    return scene, save


def _table(ctx: Context, kind: str, tmp_path: Path) -> TableScene:
    ctx.stack.push(MainMenu(ctx))
    seats = {"solo": ["human", "bot", "bot", "bot"], "hotseat": ["human", "human", "bot", "bot"],
             "demo": ["bot"] * 4, "lan": ["human", "bot", "bot", "bot"]}[kind]
    files = MatchFiles(tmp_path / "data") if kind in ("solo", "hotseat") else None
    cls = FeedLocal if kind == "lan" else LocalSession
    session = cls("mazhan", seats, ["normal"] * 4, NAMES, 7, files=files)
    scene = TableScene(ctx, session, demo=kind == "demo")
    ctx.stack.push(scene)
    scene.update(0.01)
    return scene


def _labels(menu: TableMenu) -> list[str]:
    return [b.label for b in menu.group.buttons]


@pytest.mark.parametrize("kind", ["solo", "hotseat", "demo", "lan"])
def test_esc_opens_the_menu_at_every_table(ctx: Context, kind: str, tmp_path: Path) -> None:
    scene = _table(ctx, kind, tmp_path)
    menu = _open_menu(ctx, scene)
    labels = _labels(menu)
    assert labels[:3] == [t("game_menu.resume"), t("menu.rules"), t("menu.settings")]
    leave = {"solo": "game_menu.save_leave", "hotseat": "game_menu.save_leave",
             "demo": "game_menu.leave", "lan": "game_menu.leave_table"}[kind]
    assert t(leave) in labels
    assert (t("game_menu.end_match") in labels) == (kind == "hotseat")
    surface = pygame.display.get_surface()
    assert surface is not None
    for shown in ctx.stack.visible():  # the paused table shows under the menu
        shown.draw(surface)
    assert ctx.stack.visible()[-2:] == [scene, menu]
    _esc(menu)  # Esc again resumes
    assert ctx.stack.top is scene


def test_resume_rules_and_settings_come_back_to_the_table(ctx: Context, tmp_path: Path) -> None:
    i18n.set_language("zh")
    scene = _table(ctx, "solo", tmp_path)
    menu = _open_menu(ctx, scene)
    menu.rules()
    rules = ctx.stack.top
    assert isinstance(rules, RulesScene) and rules.ruleset == "mazhan"
    ctx.stack.pop()
    menu.settings()
    settings = ctx.stack.top
    assert isinstance(settings, SettingsScene)
    settings.toggle_language()
    ctx.stack.pop()
    top = ctx.stack.top
    assert top is menu and _labels(menu)[0] == "Resume"  # relabelled in English
    menu.resume()
    assert ctx.stack.top is scene and scene.layer is None  # redrawn in the new language


def test_save_and_leave_keeps_the_match_for_continue(ctx: Context, tmp_path: Path) -> None:
    scene, save = _saved_table(ctx, "solo", tmp_path)
    menu = _open_menu(ctx, scene)
    menu.leave()
    assert len(ctx.stack) == 1 and isinstance(ctx.stack.top, MainMenu)
    assert save.exists()


def test_hotseat_can_end_the_match(ctx: Context, tmp_path: Path) -> None:
    scene, save = _saved_table(ctx, "hotseat", tmp_path)
    menu = _open_menu(ctx, scene)
    menu.end_match()
    assert isinstance(ctx.stack.top, StandingsScene)
    assert not save.exists()
