"""The scene stack opens screens by name (SCREENS in game/client/scene.py)."""

from __future__ import annotations

import pytest

from game.client.context import Context
from game.client.scene import SCREENS, SceneStack
from game.client.screens.menus import SettingsScene
from game.client.screens.rules import RulesScene


def test_every_name_builds_from_its_module() -> None:
    stack = SceneStack()
    for name in SCREENS:
        assert callable(stack.maker(name)), name


def test_open_pushes_or_replaces_with_the_keywords(ctx: Context) -> None:
    ctx.stack.open("main menu")
    rules = ctx.stack.open("rules", ruleset="nanjing")
    assert isinstance(rules, RulesScene) and rules.ruleset == "nanjing"
    top = ctx.stack.top
    assert top is rules and len(ctx.stack) == 2
    settings = ctx.stack.open("settings", replace=True)
    assert isinstance(settings, SettingsScene)
    assert ctx.stack.top is settings and len(ctx.stack) == 2
    assert ctx.stack.find("settings") is settings
    assert ctx.stack.find("rules") is None
    with pytest.raises(KeyError):
        ctx.stack.open("no such screen")


def test_find_names_the_topmost_and_never_loads(ctx: Context) -> None:
    ctx.stack.screens["probe"] = "game.client.no_such_module:Probe"
    assert ctx.stack.find("probe") is None  # not imported, so none can be open
    first, second = ctx.stack.open("settings"), ctx.stack.open("settings")
    assert ctx.stack.find("settings") is second is not first
