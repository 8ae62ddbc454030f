from __future__ import annotations

import importlib.util
import json
import wave
from pathlib import Path

import pygame
import pytest

from game import calc
from game.client import i18n
from game.client.context import Context
from game.client.screens.calculator import CalculatorScene, _FaceButton
from game.client.screens.menus import MainMenu, SettingsScene, SetupScene
from game.client.screens.rules import RULESETS, RulesScene, rules_path, wrap
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.client.tile_names import NOTATION
from game.client.ui.sound import Sounds
from game.tiles import parse_tiles

from .conftest import distinct_colors
from .test_results import assert_fits, save

SIZE = (1024, 640)
TOOLS = Path(__file__).resolve().parents[2] / "tools"


@pytest.fixture
def small(ctx: Context) -> pygame.Surface:
    ctx.size = SIZE
    return pygame.display.set_mode(SIZE)


def click(scene: object, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, pos=pos, button=1))  # type: ignore[attr-defined]


def buttons_fit(scene_buttons: list[object], ctx: Context, bounds: pygame.Rect) -> None:
    for button in scene_buttons:
        rect = button.rect  # type: ignore[attr-defined]
        label = button.label  # type: ignore[attr-defined]
        if not rect.w:
            continue
        assert bounds.contains(rect), (label, rect)
        size = ctx.fonts.fit(label, int(rect.h * 0.5), rect.w - 12)
        assert ctx.fonts.font(size).size(label)[0] <= rect.w, label


@pytest.mark.parametrize("language", ["zh", "en"])
def test_menu_scenes_draw_and_fit(ctx: Context, small: pygame.Surface, language: str) -> None:
    i18n.set_language(language)
    for scene in (MainMenu(ctx), SetupScene(ctx, hotseat=True), SettingsScene(ctx)):
        ctx.stack.push(scene)
        scene.draw(small)
        save(small, f"{type(scene).__name__}_{language}")
        assert distinct_colors(small) > 10
        buttons_fit(scene.group.buttons, ctx, small.get_rect())  # type: ignore[arg-type]


def test_settings_cycle_volume_and_timers_and_are_saved(ctx: Context,
                                                        small: pygame.Surface) -> None:
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    labels = [b.label for b in scene.group.buttons]
    volume = next(i for i, label in enumerate(labels) if label.startswith(i18n.t(
        "settings.volume")))
    timers = next(i for i, label in enumerate(labels) if label.startswith(i18n.t(
        "settings.timers")))
    before = ctx.settings.volume
    scene.group.buttons[volume].action()
    assert ctx.settings.volume != before and ctx.sounds.volume == ctx.settings.volume
    scene.group.buttons[timers].action()
    assert ctx.settings_path is not None
    saved = json.loads(ctx.settings_path.read_text(encoding="utf-8"))
    assert saved["timers"] is True and saved["volume"] == ctx.settings.volume
    # a local table opened now has the ruleset's timers on (M11)
    from game.client.sessions.local import open_table

    open_table(ctx, ruleset="nanjing", seats=["human", "bot", "bot", "bot"],
               levels=["random"] * 4, names=None, hands=1, seed=1, replace=False)
    table = ctx.stack.top
    assert isinstance(table, TableScene)
    assert isinstance(table.session, LocalSession) and table.session.timed


@pytest.mark.parametrize("language", ["zh", "en"])
def test_rules_screens_scroll_and_fit(ctx: Context, small: pygame.Surface,
                                      language: str) -> None:
    i18n.set_language(language)
    scene = RulesScene(ctx)
    ctx.stack.push(scene)
    for ruleset in RULESETS:
        assert rules_path(ruleset, language).exists()
        scene.chooser(ruleset)()
        scene.draw(small)
        save(small, f"rules_{ruleset}_{language}")
        assert distinct_colors(small) > 10
        box = scene.text_rect()
        assert scene.lines and all(rect.right <= box.w for _t, rect in scene.lines)
        text = rules_path(ruleset, language).read_text(encoding="utf-8")
        shown = "".join(piece for piece, _r in scene.lines).replace(" ", "")
        for line in text.splitlines():  # nothing is lost in the wrapping
            words = line.lstrip("#- ").replace(" ", "")
            assert words in shown, line
        assert scene.max_scroll > 0  # the text is longer than a screen: it scrolls
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
        assert scene.scroll == scene.max_scroll
        scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
        assert scene.scroll < scene.max_scroll
        buttons_fit(scene.group.buttons, ctx, small.get_rect())  # type: ignore[arg-type]


def test_wrap_breaks_chinese_anywhere_and_english_at_spaces(ctx: Context) -> None:
    lines = wrap("馬站麻將發源於浙江蒼南馬站鎮" * 4, ctx.fonts, 16, 120)
    assert len(lines) > 2 and "".join(lines) == "馬站麻將發源於浙江蒼南馬站鎮" * 4
    assert all(ctx.fonts.font(16).size(line)[0] <= 120 for line in lines)
    words = wrap("the quick brown fox jumps over the lazy dog " * 3, ctx.fonts, 16, 150)
    assert all(not line.startswith(" ") and ctx.fonts.font(16).size(line)[0] <= 150
               for line in words)
    assert " ".join(words).split() == ("the quick brown fox jumps over the lazy dog " * 3).split()


def pick(scene: CalculatorScene, mode: str, tiles: str) -> None:
    scene.moder(mode)()
    for tile in parse_tiles(tiles):
        button = next(b for b in scene.group.buttons
                      if isinstance(b, _FaceButton) and b.kind == tile)
        click(scene, button.rect.center)


def test_calculator_built_by_clicks_matches_the_scorer(ctx: Context,
                                                       small: pygame.Surface) -> None:
    i18n.set_language("zh")
    scene = CalculatorScene(ctx)
    ctx.stack.push(scene)
    pick(scene, "hand", "123m456p789s11z22s")
    pick(scene, "pong", "7z")
    pick(scene, "bonus", "1f")
    pick(scene, "win", "2s")
    assert scene.mode == "hand"  # the win tile is one tile: the picker returns to the hand
    request = scene.state.request()
    assert sorted(parse_tiles(request["hand"])) == sorted(parse_tiles("123m456p789s11z22s"))
    assert request["melds"] == ["pong:777z"] and request["win"] == "2s"
    status, text = calc.main(json.dumps(request))
    assert status == 0
    expected = json.loads(text)
    ok, data = scene.outcome
    # the scorer's result, each label ("明刻 exposed pong 777z") in the window's language only
    assert ok and {k: v for k, v in data.items() if k not in ("items", "lines")} == {
        k: v for k, v in expected.items() if k != "items"}
    assert [(i["key"], i["value"], i["unit"]) for i in data["items"]] == [
        (i["key"], i["value"], i["unit"]) for i in expected["items"]]
    for mine, theirs in zip(data["items"], expected["items"], strict=True):
        assert theirs["label"].startswith(mine["label"]) and mine["label"].strip()
    scene.draw(small)
    save(small, "calculator")
    texts = [t for t, _r, _b in scene.boxes.placed]
    for item in data["items"]:  # each line's name in the window's language, never notation
        assert item["label"] in texts
    assert not any(NOTATION.search(text) for text in texts)
    assert_fits(scene.boxes, small.get_rect())
    buttons_fit(scene.group.buttons, ctx, small.get_rect())  # type: ignore[arg-type]
    # a flag changes the request and the breakdown at once
    scene.flagger("last_tiles")()
    assert "last_tiles" in scene.state.request()["flags"]
    # clicking a chosen tile takes it back; an incomplete hand shows the scorer's message
    rect, _act = scene.placed[0]
    click(scene, rect.center)
    ok, message = scene.outcome
    refused = json.loads(calc.main(json.dumps(scene.state.request()))[1])["error"]
    assert "has 15" in refused  # the scorer's English; the screen words the count itself
    assert not ok and message == i18n.t("calc.count", need=16, have=15)
    scene.draw(small)
    save(small, "calculator_error")


def test_calculator_refuses_impossible_tiles(ctx: Context, small: pygame.Surface) -> None:
    scene = CalculatorScene(ctx)
    pick(scene, "hand", "5m5m5m5m5m")
    assert scene.state.hand.count(parse_tiles("5m")[0]) == 4  # only four exist
    pick(scene, "chow", "8m")  # no 8-9-10
    assert scene.state.melds == []
    pick(scene, "bonus", "1m")  # not a bonus tile
    assert scene.state.bonus == []


def test_every_scene_is_drawn_at_the_smallest_size(ctx: Context, small: pygame.Surface) -> None:
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["王", "李", "張", "劉"], seed=8, hands=1)
    table = TableScene(ctx, session)
    ctx.stack.push(table)
    for _ in range(400):
        table.update(0.05)
        if table._my_turn():
            break
    table.draw(small)
    save(small, "table_solo")
    assert distinct_colors(small) > 30
    buttons_fit(table.actions.buttons, ctx, small.get_rect())  # type: ignore[arg-type]


def test_no_audio_device_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_a: object, **_k: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds.open(0.5)
    assert not sounds.enabled
    sounds.play("win")
    sounds.set_volume(1.0)


def test_sounds_load_from_the_generated_files(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_sounds", TOOLS / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    folder = tmp_path
    assert tool.main(["--out", str(folder)]) == 0

    for name in ("tile", "claim", "win"):
        with wave.open(str(folder / f"{name}.wav")) as wav:
            assert wav.getnchannels() == 1 and wav.getframerate() == 22050
            assert 0.05 < wav.getnframes() / 22050 < 1.5
        assert (folder / f"{name}.wav").stat().st_size < 64 * 1024
    sounds = Sounds.open(0.5, folder)  # dummy audio driver: the mixer opens, nothing is heard
    assert set(sounds.sounds) == {"tile", "claim", "win"}
    sounds.play("tile")
