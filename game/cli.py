"""The `mahjong` command: the window by default, and the subcommands of CONTRACTS.md.

One argparse parser: `build_parser` hangs a branch per command under `mahjong`, and each
command's module fills its branch with `add_arguments(parser)` and runs it with `run(args)`
(TABLE says where). A module's own `main(argv)` builds the same branch on its own.

One entry point for every command: global flags (--version, --verbose), the diagnostic log
(game/diagnostics.py), and the rule that no traceback reaches a player or a script: a mistake
is one line on standard error and a non-zero status (2: bad arguments, 1: it failed, 130:
interrupted with Ctrl-C, 141: the reader of our output went away).
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import importlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NoReturn

from game.argparsing import Parser, Run, run_parsed

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Command:
    """One `mahjong` command: its line in `mahjong --help`, and where its module keeps
    `add_arguments(parser)` (its flags, defined once) and `run(args) -> exit status`."""

    help: str
    arguments: str
    run: str
    needs: str | None = None
    """What is missing when its module cannot be loaded (an optional library)."""


TABLE = {
    "play": Command("start a local table in the window (mahjong play --help)",
                    "game.client.options:add_arguments", "game.client.app:run_args",
                    needs="the game window"),
    "score": Command("score a hand: JSON on standard input, JSON on standard output",
                     "game.calc:add_arguments", "game.calc:run"),
    "simulate": Command("play headless bot matches",
                        "game.simulate:add_arguments", "game.simulate:run"),
    "bench": Command("measure the engine's speed", "game.bench:add_arguments", "game.bench:run"),
    "host": Command("host a LAN table without a window",
                    "net.cli:add_host_arguments", "net.cli:host_run", needs="LAN play"),
    "join": Command("join a LAN table without a window",
                    "net.cli:add_join_arguments", "net.cli:join_run", needs="LAN play"),
    "tournament": Command("duplicate bot tournament",
                          "game.tournament:add_arguments", "game.tournament:run"),
    "replay": Command("check a match log (mahjong replay verify FILE)",
                      "game.replay:add_arguments", "game.replay:run"),
    "review": Command("review a player's decisions in a match log against the expert",
                      "game.review:add_arguments", "game.review:run"),
    "stats": Command("statistics per player from the kept match logs",
                     "game.stats:add_arguments", "game.stats:run"),
}
COMMAND_HELP = {name: command.help for name, command in TABLE.items()}
GLOBAL_FLAGS = ("-v", "--verbose")
TOP_ONLY = ("-h", "--help", "-V", "--version")
"""Flags that make `mahjong` answer by itself rather than open the window."""


def _entry(target: str) -> Callable[..., Any]:
    module, _, name = target.partition(":")
    entry: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return entry


def _lazy(target: str) -> Run:
    """A command's run entry, imported when it runs (a command loads only its own modules)."""

    def run(args: argparse.Namespace) -> int:
        status: int = _entry(target)(args)
        return status

    return run


COMMANDS: dict[str, Run] = {name: _lazy(command.run) for name, command in TABLE.items()}
"""Each command's run entry (a test may put its own in place)."""


def build_parser(commands: Iterable[str] | None = None) -> Parser:
    """`mahjong`'s one parser: the global flags, and one branch per command whose flags its
    module adds. Only the branches in `commands` get their flags (all when None): a command
    line uses one branch, and loading every command's modules (LAN play's among them) would
    slow every command down, or stop all of them when an optional library is missing."""
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
    sub = p.add_subparsers(title="commands", dest="command", metavar="COMMAND",
                           help="mahjong COMMAND --help shows its flags")
    for name, command in TABLE.items():
        branch = sub.add_parser(name, help=command.help)
        if commands is None or name in commands:
            _entry(command.arguments)(branch)
    return p


def chosen(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The deepest parser the command line went into (mahjong → replay → verify)."""
    while True:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        name = getattr(args, subs[0].dest, None) if subs else None
        if name is None:
            return parser
        parser = subs[0].choices[name]


def _with_command(argv: list[str]) -> tuple[list[str], bool]:
    """`argv` with `play` where the command goes when there is none (plain `mahjong`, or
    `mahjong --demo ...`: the window), and whether that happened (then the window opens its
    main menu, not a table, unless --demo)."""
    at = 0
    while at < len(argv) and argv[at] in GLOBAL_FLAGS:
        at += 1
    if at == len(argv) or (argv[at].startswith("-") and argv[at] not in TOP_ONLY):
        return [*argv[:at], "play", *argv[at:]], True
    if argv[at] == "help":
        return [*argv[:at], "--help", *argv[at + 1:]], False
    return argv, False


def _dispatch(argv: list[str]) -> int:
    words, menu = _with_command(argv)
    name = next((w for w in words if w not in GLOBAL_FLAGS), None)
    if name in TOP_ONLY:
        build_parser(()).parse_args(words)  # prints help or the version, and exits
    if name not in COMMAND_HELP:
        sys.stderr.write(f"mahjong: unknown command {name!r} (commands: "
                         f"{', '.join(COMMAND_HELP)}; see mahjong --help)\n")
        return 2
    try:
        parser = build_parser([name])
    except ImportError as exc:
        needs = TABLE[name].needs
        if needs is None:
            raise  # the core itself is broken: the last resort in main logs it
        sys.stderr.write(f"mahjong {name}: {needs} is not available ({exc})\n")
        return 1
    args, extras = parser.parse_known_args(words)
    leaf = chosen(parser, args)
    if extras:  # named by the command they were given to, not by `mahjong`
        leaf.error(f"unrecognized arguments: {' '.join(extras)}")
    if menu:
        args.play = False
    from game import diagnostics

    diagnostics.setup(args.verbose, command="window" if name == "play" else name)
    return run_parsed(leaf, COMMANDS[name], args)


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


def exit_with(status: int) -> NoReturn:
    """End the `mahjong` process with `status` (the entry points only, never a test in-process).
    After a Ctrl-C (130) the process ends by `os._exit` once the streams are flushed and the
    exit handlers have run: CPython can remember a KeyboardInterrupt that was raised while a
    module loaded even though it was caught, and would end the process by SIGINT (-2) instead
    of the 130 decided here; a second Ctrl-C during that shutdown is ignored."""
    if status != 130:
        raise SystemExit(status)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    atexit._run_exitfuncs()
    os._exit(130)


def entry() -> NoReturn:
    """The `mahjong` console script: `main`, then `exit_with` its status."""
    exit_with(main())


def _stdout_gone() -> int:
    """`mahjong ... | head`: the reader left. Quietly, as Unix tools do (128 + SIGPIPE); point
    stdout at devnull so the interpreter's final flush cannot raise again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 141
