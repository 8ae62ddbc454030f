"""The host screen offers the ruleset's table options like the setup screen, and the LAN host
plays with them (plus timers and flee, rulings M11 and M12). The screen's host is a pure table in
fake time (tests/net/fake.py `Lan`): no sockets, threads or sleeps; no discovery."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.i18n import labelled, t
from game.client.options import ClientOptions
from game.client.screens.lan import HostScreen
from game.client.screens.rule_options import option_help, option_label, setup_options, value_text
from game.client.settings import Settings
from game.client.ui.fonts import Fonts
from game.client.ui.tile_art import TileArt
from game.rules.registry import OPTION_TABLES
from tests.net.fake import Lan


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch) -> Lan:
    """Every table these screens open is in memory."""
    return Lan().install(monkeypatch)


@pytest.fixture
def ctx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Context:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # saves and logs stay in the test
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1024, 640))
    fonts = Fonts()
    i18n.set_language("en")
    return Context(ClientOptions(speed=1000.0), Settings(), fonts, TileArt(fonts),
                   settings_path=tmp_path / "settings.json", size=screen.get_size())


def _host_screen(ctx: Context) -> HostScreen:
    screen = HostScreen(ctx, "Ann", interface="127.0.0.1", announce=False)
    ctx.stack.push(screen)
    return screen


@contextmanager
def _opened(screen: HostScreen, kinds: list[str]) -> Iterator[None]:
    """The table opened with these places, shut down however the test ends."""
    screen.kinds = kinds
    screen.open_table()
    try:
        yield
    finally:
        screen.shutdown()


def _key(screen: HostScreen, key: int) -> None:
    screen.handle(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": "",
                                                      "scancode": 0}))


def _row(screen: HostScreen, name: str) -> int:
    return next(i for i, o in screen.option_rows.items() if o.name == name)


def _to_ruleset(screen: HostScreen, ruleset: str) -> None:
    while screen.ruleset != ruleset:
        screen.cycle_ruleset()


@pytest.mark.parametrize("ruleset", sorted(OPTION_TABLES))
def test_every_setup_option_is_a_row(ctx: Context, ruleset: str) -> None:
    screen = _host_screen(ctx)
    _to_ruleset(screen, ruleset)
    assert [o.name for o in screen.option_rows.values()] == [
        o.name for o in setup_options(ruleset)]
    for index, option in screen.option_rows.items():  # each row's button shows its value
        assert screen.group.buttons[index].label == (
            f"{option_label(option)}: {value_text(option.default)}")


def test_host_plays_the_options_set_on_the_screen(ctx: Context) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    screen = _host_screen(ctx)
    _to_ruleset(screen, "nanjing")
    several = _row(screen, "several_winners")
    screen.group.focus = several
    _key(screen, pygame.K_RIGHT)  # 截胡 → everyone who can win does (ruling N2)
    assert screen.group.buttons[several].label.endswith(i18n.t("option.all"))
    screen.draw(surface)
    option = screen.option_rows[several]
    assert screen.tip().startswith(option_help(option))  # the whole description at the bottom
    gold = _row(screen, "gold")
    screen.group.buttons[gold].action()  # a click steps to the next value
    _to_ruleset(screen, "mazhan")  # cycling away and back keeps what was set
    _to_ruleset(screen, "nanjing")
    with _opened(screen, ["open", "bot", "bot", "bot"]):
        assert screen.host is not None and screen.status == ""
        played = screen.host.match.rules.options
        assert played["several_winners"] == "all"
        assert played["gold"] == 2  # one past the default 1
        assert played["until_broke"] is False  # untouched: the ruleset's default
        assert played["timers"] is True  # ruling M11: on at a LAN table
    assert screen.host is None


def test_mazhan_host_keeps_flee_and_timers_on(ctx: Context) -> None:
    """Ruling M12: a LAN host turns flee on; M11: timers too. The screen never offers them."""
    screen = _host_screen(ctx)
    _to_ruleset(screen, "mazhan")
    assert not {"timers", "flee", "hands"} & {o.name for o in screen.option_rows.values()}
    bust = _row(screen, "bust_ends")
    screen.group.focus = bust
    _key(screen, pygame.K_LEFT)  # a switch flips either way
    with _opened(screen, ["open", "bot", "bot", "bot"]):
        assert screen.host is not None
        played = screen.host.match.rules.options
        assert played["bust_ends"] is False
        assert played["timers"] is True and played["flee"] is True
        assert played["reserve"] == OPTION_TABLES["mazhan"]["reserve"].default


def test_waiting_screen_shows_the_address_and_port_for_a_manual_join(ctx: Context) -> None:
    """Issue 11: where discovery does not work, a joiner types what the host's screen says."""
    screen = _host_screen(ctx)
    with _opened(screen, ["open", "bot", "bot", "bot"]):
        assert screen.host is not None
        labels = [label for label, _act in screen.items()]
        assert labelled(t("lan.address"), f"127.0.0.1:{screen.host.port}") in labels


def test_host_place_buttons_change_a_running_hosts_places(ctx: Context) -> None:
    """Issue 11: the table's between-hands buttons act on the real Host, on its own loop."""
    from game.client.table.host_places import place_actions

    screen = _host_screen(ctx)
    with _opened(screen, ["open", "open", "bot", "bot"]):
        host, net = screen.host, screen.net
        assert host is not None and net is not None
        actions = dict(place_actions(host, net.call, lambda: None))
        actions[i18n.t("host.bot_in", n=2)]()
        actions[i18n.t("host.open_place", n=3)]()  # run on the host's loop (inline here)
        assert (host.kinds[1], host.kinds[2]) == ("bot", "open")
