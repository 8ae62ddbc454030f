from __future__ import annotations

import itertools

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client import i18n
from game.client.table.layout import full_height, river_grid, river_tile_rect, table_layout
from game.client.ui.fonts import Fonts
from game.client.ui.tile_art import TileArt, depth_of, tile_height
from game.tiles import NUM_KINDS, TILES

from .conftest import distinct_colors


def check_layout(size: tuple[int, int], large: bool = False) -> None:
    layout = table_layout(size, large)
    screen = pygame.Rect((0, 0), size)
    rects = layout.all_rects()
    del rects["seat0"]  # the same rect as "hand"
    for name, rect in rects.items():
        assert rect.w > 0 and rect.h > 0, name
        assert screen.contains(rect), (name, rect, size)
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb, size)
    # the widest own row: a Mazhan hand of 17 with k kongs (a turned tile each) for any k
    hw, mw = layout.hand_w, layout.meld_w
    for k in range(6):
        melds = k * (3 * mw + full_height(mw) + mw // 3)
        assert (17 - 3 * k) * hw + hw // 2 + melds <= layout.hand.w, k
    assert full_height(layout.hand_w) <= layout.hand.h


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_layout_fits_common_sizes(size: tuple[int, int]) -> None:
    check_layout(size)


@settings(max_examples=60, deadline=None)
@given(w=st.integers(1024, 4000), h=st.integers(640, 2400))
def test_layout_fits_any_size(w: int, h: int) -> None:
    check_layout((w, h))


@settings(max_examples=60, deadline=None)
@given(w=st.integers(1024, 3000), h=st.integers(640, 2000), count=st.integers(1, 34),
       rel=st.integers(0, 3))
def test_river_tiles_stay_inside_their_area(w: int, h: int, count: int, rel: int) -> None:
    layout = table_layout((w, h))
    area = layout.rivers[rel]
    width, spots = river_grid(area, rel, count, layout.river_w)
    assert len(spots) == count and len(set(spots)) == count
    for spot in spots:
        assert area.contains(river_tile_rect(spot, rel, width)), (spot, area)


def test_every_tile_face_is_drawn_and_distinct(screen: pygame.Surface) -> None:
    art = TileArt(Fonts())
    faces = [pygame.image.tobytes(art.face(kind, 40), "RGBA") for kind in range(NUM_KINDS)]
    assert len(set(faces)) == NUM_KINDS
    back = art.back(40)
    assert pygame.image.tobytes(back, "RGBA") not in faces
    for kind in range(NUM_KINDS):
        assert distinct_colors(art.face(kind, 40), step=2) > 8, TILES[kind]


@pytest.mark.parametrize("width", [12, 24, 48, 96, 180])
def test_faces_have_the_asked_size_and_are_cached(screen: pygame.Surface, width: int) -> None:
    art = TileArt(Fonts())
    face = art.face(TILES[27], width)
    assert face.get_size() == (width, tile_height(width) + depth_of(width))
    assert art.face(TILES[27], width) is face
    turned = art.face(TILES[27], width, rotate=90)
    assert turned.get_size() == (face.get_height(), face.get_width())
    assert art.face(TILES[0], width, wild=True) is not art.face(TILES[0], width)


def test_the_shipped_font_has_every_glyph_the_window_shows(screen: pygame.Surface) -> None:
    font = Fonts().font(24)
    missing_glyph = pygame.image.tobytes(font.render("\U0010fffd", True, (0, 0, 0)), "RGBA")
    text = "".join(zh + en for zh, en in i18n.STRINGS.values())
    text += "".join(tile.zh + tile.en for tile in TILES)
    for ch in sorted(set(text) - {" "}):
        image = pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA")
        assert image != missing_glyph, f"{ch!r} is not in the font subset"


@settings(max_examples=60, deadline=None)
@given(w=st.integers(1024, 3840), h=st.integers(640, 2160))
def test_notices_have_felt_of_their_own(w: int, h: int) -> None:
    """LAN notices go beside the own river: over no river, hand, meld, tag or the centre."""
    layout = table_layout((w, h))
    area = layout.notice_area()
    assert area.w >= 150 and area.h >= 40, area
    for name, rect in layout.all_rects().items():
        assert not area.colliderect(rect), (name, rect, area)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440), (3840, 2160)])
def test_river_tiles_are_at_least_sixty_percent_of_a_hand_tile(size: tuple[int, int]) -> None:
    """Issue 28: from 1920×1080 up the rivers are read from across the room, not squinted at."""
    layout = table_layout(size)
    assert full_height(layout.river_w) >= 0.6 * full_height(layout.hand_w), layout.river_w
    # a river of 24 discards (a long hand) is drawn at that size, not shrunk
    for rel in range(4):
        width, _ = river_grid(layout.rivers[rel], rel, 24, layout.river_w)
        assert width == layout.river_w, (rel, width)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_large_tiles_fit_and_are_larger(size: tuple[int, int]) -> None:
    """The Settings' large tiles: a larger own hand, and the layout check still holds."""
    normal, large = table_layout(size), table_layout(size, large=True)
    assert large.hand_w > normal.hand_w
    check_layout(size, large=True)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
def test_centre_box_grows_with_the_window(size: tuple[int, int]) -> None:
    """At 4K the centre box is not left at a small fixed size (issue 28)."""
    layout = table_layout(size)
    assert layout.center.h >= 0.18 * size[1] and layout.center.w >= 0.3 * size[0]
