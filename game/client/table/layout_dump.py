"""`--layout-json PATH` (CONTRACTS §3): where the table drew each seat's tiles in the last
frame, and every text drawn during the run with the smallest size it was drawn at."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.client.context import Context
from game.client.table.centre_box import name_plates
from game.client.table.scene import TableScene

SEAT_LETTERS = "ESWN"


def _box(rect: pygame.Rect) -> list[int]:
    return [rect.x, rect.y, rect.w, rect.h]


def layout_report(ctx: Context) -> dict[str, Any]:
    """The report for the topmost table on the scene stack (no seats if there is none)."""
    seats: list[dict[str, Any]] = []
    tables = [s for s in ctx.stack.scenes if isinstance(s, TableScene)]
    if tables:
        table = tables[-1]
        plates = name_plates(table.layout)
        for seat in range(4):
            drawn = table.drawn.get(seat, {})
            rel = (seat - table.viewer) % 4
            entry: dict[str, Any] = {"seat": SEAT_LETTERS[seat]}
            for part in ("hand", "melds", "bonus", "river"):
                entry[part] = [_box(r) for r in drawn.get(part, [])]
            entry["plate"] = _box(plates[rel])
            seats.append(entry)
    seen = ctx.fonts.seen or {}
    texts = [{"text": text, "px": px} for text, px in sorted(seen.items())]
    return {"size": list(ctx.size), "seats": seats, "texts": texts}


def write_layout(ctx: Context, path: str) -> None:
    Path(path).write_text(json.dumps(layout_report(ctx), ensure_ascii=False, indent=1),
                          encoding="utf-8")
