"""Match logs and their verification (`mahjong replay verify`).

A log is JSON Lines: a header (format version, ruleset, options, seed, start scores), one line
per hand (its actions in order), and a footer (hands, final scores, events hash). Every line
carries the running SHA-256 of the lines before it, so a changed or missing line is caught
before any replaying; the replay then checks the footer's numbers against the engine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.actions import Action
from game.errors import IllegalAction, MahjongError
from game.events import Event
from game.match import Match
from game.tiles import NotationError

FORMAT = "mahjong-log"
VERSION = 1


class LogError(MahjongError):
    """A log that cannot be read or does not replay; the message says where and why."""


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
        self.lines.append({"format": FORMAT, "version": VERSION, "ruleset": self.ruleset,
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
        self.lines.append({"end": True, "hands": hands, "final_scores": list(final_scores),
                           "events_sha256": events_sha256})

    def text(self) -> str:
        out: list[str] = []
        chain = hashlib.sha256()
        for line in self.lines:
            record = dict(line, chain=chain.hexdigest()[:16])
            text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
            chain.update(text.encode())
            out.append(text)
        return "\n".join(out) + "\n"

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(self.text(), encoding="utf-8")
        tmp.replace(path)


def replay_hand(match: Match, number: int, actions: Sequence[Any],
                flees: Iterable[Sequence[Any]] = (), digest: Any | None = None,
                partial: bool = False, seed: object = None) -> None:
    """Deal `match`'s next hand and apply a log's actions and flees to it, feeding `digest`
    (a hashlib object) every event line. `partial`: the hand may stop before its end (a save).
    Raises LogError saying which action of which hand went wrong. `seed`: the hand's own
    wall seed, if the log recorded one."""
    if seed is not None and (type(seed) is not int or seed < 0):
        raise LogError(f"hand {number}: damaged wall seed")

    def feed(events: Iterable[Event]) -> None:
        if digest is not None:
            for e in events:
                digest.update(event_line(e))

    feed(match.start_hand(seed))
    try:
        pending = sorted((int(at), int(player)) for at, player in flees)
    except (TypeError, ValueError) as exc:
        raise LogError(f"hand {number}: damaged flee record ({exc})") from None
    for step, pair in enumerate(actions):
        while pending and pending[0][0] == step:
            feed(match.flee(pending.pop(0)[1]))
        try:
            feed(match.apply(int(pair[0]), Action.parse(str(pair[1]))))
        except (IllegalAction, NotationError, TypeError, ValueError, IndexError) as exc:
            raise LogError(f"hand {number}, action {step + 1}: {exc}") from None
    for _, player in pending:
        feed(match.flee(player))
    if not partial and not match.hand_over:
        raise LogError(f"hand {number}: the actions stop before the hand ends")


def event_line(e: Event) -> bytes:
    """A canonical line per event for the match's events hash (every field, fixed order)."""
    tiles = "".join(str(t) for t in e.tiles)
    meld = "" if e.meld is None else f"{e.meld}/{e.meld.source}"
    return (f"{e.kind}|{e.seat}|{e.tile}|{tiles}|{meld}|{e.other}|{e.amount}|{e.info}\n"
            .encode())


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
        raise LogError(f"log version {head.get('version')!r} is not supported (need {VERSION})")
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


def verify(text: str) -> Verified:
    """Replay a log through the engine; LogError if anything differs from what it claims."""
    records = read_log(text)
    head, hands, end = records[0], records[1:-1], records[-1]
    try:
        match = Match(str(head["ruleset"]), int(head["seed"]), head.get("options") or {},
                      head.get("names") or None)
    except (KeyError, TypeError, ValueError, MahjongError) as exc:
        raise LogError(f"the log's header cannot start a match ({exc})") from None
    digest = hashlib.sha256()
    for index, record in enumerate(hands, 1):
        if record.get("hand") != index or not isinstance(record.get("actions"), list):
            raise LogError(f"hand {index}: the record is damaged")
        replay_hand(match, index, record["actions"], record.get("flees") or (), digest,
                    seed=record.get("seed"))
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
