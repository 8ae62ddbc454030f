"""The table's geometry as drawn (issue 11): with rivers of 30 tiles per seat, no two seats'
rivers, melds, bonus tiles or name plates overlap, everything stays on screen, and every river
tile is nearer its own seat's hand than any other seat's."""

from __future__ import annotations

import itertools
import math
import re

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.local import LocalSession
from game.client.table.centre_box import name_plates
from game.client.table.layers import meld_pieces
from game.client.table.layout import full_height
from game.client.table.scene import TableScene
from game.melds import Meld, MeldKind
from game.tiles import TILES, parse_tiles

from .test_screens_text import _claim_offered

SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]


def _melds(seat: int) -> tuple[Meld, ...]:
    """Four melds of every drawing kind, each claimed from a different seat."""
    left, across, right = (seat - 1) % 4, (seat + 2) % 4, (seat + 1) % 4
    m1, p5, s9, z7 = (parse_tiles(x) for x in ("123m", "555p", "9999s", "7777z"))
    return (
        Meld(MeldKind.CHOW, tuple(m1), claimed=m1[1], source=left),
        Meld(MeldKind.PONG, tuple(p5), claimed=p5[0], source=across),
        Meld(MeldKind.KONG, tuple(s9), claimed=s9[0], source=right),
        Meld(MeldKind.CONCEALED_KONG, tuple(z7)),
    )


def _crowded(scene: TableScene, melds: bool) -> None:
    """The scene's view with 30 discards per seat, and melds and bonus tiles if asked."""
    view = scene.view
    river = tuple((TILES[(i * 7) % 34], i % 9 == 4) for i in range(30))
    bonus = tuple(TILES[k] for k in range(34, 42)) + (TILES[31],) * 4
    scene.view = view._replace(
        rivers=(river,) * 4,
        melds=tuple(_melds(s) for s in range(4)) if melds else ((),) * 4,
        bonus=(bonus,) * 4 if melds else (bonus[:8],) * 4,
        hand_sizes=(5,) * 4 if melds else (17,) * 4,
        last_discard=(1, river[-1][0]),
    )
    scene.still.invalidate()


def _distance(point: tuple[float, float], rect: pygame.Rect) -> float:
    dx = max(rect.left - point[0], 0, point[0] - rect.right)
    dy = max(rect.top - point[1], 0, point[1] - rect.bottom)
    return math.hypot(dx, dy)


@pytest.mark.parametrize("melds", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_crowded_table_keeps_each_seat_apart(ctx: Context, size: tuple[int, int],
                                             ruleset: str, melds: bool) -> None:
    surface = pygame.display.set_mode(size)
    ctx.size = size
    session = LocalSession(ruleset, ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["甲", "乙", "丙", "丁"], seed=3)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    _crowded(scene, melds)
    scene.draw(surface)
    plates = name_plates(scene.layout)
    screen = pygame.Rect((0, 0), size)
    owned: dict[int, list[pygame.Rect]] = {}
    for seat in range(4):
        drawn = scene.drawn[seat]
        assert len(drawn["river"]) == 30
        assert len(drawn["hand"]) == (5 if melds else 17) or seat == scene.viewer
        if melds:
            assert drawn["melds"] and drawn["bonus"]
        rects = [*drawn["river"], *drawn["melds"], *drawn["bonus"], *drawn["hand"],
                 plates[(seat - scene.viewer) % 4]]
        for rect in rects:
            assert screen.contains(rect), (seat, rect)
        owned[seat] = rects
    for a, b in itertools.combinations(range(4), 2):
        for ra in owned[a]:
            hits = [rb for rb in owned[b] if ra.colliderect(rb)]
            assert not hits, (size, a, ra, b, hits)
    # no two river tiles of one seat overlap either
    for seat in range(4):
        river = scene.drawn[seat]["river"]
        for ra, rb in itertools.combinations(river, 2):
            assert not ra.colliderect(rb), (seat, ra, rb)
    for seat in range(4):
        hands = {s: scene.drawn[s]["hand"] for s in range(4)}
        for tile in scene.drawn[seat]["river"]:
            near = {s: min(_distance(tile.center, r) for r in rs) for s, rs in hands.items()}
            assert min(near, key=lambda s: near[s]) == seat, (size, seat, tile, near)


def test_rivers_run_in_rows_of_six_from_each_seat(ctx: Context) -> None:
    """The first row lies nearest its seat; the seventh tile starts the next row, closer to
    the centre."""
    size = (1280, 800)
    surface = pygame.display.set_mode(size)
    ctx.size = size
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["甲", "乙", "丙", "丁"], seed=3)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    _crowded(scene, False)
    scene.draw(surface)
    centre = scene.layout.center.center
    for seat in range(4):
        river = scene.drawn[seat]["river"]
        hand = scene.drawn[seat]["hand"]
        first, seventh = river[0], river[6]
        rel = (seat - scene.viewer) % 4
        if rel in (0, 2):
            assert len({r.y for r in river[:6]}) == 1 and river[6].y != river[5].y
        else:
            assert len({r.x for r in river[:6]}) == 1 and river[6].x != river[5].x
        near_hand = min(_distance(first.center, r) for r in hand)
        assert near_hand < min(_distance(seventh.center, r) for r in hand)
        assert math.dist(seventh.center, centre) < math.dist(first.center, centre)


def test_melds_turn_the_claimed_tile_toward_its_source(ctx: Context) -> None:
    """The claimed tile itself lies turned, at the end toward the seat it came from; a
    concealed kong shows two face-down ends and two faces."""
    art = ctx.art
    w = 30
    chow = parse_tiles("345m")
    # seat 0 chows 5m from seat 3 (its left): the 5m goes first, turned
    pieces = meld_pieces(art, Meld(MeldKind.CHOW, tuple(chow), claimed=chow[2], source=3), 0, w)
    assert [p.get_width() for p in pieces] == [full_height(w), w, w]
    turned = pygame.image.tobytes(pieces[0], "RGBA")
    assert turned == pygame.image.tobytes(art.face(chow[2], w, rotate=90), "RGBA")
    pong = parse_tiles("777p")
    for source, place in ((1, 2), (2, 1), (3, 0)):  # right seat: right end; across: middle
        pieces = meld_pieces(art, Meld(MeldKind.PONG, tuple(pong), claimed=pong[0],
                                       source=source), 0, w)
        assert [i for i, p in enumerate(pieces) if p.get_width() != w] == [place]
    kong = parse_tiles("2222s")
    pieces = meld_pieces(art, Meld(MeldKind.CONCEALED_KONG, tuple(kong)), 0, w)
    back = pygame.image.tobytes(art.back(w), "RGBA")
    shown = [pygame.image.tobytes(p, "RGBA") == back for p in pieces]
    assert shown == [True, False, False, True]


KEY_HINT = re.compile(r"^(Enter|Esc|Space|Tab|PgDn|PgUp|F?[0-9A-Z])(/[0-9A-Z])?$")
"""A key's name in a button's corner (1/C: the first chow, or C): may be 11 px."""


@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_table_text_grows_with_the_window(ctx: Context, size: tuple[int, int], ruleset: str,
                                          language: str) -> None:
    """Every table text (the centre box's hand, wall and stake line, the seat tags, the hard
    flowers, the claim prompt, the plates) follows the layout's one size rule: never under
    14 px, and at 1440 and 2160 high not left at a small fixed size beside large names."""
    i18n.set_language(language)
    surface = pygame.display.set_mode(size)
    ctx.size = size
    ctx.settings.hints = True
    session, _seat = _claim_offered(ruleset)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.update(0.01)
    _crowded(scene, False)  # full rivers and bonus tiles (melds made up would puzzle the hints)
    ctx.fonts.seen = {}
    scene.draw(surface)
    assert scene.actions.buttons  # the claim prompt is up
    seen = dict(ctx.fonts.seen)
    lay = scene.layout
    wall_line = [text for text in seen if t("table.wall", n=session.view(-1).wall_left) in text]
    assert wall_line, sorted(seen)
    assert any(f"{t(f'wind.name.{s}')} " in text for text in seen for s in range(4))
    floor = max(14, round(lay.text_px() * 0.6))
    small = sorted((px, text) for text, px in seen.items()
                   if px < floor and not (KEY_HINT.match(text) and px >= 11))
    assert not small, (size, floor, small)
    # the centre line and the side tags are drawn at the body size where they have room
    assert seen[wall_line[0]] >= min(lay.text_px(), 14 + (size[1] - 640) // 40), seen


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
def test_the_claim_prompt_sits_by_the_own_hand(ctx: Context, size: tuple[int, int]) -> None:
    """A wide window's action band ends far right of a centred hand: the prompt moves left to
    end just past the hand's right end, inside the band, above the hand."""
    surface = pygame.display.set_mode(size)
    ctx.size = size
    session, _seat = _claim_offered("mazhan")
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.update(0.01)
    scene.draw(surface)
    shown = [b.rect for b in scene.actions.buttons if b.rect.w]
    assert shown
    band = scene.layout.actions
    hand_right = max(r.right for r in scene.drawn[scene.viewer]["hand"])
    for rect in shown:
        assert band.contains(rect), (rect, band)
        assert not any(rect.colliderect(r) for r in scene.drawn[scene.viewer]["hand"])
    right = max(r.right for r in shown)
    assert right <= max(hand_right + scene.layout.hand_w,
                        band.x + band.w // 3 + 1), (right, hand_right)
