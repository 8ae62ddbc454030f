"""The window's side of a vote to end a LAN match (issue 28): the Esc menu's "propose ending
the match", the prompt the others get (Accept / Refuse, the seconds left), the banners that
say how it went, and the standings once it passes. Sessions are linked in memory to a pure
table in fake time (tests/net/fake.py)."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.remote import RemoteSession
from game.client.table.menu import TableMenu
from game.client.table.results import StandingsScene
from game.client.table.scene import TableScene
from game.client.table.vote_prompt import VotePrompt
from tests.net.fake import Room, linked
from tests.net.peers import LOOPBACK, make_table

from .test_lan_table import _run, _texts


def _table(room_seats: list[str] | None = None) -> tuple[Room, RemoteSession, RemoteSession]:
    table = make_table("nanjing", room_seats or ["open", "open", "bot", "bot"], hands=4,
                       seed=5, move_pause=0.01, options={"hands": 4})
    room = Room(table)
    ann = RemoteSession(LOOPBACK, 1, name="ann", seat=0, link=linked(room))
    bo = RemoteSession(LOOPBACK, 1, name="bo", seat=1, link=linked(room, "10.0.0.2"))
    room.wait_for(lambda: ann.ready and bo.ready)
    return room, ann, bo


def _labels(menu: TableMenu) -> list[str]:
    return [b.label for b in menu.group.buttons]


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_a_proposal_a_prompt_and_the_standings(ctx: Context, screen: pygame.Surface,
                                               language: str) -> None:
    i18n.set_language(language)
    room, ann, bo = _table()
    scene = TableScene(ctx, bo)
    ctx.stack.push(scene)
    menu = TableMenu(scene)
    assert t("game_menu.propose_end") in _labels(menu)
    assert t("game_menu.leave_match") in _labels(menu)
    ann.propose_end()  # the other player asks (from her own menu)
    _run(scene, screen, room=room, until=lambda: isinstance(ctx.stack.top, VotePrompt))
    prompt = ctx.stack.top
    assert isinstance(prompt, VotePrompt)
    ctx.fonts.seen = {}
    prompt.draw(screen)
    assert t("vote.question", name="ann") in ctx.fonts.seen
    assert t("vote.time_left", seconds=30) in ctx.fonts.seen
    assert t("lan.notice.vote.open", name="ann") in _texts(scene.lan)  # type: ignore[arg-type]
    assert {b.label for b in prompt.group.buttons} == {t("vote.accept"), t("vote.refuse")}
    prompt.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y"))
    assert ctx.stack.top is scene
    room.deliver()
    assert bo.end_reason == "voted" and bo.match_over
    scene.update(0.05)
    standings = ctx.stack.top
    assert isinstance(standings, StandingsScene) and standings.note == t("standings.voted")
    ctx.fonts.seen = {}
    standings.draw(screen)
    assert t("standings.voted") in ctx.fonts.seen
    ann.close()
    bo.close()


def test_a_refusal_from_the_prompt_and_the_banner_says_so(
        ctx: Context, screen: pygame.Surface) -> None:
    i18n.set_language("en")
    room, ann, bo = _table()
    scene = TableScene(ctx, ann)
    ctx.stack.push(scene)
    bo_scene = TableScene(ctx, bo)
    menu = TableMenu(scene)
    ctx.stack.push(menu)
    menu.propose_end()  # the button: the menu closes, the proposal goes out
    assert ctx.stack.top is scene
    room.deliver()
    assert bo.asked_to_vote() is not None and ann.asked_to_vote() is None
    bo.answer_end(False)
    room.deliver()
    assert bo.vote is None and ann.vote is None and not ann.match_over
    _run(scene, screen, room=room, until=lambda: t("lan.notice.vote.refused", name="bo")
         in _texts(scene.lan))  # type: ignore[arg-type]
    del bo_scene
    ann.close()
    bo.close()


def test_the_prompt_closes_by_itself_when_the_vote_ends_without_us(
        ctx: Context, screen: pygame.Surface) -> None:
    room, ann, bo = _table(["open", "open", "open", "bot"])
    cy = RemoteSession(LOOPBACK, 1, name="cy", seat=2, link=linked(room, "10.0.0.3"))
    room.wait_for(lambda: cy.ready)
    scene = TableScene(ctx, bo)
    ctx.stack.push(scene)
    ann.propose_end()
    _run(scene, screen, room=room, until=lambda: isinstance(ctx.stack.top, VotePrompt))
    cy.answer_end(False)  # someone else refused: nothing left to ask bo
    room.deliver()
    prompt = ctx.stack.top
    assert isinstance(prompt, VotePrompt)
    prompt.update(0.05)
    assert ctx.stack.top is scene and not bo.match_over
    for session in (ann, bo, cy):
        session.close()


def test_leaving_for_good_from_the_menu(ctx: Context, screen: pygame.Surface) -> None:
    room, ann, bo = _table()
    scene = TableScene(ctx, ann)
    ctx.stack.push(scene)
    menu = TableMenu(scene)
    ctx.stack.push(menu)
    menu.leave_match()
    assert len(ctx.stack) == 0 or ctx.stack.top is not scene
    room.deliver()
    assert room.table.kinds[0] == "bot" and not ann.connected
    assert any(n["code"] == "left" for n in bo.notices)
    bo.close()


def test_a_proposal_reaches_a_player_whose_menu_is_open(ctx: Context,
                                                        screen: pygame.Surface) -> None:
    # only the top scene updates: with the Esc menu open over the table, the question comes
    # over the menu, and the menu is there again once it is answered
    i18n.set_language("en")
    room, ann, bo = _table()
    scene = TableScene(ctx, bo)
    ctx.stack.push(scene)
    menu = TableMenu(scene)
    ctx.stack.push(menu)
    ann.propose_end()
    for _ in range(200):
        room.deliver()
        top = ctx.stack.top
        assert top is not None
        top.update(0.05)
        if isinstance(ctx.stack.top, VotePrompt):
            break
        assert room.advance()
    prompt = ctx.stack.top
    assert isinstance(prompt, VotePrompt)
    prompt.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    assert ctx.stack.top is menu
    room.deliver()
    assert not bo.match_over and bo.vote is None
    ann.close()
    bo.close()
