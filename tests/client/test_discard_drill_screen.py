"""The "what would you discard" drill through the window: opened from the Drills screen (K),
the positions of the local human's own mistakes in the kept logs (here under tmp_path),
answered by a click on a tile or with ←/→ and Enter, the verdict, the bars and the record, in
three languages with every string from the catalogue; with nothing to practise, words
saying how to get some."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game import discard_drill
from game.client import i18n
from game.client.context import Context
from game.client.screens.discard_drill import DiscardDrillScene, log_humans
from game.client.screens.drills import DrillsScene
from game.client.screens.menus import MainMenu
from game.client.tile_names import tile_name
from game.client.ui.value_bars import amount
from game.drills import DrillRecord
from game.replay import read_log

from .test_drills_screen import open_from_menu
from .test_every_screen import Drawn, check
from .test_replay_window import NAMES, play_match
from .test_scenes import click

SIZES = ((1024, 640), (1920, 1080))


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data home with two kept logs of a solo player who played at random (many mistakes):
    a Mazhan and a Nanjing match."""
    root = tmp_path_factory.mktemp("drill_data")
    (root / "logs").mkdir()
    for ruleset, seed, hands in (("mazhan", 5, 2), ("nanjing", 3, 1)):
        log = play_match(tmp_path_factory.mktemp(ruleset), ruleset, seed, hands)
        shutil.copy2(log, root / "logs" / log.name)
    return root


def key(scene: object, code: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0,  # type: ignore[attr-defined]
                                    unicode=""))


def open_drill(ctx: Context) -> DiscardDrillScene:
    """Main menu → Drills → K: the discard drill, its logs read."""
    drills_screen = open_from_menu(ctx)
    key(drills_screen, pygame.K_k)
    scene = ctx.stack.top
    assert isinstance(scene, DiscardDrillScene)
    scene.finish_reading()
    return scene


def drawn(scene: DiscardDrillScene) -> list[str]:
    scene.draw(pygame.display.set_mode(scene.ctx.size))
    return [text for text, _rect, _box in scene.boxes.placed]


def shows(scene: DiscardDrillScene, text: str) -> bool:
    """`text` is drawn, whole or wrapped into lines."""
    return text.replace(" ", "") in "".join(drawn(scene)).replace(" ", "")


def test_the_recorder_names_the_local_human() -> None:
    assert log_humans({"humans": [0]}) == (0,)
    assert log_humans({"humans": [], "names": ["Player 1", "Bot 2", "Bot 3", "Bot 4"]}) == ()
    # a log from before the header named them: the window's neutral names, any language
    assert log_humans({"names": ["電腦1", "Player 2", "玩家3", "Bot 4"]}) == (1, 2)
    assert log_humans({"names": ["P1", "P2", "P3", "P4"]}) == ()
    assert log_humans({}) == ()


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_answer_by_click_and_by_keys_with_the_record_kept(
        ctx: Context, kept: Path, tmp_path: Path, language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    data = tmp_path / "data"
    shutil.copytree(kept, data)
    ctx.data_dir = data
    ctx.options.seed = 3
    for log in (data / "logs").iterdir():
        assert read_log(log.read_text())[0]["humans"] == [0]  # the recorder says who played
    watched = Drawn(monkeypatch)
    scene = open_drill(ctx)
    assert scene.drills and scene.drill is not None and scene.answer is None
    assert scene.ruleset == "mazhan"
    assert scene.drills == discard_drill.collect(data / "logs", log_humans, ruleset="mazhan")
    # R: the other ruleset's positions (its values in its own unit), and back
    key(scene, pygame.K_r)
    assert scene.ruleset == "nanjing" and scene.drills
    assert {x.ruleset for x in scene.drills} == {"nanjing"}
    assert i18n.t("ruleset.nanjing") in " ".join(drawn(scene))
    key(scene, pygame.K_r)
    assert {x.ruleset for x in scene.drills} == {"mazhan"}
    d = scene.drill
    assert d.loss == max(x.loss for x in scene.drills)  # the biggest mistake first
    texts = drawn(scene)
    assert i18n.t("discard.then", tile=tile_name(d.played)) in " ".join(texts)
    assert i18n.t("discard.question") in texts and i18n.t("discard.how") in texts
    check(watched, language, NAMES, "discard drill")
    # the hand as the table sorts it: the wilds first, the drawn tile last
    row = [tile for tile, _ in scene.hand_rects]
    assert sorted(row) == sorted(d.view.concealed)
    if d.view.drawn is not None:
        assert row[-1] == d.view.drawn
    wilds = [i for i, tile in enumerate(row[:-1]) if tile == d.view.wild]
    assert wilds == list(range(len(wilds)))
    # a click on the tile thrown then: wrong, the expert's discard named, the bars drawn
    rect = next(r for tile, r in scene.hand_rects if tile == d.played)
    click(scene, rect.center)
    assert scene.answer == (d.played, False)
    wrong = i18n.t("discard.wrong", tile=tile_name(d.played), loss=amount(d.loss),
                   unit=i18n.t(f"review.unit.{d.unit}"))
    texts = drawn(scene)
    assert wrong in texts and i18n.t("discard.expert", best=tile_name(d.values[0][0])) in texts
    assert scene.bar_rects[0][0] == d.values[0][0]
    assert d.played in dict(scene.bar_rects)
    assert scene.chosen_rect is not None
    assert scene.chosen_rect.contains(dict(scene.bar_rects)[d.played])
    widths = [r.w for _, r in scene.bar_rects]
    assert widths == sorted(widths, reverse=True)
    check(watched, language, NAMES, "discard drill")
    assert discard_drill.load_record(data) == DrillRecord(1, 0, 0, 0)
    # N: the next position; ←/→ pick the expert's tile, Enter answers it
    key(scene, pygame.K_n)
    assert scene.answer is None and scene.index == 1
    d = scene.drill
    assert d is not None
    row = scene.row()
    target = row.index(d.values[0][0])
    key(scene, pygame.K_RIGHT)  # from the drawn tile (the last): round to the first
    for _ in range(target):
        key(scene, pygame.K_RIGHT)
    assert scene.selected == target
    key(scene, pygame.K_RETURN)
    assert scene.answer == (d.values[0][0], True)
    assert i18n.t("discard.right", tile=tile_name(d.values[0][0])) in drawn(scene)
    check(watched, language, NAMES, "discard drill")
    assert discard_drill.load_record(data) == DrillRecord(2, 1, 1, 1)
    key(scene, pygame.K_RETURN)  # answered: Enter is the next position
    assert scene.answer is None and scene.index == 2
    # K: back to the score drill; Esc from there to the menu; the record reads back
    key(scene, pygame.K_k)
    assert isinstance(ctx.stack.top, DrillsScene)
    key(ctx.stack.top, pygame.K_ESCAPE)
    assert isinstance(ctx.stack.top, MainMenu)
    again = open_drill(ctx)
    assert again.record == DrillRecord(2, 1, 1, 1)
    assert again.record_text() in " ".join(drawn(again))
    key(again, pygame.K_ESCAPE)
    assert isinstance(ctx.stack.top, DrillsScene)


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_every_text_in_its_box(ctx: Context, kept: Path, language: str,
                               size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    ctx.data_dir = kept
    ctx.size = size
    surface = pygame.display.set_mode(size)
    watched = Drawn(monkeypatch)
    scene = DiscardDrillScene(ctx)
    scene.finish_reading()
    bounds = surface.get_rect()
    for n in range(min(4, len(scene.drills))):
        for answered in (False, True):
            if answered:
                assert scene.drill is not None
                scene.pick(scene.drill.values[-1][0] if n % 2 else scene.drill.played)
            scene.draw(surface)
            for text, rect, box in scene.boxes.placed:
                assert box.inflate(0, 4).contains(rect), (language, size, text)
                assert bounds.contains(rect), (language, size, text)
            for _tile, rect in scene.hand_rects:
                assert bounds.contains(rect)
                assert all(not rect.colliderect(b.rect) for b in scene.group.buttons)
            check(watched, language, NAMES, "discard drill")
        scene.next()
    for button in scene.group.buttons:
        assert bounds.contains(button.rect)


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_nothing_to_practise_says_how_to_get_some(ctx: Context, tmp_path: Path,
                                                  language: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    watched = Drawn(monkeypatch)
    for data in (tmp_path / "empty", None):
        ctx.data_dir = data
        scene = DiscardDrillScene(ctx)
        assert not scene.reading and scene.drill is None
        assert shows(scene, i18n.t("discard.none"))
        check(watched, language, NAMES, "discard drill", source=i18n.t("discard.none"))
        click(scene, (scene.ctx.size[0] // 2, scene.ctx.size[1] // 2))  # nothing to answer
        key(scene, pygame.K_RETURN)
        assert scene.answer is None


def test_reading_shows_its_progress(ctx: Context, kept: Path) -> None:
    ctx.data_dir = kept
    scene = DiscardDrillScene(ctx)
    assert scene.reading and scene.drill is None
    assert i18n.t("discard.reading", read=0, files=2) in drawn(scene)
    ticks = 0
    while scene.update(0.016):
        ticks += 1
        assert ticks < 10
    assert not scene.reading and scene.drill is not None
