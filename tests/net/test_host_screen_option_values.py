"""The host screen shows every value of every table option, and the LAN table it opens plays
all of them together, with timers and flee on (rulings M11, M12). In fake time, no sockets
(tests/net/fake.py `Lan`); the screens and fixtures are tests/net/test_host_screen_options.py's."""

from __future__ import annotations

import pytest

from game.client.context import Context
from game.client.screens.rule_options import option_label, setup_options, value_text
from game.rules.registry import OPTION_TABLES
from tests.net.test_host_screen_options import (  # noqa: F401 (fixtures used by name)
    _host_screen,
    _opened,
    _row,
    _to_ruleset,
    ctx,
    lan,
)


@pytest.mark.parametrize("ruleset", sorted(OPTION_TABLES))
def test_the_host_plays_every_option_as_set_with_timers_and_flee_on(
        ctx: Context, ruleset: str) -> None:  # noqa: F811 (the fixture)
    """Each option's row walks all its values, each shown on the row; set to their last
    values, the table opened plays every one of them, and the LAN's own M11 timers and M12
    flee (where the ruleset has it) are on."""
    screen = _host_screen(ctx)
    _to_ruleset(screen, ruleset)
    wanted = {}
    for option in setup_options(ruleset):
        row = _row(screen, option.name)
        values = list(option.choices)
        at = values.index(option.default)
        while True:
            screen.group.buttons[row].action()  # a click: the next value
            at = (at + 1) % len(values)
            assert screen.group.buttons[row].label == (
                f"{option_label(option)}: {value_text(values[at])}")
            if at == len(values) - 1:
                break
        wanted[option.name] = values[-1]
    with _opened(screen, ["open", "bot", "bot", "bot"]):
        assert screen.host is not None and screen.status == ""
        played = screen.host.match.rules.options
        assert {k: played[k] for k in wanted} == wanted
        assert played["timers"] is True  # M11: on at a LAN table
        assert played.get("flee", True) is True  # M12: on where the ruleset has a flee
        assert screen.host.table.timers_on
