"""What every scene shares: options, settings, fonts, tile art, the scene stack, the window."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.client import i18n
from game.client import settings as settings_mod
from game.client.options import ClientOptions
from game.client.scene import SceneStack
from game.client.ui.fonts import Fonts
from game.client.ui.sound import Sounds
from game.client.ui.tile_art import TileArt


@dataclass
class Context:
    options: ClientOptions
    settings: settings_mod.Settings
    fonts: Fonts
    art: TileArt
    stack: SceneStack = field(default_factory=SceneStack)
    settings_path: Path | None = None
    running: bool = True
    hands_completed: int = 0
    size: tuple[int, int] = (1280, 800)
    sounds: Sounds = field(default_factory=Sounds.silent)
    data_dir: Path | None = None
    """Where match logs and the save of the match in progress go (None: nowhere)."""

    def __post_init__(self) -> None:
        self.stack.ctx = self  # screens opened by name are built with this context

    @property
    def speed(self) -> float:
        """Animation speed: the --speed flag times the player's setting."""
        return max(self.options.speed * self.settings.animation_speed, 0.05)

    def save_settings(self) -> None:
        if self.settings.language:
            i18n.set_language(self.settings.language)
        # a read-only home must not stop the game; the choice then lasts this run
        with contextlib.suppress(OSError):
            settings_mod.save(self.settings, self.settings_path)

    def quit(self) -> None:
        self.running = False
        pygame.event.post(pygame.event.Event(pygame.QUIT))
