"""The two dice as drawn on the table: in the centre box, and tumbling at a hand's start."""

from __future__ import annotations

import pygame

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.3, 0.22), (0.7, 0.22), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78), (0.7, 0.78)),
}
"""Pip centres per face, as fractions of the die's side."""


def draw_dice(surface: pygame.Surface, dice: tuple[int, ...], pos: tuple[int, int],
              size: int) -> None:
    """Dice of side `size` in a row from `pos` (top-left); the 1 and 4 have red pips."""
    x, y = pos
    for value in dice:
        rect = pygame.Rect(x, y, size, size)
        pygame.draw.rect(surface, (245, 245, 240), rect, border_radius=max(2, size // 5))
        pips = PIPS.get(value, ())
        for px, py in pips:
            color = (200, 30, 30) if value in (1, 4) else (30, 30, 30)
            pygame.draw.circle(surface, color, (x + px * size, y + py * size),
                               max(1, size // 9))
        x += size + 4
