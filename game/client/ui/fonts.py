"""The shipped fonts (via game.assets) by size, and a cache of rendered text."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.assets import asset_path
from game.client import i18n

UI_FONT = asset_path("fonts", "MahjongSans-Regular.otf")
UI_FONT_HANS = asset_path("fonts", "MahjongSansSC-Regular.otf")
"""The same characters as UI_FONT in mainland forms (punctuation set low, 角 骨 令 ...), for
the 简体 screens; the two subsets hold the same characters, so either draws any name."""
TILE_FONT = asset_path("fonts", "MahjongSerif-Bold.otf")
LATIN_FONT = asset_path("fonts", "MahjongLatin-Regular.ttf")
"""Latin-1 and Latin Extended-A/B letters (é ü ñ ç ø ß Å Ł ½), which the CJK face lacks."""

Color = tuple[int, int, int]


def needs_latin(ch: str) -> bool:
    """A character the UI face does not hold, drawn with the Latin face instead."""
    return "\u00a0" <= ch <= "\u024f" and ch not in "·×÷°±"


def runs(text: str) -> list[tuple[str, bool]]:
    """`text` cut into (piece, drawn with the Latin face): a run of non-CJK characters that
    holds any letter the UI face lacks is drawn whole in the Latin face, so "José" is one
    word in one design."""
    pieces: list[tuple[str, bool]] = []
    current = ""
    cjk = False
    for ch in text:
        is_cjk = ord(ch) >= 0x2E80
        if current and is_cjk != cjk:
            pieces.append((current, not cjk and any(needs_latin(c) for c in current)))
            current = ""
        current += ch
        cjk = is_cjk
    if current:
        pieces.append((current, not cjk and any(needs_latin(c) for c in current)))
    return pieces


def _regional(face: str) -> str:
    """The UI face in the current language's regional forms."""
    return i18n.ui_face() if face == "ui" else face


class Fonts:
    """pygame fonts per (face, size) and an LRU of rendered strings, so frames do not re-render."""

    def __init__(self, cache_size: int = 512) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[str, int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, str, int, Color, bool], pygame.Surface] = OrderedDict()
        self._cache_size = cache_size
        self.seen: dict[str, int] | None = None
        """When a dict: every interface text rendered, with the smallest size it was drawn
        at (for --layout-json and the text-size tests)."""

    def font(self, size: int, face: str = "ui", bold: bool = False) -> pygame.font.Font:
        size = max(int(size), 6)
        face = _regional(face)
        key = (face, size, bold)
        font = self._fonts.get(key)
        if font is None:
            path = {"tile": TILE_FONT, "latin": LATIN_FONT, "ui-hans": UI_FONT_HANS}.get(
                face, UI_FONT)
            font = pygame.font.Font(path, size)
            if bold and face != "tile":
                font.set_bold(True)
            self._fonts[key] = font
        return font

    def render(
        self, text: str, size: int, color: Color, face: str = "ui", bold: bool = False
    ) -> pygame.Surface:
        key = (text, _regional(face), int(size), color, bold)
        if self.seen is not None and face == "ui" and text.strip():
            known = self.seen.get(text)
            if known is None or size < known:
                self.seen[text] = int(size)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        if face == "ui" and any(needs_latin(ch) for ch in text):
            surf = self._render_mixed(text, size, color, bold)
        else:
            surf = self.font(size, face, bold).render(text, True, color)
        self._text[key] = surf
        if len(self._text) > self._cache_size:
            self._text.popitem(last=False)
        return surf

    def faded(self, text: str, size: int, color: Color, alpha: int,
              bold: bool = False) -> pygame.Surface:
        """`render` at `alpha` (0-255) for text that fades: a copy, since the rendered text is
        cached and shared, and fading it in place would fade it wherever else it is drawn."""
        img = self.render(text, size, color, bold=bold).copy()
        img.set_alpha(alpha)
        return img

    def _render_mixed(self, text: str, size: int, color: Color, bold: bool) -> pygame.Surface:
        """Each run in its face, set on one baseline."""
        parts = [(self.font(size, "latin" if latin else "ui", bold), piece)
                 for piece, latin in runs(text)]
        ascent = max(font.get_ascent() for font, _p in parts)
        descent = max(-font.get_descent() for font, _p in parts)
        images = [(font, font.render(piece, True, color)) for font, piece in parts]
        width = sum(img.get_width() for _f, img in images)
        surf = pygame.Surface((max(width, 1), ascent + descent), pygame.SRCALPHA)
        x = 0
        for font, img in images:
            surf.blit(img, (x, ascent - font.get_ascent()))
            x += img.get_width()
        return surf

    def size(self, text: str, size: int, face: str = "ui", bold: bool = False) -> tuple[int, int]:
        """The (width, height) `render` gives `text`."""
        if face == "ui" and any(needs_latin(ch) for ch in text):
            widths = [self.font(size, "latin" if latin else "ui", bold).size(piece)
                      for piece, latin in runs(text)]
            return sum(w for w, _h in widths), max(h for _w, h in widths)
        w, h = self.font(size, face, bold).size(text)
        return int(w), int(h)

    def fit(self, text: str, max_size: int, max_width: int, face: str = "ui",
            bold: bool = False, least: int = 8) -> int:
        """The largest size ≤ max_size at which `text` is at most `max_width` pixels wide,
        never under `least`."""
        size = max_size
        while size > least and self.size(text, size, face, bold)[0] > max_width:
            size -= 1
        return size
