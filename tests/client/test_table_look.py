"""The table late in a hand at the smallest and a large window, both rulesets, with the LAN
extras on (a local match wearing a LAN session's feeds): nothing overlaps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.bots import make_bot
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.lan_overlay import alert_area, chat_area
from game.client.table.layout import river_grid, river_tile_rect
from game.client.table.scene import TableScene, _label_width, _TileButton

from .conftest import distinct_colors


class FeedLocal(LocalSession):
    """A local match that also carries what a RemoteSession's feeds hold."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.chat: list[dict[str, Any]] = [
            {"name": "bo", "seat": 1, "phrase": "hello"},
            {"name": "eve", "seat": None, "text": "一句很長很長的話 and a long line to cut " * 3}]
        self.notices: list[dict[str, Any]] = [{"code": "fled", "seat": 2, "msg": ""}]
        self.wall_problems = ["hand 1: the revealed wall does not match the hash sent before "
                              "the deal"]
        self.seats: list[dict[str, Any]] = [
            {"kind": "open", "name": "王小明", "bot": False},
            {"kind": "open", "name": "Bob the Builder", "bot": True, "away": True},
            {"kind": "bot", "name": "電腦丙", "bot": True},
            {"kind": "open", "name": "Dee", "bot": True, "away": False}]
        self.error: str | None = None

    def say(self, text: str) -> None:
        del text

    def phrase(self, key: str) -> None:
        del key


def _late_in_hand(ruleset: str) -> FeedLocal:
    """A hand some 30 tiles from its end, the human offered a claim (seed 3 gets there)."""
    session = FeedLocal(ruleset, ["human", "bot", "bot", "bot"], ["normal"] * 4,
                        ["王小明", "Bob the Builder", "電腦丙", "Dee"], seed=3)
    bot = make_bot("normal", 1)
    seat = session.seat_of(0)
    while not session.hand_over and (session.view(-1).wall_left > 30
                                     or not _claim_or_kong(session, seat)):
        if not session.step():
            session.submit(seat, bot.choose(session.view(seat)))
    assert not session.hand_over
    return session


def _claim_or_kong(session: LocalSession, seat: int) -> bool:
    """The human is offered something beyond a discard (the action bar shows buttons)."""
    if 0 not in session.humans_to_act():
        return False
    return any(a.kind.value != "discard" for a in session.view(seat).legal)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_late_hand_with_lan_extras_has_no_overlaps(ctx: Context, size: tuple[int, int],
                                                   ruleset: str, shots: Path) -> None:
    surface = pygame.display.set_mode(size)
    ctx.size = size
    session = _late_in_hand(ruleset)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.update(0.01)
    scene.draw(surface)
    pygame.image.save(surface, str(shots / f"look_{ruleset}_{size[0]}.png"))
    assert distinct_colors(surface) > 20
    layout = scene.layout
    view = scene.view
    corners = [chat_area(layout), alert_area(layout)]
    assert all(c.h >= 40 for c in corners)
    # every river tile on the table, and the fixed areas, stay clear of both corners
    taken = [layout.center, layout.hints, layout.hand, *layout.bonus, layout.rivers[0],
             layout.rivers[2]]
    for seat in range(4):
        rel = (seat - scene.viewer) % 4
        width, spots = river_grid(layout.rivers[rel], rel, len(view.rivers[seat]),
                                  layout.river_w)
        taken += [river_tile_rect(spot, rel, width) for spot in spots]
    for corner in corners:
        hit = [r for r in taken if corner.colliderect(r)]
        assert not hit, (corner, hit)
    # an action button's tiles stop before its key hint
    with_tiles = [b for b in scene.actions.buttons if isinstance(b, _TileButton) and b.tiles]
    assert with_tiles, "the seed should leave the human a claim with tiles to show"
    for button in with_tiles:
        h = button.rect.h
        tw = max(10, round(h * 0.6) - 2)
        tiles_end = (button.rect.x + _label_width(ctx.fonts, button.label, h)
                     + len(button.tiles) * (tw + 1))
        hint_w = ctx.fonts.font(max(10, h // 4)).size(button.hint)[0]
        assert tiles_end <= button.rect.right - 6 - hint_w, button.label
