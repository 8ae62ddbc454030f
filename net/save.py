"""The host's save file: enough to rebuild a LAN table after a crash.

A save holds the table's settings, the match seed and every finished hand's wall seed and
actions (and any flee, M12, with the point in the hand where it happened), as in
game/replay.py's log, plus what only the host needs: the places' kinds, names and reconnect
tokens. Replaying the hands through the engine restores the match exactly; the next hand gets a
fresh secret wall, so a hand cut off by a crash is never dealt again from a wall its players
have partly seen.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from game.errors import MahjongError
from game.match import Match
from game.replay import LogError, replay_hand

SAVE_FORMAT = "mahjong-lan-save"
SAVE_VERSION = 1


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
    fingerprint: str | None = None
    """The table's fingerprint, shown in discovery and proved with the join code."""
    current: HandLog | None = None
    """The hand being played when the save was written: `--resume` continues it from these
    actions on the same wall (its seed), dealing nothing again."""

    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, **asdict(self)}


def default_save_path(table: str) -> Path:
    """Where a table is saved when no --save path is given: the user data folder."""
    slug = re.sub(r"[^\w-]+", "_", table).strip("_")[:40] or "table"
    return platformdirs.user_data_path("mahjong", appauthor=False) / "lan" / f"{slug}.save.json"


def default_log_path(table: str, seed: int) -> Path:
    slug = re.sub(r"[^\w-]+", "_", table).strip("_")[:40] or "table"
    return platformdirs.user_data_path("mahjong", appauthor=False) / "logs" / f"{slug}-{seed}.jsonl"


def write_save(path: Path, data: SaveData) -> None:
    """Write atomically, so a crash while saving leaves the previous save whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data.to_json(), ensure_ascii=False), encoding="utf-8")
    tmp.replace(path)


def read_save(path: Path) -> SaveData:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(f"{path} is not a saved table (not JSON)") from None
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path} is not a saved table")
    if raw.get("version") != SAVE_VERSION:
        raise SaveError(f"{path} has save version {raw.get('version')!r}; need {SAVE_VERSION}")
    try:
        hands = [_hand_log(h) for h in raw["hands"]]
        data = SaveData(
            ruleset=str(raw["ruleset"]), table=str(raw["table"]), seed=int(raw["seed"]),
            options=dict(raw["options"]), kinds=[str(k) for k in raw["kinds"]],
            names=[str(n) for n in raw["names"]],
            tokens={str(k): int(v) for k, v in raw["tokens"].items()},
            bots=str(raw.get("bots", "normal")), hands_limit=raw.get("hands_limit"),
            code=raw.get("code"), hands=hands,
            fingerprint=str(raw["fingerprint"]) if raw.get("fingerprint") else None,
            current=_hand_log(raw["current"]) if raw.get("current") else None,
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


def replay(data: SaveData, digest: Any | None = None) -> Match:
    """The match after the saved hands; `digest` (a hashlib object) is fed every event line."""
    sha = digest if digest is not None else hashlib.sha256()
    try:
        match = Match(data.ruleset, data.seed, data.options, data.names)
    except (MahjongError, ValueError, TypeError) as exc:
        raise SaveError(f"the saved table cannot start a match ({exc})") from None
    for number, hand in enumerate(data.hands, 1):
        try:
            replay_hand(match, number, hand.actions, hand.flees, sha, seed=hand.seed)
        except LogError as exc:
            raise SaveError(f"saved {exc}") from None
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
            replay_hand(match, len(data.hands) + 1, data.current.actions, data.current.flees,
                        sha, partial=True, seed=data.current.seed)
    return match
