"""The host and join screens, headless (SDL dummy driver), with no sockets, threads or sleeps:
their hosts are pure tables in fake time and their sessions linked to them in memory
(tests/net/fake.py `Lan`); no discovery. The real transport has its loopback smoke test
(test_host_smoke.py)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

from game.client import i18n
from game.client.context import Context
from game.client.options import ClientOptions
from game.client.screens.lan import HostScreen, JoinScreen
from game.client.sessions.remote import RemoteSession
from game.client.settings import Settings
from game.client.table.scene import TableScene
from game.client.ui.fonts import LATIN_FONT, UI_FONT, Fonts, runs
from game.client.ui.tile_art import TileArt
from game.client.ui.widgets import TextField
from tests.client.test_results import save
from tests.net.fake import Lan


@pytest.fixture
def ctx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Context:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # saves and logs stay in the test
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1024, 700))
    fonts = Fonts()
    return Context(ClientOptions(speed=1000.0), Settings(), fonts, TileArt(fonts),
                   settings_path=tmp_path / "settings.json", size=screen.get_size())


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> Lan:
    return Lan().install(monkeypatch)


def _until_table(ctx: Context, scene: HostScreen | JoinScreen, lan: Lan) -> TableScene:
    for _ in range(10_000):
        scene.update(0.01)
        if isinstance(ctx.stack.top, TableScene):
            return ctx.stack.top
        assert lan.advance(), scene.status
    raise AssertionError(scene.status)


def _type(scene: HostScreen | JoinScreen, text: str) -> None:
    for ch in text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, {"text": ch}))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0,
                                                     "unicode": "\r", "scancode": 0}))


def test_host_screen_opens_a_table_and_a_join_screen_joins_it_by_address(ctx: Context,
                                                                          lan: Lan) -> None:
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
    assert host_screen.host.free_seats == [1]  # the host's own session took place 0
    host_screen.update(0.01)
    assert host_screen.group.buttons[0].label == i18n.t("lan.waiting", n=1)
    port = host_screen.host.port

    join_screen = JoinScreen(ctx, "Bob", browse=False)
    ctx.stack.push(join_screen)
    join_screen.fields[0].start()
    _type(join_screen, f"127.0.0.1:{port}")
    join_screen.code.start()
    _type(join_screen, "42")
    join_screen.draw(surface)
    join_screen.connect()
    table = _until_table(ctx, join_screen, lan)
    assert table.session.humans == (1,)
    table.draw(surface)
    ctx.stack.pop()  # back from the table: the join screen leaves it
    assert join_screen.session is None

    ctx.stack.pop()
    host_table = _until_table(ctx, host_screen, lan)
    assert host_table.session.humans == (0,)
    ctx.stack.pop()  # the host leaves: the table closes
    assert host_screen.host is None and host_screen.net is None
    join_screen.back()


def test_the_hosts_own_place_is_held_even_if_a_joiner_connects_first(
        ctx: Context, monkeypatch: pytest.MonkeyPatch, lan: Lan) -> None:
    """Before the fix a joiner who connected before the host's own window sat took place 0;
    the host's window was then refused and the match waited for ever for a place nobody took.
    Here the host's own session is held back until a joiner has sat, which forces that order."""
    from game.client.screens import lan as lan_screens

    held: dict[str, Any] = {}

    def later(*args: Any, **kwargs: Any) -> RemoteSession:
        held.update(kwargs, args=args)
        return lan.session("127.0.0.1", 9, name="never used")  # nothing there: fails at once

    monkeypatch.setattr(lan_screens, "RemoteSession", later)
    host_screen = HostScreen(ctx, "Ann", interface="127.0.0.1", announce=False)
    ctx.stack.push(host_screen)
    host_screen.kinds = ["open", "open", "open", "bot"]
    host_screen.open_table()
    host = host_screen.host
    assert host is not None and held["token"] is not None
    assert host.table.places.tokens[held["token"]] == 0 and 0 not in host.free_seats
    joiner = lan.session("127.0.0.1", host.port, name="Bob")
    own = None
    try:
        assert joiner.error is None, joiner.error
        assert joiner.place is not None  # seated at once: the link is in memory
        assert joiner.place != 0  # the joiner came first, yet the host's place stayed free
        own = lan.session("127.0.0.1", host.port, name=held["name"], seat=0,
                          token=held["token"])
        assert own.error is None, own.error
        assert own.place == 0 and host.table.names[0] == "Ann"
    finally:
        joiner.close()
        if own is not None:
            own.close()
        host_screen.back()


@pytest.mark.parametrize("language", ["zh-Hans", "en"])
def test_join_screen_rejects_a_bad_address(ctx: Context, language: str) -> None:
    i18n.set_language(language)
    screen = JoinScreen(ctx, browse=False)
    ctx.stack.push(screen)
    screen.fields[0].start()
    _type(screen, "no port here")
    screen.connect()
    assert screen.status == i18n.t("lan.address_format") and screen.session is None
    assert ("host:port" in screen.status) == (language == "en")
    screen.back()


def _compose(scene: HostScreen | JoinScreen, steps: list[str], commit: str) -> None:
    """Type as an input method does: compositions shown one after another, then the commit."""
    surface = pygame.display.get_surface()
    assert surface is not None
    for text in steps:
        scene.handle(pygame.event.Event(pygame.TEXTEDITING, {"text": text, "start": len(text),
                                                             "length": 0}))
        scene.draw(surface)
        assert any(b.label.find(text) >= 0 for b in scene.group.buttons), text  # shown
    scene.handle(pygame.event.Event(pygame.TEXTEDITING, {"text": "", "start": 0, "length": 0}))
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, {"text": commit}))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0,
                                                     "unicode": "\r", "scancode": 0}))


def _clear(field: TextField) -> None:
    field.start()
    field.text = ""


def test_names_typed_in_the_lan_screens_reach_the_other_players_table(
        ctx: Context, monkeypatch: pytest.MonkeyPatch, lan: Lan) -> None:
    """An IME-composed name (the host's), a Chinese name and an accented Latin name (pasted)
    arrive unchanged at another player's table and are drawn there in glyphs the fonts hold."""
    i18n.set_language("zh-Hans")
    surface = pygame.display.get_surface()
    assert surface is not None
    host_screen = HostScreen(ctx, interface="127.0.0.1", announce=False)
    ctx.stack.push(host_screen)
    host_screen.kinds = ["open", "open", "open", "bot"]
    _clear(host_screen.you)
    _compose(host_screen, ["w", "wang", "wangxiao", "王小ming"], "王小明")
    assert host_screen.player == "王小明"
    _clear(host_screen.name)
    _type(host_screen, "Łódź 牌桌")
    host_screen.open_table()
    assert host_screen.host is not None, host_screen.status
    port = host_screen.host.port
    join_screen = JoinScreen(ctx, browse=False)
    ctx.stack.push(join_screen)
    _clear(join_screen.you)
    _type(join_screen, "張偉")
    join_screen.fields[0].start()
    _type(join_screen, f"127.0.0.1:{port}")
    join_screen.connect()
    # the third player pastes an accented name into the join screen's name field
    third = JoinScreen(ctx, browse=False)
    _clear(third.you)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "José Ñúñez-Ærø")
    third.handle(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_v, "mod": pygame.KMOD_CTRL,
                                                     "unicode": "v", "scancode": 0}))
    assert third.player == "José Ñúñez-Ærø"
    joined = lan.session("127.0.0.1", port, name=third.player)
    third.back()
    try:
        table = _until_table(ctx, join_screen, lan)
        names = ("王小明", "張偉", "José Ñúñez-Ærø")
        _until(table, lan, lambda: not set(names) - set(table.session.player_names))
        drawn: list[str] = []
        render = Fonts.render

        def watched(fonts: Fonts, text: str, size: int, color: tuple[int, int, int],
                    face: str = "ui", bold: bool = False) -> pygame.Surface:
            drawn.append(text)
            return render(fonts, text, size, color, face, bold)

        monkeypatch.setattr(Fonts, "render", watched)
        _until(table, lan, lambda: not set(names) - set(table.view.names))
        table.update(0.05)
        table.draw(surface)
        save(surface, "lan_names_on_a_joiners_table")
        for name in names:  # each drawn whole on its plate or tag, every glyph in the fonts
            assert any(name in text for text in drawn), (name, drawn)
        ui = set(TTFont(UI_FONT, lazy=True).getBestCmap())
        latin = set(TTFont(LATIN_FONT, lazy=True).getBestCmap())
        for name in names:
            for piece, in_latin in runs(name):
                assert all(ord(ch) in (latin if in_latin else ui) for ch in piece), piece
        ctx.stack.pop()
    finally:
        joined.close()
        join_screen.back()
        host_screen.shutdown()


def _until(scene: TableScene, lan: Lan, done: Callable[[], bool]) -> None:
    """Update the table scene, the tables moving on in fake time, until `done()`."""
    for _ in range(10_000):
        scene.update(0.05)
        if done():
            return
        assert lan.advance(), "the tables wait for nothing"
    raise AssertionError("never done")


def _until_status(scene: JoinScreen, changed_from: str, lan: Lan) -> str:
    for _ in range(10_000):
        scene.update(0.01)
        if scene.status != changed_from and scene.session is None:
            return scene.status
        assert lan.advance(), scene.status
    raise AssertionError(scene.status)


@pytest.mark.parametrize("language", ["zh-Hant", "zh-Hans", "en"])
def test_a_refused_or_failed_join_is_worded_in_the_joiners_language(ctx: Context,
                                                                    language: str,
                                                                    lan: Lan) -> None:
    """The host refuses with a code (a locked table); a closed port fails to connect: the
    join screen says both in its own language, never with the host's or the OS's English."""
    i18n.set_language(language)
    host_screen = HostScreen(ctx, "主人", interface="127.0.0.1", announce=False)
    ctx.stack.push(host_screen)
    host_screen.code.text = "42"
    host_screen.open_table()
    assert host_screen.host is not None, host_screen.status
    port = host_screen.host.port
    join_screen = JoinScreen(ctx, "José", browse=False)
    ctx.stack.push(join_screen)
    try:
        join_screen.address.text = f"127.0.0.1:{port}"
        join_screen.connect()
        refused = _until_status(join_screen, i18n.t("lan.connecting"), lan)
        assert refused == i18n.t("lan.join.refused", why=i18n.t("lan.refused.locked")), refused
        join_screen.code.text = "wrong"
        join_screen.connect()
        refused = _until_status(join_screen, i18n.t("lan.connecting"), lan)
        assert refused == i18n.t("lan.join.refused", why=i18n.t("lan.refused.wrong_code"))
        host_screen.shutdown()  # the port is closed now: nobody answers there
        join_screen.connect()
        failed = _until_status(join_screen, i18n.t("lan.connecting"), lan)
        assert failed == i18n.t("lan.join.unreachable", address=f"127.0.0.1:{port}")
    finally:
        join_screen.back()
        host_screen.shutdown()


def _announced(ruleset: str, options: dict[str, Any], walls: str) -> Any:
    from net.discovery import TableInfo
    from net.host_config import options_text, table_options

    return TableInfo(service=f"{ruleset}._mahjong._tcp.local.", name=f"{ruleset} house",
                     address="10.0.0.5", port=7000, protocol=1, ruleset=ruleset, rules="x",
                     free=2, locked=False, fingerprint="ab12cd34",
                     options_text=options_text(table_options(ruleset, options)), walls=walls)


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_the_join_screen_shows_a_tables_rules_and_its_walls_before_sitting(
        ctx: Context, language: str, tmp_path: Path) -> None:
    """Issue 29/32: a joiner sees the house's options (every one, worded as the setup screen
    words them) and whether the host could choose the walls, on the table's row, before
    joining; nothing is joined by looking."""
    i18n.set_language(language)
    try:
        scene = JoinScreen(ctx, "Bob", browse=False)
        ctx.stack.push(scene)
        scene._seen(_announced("nanjing", {"gold": 5}, "shared"))
        scene._seen(_announced("mazhan", {"table_fee": True}, "reproducible"))
        scene.update(0.01)
        assert [r.name for r in scene.rows] == ["mazhan house", "nanjing house"]
        scene.group.focus = 1
        lines = scene.table_lines(scene.rows[1])
        from game.client.screens.rule_options import option_label
        from game.rules.registry import OPTION_TABLES

        gold = option_label(OPTION_TABLES["nanjing"]["gold"])
        assert gold in lines[0] and " 5" in lines[0]
        assert lines[-1] == i18n.t("lan.walls.shared")
        scene.group.focus = 0
        mazhan = scene.table_lines(scene.rows[0])
        assert i18n.t("on") in mazhan[0] and mazhan[-1] == i18n.t("lan.walls.reproducible")
        surface = pygame.Surface(ctx.size)
        scene.draw(surface)
        pygame.image.save(surface, str(tmp_path / f"join-{language}.png"))  # drawn whole
        assert scene.session is None  # looking joins nothing
        later = _announced("nanjing", {}, "shared")
        unknown = dataclasses.replace(later, options_text=later.options_text + ",moon_bonus=yes")
        assert "moon_bonus=yes" in scene.table_lines(unknown)[1]
        timed = dataclasses.replace(later, timers="20/10")  # the host's countdowns (M11)
        shown = i18n.labelled(i18n.t("lan.timers"), i18n.t("lan.timers_value", discard="20",
                                                              claim="10"))
        assert shown in scene.table_lines(timed) and shown not in scene.table_lines(later)
    finally:
        i18n.set_language("zh-Hant")
