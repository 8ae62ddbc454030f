"""The one argparse flavour every `mahjong` command uses: a mistake is one line on standard
error and exit status 2 (no usage dump, never a traceback), and numbers have bounds."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable


class Parser(argparse.ArgumentParser):
    """argparse that reports a mistake as `mahjong CMD: what is wrong (see --help)`."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message} (see {self.prog} --help)\n")
        raise SystemExit(2)


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
