"""The new-game screen shows every value of every table option in each language, and a match
started with every option moved off its default plays all of them (tests/client/
test_setup_options.py steps each option once; this walks all the values)."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.screens.rule_options import SET_ELSEWHERE, option_label, setup_options, value_text
from game.client.sessions.local import LocalSession
from game.client.table.scene import TableScene
from game.rules.registry import NAMES, OPTION_TABLES
from tests.client.test_setup_options import _press, _row, _setup

WORDS = {
    "zh-Hant": {True: "開", False: "關", "first": "截胡", "all": "都胡"},
    "zh-Hans": {True: "开", False: "关", "first": "截胡", "all": "都胡"},
    "en": {True: "On", False: "Off", "first": "first only", "all": "all win"},
}
"""What a player reads for a switch and for N2's two choices, written out here."""


@pytest.mark.parametrize("language", sorted(WORDS))
@pytest.mark.parametrize("ruleset", NAMES)
def test_each_value_of_each_option_is_shown_as_it_is_set(
        ctx: Context, screen: pygame.Surface, ruleset: str, language: str) -> None:
    """Clicking an option's row walks through all its values, in the option table's order,
    and back to the default; the row shows each, in words a player reads (no string key),
    and the screen's choice is that value."""
    i18n.set_language(language)
    scene = _setup(ctx, ruleset)
    for option in setup_options(ruleset):
        row = _row(scene, option)
        values = list(option.choices)
        start = values.index(option.default)
        for step in range(1, len(values) + 1):
            _press(scene, row)
            value = values[(start + step) % len(values)]
            label = scene.group.buttons[row].label
            # (a number is itself: True == 1, so the words are not looked up for it)
            numeric = isinstance(value, int) and not isinstance(value, bool)
            shown = str(value) if numeric else WORDS[language][value]
            assert label.startswith(option_label(option)) and label.endswith(shown), label
            assert value_text(value) == shown and "option." not in label
            assert scene.chosen_options()[option.name] == value
        assert scene.chosen_options()[option.name] == option.default  # round and back


@pytest.mark.parametrize("ruleset", NAMES)
def test_a_match_started_with_every_option_changed_plays_them_all(
        ctx: Context, screen: pygame.Surface, ruleset: str) -> None:
    """Every option on the screen moved to its last value, then Start: the match plays all
    of them at once; what the screen does not offer (the match length, timers and flee, set
    elsewhere) keeps the ruleset's defaults for a solo table."""
    scene = _setup(ctx, ruleset)
    wanted = {}
    for option in setup_options(ruleset):
        row = _row(scene, option)
        values = list(option.choices)
        for _ in range((values.index(values[-1]) - values.index(option.default))
                       % len(values)):
            _press(scene, row)
        wanted[option.name] = values[-1]
    assert any(v != OPTION_TABLES[ruleset][k].default for k, v in wanted.items())
    _press(scene, len(scene.group.buttons) - 2)  # Start
    top = ctx.stack.top
    assert isinstance(top, TableScene) and isinstance(top.session, LocalSession)
    played = top.session.match.rules.options
    assert {k: played[k] for k in wanted} == wanted
    assert played["timers"] is False  # M11: off for solo unless the player's setting is on
    if "flee" in played:
        assert played["flee"] is False  # M12: only at a LAN table
    assert set(played) - set(wanted) == {"hands", *SET_ELSEWHERE} & set(played)
    ctx.stack.clear()
