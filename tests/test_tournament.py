"""`mahjong tournament` (CONTRACTS §6): duplicate deals, the JSON it prints, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import tournament
from game.engine import Hand
from game.tournament import play_deal, run_tournament


def test_each_deal_is_the_same_wall_and_the_same_hands_in_every_rotation() -> None:
    seen: dict[tuple[int, int], tuple[object, ...]] = {}

    def record(deal: int, rotation: int, hand: Hand) -> None:
        seen[deal, rotation] = (
            tuple(hand.wall.order), hand.wall.dice, hand.wild,
            tuple(tuple(h) for h in hand.hands), tuple(tuple(b) for b in hand.bonus),
        )

    run_tournament("mazhan", 2, ["hard", "normal", "easy", "random"], 4, on_start=record)
    assert len(seen) == 8
    for deal in range(2):
        assert all(seen[deal, r] == seen[deal, 0] for r in range(4))
    assert seen[0, 0] != seen[1, 0]


def test_rotation_moves_every_player_through_every_seat() -> None:
    levels = ["hard", "normal", "normal", "normal"]
    totals = [play_deal("nanjing", 3, 0, levels, r) for r in range(4)]
    for deltas in totals:
        assert sum(deltas) == 0  # N10-N13 payments only move gold between players
    # Same wall, different seats: at least one rotation ends differently for player 0.
    assert len({tuple(d) for d in totals}) > 1


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_tiny_tournament_summary(ruleset: str) -> None:
    out = run_tournament(ruleset, 3, ["hard", "normal", "normal", "random"], 1)
    assert out["ruleset"] == ruleset and out["hands"] == 3
    assert set(out["per_level"]) == {"hard", "normal", "random"}
    assert set(out["pairs"]) == {"hard-normal", "hard-random", "normal-random"}
    for row in out["per_level"].values():
        lo, hi = row["ci95"]
        assert lo <= row["mean"] <= hi
    # Zero-sum table: the seat-weighted level means add up to zero.
    per = out["per_level"]
    total = per["hard"]["mean"] + 2 * per["normal"]["mean"] + per["random"]["mean"]
    assert abs(total) < 0.01
    pair = out["pairs"]["hard-random"]["mean_diff"]
    assert abs(pair - (per["hard"]["mean"] - per["random"]["mean"])) < 0.01
    assert out == run_tournament(ruleset, 3, ["hard", "normal", "normal", "random"], 1) | {
        "seconds": out["seconds"]}


BASELINE = f"file:{Path(__file__).parents[1] / 'tools' / 'baseline_bot.py'}:BaselineBot"


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_bot_loaded_from_a_file_plays_a_tournament(ruleset: str) -> None:
    out = run_tournament(ruleset, 2, ["hard", BASELINE, "normal", BASELINE], 5)
    assert set(out["per_level"]) == {"hard", "normal", "BaselineBot"}
    assert "hard-BaselineBot" in out["pairs"]
    per = out["per_level"]
    total = per["hard"]["mean"] + per["normal"]["mean"] + 2 * per["BaselineBot"]["mean"]
    assert abs(total) < 0.01


def test_file_bot_class_from_a_temporary_file(tmp_path: Path) -> None:
    # A bot that always takes the first legal action: still a legal player for a whole deal.
    path = tmp_path / "first.py"
    path.write_text("class First:\n"
                    "    def __init__(self, seed):\n        self.seed = seed\n"
                    "    def choose(self, view):\n        return view.legal[0]\n")
    spec = f"file:{path}:First"
    deltas = play_deal("mazhan", 1, 0, [spec, "normal", spec, "normal"], 0)
    assert sum(deltas) == 0


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_per_level_statistics(ruleset: str) -> None:
    out = run_tournament(ruleset, 3, ["hard", "normal", "normal", "random"], 2)
    hands = 4 * 3
    wins = 0.0
    for lv, row in out["per_level"].items():
        for key in ("win_rate", "deal_in_rate", "open_hand_rate"):
            assert 0 <= row[key] <= 1
        seats = 2 if lv == "normal" else 1
        wins += row["win_rate"] * hands * seats
        if row["win_rate"]:
            assert row["avg_win_value"] > 0 and 0 <= row["self_draw_share"] <= 1
        assert ("kong_money_per_hand" in row) == (ruleset == "nanjing")
    assert round(wins) <= hands  # at most one winner a hand with the default options
    assert out["per_level"]["random"]["open_hand_rate"] > 0 or ruleset == "nanjing"


def test_cli_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from game.tournament import main; "
         "sys.exit(main(sys.argv[1:]))", "--ruleset", "nanjing", "--hands", "1",
         "--seats", "easy,random,random,random", "--seed", "2", "--json"],
        capture_output=True, text=True, check=True,
    )
    data = json.loads(proc.stdout)
    assert {"ruleset", "hands", "per_level", "pairs"} <= set(data)
    assert data["pairs"]["easy-random"]["ci95"][0] <= data["pairs"]["easy-random"]["mean_diff"]
    assert "1/1" in proc.stderr  # progress goes to standard error


@pytest.mark.parametrize(("argv", "message"), [
    (["--seats", "hard,normal"], "four levels"),
    (["--seats", "hard,normal,normal,master"], "unknown bot level 'master'"),
    (["--seats", "hard,normal,normal,file:nowhere/bot.py:Bot"], "no bot file"),
    (["--seats", "hard,normal,normal,file:bot.py"], "file:PATH.py:ClassName"),
    (["--hands", "0"], "at least 1"),
    (["--hands", "many"], "whole number"),
    (["--ruleset", "riichi"], "unknown ruleset"),
    (["--colour", "red"], "unrecognized arguments"),
])
def test_bad_arguments_are_one_clear_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tournament.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1
