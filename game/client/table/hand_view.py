"""The own hand's state, owned by the table scene: the hovered and selected tile, a drag in
progress, where each tile was drawn, and each local player's own arrangement of their tiles."""

from __future__ import annotations

import pygame

from game.client.table.hand_order import move, reconcile
from game.tiles import Tile
from game.view import SeatView


class HandView:
    """Hover, selection, drag and order of the own concealed tiles; the scene draws them."""

    def __init__(self) -> None:
        self.hover = -1
        self.selected = -1
        self.rects: list[tuple[pygame.Rect, Tile]] = []
        """(click area, tile) per tile of the own hand as last drawn, left to right."""
        self.orders: dict[int, list[Tile]] = {}
        """Each local player's own arrangement of their concealed tiles."""
        self.drag: tuple[int, tuple[int, int]] | None = None
        """(hand index, press position) while the mouse button is held on a tile."""
        self.drag_pos: tuple[int, int] | None = None
        self.unsorted: set[int] = set()
        """Players who turned sorting off: their new tiles go to the right end."""

    def set_sorting(self, player: int, on: bool) -> None:
        """Sorting on sorts the player's hand at once; off keeps it as it is from now on."""
        if on:
            self.unsorted.discard(player)
            self.orders.pop(player, None)
        else:
            self.unsorted.add(player)

    def order(self, view: SeatView, viewer: int) -> list[Tile]:
        """The concealed tiles (the drawn one aside) in the player's own order."""
        concealed = list(view.concealed)
        drawn = view.drawn
        if drawn is not None and drawn in concealed:
            concealed.remove(drawn)
        player = view.players[viewer] if view.players else 0
        order = reconcile(self.orders.get(player, ()), concealed, player not in self.unsorted,
                          view.wild)
        self.orders[player] = order
        return order

    def reorder(self, view: SeatView, viewer: int, source: int, target: int) -> None:
        """Move the tile at `source` to `target` in the player's own order."""
        player = view.players[viewer]
        self.orders[player] = move(self.order(view, viewer), source, target)

    def drop_target(self, view: SeatView, viewer: int, index: int, x: int) -> int | None:
        """Where a tile dragged from `index` and let go at `x` goes (the drawn tile stays
        out), or None if it is not one of the ordered tiles."""
        order = self.order(view, viewer)
        if index >= len(order):
            return None
        slots = [rect.centerx for rect, _tile in self.rects[: len(order)]]
        return sum(1 for i, cx in enumerate(slots) if cx < x and i != index)

    def tile_at(self, pos: tuple[int, int]) -> int:
        """The index of the tile drawn at `pos`, or -1."""
        for i, (rect, _tile) in enumerate(self.rects):
            if rect.collidepoint(pos):
                return i
        return -1
