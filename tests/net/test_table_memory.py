"""A long match at a LAN table stays small: the table keeps each finished hand only as its save
and log lines (net/chronicle.py), and those lines are the very text the log writer
(game/replay.py) and the save format have always written."""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from game.match import Match
from game.replay import LogWriter, read_log, verify
from game.saves import saved_records
from net.save import LAN_KEY, SaveData, read_save
from net.table import Table
from tests.net.fake import Room
from tests.net.peers import make_table
from tools.lan_memory import bot_table, play, table_objects


def _old_save_text(data: SaveData) -> str:
    """The save as written before the table kept its lines: every line made afresh by
    LogWriter from the whole SaveData."""
    start = Match(data.ruleset, data.seed, data.options, data.names).start_scores
    writer = LogWriter(data.ruleset, data.seed, data.options, start, data.names)
    host = {f.name: getattr(data, f.name) for f in fields(data)
            if f.name not in ("ruleset", "seed", "options", "hands", "engine", "current")}
    host = copy.deepcopy(host)
    host["current"] = None if data.current is None else asdict(data.current)
    writer.lines[0]["extra"] = {LAN_KEY: host}
    for number, hand in enumerate(data.hands, 1):
        line: dict[str, Any] = {"hand": number, "actions": [list(a) for a in hand.actions]}
        if hand.flees:
            line["flees"] = [list(f) for f in hand.flees]
        if hand.seed is not None:
            line["seed"] = hand.seed
        writer.lines.append(line)
    writer.lines.append({"end": True, "saved": True, "hands": len(data.hands)})
    return writer.text()


def _old_log_text(table: Table, final: bool) -> str:
    writer = LogWriter(table.config.ruleset, table.seed, table.options,
                       table.chronicle.start_scores)
    for number, hand in enumerate(table.chronicle.hand_logs(), 1):
        writer.hand(number, [(s, a) for s, a in hand.actions], hand.flees, hand.seed)
    if final:
        writer.finish(table.hands_done, table.match.scores, table.chronicle.digest.hexdigest())
    return writer.text()


def test_save_and_log_texts_are_what_the_log_writer_writes() -> None:
    # Secret walls (a seed on every hand line) and a player who never acts (time-outs, then
    # flees, M12), so every optional field of a hand line is written.
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hands=3, secret_walls=True,
                       discard_seconds=0.01, claim_seconds=0.01,
                       options={"hands": 3, "bust_ends": False})  # the fleer goes broke
    seeds = iter(range(2**100, 2**100 + 10))  # wide wall seeds, the same every run
    table._wall_seed = lambda r: next(seeds)  # type: ignore[method-assign]
    room = Room(table)
    idle = room.raw_peer("idle")
    idle.send({"t": "sit", "seat": 0})
    room.run(lambda: table.hands_done >= 2 and not table.match.hand_over
             and len(table.match.actions) > 5)
    hands = table.chronicle.hand_logs()
    assert len(hands) == 2 and any(h.flees for h in hands) and all(h.seed for h in hands)
    assert [h.seed for h in hands] == [2**100, 2**100 + 1]  # the hook deals them
    data = table.save_data()  # mid-hand: the hand under way is in the header
    assert data.current is not None and data.current.actions
    text = table.chronicle.save_text(table.save_data(hands=False), room.now)
    assert text == _old_save_text(data)
    head, lines, _end = saved_records(text)
    assert head["extra"][LAN_KEY]["names"][0] == "idle" and len(lines) == 2
    assert table.chronicle.log_text(False, table.hands_done, table.match.scores) == (
        _old_log_text(table, final=False))
    room.run()
    assert table.final is not None
    log = table.chronicle.log_text(True, table.hands_done, table.match.scores)
    assert log == _old_log_text(table, final=True)
    assert verify(log).final_scores == table.final["final_scores"]
    assert [r.get("seed") for r in read_log(log)[1:-1]] == [
        h.seed for h in table.chronicle.hand_logs()]


def test_a_resumed_table_keeps_the_saved_hands_lines(tmp_path: Path) -> None:
    save = tmp_path / "t.save"
    table = make_table("nanjing", ["bot"] * 4, hands=4, save_path=save, start_after=0,
                       options={"hands": 4})
    room = Room(table)
    room.run(lambda: table.hands_done >= 2)
    saved = read_save(save)
    again = Table(table.config, saved=saved)
    assert again.hands_done == 2 and again.chronicle.hand_logs() == saved.hands
    assert len(again.match.history) == 1  # the replayed hands' records are not kept
    written = save.read_text(encoding="utf-8")
    resaved = again.chronicle.save_text(again.save_data(hands=False), 0.0)
    # the same finished hands' lines, word for word
    assert json.loads(resaved.splitlines()[1]) == json.loads(written.splitlines()[1])
    Room(again).run()
    assert again.final is not None and again.final["hands"] == 4


def test_what_a_table_keeps_per_hand_does_not_grow_with_the_hands_played() -> None:
    """Objects reachable from the table, not bytes or time: before, each hand added its
    record, its actions three times over and its log line's dicts (~290 objects a hand)."""
    table = bot_table("mazhan", 40, save=True, secret_walls=False)  # the same run each time
    now = play(table, 4)
    at_4 = table_objects(table)
    now = play(table, 20, now)
    at_20 = table_objects(table)
    play(table, 36, now)
    at_36 = table_objects(table)
    # (the match may have booked the next hand already: the table files it at its next step)
    assert table.hands_done == 36 and table.match.hands_played - 36 in (0, 1)
    # two lines per finished hand (save and log), plus what the hand on the table holds
    # (its tiles, its actions so far), which differs from one moment to the next
    assert at_20 - at_4 <= 2 * 16 + 150
    assert at_36 - at_20 <= 2 * 16 + 150
    assert len(table.match.history) == 1 and len(table.match.record) == 1
