from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.results import (
    ResultsPanel,
    StandingsScene,
    payment_matrix,
    score_rows,
)
from game.client.table.scene import TableScene
from game.client.ui.widgets import TextBoxes

from .conftest import distinct_colors


def save(surface: pygame.Surface, name: str) -> None:
    """Keep a screenshot for a person to look at, in the test's own shots folder (tests/conftest
    points MAHJONG_SHOTS into tmp_path; pytest keeps the last runs' folders)."""
    folder = Path(os.environ["MAHJONG_SHOTS"])
    folder.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(folder / f"{name}.png"))


def assert_fits(boxes: TextBoxes, bounds: pygame.Rect) -> None:
    assert boxes.placed
    for text, rect, box in boxes.placed:
        assert rect.w <= box.w + 1 and rect.left >= box.left - 1, (text, rect, box)
        assert rect.right <= box.right + 1, (text, rect, box)
        assert bounds.contains(rect), (text, rect, bounds)


def sheet_pages(scene: TableScene, screen: pygame.Surface) -> Iterator[ResultsPanel]:
    """The results panel as drawn at each page of its score sheet in turn."""
    page = 0
    while True:
        scene.sheet_page = page
        scene._result_cache = None
        scene.draw(screen)
        panel = scene.panel
        assert panel is not None
        yield panel
        page += 1
        if page >= panel.pages:
            return


def sheet_texts(scene: TableScene, screen: pygame.Surface) -> list[str]:
    """Every text the results panel drew, over all pages of its score sheet, in order; each
    page's texts are checked against the 14 px floor and the screen as they are drawn."""
    texts: list[str] = []
    for page, panel in enumerate(sheet_pages(scene, screen)):
        assert_fits(panel.boxes, screen.get_rect())
        footer = i18n.t("sheet.page", n=page + 1, m=panel.pages)
        texts += [text for text, _rect, _box in panel.boxes.placed if text != footer]
    return texts


def finish_hand(ctx: Context, ruleset: str, seed: int, hands: int = 1,
                level: str = "normal") -> TableScene:
    session = LocalSession(ruleset, ["bot"] * 4, [level] * 4, ["王", "李", "張", "劉"],
                           seed, hands=hands)
    scene = TableScene(ctx, session, demo=True)
    ctx.stack.push(scene)
    for _ in range(5000):
        if scene.result_shown:
            return scene
        session.step()
        scene._poll()
        scene.update(0.05)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("ruleset,language", [("mazhan", "zh"), ("nanjing", "en"),
                                              ("mazhan", "en"), ("nanjing", "zh")])
def test_results_show_exactly_the_scorers_lines(ctx: Context, ruleset: str,
                                                language: str) -> None:
    i18n.set_language(language)
    screen = pygame.display.set_mode((1024, 640))
    ctx.size = (1024, 640)
    for seed in range(1, 40):
        scene = finish_hand(ctx, ruleset, seed)
        result = scene.view.result
        assert result is not None
        if result.winner is None:
            continue
        scene.resize((1024, 640))
        scene.draw(screen)
        save(screen, f"results_{ruleset}_{language}")
        panel = scene.panel
        assert panel is not None
        assert result.score is not None
        texts = sheet_texts(scene, screen)
        # every winner line, its name and its value, in the scorer's order, the value
        # drawn right after its name (tiles between them are drawn, not written)
        rows = score_rows(result.score.items)
        positions: list[int] = []
        for label, value in rows:
            if value.endswith(("×", "倍")) or label in (i18n.t("result.total"),):
                continue  # the multiplier and total read as the formula and the total row
            index = texts.index(label, positions[-1] if positions else 0)
            assert texts[index + 1] == value, (label, texts[index:index + 2])
            positions.append(index)
        assert i18n.t("sheet.formula") in texts
        for seat, lines in enumerate(result.settlement.loser_lines):  # M20, Mazhan
            if seat != result.winner:
                for line, (label, value) in zip(lines, score_rows(lines), strict=True):
                    if line.unit not in ("total", "x"):  # the value row says the result
                        assert label in texts and value in texts
        if ruleset == "mazhan":
            assert any(result.settlement.loser_lines)
            assert i18n.t("sheet.base") in texts and i18n.t("sheet.subtotal") in texts
        assert panel.win_tile_rect is not None  # the winning tile is set apart and marked
        # the payment table holds each payer's total to each payee
        matrix = payment_matrix(result.payments)
        assert sum(map(sum, matrix)) == sum(p.amount for p in result.payments)
        for payer in range(4):
            assert sum(matrix[payer]) - sum(row[payer] for row in matrix) == -result.deltas[
                payer] or any(p.key == "table_fee" for p in result.payments)
        assert_fits(panel.boxes, screen.get_rect())
        assert distinct_colors(screen) > 20
        return
    raise AssertionError("no win in 40 seeds")


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_drawn_hand_shows_every_hand_and_who_deals_next(ctx: Context, language: str) -> None:
    """M10/N3: no win is paid; the panel shows the four hands and the dealer rule (M3, N5)."""
    i18n.set_language(language)
    screen = pygame.display.set_mode((1024, 640))
    ctx.size = (1024, 640)
    for ruleset in ("nanjing", "mazhan"):
        for seed in range(1, 60):
            scene = finish_hand(ctx, ruleset, seed, level="random")  # random play rarely wins
            result = scene.view.result
            assert result is not None
            if result.winner is not None:
                continue
            scene.resize((1024, 640))
            scene.draw(screen)
            save(screen, f"results_drawn_{ruleset}_{language}")
            panel = scene.panel
            assert panel is not None
            texts = [text for text, _rect, _box in panel.boxes.placed]
            rule = "result.dealer_stays" if ruleset == "nanjing" else "result.dealer_passes"
            assert any(i18n.t(rule) in text for text in texts)  # N5 keeps, M3 moves the deal
            names = scene.view.names
            for seat in range(4):
                assert f"{i18n.t(f'wind.{seat}')} {names[seat]}" in texts
            assert not any(p.key.startswith("win") for p in result.payments)
            assert sum(result.deltas) == 0
            assert_fits(panel.boxes, screen.get_rect())
            break
        else:
            raise AssertionError(f"no drawn {ruleset} hand in 60 seeds")


def test_match_end_standings_chart(ctx: Context, screen: pygame.Surface) -> None:
    scene = finish_hand(ctx, "nanjing", 3, hands=3)
    for _ in range(20):
        if scene.session.match_over:
            break
        scene._continue()  # the next hand, played out by the bots
        while not scene.session.hand_over:
            scene.session.step()
        scene._poll()
    assert scene.session.match_over and len(scene.session.history) >= 3
    scene._show_result()
    labels = [b.label for b in scene.result_buttons.buttons]
    assert i18n.t("result.standings") in labels
    scene.result_buttons.buttons[labels.index(i18n.t("result.standings"))].action()
    standings = ctx.stack.top
    assert isinstance(standings, StandingsScene)
    series = standings.series()
    history = scene.session.history
    assert [s[-1] for s in series] == list(history[-1].scores)
    assert all(len(s) == len(history) + 1 for s in series)
    standings.draw(screen)
    save(screen, "standings")
    chart = standings.chart  # the shared line chart: a line per player, a point per step
    assert chart is not None and [len(p) for p in chart.points] == [len(s) for s in series]
    assert all(chart.box.contains(pygame.Rect(p, (1, 1))) for ps in chart.points for p in ps)
    assert_fits(standings.boxes, screen.get_rect())
    names = [text for text, _r, _b in standings.boxes.placed]
    finals = [s[-1] for s in series]
    ranked = sorted(range(4), key=lambda p: -finals[p])
    listed = [n for n in names if n in scene.session.player_names]
    assert listed == [scene.session.player_names[p] for p in ranked]


def test_a_losers_hand_value_sits_in_the_value_column(ctx: Context) -> None:
    """Mazhan (M20): a loser's heading carries its hand value right-aligned with the values of
    the lines under it, not at the far side of the panel."""
    i18n.set_language("zh")
    screen = pygame.display.set_mode((1920, 1080))
    ctx.size = (1920, 1080)
    label = i18n.t("result.value")
    for seed in range(1, 40):
        scene = finish_hand(ctx, "mazhan", seed)
        result = scene.view.result
        assert result is not None
        if result.winner is None or not any(result.settlement.loser_lines):
            continue
        scene.resize((1920, 1080))
        for panel in sheet_pages(scene, screen):
            placed = panel.boxes.placed
            heads = [rect for text, rect, _box in placed if text.startswith(label)]
            values = [rect for text, rect, _box in placed if text.endswith(" 分")
                      and rect.right < panel.rect.centerx]
            if heads and values:
                column = max(rect.right for rect in values)
                assert all(abs(rect.right - column) <= 2 for rect in heads), (heads, column)
                return
        raise AssertionError("no loser's heading drawn")
    raise AssertionError("no win with a loser's lines in 40 seeds")
