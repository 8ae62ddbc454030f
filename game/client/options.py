"""Command-line options of the window (CONTRACTS §3) and their parser."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

RULESETS = ("mazhan", "nanjing")
BOT_LEVELS = ("random", "easy", "normal", "hard", "expert")
SEAT_KINDS = ("human", "bot")
MIN_SIZE = (1024, 640)
MAX_SIZE = (7680, 4320)
"""8K: a bigger window is a typo, and SDL would fail to allocate it."""


class OptionsError(ValueError):
    """A command-line option a person got wrong; the message says what to type instead."""


@dataclass
class ClientOptions:
    """What `mahjong` / `mahjong play ...` asked for. `play` starts a table without the menu."""

    ruleset: str = "mazhan"
    seats: list[str] = field(default_factory=lambda: ["human", "bot", "bot", "bot"])
    bots: str = "normal"
    demo: bool = False
    seed: int | None = None
    speed: float = 1.0
    quit_after: float | None = None
    screenshot: str | None = None
    frame_stats: bool = False
    size: tuple[int, int] = (1280, 800)
    play: bool = False
    hands: int | None = None
    names: list[str] | None = None
    replay: str | None = None
    """A match log to open in the replay viewer instead of a table."""
    review: int | None = None
    """With `replay`: open the Review screen of this player (0-3) on that log instead."""
    until_wall: int | None = None
    """With --demo: play stops once the wall holds this many tiles or fewer (the window keeps
    drawing), for screenshots and checks of a late hand."""
    layout_json: str | None = None
    """At quit, write where the table drew each seat's tiles and every text's smallest size."""
    lesson: str | None = None
    """A lesson to open at once (`play --lesson mazhan.wild`), for tests and screenshots."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise OptionsError(message)


def _size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}")
    w, h = int(parts[0]), int(parts[1])
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(
            f"the window needs at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, not {w}x{h}"
        )
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(
            f"the window can be at most {MAX_SIZE[0]}x{MAX_SIZE[1]}, not {w}x{h}"
        )
    return w, h


def _seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",")]
    if len(seats) != 4 or any(s not in SEAT_KINDS for s in seats):
        raise argparse.ArgumentTypeError(
            f"--seats takes four of human/bot separated by commas, e.g. human,bot,bot,bot "
            f"(got {text!r})"
        )
    return seats


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, not {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The window's flags (CONTRACTS §3), for `mahjong play` and for plain `mahjong`."""
    parser.description = ("Open the mahjong window at a table. The same flags without `play` "
                          "open the main menu (except --demo, which always starts a table).")
    parser.set_defaults(play=True)  # plain `mahjong FLAGS` sets it False: the main menu
    parser.add_argument("--ruleset", choices=RULESETS, default="mazhan", help="the rules to play")
    parser.add_argument("--seats", type=_seats, default=None, help="e.g. human,bot,bot,bot")
    parser.add_argument("--bots", choices=BOT_LEVELS, default="normal", help="level of the bots")
    parser.add_argument("--demo", action="store_true", help="four bots play; the window watches")
    parser.add_argument("--seed", type=int, default=None, help="the match seed (default: random)")
    parser.add_argument("--speed", type=_positive, default=1.0, help="animation speed factor")
    parser.add_argument("--quit-after", type=_positive, default=None, metavar="SECONDS",
                        help="close the window after this long")
    parser.add_argument("--screenshot", default=None, metavar="PATH", help="PNG saved at quit")
    parser.add_argument("--frame-stats", action="store_true", help="JSON frame times at quit")
    parser.add_argument("--size", type=_size, default=(1280, 800), metavar="WxH",
                        help="window size, from 1024x640 up (default 1280x800)")
    parser.add_argument("--hands", type=int, default=None, help="hands in the match")
    parser.add_argument("--names", default=None, help="four names separated by commas")
    parser.add_argument("--replay", default=None, metavar="FILE",
                        help="open a match log in the replay viewer")
    parser.add_argument("--review", type=int, choices=range(4), default=None, metavar="P",
                        help="with --replay FILE: open the Review screen of player P (0-3)")
    parser.add_argument("--until-wall", type=int, default=None, metavar="N",
                        help="with --demo: pause once the wall holds N tiles or fewer")
    parser.add_argument("--lesson", default=None, metavar="NAME",
                        help="open a lesson at once, e.g. mazhan.wild (the Lessons screen "
                             "lists them)")
    parser.add_argument("--layout-json", default=None, metavar="PATH",
                        help="at quit: the table's drawn rectangles and text sizes as JSON")


def build_parser() -> argparse.ArgumentParser:
    """`mahjong play` on its own: a mistake raises OptionsError."""
    parser = _Parser(prog="mahjong play", allow_abbrev=False)
    add_arguments(parser)
    return parser


def parse_play_args(argv: list[str]) -> ClientOptions:
    """`[]` → the main menu; `["play", ...]` → a table at once. Raises OptionsError."""
    args = list(argv)
    play = bool(args) and args[0] == "play"
    if play:
        args = args[1:]
    ns = build_parser().parse_args(args)
    ns.play = play
    return options_from_args(ns)


def options_from_args(ns: argparse.Namespace) -> ClientOptions:
    """The parsed window flags as ClientOptions; OptionsError for a value argparse let by."""
    seats = ns.seats or ["human", "bot", "bot", "bot"]
    if ns.demo:
        seats = ["bot"] * 4
    names = None
    if ns.names is not None:
        names = [n.strip() for n in ns.names.split(",")]
        if len(names) != 4 or not all(names):
            raise OptionsError("--names takes four names separated by commas")
    if ns.until_wall is not None and ns.until_wall < 0:
        raise OptionsError("--until-wall must be 0 or more")
    if ns.hands is not None and ns.hands < 1:
        raise OptionsError("--hands must be at least 1")
    lesson = getattr(ns, "lesson", None)
    if lesson is not None:
        from game.lessons import LESSONS  # the lessons' data loads only when asked for

        names = [item.name for item in LESSONS]
        if lesson not in names:
            raise OptionsError(f"--lesson must be one of {', '.join(names)}, not {lesson!r}")
    return ClientOptions(
        ruleset=ns.ruleset,
        seats=seats,
        bots=ns.bots,
        demo=ns.demo,
        seed=ns.seed,
        speed=ns.speed,
        quit_after=ns.quit_after,
        screenshot=ns.screenshot,
        frame_stats=ns.frame_stats,
        size=ns.size,
        play=ns.play or ns.demo,
        hands=ns.hands,
        names=names,
        replay=ns.replay,
        review=ns.review,
        until_wall=ns.until_wall,
        layout_json=ns.layout_json,
        lesson=lesson,
    )
