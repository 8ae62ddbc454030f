"""Headless pygame for the window's tests: the dummy video driver, no sound, a temp config."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.options import ClientOptions
from game.client.settings import Settings
from game.client.ui.fonts import Fonts
from game.client.ui.tile_art import TileArt


@pytest.fixture(autouse=True)
def _settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONG_SETTINGS", str(tmp_path / "settings.json"))
    monkeypatch.setenv("MAHJONG_DATA", str(tmp_path / "data"))  # never the user's own folder
    i18n.set_language("zh")


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 800))
    yield surface
    pygame.display.quit()


@pytest.fixture
def ctx(screen: pygame.Surface, tmp_path: Path) -> Context:
    fonts = Fonts()
    options = ClientOptions(speed=1000.0)  # bots and animations do not wait in tests
    return Context(options, Settings(), fonts, TileArt(fonts),
                   settings_path=tmp_path / "settings.json", size=screen.get_size())


def distinct_colors(surface: pygame.Surface, step: int = 7) -> int:
    """How many different colours a sparse sample of the surface holds."""
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step)
                for y in range(0, h, step)})
