"""`mahjong simulate` (CONTRACTS §2): determinism and the JSON it prints."""

from __future__ import annotations

import gc
import json
import subprocess
import sys

import pytest

from game.bots import make_bot
from game.calc import main as calc_main
from game.errors import BadOption
from game.match import Match
from game.scoring import ScoreResult, WinContext
from game.simulate import run_match
from game.tiles import format_tiles


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_same_seed_same_events_and_scores(ruleset: str) -> None:
    a = run_match(ruleset, 6, 7, "normal")
    b = run_match(ruleset, 6, 7, "normal")
    assert a.events_sha256 == b.events_sha256
    assert a.final_scores == b.final_scores
    c = run_match(ruleset, 6, 8, "normal")
    assert c.events_sha256 != a.events_sha256


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_scores_move_only_by_zero_sum_payments(ruleset: str) -> None:
    result = run_match(ruleset, 8, 3, "normal")
    assert sum(result.final_scores) == sum(result.start_scores)
    assert result.draws + sum(result.wins.values()) == result.hands


def test_cli_json_contract() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--ruleset", "nanjing", "--hands", "3",
         "--seed", "7", "--bots", "random", "--json"],
        capture_output=True, text=True, check=True,
    )
    data = json.loads(out.stdout)
    for key in ("ruleset", "seed", "hands", "draws", "wins", "final_scores", "start_scores",
                "events_sha256", "seconds", "hands_per_second"):
        assert key in data
    assert set(data["wins"]) >= {"self_draw", "discard", "robbing_kong"}
    assert data["hands"] == 3 and len(data["final_scores"]) == 4


def test_cli_bad_arguments_are_one_line_errors() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "simulate", "--ruleset", "riichi"],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and "riichi" in out.stderr


def _request(ruleset: str, ctx: WinContext) -> str:
    assert ctx.win_tile is not None
    return json.dumps({
        "ruleset": ruleset,
        "seat": "ESWN"[ctx.seat],
        "hand": format_tiles(ctx.concealed),
        "melds": [("kong" if m.kind.value == "akong" else m.kind.value) + ":"
                  + format_tiles(m.tiles) for m in ctx.melds],
        "bonus": format_tiles(ctx.bonus),
        "win": str(ctx.win_tile),
        "self_draw": ctx.self_draw,
        "wild": None if ctx.wild is None else str(ctx.wild),
        "flags": sorted(ctx.flags),
        "ponged": [format_tiles([k]) for k in sorted(ctx.ponged)],
        "dealer_streak": ctx.dealer_streak,
    })


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_every_offered_win_is_accepted_by_the_calculator_with_the_same_total(
    ruleset: str,
) -> None:
    """Issue 3: a win the engine offers is one the calculator accepts, with the same total."""
    scored: list[tuple[WinContext, int]] = []
    match = Match(ruleset, 5, {"hands": 12} | ({"bust_ends": False} if ruleset == "mazhan"
                                               else {}))
    original = match.rules.score_winner

    def recording(ctx: WinContext) -> ScoreResult:
        result = original(ctx)
        scored.append((ctx, result.total))
        return result

    match.rules.score_winner = recording  # type: ignore[method-assign]
    bots = [make_bot("normal", p) for p in range(4)]
    while not match.match_over:
        match.start_hand()
        while not match.hand_over:
            seat = match.to_act()[0]
            match.apply(seat, bots[match.players[seat]].choose(match.view(seat)))
    checked = 0
    for ctx, total in scored:
        if ctx.win_tile is None:  # 快照 has no winning tile to give the calculator
            continue
        status, text = calc_main(_request(ruleset, ctx))
        assert status == 0, text
        assert json.loads(text)["total"] == total
        checked += 1
    assert checked >= 5


def test_run_match_makes_collections_rarer_and_puts_them_back() -> None:
    """While a match runs young collections are rarer; afterwards (also after an error, and
    after a match started from inside another's callback) the thresholds are as before."""
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def inner(done: int, total: int) -> None:
        seen.append(gc.get_threshold())

    def outer(done: int, total: int) -> None:
        seen.append(gc.get_threshold())
        if done == 1:
            run_match("nanjing", 1, 4, "random", progress=inner)
            seen.append(gc.get_threshold())

    plain = run_match("mazhan", 2, 3, "normal", {"bust_ends": False})
    assert gc.get_threshold() == before
    watched = run_match("mazhan", 2, 3, "normal", {"bust_ends": False}, progress=outer)
    assert gc.get_threshold() == before
    assert watched.events_sha256 == plain.events_sha256
    assert len(seen) == 4 and all(t[0] >= max(before[0], 7000) for t in seen)
    with pytest.raises(BadOption):
        run_match("mazhan", 2, 3, "normal", {"no_such_option": 1})
    assert gc.get_threshold() == before
