"""The host's save file: enough to rebuild a LAN table after a crash.

A save holds the table's settings, the match seed and every finished hand's wall seed and
actions (and any flee, M12, with the point in the hand where it happened), plus what only the
host needs: the places' kinds, names and reconnect tokens, the table's fingerprint and the hand
under way. Replaying the hands through the engine restores the match exactly; the hand under
way is continued on its own wall, or, if it does not replay, the next hand gets a fresh secret
wall, so a hand cut off by a crash is never dealt again from a wall its players have seen.

The file is the project's one save format (game/saves.py: a match log whose footer says
"saved"), with the host's data under the header's "extra" -> "lan". Saves written before the
formats were unified (JSON with "format": "mahjong-lan-save") are still read.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import paths
from game.atomic import write_atomic
from game.errors import MahjongError
from game.match import Match
from game.replay import LogError, LogWriter, chained, line_json, replay_hand, written_by
from game.saves import saved_records

SAVE_FORMAT = "mahjong-lan-save"
"""The format name of the old JSON saves, still readable."""
SAVE_VERSION = 1
log = logging.getLogger(__name__)
LAN_KEY = "lan"
"""Where the host's own data sits in a save's header "extra"."""


class SaveError(Exception):
    """A save file that cannot be read or does not replay; the message is for a person."""


@dataclass
class HandLog:
    actions: list[list[Any]]
    """[seat, action text] in order."""
    flees: list[list[int]] = field(default_factory=list)
    """[actions applied before it, player] for each flee in the hand."""
    seed: int | None = None
    """The hand's own wall seed (128 bits from `secrets`); None: from the match seed."""


@dataclass
class SaveData:
    ruleset: str
    table: str
    seed: int
    options: dict[str, Any]
    kinds: list[str]
    names: list[str]
    tokens: dict[str, int]
    bots: str = "normal"
    hands_limit: int | None = None
    code: str | None = None
    hands: list[HandLog] = field(default_factory=list)
    engine: str | None = None
    """The engine version that wrote the save (None: not known, e.g. an old-format save)."""
    fingerprint: str | None = None
    """The table's fingerprint, shown in discovery and proved with the join code."""
    current: HandLog | None = None
    """The hand being played when the save was written: `--resume` continues it from these
    actions on the same wall (its seed), dealing nothing again."""
    timers: list[float] | None = None
    """[discard, claim] seconds the host chose (None: an older save; the rule's own)."""
    ended: str | None = None
    """Why the match ended early ("voted": the players voted to end it), if it did: a resume
    ends it at once."""

    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, **asdict(self)}


def default_save_path(table: str) -> Path:
    """Where a table is saved when no --save path is given (game/paths.py: the data folder)."""
    return paths.lan_save_path(table)


def default_log_path(table: str, seed: int) -> Path:
    """A hosted match's log, in the logs folder the Replays list reads."""
    return paths.lan_log_path(table, seed)


def hand_body(number: int, hand: HandLog, *, log: bool = False) -> str:
    """A finished hand's line without its chain field and closing brace: kept whole per hand by
    a table (net/chronicle.py), so a save or log is not made again from every action. The save
    puts `flees` before `seed`, the match log (`log`) after it, as each has always done."""
    line: dict[str, Any] = {"hand": number, "actions": [list(a) for a in hand.actions]}
    if log and hand.seed is not None:
        line["seed"] = hand.seed
    if hand.flees:
        line["flees"] = [[int(at), int(player)] for at, player in hand.flees]
    if not log and hand.seed is not None:  # the hand's own secret wall seed
        line["seed"] = hand.seed
    return line_json(line)[:-1]


def save_text(data: SaveData, hand_bodies: Sequence[str] | None = None,
              start_scores: Sequence[int] | None = None) -> str:
    """The save in the one save format (see the module docstring). `hand_bodies` (each finished
    hand's `hand_body`, kept by the table) stand for `data.hands`; `start_scores` saves making a
    match to learn them."""
    if start_scores is None:
        try:
            start_scores = Match(data.ruleset, data.seed, data.options, data.names).start_scores
        except (MahjongError, ValueError, TypeError) as exc:
            raise SaveError(f"the table cannot start a match ({exc})") from None
    head = LogWriter(data.ruleset, data.seed, data.options, start_scores, data.names).lines[0]
    # Only the small fields: the hands are written line by line below (asdict would copy
    # every action of the match on every save, the host's costliest step in a long match).
    host = {f.name: getattr(data, f.name) for f in fields(data)
            if f.name not in ("ruleset", "seed", "options", "hands", "engine", "current")}
    host = copy.deepcopy(host)
    host["current"] = None if data.current is None else asdict(data.current)
    head["extra"] = {LAN_KEY: host}
    if hand_bodies is None:
        hand_bodies = [hand_body(n, h) for n, h in enumerate(data.hands, 1)]
    chain = hashlib.sha256()
    out = [chained(line_json(head)[:-1], chain)]
    out += [chained(body, chain) for body in hand_bodies]
    out.append(chained(line_json({"end": True, "saved": True, "hands": len(hand_bodies)})[:-1],
                       chain))
    return "\n".join(out) + "\n"


def write_save(path: Path, data: SaveData) -> None:
    """Write atomically (game/atomic.py), so a crash while saving leaves the previous save whole."""
    write_atomic(path, save_text(data))


def forget_finished(path: Path | None, finished: bool) -> bool:
    """Remove the save of a match that has ended (nothing is left to resume; its log stays for
    Replays). True if a save was removed."""
    if path is None or not finished:
        return False
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        log.warning("cannot remove the finished table's save %s: %s", path, exc)
        return False
    log.info("the match is over: its save %s is removed", path)
    return True


def read_save(path: Path) -> SaveData:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a saved table (not text)") from None
    if text.lstrip().startswith('{"format":"mahjong-log"'):
        return _read_current(path, text)
    return _read_legacy(path, text)


def _read_current(path: Path, text: str) -> SaveData:
    try:
        head, hands, _end = saved_records(text)
    except LogError as exc:
        raise SaveError(f"{path} is not a saved table ({exc})") from None
    extra = head.get("extra")
    host = extra.get(LAN_KEY) if isinstance(extra, dict) else None
    if not isinstance(host, dict):
        raise SaveError(f"{path} is a saved local match, not a saved table")
    raw = dict(host, ruleset=head.get("ruleset"), seed=head.get("seed"),
               options=head.get("options"), hands=hands, engine=head.get("engine"))
    return _data(path, raw)


def _read_legacy(path: Path, text: str) -> SaveData:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError:
        raise SaveError(f"{path} is not a saved table (not JSON)") from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path} is not a saved table")
    if raw.get("version") != SAVE_VERSION:
        raise SaveError(f"{path} has save version {raw.get('version')!r}; need {SAVE_VERSION}")
    return _data(path, raw)


def _data(path: Path, raw: dict[str, Any]) -> SaveData:
    try:
        hands = [_hand_log(h) for h in raw["hands"]]
        data = SaveData(
            ruleset=str(raw["ruleset"]), table=str(raw["table"]), seed=int(raw["seed"]),
            options=dict(raw["options"]), kinds=[str(k) for k in raw["kinds"]],
            names=[str(n) for n in raw["names"]],
            tokens={str(k): int(v) for k, v in raw["tokens"].items()},
            bots=str(raw.get("bots", "normal")), hands_limit=raw.get("hands_limit"),
            code=raw.get("code"), hands=hands,
            engine=str(raw["engine"]) if raw.get("engine") else None,
            fingerprint=str(raw["fingerprint"]) if raw.get("fingerprint") else None,
            current=_hand_log(raw["current"]) if raw.get("current") else None,
            timers=[float(s) for s in raw["timers"]] if raw.get("timers") else None,
            ended=str(raw["ended"]) if raw.get("ended") else None,
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"{path} is damaged ({exc})") from None
    if len(data.kinds) != 4 or len(data.names) != 4:
        raise SaveError(f"{path} is damaged (a table has four places)")
    return data


def _hand_log(h: Any) -> HandLog:
    return HandLog([list(a) for a in h["actions"]], [list(f) for f in h.get("flees", [])],
                   _seed(h.get("seed")))


def _seed(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise ValueError("a hand's wall seed is not a whole number")
    return value


def replay(data: SaveData, digest: Any | None = None, *, keep_records: bool = True,
           at_current: Callable[[], None] | None = None) -> Match:
    """The match after the saved hands; `digest` (a hashlib object) is fed every event line.
    Without `keep_records` the match keeps only its last record from then on (a table's own
    save and log keep the hands: game/match.py). `at_current` is called just before the
    cut-off hand under way is replayed into `digest`, if it is (a table keeps the hash there,
    should that hand be abandoned)."""
    sha = digest if digest is not None else hashlib.sha256()
    try:
        match = Match(data.ruleset, data.seed, data.options, data.names,
                      keep_records=keep_records)
    except (MahjongError, ValueError, TypeError) as exc:
        raise SaveError(f"the saved table cannot start a match ({exc})") from None
    for number, hand in enumerate(data.hands, 1):
        try:
            replay_hand(match, number, hand.actions, hand.flees, sha, seed=hand.seed)
        except LogError as exc:
            note = written_by({"engine": data.engine})
            raise SaveError(f"saved {exc}" if note is None else
                            f"the save was {note}; this version cannot replay it the same way "
                            f"(saved {exc})") from None
    if data.current is not None:
        # Continue the cut-off hand on its own wall. If its record does not replay, the
        # match stands at the last finished hand and the next deal is a fresh wall.
        attempt = copy.deepcopy(match)
        trial = hashlib.sha256()
        try:
            replay_hand(attempt, len(data.hands) + 1, data.current.actions, data.current.flees,
                        trial, partial=True, seed=data.current.seed)
        except LogError:
            return match
        if not attempt.hand_over:
            if at_current is not None:
                at_current()
            replay_hand(match, len(data.hands) + 1, data.current.actions, data.current.flees,
                        sha, partial=True, seed=data.current.seed)
    return match
