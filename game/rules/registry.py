"""The rulesets by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.errors import BadOption
from game.rules.base import Option, Ruleset
from game.rules.mazhan import OPTIONS as MAZHAN_OPTIONS
from game.rules.mazhan import Mazhan
from game.rules.nanjing import OPTIONS as NANJING_OPTIONS
from game.rules.nanjing import Nanjing

NAMES = ("mazhan", "nanjing")
OPTION_TABLES: Mapping[str, Mapping[str, Option]] = {
    "mazhan": MAZHAN_OPTIONS,
    "nanjing": NANJING_OPTIONS,
}


def make_ruleset(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset `name` with `options` checked against its table."""
    if name == "mazhan":
        return Mazhan(options)
    if name == "nanjing":
        return Nanjing(options)
    raise BadOption(f"unknown ruleset {name!r} (mazhan or nanjing)")
