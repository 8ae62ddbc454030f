"""`mahjong score`: the scoring calculator (CONTRACTS §1).

`main` takes the JSON text from standard input and returns the exit status and the JSON text to
print. Every bad input becomes `{"error": "..."}` with status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.melds import Meld
from game.rules import mazhan_scoring
from game.rules.registry import make_ruleset
from game.scoring import FLAGS, NotAWin, ScoreResult, WinContext
from game.tiles import NotationError, Tile, parse_tiles

SEATS = {"E": 0, "S": 1, "W": 2, "N": 3}
RULESETS = ("mazhan", "nanjing")
FIELDS = frozenset(
    {
        "ruleset", "seat", "hand", "melds", "bonus", "win", "self_draw", "wild", "flags",
        "ponged", "dealer_streak", "role",
    }
)  # fmt: skip


class InputError(ValueError):
    """The calculator input is malformed; the message names the field."""


def main(stdin_text: str) -> tuple[int, str]:
    """Score the hand described by `stdin_text`; return (exit status, JSON text)."""
    try:
        ruleset, role, ctx = parse_request(stdin_text)
        result = score(ruleset, role, ctx)
    except (InputError, NotAWin) as exc:
        return 1, _error(str(exc))
    except Exception as exc:  # last resort: a person gets a sentence, not a traceback
        return 1, _error(f"could not score this hand ({type(exc).__name__}: {exc})")
    return 0, json.dumps(result.to_json(ruleset), ensure_ascii=False)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """`mahjong score` takes no flags; its help says what to write on standard input."""
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.description = ("Score one hand. Reads a JSON object on standard input and writes one on "
                     "standard output.")
    p.epilog = ("input fields (docs/CONTRACTS.md §1): ruleset, seat (E/S/W/N), hand, melds, "
                "bonus, win,\n  self_draw, wild, flags, ponged, dealer_streak, role\n"
                "example:\n  echo '{\"ruleset\":\"mazhan\",\"seat\":\"E\","
                "\"hand\":\"1112345678999m\",\"melds\":[\"pong:222z\"],\"win\":\"5m\"}' "
                "| mahjong score\nexit status 1 with {\"error\": ...} for a hand that is not a "
                "win or bad input.")


def run(args: argparse.Namespace) -> int:
    """`mahjong score`: standard input to standard output."""
    status, text = main(sys.stdin.read())
    print(text)
    return status


def _error(message: str) -> str:
    return json.dumps({"error": message}, ensure_ascii=False)


def score(ruleset: str, role: str, ctx: WinContext) -> ScoreResult:
    """The winner's (or, Mazhan's M20, a loser's) scored hand."""
    if role == "loser":
        return mazhan_scoring.score_loser(ctx)
    return make_ruleset(ruleset).score_winner(ctx)


def parse_request(text: str) -> tuple[str, str, WinContext]:
    """(ruleset, role, context) from the calculator's JSON input; InputError if malformed."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"the input is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    if not isinstance(data, dict):
        raise InputError("the input must be one JSON object, e.g. {\"ruleset\": \"mazhan\", ...}")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise InputError(
            f"unknown field {unknown[0]!r}; the fields are: {', '.join(sorted(FIELDS))}"
        )

    ruleset = data.get("ruleset")
    if ruleset not in RULESETS:
        what = "missing" if ruleset is None else f"{ruleset!r} is not known"
        raise InputError(f"ruleset {what}: give \"mazhan\" or \"nanjing\"")
    role = _choice(data, "role", ("winner", "loser"), "winner")
    if role == "loser" and ruleset != "mazhan":
        raise InputError("role \"loser\" (a non-winner's hand value, ruling M20) is Mazhan only")
    seat = SEATS[_choice(data, "seat", tuple(SEATS), "E")]

    flags = _string_list(data, "flags")
    for flag in flags:
        if flag not in FLAGS:
            raise InputError(f"unknown flag {flag!r}; the flags are: {', '.join(sorted(FLAGS))}")

    win_text = data.get("win")
    if role == "loser":
        if win_text is not None:
            raise InputError("a non-winner (role \"loser\") has no winning tile: leave out win")
        win = None
    elif win_text is None:
        if not (ruleset == "nanjing" and "kuaizhao" in flags):
            raise InputError("win is missing: give the winning tile, e.g. \"win\": \"5m\"")
        win = None
    else:
        win = _one_tile(data, "win")

    wild = None if data.get("wild") is None else _one_tile(data, "wild")
    if wild is not None and ruleset != "mazhan":
        raise InputError("wild is Mazhan only: Nanjing has no wild tiles")

    ctx = WinContext(
        seat=seat,
        concealed=tuple(_tiles(data, "hand", required=True)),
        melds=tuple(_melds(data)),
        bonus=tuple(_tiles(data, "bonus")),
        win_tile=win,
        self_draw=_bool(data, "self_draw"),
        wild=wild,
        flags=frozenset(flags),
        ponged=frozenset(_ponged(data)),
        dealer_streak=_count(data, "dealer_streak"),
    )
    return ruleset, role, ctx


def _choice(data: dict[str, Any], name: str, allowed: tuple[str, ...], default: str) -> str:
    value = data.get(name, default)
    if value not in allowed:
        options = ", ".join(f'"{a}"' for a in allowed)
        raise InputError(f"{name} must be one of {options}, not {json.dumps(value)}")
    return str(value)


def _string(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise InputError(f"{name} must be a string of tile notation, not {json.dumps(value)}")
    return value


def _tiles(data: dict[str, Any], name: str, required: bool = False) -> list[Tile]:
    if data.get(name) is None and required:
        raise InputError(f"{name} is missing: give the concealed tiles, e.g. \"123m456p\"")
    value = data.get(name)
    text = _string(name, "" if value is None else value)
    try:
        return parse_tiles(text)
    except NotationError as exc:
        raise InputError(f"{name}: {exc}") from None


def _one_tile(data: dict[str, Any], name: str) -> Tile:
    text = _string(name, data[name])
    try:
        return Tile.parse(text)
    except NotationError as exc:
        raise InputError(f"{name} must be one tile, e.g. \"5m\": {exc}") from None


def _string_list(data: dict[str, Any], name: str) -> list[str]:
    value = data.get(name)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{name} must be a list of strings, not {json.dumps(value)}")
    return value


def _melds(data: dict[str, Any]) -> list[Meld]:
    melds = []
    for i, text in enumerate(_string_list(data, "melds")):
        try:
            melds.append(Meld.parse(text))
        except NotationError as exc:
            raise InputError(f"melds[{i}]: {exc}") from None
    return melds


def _ponged(data: dict[str, Any]) -> list[int]:
    kinds: list[int] = []
    for i, text in enumerate(_string_list(data, "ponged")):
        try:
            kinds.extend(parse_tiles(text))
        except NotationError as exc:
            raise InputError(f"ponged[{i}]: {exc}") from None
    return kinds


def _bool(data: dict[str, Any], name: str) -> bool:
    value = data.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise InputError(f"{name} must be true or false, not {json.dumps(value)}")
    return value


def _count(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"{name} must be a whole number 0 or more, not {json.dumps(value)}")
    return value
