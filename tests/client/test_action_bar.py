"""Every legal action of the seat on screen can be made from the action bar and from keys."""

from __future__ import annotations

import functools

import pygame
import pytest

import game.match
from game.actions import Action, ActionKind
from game.bots import make_bot
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.local import LocalSession
from game.client.table.scene import KIND_KEYS, TableScene
from game.engine import Hand
from game.tiles import parse_tiles
from tests.scenario import stacked

NAMES = ["王", "李", "張", "劉"]
OFFERS = {ActionKind.CHOW, ActionKind.PONG, ActionKind.KONG, ActionKind.ADDED_KONG,
          ActionKind.CONCEALED_KONG, ActionKind.WIN, ActionKind.PASS}


class DrySession(LocalSession):
    """Records what the window submits; while `dry`, the match is left as it was."""

    dry = False
    sent: list[Action]

    def submit(self, seat: int, action: Action) -> None:
        if self.dry:
            self.sent.append(action)
            return
        super().submit(seat, action)


def key_event(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def check_every_way(scene: TableScene, session: DrySession) -> set[ActionKind]:
    """Each non-discard legal action: clicked, its number key, and its letter key."""
    legal = [a for a in scene.view.legal if a.kind is not ActionKind.DISCARD]
    bar = [b for b in scene.actions.buttons if b.label]
    assert len(bar) == len(legal)
    session.dry = True
    offered: list[Action] = []
    try:
        for button in bar:
            session.sent = []
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                scene.handle(pygame.event.Event(kind, pos=button.rect.center, button=1))
            assert len(session.sent) == 1
            offered += session.sent
            session.sent = []
            assert button.key is not None
            number = button.key - pygame.K_1 + 1
            assert button.hint.split("/")[0] == str(number)  # the key is shown on the button
            scene.handle(key_event(button.key))
            assert session.sent == offered[-1:]
        assert sorted(map(str, offered)) == sorted(map(str, legal))  # each legal one, once
        for letter in {KIND_KEYS[a.kind] for a in legal}:  # W, P, K, C, X: one of its kind
            session.sent = []
            scene.handle(key_event(letter))
            assert len(session.sent) == 1 and session.sent[0] in legal
            assert KIND_KEYS[session.sent[0].kind] == letter
    finally:
        session.dry = False
    return {a.kind for a in legal}


def play_seeds(ctx: Context, screen: pygame.Surface, ruleset: str, wanted: set[ActionKind],
               seeds: range) -> set[ActionKind]:
    seen: set[ActionKind] = set()
    for seed in seeds:
        session = DrySession(ruleset, ["human", "bot", "bot", "bot"], ["normal"] * 4, NAMES,
                             seed=seed, hands=1)
        scene = TableScene(ctx, session)
        me = make_bot("normal", seed)
        for _ in range(3000):
            if session.hand_over:
                break
            scene.update(0.05)
            scene.draw(screen)
            if not scene._my_turn():
                continue
            kinds = {a.kind for a in scene.view.legal} & OFFERS
            if kinds - seen:
                seen |= check_every_way(scene, session)
            scene._submit(me.choose(scene.view))  # then play on as the normal bot would
        if wanted <= seen:
            return seen
    return seen


def test_mazhan_chow_pong_kong_and_win_from_bar_and_keys(ctx: Context,
                                                         screen: pygame.Surface) -> None:
    wanted = {ActionKind.CHOW, ActionKind.PONG, ActionKind.WIN, ActionKind.PASS,
              ActionKind.KONG}
    seen = play_seeds(ctx, screen, "mazhan", wanted, range(60))
    assert wanted <= seen, wanted - seen


def test_nanjing_offers_from_bar_and_keys(ctx: Context, screen: pygame.Surface) -> None:
    wanted = {ActionKind.PONG, ActionKind.WIN, ActionKind.PASS, ActionKind.KONG}
    seen = play_seeds(ctx, screen, "nanjing", wanted, range(60))
    assert wanted <= seen, wanted - seen
    assert ActionKind.CHOW not in seen  # N2: no chow in Nanjing


def test_concealed_and_added_kong_on_a_stacked_wall(ctx: Context, screen: pygame.Surface,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Four humans on a stacked Mazhan wall, every move scripted: E may kong 1z at once, pongs
    S's 9p from the bar, and draws the last 9p: the bar then offers the added kong (M8)."""
    hands = ["1111z 99p 123m 456m 78s 55s 4z", "123p 456p 789m 234s 666s 9p",
             "222z 333z 777p 888p 1s 9s 2p 3p", "111m 444s 888s 999s 2m 5p 77z"]
    order = stacked("mazhan", hands, indicator="6z", draws="4z 3m 6m 6p 9p")
    monkeypatch.setattr(game.match, "Hand", functools.partial(Hand, draw_order=order))
    session = DrySession("mazhan", ["human"] * 4, ["normal"] * 4, NAMES, seed=1, hands=1)
    scene = TableScene(ctx, session)
    players = session.view(-1).players

    def show(seat: int) -> None:
        """Bring seat's player to the screen, passing the curtain as people would."""
        scene._refresh_view()
        if scene.curtain is not None:
            assert scene.curtain == players[seat]
            scene.handle(key_event(pygame.K_SPACE))
        scene.update(0.0)
        scene.draw(screen)
        assert scene.viewer == seat

    def play(seat: int, text: str) -> None:
        session.submit(seat, Action.parse(text))
        scene._poll()
        while session.match.hand is not None and session.view(-1).phase == "claim":
            for other in session.match.to_act():  # nobody else wants these tiles
                session.submit(other, Action.parse("pass"))
            scene._poll()

    show(0)
    assert ActionKind.CONCEALED_KONG in check_every_way(scene, session)
    play(0, "discard 4z")
    session.submit(1, Action.parse("discard 9p"))
    for other in session.match.to_act():  # W could chow 789p: it passes, E is asked to pong
        if other != 0:
            session.submit(other, Action.parse("pass"))
    scene._poll()
    show(0)
    assert {ActionKind.PONG, ActionKind.PASS} <= check_every_way(scene, session)
    pong = next(b for b in scene.actions.buttons if b.label == t("action.pong"))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, pos=pong.rect.center, button=1))
    assert [str(m) for m in session.view(0).melds[0]] == ["pong:999p"]
    play(0, "discard 7s")
    play(1, "discard 3m")
    play(2, "discard 6m")
    play(3, "discard 6p")
    show(0)
    assert session.view(0).drawn == parse_tiles("9p")[0]
    kinds = check_every_way(scene, session)
    assert {ActionKind.ADDED_KONG, ActionKind.CONCEALED_KONG} <= kinds
