"""The results panel with several winners on one discard (ruling N2's option "all")."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.actions import Action
from game.client import i18n
from game.client.context import Context
from game.client.table.results import ResultsPanel, score_rows
from game.client.ui.widgets import ButtonGroup
from game.engine import Hand
from game.view import seat_view
from tests.scenario import N, S, W
from tests.test_several_winners import SMALL_W, e_discards_6s, two_ready_on_9p

from .test_results import assert_fits, save


def earthly_pair() -> Hand:
    """W and N both win E's first discard (地胡 each)."""
    hand = two_ready_on_9p(several_winners="all")
    for seat, text in ((S, "pass"), (W, "win 9p"), (N, "win 9p")):
        hand.apply(seat, Action.parse(text))
    return hand


def small_pair() -> Hand:
    """S and W both win E's 6s with small hands: many lines each."""
    return e_discards_6s(SMALL_W, "5s8s")


SCENARIOS: dict[str, Callable[[], Hand]] = {"earthly": earthly_pair, "small": small_pair}


def meld_row(surface: pygame.Surface, meld: object, seat: int, x: int, y: int, w: int) -> int:
    return x + 3 * w


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 500)])
def test_every_winners_lines_and_hand_are_shown(ctx: Context, scenario: str, language: str,
                                                size: tuple[int, int]) -> None:
    """Ruling N2 (option "all"): the title names every winner, and each winner's block (its
    seat and name, then its lines exactly as scored, in order) is drawn and fits."""
    i18n.set_language(language)
    screen = pygame.display.set_mode(size)
    ctx.size = size
    hand = SCENARIOS[scenario]()
    names = ("王", "李", "張", "劉")
    view = seat_view(hand, S, hand_no=1, scores=(1000,) * 4, players=(0, 1, 2, 3), names=names)
    result = view.result
    assert result is not None and len(result.winners) == 2
    texts: list[str] = []
    page, pages = 0, 1
    while page < pages:  # the sheet's pages, each drawn with its text at 14 px or more
        panel = ResultsPanel(ctx, view, ButtonGroup(), meld_row, page=page)
        panel.draw(screen)
        save(screen, f"results_several_{scenario}_{language}_{size[0]}_{page}")
        assert_fits(panel.boxes, screen.get_rect())
        footer = i18n.t("sheet.page", n=page + 1, m=panel.pages)
        texts += [text for text, _rect, _box in panel.boxes.placed if text != footer]
        page, pages = page + 1, panel.pages
    assert all(names[seat] in texts[0] for seat in result.winners)
    position = 0
    for seat, score in result.wins:  # each winner's block: its name, then its lines in order
        header = texts.index(f"{i18n.t(f'wind.{seat}')} {names[seat]}", position)
        position = header
        for line, (label, value) in zip(score.items, score_rows(score.items), strict=True):
            if line.unit in ("total", "x"):
                continue  # read in the formula and total rows
            index = texts.index(label, position)
            assert texts[index + 1] == value
            position = index
