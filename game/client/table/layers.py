"""The table's still layer: felt, centre box, the other seats' hands, melds, bonus tiles and
name tags, and every seat's river. It is drawn once per change of view and blitted each frame.

Melds are laid out in the owning seat's own frame (its left to its right, the claimed tile
turned toward the seat it came from) and the strip is then turned to face that seat, so the
same code serves every side of the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.client.i18n import t
from game.client.table.centre_box import draw_centre
from game.client.table.lan_overlay import LanOverlay
from game.client.table.layout import (
    MIN_TEXT,
    TableLayout,
    full_height,
    river_grid,
    river_rotation,
    river_tile_rect,
)
from game.client.table.motion import Flight
from game.client.ui.tile_art import TileArt
from game.client.ui.tween import Tween
from game.client.ui.widgets import ACCENT, HIGHLIGHT, MUTED, Color, felt_background
from game.melds import Meld, MeldKind
from game.view import SeatView

if TYPE_CHECKING:
    from game.client.context import Context

SIDE_TURN = {1: 90, 3: -90}
"""How far a side seat's tiles are turned so they face that seat."""
HARD_FLOWERS_OPEN = 4
"""Nanjing: an open hand may win with at least this many hard flowers (ruling N4)."""

Drawn = dict[int, dict[str, list[pygame.Rect]]]
"""Per seat: the screen rects of what was drawn for it ('hand', 'melds', 'bonus', 'river')."""


def hard_flower_line(hard: int) -> tuple[str, Color]:
    """Nanjing: a seat's hard-flower count and its colour, bright and marked once it reaches
    the 4 that let an open hand win (ruling N4)."""
    text = t("table.hard_flowers", n=hard)
    if hard >= HARD_FLOWERS_OPEN:
        return f"{text} · {t('table.may_win_open')}", HIGHLIGHT
    return text, MUTED


def meld_pieces(art: TileArt, meld: Meld, seat: int, w: int) -> list[pygame.Surface]:
    """A meld's tiles from its owner's left to right, as its owner sees them: the claimed
    tile turned and placed toward its source (left seat: left end, across: middle, right
    seat: right end); a concealed kong shows two face-down ends."""
    tiles = list(meld.tiles)
    turned = -1
    if meld.claimed is not None and meld.source is not None and meld.kind is not (
        MeldKind.CONCEALED_KONG
    ):
        src_rel = (meld.source - seat) % 4
        turned = {3: 0, 2: 1, 1: len(tiles) - 1}.get(src_rel, -1)
        if turned >= 0 and meld.claimed in tiles:
            # the claimed tile itself goes to the turned place (a chow's is not its lowest)
            tiles.remove(meld.claimed)
            tiles.insert(turned, meld.claimed)
    pieces: list[pygame.Surface] = []
    for i, tile in enumerate(tiles):
        if meld.kind is MeldKind.CONCEALED_KONG and i in (0, len(tiles) - 1):
            pieces.append(art.back(w))
        elif i == turned:
            pieces.append(art.face(tile, w, rotate=90))
        else:
            pieces.append(art.face(tile, w))
    return pieces


def meld_width(art: TileArt, melds: tuple[Meld, ...], seat: int, w: int) -> int:
    """The length of a seat's melds laid in a row with a third of a tile between them."""
    total = 0
    for meld in melds:
        total += sum(p.get_width() for p in meld_pieces(art, meld, seat, w)) + w // 3
    return total


def meld_strip(art: TileArt, melds: tuple[Meld, ...], seat: int, w: int,
               mirror: bool = False) -> pygame.Surface:
    """The seat's melds in one row, in the seat's own frame (mirror: right to left, for the
    seat across, whose faces stay upright for the viewer)."""
    height = full_height(w)
    strip = pygame.Surface((max(1, meld_width(art, melds, seat, w)), height), pygame.SRCALPHA)
    x = 0
    for meld in melds:
        pieces = meld_pieces(art, meld, seat, w)
        for piece in reversed(pieces) if mirror else pieces:
            strip.blit(piece, (x, height - piece.get_height()))
            x += piece.get_width()
        x += w // 3
    return strip


RING_PAD = 4
"""How much wider and taller the last discard's highlight ring is than its tile."""

class LayerTable(Protocol):
    """What the still layer reads of the table scene that owns it."""

    @property
    def ctx(self) -> Context: ...

    @property
    def view(self) -> SeatView: ...

    @property
    def viewer(self) -> int: ...

    @property
    def layout(self) -> TableLayout: ...

    @property
    def flights(self) -> Sequence[Flight]: ...

    @property
    def dice_roll(self) -> Tween | None: ...

    @property
    def lan(self) -> LanOverlay | None: ...

    @property
    def solo(self) -> bool: ...

    def unlanded(self, rel: int) -> int:
        """Deal tiles not yet landed at the seat at `rel`."""
        ...

    def others_view(self) -> SeatView:
        """The view the other seats' hands are drawn from (the replay opens them)."""
        ...


class StillLayer:
    """The table's still drawing, owned by the table scene: the cached layer and the screen
    rects of what it drew per seat (`drawn`, which --layout-json reports)."""

    def __init__(self, table: LayerTable) -> None:
        self.table = table
        self.surface: pygame.Surface | None = None
        """The cached layer; None: draw it again on the next frame."""
        self.drawn: Drawn = {}
        self._others: SeatView | None = None
        """While the other seats' hands are drawn: the view they are drawn from."""

    @property
    def ctx(self) -> Context:
        return self.table.ctx

    @property
    def view(self) -> SeatView:
        return self.table.view if self._others is None else self._others

    @property
    def viewer(self) -> int:
        return self.table.viewer

    @property
    def layout(self) -> TableLayout:
        return self.table.layout

    def invalidate(self) -> None:
        """Draw the layer again on the next frame (the view or the window changed)."""
        self.surface = None

    def unlanded(self, rel: int) -> int:
        return self.table.unlanded(rel)

    def at_size(self, size: tuple[int, int]) -> pygame.Surface:
        """The cached layer, drawn again if the view changed or the window size did."""
        if self.surface is None or self.surface.get_size() != size:
            self.surface = self._draw_layer(size)
        return self.surface

    def _draw_layer(self, size: tuple[int, int]) -> pygame.Surface:
        layer = felt_background(size).copy()
        lan = self.table.lan
        tags = lan.tags() if lan is not None else ["", "", "", ""]
        draw_centre(layer, self.ctx, self.view, self.viewer, self.layout, tags,
                    dice_still=self.table.dice_roll is None, you=self.table.solo)
        own = self.drawn.get(self.viewer, {}).get("hand", [])
        self.drawn = {seat: {"hand": [], "melds": [], "bonus": [], "river": []}
                      for seat in range(4)}
        self.drawn[self.viewer]["hand"] = own  # the own hand is drawn every frame
        for seat in range(4):
            rel = (seat - self.viewer) % 4
            if rel:
                self._draw_other(layer, seat, rel)
                self._mark_win(layer, seat)
                self._draw_label(layer, seat, rel)
            self._draw_bonus(layer, seat, rel)
            self._draw_river(layer, seat, rel)
        return layer

    def meld_row(self, surface: pygame.Surface, meld: Meld, seat: int, x: int, y: int,
                       w: int, leftward: bool) -> int:
        """Draw a meld upright with its top at `y`, from `x` rightward (or leftward); returns
        the new x."""
        pieces = meld_pieces(self.ctx.art, meld, seat, w)
        height = full_height(w)
        for piece in reversed(pieces) if leftward else pieces:
            if leftward:
                x -= piece.get_width()
            surface.blit(piece, (x, y + height - piece.get_height()))
            if not leftward:
                x += piece.get_width()
        return x

    def win_index(self, seat: int, tiles: tuple[int, ...] | list[int]) -> int:
        """Where the winning tile lies among `tiles`, a winner's open hand once the hand is
        over (its last copy); -1 if there is none to mark."""
        result = self.view.result
        if self.view.phase != "over" or result is None or result.tile is None:
            return -1
        if seat not in result.winners or result.tile not in tiles:
            return -1
        return len(tiles) - 1 - list(reversed(tiles)).index(result.tile)

    def _mark_win(self, layer: pygame.Surface, seat: int) -> None:
        """Ring the winning tile in a winner's open hand on the table."""
        if not self.view.revealed:
            return
        index = self.win_index(seat, self.view.revealed[seat])
        rects = self.drawn[seat]["hand"]
        if 0 <= index < len(rects):
            pygame.draw.rect(layer, HIGHLIGHT, rects[index].inflate(4, 4), 3, border_radius=4)

    def _concealed_faces(self, seat: int, w: int, rotate: int) -> list[pygame.Surface]:
        view, art = self.view, self.ctx.art
        over = view.phase == "over" and view.revealed
        tiles = view.revealed[seat] if over else ()
        # while the deal shows, a hand holds only its landed blocks
        size = view.hand_sizes[seat] - self.unlanded((seat - self.viewer) % 4)
        return [art.face(tiles[i], w, rotate=rotate) if over and i < len(tiles)
                else art.back(w, rotate=rotate) for i in range(max(0, size))]

    def _draw_other(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        """Another seat's concealed tiles and melds, from the table's `others_view`."""
        self._others = self.table.others_view()
        try:
            if rel == 2:
                self._draw_top(layer, seat)
            else:
                self._draw_side(layer, seat, rel)
        finally:
            self._others = None

    def _draw_top(self, layer: pygame.Surface, seat: int) -> None:
        """The seat across: concealed tiles centred in front of it, melds toward the screen's
        left (its right), all smaller if the row would overflow."""
        rect = self.layout.seats[2]
        melds = self.view.melds[seat]
        w = self.layout.small_w
        while w > 8:
            need = self.view.hand_sizes[seat] * w + w // 2 + meld_width(self.ctx.art, melds,
                                                                        seat, w)
            if need <= rect.w:
                break
            w -= 1
        faces = self._concealed_faces(seat, w, 0)
        strip = meld_strip(self.ctx.art, melds, seat, w, mirror=True) if melds else None
        # the concealed tiles centred in front of the seat, melds to their left (its right);
        # pushed right as far as the melds need
        x = self.layout.size[0] // 2 + len(faces) * w // 2
        if strip is not None:
            x = max(x, rect.x + strip.get_width() + w // 6 + len(faces) * w)
        x = min(x, rect.right)
        y = rect.bottom - full_height(w)
        for face in faces:
            x -= w
            layer.blit(face, (x, y))
            self.drawn[seat]["hand"].append(pygame.Rect(x, y, w, full_height(w)))
        if strip is not None:
            # the strip's trailing third-tile gap and this sixth make the drawn-tile gap
            spot = strip.get_rect(bottomright=(x - w // 6, rect.bottom))
            layer.blit(strip, spot)
            self.drawn[seat]["melds"].append(spot)

    def _draw_side(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        """A side seat: its concealed tiles in the inner column, from its left end; its melds
        in the outer column from its right end (screen bottom for the left seat)."""
        lay, art = self.layout, self.ctx.art
        turn = SIDE_TURN[rel]
        w = lay.small_w
        rect = lay.seats[rel]
        faces = self._concealed_faces(seat, w, turn)
        # centred in front of the seat (level with the centre box); the left seat's left is
        # the screen's top, the right seat's the bottom
        length = sum(face.get_height() for face in faces)
        first = max(rect.y, min(lay.center.centery - length // 2, rect.bottom - length))
        pos = first if rel == 3 else first + length
        for face in faces:
            if rel == 1:
                pos -= face.get_height()
            spot = face.get_rect(topleft=(rect.x, pos))
            layer.blit(face, spot)
            self.drawn[seat]["hand"].append(spot)
            if rel == 3:
                pos += face.get_height()
        melds = self.view.melds[seat]
        if not melds:
            return
        area = lay.melds[rel]
        while w > 8 and meld_width(art, melds, seat, w) > area.h:
            w -= 1
        strip = pygame.transform.rotate(meld_strip(art, melds, seat, w), turn)
        # the strip's own right end is the seat's right (bottom for the left seat); it starts
        # at the end of its area nearer the middle of the side, by the seat's tag and bonus
        # tiles, not in the window's corner
        spot = strip.get_rect(topleft=area.topleft) if rel == 3 else strip.get_rect(
            topright=area.topright)
        layer.blit(strip, spot)
        self.drawn[seat]["melds"].append(spot)

    def _draw_label(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        """The seat's wind and name beside its tiles; in Nanjing its hard-flower count below,
        bright once it reaches the 4 that let an open hand win (ruling N4)."""
        rect = self.layout.labels[rel]
        fonts = self.ctx.fonts
        view = self.view
        wind = t(f"wind.name.{seat}")
        name = view.names[seat] if view.names else ""
        lines = [(f"{wind} {name}", ACCENT, True)]
        if view.ruleset == "nanjing":
            lines.append((*hard_flower_line(len(view.bonus[seat])), False))
        line_h = rect.h // 2
        size = self.layout.text_px()  # shrunk only until its lines stay apart
        while size > MIN_TEXT and fonts.font(size).get_linesize() > line_h + 2:
            size -= 1
        anchor = "midright" if rel == 1 else "midleft"
        x = rect.right if rel == 1 else rect.x
        for i, (text, color, bold) in enumerate(lines):
            fit = max(MIN_TEXT, fonts.fit(text, size, rect.w))
            img = fonts.render(text, fit, color, bold=bold)
            spot = img.get_rect(**{anchor: (x, rect.y + line_h * i + line_h // 2)})
            # a name too long for the felt there is cut at the tag's edge
            layer.blit(img, spot.clip(rect), area=pygame.Rect(max(0, rect.x - spot.x), 0,
                                                               rect.w, img.get_height()))

    def _draw_bonus(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        tiles = self.view.bonus[seat]
        if not tiles:
            return
        rect = self.layout.bonus[rel]
        w = self.layout.small_w
        art = self.ctx.art
        turn = SIDE_TURN.get(rel, 0)
        faces = [art.face(tile, w, rotate=turn) for tile in tiles]
        along = faces[0].get_width() if rel in (0, 2) else faces[0].get_height()
        room = rect.w if rel in (0, 2) else rect.h
        counted = ""
        if rel == 0 and self.view.ruleset == "nanjing":
            # one's own hard flowers, counted beside them as the other seats' tags do
            counted, count_color = hard_flower_line(len(tiles))
            count_size = min(self.layout.text_px(), max(MIN_TEXT, rect.h // 2))
            room -= self.ctx.fonts.font(count_size).size(counted)[0] + 8
        # too many to sit side by side: they overlap like a fanned stack
        step = along + 1 if len(faces) * (along + 1) <= room else max(
            4, (room - along) // max(1, len(faces) - 1))
        # the other seats' bonus tiles gather at the end of their strip nearer their own
        # tiles (the top seat's: by its hand; a side seat's: by its melds, mid-side), so no
        # corner holds two seats' tiles side by side
        for i, face in enumerate(faces):
            if rel == 0:
                spot = face.get_rect(topleft=(rect.x + i * step, rect.y))
            elif rel == 2:
                spot = face.get_rect(topright=(rect.right - i * step, rect.y))
            else:
                spot = face.get_rect(bottomleft=(rect.x, rect.bottom - i * step))
            layer.blit(face, spot)
            self.drawn[seat]["bonus"].append(spot)
        if counted:
            x = self.drawn[seat]["bonus"][-1].right + 8
            img = self.ctx.fonts.render(counted, count_size, count_color)
            layer.blit(img, img.get_rect(midleft=(x, rect.centery)))

    def cover_flying(self, surface: pygame.Surface) -> None:
        """Felt over the river spot of each discard still in flight (the layer holds it)."""
        flights = self.table.flights
        if not flights:
            return
        felt = felt_background(surface.get_size())
        for flight in flights:
            rel = (flight.seat - self.viewer) % 4
            count = len(self.view.rivers[flight.seat])
            if not count:
                continue
            width, spots = river_grid(self.layout.rivers[rel], rel, count, self.layout.river_w)
            # the last discard's ring (RING_PAD beyond the tile) goes with it: no ring round felt
            rect = river_tile_rect(spots[-1], rel, width).inflate(RING_PAD, RING_PAD)
            surface.blit(felt, rect, area=rect)

    def _draw_river(self, layer: pygame.Surface, seat: int, rel: int) -> None:
        # every tile, a flying one too: the frame covers its spot until it lands
        # (cover_flying), so a landing does not draw this whole layer again
        river = self.view.rivers[seat]
        if not river:
            return
        width, spots = river_grid(self.layout.rivers[rel], rel, len(river), self.layout.river_w)
        turn = river_rotation(rel)
        last = self.view.last_discard
        for i, ((tile, claimed), spot) in enumerate(zip(river, spots, strict=False)):
            face = self.ctx.art.face(tile, width, rotate=turn)
            if claimed:
                face = face.copy()
                face.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
            layer.blit(face, spot)
            rect = river_tile_rect(spot, rel, width)
            self.drawn[seat]["river"].append(rect)
            if last is not None and last[0] == seat and i == len(river) - 1 and not claimed:
                pygame.draw.rect(layer, HIGHLIGHT, rect.inflate(RING_PAD, RING_PAD), 3,
                                 border_radius=4)


__all__ = [
    "Drawn",
    "LayerTable",
    "StillLayer",
    "hard_flower_line",
    "meld_pieces",
    "meld_strip",
    "meld_width",
]
