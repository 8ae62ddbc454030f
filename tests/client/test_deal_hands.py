"""The hands grow as the deal's blocks land (issue 11, item 7): mid-deal the own hand shows only
its landed tiles in the order dealt and another seat's row four backs per landed block; once the
deal has shown, every hand is whole. Skipped by Tab or by acting, never waited for."""

from __future__ import annotations

import pygame
import pytest

from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.motion import DEAL_STEP, Move
from game.client.table.scene import TableScene
from game.events import Event, EventKind


def _scene(ctx: Context, ruleset: str = "mazhan") -> tuple[LocalSession, TableScene]:
    ctx.options.speed = 1.0
    session = LocalSession(ruleset, ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["王", "李", "張", "劉"], 4, hands=2)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.update(0.0)
    return session, scene


def _blocks(scene: TableScene) -> list[Move]:
    return [m for m in scene.moves if m.stacks]


def _landed(blocks: list[Move], rel: int, at: float) -> list[int]:
    """Sizes of the seat's blocks that have landed `at` seconds after the deal was queued."""
    return [m.count for m in blocks
            if m.rel == rel and m.tween.delay + m.tween.duration <= at]


def _advance(scene: TableScene, seconds: float, steps: int = 200) -> None:
    for _ in range(steps):
        scene.update(seconds / steps)


def _mid_deal(blocks: list[Move]) -> float:
    """A moment when the own seat has some blocks in hand and some still to come, clear of
    any block's landing by at least 0.01 s."""
    own = sorted(m.tween.delay + m.tween.duration for m in blocks if m.rel == 0)
    assert len(own) >= 4
    at = own[1] + DEAL_STEP / 2  # blocks leave DEAL_STEP apart: halfway between two
    ends = [m.tween.delay + m.tween.duration for m in blocks]
    assert all(abs(at - end) > 0.01 for end in ends)
    return at


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_hands_grow_block_by_block_then_show_whole(ctx: Context, ruleset: str) -> None:
    session, scene = _scene(ctx, ruleset)
    surface = pygame.display.get_surface()
    assert surface is not None
    blocks = _blocks(scene)
    dealt = sum(m.count for m in blocks if m.rel == 0)
    size = 16 if ruleset == "mazhan" else 13
    assert dealt in (size, size + 1)  # the dealer's 17th (14th) is the last jump
    at = _mid_deal(blocks)
    _advance(scene, at)
    scene.draw(surface)
    viewer = scene.viewer
    own = _landed(blocks, 0, at)
    assert 0 < sum(own) < dealt
    # the own hand: exactly the landed tiles, face up in the order they were dealt
    assert len(scene.drawn[viewer]["hand"]) == sum(own)
    assert not scene.hand.rects  # nothing to click until the hand shows whole
    # each other seat: four backs per landed block
    for rel in (1, 2, 3):
        seat = (viewer + rel) % 4
        landed = _landed(blocks, rel, at)
        assert len(scene.drawn[seat]["hand"]) == sum(landed)
        assert sum(landed) == 4 * len(landed)
    # the whole deal shown: every hand as the view holds it, the own one sorted
    _advance(scene, 6.0)
    assert not scene.dealing
    scene.draw(surface)
    view = session.view(viewer)
    for seat in range(4):
        assert len(scene.drawn[seat]["hand"]) == view.hand_sizes[seat]
    assert [tile for _rect, tile in scene.hand.rects] == scene._order() + (
        [view.drawn] if view.drawn is not None else [])


def test_tab_shows_every_hand_whole(ctx: Context) -> None:
    session, scene = _scene(ctx)
    surface = pygame.display.get_surface()
    assert surface is not None
    _advance(scene, _mid_deal(_blocks(scene)))
    assert scene.dealing
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    assert not scene.dealing
    scene.draw(surface)
    view = session.view(scene.viewer)
    for seat in range(4):
        assert len(scene.drawn[seat]["hand"]) == view.hand_sizes[seat]


def test_a_click_mid_deal_shows_the_hand_it_acts_on(ctx: Context) -> None:
    """The dealer may discard before the animation ends: the first click or key shows the
    whole hand (and the game's legal moves), nothing is discarded blind."""
    session, scene = _scene(ctx)
    surface = pygame.display.get_surface()
    assert surface is not None
    _advance(scene, _mid_deal(_blocks(scene)))
    scene.draw(surface)
    partial = len(scene.drawn[scene.viewer]["hand"])
    view = session.view(scene.viewer)
    assert partial < view.hand_sizes[scene.viewer]
    pos = scene.layout.hand.center
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    assert not scene.dealing
    assert session.view(scene.viewer).hand_sizes == view.hand_sizes  # nothing played blind
    scene.draw(surface)
    assert len(scene.drawn[scene.viewer]["hand"]) == view.hand_sizes[scene.viewer]


def test_the_game_moving_on_ends_the_deal(ctx: Context) -> None:
    """Events that play past the deal (another seat's discard, over the LAN) show every hand
    whole: the animation never holds what is drawn behind the game."""
    _session, scene = _scene(ctx)
    _advance(scene, _mid_deal(_blocks(scene)))
    assert scene.dealing
    seat = (scene.viewer + 1) % 4
    scene.session.poll = lambda viewer: [Event(EventKind.DISCARD, seat)]  # type: ignore[method-assign]
    scene._poll()
    assert not scene.dealing and not _blocks(scene)


def test_a_new_viewer_never_sees_the_last_ones_dealt_tiles(ctx: Context) -> None:
    """Hot-seat: when the screen passes to another player mid-deal, the tiles dealt to the
    last one are no longer drawn as the own hand."""
    _session, scene = _scene(ctx)
    _advance(scene, _mid_deal(_blocks(scene)))
    assert scene.deal_tiles
    scene._pick_viewer = lambda: (scene.viewer + 1) % 4  # type: ignore[method-assign]
    scene._refresh_view()
    assert not scene.dealing and not scene.deal_tiles
