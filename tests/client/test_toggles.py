"""The auto toggles and 托管 at a local table, driven through the window's input path: key
presses and badge clicks flip them, and what they send is a legal action of the seat's view,
sent as a click would be."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.actions import Action, ActionKind
from game.bots import make_bot
from game.client import i18n
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.hand_order import reconcile
from game.client.table.scene import TableScene
from game.client.table.toggles import KONGS, TOGGLE_KEYS, SeatToggles, TableToggles, intent
from game.tiles import Tile
from game.view import SeatView

NAMES = ["王", "李", "張", "劉"]


class Recording(LocalSession):
    """Keeps every action the window sends, with the view it was legal in."""

    sent: list[tuple[SeatView, Action]]

    def submit(self, seat: int, action: Action) -> None:
        view = self.view(seat)
        assert action in view.legal, f"{action} is not legal for seat {seat}"
        self.sent.append((view, action))
        super().submit(seat, action)


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def table(ctx: Context, seed: int, humans: int = 1) -> tuple[TableScene, Recording]:
    kinds = ["human"] * humans + ["bot"] * (4 - humans)
    session = Recording("mazhan", kinds, ["normal"] * 4, NAMES, seed=seed, hands=1)
    session.sent = []
    return TableScene(ctx, session), session


def settle(scene: TableScene, screen: pygame.Surface, steps: int = 3) -> None:
    for _ in range(steps):
        scene.update(0.05)
        scene.draw(screen)


def test_each_key_flips_its_toggle_and_its_badge_shows_it(ctx: Context,
                                                          screen: pygame.Surface) -> None:
    scene, _session = table(ctx, 3)
    settle(scene, screen)
    me = scene._me()
    assert me == 0
    shown = dict((name, rect) for rect, name in scene.toggles.badges)
    assert set(shown) == set(TOGGLE_KEYS)  # every toggle has its badge at 1280x800
    for name in ("auto_win", "no_claims", "draw_discard", "sort"):
        before = getattr(scene.toggles.of(me), name)
        scene.handle(key(TOGGLE_KEYS[name]))
        assert getattr(scene.toggles.of(me), name) is not before
        scene.draw(screen)
        lit = screen.get_at(shown[name].inflate(-4, -4).topleft)[:3]
        scene.handle(key(TOGGLE_KEYS[name]))
        scene.draw(screen)
        unlit = screen.get_at(shown[name].inflate(-4, -4).topleft)[:3]
        assert lit != unlit  # on and off look different
    # a click on a badge flips it as its key does
    rect = shown["auto_win"]
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert scene.toggles.of(me).auto_win


def test_autoplay_plays_the_seat_until_any_key_takes_it_back(ctx: Context,
                                                             screen: pygame.Surface) -> None:
    scene, session = table(ctx, 5)
    settle(scene, screen)
    rendered: list[str] = []
    real_render = ctx.fonts.render

    def render(text: str, *args: Any, **kw: Any) -> pygame.Surface:
        rendered.append(text)
        return real_render(text, *args, **kw)

    ctx.fonts.render = render  # type: ignore[method-assign]
    scene.handle(key(TOGGLE_KEYS["autoplay"]))
    assert scene.toggles.of(0).autoplay
    scene.draw(screen)  # its badge says how to take the seat back
    assert f"A {i18n.t('toggle.autoplay_on')}" in rendered
    ctx.fonts.render = real_render  # type: ignore[method-assign]
    for _ in range(4000):  # nobody touches the window: the bot plays the whole hand
        if session.hand_over:
            break
        scene.update(0.05)
    assert session.hand_over
    mine = [a for v, a in session.sent if v.players[v.seat] == 0]
    assert len(mine) >= 5  # it discarded, passed or claimed for the player
    # any key takes the seat back, and does nothing else
    scene.handle(key(pygame.K_q))
    assert not scene.toggles.of(0).autoplay
    scene.handle(key(TOGGLE_KEYS["autoplay"]))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert not scene.toggles.of(0).autoplay


def test_the_toggles_send_only_what_their_rule_allows(ctx: Context,
                                                      screen: pygame.Surface) -> None:
    """With auto-win (and no calls and discard-drawn) on, the player plays as the normal bot
    wherever the toggles leave the choice; whatever the window sends unasked is the toggles'
    rule applied to the view, legal in it."""
    seen: set[str] = set()
    for seed in range(40):
        scene, session = table(ctx, seed)
        settle(scene, screen)
        # discarding every drawn tile rarely wins: every other hand plays for a win
        for name in ("auto_win",) if seed % 2 else ("auto_win", "no_claims", "draw_discard"):
            scene.handle(key(TOGGLE_KEYS[name]))
        me = make_bot("normal", seed)
        for _ in range(4000):
            if session.hand_over:
                break
            before = len(session.sent)
            if scene._my_turn() and scene.view.legal:
                view = scene.view
                due = intent(view, scene.toggles.of(0))
                settle(scene, screen, 2)
                if due is None:
                    if scene._my_turn() and scene.view is view:
                        assert len(session.sent) == before  # the toggles left it alone
                        scene._submit(me.choose(view))
                    continue
                assert session.sent[before] == (view, due)
                kinds = {a.kind for a in view.legal}
                if due.kind is ActionKind.WIN:
                    seen.add("win")
                elif due.kind is ActionKind.PASS:
                    assert ActionKind.WIN not in kinds  # a win is never passed
                    seen.add("pass")
                else:
                    assert due == Action(ActionKind.DISCARD, view.drawn)
                    assert not kinds & KONGS and ActionKind.WIN not in kinds
                    seen.add("discard")
            else:
                scene.update(0.05)
        if seen == {"win", "pass", "discard"}:
            break
    assert seen == {"win", "pass", "discard"}


def test_toggles_off_send_nothing() -> None:
    """Off, the toggles never choose; auto-win alone passes nothing and discards nothing."""
    view_legal = (Action(ActionKind.PASS), Action(ActionKind.PONG, Tile(3)))
    view = _claim_view(view_legal)
    assert intent(view, SeatToggles()) is None
    assert intent(view, SeatToggles(auto_win=True)) is None
    assert intent(view, SeatToggles(no_claims=True)) == Action(ActionKind.PASS)
    winning = _claim_view((Action(ActionKind.PASS), Action(ActionKind.WIN, Tile(3))))
    assert intent(winning, SeatToggles(no_claims=True)) is None  # the player decides
    assert intent(winning, SeatToggles(no_claims=True, auto_win=True)) == Action(
        ActionKind.WIN, Tile(3))


def _claim_view(legal: tuple[Action, ...]) -> SeatView:
    session = LocalSession("mazhan", ["human"] + ["bot"] * 3, ["normal"] * 4, NAMES, seed=1)
    view = session.view(0)
    return view._replace(phase="claim", to_act=(0,), legal=legal, drawn=None)


def test_sorting_off_keeps_new_tiles_at_the_right_end(ctx: Context,
                                                      screen: pygame.Surface) -> None:
    a, b, c = Tile(0), Tile(5), Tile(20)
    assert reconcile([c, a], [a, b, c]) == [b, c, a]  # b at its sorted place among the rest
    assert reconcile([c, a], [a, b, c], sort=False) == [c, a, b]
    scene, _session = table(ctx, 3)
    settle(scene, screen)
    scene.handle(key(TOGGLE_KEYS["sort"]))
    assert not scene.toggles.of(0).sort and 0 in scene.hand.unsorted
    scene._reorder(0, 5)
    moved = scene._order()
    scene.handle(key(TOGGLE_KEYS["sort"]))  # on again: sorted at once
    assert scene._order() == sorted(moved)


def test_hotseat_autoplay_never_calls_its_player_to_the_screen(ctx: Context,
                                                               screen: pygame.Surface) -> None:
    scene, session = table(ctx, 7, humans=2)
    settle(scene, screen)
    if scene.curtain is not None:
        scene.handle(key(pygame.K_SPACE))
    other = 1 if scene._me() == 0 else 0
    scene.toggles.of(other).autoplay = True  # set earlier, while that player was on screen
    me = make_bot("normal", 7)
    for _ in range(4000):
        if session.hand_over:
            break
        assert scene.curtain != other
        if scene.curtain is not None:
            scene.handle(key(pygame.K_SPACE))
        if scene._my_turn() and scene.view.legal and scene._me() != other:
            scene._submit(me.choose(scene.view))
        scene.update(0.05)
    assert session.hand_over
    assert any(v.players[v.seat] == other for v, _a in session.sent)



def test_each_players_choice_is_made_once_per_view_when_asked_in_turn() -> None:
    """Hot-seat: the scene asks every local player's toggles each frame; under 托管 a
    player's bot decides once for a view however the asks of the players interleave."""
    session = LocalSession("mazhan", ["human"] * 4, ["normal"] * 4, NAMES, seed=1)
    dealer = session.view(0)  # the dealer's first discard (the view any player's bot reads)
    assert dealer.phase == "discard" and dealer.to_act == (0,)
    legal = dealer.legal
    views = {0: dealer, 1: dealer}
    toggles = TableToggles(seed=3)
    calls = {0: 0, 1: 0}
    for player in (0, 1):
        toggles.of(player).autoplay = True
        real = toggles.bot(player).choose

        def counted(view: SeatView, real: Callable[[SeatView], Action] = real,
                    player: int = player) -> Action:
            calls[player] += 1
            return real(view)

        toggles.bot(player).choose = counted  # type: ignore[method-assign]
    first = {p: toggles.intent(views[p], p) for p in (0, 1)}
    assert all(first[p] in legal for p in (0, 1))
    for _ in range(5):  # frames: each player asked in turn, with an equal view built anew
        for p in (0, 1):
            assert toggles.intent(views[p]._replace(), p) == first[p]
    assert calls == {0: 1, 1: 1}


def test_each_badge_holds_its_words_in_every_language(ctx: Context) -> None:
    """At the smallest window a badge is as tall as its text's line (a CJK line is taller
    than the strip the badges were sized by: the outline ran through the characters)."""
    size = (1024, 640)
    screen = pygame.display.set_mode(size)
    ctx.size = size
    images: dict[str, pygame.Surface] = {}
    real_render = ctx.fonts.render

    def render(text: str, *args: Any, **kw: Any) -> pygame.Surface:
        img = real_render(text, *args, **kw)
        images[text] = img
        return img

    for language in i18n.LANGUAGES:
        i18n.set_language(language)
        scene, _session = table(ctx, 3)
        settle(scene, screen)
        scene.handle(key(TOGGLE_KEYS["no_claims"]))
        ctx.fonts.render = render  # type: ignore[method-assign]
        scene.draw(screen)
        ctx.fonts.render = real_render  # type: ignore[method-assign]
        assert len(scene.toggles.badges) == len(TOGGLE_KEYS)
        for rect, name in scene.toggles.badges:
            text = f"{pygame.key.name(TOGGLE_KEYS[name]).upper()} {i18n.t('toggle.' + name)}"
            img = images[text]
            assert rect.h >= img.get_height() and rect.w >= img.get_width(), (language, name)
            assert screen.get_rect().contains(rect)
