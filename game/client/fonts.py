"""The shipped fonts (via game.assets) by size, and a cache of rendered text."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.assets import asset_path

UI_FONT = asset_path("fonts", "MahjongSans-Regular.otf")
TILE_FONT = asset_path("fonts", "MahjongSerif-Bold.otf")

Color = tuple[int, int, int]


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
        key = (face, size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(TILE_FONT if face == "tile" else UI_FONT, size)
            if bold and face == "ui":
                font.set_bold(True)
            self._fonts[key] = font
        return font

    def render(
        self, text: str, size: int, color: Color, face: str = "ui", bold: bool = False
    ) -> pygame.Surface:
        key = (text, face, int(size), color, bold)
        if self.seen is not None and face == "ui" and text.strip():
            known = self.seen.get(text)
            if known is None or size < known:
                self.seen[text] = int(size)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        surf = self.font(size, face, bold).render(text, True, color)
        self._text[key] = surf
        if len(self._text) > self._cache_size:
            self._text.popitem(last=False)
        return surf

    def fit(self, text: str, max_size: int, max_width: int, face: str = "ui") -> int:
        """The largest size ≤ max_size at which `text` is at most `max_width` pixels wide."""
        size = max_size
        while size > 8 and self.font(size, face).size(text)[0] > max_width:
            size -= 1
        return size
