"""Typed table options: each ruleset declares one frozen dataclass whose fields are its options.

A field's default and allowed values (or whole-number range) sit on the field itself, its
words in the catalogue under "help.<ruleset>.<name>" (game/catalogue/rules.py), so a new
option is one line in one ruleset file plus its words.
The option table the setup and host screens list (`Option`), the check at the start of a
match (a misspelt name or a value not allowed raises `BadOption`), the plain dict written in
logs and saves, and the hash peers compare are all derived from that one declaration.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from game.errors import BadOption
from game.rules.base import Option

_META = "option"


def option(default: Any, *, choices: tuple[Any, ...] = (), bounds: tuple[int, int] = (0, 0),
           args: tuple[tuple[str, int], ...] = ()) -> Any:
    """A dataclass field that is a table option: a whole number within `bounds` when
    `choices` is empty, else one of `choices`. Its words are the catalogue's
    "help.<ruleset>.<name>", with `args` (the numbers they hold) filled in."""
    meta = {_META: (choices, bounds, args)}
    return dataclasses.field(default=default, metadata=meta)


class RuleOptions:
    """Base of each ruleset's options dataclass (subclasses are frozen dataclasses)."""

    __slots__ = ()
    ruleset: ClassVar[str] = ""
    # every ruleset has these two (the match's length and M11's clock), so callers read them
    # without knowing which ruleset they hold
    hands: int
    timers: bool

    @classmethod
    def table(cls) -> dict[str, Option]:
        """The option table, in declaration order, as the screens list it."""
        out: dict[str, Option] = {}
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            choices, bounds, args = f.metadata[_META]
            out[f.name] = Option(f.name, f.default, choices, f"help.{cls.ruleset}.{f.name}",
                                 bounds, args)
        return out

    @classmethod
    def build(cls, given: Mapping[str, Any] | None = None) -> Self:
        """The options from plain data, defaults filled in; BadOption names what is wrong."""
        return cls(**check_options(cls.table(), given))

    def as_dict(self) -> dict[str, Any]:
        """Plain data for logs, saves and the LAN (every option, defaults included)."""
        return {f.name: getattr(self, f.name)
                for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def replace(self, **changes: Any) -> Self:
        """A copy with `changes`, checked like `build`."""
        return self.build({**self.as_dict(), **changes})

    def hash(self) -> str:
        """A short fingerprint of the ruleset and its options, so peers can check they agree."""
        return options_hash(self.ruleset, self.as_dict())


def check_options(table: Mapping[str, Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in; unknown names, values of the wrong type and values not allowed raise
    BadOption."""
    out = {name: opt.default for name, opt in table.items()}
    for name, value in (given or {}).items():
        if name not in table:
            known = ", ".join(sorted(table))
            raise BadOption(f"unknown option {name!r} (known: {known})")
        opt = table[name]
        # bool is an int in Python: True must not pass for gold 1, nor 1 for a yes/no option
        if isinstance(value, bool) != isinstance(opt.default, bool):
            raise BadOption(f"option {name!r} cannot be {value!r} "
                            f"(it takes a {type(opt.default).__name__})")
        if opt.choices and value not in opt.choices:
            allowed = ", ".join(map(str, opt.choices))
            raise BadOption(f"option {name!r} cannot be {value!r} (allowed: {allowed})")
        low, high = opt.bounds
        if not opt.choices and (not isinstance(value, int) or not low <= value <= high):
            raise BadOption(f"option {name!r} must be a whole number {low}-{high}, not {value!r}")
        out[name] = value
    return out


def parse_value(table: Mapping[str, Option], name: str, text: str) -> Any:
    """An option's value from command-line text ("NAME=VALUE"): yes/no words for yes/no
    options, whole numbers for numbers; checked later by `check_options`."""
    if name not in table:
        raise BadOption(f"unknown option {name!r} (known: {', '.join(sorted(table))})")
    default = table[name].default
    word = text.strip().lower()
    if isinstance(default, bool):
        if word in ("1", "true", "yes", "on"):
            return True
        if word in ("0", "false", "no", "off"):
            return False
        raise BadOption(f"option {name!r} takes yes or no, not {text!r}")
    if isinstance(default, int):
        try:
            return int(word)
        except ValueError:
            raise BadOption(f"option {name!r} takes a whole number, not {text!r}") from None
    return text.strip()


def options_hash(name: str, options: Mapping[str, Any]) -> str:
    """A short fingerprint of a ruleset and its options, so peers can check they agree."""
    text = json.dumps({"ruleset": name, "options": dict(options)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
