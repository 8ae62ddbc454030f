"""The tile tracker (記牌器, issue 28): T opens and closes it; it shows for every kind 4 less
the copies the seat on screen has seen, and nothing it was not shown (the wall, other hands,
the hands laid open at the end)."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.client.table.tracker import draw_tracker, tracker_counts, tracker_rect
from game.tiles import TILES
from game.view import SeatView


def _seen_by_hand(view: SeatView) -> list[int]:
    """What the seat has seen, counted here afresh: its own tiles, every meld, the discards
    no one took (a taken one is in its meld), the wild's indicator, bonus tiles of a kind."""
    seen = list(view.counts)
    for seat in range(4):
        for meld in view.melds[seat]:
            for tile in meld.tiles:
                seen[tile] += 1
        for tile, taken in view.rivers[seat]:
            seen[tile] += 0 if taken else 1
        for tile in view.bonus[seat]:
            if tile < 34:
                seen[tile] += 1
    if view.indicator is not None and view.indicator < 34:
        seen[view.indicator] += 1
    return seen


def _late_views(seed: int) -> list[SeatView]:
    session = LocalSession("mazhan", ["bot"] * 4, ["normal"] * 4, ["A", "B", "C", "D"], seed,
                           hands=1)
    views = []
    for _ in range(2000):
        if session.hand_over:
            break
        session.step()
        views.append(session.view(seed % 4))
    return views


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_counts_are_four_less_what_the_seat_has_seen(seed: int) -> None:
    views = _late_views(seed)
    assert len(views) > 20 and any(v.melds != ((),) * 4 for v in views)
    for view in views[::5]:
        seen = _seen_by_hand(view)
        assert tracker_counts(view) == [max(0, 4 - n) for n in seen]


def test_never_reads_what_the_seat_was_not_shown() -> None:
    view = _late_views(3)[-1]
    counts = tracker_counts(view)
    # another seat's hand, however big, and every hand laid open change nothing
    hidden = view._replace(revealed=(tuple(TILES[:14]),) * 4, hand_sizes=(17,) * 4)
    assert tracker_counts(hidden) == counts
    # the seat's own tiles do: they are seen
    kind = next(k for k in range(34) if view.counts[k] and counts[k] + view.counts[k] <= 4)
    fewer = list(view.counts)
    fewer[kind] -= 1
    assert tracker_counts(view._replace(counts=tuple(fewer)))[kind] == counts[kind] + 1


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_t_opens_the_panel_with_every_kind_and_closes_it(ctx: Context,
                                                         language: str) -> None:
    i18n.set_language(language)
    surface = pygame.display.get_surface()
    assert surface is not None
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["甲", "乙", "丙", "丁"], seed=2)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.skip_motion()
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t")
    ctx.fonts.seen = {}
    scene.draw(surface)
    assert i18n.t("tracker.title") not in ctx.fonts.seen
    scene.handle(press)
    assert scene.tracker_open
    scene.draw(surface)
    assert i18n.t("tracker.title") in ctx.fonts.seen
    drawn = draw_tracker(surface, scene.layout, scene.view, ctx.fonts, ctx.art)
    assert [k for k, _, _ in drawn] == list(range(34))
    assert [n for _, n, _ in drawn] == tracker_counts(scene.view)
    box = tracker_rect(scene.layout, ctx.fonts)
    assert pygame.Rect((0, 0), scene.layout.size).contains(box)
    assert all(box.contains(spot) for _, _, spot in drawn)
    scene.handle(press)
    assert not scene.tracker_open
