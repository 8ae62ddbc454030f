"""The `mahjong` command: the window by default, and the subcommands of CONTRACTS.md."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path

USAGE = """usage: mahjong [COMMAND] [OPTIONS]

With no command, opens the game window (main menu).

commands:
  play        start a local table in the window (mahjong play --help)
  score       score a hand: JSON on standard input, JSON on standard output
  simulate    play headless bot matches (mahjong simulate --help)
  bench       measure the engine's speed
  host        host a LAN table (mahjong host --help)
  join        join a LAN table (mahjong join --help)
  tournament  duplicate bot tournament
  replay      check a match log (mahjong replay verify FILE)
"""


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line and exit status 2, without a usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"mahjong {self.prog.split()[-1]}: {message}\n")
        raise SystemExit(2)


def _score(argv: list[str]) -> int:
    from game.calc import main as calc_main

    if argv and argv[0] in ("-h", "--help"):
        print("mahjong score < hand.json   (fields: see CONTRACTS.md §1)")
        return 0
    status, text = calc_main(sys.stdin.read())
    print(text)
    return status


def _simulate(argv: list[str]) -> int:
    from game.bots import LEVELS
    from game.rules.registry import NAMES

    p = _Parser(prog="mahjong simulate", description="Headless bot matches.")
    p.add_argument("--ruleset", choices=NAMES, default="mazhan")
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", choices=LEVELS, default="normal")
    p.add_argument("--json", action="store_true")
    p.add_argument("--log-dir", default=None, help="write one match log per match here")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a table option of the ruleset (repeatable), e.g. gold=5 or flee=yes; "
                        "recorded in the log")
    args = p.parse_args(argv)
    if args.hands < 1:
        p.error("--hands must be at least 1")
    from game.errors import BadOption
    from game.rules.registry import options_from_args
    from game.simulate import progress_printer, run_match

    try:
        options = options_from_args(args.ruleset, args.option)
    except BadOption as exc:
        p.error(str(exc))
    if "hands" in options:
        p.error("the match length is --hands, not --option hands=N")
    log_dir = Path(args.log_dir) if args.log_dir else None
    try:
        result = run_match(args.ruleset, args.hands, args.seed, args.bots, options=options,
                           progress=progress_printer(args.hands), log_dir=log_dir)
    except OSError as exc:
        sys.stderr.write(f"mahjong simulate: cannot write the log: {exc}\n")
        return 1
    out = result.to_json()
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>18}: {value}")
    return 0


def _tournament(argv: list[str]) -> int:
    from game.tournament import main as tournament_main

    return tournament_main(argv)


def _replay(argv: list[str]) -> int:
    from game.replay import verify_main

    status, text = verify_main(argv)
    print(text)
    return status


def _bench(argv: list[str]) -> int:
    from game.bench import main as bench_main

    return bench_main(argv)


def _window(argv: list[str]) -> int:
    try:
        from game.client.app import main as window_main
    except ImportError as exc:
        sys.stderr.write(f"mahjong: the game window is not available ({exc})\n")
        return 1
    return window_main(argv)


def _net(name: str) -> Callable[[list[str]], int]:
    def call(argv: list[str]) -> int:
        try:
            net_cli = importlib.import_module("net.cli")
        except ImportError as exc:
            sys.stderr.write(f"mahjong {name}: LAN play is not available ({exc})\n")
            return 1
        entry: Callable[[list[str]], int] = getattr(net_cli, f"{name}_main")
        return entry(argv)

    return call


COMMANDS: dict[str, Callable[[list[str]], int]] = {
    "score": _score,
    "simulate": _simulate,
    "bench": _bench,
    "host": _net("host"),
    "join": _net("join"),
    "tournament": _tournament,
    "replay": _replay,
}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if not args or args[0] == "play" or args[0].startswith("--"):
        return _window(args)
    command = COMMANDS.get(args[0])
    if command is None:
        sys.stderr.write(f"mahjong: unknown command {args[0]!r}\n{USAGE}")
        return 2
    try:
        return command(args[1:])
    except KeyboardInterrupt:
        return 130
