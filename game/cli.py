"""The `mahjong` command: the window by default, and the subcommands of CONTRACTS.md."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    print("mahjong: subcommands: play score simulate bench host join tournament replay")
    return 0 if not args else 2
