"""Scenes (menu, setup, table, ...) and the stack that holds them; only the top one is live.

Screens open each other by name (`ctx.stack.open("rules", ruleset="nanjing")`): the stack
looks the name up in SCREENS and imports the screen's module then, so no screen module imports
another (tests/client/test_import_cycles.py checks there is no cycle) and networking or the
engine load only when a screen that needs them opens."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.client.context import Context

SCREENS: Mapping[str, str] = {
    "main menu": "game.client.screens.menus:MainMenu",
    "setup": "game.client.screens.menus:SetupScene",
    "settings": "game.client.screens.menus:SettingsScene",
    "host": "game.client.screens.lan:HostScreen",
    "join": "game.client.screens.lan:JoinScreen",
    "replays": "game.client.screens.replays:ReplayListScene",
    "replay": "game.client.table.replay:replay_or_notice",
    "review": "game.client.screens.review:review_or_notice",
    "calculator": "game.client.screens.calculator:CalculatorScene",
    "rules": "game.client.screens.rules:RulesScene",
    "stats": "game.client.screens.stats:StatsScene",
    "lessons": "game.client.screens.lessons:LessonsScene",
    "drills": "game.client.screens.drills:DrillsScene",
    "discard drill": "game.client.screens.discard_drill:DiscardDrillScene",
    "table": "game.client.table.scene:TableScene",
}
"""Screen name -> "module:callable"; the callable takes the context (and the keywords given to
`open`) and returns the scene to show."""


class Scene:
    """One screen. The loop calls handle() per event, update(dt), and draw() when needed."""

    opaque = True
    """False for overlays: the scene below is drawn first."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.dirty = True

    def on_enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""
        self.dirty = True

    def on_exit(self) -> None:
        """Stopped being the top scene (popped, replaced, or covered)."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event."""

    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; True while something moves (the loop keeps drawing)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""
        self.dirty = True

    def wake_in(self) -> float | None:
        """Seconds until this scene needs an update with no input (a bot's turn), or None."""
        return None


class SceneStack:
    """push / pop / replace, and `open` by name; the top scene gets the input."""

    def __init__(self, screens: Mapping[str, str] = SCREENS) -> None:
        self._scenes: list[Scene] = []
        self.screens = dict(screens)
        self.ctx: Context | None = None
        """The context scenes opened by name are built with (set by Context)."""

    def maker(self, name: str) -> Callable[..., Scene]:
        """What builds the screen called `name` (its module is imported now)."""
        module, _, attr = self.screens[name].partition(":")
        made: Callable[..., Scene] = getattr(importlib.import_module(module), attr)
        return made

    def open(self, name: str, *, replace: bool = False, **kw: Any) -> Scene:
        """Build the screen called `name` with the context and `kw`, push it (or put it in
        place of the top one) and return it."""
        if self.ctx is None:
            raise RuntimeError("the scene stack has no context to build screens with")
        scene = self.maker(name)(self.ctx, **kw)
        if replace:
            self.replace(scene)
        else:
            self.push(scene)
        return scene

    def find(self, name: str) -> Scene | None:
        """The topmost open scene of the screen called `name` (a class entry), or None. Its
        module is not imported: if it was never loaded, no such scene is open."""
        module, _, attr = self.screens[name].partition(":")
        loaded = sys.modules.get(module)
        kind = getattr(loaded, attr, None) if loaded is not None else None
        if not isinstance(kind, type):
            return None
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        if not self._scenes:
            raise IndexError("pop from an empty scene stack")
        scene = self._scenes.pop()
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for `scene`; the one below is not woken in between."""
        old = self._scenes.pop() if self._scenes else None
        if old is not None:
            old.on_exit()
        self._scenes.append(scene)
        scene.on_enter()
        return old

    def clear(self) -> None:
        while self._scenes:
            self._scenes.pop().on_exit()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and any below it seen through overlays."""
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if scene.opaque:
                break
        return out[::-1]
