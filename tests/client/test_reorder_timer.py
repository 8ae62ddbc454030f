from __future__ import annotations

from collections import Counter

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game.client.context import Context
from game.client.sessions.local import CLAIM_TIME, DISCARD_TIME, LocalSession
from game.client.table.hand_order import move, reconcile
from game.client.table.scene import TableScene
from game.client.ui.widgets import HIGHLIGHT
from game.tiles import Tile

NAMES = ["王", "李", "張", "劉"]
tiles_st = st.lists(st.integers(0, 33).map(Tile), max_size=17)


@given(tiles_st, tiles_st)
def test_reconcile_keeps_exactly_the_tiles_held(order: list[Tile], tiles: list[Tile]) -> None:
    out = reconcile(order, tiles)
    assert Counter(out) == Counter(tiles)
    assert reconcile(out, tiles) == out  # stable once arranged
    assert reconcile([], tiles) == sorted(tiles)


@given(tiles_st, st.integers(-3, 20), st.integers(-3, 20))
def test_move_is_a_permutation(order: list[Tile], src: int, dst: int) -> None:
    out = move(order, src, dst)
    assert Counter(out) == Counter(order)
    if 0 <= src < len(order):
        assert out[max(0, min(dst, len(order) - 1))] == order[src]


def key(scene: TableScene, k: int, mod: int = 0) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))


def solo(ctx: Context, seed: int, **kw: object) -> tuple[LocalSession, TableScene]:
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4, NAMES,
                           seed=seed, hands=1, **kw)  # type: ignore[arg-type]
    return session, TableScene(ctx, session)


def test_drag_and_keys_rearrange_the_hand_without_playing(ctx: Context,
                                                          screen: pygame.Surface) -> None:
    session, scene = solo(ctx, 5)
    scene.update(0.0)
    scene.skip_motion()  # the deal shown whole: mid-deal the hand answers no clicks yet
    scene.draw(screen)
    seat = scene.viewer
    before_river = len(session.view(seat).rivers[seat])
    order = scene._order()
    first, last = scene.hand.rects[0][0], scene.hand.rects[len(order) - 1][0]
    # drag the first tile past the last one of the arranged row
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=first.center, button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=last.center, rel=(0, 0),
                                    buttons=(1, 0, 0)))
    scene.draw(screen)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(last.right - 2, last.centery),
                                    button=1))
    scene.draw(screen)
    assert scene._order() == order[1:] + order[:1]
    assert len(session.view(seat).rivers[seat]) == before_river  # a drag never discards
    # Shift+Left moves the selected tile back one place; Left alone only moves the selection
    key(scene, pygame.K_LEFT)
    key(scene, pygame.K_LEFT)
    picked = scene.hand.selected
    arranged = scene._order()
    if picked < len(arranged):
        key(scene, pygame.K_LEFT, pygame.KMOD_SHIFT)
        assert scene._order() == move(arranged, picked, picked - 1)
        assert scene.hand.selected == picked - 1
    assert Counter(scene._order()) == Counter(arranged)
    assert len(session.view(seat).rivers[seat]) == before_river


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_timers_count_down_and_the_session_plays_on_time_out() -> None:
    seen = {"discard": 0, "claim": 0}
    for seed in range(30):
        clock = Clock()
        session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                               NAMES, seed=seed, hands=1, options={"timers": True}, clock=clock)
        seat = session.seat_of(0)
        while not session.hand_over:
            if session.waiting_on_others():
                if seat not in session.match.to_act():  # only a human's decision is timed
                    assert session.timer() is None
                session.step()
                continue
            view = session.view(seat)
            left, total = session.timer() or (0.0, 0.0)
            kind = "discard" if view.phase == "discard" else "claim"
            assert total == (DISCARD_TIME if kind == "discard" else CLAIM_TIME)  # ruling M11
            assert abs(left - total) < 1e-9  # each decision starts a fresh timer
            clock.now += total - 0.5
            assert not session.check_timeout() and session.view(seat) == view
            clock.now += 0.6
            assert session.check_timeout()
            session.poll(seat)
            after = session.view(seat)
            if kind == "discard":
                river = after.rivers[seat]
                assert len(river) == len(view.rivers[seat]) + 1
                if view.drawn is not None:  # the tile just drawn is the one played
                    assert river[-1][0] == view.drawn
            else:  # the offer was passed: no meld was made by this seat
                assert after.melds[seat] == view.melds[seat]
            seen[kind] += 1
        if seen["discard"] > 3 and seen["claim"] > 0:
            return
    raise AssertionError(f"timeouts seen: {seen}")


def test_the_table_shows_the_countdown_and_never_waits(ctx: Context,
                                                      screen: pygame.Surface) -> None:
    clock = Clock()
    session, scene = solo(ctx, 5, options={"timers": True}, clock=clock)
    seat = scene.viewer
    for _ in range(200):
        scene.update(0.5)  # scene time paces the bots
        if session.timer() is not None:
            break
    else:
        raise AssertionError("the human was never asked to act")
    scene.draw(screen)
    band = scene.layout.actions
    ring = screen.get_at((band.x + band.h // 2 + 2, band.y + 3))[:3]
    assert ring == HIGHLIGHT  # the full ring at the top of the countdown
    rivers = sum(len(r) for r in session.view(seat).rivers)
    clock.now += DISCARD_TIME + 0.1
    scene.update(0.0)
    assert sum(len(r) for r in session.view(seat).rivers) > rivers
