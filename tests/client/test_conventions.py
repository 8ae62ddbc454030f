"""Table conventions players rely on (issue 28): the drawn tile set apart at the right until
discarded, the wilds (Mazhan's 財神) marked and at the left, Pass always in the same place
with the stronger calls nearer it, and no click on the felt taken for a pass."""

from __future__ import annotations

import itertools

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game.actions import Action, ActionKind
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.local import LocalSession
from game.client.table.action_bar import action_buttons
from game.client.table.hand_order import reconcile
from game.client.table.scene import TableScene
from game.tiles import TILES, Tile, parse_tiles

from .test_screens_text import _claim_offered

_tiles = st.lists(st.sampled_from(TILES[:34]), max_size=17)


@given(tiles=_tiles, wild=st.sampled_from(TILES[:34]))
def test_sorted_hands_hold_the_wilds_at_the_left(tiles: list[Tile], wild: Tile) -> None:
    out = reconcile([], tiles, wild=wild)
    wilds = tiles.count(wild)
    assert out[:wilds] == [wild] * wilds
    assert out[wilds:] == sorted(t for t in tiles if t != wild)
    assert reconcile(out, tiles, wild=wild) == out  # an arrangement, once made, stays


def _mid_hand(ctx: Context) -> TableScene:
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["甲", "乙", "丙", "丁"], seed=2)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.skip_motion()
    return scene


def test_the_drawn_tile_stands_apart_at_the_right_and_the_wild_at_the_left(
        ctx: Context) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    scene = _mid_hand(ctx)
    hand = parse_tiles("11m345p678s2z") + parse_tiles("55s")
    counts = [0] * 34
    for tile in hand:
        counts[tile] += 1
    wild = parse_tiles("2z")[0]
    drawn = parse_tiles("5s")[0]
    scene.view = scene.view._replace(counts=tuple(counts), drawn=drawn, wild=wild)
    scene.draw(surface)
    rects = scene.hand.rects
    assert next(tile for _, tile in rects) == wild
    assert rects[-1][1] == drawn
    w = scene.layout.hand_w
    gaps = [b.x - a.right for (a, _), (b, _) in itertools.pairwise(rects)]
    assert gaps[-1] >= w // 2 and all(g == 0 for g in gaps[:-1]), gaps


def test_pass_keeps_its_place_and_stronger_calls_stand_nearer_it(ctx: Context) -> None:
    area = pygame.Rect(100, 500, 900, 60)
    m = parse_tiles("345m")
    every = [Action(ActionKind.CHOW, m[0], tuple(m)), Action(ActionKind.PONG, m[0]),
             Action(ActionKind.KONG, m[0]), Action(ActionKind.WIN, m[0]),
             Action(ActionKind.PASS)]
    for legal in (every, every[1:], [every[1], every[4]], [every[3], every[4]], every[::-1]):
        buttons = [b for b in action_buttons(legal, area, ctx.fonts, ctx.art,
                                             lambda a: lambda: None) if b.label]
        by_x = sorted(buttons, key=lambda b: b.rect.x, reverse=True)
        assert by_x[0].label == buttons[0].label and by_x[0].rect.right == area.right - 6
        kinds = [b.label for b in by_x]
        expected = [t("action." + k.value) for k in (
            ActionKind.PASS, ActionKind.WIN, ActionKind.KONG, ActionKind.PONG, ActionKind.CHOW)
            if any(a.kind is k for a in legal)]
        assert kinds == expected
        # the number keys count from the left
        assert [b.hint.split("/")[0] for b in reversed(by_x)] == [
            str(n + 1) for n in range(len(by_x))]


def test_a_click_on_the_felt_is_no_pass(ctx: Context) -> None:
    surface = pygame.display.get_surface()
    assert surface is not None
    session, _seat = _claim_offered("mazhan")
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.skip_motion()
    scene.draw(surface)
    legal = scene.view.legal
    sent: list[Action] = []
    session.submit = lambda seat, action: sent.append(action)  # type: ignore[method-assign]
    lay = scene.layout
    for pos in (lay.center.center, lay.rivers[2].center, (lay.size[0] // 2, lay.margin),
                lay.hints.center):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            scene.handle(pygame.event.Event(kind, pos=pos, button=1))
        scene.update(0.05)
        scene.draw(surface)
    assert not sent and scene.view.legal == legal
