"""The results title: one winner reads singular, several on one discard plural (N2 "all")."""

from __future__ import annotations

import pytest

from game.actions import Action
from game.client import i18n
from game.client.context import Context
from game.client.results import ResultsPanel
from game.client.widgets import ButtonGroup
from game.engine import Hand
from game.view import seat_view
from tests.scenario import E, N, S, W
from tests.test_several_winners import two_ready_on_9p

NAMES = ("王", "李", "張", "劉")


def _title(ctx: Context, hand: Hand) -> str:
    view = seat_view(hand, S, hand_no=1, scores=(1000,) * 4, players=(0, 1, 2, 3), names=NAMES)
    assert view.result is not None
    panel = ResultsPanel(ctx, view, ButtonGroup(), lambda *_: 0)
    return panel.title(view.result)


def _answered(answers: dict[int, str], **options: str) -> Hand:
    hand = two_ready_on_9p(**options)
    for seat in (S, W, N):
        hand.apply(seat, Action.parse(answers[seat]))
    return hand


@pytest.mark.parametrize(("language", "winners"),
                         [("zh", "張 · 劉 胡牌  "), ("en", "張 · 劉 win  ")])
def test_several_winners_get_the_plural_title(ctx: Context, language: str,
                                              winners: str) -> None:
    """Ruling N2 with several_winners="all": both names, the plural form, the discarder."""
    i18n.set_language(language)
    both = _answered({S: "pass", W: "win 9p", N: "win 9p"}, several_winners="all")
    title = _title(ctx, both)
    assert title.startswith(winners)
    assert i18n.t("result.from", name=NAMES[E]) in title
    if language == "en":
        assert " wins " not in title


@pytest.mark.parametrize("language", ["zh", "en"])
def test_one_winner_keeps_the_singular_title(ctx: Context, language: str) -> None:
    """Default several_winners="first" (截胡): W alone wins, titled as before."""
    i18n.set_language(language)
    one = _answered({S: "pass", W: "win 9p", N: "pass"})
    assert one.result is not None and one.result.winners == (W,)
    title = _title(ctx, one)
    assert title.startswith(i18n.t("result.win", name=NAMES[W]))
    assert NAMES[N] not in title
