"""The rulesets by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.errors import BadOption
from game.rules.base import Option, Ruleset
from game.rules.mazhan import OPTIONS as MAZHAN_OPTIONS
from game.rules.mazhan import Mazhan, MazhanOptions
from game.rules.nanjing import OPTIONS as NANJING_OPTIONS
from game.rules.nanjing import Nanjing, NanjingOptions
from game.rules.options import RuleOptions, parse_value

NAMES = ("mazhan", "nanjing")
UNITS: Mapping[str, str] = {"mazhan": "points", "nanjing": "gold"}
"""What each ruleset's scores are counted in: Mazhan points (M21), Nanjing gold (N10)."""
OPTION_TABLES: Mapping[str, Mapping[str, Option]] = {
    "mazhan": MAZHAN_OPTIONS,
    "nanjing": NANJING_OPTIONS,
}


OPTION_CLASSES: Mapping[str, type[RuleOptions]] = {
    "mazhan": MazhanOptions,
    "nanjing": NanjingOptions,
}


def build_options(name: str, given: Mapping[str, Any] | None = None) -> RuleOptions:
    """`name`'s typed options from plain data; BadOption for an unknown ruleset or option."""
    if name not in OPTION_CLASSES:
        raise BadOption(f"unknown ruleset {name!r} (mazhan or nanjing)")
    return OPTION_CLASSES[name].build(given)


def options_from_args(name: str, pairs: Sequence[str]) -> dict[str, Any]:
    """Options written on a command line as NAME=VALUE (repeatable), checked against `name`'s
    table; BadOption says which one is wrong. Only the options given are in the result."""
    table = OPTION_TABLES.get(name)
    if table is None:
        raise BadOption(f"unknown ruleset {name!r} (mazhan or nanjing)")
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption(f"write an option as NAME=VALUE, not {pair!r}")
        key = key.strip()
        out[key] = parse_value(table, key, text)
    build_options(name, out)
    return out


def options_hash(name: str, given: Mapping[str, Any] | None = None) -> str:
    """The one fingerprint of a ruleset and its options (defaults filled in, so leaving an
    option out and giving its default agree)."""
    return build_options(name, given).hash()


def make_ruleset(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset `name` with `options` checked against its table."""
    if name == "mazhan":
        return Mazhan(options)
    if name == "nanjing":
        return Nanjing(options)
    raise BadOption(f"unknown ruleset {name!r} (mazhan or nanjing)")
