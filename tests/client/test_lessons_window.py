"""Every lesson finished through the window's input path (synthetic clicks on what the
spotlight shows, a wrong try first), in every language; the tick is saved (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.options import OptionsError, parse_play_args
from game.client.screens.lessons import LessonsScene
from game.client.sessions.lesson import LessonSession, open_lesson
from game.client.table.coach import choice_label, heading_lines, panel_width
from game.client.table.scene import TableScene
from game.lessons import LESSONS
from game.lessons.model import ACTION, CHOICE, CLICK
from game.lessons.progress import load, progress_path

from .conftest import distinct_colors


def click(scene: object, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, pos=pos, button=1))  # type: ignore[attr-defined]


def settle(ctx: Context, screen: pygame.Surface, rounds: int = 60) -> None:
    """Frames as the main loop gives them, until the table waits for the player."""
    for _ in range(rounds):
        top = ctx.stack.top
        assert top is not None
        top.update(0.25)
        for scene in ctx.stack.visible():
            scene.draw(screen)
        if isinstance(top, TableScene) and not top.animating and not top.dealing and (
                not top.session.waiting_on_others()) and (
                not top.session.hand_over or top.result_shown):
            return


def table_of(ctx: Context) -> TableScene:
    top = ctx.stack.top
    assert isinstance(top, TableScene) and top.coach is not None
    return top


def finish(ctx: Context, screen: pygame.Surface, until: str | None = None) -> TableScene:
    """Do every step of the lesson on screen as a player would (up to the first whose target
    is `until`, when given); each kind of step is first tried wrongly and must stay."""
    for _ in range(80):
        settle(ctx, screen)
        table = table_of(ctx)
        coach = table.coach
        assert coach is not None
        step = coach.step
        if step is None or step.target == until:
            return table
        at = coach.run.index
        if step.kind == CLICK:
            spot = coach.target_rect()
            assert spot is not None, step.target
            miss = (2, screen.get_height() // 2)
            assert not spot.collidepoint(miss)
            click(table, miss)
            assert coach.run.index == at and coach.run.wrong
            for _page in range(10):  # a score sheet of several pages turns page by page first
                click(table, spot.center)
                if coach.run.index != at:
                    break
                assert step.target == "result" and table.panel is not None
                assert table.sheet_page == table.panel.page + 1
                for scene in ctx.stack.visible():
                    scene.draw(screen)
        elif step.kind == CHOICE:
            labels = {b.label: b for b in coach.buttons.buttons}
            shown = [choice_label(step, n) for n in range(len(step.choices))]
            assert set(labels) == set(shown) and len(shown) == len(step.choices)
            wrong = next(shown[n] for n, c in enumerate(step.choices) if c != step.answer)
            click(table, labels[wrong].rect.center)
            assert coach.run.index == at and coach.run.wrong == step.wrong
            table.draw(screen)
            assert step.answer is not None
            click(table, labels[shown[step.choices.index(step.answer)]].rect.center)
        else:
            assert step.kind == ACTION
            spot = coach.target_rect()
            assert spot is not None, (step.target, [str(a) for a in table.view.legal])
            if step.target.startswith("tile"):
                other = next(rect for rect, tile in table.hand.rects
                             if f"tile {tile}" != step.target)
                click(table, other.center)  # a legal discard the lesson does not want
                assert coach.run.index == at and coach.run.wrong == step.wrong
                assert table.error == t("illegal.lesson_step")
            passes = [b for b in table.actions.buttons if b.rect.w and b.label == t("action.pass")]
            if step.target.startswith("button") and passes:
                click(table, passes[0].rect.center)  # passing is legal, but not the step
                assert coach.run.index == at and coach.run.wrong == step.wrong
                table.draw(screen)
            click(table, coach.target_rect().center)  # type: ignore[union-attr]
        assert coach.run.index == at + 1, (step.text, coach.run.wrong)
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("language", ["zh-Hant", "zh-Hans", "en"])
@pytest.mark.parametrize("name", [lesson.name for lesson in LESSONS])
def test_every_lesson_is_finished_by_clicks(ctx: Context, screen: pygame.Surface,
                                            tmp_path: Path, name: str, language: str) -> None:
    i18n.set_language(language)
    ctx.data_dir = tmp_path / "data"
    ctx.stack.open("main menu")
    open_lesson(ctx, name)
    table = finish(ctx, screen)
    assert isinstance(table.session, LessonSession) and table.session.run.done
    for scene in ctx.stack.visible():
        scene.draw(screen)
    assert distinct_colors(screen) > 10
    assert load(progress_path(ctx.data_dir)) == {name}
    coach = table.coach
    assert coach is not None
    back = next(b for b in coach.buttons.buttons if b.label == t("lesson.back"))
    click(table, back.rect.center)
    top = ctx.stack.top
    assert isinstance(top, LessonsScene)
    top.ruleset = name.split(".")[0]
    top.layout()
    title = t(next(lesson for lesson in LESSONS if lesson.name == name).title)
    assert t("lessons.done_mark", title=title) in [b.label for b in top.group.buttons]


def test_main_menu_opens_the_lessons_and_a_lesson(ctx: Context, screen: pygame.Surface,
                                                  tmp_path: Path) -> None:
    i18n.set_language("en")
    ctx.data_dir = tmp_path / "data"
    menu = ctx.stack.open("main menu")
    menu.draw(screen)
    entry = next(b for b in menu.group.buttons  # type: ignore[attr-defined]
                 if b.label == t("menu.lessons"))
    click(menu, entry.rect.center)
    lessons = ctx.stack.top
    assert isinstance(lessons, LessonsScene)
    lessons.draw(screen)
    labels = [b.label for b in lessons.group.buttons]
    assert t("lesson.mazhan.wild.title") in labels
    lessons.group.buttons[0].action()  # the ruleset switch
    assert t("lesson.nanjing.open.title") in [b.label for b in lessons.group.buttons]
    first = next(b for b in lessons.group.buttons if b.label == t("lesson.nanjing.open.title"))
    click(lessons, first.rect.center)
    table = table_of(ctx)
    assert table.session.lesson.name == "nanjing.open"  # type: ignore[attr-defined]


def test_lesson_flag() -> None:
    assert parse_play_args(["play", "--lesson", "mazhan.tai"]).lesson == "mazhan.tai"
    with pytest.raises(OptionsError, match=r"mazhan\.wild"):
        parse_play_args(["play", "--lesson", "nope"])


@pytest.mark.parametrize("language", ["zh-Hant", "zh-Hans", "en"])
def test_every_heading_fits_the_panel_at_the_smallest_window(ctx: Context,
                                                            language: str) -> None:
    i18n.set_language(language)
    w, h = 1024, 640
    size = max(16, min(30, h // 30))  # the words' size the overlay uses at this height
    room = panel_width(w) - 24
    for lesson in LESSONS:
        steps = len(lesson.steps)
        for text in (f'{t(lesson.title)} · {t("lesson.step", n=steps, of=steps)}',
                     t("lesson.done", title=t(lesson.title))):
            head_size, lines = heading_lines(ctx.fonts, text, size, room)
            assert size <= head_size and "".join(lines).replace(" ", "") == text.replace(" ", "")
            assert all(ctx.fonts.size(line, head_size, bold=True)[0] <= room for line in lines)


def test_a_sheet_line_with_a_note_is_drawn_as_big_as_the_others(ctx: Context, tmp_path: Path
                                                                 ) -> None:
    """The wild lesson's sheet: "Concealed triplet (1 wild)" got a name column measured
    without its note and was shrunk into it at 1024x640."""
    i18n.set_language("en")
    screen = pygame.display.set_mode((1024, 640))
    ctx.size = (1024, 640)
    ctx.data_dir = tmp_path / "data"
    open_lesson(ctx, "mazhan.wild")
    table = finish(ctx, screen)
    table.draw(screen)
    assert table.panel is not None
    placed = table.panel.boxes.placed
    noted = [rect for text, rect, _box in placed if text.endswith("wild)")]
    assert noted
    # the other lines' names, at the same indent
    names = [rect for text, rect, _box in placed if rect.x == noted[0].x and not
             text.endswith("wild)")]
    assert names and all(rect.h >= max(n.h for n in names) for rect in noted)


def test_the_sheet_is_read_to_its_last_page_before_the_step_is_done(
        ctx: Context, screen: pygame.Surface, tmp_path: Path) -> None:
    """The cap lesson's last step asks for a click on the sheet; its 辣子 line is past the
    first page, so a click turns the page, and only a click on the last page ends the step."""
    ctx.data_dir = tmp_path / "data"
    ctx.stack.open("main menu")
    open_lesson(ctx, "mazhan.cap")
    table = finish(ctx, screen, until="result")
    coach = table.coach
    assert coach is not None and coach.step is not None and coach.step.target == "result"
    panel = table.panel
    assert panel is not None and panel.pages >= 2 and panel.page == 0
    at = coach.run.index
    click(table, panel.rect.center)
    assert coach.run.index == at and table.sheet_page == 1  # turned, not done
    for _ in range(panel.pages):
        for scene in ctx.stack.visible():
            scene.draw(screen)
        assert table.panel is not None
        click(table, table.panel.rect.center)
        if coach.run.done:
            break
    assert coach.run.done and table.panel is not None
    assert table.panel.page == table.panel.pages - 1  # it ended on the last page
