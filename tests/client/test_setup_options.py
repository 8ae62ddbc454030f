"""The new-game screen offers the chosen ruleset's options, read from OPTION_TABLES, and the
match it starts is played with them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.catalogue.rules import STRINGS
from game.client import i18n
from game.client.context import Context
from game.client.screens.menus import SetupScene
from game.client.screens.rule_options import (
    SET_ELSEWHERE,
    option_label,
    setup_options,
    step_value,
    value_text,
)
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.rules.base import Option
from game.rules.registry import NAMES, OPTION_TABLES

SIZES = [(1024, 640), (1920, 1080)]


def _setup(ctx: Context, ruleset: str, size: tuple[int, int] = (1280, 800)) -> SetupScene:
    ctx.size = size
    scene = SetupScene(ctx, hotseat=False)
    ctx.stack.push(scene)
    while scene.ruleset != ruleset:
        _press(scene, 0)  # the ruleset row, clicked like a person would
    return scene


def _press(scene: SetupScene, index: int) -> None:
    rect = scene.group.buttons[index].rect
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, pos=rect.center, button=1))


def _row(scene: SetupScene, option: Option) -> int:
    return next(i for i, o in scene.option_rows.items() if o.name == option.name)


@pytest.mark.parametrize("ruleset", NAMES)
def test_every_option_can_be_changed_on_screen_and_reaches_the_match(
        ctx: Context, screen: pygame.Surface, ruleset: str) -> None:
    options = setup_options(ruleset)
    table = OPTION_TABLES[ruleset]
    assert {o.name for o in options} == set(table) - SET_ELSEWHERE
    for option in options:
        scene = _setup(ctx, ruleset)
        row = _row(scene, option)
        assert scene.group.buttons[row].label.startswith(option_label(option))
        _press(scene, row)  # one click: the next value in the option's choices
        wanted = step_value(option, option.default)
        assert wanted != option.default
        assert scene.group.buttons[row].label.endswith(
            value_text(wanted)), scene.group.buttons[row].label
        _press(scene, len(scene.group.buttons) - 2)  # Start
        top = ctx.stack.top
        assert isinstance(top, TableScene) and isinstance(top.session, LocalSession)
        got = top.session.match.rules.options
        assert got[option.name] == wanted
        for other in options:  # and nothing else moved
            if other is not option:
                assert got[other.name] == other.default
        ctx.stack.clear()


def test_arrow_keys_step_the_focused_option_both_ways(ctx: Context,
                                                      screen: pygame.Surface) -> None:
    scene = _setup(ctx, "mazhan")
    option = next(o for o in setup_options("mazhan") if len(o.choices) > 2)
    scene.group.focus = _row(scene, option)
    for key in (pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    choices = list(option.choices)
    expected = choices[(choices.index(option.default) - 1) % len(choices)]
    assert scene.chosen_options()[option.name] == expected
    assert scene.group.focus == _row(scene, option)  # focus stays on the row


def test_each_ruleset_keeps_its_own_choices_while_cycling(ctx: Context,
                                                          screen: pygame.Surface) -> None:
    scene = _setup(ctx, "nanjing")
    option = setup_options("nanjing")[0]
    _press(scene, _row(scene, option))
    changed = scene.chosen_options()
    _press(scene, 0)
    assert scene.ruleset == "mazhan"
    assert set(scene.chosen_options()) == {o.name for o in setup_options("mazhan")}
    _press(scene, 0)
    assert scene.chosen_options() == changed


def test_the_screen_reads_the_table_not_a_list_of_its_own(
        ctx: Context, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    extra = Option("dice_luck", "low", ("low", "high"), "help.nanjing.dice_luck")
    monkeypatch.setitem(STRINGS, "help.nanjing.dice_luck", ("骰運", "Dice luck: how lucky"))
    table: dict[str, Any] = {**OPTION_TABLES["nanjing"], "dice_luck": extra}
    monkeypatch.setitem(OPTION_TABLES, "nanjing", table)
    scene = _setup(ctx, "nanjing")
    row = _row(scene, extra)
    i18n.set_language("en")
    scene.refresh()
    assert scene.group.buttons[row].label == "Dice luck: low"
    _press(scene, row)
    assert scene.chosen_options()["dice_luck"] == "high"


@given(st.sampled_from([o for rs in NAMES for o in setup_options(rs)]),
       st.integers(-12, 12))
def test_stepping_stays_within_the_allowed_values(option: Option, steps: int) -> None:
    value = option.default
    for _ in range(abs(steps)):
        value = step_value(option, value, 1 if steps > 0 else -1)
        assert value in option.choices if option.choices else (
            option.bounds[0] <= value <= option.bounds[1])
    back = value
    for _ in range(abs(steps)):
        back = step_value(option, back, -1 if steps > 0 else 1)
    assert back == option.default


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["zh", "en"])
@pytest.mark.parametrize("ruleset", NAMES)
def test_setup_with_options_fits_the_window(ctx: Context, size: tuple[int, int],
                                            language: str, ruleset: str, shots: Path) -> None:
    i18n.set_language(language)
    surface = pygame.display.set_mode(size)
    scene = _setup(ctx, ruleset, size)
    scene.group.focus = min(scene.option_rows)
    scene.draw(surface)
    pygame.image.save(surface, str(shots / f"setup_{ruleset}_{language}_{size[0]}.png"))
    rects = [b.rect for b in scene.group.buttons]
    for i, rect in enumerate(rects):
        assert surface.get_rect().contains(rect)
        assert not any(rect.colliderect(other) for other in rects[i + 1:])
        label = scene.group.buttons[i].label
        size_px = ctx.fonts.fit(label, int(rect.h * 0.5), rect.w - 12)
        assert size_px >= 11, label  # still readable, not squeezed to a smudge


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_focused_bot_seat_shows_its_level_style_and_strength(
        ctx: Context, screen: pygame.Surface, lang: str) -> None:
    from game.client.options import BOT_LEVELS

    i18n.set_language(lang)
    scene = _setup(ctx, "mazhan")
    seen = []
    for _ in range(len(BOT_LEVELS) + 1):
        _press(scene, 2)  # the second seat cycles: … → expert → human → random → …
        scene.group.focus = 2
        if scene.kinds[1] == "bot":
            help_text = i18n.t(f"level.{scene.levels[1]}.help")
            assert help_text != f"level.{scene.levels[1]}.help" and help_text in scene.tip()
            seen.append(scene.levels[1])
        else:
            assert scene.tip() == i18n.t("setup.rename")
    assert sorted(seen) == sorted(BOT_LEVELS)  # every level, whatever the seat began as
