"""Every screen drawn headless in 简体, 繁體 and English, with the text renderer watched: each
string drawn must be made of catalogue texts (after formatting), the rules core's texts as
worded through the catalogue module, names and numbers. Anything else (an English line in a
Chinese screen, raw exception text, Chinese left in an English screen) fails. Screenshots go
to $MAHJONG_SHOTS when it is set."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

from game.catalogue.rules import STRINGS as CORE_STRINGS
from game.client import i18n
from game.client.context import Context
from game.client.scene import Scene
from game.client.screens.calculator import CalculatorScene
from game.client.screens.discard_drill import DiscardDrillScene
from game.client.screens.lan import HostScreen, JoinScreen
from game.client.screens.menus import MainMenu, SettingsScene, SetupScene
from game.client.screens.replays import ReplayListScene
from game.client.screens.rules import RULESETS, RulesScene, rules_path
from game.client.sessions.local import LocalSession
from game.client.sessions.resume import resume_match
from game.client.table.lan_overlay import LanOverlay
from game.client.table.replay import ReplayScene, open_replay
from game.client.table.results import StandingsScene
from game.client.table.scene import TableScene
from game.client.ui.fonts import LATIN_FONT, UI_FONT, Fonts, runs
from game.client.ui.widgets import felt_background

from .test_replay_window import play_match
from .test_results import finish_hand, save
from .test_scenes import pick

SIZE = (1280, 800)
NAMES = ["王", "José", "Łukasz", "小明"]
KEY_NAMES = ("Enter", "Esc", "Tab", "End", "PgUp", "PgDn", "Ctrl", "Space", "Home")
LATIN = re.compile(r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]")
CJK = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"[^\W\d_]+")
"""Letters of any script (× ÷ · and digits are not letters)."""


UI_CMAP = set(TTFont(UI_FONT, lazy=True).getBestCmap())
LATIN_CMAP = set(TTFont(LATIN_FONT, lazy=True).getBestCmap())


class Drawn:
    """Every string the Fonts renderer draws."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        render = Fonts.render

        def watched_render(fonts: Fonts, text: str, size: int, color: tuple[int, int, int],
                           face: str = "ui", bold: bool = False) -> pygame.Surface:
            if face == "ui":
                self.texts.append(text)
            return render(fonts, text, size, color, face, bold)

        monkeypatch.setattr(Fonts, "render", watched_render)


def fragments(language: str) -> list[str]:
    """The literal pieces of every catalogue text in `language` (between its {fields})."""
    out: set[str] = set()
    for key in i18n.STRINGS:
        text = i18n.text_in(key, language) or ""
        out.update(piece.strip() for piece in re.split(r"{\w+}", text))
    return sorted((p for p in out if p), key=len, reverse=True)


def core_words(language: str) -> list[str]:
    """The rules' catalogue texts (game.catalogue) in `language`, whole and cut at their
    fields and colons (a button's short form of an option), also as the window starts a
    line with them (a capital: "exposed pong" → "Exposed pong")."""
    out: set[str] = set()
    for key in CORE_STRINGS:
        text = i18n.text_in(key, language) or ""
        out.add(text.strip())
        out.update(p.strip() for p in re.split(r"{\w+}|[:;：；]|\([MN]\d+\)", text))
    out |= {p[:1].upper() + p[1:] for p in out}
    return sorted((p for p in out if p and "{" not in p), key=len, reverse=True)


def residue(text: str, pieces: list[str], names: list[str]) -> str:
    """What is left of `text` once catalogue pieces, names and key names are taken out."""
    for piece in [*pieces, *sorted(names, key=len, reverse=True)]:
        if LATIN.match(piece[0]) or LATIN.match(piece[-1]):  # whole words only
            text = re.sub(rf"(?<![A-Za-z]){re.escape(piece)}(?![A-Za-z])", " ", text)
        else:
            text = text.replace(piece, " ")
    for key in KEY_NAMES:
        text = re.sub(rf"\b{key}\b", " ", text)
    # F1-F12, and a key's letter in a hint (Ctrl+V, "1/C", "S 速度")
    text = re.sub(r"\bF\d+\b|(?<![A-Za-z])[A-Z](?![A-Za-z])", " ", text)
    return " ".join(WORD.findall(text))


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def check(drawn: Drawn, language: str, names: list[str], where: str,
          source: str = "") -> None:
    """`source`: a text drawn in pieces (a rules text, wrapped into lines)."""
    for text in drawn.texts:  # every glyph drawn is in the face that draws it
        for piece, in_latin in runs(text):
            cmap = LATIN_CMAP if in_latin else UI_CMAP
            missing = {ch for ch in piece if ord(ch) not in cmap and ch not in "\n"}
            assert not missing, (where, language, text, missing)
    pieces = fragments(language)
    worded = core_words(language)
    bad = {}
    for text in drawn.texts:
        if source and squeeze(text) and squeeze(text) in squeeze(source):
            continue
        left = residue(text, sorted({*worded, *pieces}, key=len, reverse=True), names)
        if left:
            bad[text] = left
    assert not bad, f"{where} ({language}) drew text outside the catalogue: {bad}"
    # a rules text may write a variable (第 n 次) or gloss a term (截胡) in the other script
    drawn.texts = [text for text in drawn.texts
                   if not (source and squeeze(text) in squeeze(source))]
    if language != "en":  # Latin in a Chinese screen: only in names and key names
        for text in drawn.texts:
            stripped = residue(text, [], names)
            assert not LATIN.search(stripped), (where, language, text)
    else:
        for text in drawn.texts:
            stripped = residue(text, [p for p in pieces if CJK.search(p)] + worded, names)
            assert not CJK.search(stripped), (where, language, text)
    drawn.texts.clear()


@pytest.fixture
def surface(ctx: Context) -> Iterator[pygame.Surface]:
    ctx.size = SIZE
    yield pygame.display.set_mode(SIZE)


def show(ctx: Context, surface: pygame.Surface, scene: Scene, name: str) -> None:
    if ctx.stack.top is not scene:
        ctx.stack.push(scene)
    scene.draw(surface)
    save(surface, f"every_{name}_{i18n.language()}")


LANGS = pytest.mark.parametrize("language", list(i18n.LANGUAGES))


@LANGS
def test_menus_settings_setup_rules_and_calculator(ctx: Context, surface: pygame.Surface,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   language: str) -> None:
    i18n.set_language(language)
    drawn = Drawn(monkeypatch)
    screens: list[tuple[str, Callable[[], Scene]]] = [
        ("menu", lambda: MainMenu(ctx)),
        ("settings", lambda: SettingsScene(ctx)),
        ("setup", lambda: SetupScene(ctx, hotseat=True)),
    ]
    names = [i18n.t(f"name.{kind}.{i}") for kind in ("human", "bot") for i in range(4)]
    for name, make in screens:
        show(ctx, surface, make(), name)
        check(drawn, language, names, name)
    setup = ctx.stack.top
    assert isinstance(setup, SetupScene)
    for focus in sorted(setup.option_rows):  # each option's long help at the bottom
        setup.group.focus = focus
        show(ctx, surface, setup, "setup_option")
        check(drawn, language, names, "setup option help")
    rules = RulesScene(ctx)
    for ruleset in RULESETS:
        rules.chooser(ruleset)()
        show(ctx, surface, rules, f"rules_{ruleset}")
        text = rules_path(ruleset, language).read_text(encoding="utf-8")
        check(drawn, language, [], f"rules {ruleset}", source=text.replace("- ", "• "))
    calc = CalculatorScene(ctx)
    ctx.stack.push(calc)
    pick(calc, "hand", "123m456p789s11z22s")
    pick(calc, "pong", "7z")
    pick(calc, "bonus", "1f")
    pick(calc, "win", "2s")
    show(ctx, surface, calc, "calculator")
    check(drawn, language, [], "calculator")
    calc.flagger("last_tiles")()
    rect, _act = calc.placed[0]
    from .test_scenes import click

    click(calc, rect.center)  # one tile short: the scorer refuses, the screen says why
    show(ctx, surface, calc, "calculator_error")
    check(drawn, language, [], "calculator error")


@LANGS
def test_table_results_and_standings(ctx: Context, surface: pygame.Surface,
                                     monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    i18n.set_language(language)
    drawn = Drawn(monkeypatch)
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4, NAMES, 3,
                           hands=1)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    for _ in range(400):  # until the human has a move to make
        if session.humans_to_act():
            break
        session.step()
        table._poll()
        table.update(0.05)
    table.update(0.05)
    show(ctx, surface, table, "table")
    check(drawn, language, NAMES, "table")
    # hot-seat: the curtain between two players at one screen
    hotseat = LocalSession("nanjing", ["human", "human", "bot", "bot"], ["normal"] * 4, NAMES,
                           5, hands=1)
    curtained = TableScene(ctx, hotseat)
    ctx.stack.push(curtained)
    curtained.curtain = 1
    show(ctx, surface, curtained, "curtain")
    assert any(i18n.t("table.pass_to", name=NAMES[1]) in text for text in drawn.texts)
    check(drawn, language, NAMES, "hot-seat curtain")
    for ruleset, seed in (("mazhan", 4), ("nanjing", 2)):
        done = finish_hand(ctx, ruleset, seed)
        show(ctx, surface, done, f"results_{ruleset}")
        check(drawn, language, ["王", "李", "張", "劉"], f"results {ruleset}")
    standings = StandingsScene(ctx, done.session.history, ["王", "李", "張", "劉"],
                               [1000] * 4, lambda: None)
    show(ctx, surface, standings, "standings")
    check(drawn, language, ["王", "李", "張", "劉"], "standings")


@LANGS
def test_replays_and_their_error_screens(ctx: Context, surface: pygame.Surface, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    i18n.set_language(language)
    drawn = Drawn(monkeypatch)
    ctx.data_dir = tmp_path / "empty"
    show(ctx, surface, ReplayListScene(ctx), "replays_none")
    check(drawn, language, [], "replay list (none)")
    log = play_match(tmp_path / "logs", "nanjing", 5, 1)
    ctx.data_dir = tmp_path / "logs"
    show(ctx, surface, ReplayListScene(ctx), "replays")
    check(drawn, language, [], "replay list")
    drill = DiscardDrillScene(ctx, ruleset="nanjing")  # the kept log's mistakes as drills
    drill.finish_reading()
    assert drill.drill is not None
    show(ctx, surface, drill, "discard_drill")
    check(drawn, language, [], "discard drill")
    drill.pick(drill.drill.played)
    show(ctx, surface, drill, "discard_drill_answered")
    check(drawn, language, [], "discard drill answered")
    ctx.stack.pop()
    assert open_replay(ctx, log)
    replay = ctx.stack.top
    assert isinstance(replay, ReplayScene)
    replay.update(0.05)
    show(ctx, surface, replay, "replay")
    check(drawn, language, ["王", "李", "張", "劉"], "replay")
    for bad, name in ((tmp_path / "nope.jsonl", "missing"), (log, "tampered")):
        if name == "tampered":
            log.write_text(log.read_text(encoding="utf-8").replace('"hands"', '"hand"', 1),
                           encoding="utf-8")
        assert not open_replay(ctx, bad)
        notice = ctx.stack.top
        assert notice is not None
        show(ctx, surface, notice, f"replay_{name}")
        check(drawn, language, [bad.name], f"replay error {name}")
    # a damaged save: Continue explains in this language and moves it aside
    save_path = tmp_path / "logs" / "current.jsonl"
    save_path.write_text("{not a save", encoding="utf-8")
    assert not resume_match(ctx)
    notice = ctx.stack.top
    assert notice is not None
    show(ctx, surface, notice, "continue_failed")
    moved = list(tmp_path.rglob("*-current.jsonl"))
    assert len(moved) == 1  # the save went aside, under a fresh name the notice shows
    check(drawn, language, [moved[0].parent.name, moved[0].name], "continue failed")


@LANGS
def test_lan_screens(ctx: Context, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch,
                     language: str) -> None:
    i18n.set_language(language)
    drawn = Drawn(monkeypatch)
    host = HostScreen(ctx, "José", interface="127.0.0.1", announce=False)
    show(ctx, surface, host, "host")
    check(drawn, language, ["José", i18n.t("name.table")], "host screen")
    host.back()
    join = JoinScreen(ctx, "小明", browse=False)
    join.address.text = "nowhere"
    join.connect()  # not host:port: the status line says how to type it
    show(ctx, surface, join, "join")
    check(drawn, language, ["nowhere", "小明"], "join screen")
    join.back()


@LANGS
def test_lan_table_overlay(ctx: Context, surface: pygame.Surface,
                           monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """The LAN extras: chat with a phrase and a typed line, the host's notices and refusals as
    banners, bot tags on the plates and the wall-check alert."""
    from .test_lan_table import _Feed

    i18n.set_language(language)
    drawn = Drawn(monkeypatch)
    feed = _Feed()
    overlay = LanOverlay(ctx, feed)  # type: ignore[arg-type]
    feed.chat += [{"phrase": "thanks", "seat": 1, "name": "B"},
                  {"text": "加油 José", "seat": 2, "name": "C"}]
    feed.notices += [{"code": "fled", "seat": 3, "msg": "D fled"},
                     {"code": "refused.illegal", "msg": "'pong 5m' is not legal now",
                      "refusal": {"code": "illegal", "why": "not_legal",
                                  "args": {"action": "pong"}}}]
    feed.seats[3] = {**feed.seats[3], "bot": True, "away": True}
    feed.wall_problems = ["hand 1: the revealed wall is not one full set of tiles"]
    overlay.update(0.5)
    overlay.open()
    overlay.handle(pygame.event.Event(pygame.TEXTEDITING, text="ni hao", start=6, length=0),
                   True)
    surface.blit(felt_background(surface.get_size()), (0, 0))
    overlay.draw_chat(surface)
    overlay.draw_notes(surface)
    save(surface, f"every_lan_overlay_{language}")
    assert any(i18n.t("chat.thanks") in text for text in drawn.texts)
    assert any(text.endswith("ni hao_") for text in drawn.texts)  # the IME's composition
    assert any(i18n.t("lan.wall_failed") in text for text in drawn.texts)
    alert = overlay.alert_text()
    assert alert is not None
    # the warning is wrapped into lines: the lines must be the worded warning, which must
    # itself be catalogue text
    drawn.texts.append(alert[1])
    check(drawn, language, ["A", "B", "C", "D", "加油 José", "ni hao"], "LAN overlay",
          source=alert[1])
    drawn.texts.append(alert[1])
    check(drawn, language, [], "LAN overlay warning")
