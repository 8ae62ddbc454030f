"""Headless matches between bots (CONTRACTS §2)."""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TextIO

from game.actions import Action
from game.argparsing import UsageError, bounded_int, run_command
from game.bots import LEVELS, Bot, LegalChooser, make_bot
from game.engine import Hand, Phase
from game.errors import BadOption
from game.events import Event, event_lines
from game.match import Match
from game.replay import LogWriter
from game.rules.registry import NAMES, options_from_args
from game.view import SeatView

log = logging.getLogger(__name__)

MAX_SIM_HANDS = 1_000_000
"""`simulate` refuses more: a million hands already take hours."""


@dataclass
class SimResult:
    ruleset: str
    seed: int
    hands: int
    draws: int = 0
    wins: dict[str, int] = field(
        default_factory=lambda: {"self_draw": 0, "discard": 0, "robbing_kong": 0, "kuaizhao": 0})
    final_scores: list[int] = field(default_factory=list)
    start_scores: list[int] = field(default_factory=list)
    events_sha256: str = ""
    seconds: float = 0.0
    match_end: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    """Every table option the match was played with (defaults included)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "hands": self.hands,
            "draws": self.draws,
            "wins": self.wins,
            "final_scores": self.final_scores,
            "start_scores": self.start_scores,
            "events_sha256": self.events_sha256,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else 0.0,
            "match_end": self.match_end,
            "options": self.options,
        }


_HOW = {"self_draw": "self_draw", "discard": "discard", "robbing": "robbing_kong",
        "kuaizhao": "kuaizhao"}


def run_match(
    ruleset: str,
    hands: int,
    seed: int,
    level: str | list[str] = "normal",
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_events: Callable[[list[Event]], None] | None = None,
    log_dir: Path | None = None,
) -> SimResult:
    """Play up to `hands` hands of one match with bots; the match may end sooner (bust, M22)."""
    with _fewer_collections():
        return _run_match(ruleset, hands, seed, level, options, progress, on_events, log_dir)


_GC_YOUNG: Final = 7000
"""Allocations between young collections while bots play (CPython's default is 700)."""
_gc_lock = threading.Lock()
_gc_users = [0, 0, 0, 0]
"""[matches running, and the thresholds to put back when the last one ends]."""


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Rarer garbage collections while a match runs (results are the same; only when memory
    is reclaimed changes). The shape tables and memos hold many long-lived containers that
    each older-generation pass walks again: measured, about 2% of a normal-bot match's
    instructions go away."""
    with _gc_lock:
        if _gc_users[0] == 0:
            old = gc.get_threshold()
            _gc_users[1:] = old
            gc.set_threshold(max(old[0], _GC_YOUNG), max(old[1], 10), max(old[2], 10))
        _gc_users[0] += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users[0] -= 1
            if _gc_users[0] == 0:
                gc.set_threshold(*_gc_users[1:])


def _run_match(
    ruleset: str,
    hands: int,
    seed: int,
    level: str | list[str],
    options: Mapping[str, Any] | None,
    progress: Callable[[int, int], None] | None,
    on_events: Callable[[list[Event]], None] | None,
    log_dir: Path | None,
) -> SimResult:
    """`run_match`, its collections made rarer by the caller."""
    opts = dict(options or {})
    opts["hands"] = hands
    # per-hand records only when a log needs them: memory stays flat over long runs
    match = Match(ruleset, seed, opts, keep_records=log_dir is not None)
    levels = [level] * 4 if isinstance(level, str) else list(level)
    bots: list[Bot] = [make_bot(levels[p], seed * 4 + p + 1) for p in range(4)]
    # bots that decide from the legal actions alone are never built a view
    quick = [b.choose_legal if isinstance(b, LegalChooser) else None for b in bots]
    digest = hashlib.sha256()
    result = SimResult(ruleset, seed, 0, start_scores=list(match.scores),
                       options=dict(match.rules.options))
    log = LogWriter(ruleset, seed, opts, match.scores) if log_dir is not None else None
    # every bot decides from the legal actions and nobody watches the events: the lean loop
    picks = [q for q in quick if q is not None]
    lean = on_events is None and len(picks) == 4
    started = time.perf_counter()
    while not match.match_over:
        evs = match.start_hand()
        batch = evs[:]  # the hand's events, hashed in one go at its end
        if on_events:
            on_events(evs)
        hand = match.hand
        assert hand is not None
        players = match.players  # the deal moves only when the hand is booked
        if lean:
            _play_by_legal(match, hand, [picks[p] for p in players], batch)
        else:
            _play_with_views(match, hand, [quick[p] for p in players],
                             [bots[p].choose for p in players], batch, on_events)
        digest.update(event_lines(batch))
        if log is not None:
            log.hand(match.hand_no, match.actions)
        res = match.last_result
        assert res is not None
        result.hands += 1
        if res.winner is None:
            result.draws += 1
        else:
            result.wins[_HOW[res.how]] += 1
        if progress:
            progress(result.hands, hands)
    result.seconds = time.perf_counter() - started
    result.final_scores = list(match.scores)
    result.events_sha256 = digest.hexdigest()
    result.match_end = "hands" if result.hands >= hands else "bust"
    if log is not None and log_dir is not None:
        log.finish(result.hands, result.final_scores, result.events_sha256)
        log.write(log_dir / f"{ruleset}-seed{seed}-{hands}hands.jsonl")
    return result


def _play_with_views(match: Match, hand: Hand,
                     picks: list[Callable[[tuple[Action, ...]], Action] | None],
                     chooses: list[Callable[[SeatView], Action]], batch: list[Event],
                     on_events: Callable[[list[Event]], None] | None) -> None:
    """Play `hand` to its end, seat s choosing with `picks[s]` from its legal actions where it
    has one, else with `chooses[s]` from its view; events go to `batch` and `on_events`.
    `run_match`'s loop when some bot reads views or someone watches the events."""
    turn, over = Phase.DISCARD, Phase.OVER
    apply, legal, view = match.apply, hand.legal_actions, match.view
    while True:
        phase = hand.phase
        if phase is turn:  # most decisions: the seat whose turn it is, alone
            seat = hand.current
            pick = picks[seat]
            evs = apply(seat, pick(legal(seat)) if pick is not None else chooses[seat](view(seat)))
            batch += evs
            if on_events:
                on_events(evs)
        elif phase is over:
            return
        else:
            for seat in hand.to_act():
                if seat in hand.to_act():  # not settled by an earlier answer
                    pick = picks[seat]
                    evs = apply(seat, pick(legal(seat)) if pick is not None
                                else chooses[seat](view(seat)))
                    batch += evs
                    if on_events:
                        on_events(evs)
                    if hand.phase is over:
                        return


def _play_by_legal(match: Match, hand: Hand,
                   picks: list[Callable[[tuple[Action, ...]], Action]], batch: list[Event],
                   ) -> None:
    """Play `hand` to its end, seat s choosing with `picks[s]` from its legal actions alone,
    its events added to `batch`: `run_match`'s loop without views or watchers (the same
    actions in the same order, with fewer checks per action)."""
    turn, over = Phase.DISCARD, Phase.OVER
    apply, legal = match.apply, hand.legal_actions
    while True:
        phase = hand.phase
        if phase is turn:  # most actions: the seat whose turn it is, alone
            seat = hand.current
            batch += apply(seat, picks[seat](legal(seat)))
        elif phase is over:
            return
        else:
            for seat in hand.to_act():
                if seat in hand.to_act():
                    batch += apply(seat, picks[seat](legal(seat)))
                    if hand.phase is over:
                        return


class Progress:
    """Progress on standard error: a bar with an ETA on a terminal, a line every 100 deals
    otherwise. Call it after each deal; `close()` ends the bar's line when the run stops early
    (a bust, Ctrl-C), so what follows never lands on the bar's line."""

    def __init__(self, total: int, unit: str = "deals", stream: TextIO | None = None) -> None:
        self.total = max(total, 1)
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.started = time.monotonic()
        self.open_line = False

    def __call__(self, done: int, _total: int = 0) -> None:
        if self.tty:
            width = 30
            filled = width * min(done, self.total) // self.total
            elapsed = time.monotonic() - self.started
            eta = elapsed / done * (self.total - done) if done else 0.0
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
                              f"{self.unit}  ETA {_clock(eta)} ")
            self.open_line = True
            if done >= self.total:
                self.close()
        elif done % 100 == 0 or done == self.total:
            self.stream.write(f"{done}/{self.total} {self.unit}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.open_line:
            self.stream.write("\n")
            self.stream.flush()
            self.open_line = False


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def progress_printer(total: int, unit: str = "deals") -> Progress:
    """The progress display for `total` items (kept for callers of the older name)."""
    return Progress(total, unit)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The flags of `mahjong simulate` (CONTRACTS §2)."""
    p.description = "Headless bot matches (CONTRACTS §2)."
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


def command_options(ruleset: str, pairs: list[str]) -> dict[str, Any]:
    """`--option NAME=VALUE` flags (repeatable) as a command's table options: the one parser
    `simulate` and `mahjong host` share, names, values and messages alike; BadOption says what
    is wrong. The match length is the command's own `--hands`."""
    options = options_from_args(ruleset, pairs)
    if "hands" in options:
        raise BadOption("the match length is --hands, not --option hands=N")
    return options


def run(args: argparse.Namespace) -> int:
    """`mahjong simulate`: play the match, print its summary; UsageError for a bad option."""
    try:
        options = command_options(args.ruleset, args.option)
    except BadOption as exc:
        raise UsageError(str(exc)) from None
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


def main(argv: list[str]) -> int:
    """`mahjong simulate ARGS` on its own; returns the exit status."""
    return run_command("simulate", add_arguments, run, argv)
