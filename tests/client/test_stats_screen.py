"""The Statistics screen (issue 28) through the window's input path, in the three languages at
1024×640 and 1920×1080, and the results panel's chart of each seat's score over the hands."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import stats
from game.client import i18n
from game.client.context import Context
from game.client.screens.menus import MainMenu
from game.client.screens.stats import StatsScene, percent
from game.simulate import run_match

from .test_every_screen import Drawn, check
from .test_replay_window import NAMES, play_match
from .test_results import assert_fits, finish_hand, save
from .test_scenes import click

SIZES = ((1024, 640), (1920, 1080))


def window_match(folder: Path, ruleset: str, seed: int, hands: int) -> Path:
    """A solo match as the window plays and logs it: three normal bots, the human taking a
    win when offered and else a random move; the log it wrote."""
    return play_match(folder, ruleset, seed, hands, "normal", take_wins=True)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A data folder whose logs are two window matches (names 王 李 張 劉), a simulate match
    (P1-P4) and a file that is not a log."""
    root = tmp_path / "data"
    (root / "logs").mkdir(parents=True)
    for index, (ruleset, seed) in enumerate((("mazhan", 5), ("mazhan", 8), ("nanjing", 3))):
        log = window_match(tmp_path / f"match{index}", ruleset, seed, 3)
        log.rename(root / "logs" / log.name)
    run_match("mazhan", 6, 4, "normal", log_dir=root / "logs")
    (root / "logs" / "junk.jsonl").write_text("not a log\n", encoding="utf-8")
    return root


def open_from_menu(ctx: Context) -> StatsScene:
    menu = MainMenu(ctx)
    ctx.stack.push(menu)
    (button,) = [b for b in menu.group.buttons if b.label == i18n.t("menu.stats")]
    click(menu, button.rect.center)
    scene = ctx.stack.top
    assert isinstance(scene, StatsScene)
    for _ in range(1000):  # a few logs a frame, as the window reads them
        if not scene.update(0.016):
            break
    assert not scene.reading
    return scene


def key(scene: StatsScene, code: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_opened_from_the_menu_it_shows_the_figures_of_game_stats(ctx: Context, data: Path,
                                                                 ) -> None:
    ctx.data_dir = data
    scene = open_from_menu(ctx)
    surface = pygame.display.set_mode(ctx.size)
    want = stats.table(stats.collect(data / "logs").matches, ruleset=scene.ruleset)
    assert scene.ruleset == "mazhan"
    assert [(r.name, r.matches, r.hands) for r in scene.rows] == [
        (r.name, r.matches, r.hands) for r in want]
    assert {r.name for r in scene.rows} == {*NAMES, "P1", "P2", "P3", "P4"}
    scene.draw(surface)
    drawn = [text for text, _rect, _box in scene.boxes.placed]
    top = want[0]
    assert i18n.t("stats.skipped", why=i18n.t("stats.reason.damaged", n=1)) in drawn[1]
    assert percent(top.win_rate()) in drawn and percent(top.deal_in_rate()) in drawn
    # the chart shows the selected row's score per match, higher scores higher up
    assert scene.chart is not None
    (points,) = scene.chart.points
    trend = top.trend()
    assert len(points) == len(trend) == top.matches
    for (_x1, y1), (_x2, y2), a, b in zip(points, points[1:], trend, trend[1:], strict=False):
        assert (y1 > y2) == (a < b) or a == b
    # ↓ picks the next player, R the other ruleset, Esc goes back to the menu
    key(scene, pygame.K_DOWN)
    assert scene.selected == 1
    click(scene, scene.row_rects[0][1].center)
    assert scene.selected == 0
    # a player's biggest win is drawn as tiles: the hand, the winning tile, melds, bonus
    winners = [i for i, r in enumerate(scene.rows) if r.biggest_win() is not None]
    assert {scene.rows[i].name for i in winners} & set(NAMES), "no window player won"
    for index in winners:
        while scene.selected != index:  # rows below the fold scroll into view
            key(scene, pygame.K_DOWN if scene.selected < index else pygame.K_UP)
        scene.draw(surface)
        assert index in [i for i, _rect in scene.row_rects]
        biggest = scene.rows[index].biggest_win()
        assert biggest is not None and scene.selected == index
        count = (len(biggest.hand) - sum(c.isalpha() for c in biggest.hand)
                 + (biggest.win is not None)
                 + sum(len(m.split(":")[1]) - 1 for m in biggest.melds)
                 + len(biggest.bonus) - sum(c.isalpha() for c in biggest.bonus))
        assert len(scene.tile_rects) == count
    key(scene, pygame.K_r)
    assert scene.ruleset == "nanjing"
    assert {r.name for r in scene.rows} == set(NAMES) and all(r.matches == 1
                                                               for r in scene.rows)
    key(scene, pygame.K_ESCAPE)
    assert isinstance(ctx.stack.top, MainMenu)


def test_no_logs_says_so(ctx: Context, tmp_path: Path) -> None:
    ctx.data_dir = tmp_path / "nothing"
    scene = open_from_menu(ctx)
    surface = pygame.display.set_mode(ctx.size)
    scene.draw(surface)
    drawn = [text for text, _rect, _box in scene.boxes.placed]
    assert i18n.t("stats.none") in drawn and scene.rows == []


def test_reading_is_spread_over_frames(ctx: Context, data: Path) -> None:
    ctx.data_dir = data
    scene = StatsScene(ctx)
    now = [0.0]
    scene.paced.clock = lambda: now[0]  # a fake clock: every log takes the whole frame's budget

    def step() -> None:
        now[0] += 1.0

    original = scene.reader.step if scene.reader is not None else None
    assert original is not None

    def slow() -> bool:
        step()
        return original()

    scene.reader.step = slow  # type: ignore[union-attr,method-assign]
    surface = pygame.display.set_mode(ctx.size)
    frames = 0
    while scene.update(0.016):
        frames += 1
        assert frames < 20
        if scene.reading:
            scene.draw(surface)
            assert any(i18n.t("stats.reading", n=scene.reader.read, m=5) == text  # type: ignore[union-attr]
                       for text, _r, _b in scene.boxes.placed)
    assert frames == 5 and scene.rows


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_is_the_catalogues_and_fits(ctx: Context, data: Path, language: str,
                                               size: tuple[int, int],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    ctx.size = size
    surface = pygame.display.set_mode(size)
    ctx.data_dir = data
    drawn = Drawn(monkeypatch)
    scene = open_from_menu(ctx)
    drawn.texts.clear()
    for ruleset in ("mazhan", "nanjing"):
        if scene.ruleset != ruleset:
            scene.cycle_ruleset()
        scene.resize(size)
        scene.draw(surface)
        save(surface, f"stats_{ruleset}_{language}_{size[0]}x{size[1]}")
        assert_fits(scene.boxes, surface.get_rect())
        for button in scene.group.buttons:
            assert surface.get_rect().contains(button.rect)
        # the table, the biggest win and the chart do not run into the buttons
        lowest = max(rect.bottom for _t, rect, _b in scene.boxes.placed)
        assert lowest <= scene.group.buttons[0].rect.top
        check(drawn, language, [*NAMES, "P1", "P2", "P3", "P4"], f"stats {ruleset}")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_results_panel_charts_each_seats_score_over_the_hands(ctx: Context,
                                                              size: tuple[int, int]) -> None:
    ctx.size = size
    surface = pygame.display.set_mode(size)
    scene = finish_hand(ctx, "mazhan", 4, hands=3)
    for _ in range(2):  # two more hands, so the chart has three
        scene._continue()
        for _ in range(5000):
            if scene.result_shown:
                break
            scene.session.step()
            scene._poll()
            scene.update(0.05)
    scene._result_cache = None
    scene.draw(surface)
    save(surface, f"results_chart_{size[0]}x{size[1]}")
    panel = scene.panel
    assert panel is not None and panel.chart is not None
    history = scene.session.history
    assert len(history) == 3
    points = panel.chart.points
    assert len(points) == 4 and all(len(p) == len(history) + 1 for p in points)
    view = scene.view
    finals = [history[-1].scores[view.players[seat]] for seat in range(4)]
    assert finals == list(view.scores)
    # the seat with the highest total ends highest on the chart, the lowest lowest
    ends = [p[-1][1] for p in points]
    assert ends.index(min(ends)) == finals.index(max(finals))
    assert ends.index(max(ends)) == finals.index(min(finals))
    assert panel.chart.box.bottom <= panel.rect.bottom
    assert_fits(panel.boxes, surface.get_rect())


def test_a_column_of_figures_reads_alike() -> None:
    # one decimal while every figure of the column is under 100, none once one is larger
    # (a Nanjing column showed +74 over +48.9 over +183)
    from game.client.screens.stats import decimals_for, number

    column = [183.0, 48.93, 74.0, None]
    assert [number(x, decimals_for(column)) for x in column] == ["+183", "+49", "+74", "–"]
    small = [48.93, 74.0, -3.25]
    assert [number(x, decimals_for(small)) for x in small] == ["+48.9", "+74.0", "-3.2"]
    assert number(1818.4) == "+1,818"
