"""The Drills screen (issue 27 part 4) through the window: opened from the main menu, a
winning hand from real play, four choices, the real scorer's answer with the score sheet, the
running record saved in the data home (here under tmp_path), in three languages."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game import drills
from game.client import i18n
from game.client.context import Context
from game.client.score_sheet import sheet_rows
from game.client.screens.drills import CHOICE_KEYS, DrillsScene
from game.client.screens.menus import MainMenu
from game.drills import DrillRecord, real_score

from .test_scenes import click


def open_from_menu(ctx: Context) -> DrillsScene:
    menu = MainMenu(ctx)
    ctx.stack.push(menu)
    (button,) = [b for b in menu.group.buttons if b.label == i18n.t("menu.drills")]
    click(menu, button.rect.center)
    scene = ctx.stack.top
    assert isinstance(scene, DrillsScene)
    return scene


def key(scene: DrillsScene, code: int, unicode: str = "") -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode))


def total_row(scene: DrillsScene, total: int) -> list[pygame.Rect]:
    """The sheet's total row as last drawn: its label and, on the same row, the total (the
    results screen's sheet draws them apart); empty when it is not there."""
    placed = scene.boxes.placed
    for text, rect, _box in placed:
        if text == i18n.t("result.total"):
            values = [r for v, r, _b in placed
                      if str(total) in v and r.centery == rect.centery and r.x > rect.x]
            if values:
                return [rect, *values]
    return []


def drawn(scene: DrillsScene) -> list[str]:
    scene.draw(pygame.display.set_mode(scene.ctx.size))
    return [text for text, _rect, _box in scene.boxes.placed]


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_guess_by_choice_and_by_typing_with_the_record_kept(
        ctx: Context, tmp_path: Path, language: str) -> None:
    i18n.set_language(language)
    ctx.data_dir = tmp_path / "data"
    ctx.options.seed = 3  # the same hands each run (as `--seed`)
    scene = open_from_menu(ctx)
    assert scene.drill is not None and scene.answer is None
    right = real_score(scene.drill).total
    assert right in scene.offered and len(scene.offered) == 4
    assert i18n.t("drill.question") in drawn(scene)
    # a wrong choice, picked with its key: the verdict, the real total and the sheet
    wrong = next(n for n in scene.offered if n != right)
    key(scene, CHOICE_KEYS[scene.offered.index(wrong)])
    assert scene.answer is not None and scene.answer[:2] == (wrong, False)
    texts = drawn(scene)
    assert i18n.t("drill.wrong", n=wrong, m=right) in texts
    score = real_score(scene.drill)
    rows = sheet_rows(scene.ruleset, score.items, score.total)
    assert [r.label for r in rows if r.kind == "head"] == [
        t for t in texts if t in {r.label for r in rows if r.kind == "head"}]
    assert total_row(scene, score.total)
    assert drills.load_record(ctx.data_dir) == DrillRecord(1, 0, 0, 0)
    # N: the next hand; this time the total typed in, then Enter
    key(scene, pygame.K_n)
    assert scene.answer is None and scene.drill is not None
    right = real_score(scene.drill).total
    for digit in str(right):
        key(scene, pygame.K_0 + int(digit), digit)
    assert i18n.t("drill.typed", n=str(right)) in drawn(scene)
    key(scene, pygame.K_RETURN)
    assert scene.answer is not None and scene.answer[1] is True
    assert i18n.t("drill.right", n=right) in drawn(scene)
    assert drills.load_record(ctx.data_dir) == DrillRecord(2, 1, 1, 1)
    # R: the other ruleset's hands; the record reads back when the screen opens again
    was = scene.ruleset
    key(scene, pygame.K_r)
    assert scene.ruleset != was and scene.drill is not None and scene.drill.ruleset != was
    key(scene, pygame.K_ESCAPE)
    assert isinstance(ctx.stack.top, MainMenu)
    again = open_from_menu(ctx)
    assert again.record == DrillRecord(2, 1, 1, 1)
    assert again.record_text() in " ".join(drawn(again))


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_every_sheet_shows_its_total_at_the_smallest_window(ctx: Context, tmp_path: Path,
                                                            ruleset: str) -> None:
    """Long sheets too (Mazhan's tai, Nanjing's big items): the total is drawn, on screen."""
    ctx.data_dir = tmp_path
    ctx.size = (1024, 640)
    for seed in range(12):
        scene = DrillsScene(ctx, ruleset=ruleset, seed=seed)
        assert scene.drill is not None
        total = real_score(scene.drill).total
        scene.pick(total)
        texts = drawn(scene)
        totals = total_row(scene, total)
        assert totals, (seed, texts)
        assert all(pygame.Rect(0, 0, *ctx.size).contains(rect) for rect in totals)


def test_the_hard_flowers_line_shows_the_hands_flowers() -> None:
    """Nanjing's hard-flowers line counts the set-aside tiles without naming them: the sheet
    draws the hand's own, for the drills as for the results."""
    rng = random.Random(5)
    for _ in range(12):
        drill = drills.new_drill("nanjing", rng)
        score = real_score(drill)
        rows = sheet_rows("nanjing", score.items, score.total, drill.ctx.bonus)
        flowers = [row for row in rows if row.key == "hard_flowers"]
        if drill.ctx.bonus and flowers:
            assert [row.tiles for row in flowers] == [list(drill.ctx.bonus)]
            return
    raise AssertionError("no hand with hard flowers in 12 drills")


def test_the_hand_puts_the_wilds_first_as_the_table_does(ctx: Context, tmp_path: Path) -> None:
    ctx.data_dir = tmp_path
    for seed in range(20):
        scene = DrillsScene(ctx, ruleset="mazhan", seed=seed)
        assert scene.drill is not None
        win = scene.drill.ctx
        if win.wild is None or win.wild not in win.concealed or win.concealed[0] == win.wild:
            continue
        drawn(scene)
        wilds = win.concealed.count(win.wild)
        assert scene.shown_concealed[:wilds] == [win.wild] * wilds
        assert sorted(scene.shown_concealed) == sorted(win.concealed)
        return
    raise AssertionError("no Mazhan win holding a wild in 20 hands")
