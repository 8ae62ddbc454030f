"""The table's still layer: felt, centre box, the other seats' hands and melds, every seat's
flowers and river. It is drawn once per change of view and blitted each frame.
"""

from __future__ import annotations

import pygame

from game.client.centre_box import draw_centre
from game.client.lan_table import LanOverlay
from game.client.layout import TableLayout, full_height, river_grid
from game.client.scene import Scene
from game.client.table_motion import Flight
from game.client.tween import Tween
from game.client.widgets import ACCENT, HIGHLIGHT, felt_background
from game.melds import Meld, MeldKind
from game.view import SeatView


class TableLayers(Scene):
    """The table scene's still drawing; TableScene sets these attributes up."""

    view: SeatView
    viewer: int
    layout: TableLayout
    layer: pygame.Surface | None
    """The cached layer; None: draw it again on the next frame."""
    flights: list[Flight]
    dice_roll: Tween | None
    lan: LanOverlay | None

    def _table_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The cached layer, drawn again if the view changed or the window size did."""
        if self.layer is None or self.layer.get_size() != size:
            self.layer = self._draw_layer(size)
        return self.layer

    def _draw_layer(self, size: tuple[int, int]) -> pygame.Surface:
        layer = felt_background(size).copy()
        tags = self.lan.tags() if self.lan is not None else ["", "", "", ""]
        draw_centre(layer, self.ctx, self.view, self.viewer, self.layout, tags,
                    dice_still=self.dice_roll is None)
        for seat in range(4):
            rel = (seat - self.viewer) % 4
            if rel != 0:
                self._draw_other(layer, seat, rel)
            self._draw_bonus(layer, seat, rel)
            self._draw_river(layer, seat, rel)
        return layer

    def _draw_other(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        view, art = self.view, self.ctx.art
        rect = self.layout.seats[rel]
        sw = self.layout.small_w
        count = view.hand_sizes[seat]
        melds = view.melds[seat]
        over = view.phase == "over" and view.revealed
        if rel == 2:
            x = rect.right
            tiles = view.revealed[seat] if over else ()
            for i in range(count):
                surf = art.face(tiles[i], sw) if over and i < len(tiles) else art.back(sw)
                x -= sw
                layer.blit(surf, (x, rect.y))
            x -= sw // 2
            for meld in melds:
                x = self._draw_meld_row(layer, meld, seat, x, rect.y, sw, leftward=True)
                x -= sw // 3
        else:
            step = sw
            y = rect.y
            tiles = view.revealed[seat] if over else ()
            angle = 90 if rel == 1 else -90
            for i in range(count):
                surf = (art.face(tiles[i], sw, rotate=angle) if over and i < len(tiles)
                        else art.back(sw, rotate=angle))
                layer.blit(surf, (rect.x, y))
                y += step
            y += sw // 2
            for meld in melds:
                for tile in meld.tiles:
                    face = (art.back(sw) if meld.kind is MeldKind.CONCEALED_KONG
                            and tile == meld.tiles[0] else art.face(tile, sw))
                    layer.blit(face, (rect.centerx - sw // 2, y))
                    if meld.claimed is not None and tile == meld.claimed:
                        pygame.draw.rect(layer, ACCENT, (rect.centerx - sw // 2, y, sw,
                                                         full_height(sw)), 2)
                    y += full_height(sw) - sw // 4
                y += sw // 3

    def _draw_meld_row(self, surface: pygame.Surface, meld: Meld, seat: int, x: int, y: int,
                       w: int, leftward: bool) -> int:
        """Draw a meld with the claimed tile turned toward its source; returns the new x."""
        art = self.ctx.art
        tiles = list(meld.tiles)
        turned = -1
        if meld.claimed is not None and meld.source is not None and meld.kind is not (
            MeldKind.CONCEALED_KONG
        ):
            src_rel = (meld.source - seat) % 4
            turned = {3: 0, 2: 1, 1: len(tiles) - 1}.get(src_rel, -1)
        pieces: list[pygame.Surface] = []
        for i, tile in enumerate(tiles):
            if meld.kind is MeldKind.CONCEALED_KONG and i in (0, 3):
                pieces.append(art.back(w))
            elif i == turned:
                pieces.append(art.face(tile, w, rotate=90))
            else:
                pieces.append(art.face(tile, w))
        height = full_height(w)
        order = list(reversed(pieces)) if leftward else pieces
        for piece in order:
            if leftward:
                x -= piece.get_width()
            py = y + height - piece.get_height()
            surface.blit(piece, (x, py))
            if not leftward:
                x += piece.get_width()
        return x

    def _draw_bonus(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        tiles = self.view.bonus[seat]
        if not tiles:
            return
        rect = self.layout.bonus[rel]
        w = self.layout.small_w
        if rel in (0, 2):
            x = rect.x
            for tile in tiles:
                layer.blit(self.ctx.art.face(tile, w), (x, rect.y))
                x += w + 1
        else:
            cols = 2
            for i, tile in enumerate(tiles):
                col, row = i % cols, i // cols
                x = rect.x + col * (w + 2) if rel == 3 else rect.right - (col + 1) * (w + 2)
                layer.blit(self.ctx.art.face(tile, w), (x, rect.y + row * full_height(w)))

    def _draw_river(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        river = self.view.rivers[seat]
        hidden = sum(1 for f in self.flights if f.seat == seat)
        shown = river[: len(river) - hidden] if hidden else river
        if not river:
            return
        width, spots = river_grid(self.layout.rivers[rel], rel, len(river), self.layout.river_w)
        last = self.view.last_discard
        for i, ((tile, claimed), spot) in enumerate(zip(shown, spots, strict=False)):
            face = self.ctx.art.face(tile, width)
            if claimed:
                face = face.copy()
                face.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
            layer.blit(face, spot)
            if last is not None and last[0] == seat and i == len(river) - 1 and not claimed:
                rect = pygame.Rect(spot, (width, full_height(width)))
                pygame.draw.rect(layer, HIGHLIGHT, rect.inflate(4, 4), 3, border_radius=4)
