"""The wall as a ring of stacks round the centre box (ruling M4: 4 sides × 18 stacks × 2).

Side s stands in front of seat s; its stacks are counted from its right end as that seat sees
it. The break is `stack` stacks from the right end of side `side`; the head (ordinary draws)
runs clockwise from the break, i.e. leftward along a side and on to the side of the seat on the
left, the previous seat in turn order; the tail (replacements) runs the other way.
"""

from __future__ import annotations

import pygame

from game.view import SeatView

SIDES = 4
STACKS = 18
RING = SIDES * STACKS

STACK_TOP = (62, 160, 120)
STACK_SIDE = (226, 218, 196)
STACK_ONE = (48, 128, 96)
EMPTY = (30, 80, 62)
BREAK = (230, 80, 60)


def ring_position(side: int, stack: int, step: int) -> tuple[int, int]:
    """(side, stack index from that side's right end) `step` stacks clockwise of the head's
    first stack; negative steps go back through the tail."""
    pos = stack + step
    return (side - pos // STACKS) % SIDES, pos % STACKS


def wall_heights(view: SeatView) -> list[list[int]]:
    """Tiles left (0, 1 or 2) in each stack, per side, stacks from each side's right end."""
    heights = [[2] * STACKS for _ in range(SIDES)]
    head, tail = view.wall_taken
    side, stack = view.wall_break
    for taken, direction, first in ((head, 1, 0), (tail, -1, -1)):
        whole, half = divmod(taken, 2)
        for i in range(whole):
            s, k = ring_position(side, stack, first + direction * i)
            heights[s][k] = 0
        if half:
            s, k = ring_position(side, stack, first + direction * whole)
            heights[s][k] = 1
    return heights


def stack_rects(rect: pygame.Rect, thickness: int, rel: int) -> list[pygame.Rect]:
    """The screen rect of each stack of the side at relative position `rel` (0 bottom, 1
    right, 2 top, 3 left), stacks from that side's right end as its seat sees it."""
    inner_w = rect.w - 2 * thickness
    inner_h = rect.h - 2 * thickness
    out: list[pygame.Rect] = []
    for k in range(STACKS):
        if rel in (0, 2):
            x0 = rect.x + thickness + inner_w * k // STACKS
            x1 = rect.x + thickness + inner_w * (k + 1) // STACKS
            if rel == 0:  # the viewer's right end is the screen's right
                x0, x1 = 2 * rect.centerx - x1, 2 * rect.centerx - x0
            y = rect.bottom - thickness if rel == 0 else rect.y
            out.append(pygame.Rect(x0, y, x1 - x0, thickness))
        else:
            y0 = rect.y + thickness + inner_h * k // STACKS
            y1 = rect.y + thickness + inner_h * (k + 1) // STACKS
            if rel == 3:  # the left seat faces right: its right end is the screen's bottom
                y0, y1 = 2 * rect.centery - y1, 2 * rect.centery - y0
            x = rect.right - thickness if rel == 1 else rect.x
            out.append(pygame.Rect(x, y0, thickness, y1 - y0))
    return out


def draw_stack(surface: pygame.Surface, cell: pygame.Rect, rel: int, height: int) -> None:
    """One stack of the wall holding `height` tiles (0, 1 or 2), seen from above."""
    body = cell.inflate(-1, -1)
    if height == 0:
        pygame.draw.rect(surface, EMPTY, body, 1)
        return
    pygame.draw.rect(surface, STACK_TOP if height == 2 else STACK_ONE, body, border_radius=2)
    # an ivory seam shows where the top tile lies on the one below
    edge = body.copy()
    if rel in (0, 2):
        edge.h = max(1, body.h // 5)
        edge.bottom = body.bottom - (body.h // 3 if height == 2 else 0)
    else:
        edge.w = max(1, body.w // 5)
        edge.right = body.right - (body.w // 3 if height == 2 else 0)
    pygame.draw.rect(surface, STACK_SIDE, edge)


def dealt_blocks(seat: int, count: int) -> list[tuple[int, int]]:
    """(tiles taken from the head before it, tiles in it) for each block of `count` tiles
    dealt to `seat` (0 = the dealer), in the engine's order (M5, N2): the seats take four
    at a time from the dealer round the table until the hands are full (the last round one
    or three each if the hand size asks), then the dealer one more."""
    size = count - 1 if seat == 0 else count
    taken = [0] * SIDES
    head = 0
    out: list[tuple[int, int]] = []
    while taken[SIDES - 1] < size:
        for s in range(SIDES):
            n = min(4, size - taken[s])
            if s == seat and n:
                out.append((head, n))
            taken[s] += n
            head += n
    if seat == 0 and count > size:
        out.append((head, 1))
    return out


def draw_wall(surface: pygame.Surface, rect: pygame.Rect, thickness: int, view: SeatView,
              viewer: int) -> None:
    """Draw the ring of stacks inside `rect`'s edge, with a mark at the break."""
    heights = wall_heights(view)
    for side in range(SIDES):
        rel = (side - viewer) % SIDES
        for k, cell in enumerate(stack_rects(rect, thickness, rel)):
            draw_stack(surface, cell, rel, heights[side][k])
    side, stack = view.wall_break
    rel = (side - viewer) % SIDES
    cells = stack_rects(rect, thickness, rel)
    # the break lies between stack `stack` - 1 (tail end) and `stack` (head)
    head = cells[stack % STACKS]
    tail = cells[(stack - 1) % STACKS]
    if rel in (0, 2):
        x = (head.right + tail.left) // 2 if head.x < tail.x else (head.left + tail.right) // 2
        pygame.draw.line(surface, BREAK, (x, head.y - 2), (x, head.bottom + 1), 3)
    else:
        y = (head.bottom + tail.top) // 2 if head.y < tail.y else (head.top + tail.bottom) // 2
        pygame.draw.line(surface, BREAK, (head.x - 2, y), (head.right + 1, y), 3)
