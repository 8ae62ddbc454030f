"""`mahjong host` and `mahjong join` without a window (CONTRACTS §4)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any, TypeVar

from game.argparsing import Parser
from game.bots import LEVELS
from game.errors import BadOption, MahjongError
from game.rules.registry import OPTION_TABLES
from game.simulate import command_options
from game.timeouts import CLAIM_SECONDS, DISCARD_SECONDS
from net.client import Client, JoinError
from net.discovery import Announcer, DiscoveryError, find_table
from net.frames import PROTOCOL_VERSION, Message
from net.host import Host, HostConfig
from net.host_config import CLAIM_WINDOW, TIMER_RANGE, options_text
from net.save import (
    SaveData,
    SaveError,
    default_log_path,
    default_save_path,
    forget_finished,
    read_save,
    replay,
)
from net.tokens import TokenStore, table_key

RULESETS = ("mazhan", "nanjing")
_P = TypeVar("_P", bound=argparse.ArgumentParser)


def _fail(message: str, code: int = 1) -> int:
    print(f"mahjong: {message}", file=sys.stderr)
    return code


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace | int:
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:  # argparse has already printed the usage and the problem
        return int(exc.code or 0)


def _seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",")]
    if len(seats) != 4 or any(s not in ("open", "bot") for s in seats):
        raise argparse.ArgumentTypeError("give four comma-separated seats, each open or bot")
    return seats


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is 0-65535")
    return value


def host_parser() -> argparse.ArgumentParser:
    """`mahjong host` on its own; `mahjong`'s parser adds the same flags to its branch."""
    return add_host_arguments(Parser(prog="mahjong host"))


def add_host_arguments(p: _P) -> _P:
    """The flags of `mahjong host` (CONTRACTS §4)."""
    p.description = "Host a table on the LAN."
    p.add_argument("--headless", action="store_true", help="run without a window")
    p.add_argument("--ruleset", choices=RULESETS, help="required unless --resume")
    p.add_argument("--name", help="table name shown to players on the LAN (required unless "
                   "--resume)")
    p.add_argument("--port", type=_port, default=0, help="TCP port (default: any free port)")
    p.add_argument("--seats", type=_seats, default=["open", "bot", "bot", "bot"],
                   help="four of open/bot, e.g. open,open,bot,bot")
    p.add_argument("--hands", type=_positive, default=None, metavar="N",
                   help="a cap: stop after at most N hands (the match may end sooner, by its "
                        "rules or a bust; the summary's match_end says which)")
    p.add_argument("--interface", default=None, metavar="ADDRESS",
                   help="listen and announce on this IPv4 address only")
    p.add_argument("--start-after", type=float, default=120.0, metavar="SECONDS",
                   help="start with bots in the open seats after this long (default 120)")
    p.add_argument("--bots", choices=LEVELS, default="normal", help="level of the bots")
    p.add_argument("--seed", type=int, default=None,
                   help="match seed (first dealer, bots); each wall is always from a fresh "
                   "secret seed")
    p.add_argument("--reproducible-walls", action="store_true",
                   help="deal every wall from --seed instead of a fresh secret seed (tests and "
                   "benchmarks only: players could then work the walls out)")
    p.add_argument("--no-announce", action="store_true", help="do not advertise on the LAN")
    p.add_argument("--code", default=None, help="join code: lock the table to those who know it")
    p.add_argument("--save", type=Path, default=None, metavar="FILE",
                   help="save the match here after every hand (default: the user data folder)")
    p.add_argument("--no-save", action="store_true", help="do not save the match")
    p.add_argument("--resume", type=Path, default=None, metavar="FILE",
                   help="restore a saved table after a crash; players reclaim their places")
    p.add_argument("--log", type=Path, default=None, metavar="FILE",
                   help="write the match log here (default: the user data folder)")
    p.add_argument("--no-timers", action="store_true",
                   help="no turn timers (M11; on by default on the LAN)")
    p.add_argument("--discard-seconds", type=float, default=DISCARD_SECONDS, metavar="SECONDS",
                   help=f"time to discard before the table plays (M11; default "
                   f"{DISCARD_SECONDS:g}; learners may like 30 or 60)")
    p.add_argument("--claim-seconds", type=float, default=CLAIM_SECONDS, metavar="SECONDS",
                   help=f"time to answer a claim offer before it is passed (M11; default "
                   f"{CLAIM_SECONDS:g})")
    p.add_argument("--no-flee", action="store_true",
                   help="time-outs and absences never count as fleeing (M12)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a table option of the ruleset (repeatable), as simulate takes it, "
                   "e.g. gold=5 or table_fee=yes; shown to joiners, kept in the save and log")
    p.add_argument("--hand-pause", type=float, default=0.0, metavar="SECONDS",
                   help="pause between hands (default 0)")
    p.add_argument("--claim-window", type=float, default=CLAIM_WINDOW, metavar="SECONDS",
                   help="pause after every discard and kong while a person plays here, the "
                   f"same whether or not anyone may claim (default {CLAIM_WINDOW})")
    return p


def host_main(argv: list[str]) -> int:
    args = _parse(host_parser(), argv)
    if isinstance(args, int):
        return args
    return host_run(args)


def host_run(args: argparse.Namespace) -> int:
    """`mahjong host` with its flags parsed."""
    if not args.headless:
        return _fail("hosting from the command line needs --headless", 2)
    if args.start_after < 0 or args.hand_pause < 0 or not 0 <= args.claim_window <= 10:
        return _fail("--start-after and --hand-pause cannot be negative, and --claim-window "
                     "is 0-10 seconds", 2)
    if args.resume is not None and args.option:
        return _fail("--resume keeps the table's saved options; leave out --option", 2)
    low, high = TIMER_RANGE
    if not (low <= args.discard_seconds <= high and low <= args.claim_seconds <= high):
        return _fail(f"--discard-seconds and --claim-seconds are {low:g}-{high:g} seconds", 2)
    saved: SaveData | None = None
    if args.resume is not None:
        try:
            saved = read_save(args.resume)
        except SaveError as exc:
            return _fail(str(exc))
        if _finished(saved):
            return _fail(f"the match saved in {args.resume} is already finished "
                         f"({len(saved.hands)} hands played); nothing to resume")
    elif args.ruleset is None or args.name is None:
        return _fail("--ruleset and --name are needed (or --resume FILE)", 2)
    if args.name is not None and not args.name.strip():
        return _fail("--name cannot be empty: players find the table by its name", 2)
    options: dict[str, Any] = {}
    if args.option:
        try:
            options = command_options(args.ruleset, args.option)
        except BadOption as exc:
            return _fail(str(exc), 2)
    if args.no_timers:
        options["timers"] = False
    if args.no_flee and args.ruleset is not None and "flee" in OPTION_TABLES[args.ruleset]:
        options["flee"] = False  # M12 is Mazhan's; a Nanjing table has no flee to turn off
    config = HostConfig(
        ruleset=args.ruleset, name=args.name, seats=args.seats, hands=args.hands,
        seed=args.seed, bots=args.bots, start_after=args.start_after,
        address=args.interface or "0.0.0.0", port=args.port, code=args.code,
        hand_pause=args.hand_pause, options=options, claim_window=args.claim_window,
        secret_walls=not args.reproducible_walls,
        discard_seconds=args.discard_seconds, claim_seconds=args.claim_seconds,
    )
    if saved is not None:
        config.ruleset, config.name, config.seats = saved.ruleset, saved.table, saved.kinds
        config.hands, config.bots, config.code = saved.hands_limit, saved.bots, saved.code
        config.seed = saved.seed
        if saved.timers is not None and len(saved.timers) == 2:
            config.discard_seconds, config.claim_seconds = saved.timers
    if not args.no_save:
        config.save_path = args.save or args.resume or default_save_path(config.name)
    try:
        return asyncio.run(_host(config, saved, announce=not args.no_announce,
                                 interface=args.interface, log=args.log))
    except KeyboardInterrupt:
        return _fail("stopped", 130)
    except (OSError, DiscoveryError, MahjongError, SaveError, ValueError) as exc:
        return _fail(str(exc))


def _print(obj: dict[str, Any]) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)


async def _host(config: HostConfig, saved: SaveData | None, *, announce: bool,
                interface: str | None, log: Path | None) -> int:
    host = Host(config, on_hand=_print, saved=saved)
    config.log_path = log or default_log_path(config.name, host.seed)
    try:
        await host.start()
    except OSError as exc:
        where = f"{config.address}:{config.port}"
        raise OSError(f"cannot listen on {where}: {exc.strerror or exc}") from exc
    announcer: Announcer | None = None
    pending: set[asyncio.Task[None]] = set()
    if announce:
        announcer = Announcer(
            name=config.name, port=host.port, protocol=PROTOCOL_VERSION,
            ruleset=config.ruleset, rules=host.rules, free=len(host.free_seats),
            locked=bool(config.code), interface=interface, fingerprint=host.fingerprint,
            options=options_text(host.table.table_options),
            walls=config.walls, timers=host.table.announced_timers,
        )
        await announcer.start()
        current = announcer

        def seats_changed(free: int, started: bool) -> None:
            task = asyncio.get_running_loop().create_task(current.update(free=free,
                                                                         started=started))
            pending.add(task)
            task.add_done_callback(pending.discard)

        host.on_seats = seats_changed
    print(f"mahjong: table {config.name!r} listening on port {host.port}", file=sys.stderr)
    logging.getLogger(__name__).info(
        "hosting table %r (%s, seed %d) on port %d; save %s, log %s", config.name,
        config.ruleset, host.seed, host.port, config.save_path, config.log_path)
    # Players compare it with the one their join screen shows (a look-alike has another).
    print(f"mahjong: table fingerprint {host.fingerprint}", file=sys.stderr, flush=True)
    print(f"mahjong: table options: {_worded(config.ruleset, host.table.table_options)}",
          file=sys.stderr, flush=True)
    try:
        summary = await host.run()
    finally:
        await host.close()
        if announcer is not None:
            await announcer.close()
    summary["match_end"] = _match_end(host)
    forget_finished(config.save_path, summary["match_end"] != "stopped")
    _print(summary)
    return 0


def _match_end(host: Host) -> str:
    """Why the hosted match ended, as `simulate` says it: "hands" (its hands played, or the
    --hands cap reached) or "bust" (a player ran out); "stopped" if it did not end."""
    match = host.match
    if match.match_over:
        planned = int(match.rules.options.get("hands", 0))
        return "hands" if match.hands_played >= planned else "bust"
    return "hands" if host.hands_done == host.config.hands else "stopped"


def _finished(saved: SaveData) -> bool:
    """A save of a match that already ended (the cap reached, or the match over)."""
    if saved.hands_limit is not None and len(saved.hands) >= saved.hands_limit:
        return True
    try:
        return replay(saved).match_over
    except SaveError:
        return False  # the resume itself will explain the damage


def _worded(ruleset: str, options: dict[str, Any]) -> str:
    """The options as the setup screen words them, in English (the command line's language)."""
    from game.client import i18n
    from game.client.screens.rule_options import worded

    before = i18n.language()
    i18n.set_language("en")
    try:
        return "; ".join(f"{label} {value}" for label, value in worded(ruleset, options))
    finally:
        i18n.set_language(before)


def join_parser() -> argparse.ArgumentParser:
    """`mahjong join` on its own; `mahjong`'s parser adds the same flags to its branch."""
    return add_join_arguments(Parser(prog="mahjong join"))


def add_join_arguments(p: _P) -> _P:
    """The flags of `mahjong join` (CONTRACTS §4)."""
    p.description = "Join a table on the LAN."
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--discover", metavar="NAME", help="find the table by name (10 s)")
    where.add_argument("--address", metavar="HOST:PORT", help="connect to this address")
    p.add_argument("--autoplay", choices=LEVELS, default=None,
                   help="let a bot of this level play the seat")
    p.add_argument("--json", action="store_true", help="print a JSON summary at the end")
    p.add_argument("--name", default="player", help="your name at the table")
    p.add_argument("--seat", type=int, choices=(-1, 0, 1, 2, 3), default=-1,
                   help="place to take, 0-3 (default: the first free one)")
    p.add_argument("--interface", default=None, metavar="ADDRESS",
                   help="browse for tables on this IPv4 address only")
    p.add_argument("--seed", type=int, default=0, help="seed of the autoplay bot")
    p.add_argument("--code", default=None, help="join code of a locked table")
    p.add_argument("--token", default=None, help="reclaim your place with the token you got")
    p.add_argument("--watch", action="store_true", help="watch as a spectator")
    p.add_argument("--fingerprint", default=None, metavar="FP",
                   help="with --discover: the table's fingerprint, shown on the host's screen, "
                   "when several tables have one name")
    p.add_argument("--no-reconnect", action="store_true",
                   help="end when the connection is lost (default: reconnect with back-off "
                   "while the place is held)")
    p.add_argument("--no-keep-token", action="store_true",
                   help="do not keep the place's token in the data folder")
    p.add_argument("--handshake-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="give up if no table answers within this long (default 10)")
    return p


def _address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        raise ValueError(f"--address wants HOST:PORT, got {text!r}")
    try:
        number = int(port)
    except ValueError:
        raise ValueError(f"--address: {port!r} is not a port number") from None
    if not 1 <= number <= 65535:
        raise ValueError("--address: a port is 1-65535")
    return host.strip("[]"), number


def join_main(argv: list[str]) -> int:
    args = _parse(join_parser(), argv)
    if isinstance(args, int):
        return args
    return join_run(args)


def join_run(args: argparse.Namespace) -> int:
    """`mahjong join` with its flags parsed."""
    if args.autoplay is None and not args.watch:
        return _fail("joining from the command line needs --autoplay LEVEL (or --watch)", 2)
    try:
        return asyncio.run(_join(args))
    except KeyboardInterrupt:
        return _fail("stopped", 130)
    except (ValueError, DiscoveryError, JoinError) as exc:
        return _fail(str(exc))


async def _join(args: argparse.Namespace) -> int:
    rules = fingerprint = None
    if args.discover is not None:
        table = await find_table(args.discover, timeout=10.0, interface=args.interface,
                                 fingerprint=args.fingerprint)
        if table.protocol != PROTOCOL_VERSION:
            raise JoinError(
                f"table {table.name!r} speaks protocol {table.protocol}, we speak "
                f"{PROTOCOL_VERSION}"
            )
        if table.locked and not args.code:
            raise JoinError(f"table {table.name!r} is locked: give its join code with --code")
        address, port, rules = table.address, table.port, table.rules
        fingerprint = table.fingerprint or None
    else:
        address, port = _address(args.address)
    store = TokenStore()
    key = table_key(address, port, fingerprint)
    keep = not args.no_keep_token and not args.watch
    token = args.token or (store.load(key) if keep else None)

    def seated(msg: Message) -> None:
        if msg["t"] == "welcome" and isinstance(msg.get("options"), dict):
            print(f"mahjong: table options: {_worded(str(msg['ruleset']), msg['options'])}",
                  file=sys.stderr)
        if msg["t"] == "seated" and keep:
            path = store.save(key, msg["token"])
            where = f" (kept in {path})" if path else ""
            print(f"mahjong: seated in place {msg['seat']}; token {msg['token']}{where}",
                  file=sys.stderr)

    if not 0 < args.handshake_timeout <= 300:
        raise ValueError("--handshake-timeout is 0-300 seconds")
    client = Client(address, port, name=args.name, autoplay=None if args.watch else args.autoplay,
                    seat=args.seat, seed=args.seed, rules=rules, code=args.code, token=token,
                    watch=args.watch, fingerprint=fingerprint, on_message=seated,
                    reconnect=not args.no_reconnect, handshake_timeout=args.handshake_timeout)
    stats = await client.run()
    if keep:
        store.forget(key)  # the match is over: the place is no one's any more
    if args.json:
        _print(stats.to_json())
    else:
        print(f"played {stats.hands_played} hands in place {stats.seat}; "
              f"final scores {stats.final_scores}")
    return 0
