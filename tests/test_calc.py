"""`mahjong score` (CONTRACTS §1): `game.calc.main` and the real command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.calc import main
from game.rules import nanjing_scoring
from game.scoring import ScoreLine, ScoreResult, WinContext

ROOT = Path(__file__).resolve().parent.parent

# ruling M17: the seed's worked example, (20 + 20) × 8 = 320
SEED_320: dict[str, Any] = {
    "ruleset": "mazhan",
    "seat": "E",
    "hand": "123m456m789m23p55s",
    "melds": ["pong:777z"],
    "bonus": "1f5f",
    "win": "4p",
    "self_draw": True,
}
# ruling M20: the seed's non-winner example, 40 × 4 = 160
SEED_160: dict[str, Any] = {
    "ruleset": "mazhan",
    "seat": "S",
    "hand": "999s23p45p67s1z",
    "melds": ["pong:666z", "kong:1111m"],
    "bonus": "2f",
    "role": "loser",
}


def run(request: dict[str, Any] | str) -> tuple[int, dict[str, Any]]:
    text = request if isinstance(request, str) else json.dumps(request)
    status, out = main(text)
    data = json.loads(out)
    assert isinstance(data, dict)
    return status, data


def test_seed_winner_example() -> None:
    status, data = run(SEED_320)
    assert status == 0
    assert (data["ruleset"], data["total"], data["base"], data["tai"]) == ("mazhan", 320, 14, 3)
    assert [item["key"] for item in data["items"]][:4] == [
        "exposed_pong", "bonus_tile", "bonus_tile", "self_draw"
    ]
    for item in data["items"]:
        assert set(item) == {"key", "label", "value", "unit"}
        assert any("\u4e00" <= ch <= "\u9fff" for ch in item["label"])  # Chinese
        assert any(ch.isascii() and ch.isalpha() for ch in item["label"])  # and English
    assert data["items"][-1] == {"key": "total", "label": "合計 total", "value": 320,
                                 "unit": "total"}


def test_seed_loser_example() -> None:
    status, data = run(SEED_160)
    assert status == 0
    assert (data["total"], data["base"], data["tai"]) == (160, 32, 2)


def test_wild_and_flags_reach_the_scorer() -> None:
    # ruling M18: 平胡 with two wilds is 400; the wild field makes 7z wild
    request: dict[str, Any] = {"ruleset": "mazhan", "seat": "W", "hand": "123m456m79m13p45s55p7z7z",
               "win": "3s", "wild": "7z"}
    status, data = run(request)
    assert (status, data["total"]) == (0, 400)
    assert "ping_hu_wilds" in [item["key"] for item in data["items"]]
    # ruling M17: 地胡
    request = {"ruleset": "mazhan", "seat": "S", "hand": "123m456m789m123s23p55s",
               "win": "4p", "flags": ["earthly"]}
    status, data = run(request)
    assert (status, data["total"]) == (0, 400)


def test_defaults() -> None:
    # self_draw false, seat E, role winner when left out
    status, data = run({"ruleset": "mazhan", "hand": "123m456m789m123p45s55p", "win": "3s"})
    assert (status, data["total"]) == (0, 100)


def _bad(**changes: Any) -> dict[str, Any]:
    request: dict[str, Any] = {**SEED_320, **changes}
    return {k: v for k, v in request.items() if v is not _DROP}


_DROP = object()

ERRORS: list[tuple[str, dict[str, Any] | str, str]] = [
    ("bad JSON", '{"ruleset": "mazhan", ', "not valid JSON"),
    ("not an object", "[1, 2]", "one JSON object"),
    ("empty input", "", "not valid JSON"),
    ("unknown ruleset", _bad(ruleset="riichi"), "ruleset"),
    ("missing ruleset", _bad(ruleset=_DROP), "ruleset missing"),
    ("unknown seat", _bad(seat="X"), "seat"),
    ("unknown field", _bad(selfdraw=True), "unknown field 'selfdraw'"),
    ("bad hand notation", _bad(hand="123m456x"),
     "hand: bad tile notation '123m456x' at character 8"),
    ("bad digit", _bad(hand="123m0p"), "character 5"),
    ("hand not a string", _bad(hand=123), "hand must be a string"),
    ("missing hand", _bad(hand=_DROP), "hand is missing"),
    ("bad meld", _bad(melds=["pong:778z"]), "melds[0]"),
    ("unknown meld kind", _bad(melds=["pung:777z"]), "unknown meld kind"),
    ("melds not a list", _bad(melds="pong:777z"), "melds must be a list"),
    ("win two tiles", _bad(win="4p5p"), "win must be one tile"),
    ("missing win", _bad(win=_DROP), "win is missing"),
    ("bad bonus", _bad(bonus="1f9f"), "bonus"),
    ("unknown flag", _bad(flags=["tenhou"]), "unknown flag 'tenhou'"),
    ("self_draw not bool", _bad(self_draw="yes"), "self_draw must be true or false"),
    ("bad streak", _bad(dealer_streak=-1), "dealer_streak"),
    ("loser nanjing", {**SEED_160, "ruleset": "nanjing"}, "Mazhan only"),
    ("loser with win", {**SEED_160, "win": "5m"}, "no winning tile"),
    ("bad role", _bad(role="banker"), "role"),
    ("wild in nanjing", {"ruleset": "nanjing", "hand": "123m", "win": "1m", "wild": "5m"},
     "Nanjing has no wild"),
    # ruling M9: wrong tile count
    ("wrong tile count", _bad(hand="123m456m789m23p5s"), "16 tiles"),
    ("18 tiles", _bad(hand="123m456m789m23p55s1z"), "this one has 17"),
    # ruling M1: five of a kind
    ("five of a kind", _bad(hand="123m456m789m77z55s", melds=["pong:777z"], win="7z"),
     "only four 7z"),
    ("five of a kind in hand", _bad(hand="11111m456m789m23p", melds=["pong:777z"]),
     "only four 1m"),
    # ruling M9: not a win
    ("not a win", _bad(win="9p"), "not a winning hand"),
    # ruling M2: 白 is a bonus tile
    ("white in hand", _bad(hand="123m456m789m23p5z5z"), "bonus tile"),
]


@pytest.mark.parametrize(
    ("request_", "words"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS]
)
def test_errors(request_: dict[str, Any] | str, words: str) -> None:
    status, out = main(request_ if isinstance(request_, str) else json.dumps(request_))
    assert status == 1
    data = json.loads(out)
    assert list(data) == ["error"]
    assert isinstance(data["error"], str)
    assert words in data["error"]
    assert "Traceback" not in out


def test_nanjing_is_dispatched(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[WinContext] = []

    def fake(ctx: WinContext) -> ScoreResult:
        seen.append(ctx)
        line = ScoreLine("win", 20, "flower", "score.nanjing.win")
        return ScoreResult(20, (line,), {"hard_flowers": 0, "soft_flowers": 0})

    monkeypatch.setattr(nanjing_scoring, "score_winner", fake)
    request = {"ruleset": "nanjing", "seat": "S", "hand": "123m456m789p11s22s", "win": "2s",
               "ponged": ["3m", "4p"], "dealer_streak": 2, "flags": ["last_tiles"]}
    status, data = run(request)
    assert (status, data["ruleset"], data["total"]) == (0, "nanjing", 20)
    assert data["items"] == [{"key": "win", "label": "成牌 Winning hand", "value": 20,
                              "unit": "flower"}]
    ctx = seen[0]
    assert (ctx.seat, str(ctx.win_tile), ctx.dealer_streak) == (1, "2s", 2)
    assert sorted(str(k) for k in map(int, ctx.ponged)) == ["12", "2"]
    assert ctx.flags == frozenset({"last_tiles"})



def test_unexpected_failure_is_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.rules import mazhan_scoring

    def broken(ctx: WinContext) -> ScoreResult:
        raise KeyError("boom")

    monkeypatch.setattr(mazhan_scoring, "score_winner", broken)
    status, data = run(SEED_320)
    assert status == 1 and list(data) == ["error"] and "boom" in data["error"]


def _command(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", "score"],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_real_command() -> None:
    done = _command(json.dumps(SEED_320))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["total"], data["base"], data["tai"]) == (320, 14, 3)
    bad = _command('{"ruleset": "mazhan", "seat": "E", "hand": "11111m", "win": "1m"}')
    assert bad.returncode == 1
    assert list(json.loads(bad.stdout)) == ["error"]
    assert "Traceback" not in bad.stderr
