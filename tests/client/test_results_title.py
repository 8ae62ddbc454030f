"""The results title: one winner reads singular, several on one discard plural (N2 "all")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.actions import Action
from game.client import i18n
from game.client.context import Context
from game.client.table.results import ResultsPanel
from game.client.ui.widgets import ButtonGroup
from game.engine import Hand
from game.rules.facts import HandHow
from game.view import seat_view
from tests.scenario import N, S, W
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


@pytest.mark.parametrize(("language", "expected"),
                         [("zh", "張 · 劉 胡牌  王 放炮"), ("en", "張 · 劉 win on 王's discard")])
def test_several_winners_get_the_plural_title(ctx: Context, language: str,
                                              expected: str) -> None:
    """Ruling N2 with several_winners="all": both names, the plural form, the discarder; the
    English reads as one sentence (no wide gap before "on")."""
    i18n.set_language(language)
    both = _answered({S: "pass", W: "win 9p", N: "win 9p"}, several_winners="all")
    assert _title(ctx, both) == expected


@pytest.mark.parametrize("language", ["zh", "en"])
def test_one_winner_keeps_the_singular_title(ctx: Context, language: str) -> None:
    """Default several_winners="first" (截胡): W alone wins, titled as before."""
    i18n.set_language(language)
    one = _answered({S: "pass", W: "win 9p", N: "pass"})
    assert one.result is not None and one.result.winners == (W,)
    title = _title(ctx, one)
    assert title == {"zh": "張 胡牌  王 放炮", "en": "張 wins on 王's discard"}[language]
    assert NAMES[N] not in title


@pytest.mark.parametrize(("how", "zh", "en"), [
    ("self_draw", "張 胡牌  自摸", "張 wins by self-draw"),
    ("robbing", "張 胡牌  搶槓", "張 wins by robbing a kong"),
    ("kuaizhao", "張 胡牌  快照", "張 wins with a quick win (快照)"),
])
def test_how_a_hand_was_won_reads_in_each_language(ctx: Context, how: HandHow, zh: str,
                                                   en: str) -> None:
    """The headline says how the winner won; English as one sentence, Chinese with its gap."""
    one = _answered({S: "pass", W: "win 9p", N: "pass"})
    assert one.result is not None
    one.result = replace(one.result, how=how, discarder=None)
    for language, expected in (("zh", zh), ("en", en)):
        i18n.set_language(language)
        assert _title(ctx, one) == expected
