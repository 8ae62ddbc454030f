"""Refusals and failures that arrive as codes (the host's refusals, the engine's
IllegalAction, a connection's end, a log that will not open), worded from the catalogue in
this window's language: no English text from the sender ever reaches the screen."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from game.client.i18n import has, t
from game.errors import IllegalAction
from net import fair


def _fill(key: str, values: Mapping[str, Any]) -> str | None:
    """`key` filled with `values`, or None when the key is unknown or a field is missing."""
    if not has(key):
        return None
    try:
        return t(key, **values)
    except (KeyError, IndexError, ValueError):
        return None


def _action_word(values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` with an action kind ("pong") replaced by its word in this language."""
    out = dict(values)
    kind = out.get("action")
    if isinstance(kind, str) and has(f"action.{kind}"):
        out["action"] = t(f"action.{kind}")
    return out


def refusal_text(msg: Mapping[str, Any]) -> str:
    """A host's "error" message (code, why, args) as this window words it."""
    code = str(msg.get("code", ""))
    why = str(msg.get("why") or code)
    args = msg.get("args")
    values = _action_word(args if isinstance(args, Mapping) else {})
    if code == "illegal" and has(f"illegal.{why}"):
        text = _fill(f"illegal.{why}", values)
        if text is not None:
            return text
    for key in (f"lan.refused.{why}", f"lan.refused.{code}"):
        text = _fill(key, values)
        if text is not None:
            return text
    return t("lan.refused.other")


def illegal_text(exc: IllegalAction) -> str:
    """Why a move was refused on this side (the engine or the LAN session)."""
    text = _fill(f"illegal.{exc.code}", _action_word(exc.values))
    return text if text is not None else t("illegal.other")


WALL_PROBLEMS = {
    # net/fair.py's findings, each a fixed sentence (they never cross the network: this
    # window's own client finds them), and the key that words each here
    fair.UNCOMMITTED: "lan.wall.uncommitted",
    fair.MISMATCH: "lan.wall.mismatch",
    fair.NOT_TILES: "lan.wall.bad_set",
    fair.NOT_FULL_SET: "lan.wall.bad_set",
    fair.UNREADABLE: "lan.wall.unreadable",
    fair.NOT_PLAYED: "lan.wall.played",
    fair.LATE_COMMIT: "lan.wall.late",
    fair.NO_REVEAL: "lan.wall.no_reveal",
    fair.BAD_SECRET: "lan.wall.bad_secret",
    fair.NOT_DERIVED: "lan.wall.not_derived",
    fair.OURS_CHANGED: "lan.wall.ours_changed",
    fair.OURS_LEFT_OUT: "lan.wall.ours_left_out",
}


def wall_text(problem: str) -> str:
    """One failed check of a hand's wall ("hand 2: " + a net.fair finding), worded here."""
    finding = problem.split(": ", 1)[-1]
    if finding.startswith(fair.MOVED_TILE):
        return t("lan.wall.moved")
    return t(WALL_PROBLEMS.get(finding, "lan.wall.other"))


HOST_BOT_NAME = re.compile(r"bot (\d+)")
"""How a LAN host names the bots it seats (net/places.py, net/table_state.py)."""


def shown_name(name: str) -> str:
    """A player's name as drawn: a host's default bot name in this window's language."""
    match = HOST_BOT_NAME.fullmatch(name)
    return t("name.bot_n", n=int(match.group(1))) if match else name


def join_text(code: str, info: Mapping[str, Any]) -> str:
    """Why a LAN connection failed or ended (net.client.JoinError's code and info)."""
    if code in ("refused", "no_seat"):
        return t(f"lan.join.{code}", why=refusal_text(info))
    text = _fill(f"lan.join.{code}", info)
    return text if text is not None else t("lan.join.failed")
