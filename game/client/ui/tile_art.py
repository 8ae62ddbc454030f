"""Tile faces and backs drawn from shapes and glyphs, cached per size (any size, 1024×640 to 4K)."""

from __future__ import annotations

import pygame

from game.client.ui.fonts import Fonts
from game.tiles import number_of, suit_of

Color = tuple[int, int, int]
IVORY: Color = (246, 241, 226)
IVORY_EDGE: Color = (206, 196, 172)
DEPTH: Color = (44, 122, 92)
DEPTH_DARK: Color = (30, 92, 68)
BACK: Color = (38, 128, 96)
BACK_INNER: Color = (58, 150, 114)
INK: Color = (28, 34, 72)
RED: Color = (192, 36, 36)
GREEN: Color = (24, 124, 68)
BLUE: Color = (34, 76, 168)
GOLD: Color = (232, 178, 40)

SUPERSAMPLE = 2
ASPECT = 1.36
"""Face height over width."""

NUMERALS = "一二三四五六七八九"
HONOUR_GLYPHS = "東南西北白發中"
BONUS_GLYPHS = "梅蘭菊竹春夏秋冬"

# Dot positions in the face's inner box (0..1), per count, and a colour per dot.
_DOTS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.26), (0.5, 0.74)],
    3: [(0.2, 0.17), (0.5, 0.5), (0.8, 0.83)],
    4: [(0.27, 0.26), (0.73, 0.26), (0.27, 0.74), (0.73, 0.74)],
    5: [(0.24, 0.2), (0.76, 0.2), (0.5, 0.5), (0.24, 0.8), (0.76, 0.8)],
    6: [(0.28, 0.16), (0.72, 0.16), (0.28, 0.54), (0.72, 0.54), (0.28, 0.85), (0.72, 0.85)],
    7: [(0.2, 0.11), (0.5, 0.23), (0.8, 0.35), (0.28, 0.6), (0.72, 0.6), (0.28, 0.87),
        (0.72, 0.87)],
    8: [(x, y) for x in (0.28, 0.72) for y in (0.12, 0.37, 0.63, 0.88)],
    9: [(x, y) for y in (0.16, 0.5, 0.84) for x in (0.2, 0.5, 0.8)],
}
_DOT_RADIUS = {1: 0.42, 2: 0.25, 3: 0.18, 4: 0.21, 5: 0.19, 6: 0.17, 7: 0.14, 8: 0.14, 9: 0.15}
_DOT_COLORS: dict[int, list[Color]] = {
    1: [RED],
    2: [GREEN, BLUE],
    3: [BLUE, RED, GREEN],
    4: [BLUE, GREEN, GREEN, BLUE],
    5: [BLUE, GREEN, RED, GREEN, BLUE],
    6: [GREEN, GREEN, RED, RED, RED, RED],
    7: [GREEN, GREEN, GREEN, RED, RED, RED, RED],
    8: [BLUE] * 8,
    9: [BLUE] * 3 + [RED] * 3 + [GREEN] * 3,
}

# Bamboo sticks: (x, y) centres in the inner box, stick height as a share of it, red sticks.
_STICKS: dict[int, tuple[list[tuple[float, float]], float, set[int]]] = {
    1: ([(0.5, 0.5)], 0.8, {0}),
    2: ([(0.5, 0.25), (0.5, 0.75)], 0.42, set()),
    3: ([(0.5, 0.25), (0.28, 0.75), (0.72, 0.75)], 0.42, set()),
    4: ([(0.3, 0.25), (0.7, 0.25), (0.3, 0.75), (0.7, 0.75)], 0.42, set()),
    5: ([(0.22, 0.25), (0.78, 0.25), (0.5, 0.5), (0.22, 0.75), (0.78, 0.75)], 0.42, {2}),
    6: ([(x, y) for y in (0.25, 0.75) for x in (0.2, 0.5, 0.8)], 0.42, set()),
    7: ([(0.5, 0.15)] + [(x, y) for y in (0.5, 0.84) for x in (0.2, 0.5, 0.8)], 0.29, {0}),
    8: ([(x, y) for y in (0.25, 0.75) for x in (0.14, 0.38, 0.62, 0.86)], 0.42, set()),
    9: ([(x, y) for y in (0.16, 0.5, 0.84) for x in (0.2, 0.5, 0.8)], 0.29, {1, 4, 7}),
}


def tile_height(width: int) -> int:
    return round(width * ASPECT)


def depth_of(width: int) -> int:
    """Thickness of the tile's visible edge below its face."""
    return max(2, round(width * 0.12))


class TileArt:
    """Draws and caches tile surfaces. `face(kind, w)` is w wide and tile_height+depth tall."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def __len__(self) -> int:
        return len(self._cache)

    def clear(self) -> None:
        self._cache.clear()

    def face(self, kind: int, width: int, wild: bool = False, rotate: int = 0) -> pygame.Surface:
        key: tuple[object, ...] = ("face", kind, width, wild, rotate)
        surf = self._cache.get(key)
        if surf is None:
            if rotate:
                surf = pygame.transform.rotate(self.face(kind, width, wild), rotate)
            else:
                surf = self._draw_face(kind, width, wild)
            self._cache[key] = surf
        return surf

    def back(self, width: int, rotate: int = 0) -> pygame.Surface:
        key: tuple[object, ...] = ("back", width, rotate)
        surf = self._cache.get(key)
        if surf is None:
            surf = (
                pygame.transform.rotate(self.back(width), rotate)
                if rotate
                else self._draw_back(width)
            )
            self._cache[key] = surf
        return surf

    # drawing ---------------------------------------------------------------------------

    def _blank(self, width: int, face_color: Color, edge: Color, depth_color: Color) -> tuple[
        pygame.Surface, pygame.Rect
    ]:
        s = SUPERSAMPLE
        w, h, d = width * s, tile_height(width) * s, depth_of(width) * s
        surf = pygame.Surface((w, h + d), pygame.SRCALPHA)
        radius = max(2, w // 8)
        pygame.draw.rect(surf, depth_color, (0, d, w, h), border_radius=radius)
        pygame.draw.rect(surf, DEPTH_DARK, (0, d, w, h), width=max(1, s), border_radius=radius)
        face = pygame.Rect(0, 0, w, h)
        pygame.draw.rect(surf, face_color, face, border_radius=radius)
        pygame.draw.rect(surf, edge, face, width=max(1, s), border_radius=radius)
        return surf, face

    def _finish(self, surf: pygame.Surface, width: int) -> pygame.Surface:
        size = (width, tile_height(width) + depth_of(width))
        return pygame.transform.smoothscale(surf, size)

    def _draw_back(self, width: int) -> pygame.Surface:
        surf, face = self._blank(width, BACK, DEPTH_DARK, IVORY_EDGE)
        inner = face.inflate(-face.w * 0.22, -face.w * 0.22)
        pygame.draw.rect(surf, BACK_INNER, inner, border_radius=max(2, face.w // 12))
        return self._finish(surf, width)

    def _draw_face(self, kind: int, width: int, wild: bool) -> pygame.Surface:
        surf, face = self._blank(width, IVORY, IVORY_EDGE, DEPTH)
        inner = face.inflate(-round(face.w * 0.2), -round(face.w * 0.2))
        suit, number = suit_of(kind), number_of(kind)
        if suit == "m":
            top = pygame.Rect(inner.x, inner.y, inner.w, inner.h * 0.42)
            bottom = pygame.Rect(inner.x, inner.y + inner.h * 0.45, inner.w, inner.h * 0.55)
            self._glyph(surf, NUMERALS[number - 1], top, INK)
            self._glyph(surf, "萬", bottom, RED)
        elif suit == "p":
            self._dots(surf, number, inner)
        elif suit == "s":
            self._sticks(surf, number, inner)
        elif suit == "z":
            if number == 5:
                self._white_dragon(surf, inner)
            else:
                color = {6: GREEN, 7: RED}.get(number, INK)
                self._glyph(surf, HONOUR_GLYPHS[number - 1], inner.inflate(0, -inner.h * 0.2),
                            color)
        else:
            color = (168, 40, 110) if number <= 4 else BLUE
            body = pygame.Rect(inner.x, inner.y + inner.h * 0.22, inner.w, inner.h * 0.78)
            self._glyph(surf, BONUS_GLYPHS[number - 1], body, color)
            corner = pygame.Rect(inner.x, inner.y, inner.w * 0.4, inner.h * 0.24)
            self._glyph(surf, str(number if number <= 4 else number - 4), corner, RED)
        if wild:
            pygame.draw.rect(surf, GOLD, face, width=max(3, face.w // 14),
                             border_radius=max(2, face.w // 8))
            r = max(3, face.w // 7)
            inset = face.w // 14
            pygame.draw.circle(surf, GOLD, (face.right - r - inset, face.y + r + inset), r)
        return self._finish(surf, width)

    def _glyph(self, surf: pygame.Surface, text: str, box: pygame.Rect, color: Color) -> None:
        size = max(8, int(box.h * 1.1))
        font = self.fonts.font(size, "tile")
        img = font.render(text, True, color)
        bounds = img.get_bounding_rect()
        img = img.subsurface(bounds) if bounds.w and bounds.h else img
        scale = min(box.w / max(img.get_width(), 1), box.h / max(img.get_height(), 1))
        size2 = (max(1, round(img.get_width() * scale)), max(1, round(img.get_height() * scale)))
        img = pygame.transform.smoothscale(img, size2)
        surf.blit(img, img.get_rect(center=box.center))

    def _dots(self, surf: pygame.Surface, n: int, box: pygame.Rect) -> None:
        radius = _DOT_RADIUS[n] * box.w
        for (x, y), color in zip(_DOTS[n], _DOT_COLORS[n], strict=True):
            center = (box.x + x * box.w, box.y + y * box.h)
            pygame.draw.circle(surf, color, center, radius)
            if radius >= 9:  # rings blur into mush on small tiles: solid dots read better there
                pygame.draw.circle(surf, IVORY, center, radius * 0.62)
                pygame.draw.circle(surf, color, center, radius * 0.42)
            if n == 1:
                pygame.draw.circle(surf, GREEN, center, radius * 0.85, max(1, int(radius * 0.1)))

    def _sticks(self, surf: pygame.Surface, n: int, box: pygame.Rect) -> None:
        centers, share, reds = _STICKS[n]
        height = share * box.h
        width = box.w * (0.2 if n == 1 else 0.16 if n < 8 else 0.14)
        for i, (x, y) in enumerate(centers):
            color = RED if i in reds and n != 1 else GREEN
            rect = pygame.Rect(0, 0, width, height)
            rect.center = (round(box.x + x * box.w), round(box.y + y * box.h))
            pygame.draw.rect(surf, color, rect, border_radius=max(1, int(width // 2)))
            node = max(1, int(height * 0.06))
            pygame.draw.rect(surf, IVORY, (rect.x, rect.centery - node // 2, rect.w, node))
            if n == 1:
                pygame.draw.circle(surf, RED, (rect.centerx, rect.y + rect.h * 0.18), width * 0.7)
                pygame.draw.circle(surf, RED, (rect.centerx, rect.bottom - rect.h * 0.18),
                                   width * 0.7)

    def _white_dragon(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        frame = box.inflate(-box.w * 0.1, -box.h * 0.12)
        line = max(2, box.w // 12)
        pygame.draw.rect(surf, BLUE, frame, width=line, border_radius=line)
        inner = frame.inflate(-line * 3, -line * 3)
        pygame.draw.rect(surf, BLUE, inner, width=max(1, line // 2))
