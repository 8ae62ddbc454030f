"""Save and resume a match in progress (solo, hot-seat, a LAN host).

A save is a match log (game/replay.py) whose last hand may be unfinished and whose footer says
`"saved": true`: the seed and the actions rebuild the exact state, so nothing but decisions
needs storing. It is written after every action, atomically (game/atomic.py), so a crash loses
nothing. This is the project's one save format: the LAN host's save (net/save.py) is the same
file with the host's own data (places, tokens) in the header's "extra".
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.atomic import write_atomic
from game.errors import MahjongError
from game.match import Match
from game.replay import (
    LogError,
    LogWriter,
    other_engine,
    read_log,
    replay_hand,
)


def saved_records(text: str) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """A save's header, hand records and footer, after checking the hash chain and that it is a
    save (not a finished log). Raises LogError."""
    records = read_log(text)  # checks the format and its version
    head, hands, end = records[0], records[1:-1], records[-1]
    if not end.get("saved"):
        raise LogError("this file is not a saved match")
    return head, hands, end


def save_text(match: Match, extra: Mapping[str, Any] | None = None) -> str:
    """The save of `match` as it stands, hands and the unfinished hand included."""
    writer = LogWriter(match.rules.name, match.seed, dict(match.rules.options),
                       match.start_scores, match.names)
    if extra:
        writer.lines[0]["extra"] = dict(extra)
    for number, actions in enumerate(match.record, 1):
        writer.hand(number, actions, match.flees.get(number, ()))
    writer.lines.append({"end": True, "saved": True, "hands": len(match.record),
                         "scores": list(match.scores)})
    return writer.text()


def save(match: Match, path: Path, extra: Mapping[str, Any] | None = None) -> None:
    """Write the save atomically: a crash during the write leaves the previous save whole."""
    write_atomic(path, save_text(match, extra))


def load_text(text: str, *, explain: bool = False) -> tuple[Match, dict[str, Any]]:
    """The match a save describes, replayed to where it stopped, and the save's extra data.
    LogError if it does not replay, naming the engine version that wrote it if another did.
    `explain`: the players the save's extra names "human" have their refusals noted from the
    first action on (`Match.explain`; it changes no play), so the table resumes with them."""
    head, hands, end = saved_records(text)
    try:
        return _replay_save(head, hands, end, explain)
    except LogError as exc:
        raise other_engine(head, exc) from None


def _replay_save(head: dict[str, Any], hands: list[dict[str, Any]],
                 end: dict[str, Any], explain: bool = False) -> tuple[Match, dict[str, Any]]:
    try:
        match = Match(str(head["ruleset"]), int(head["seed"]), head.get("options") or {},
                      head.get("names") or None)
    except (KeyError, TypeError, ValueError, MahjongError) as exc:
        raise LogError(f"the save cannot start a match ({exc})") from None
    kinds = head.get("extra", {}).get("kinds") if isinstance(head.get("extra"), dict) else None
    if explain and isinstance(kinds, list):
        match.explain(frozenset(p for p, kind in enumerate(kinds) if kind == "human"))
    for index, record in enumerate(hands, 1):
        replay_hand(match, index, record.get("actions") or [], record.get("flees") or (),
                    partial=index == len(hands))
    if end.get("scores") != list(match.scores):
        raise LogError("the save's scores do not match its replay")
    extra = head.get("extra")
    return match, dict(extra) if isinstance(extra, dict) else {}


def load(path: Path, *, explain: bool = False) -> tuple[Match, dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"cannot read {path}: {exc}") from None
    return load_text(text, explain=explain)


def describe(path: Path) -> dict[str, Any] | None:
    """A short summary for a "continue?" prompt, or None if there is no usable save."""
    try:
        records = read_log(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, LogError, json.JSONDecodeError):
        return None
    head, end = records[0], records[-1]
    if not end.get("saved"):
        return None
    return {"ruleset": head.get("ruleset"), "hands": end.get("hands"),
            "scores": end.get("scores"), "names": head.get("names")}

