"""The `mahjong` command: the window by default, and the subcommands of CONTRACTS.md.

One entry point for every command: global flags (--version, --verbose), the diagnostic log
(game/diagnostics.py), and the rule that no traceback reaches a player or a script: a mistake
is one line on standard error and a non-zero status (2: bad arguments, 1: it failed, 130:
interrupted with Ctrl-C, 141: the reader of our output went away).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path

from game.argparsing import Parser, bounded_int

log = logging.getLogger(__name__)

MAX_SIM_HANDS = 1_000_000
"""`simulate` refuses more: a million hands already take hours."""

COMMAND_HELP = {
    "play": "start a local table in the window (mahjong play --help)",
    "score": "score a hand: JSON on standard input, JSON on standard output",
    "simulate": "play headless bot matches",
    "bench": "measure the engine's speed",
    "host": "host a LAN table without a window",
    "join": "join a LAN table without a window",
    "tournament": "duplicate bot tournament",
    "replay": "check a match log (mahjong replay verify FILE)",
}


def top_parser() -> argparse.ArgumentParser:
    """`mahjong --help`: the global flags and the list of commands (each has its own --help)."""
    from game import __version__, paths

    p = Parser(prog="mahjong", formatter_class=argparse.RawDescriptionHelpFormatter,
               description="Mazhan and Nanjing mahjong. With no command, opens the game "
                           "window (main menu);\nwindow flags as for `mahjong play`.",
               epilog=f"files (set {paths.DATA_ENV} to keep all of them in one folder):\n"
                      f"  saves and match logs: {paths.data_dir()}\n"
                      f"  settings:             {paths.settings_path()}\n"
                      f"  diagnostic log:       {paths.diagnostics_dir()}")
    p.add_argument("-V", "--version", action="version", version=f"mahjong {__version__}",
                   help="print the version and exit")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also show the diagnostic log on standard error")
    sub = p.add_subparsers(title="commands", metavar="COMMAND")
    for name, text in COMMAND_HELP.items():
        sub.add_parser(name, help=text, add_help=False)
    return p


def _score(argv: list[str]) -> int:
    from game.calc import main as calc_main

    p = Parser(prog="mahjong score", formatter_class=argparse.RawDescriptionHelpFormatter,
               description="Score one hand. Reads a JSON object on standard input and writes "
                           "one on standard output.",
               epilog="input fields (docs/CONTRACTS.md §1): ruleset, seat (E/S/W/N), hand, "
                      "melds, bonus, win,\n  self_draw, wild, flags, ponged, dealer_streak, "
                      "role\nexample:\n  echo '{\"ruleset\":\"mazhan\",\"seat\":\"E\","
                      "\"hand\":\"1112345678999m\",\"melds\":[\"pong:222z\"],\"win\":\"5m\"}' "
                      "| mahjong score\nexit status 1 with {\"error\": ...} for a hand that "
                      "is not a win or bad input.")
    p.parse_args(argv)
    status, text = calc_main(sys.stdin.read())
    print(text)
    return status


def simulate_parser() -> argparse.ArgumentParser:
    from game.bots import LEVELS
    from game.rules.registry import NAMES

    p = Parser(prog="mahjong simulate", description="Headless bot matches (CONTRACTS §2).")
    p.add_argument("--ruleset", choices=NAMES, default="mazhan", help="the rules to play")
    p.add_argument("--hands", type=bounded_int(1, MAX_SIM_HANDS), default=100,
                   help=f"hands (deals) to play at most, 1 to {MAX_SIM_HANDS:,}; the match "
                        "may end sooner (a player bust)")
    p.add_argument("--seed", type=int, default=0, help="the match seed (same seed, same match)")
    p.add_argument("--bots", choices=LEVELS, default="normal", help="level of the four bots")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--log-dir", default=None, help="write one match log per match here")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a table option of the ruleset (repeatable), e.g. gold=5 or flee=yes; "
                        "recorded in the log")
    return p


def _simulate(argv: list[str]) -> int:
    p = simulate_parser()
    args = p.parse_args(argv)
    from game.errors import BadOption
    from game.rules.registry import options_from_args
    from game.simulate import Progress, run_match

    try:
        options = options_from_args(args.ruleset, args.option)
    except BadOption as exc:
        p.error(str(exc))
    if "hands" in options:
        p.error("the match length is --hands, not --option hands=N")
    log_dir = Path(args.log_dir) if args.log_dir else None
    progress = Progress(args.hands)
    log.info("simulate: %s, %d hands, seed %d, bots %s", args.ruleset, args.hands, args.seed,
             args.bots)
    try:
        result = run_match(args.ruleset, args.hands, args.seed, args.bots, options=options,
                           progress=progress, log_dir=log_dir)
    except OSError as exc:
        sys.stderr.write(f"mahjong simulate: cannot write the log: {exc}\n")
        return 1
    finally:
        progress.close()  # the bar's line ends even when the match ends early or is stopped
    out = result.to_json()
    log.info("simulate: match ended (%s) after %d hands", result.match_end, result.hands)
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

    p = Parser(prog="mahjong replay", description="Match logs.")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    verify = sub.add_parser("verify", help="replay a log through the engine and check it: "
                            "prints {hands, final_scores, events_sha256, ok} or {error}",
                            description="Replay a match log through the engine and check "
                                        "every hand against it (exit 1 with {\"error\"} when "
                                        "it is damaged, changed, or from another engine).")
    verify.add_argument("file", metavar="FILE", help="a match log (.jsonl)")
    args = p.parse_args(argv)
    status, text = verify_main(["verify", args.file])
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
GLOBAL_FLAGS = ("-v", "--verbose")


def _dispatch(args: list[str]) -> int:
    verbose = False
    while args and args[0] in GLOBAL_FLAGS:
        verbose, args = True, args[1:]
    if args and args[0] in ("-h", "--help", "help", "-V", "--version"):
        top_parser().parse_args(["--help" if args[0] == "help" else args[0]])
        return 0
    from game import diagnostics

    window = not args or args[0] == "play" or args[0].startswith("-")
    diagnostics.setup(verbose, command="window" if window else args[0])
    if window:
        return _window(args)
    command = COMMANDS.get(args[0])
    if command is None:
        sys.stderr.write(f"mahjong: unknown command {args[0]!r} (commands: "
                         f"{', '.join(COMMAND_HELP)}; see mahjong --help)\n")
        return 2
    return command(args[1:])


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        status = _dispatch(args)
        sys.stdout.flush()
    except SystemExit as exc:  # argparse: --help, --version (0) or a bad argument (2)
        status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            status = _stdout_gone()
    except BrokenPipeError:
        status = _stdout_gone()
    except KeyboardInterrupt:
        log.info("interrupted (Ctrl-C)")
        sys.stderr.write("\nmahjong: interrupted\n")
        status = 130
    except Exception as exc:  # the last resort: a sentence for the person, the trace in the log
        log.exception("unexpected error")
        from game.diagnostics import log_file

        sys.stderr.write(f"mahjong: unexpected error: {type(exc).__name__}: {exc} "
                         f"(details in {log_file()})\n")
        status = 1
    return status


def _stdout_gone() -> int:
    """`mahjong ... | head`: the reader left. Quietly, as Unix tools do (128 + SIGPIPE); point
    stdout at devnull so the interpreter's final flush cannot raise again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 141
