"""What the table shows as a hand starts (issue 28): the rolling dice stay off the centre
box's Wall and Stake words, no hint line before the hands are dealt, and announcements made
at one place at once are drawn apart, not over each other."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.client.context import Context
from game.client.sessions.local import LocalSession
from game.client.table import motion
from game.client.table.centre_box import (
    _fit,
    _middle,
    _middle_lines,
    dice_spot,
    indicator_width,
    name_plates,
    seat_anchor,
)
from game.client.table.hints import NO_HINTS
from game.client.table.motion import floater_spot
from game.client.table.scene import TableScene


def _start(ctx: Context, size: tuple[int, int]) -> TableScene:
    pygame.display.set_mode(size)
    ctx.size = size
    ctx.options.speed = 1.0
    session = LocalSession("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["王", "李", "張", "劉"], 4, hands=2)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    scene.update(0.0)
    return scene


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (3840, 2160)])
def test_rolling_dice_leave_the_wall_and_stake_words_readable(
        ctx: Context, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _start(ctx, size)
    assert scene.dice_roll is not None
    drawn: list[pygame.Rect] = []
    monkeypatch.setattr(motion, "draw_dice", lambda _s, faces, at, die: drawn.append(
        pygame.Rect(at, (len(faces) * (die + 4), die))))
    surface = pygame.display.get_surface()
    assert surface is not None
    scene.draw(surface)
    view, fonts = scene.view, ctx.fonts
    mid, small, text_w = _middle(fonts, view, scene.layout)
    words = []
    y = mid.y
    for line in _middle_lines(view):
        w, h = fonts.size(line, _fit(fonts, line, small, text_w))
        words.append(pygame.Rect(mid.x, y, w, h))
        y += h
    (x, top), die = dice_spot(fonts, view, scene.layout)
    # the rolling dice are drawn where they come to rest; the first-dealer roll's panel (the
    # match's first hand) stays off the centre box
    rolling = [r for r in drawn if r.colliderect(scene.layout.center)]
    assert rolling and all(r.topleft == (x, top) for r in rolling), drawn
    assert scene.first_roll is not None and len(drawn) > len(rolling)
    dice = pygame.Rect(x, top, 2 * die + 4, die)
    assert len(words) == 2 and scene.layout.center.contains(dice)
    for rect in words:
        # the glyphs' box has some air above and below; the words' ink is its middle
        ink = rect.inflate(0, -rect.h // 3)
        assert not dice.colliderect(ink), (dice, rect)


def test_no_hint_line_until_the_hands_are_dealt(ctx: Context) -> None:
    scene = _start(ctx, (1280, 800))
    assert ctx.settings.hints
    assert scene.dealing or scene.dice_roll is not None or scene.first_roll is not None
    assert scene.current_hints() is NO_HINTS
    for _ in range(400):
        if not (scene.dealing or scene.dice_roll is not None or scene.first_roll is not None):
            break
        scene.update(0.05)
        assert scene.current_hints() is NO_HINTS or not scene.dealing
    assert not scene.dealing and scene.dice_roll is None and scene.first_roll is None
    assert scene.current_hints() is not NO_HINTS


@pytest.mark.parametrize("rel", [0, 1, 2, 3])
def test_announcements_at_one_place_are_drawn_apart(ctx: Context, rel: int) -> None:
    scene = _start(ctx, (1280, 800))
    scene.floaters.clear()
    at = seat_anchor(scene.layout, rel)
    screen = pygame.Rect((0, 0), scene.layout.size)
    for i, text in enumerate(("White Dragon", "Bonus", "Summer")):
        scene._float(text, at, (255, 255, 255), 0.1 * i, 1.0)
    for _ in range(60):
        shown = [f for f in scene.floaters if f.tween.elapsed >= f.tween.delay]
        spots = [floater_spot(f, ctx.fonts.size(f.text, f.size, bold=True),
                              scene.layout.hand_w, screen) for f in shown]
        for a, b in itertools.combinations(spots, 2):
            assert not a.colliderect(b), (a, b)
        for f in scene.floaters:
            f.tween.update(0.05)


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1366, 768), (1920, 1080),
                                  (3840, 2160)])
def test_the_wild_indicator_and_its_label_stay_off_the_own_plate(
        ctx: Context, size: tuple[int, int], large: bool) -> None:
    """The larger rivers (issue 28) made the indicator a river tile: at 1024x640 its label
    ran onto the own plate below; it shrinks there instead, and is a river tile where the
    middle has room."""
    from game.client.i18n import LANGUAGES, set_language, t
    from game.client.table.layout import full_height, table_layout

    layout = table_layout(size, large)
    plate = name_plates(layout)[0]
    for language in LANGUAGES:
        set_language(language)
        view = _start(ctx, size).view
        mid, _small, _text_w = _middle(ctx.fonts, view, layout)
        tw = indicator_width(ctx.fonts, layout, mid)
        label_h = ctx.fonts.size(t("table.wild"), layout.text_px(0.8))[1]
        assert mid.y + full_height(tw) + 1 + label_h <= plate.top, (language, tw)
        assert tw >= 20 and (tw == layout.river_w or size[1] < 1440)
