"""Typed table options (issue 16): one frozen dataclass per ruleset is the option table, the
check at the start, the plain data in logs and saves, and the fingerprint; and every option
can be played headless with `--option NAME=VALUE`."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.errors import BadOption
from game.match import Match
from game.replay import verify
from game.rules.mazhan import MazhanOptions
from game.rules.nanjing import NanjingOptions
from game.rules.registry import (
    OPTION_TABLES,
    build_options,
    make_ruleset,
    options_from_args,
    options_hash,
)
from game.simulate import run_match
from game.tournament import main as tournament_main


def test_the_table_is_the_dataclass() -> None:
    for cls in (MazhanOptions, NanjingOptions):
        table = OPTION_TABLES[cls.ruleset]
        assert list(table) == [f.name for f in dataclasses.fields(cls)]
        defaults = cls()
        assert {name: o.default for name, o in table.items()} == defaults.as_dict()


def test_options_are_frozen_and_typed() -> None:
    rules = make_ruleset("nanjing", {"gold": 5})
    settings = rules.settings
    assert isinstance(settings, NanjingOptions) and settings.gold == 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.gold = 2  # type: ignore[misc]
    opts = rules.options
    assert isinstance(opts, dict)  # a plain dict handed out...
    opts["gold"] = 10  # ...but a copy: the ruleset keeps its options
    assert rules.stake([1000] * 4) == 5


@pytest.mark.parametrize(("ruleset", "given", "message"), [
    ("nanjing", {"glod": 5}, "unknown option 'glod'"),
    ("nanjing", {"gold": 3}, "option 'gold' cannot be 3"),
    ("nanjing", {"gold": True}, "option 'gold' cannot be True"),
    ("mazhan", {"flee": 1}, "option 'flee' cannot be 1"),
    ("mazhan", {"hands": 0}, "whole number 1-1000000"),
    ("mazhan", {"reserve": "11"}, "option 'reserve' cannot be '11'"),
    ("mazhan", {"several_winners": "all"}, "unknown option 'several_winners'"),
])
def test_a_misspelt_or_wrong_option_is_an_error_at_start(
    ruleset: str, given: dict[str, object], message: str
) -> None:
    with pytest.raises(BadOption, match=message):
        Match(ruleset, 1, given)


def test_one_hash_defaults_filled_in() -> None:
    assert options_hash("mazhan") == options_hash("mazhan", {"reserve": 11})
    assert options_hash("mazhan") != options_hash("mazhan", {"reserve": 13})
    assert options_hash("mazhan") != options_hash("nanjing")
    assert build_options("nanjing", {"gold": 2}).hash() == options_hash("nanjing", {"gold": 2})


def test_options_from_command_line_words() -> None:
    got = options_from_args("mazhan", ["table_fee=yes", "reserve=15", "flee=off"])
    assert got == {"table_fee": True, "reserve": 15, "flee": False}
    assert options_from_args("nanjing", ["several_winners=all"]) == {"several_winners": "all"}
    for bad, message in (("reserve=12", "cannot be 12"), ("reserve", "NAME=VALUE"),
                         ("fee=yes", "unknown option 'fee'"), ("flee=maybe", "yes or no"),
                         ("reserve=x", "whole number")):
        with pytest.raises(BadOption, match=message):
            options_from_args("mazhan", [bad])


def test_table_fee_and_bust_are_the_rulesets_own() -> None:
    """M22: with the table fee each player pays the stake to the house as a hand is dealt."""
    match = Match("mazhan", 4, {"table_fee": True})
    stake = match.rules.stake(match.scores)
    match.start_hand()
    assert match.scores == [8000 - stake] * 4 and match.house == 4 * stake
    plain = Match("mazhan", 4)
    plain.start_hand()
    assert plain.scores == [8000] * 4 and plain.house == 0


def test_simulate_plays_options_and_records_them_for_the_replay(tmp_path: Path) -> None:
    options = {"gold": 5, "several_winners": "all", "until_broke": True}
    result = run_match("nanjing", 12, 3, "normal", options=options, log_dir=tmp_path)
    default = run_match("nanjing", 12, 3, "normal")
    assert result.options == {**options, "hands": 12, "timers": False}
    assert result.events_sha256 != default.events_sha256  # the options changed the play
    (log,) = tmp_path.iterdir()
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"] == {**options, "hands": 12}
    replayed = verify(log.read_text(encoding="utf-8"))
    assert (replayed.events_sha256, replayed.final_scores) == (
        result.events_sha256, result.final_scores)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, timeout=300, check=False)


def test_simulate_cli_option_flag() -> None:
    out = _cli("simulate", "--ruleset", "mazhan", "--hands", "3", "--seed", "2", "--bots",
               "random", "--json", "--option", "reserve=15", "--option", "table_fee=yes")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["options"]["reserve"] == 15 and data["options"]["table_fee"] is True
    bad = _cli("simulate", "--ruleset", "mazhan", "--hands", "3", "--option", "resreve=15")
    assert bad.returncode == 2 and "unknown option 'resreve'" in bad.stderr
    assert bad.stdout == ""


def test_tournament_option_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament_main(["--ruleset", "nanjing", "--hands", "1", "--seats",
                            "normal,normal,normal,normal", "--json",
                            "--option", "several_winners=all"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["options"]["several_winners"] == "all"
    assert tournament_main(["--ruleset", "nanjing", "--hands", "1",
                            "--option", "gold=3"]) == 2
    assert "option 'gold' cannot be 3" in capsys.readouterr().err
