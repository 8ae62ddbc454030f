"""Scenes (menu, setup, table, ...) and the stack that holds them; only the top one is live."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.client.context import Context


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
    """push / pop / replace; the top scene gets the input."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

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
