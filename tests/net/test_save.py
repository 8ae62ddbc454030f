"""Nothing lost: the host saves after every hand, a crashed table resumes, players reclaim their
places with their tokens, and the match log replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.replay import verify
from net.save import SaveError, read_save, replay
from net.table import Table
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


def test_a_crashed_host_resumes_and_players_reclaim_their_places(tmp_path: Path) -> None:
    save, log = tmp_path / "table.save.json", tmp_path / "table.jsonl"
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=4, move_pause=0.001,
                       save_path=save, log_path=log)
    room = Room(table)
    players = [FakeClient(room, name=n, seed=i, seat=i, address=f"10.0.0.{i}")
               for i, n in enumerate(("ann", "bob"))]
    room.run(lambda: table.hands_done >= 2)
    last = table.match.history[-1]  # the table's match keeps only the last record
    assert last.hand_no == 2
    scores_after_two = list(last.scores)
    tokens = [c.token for c in players]  # the table dies here: nothing more is said
    assert all(tokens)

    saved = read_save(save)
    assert len(saved.hands) == 2 and saved.names[:2] == ["ann", "bob"]
    again = Table(table.config, saved=saved)
    assert again.match.scores == scores_after_two and again.hands_done == 2
    assert again.free_seats == []  # both places wait for their owners
    room2 = Room(again, now=room.now)
    back = [FakeClient(room2, name=f"x{i}", token=tokens[i], seed=9 + i,
                       address=f"10.0.0.{i}") for i in range(2)]
    room2.run()
    summary = again.final
    assert summary is not None
    stats = [c.stats for c in back]
    assert [s.seat for s in stats] == [0, 1]
    assert summary["hands"] == 4 and all(s.hands_played == 2 for s in stats)
    assert all(s.final_scores == summary["final_scores"] for s in stats)
    assert again.names[:2] == ["ann", "bob"]  # the saved names, not the new hellos
    result = verify(log.read_text(encoding="utf-8"))  # game/replay.py accepts the log
    assert result.hands == 4 and result.final_scores == summary["final_scores"]
    assert len(read_save(save).hands) == 4


def test_a_save_with_flees_replays_to_the_same_scores(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hands=2, save_path=save,
                       discard_seconds=0.01, claim_seconds=0.01)
    room = Room(table)
    idle = room.raw_peer("idle")
    idle.send({"t": "sit", "seat": 0})
    room.run()
    summary = table.final
    assert summary is not None and summary["flees"] >= 1
    saved = read_save(save)
    assert sum(len(h.flees) for h in saved.hands) == summary["flees"]
    assert replay(saved).scores == summary["final_scores"]


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("not json", "not a saved table"),
        ('{"format": "mahjong-log"}', "not a saved table"),
        ('{"format": "mahjong-lan-save", "version": 99}', "save version 99"),
        ('{"format": "mahjong-lan-save", "version": 1, "ruleset": "mazhan"}', "damaged"),
    ],
)
def test_bad_save_files_get_a_clear_error(tmp_path: Path, content: str, needle: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=needle):
        read_save(path)


def test_a_tampered_save_does_not_replay(tmp_path: Path) -> None:
    host = make_table("nanjing", ["bot"] * 4, hands=1, save_path=tmp_path / "s.json",
                      start_after=0)
    Room(host).run()
    path = tmp_path / "s.json"
    lines = path.read_text().splitlines()
    assert json.loads(lines[-1])["saved"]  # the one save format: a log that says "saved"
    hand = json.loads(lines[1])
    hand["actions"][0][1] = "discard 9z"
    path.write_text("\n".join([lines[0], json.dumps(hand), *lines[2:]]) + "\n")
    with pytest.raises(SaveError, match="not a saved table"):  # the hash chain catches it
        read_save(path)
    # an old-format save (plain JSON, no hash chain) is still read; its replay catches it
    raw = host.save_data().to_json()
    raw["hands"][0]["actions"][0][1] = "discard 9z"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="saved hand 1, action 1"):
        replay(read_save(path))


def test_a_save_that_cannot_be_written_is_told_and_the_table_plays_on(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file where the save's folder should be")
    table = make_table("nanjing", ["open", "bot", "bot", "bot"], hands=1,
                       save_path=tmp_path / "taken" / "s.json")
    room = Room(table)
    ann = FakeClient(room, name="ann", seed=1)
    room.run()
    assert table.final is not None and table.final["hands"] == 1
    told = [n for n in ann.state.notices if n["code"] == "save"]
    assert told and "could not save" in told[0]["msg"]
