"""`mahjong host --option NAME=VALUE`: the house's rules from the command line, told to joiners
(welcome, discovery, `join --json`), kept in the save and the log, and played (issue 32)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.rules.registry import OPTION_TABLES
from net.cli import host_main
from net.client_state import ClientState, JoinError
from net.discovery import TableInfo, _options_joined, txt_properties
from net.host_config import options_from_text, options_text, table_options
from net.save import read_save
from net.table import Table
from tests.net.fake import FakeClient, Room
from tests.net.peers import run_cli, table_config
from tests.option_play import check_fee, check_gold, check_ledger, from_log

# slow: whole matches over real loopback sockets (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


def _host_and_join(tmp_path: Path, ruleset: str, option: str, hands: int) -> tuple[
        list[dict[str, Any]], dict[str, Any], str, str]:
    """A headless host with `--option option` and one joining client over loopback: the
    host's JSON lines, the joiner's JSON, the joiner's standard error, the host's log."""
    host = run_cli("host_main", ["--headless", "--ruleset", ruleset, "--name", "house rules",
                                 "--seats", "open,bot,bot,bot", "--hands", str(hands),
                                 "--option", option, "--interface", "127.0.0.1",
                                 "--no-announce"], tmp_path)
    assert host.stderr is not None
    line = host.stderr.readline()
    assert "listening on port" in line, line
    port = line.rsplit(" ", 1)[1].strip()
    joiner = run_cli("join_main", ["--address", f"127.0.0.1:{port}", "--autoplay", "normal",
                                   "--json"], tmp_path)
    out, err = joiner.communicate(timeout=180)
    host_out, host_err = host.communicate(timeout=60)
    assert host.returncode == 0, host_err
    assert joiner.returncode == 0, err
    logs = list(tmp_path.glob("logs/*.jsonl"))
    assert len(logs) == 1
    return ([json.loads(x) for x in host_out.splitlines()], json.loads(out), err,
            logs[0].read_text())


def test_a_nanjing_host_with_five_gold_a_flower_plays_it_with_a_joiner(tmp_path: Path) -> None:
    lines, stats, err, log = _host_and_join(tmp_path, "nanjing", "gold=5", hands=3)
    final = lines[-1]
    assert stats["options"] == table_options("nanjing", {"gold": 5, "timers": True})
    assert stats["options"]["gold"] == 5 and stats["hands_played"] == final["hands"] == 3
    assert stats["final_scores"] == final["final_scores"]
    # Worded as the setup screen words them, defaults included.
    assert "Gold per flower 5" in err and "Several wins on one discard" in err
    played = from_log(log)
    assert played.options["gold"] == 5
    check_ledger(played)
    seen = check_gold(played)  # every payment is its flowers x 5 (N10)
    assert sum(seen.values()) > 0, "no payment at all: the option was not tried"
    for hand in lines[:-1]:
        assert all(d % 5 == 0 for d in hand["deltas"])


def test_a_mazhan_host_with_the_table_fee_plays_it_with_a_joiner(tmp_path: Path) -> None:
    lines, stats, err, log = _host_and_join(tmp_path, "mazhan", "table_fee=yes", hands=2)
    assert stats["options"]["table_fee"] is True and stats["options"]["reserve"] == 11
    assert "Each player pays the stake per hand On" in err
    played = from_log(log)
    assert played.options["table_fee"] is True
    check_ledger(played)
    fees = check_fee(played)  # M22: each of the four pays the stake to the house per hand
    assert fees and all(f > 0 for f in fees)
    start = sum(played.hands[0].before)
    for hand in lines[:-1]:  # the fee leaves the table: four stakes a hand go to the house
        assert sum(hand["scores"]) == start - 4 * sum(fees[:hand["hand"]])


@pytest.mark.parametrize(("argv", "needle"), [
    (["--option", "gold=3"], "option 'gold' cannot be 3"),
    (["--option", "golden=5"], "unknown option 'golden'"),
    (["--option", "gold"], "write an option as NAME=VALUE"),
    (["--option", "hands=4"], "the match length is --hands, not --option hands=N"),
])
def test_bad_options_are_refused_as_simulate_refuses_them(
        argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    from game.simulate import main as simulate_main

    assert host_main(["--headless", "--ruleset", "nanjing", "--name", "x", *argv]) == 2
    host_err = capsys.readouterr().err
    assert needle in host_err and "Traceback" not in host_err
    assert simulate_main(["--ruleset", "nanjing", "--hands", "1", *argv]) == 2
    assert needle in capsys.readouterr().err  # the same words from the one parser


def test_options_go_into_the_save_and_a_resume_keeps_them(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    table = Table(table_config("nanjing", ["bot"] * 4, hands=6,
                               options={"gold": 10, "several_winners": "all"}, save_path=save,
                               log_path=tmp_path / "t.log"))
    room = Room(table)
    table._go = True
    room.run(until=lambda: table.hands_done >= 1)
    saved = read_save(save)
    assert saved.options["gold"] == 10 and saved.options["several_winners"] == "all"
    assert '"gold":10' in (tmp_path / "t.log").read_text().splitlines()[0]
    again = Table(table_config("nanjing", ["bot"] * 4, hands=6), saved=saved)
    assert again.table_options["gold"] == 10 and again.rules == table.rules
    assert host_main(["--headless", "--resume", str(save), "--option", "gold=2"]) == 2


def test_the_welcome_and_discovery_carry_every_option_defaults_included() -> None:
    table = Table(table_config("mazhan", ["open", "bot", "bot", "bot"], hands=1,
                               options={"reserve": 15, "bust_ends": False}))
    room = Room(table)
    client = FakeClient(room, name="p", autoplay="random")
    room.run()
    assert client.state.table["options"] == {
        "reserve": 15, "hands": 16, "bust_ends": False, "table_fee": False, "timers": True,
        "flee": True}
    assert client.stats.to_json()["options"] == client.state.table["options"]
    text = options_text(table.table_options)
    assert text == "reserve=15,hands=16,bust_ends=no,table_fee=no,timers=yes,flee=yes"
    assert options_from_text("mazhan", text) == table.table_options


def _info(ruleset: str, options: str) -> TableInfo:
    """What a browser reads back from the TXT record `options` makes."""
    props = txt_properties(name="t", protocol=1, ruleset=ruleset, rules="x", free=1,
                           locked=False, options=options)
    assert all(len(f"{k}={v}".encode()) <= 255 for k, v in props.items())
    return TableInfo(service="t", name="t", address="127.0.0.1", port=1, protocol=1,
                     ruleset=ruleset, rules="x", free=1, locked=False,
                     options_text=_options_joined(props))


def test_discovery_splits_long_options_within_the_txt_limits_and_flags_unknown_ones() -> None:
    every = options_text(table_options("nanjing", {"gold": 5}))
    assert _info("nanjing", every).options["gold"] == 5
    # A later version's long list: cut into strings of at most 255 bytes, read back whole.
    long = ",".join(f"option_number_{i}=value_{i}" for i in range(30))
    info = _info("nanjing", f"{every},{long}")
    assert info.options == _info("nanjing", every).options  # the known ones still shown
    assert len(info.unknown_options) == 30
    assert info.unknown_options[0] == "option_number_0=value_0"


def test_a_joiner_that_does_not_know_an_option_is_refused_clearly_before_sitting() -> None:
    state = ClientState()
    welcome = {"t": "welcome", "v": 1, "table": "t", "ruleset": "nanjing", "rules": "x",
               "seats": [], "options": {"gold": 5, "moon_bonus": True}}
    with pytest.raises(JoinError) as caught:
        state.receive(welcome)
    assert "moon_bonus" in str(caught.value) and "update the game" in str(caught.value)
    assert caught.value.info["why"] == "unknown_option"
    assert state.outbox == []  # never asked for a seat
    assert set(OPTION_TABLES["nanjing"]) >= {"gold"}


def test_discovery_announces_the_timers_a_joiner_will_play_with() -> None:
    # M11: 15 s to discard and 8 s to answer a claim by default, as the host set them, or
    # nothing when the table has no timers
    from tests.net.peers import make_table

    assert make_table("mazhan", ["open", "bot", "bot", "bot"]).announced_timers == "15/8"
    slow = make_table("nanjing", ["open", "bot", "bot", "bot"], discard_seconds=30.0,
                      claim_seconds=12.5)
    assert slow.announced_timers == "30/12.5"
    off = make_table("mazhan", ["open", "bot", "bot", "bot"], options={"timers": False})
    assert off.announced_timers == ""
