"""Match logs and their verification (`mahjong replay verify`).

A log is JSON Lines: a header (format version, the engine version that wrote it, ruleset,
options, seed, start scores), one line
per hand (its actions in order), and a footer (hands, final scores, events hash). Every line
carries the running SHA-256 of the lines before it, so a changed or missing line is caught
before any replaying; the replay then checks the footer's numbers against the engine.

A log whose chain is whole but whose replay differs was not damaged: if another version of the
engine wrote it, the error says so ("written by 0.1.0"), since rules changes between versions
can make the same actions play out differently.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import __version__
from game.actions import Action
from game.atomic import write_atomic
from game.errors import IllegalAction, MahjongError
from game.events import Event, event_lines
from game.events import event_line as event_line  # re-exported: callers import it from here
from game.match import Match
from game.tiles import NotationError

FORMAT = "mahjong-log"
VERSION = 1


def line_json(line: Mapping[str, Any]) -> str:
    """A log line's JSON, as the log and the LAN save write it."""
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def chained(body: str, chain: Any) -> str:
    """A log line from its JSON `body` (the closing brace left off) with the running hash of
    the lines before it as its last field; `chain` (a hashlib object) then takes the line."""
    text = f'{body},"chain":"{chain.hexdigest()[:16]}"}}'
    chain.update(text.encode())
    return text



class LogError(MahjongError):
    """A log that cannot be read or does not replay; the message says where and why."""


def end_line(hands: int, final_scores: Sequence[int], events_sha256: str) -> dict[str, Any]:
    """A finished match log's last line (before its chain)."""
    return {"end": True, "hands": hands, "final_scores": list(final_scores),
            "events_sha256": events_sha256}


@dataclass
class LogWriter:
    """Collects one match's hands and writes them as a log file."""

    ruleset: str
    seed: int
    options: Mapping[str, Any]
    start_scores: Sequence[int]
    names: Sequence[str] = ()
    lines: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lines.append({"format": FORMAT, "version": VERSION, "engine": __version__,
                           "ruleset": self.ruleset,
                           "options": dict(self.options), "seed": self.seed,
                           "start_scores": list(self.start_scores), "names": list(self.names)})

    def hand(self, hand_no: int, actions: Iterable[tuple[int, Action]],
             flees: Iterable[Sequence[int]] = (), seed: int | None = None) -> None:
        """One hand's actions; `flees` are [actions applied before it, player] (M12); `seed`
        is the hand's own wall seed where it did not come from the match seed (a LAN host)."""
        line: dict[str, Any] = {"hand": hand_no, "actions": [[s, str(a)] for s, a in actions]}
        if seed is not None:
            line["seed"] = seed
        fled = [[int(at), int(player)] for at, player in flees]
        if fled:
            line["flees"] = fled
        self.lines.append(line)

    def finish(self, hands: int, final_scores: Sequence[int], events_sha256: str) -> None:
        self.lines.append(end_line(hands, final_scores, events_sha256))

    def text(self) -> str:
        chain = hashlib.sha256()
        return "\n".join(chained(line_json(line)[:-1], chain) for line in self.lines) + "\n"

    def write(self, path: Path) -> None:
        write_atomic(path, self.text())


def replay_hand(match: Match, number: int, actions: Sequence[Any],
                flees: Iterable[Sequence[Any]] = (), digest: Any | None = None,
                partial: bool = False, seed: object = None,
                before: Callable[[int, int, Action], None] | None = None) -> None:
    """Deal `match`'s next hand and apply a log's actions and flees to it, feeding `digest`
    (a hashlib object) every event line. `partial`: the hand may stop before its end (a save).
    Raises LogError saying which action of which hand went wrong. `seed`: the hand's own
    wall seed, if the log recorded one. `before(step, seat, action)` is called just before
    each action is applied, the match standing where that seat chose it (a review)."""
    if seed is not None and (type(seed) is not int or seed < 0):
        raise LogError(f"hand {number}: damaged wall seed")

    def feed(events: list[Event]) -> None:
        if digest is not None:
            digest.update(event_lines(events))

    feed(match.start_hand(seed))
    try:
        pending = sorted((int(at), int(player)) for at, player in flees)
    except (TypeError, ValueError) as exc:
        raise LogError(f"hand {number}: damaged flee record ({exc})") from None
    for step, pair in enumerate(actions):
        while pending and pending[0][0] == step:
            feed(match.flee(pending.pop(0)[1]))
        try:
            seat, action = int(pair[0]), Action.parse(str(pair[1]))
        except (NotationError, TypeError, ValueError, IndexError) as exc:
            raise LogError(f"hand {number}, action {step + 1}: {exc}") from None
        if before is not None:  # outside the try: its own mistakes are not the log's
            before(step, seat, action)
        try:
            feed(match.apply(seat, action))
        except (IllegalAction, NotationError, TypeError, ValueError, IndexError) as exc:
            raise LogError(f"hand {number}, action {step + 1}: {exc}") from None
    for _, player in pending:
        feed(match.flee(player))
    if not partial and not match.hand_over:
        raise LogError(f"hand {number}: the actions stop before the hand ends")


def read_log(text: str) -> list[dict[str, Any]]:
    """The log's records, after checking the chain of hashes."""
    records: list[dict[str, Any]] = []
    chain = hashlib.sha256()
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise LogError(f"line {number} is not valid JSON ({exc.msg})") from None
        if not isinstance(record, dict):
            raise LogError(f"line {number} is not a JSON object")
        if record.get("chain") != chain.hexdigest()[:16]:
            raise LogError(f"line {number} does not follow the line before it: the log was "
                           "changed or lines are missing")
        chain.update(raw.encode())
        records.append(record)
    if not records:
        raise LogError("the log is empty")
    head = records[0]
    if head.get("format") != FORMAT:
        raise LogError("this is not a mahjong match log")
    if head.get("version") != VERSION:
        raise other_engine(head, LogError(f"log format version {head.get('version')!r} is not "
                                          f"supported (need {VERSION})"))
    if not records[-1].get("end"):
        raise LogError("the log is truncated: its last line is not the end of the match")
    return records


@dataclass
class Verified:
    hands: int
    final_scores: list[int]
    events_sha256: str

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "final_scores": self.final_scores,
                "events_sha256": self.events_sha256, "ok": True}


def written_by(head: Mapping[str, Any]) -> str | None:
    """"written by 0.1.0" when another engine version wrote this log or save, else None."""
    engine = head.get("engine")
    if engine == __version__:
        return None
    return f"written by {engine}" if engine else "written by an earlier version"


class LogFromOtherEngine(LogError):
    """A whole log that another engine version wrote and this one cannot replay the same way."""

    def __init__(self, message: str, engine: str) -> None:
        super().__init__(message)
        self.engine = engine
        """The version that wrote it; empty for logs from before versions were recorded."""


def other_engine(head: Mapping[str, Any], exc: LogError) -> LogError:
    """The error to show when a log with a whole hash chain does not replay: the engine that
    wrote it, if it was another one (not damage: the rules changed), else `exc` itself."""
    note = written_by(head)
    if note is None:
        return exc
    return LogFromOtherEngine(f"{note}; this version ({__version__}) cannot replay it the same "
                              f"way ({exc})", str(head.get("engine") or ""))


def verify(text: str) -> Verified:
    """Replay a log through the engine; LogError if anything differs from what it claims."""
    records = read_log(text)
    try:
        return replay_records(records)
    except LogError as exc:
        raise other_engine(records[0], exc) from None


def start_match(head: Mapping[str, Any]) -> Match:
    """The match a log's header starts (before its first hand); LogError if it cannot."""
    try:
        names = [str(n) for n in head.get("names") or ()]
        return Match(str(head["ruleset"]), int(head["seed"]), head.get("options") or {},
                     names or None)
    except (KeyError, TypeError, ValueError, MahjongError) as exc:
        raise LogError(f"the log's header cannot start a match ({exc})") from None


def replay_records(records: list[dict[str, Any]], match: Match | None = None,
                   before: Callable[[int, int, int, Action], None] | None = None,
                   after: Callable[[Match, int], None] | None = None) -> Verified:
    """Replay `read_log`'s records through `match` (`start_match` of the header when None)
    and check them against the footer. The one replay of a whole log: `mahjong replay
    verify`, the statistics (`after(match, hand)` once each hand is booked) and the review
    (`before(hand, step, seat, action)`, see `replay_hand`) all read a log through here."""
    head, hands, end = records[0], records[1:-1], records[-1]
    if match is None:
        match = start_match(head)
    digest = hashlib.sha256()
    for index, record in enumerate(hands, 1):
        if record.get("hand") != index or not isinstance(record.get("actions"), list):
            raise LogError(f"hand {index}: the record is damaged")
        replay_hand(match, index, record["actions"], record.get("flees") or (), digest,
                    seed=record.get("seed"),
                    before=None if before is None else functools.partial(before, index))
        if after is not None:
            after(match, index)
    result = Verified(len(hands), list(match.scores), digest.hexdigest())
    if end.get("hands") != result.hands:
        raise LogError(f"the log claims {end.get('hands')} hands but holds {result.hands}")
    if end.get("final_scores") != result.final_scores:
        raise LogError(f"the replay ends with scores {result.final_scores}, "
                       f"the log claims {end.get('final_scores')}")
    if end.get("events_sha256") != result.events_sha256:
        raise LogError("the replay's events differ from the log's events hash")
    return result


def verify_main(argv: list[str]) -> tuple[int, str]:
    """`mahjong replay verify FILE`: (exit status, JSON text)."""
    if len(argv) != 2 or argv[0] != "verify":
        return 2, json.dumps({"error": "usage: mahjong replay verify FILE"})
    path = Path(argv[1])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return 1, json.dumps({"error": f"cannot read {path}: {exc}"})
    try:
        return 0, json.dumps(verify(text).to_json())
    except LogError as exc:
        return 1, json.dumps({"error": str(exc)}, ensure_ascii=False)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """`mahjong replay ACTION`: one action today, `verify FILE`."""
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.description = ("Match logs: the files `mahjong simulate --log-dir`, the window and the "
                     "LAN host\nwrite (CONTRACTS §7).")
    p.epilog = ("example (the same final_scores and events_sha256 as the simulate):\n"
                "  mahjong simulate --hands 20 --seed 7 --json --log-dir logs\n"
                "  mahjong replay verify logs/mazhan-seed7-20hands.jsonl")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True,
                               title="actions", help="what to do with a log")
    verify_p = actions.add_parser(
        "verify", help="replay a log through the engine and check it: prints {hands, "
                       "final_scores, events_sha256, ok} or {error}",
        description="Replay a match log through the engine and check every hand against it "
                    "(exit 1 with {\"error\"} when it is damaged, changed, or from another "
                    "engine).")
    verify_p.add_argument("file", metavar="FILE", help="a match log (.jsonl)")


def run(args: argparse.Namespace) -> int:
    """`mahjong replay verify FILE`: print the JSON answer, return its status."""
    status, text = verify_main([args.action, args.file])
    print(text)
    return status
