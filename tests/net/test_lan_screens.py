"""The host and join screens, headless (SDL dummy driver), on loopback only: no discovery."""

from __future__ import annotations

import os
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from game.client.context import Context
from game.client.fonts import Fonts
from game.client.lan_screens import HostScreen, JoinScreen
from game.client.options import ClientOptions
from game.client.settings import Settings
from game.client.table import TableScene
from game.client.tile_art import TileArt


@pytest.fixture
def ctx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Context:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # saves and logs stay in the test
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1024, 700))
    fonts = Fonts()
    return Context(ClientOptions(speed=1000.0), Settings(), fonts, TileArt(fonts),
                   settings_path=tmp_path / "settings.json", size=screen.get_size())


def _until_table(ctx: Context, scene: HostScreen | JoinScreen) -> TableScene:
    deadline = time.monotonic() + 20
    while not isinstance(ctx.stack.top, TableScene):
        assert time.monotonic() < deadline, scene.status
        scene.update(0.01)
        time.sleep(0.01)
    return ctx.stack.top


def _type(scene: HostScreen | JoinScreen, text: str) -> None:
    for ch in text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0,
                                                     "unicode": "\r", "scancode": 0}))


def test_host_screen_opens_a_table_and_a_join_screen_joins_it_by_address(ctx: Context) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    host_screen = HostScreen(ctx, "Ann", interface="127.0.0.1", announce=False)
    ctx.stack.push(host_screen)
    host_screen.kinds = ["open", "open", "bot", "bot"]
    host_screen.code.start()
    _type(host_screen, "42")
    host_screen.draw(surface)
    host_screen.open_table()
    assert host_screen.host is not None and host_screen.status == ""
    deadline = time.monotonic() + 10
    while host_screen.host.free_seats != [1]:  # the host's own session takes place 0
        assert time.monotonic() < deadline
        time.sleep(0.01)
    host_screen.update(0.01)
    assert host_screen.group.buttons[0].label.endswith(": 1")  # "waiting … open places: 1"
    port = host_screen.host.port

    join_screen = JoinScreen(ctx, "Bob", browse=False)
    ctx.stack.push(join_screen)
    join_screen.fields[0].start()
    _type(join_screen, f"127.0.0.1:{port}")
    join_screen.code.start()
    _type(join_screen, "42")
    join_screen.draw(surface)
    join_screen.connect()
    table = _until_table(ctx, join_screen)
    assert table.session.humans == (1,)
    table.draw(surface)
    ctx.stack.pop()  # back from the table: the join screen leaves it
    assert join_screen.session is None

    ctx.stack.pop()
    host_table = _until_table(ctx, host_screen)
    assert host_table.session.humans == (0,)
    ctx.stack.pop()  # the host leaves: the table closes
    assert host_screen.host is None and host_screen.net is None
    join_screen.back()


def test_join_screen_rejects_a_bad_address(ctx: Context) -> None:
    screen = JoinScreen(ctx, browse=False)
    ctx.stack.push(screen)
    screen.fields[0].start()
    _type(screen, "no port here")
    screen.connect()
    assert "host:port" in screen.status and screen.session is None
    screen.back()
