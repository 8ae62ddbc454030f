"""Why, at the table (issue 27): a solo player whose open Nanjing hand is completed by a discard
sees why no win is offered (N4), in a line above the action bar and in the ? panel."""

from __future__ import annotations

import functools

import pygame
import pytest

import game.match
from game.actions import Action
from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.client.table.why_view import refusal_line, win_refused
from game.engine import Hand
from game.match import Match
from game.view import SeatView
from tests.scenario import stacked
from tests.test_engine_nanjing import OPEN_S, QE, QN, QW

SEED = 4


class Script:
    """A bot that plays the given actions in order, else its last legal action."""

    def __init__(self, plays: list[str]) -> None:
        self.plays = [Action.parse(p) for p in plays]

    def choose(self, view: SeatView) -> Action:
        if self.plays and self.plays[0] in view.legal:
            return self.plays.pop(0)
        return view.legal[-1]  # a discard on its turn, pass to a claim offer


def key(key: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode)


@pytest.fixture
def table(ctx: Context, monkeypatch: pytest.MonkeyPatch) -> tuple[TableScene, LocalSession]:
    order = stacked("nanjing", [QE, OPEN_S, QW, QN], draws="5s")
    monkeypatch.setattr(game.match, "Hand", functools.partial(Hand, draw_order=order))
    dealer = Match("nanjing", SEED).dealer
    me = (dealer + 1) % 4  # the player in the South seat of the first hand
    kinds = ["bot"] * 4
    kinds[me] = "human"
    session = LocalSession("nanjing", kinds, ["normal"] * 4, ["A", "B", "C", "D"], SEED,
                           hands=1)
    players = session.view(-1).players
    session.bots[players[0]] = Script(["discard 1m"])
    session.bots[players[2]] = Script(["discard 5s"])
    scene = TableScene(ctx, session)
    assert scene.viewer == 1
    return scene, session


def run_until(scene: TableScene, screen: pygame.Surface, done: object) -> None:
    for _ in range(400):
        if callable(done) and done():
            return
        scene.update(0.05)
        scene.draw(screen)
    raise AssertionError("the table never got there")


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_n4_refused_win_is_explained_at_the_table(
        table: tuple[TableScene, LocalSession], screen: pygame.Surface, language: str) -> None:
    i18n.set_language(language)
    scene, _session = table
    run_until(scene, screen, lambda: scene._my_turn())
    assert Action.parse("pong 1m") in scene.view.legal
    assert win_refused(scene.view) is None  # E's 1m does not complete S's hand
    scene._submit(Action.parse("pong 1m"))
    scene._submit(Action.parse("discard 1z"))
    # W discards 5s, which completes S's shape: N4 refuses the win, and the table says why
    run_until(scene, screen, lambda: win_refused(scene.view) is not None)
    refused = win_refused(scene.view)
    assert refused is not None and refused.key == "why.nanjing.open_hand"
    assert dict(refused.args) == {"need": 4, "have": 0}
    assert not any(a.kind.value == "win" for a in scene.view.legal)
    scene.draw(screen)
    assert scene.why_open is False
    scene.handle(key(pygame.K_SLASH, "?"))
    assert scene.why_open
    scene.draw(screen)  # the panel lists the refusal in the language chosen
    line = refusal_line(refused)
    assert t("action.win") in line and ("N4" in line)
    if language == "en":
        assert "An open hand needs 4 hard flowers" in line and "you have 0" in line
    scene.handle(key(pygame.K_ESCAPE))
    assert not scene.why_open


def test_w_opens_the_panel_only_while_no_win_is_offered(
        table: tuple[TableScene, LocalSession], screen: pygame.Surface) -> None:
    scene, _session = table
    run_until(scene, screen, lambda: scene._my_turn())
    scene.handle(key(pygame.K_w))
    assert scene.why_open  # no win on E's 1m: W explains instead
    scene.handle(key(pygame.K_w))
    assert not scene.why_open
