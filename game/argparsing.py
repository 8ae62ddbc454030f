"""The one argparse flavour every `mahjong` command uses: a mistake is one line on standard
error and exit status 2 (no usage dump, never a traceback), numbers have bounds, and only
flags spelled out in full are accepted.

Each command module contributes `add_arguments(parser)` (its flags, description and epilog)
and `run(args) -> int`; `game/cli.py` hangs every command's parser under one `mahjong`
parser, and a module's own `main(argv)` builds the same parser with `command_parser`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

AddArguments = Callable[[argparse.ArgumentParser], object]
"""Fills a parser with a command's flags; whatever it returns is ignored."""
Run = Callable[[argparse.Namespace], int]


class Parser(argparse.ArgumentParser):
    """argparse that reports a mistake as `mahjong CMD: what is wrong (see --help)`.

    Abbreviated flags are refused (`--hand` is not `--hands`): a script that relied on one
    would break, or silently change meaning, the day a longer flag with that prefix is added.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        usage_error(self, message)
        raise SystemExit(2)


class UsageError(Exception):
    """A bad argument a command finds after parsing (it depends on another flag): reported
    like argparse's own mistakes, one line and exit status 2."""


def usage_error(parser: argparse.ArgumentParser, message: str) -> int:
    """Write `PROG: message (see PROG --help)` on standard error; return status 2."""
    sys.stderr.write(f"{parser.prog}: {message} (see {parser.prog} --help)\n")
    return 2


def exit_status(exc: SystemExit) -> int:
    """The status argparse meant: 0 after --help or --version, 2 for a mistake."""
    return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1


def command_parser(name: str, add_arguments: AddArguments) -> Parser:
    """The parser of `mahjong NAME` on its own, for the module's `main(argv)` (the same
    `add_arguments` builds the `NAME` branch of `mahjong`'s parser)."""
    parser = Parser(prog=f"mahjong {name}")
    add_arguments(parser)
    return parser


def run_parsed(parser: argparse.ArgumentParser, run: Run, args: argparse.Namespace) -> int:
    """`run(args)`, with a UsageError it raises reported as `parser`'s mistake (status 2)."""
    try:
        return run(args)
    except UsageError as exc:
        return usage_error(parser, str(exc))


def run_command(name: str, add_arguments: AddArguments, run: Run, argv: list[str]) -> int:
    """A module's `main(argv)`: parse with the command's parser and run; --help and mistakes
    return their status instead of raising SystemExit."""
    parser = command_parser(name, add_arguments)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exit_status(exc)
    return run_parsed(parser, run, args)


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` inclusive."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range ({low} to {high:,})")
        return value

    convert.__name__ = "whole number"  # argparse names the type in its message
    return convert
