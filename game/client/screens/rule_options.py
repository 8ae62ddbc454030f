"""A ruleset's table options as the setup screens show them, read from `OPTION_TABLES`.

Nothing here knows a ruleset by name: each option's label, values and default come from its
`Option` record, so an option added to a ruleset appears on the screen by itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from game import catalogue
from game.client import i18n
from game.rules.base import Option
from game.rules.registry import OPTION_TABLES

SET_ELSEWHERE = frozenset({"hands", "timers", "flee"})
"""`hands` is the match-length row; `timers` is a player setting (Settings, and on by default
on the LAN); `flee` (M12) only means something at a LAN table, where the host turns it on."""

_RULING = re.compile(r"\s*\((?:[MN]\d+(?:[-,/ ]*[MN]?\d+)*)\)\s*$")
"""A trailing ruling reference such as "(M10)": for the rules' authors, not for the screen."""


def setup_options(ruleset: str) -> tuple[Option, ...]:
    """The options of `ruleset` a setup screen offers, in the table's order."""
    return tuple(o for name, o in OPTION_TABLES[ruleset].items() if name not in SET_ELSEWHERE)


def defaults(ruleset: str) -> dict[str, Any]:
    return {o.name: o.default for o in setup_options(ruleset)}


def step_value(option: Option, value: Any, step: int = 1) -> Any:
    """The value after `value`, `step` places on (negative: back), wrapping around.

    Whole numbers without a list of choices move by one within their bounds."""
    if option.choices:
        choices = list(option.choices)
        index = choices.index(value) if value in choices else -step
        return choices[(index + step) % len(choices)]
    low, high = option.bounds
    span = high - low + 1
    current = value if isinstance(value, int) and low <= value <= high else option.default
    return low + (current - low + step) % span


def option_help(option: Option) -> str:
    """The option's whole description in the current language (the rules' catalogue)."""
    return catalogue.option_words(option, i18n.language())


def option_label(option: Option) -> str:
    """A button's worth of the description: up to its first colon, no ruling reference."""
    text = _RULING.sub("", option_help(option))
    return re.split(r"[:;]\s|[：；]", text, maxsplit=1)[0].strip()


def value_text(value: Any) -> str:
    """On/off for switches; a word value in the current language when i18n has it."""
    if isinstance(value, bool):
        return i18n.t("on") if value else i18n.t("off")
    if isinstance(value, str):
        key = f"option.{value}"
        text = i18n.t(key)
        return value if text == key else text
    return str(value)


def stepper(values: dict[str, Any], option: Option, step: int,
            then: Callable[[], None]) -> Callable[[], None]:
    """A button action moving `option` in `values` by `step` places, then calling `then`."""
    def act() -> None:
        values[option.name] = step_value(option, values[option.name], step)
        then()

    return act


def worded(ruleset: str, options: dict[str, Any]) -> list[tuple[str, str]]:
    """A table's options as the setup screen words them, (label, value) in the table's order:
    what a joiner is shown before sitting (options this version does not know are left out)."""
    table = OPTION_TABLES.get(ruleset, {})
    return [(option_label(table[name]), value_text(value))
            for name, value in options.items() if name in table]
