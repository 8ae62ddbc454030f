"""Statistics (戰績, issue 28): figures from match logs, checked two ways.

1. Logs made by `game.simulate` into tmp_path, and a second, simple count made here from the
   engine's events (WIN, EXHAUSTED, PAYMENT events of a fresh replay) and the logs' own header
   and end lines; not from game/stats.py's code.
2. Tiny hand-made logs (one short hand each, actions written out below) whose figures are
   worked out by hand from the hand's events, written in the test with the reasoning.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import calc, stats
from game.actions import Action
from game.events import EXHAUSTED, PAYMENT, WIN, event_lines
from game.match import Match
from game.replay import LogWriter
from game.simulate import run_match

# --------------------------------------------------------------------------- the fixture set

SIMS: list[tuple[str, int, int, dict[str, Any]]] = [
    # (ruleset, hands, seed, options); each log gets its own modification time below
    ("mazhan", 30, 3, {}),
    ("mazhan", 25, 8, {"table_fee": True}),
    ("nanjing", 40, 2, {"several_winners": "all"}),
    ("nanjing", 30, 5, {}),
]


@pytest.fixture(scope="module")
def sim_logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("logs")
    for index, (ruleset, hands, seed, options) in enumerate(SIMS):
        before = set(folder.iterdir())
        run_match(ruleset, hands, seed, "normal", options=options, log_dir=folder)
        (path,) = set(folder.iterdir()) - before
        os.utime(path, (1_800_000_000 + index * 60, 1_800_000_000 + index * 60))
    return folder


def independent_count(folder: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """Per (name, ruleset): the figures counted from a fresh replay's events, logs oldest
    first by the times set above."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for path in sorted(folder.iterdir(), key=lambda p: p.stat().st_mtime):
        lines = [json.loads(raw) for raw in path.read_text().splitlines()]
        head, hands, end = lines[0], lines[1:-1], lines[-1]
        match = Match(head["ruleset"], head["seed"], head["options"], head["names"] or None)
        names = match.names
        rows = [out.setdefault((names[p], head["ruleset"]), {
            "matches": 0, "hands": 0, "wins": 0, "self_draws": 0, "deal_ins": 0, "drawn": 0,
            "gains": [], "values": [], "trend": [], "multi": 0}) for p in range(4)]
        for p in range(4):
            rows[p]["matches"] += 1
            rows[p]["trend"].append(end["final_scores"][p] - head["start_scores"][p])
        for hand in hands:
            events = match.start_hand()
            by_seat = match.players  # player at each seat for this deal
            for seat, action in hand["actions"]:
                events += match.apply(seat, Action.parse(action))
            paid = Counter[int]()
            for e in events:
                if e.kind == PAYMENT and e.info != "table_fee":  # fees are not the hand's
                    if e.seat >= 0:
                        paid[by_seat[e.seat]] += e.amount
                    paid[by_seat[e.other]] -= e.amount
            wins = [e for e in events if e.kind == WIN]
            feeders = {by_seat[e.other] for e in wins if e.other >= 0}
            for p in range(4):
                rows[p]["hands"] += 1
                rows[p]["drawn"] += any(e.kind == EXHAUSTED for e in events)
                rows[p]["deal_ins"] += p in feeders
            for e in wins:
                row = rows[by_seat[e.seat]]
                row["wins"] += 1
                row["self_draws"] += e.info == "self_draw"
                row["gains"].append(paid[by_seat[e.seat]])
                row["values"].append(e.amount)
                row["multi"] += len(wins) > 1
    return out


def test_figures_equal_a_second_count_from_the_events(sim_logs: Path) -> None:
    found = stats.collect(sim_logs)
    assert found.files == 4 and len(found.matches) == 4 and not found.skipped
    mine = independent_count(sim_logs)
    rows = {(r["name"], r["ruleset"]): r for r in stats.report(found)["players"]}
    assert set(rows) == set(mine) == {(f"P{i}", r) for i in range(1, 5)
                                      for r in ("mazhan", "nanjing")}
    for key, want in mine.items():
        got = rows[key]
        assert (got["matches"], got["hands"], got["wins"], got["self_draws"],
                got["deal_ins"], got["drawn_hands"]) == (
            want["matches"], want["hands"], want["wins"], want["self_draws"],
            want["deal_ins"], want["drawn"]), key
        assert got["win_rate"] == round(want["wins"] / want["hands"], 4)
        assert got["deal_in_rate"] == round(want["deal_ins"] / want["hands"], 4)
        assert got["self_draw_rate"] == (round(want["self_draws"] / want["wins"], 4)
                                         if want["wins"] else None)
        assert got["average_win"] == (round(sum(want["gains"]) / len(want["gains"]), 2)
                                      if want["gains"] else None)
        assert got["average_win_value"] == (round(sum(want["values"]) / len(want["values"]), 2)
                                            if want["values"] else None)
        assert [t["score"] for t in got["trend"]] == want["trend"]
        assert got["score_total"] == sum(want["trend"])
        assert got["score_per_match"] == round(sum(want["trend"]) / want["matches"], 2)
        if want["gains"]:
            assert got["biggest_win"]["gain"] == max(want["gains"])
    # the fixture holds what the rules for counting are about
    assert sum(r["multi"] for r in mine.values()) >= 2, "no hand with several winners"
    assert sum(r["drawn"] for r in mine.values()) > 0, "no drawn hand"
    assert all(r["complete_matches"] == r["matches"] for r in rows.values())


FLAGS = ("after_kong", "after_flower", "last_tiles", "robbing_kong", "heavenly", "earthly")
"""What a log does not say of a win; the calculator may need one of them to reach its value."""


def test_every_win_is_kept_with_tiles_the_calculator_scores_to_its_value(
        sim_logs: Path) -> None:
    found = stats.collect(sim_logs)
    checked = exact = 0
    for match in found.matches:
        for seat in match.seats:
            for win in seat.wins:
                w = win.to_json()
                request = {"ruleset": match.ruleset, "seat": w["seat"], "hand": w["hand"],
                           "melds": w["melds"], "bonus": w["bonus"], "win": w["win"],
                           "self_draw": w["self_draw"], "dealer_streak": w["dealer_streak"],
                           "ponged": w["ponged"]}
                if w["wild"]:
                    request["wild"] = w["wild"]
                totals = []
                for flags in ([], *([f] for f in FLAGS)):
                    status, text = calc.main(json.dumps(dict(request, flags=flags)))
                    totals.append(json.loads(text).get("total") if status == 0 else None)
                assert win.value in totals, (w, totals)
                exact += totals[0] == win.value
                checked += 1
    assert checked > 100 and exact > checked * 0.8


def test_filters_and_the_command_line(sim_logs: Path) -> None:
    def stats_json(*args: str) -> dict[str, Any]:
        out = subprocess.run([sys.executable, "-m", "game", "stats", "--json",
                              "--log-dir", str(sim_logs), *args],
                             capture_output=True, text=True, check=True)
        data: dict[str, Any] = json.loads(out.stdout)
        return data

    whole = stats_json()
    only = stats_json("--player", "P3", "--ruleset", "nanjing")
    assert [(r["name"], r["ruleset"]) for r in only["players"]] == [("P3", "nanjing")]
    assert only["players"][0] == next(r for r in whole["players"]
                                      if (r["name"], r["ruleset"]) == ("P3", "nanjing"))
    assert only["filters"] == {"player": "P3", "ruleset": "nanjing"}
    assert stats_json("--player", "nobody")["players"] == []
    text = subprocess.run([sys.executable, "-m", "game", "stats", "--log-dir", str(sim_logs)],
                          capture_output=True, text=True, check=True).stdout
    assert "4 matches" in text and "P3" in text and "Traceback" not in text


# --------------------------------------------------------------------------- hand-made logs

NAMES = ["Ann", "Bo", "Cy", "Di"]


def write_log(path: Path, ruleset: str, seed: int, actions: Sequence[tuple[int, str]],
              names: Sequence[str] = NAMES, engine: str | None = None) -> None:
    """A one-hand log of `actions`, its end line from a replay (the file, not the figures)."""
    path.write_text(log_text(ruleset, seed, tuple(actions), tuple(names), engine))


@functools.cache
def log_text(ruleset: str, seed: int, actions: tuple[tuple[int, str], ...],
             names: tuple[str, ...] = tuple(NAMES), engine: str | None = None) -> str:
    """The text of `write_log`'s file."""
    match = Match(ruleset, seed, {"hands": 1}, names)
    digest = hashlib.sha256()
    digest.update(event_lines(match.start_hand()))
    for seat, action in actions:
        digest.update(event_lines(match.apply(seat, Action.parse(action))))
    writer = LogWriter(ruleset, seed, {"hands": 1}, match.start_scores, names)
    if engine is not None:
        writer.lines[0]["engine"] = engine
    writer.hand(1, [(s, Action.parse(a)) for s, a in actions])
    writer.finish(1, match.scores, digest.hexdigest())
    return writer.text()


HAND_A = [(0, "discard 3z"), (1, "discard 1p"), (2, "discard 1s"), (3, "discard 3z"),
          (0, "discard 1z"), (3, "win 1z")]
"""Mazhan seed 1648: the dice make Ann (player 0) the dealer, so Ann E, Bo S, Cy W, Di N; the
wild is 8m. Di wins on Ann's 1z, value 80 胡 (stake 1): Ann pays the win 1600 (the discarder),
Bo and Cy 800 each; then the losers settle their differences (M20): Bo pays Ann 200, Ann pays
Cy 1400, Bo pays Cy 800. So Ann -1600+200-1400 = -2800, Bo -800-200-800 = -1800,
Cy -800+1400+800 = +1400, Di +3200. Di's tiles shown: 1288m12388p345s11444z (the 1z won on
among them), bonus 7f."""
HAND_B = [(0, "discard 3s"), (1, "pass"), (1, "discard 6p"), (2, "discard 1z"), (1, "pass"),
          (3, "discard 5m"), (0, "chow 345m 5m"), (1, "win 5m")]
"""Mazhan seed 338: Ann deals again (E). Di (N) discards 5m; Ann asks to chow it but Bo (S)
wins on it (a win goes before a chow), value 30: Ann pays 600, Cy and Di 300 each; then Ann
pays Cy 1200 and Di 400, Di pays Cy 400. So Ann -2200, Bo +1200, Cy +1300, Di -300 and Di
dealt in. Bo's tiles shown 34589m456p12357s1177z, without the 5m: 3489m456p12357s1177z;
bonus 8f then 5f, written 85f."""
HAND_C = [(0, "discard 1s"), (1, "discard 2z"), (2, "discard 8p"), (0, "pass"),
          (3, "discard 5m"), (0, "win 6s")]
"""Nanjing seed 1196: Ann deals (E) and self-draws 6s, 44 flowers: each other player pays 44
(gold 1). Ann +132, the others -44. Ann's tiles 567m44667788p456s, bonus 5z4f."""


@pytest.fixture
def hand_made(tmp_path: Path) -> Path:
    folder = tmp_path / "hand"
    folder.mkdir()
    for index, (name, ruleset, seed, actions) in enumerate([
            ("a.jsonl", "mazhan", 1648, HAND_A), ("b.jsonl", "mazhan", 338, HAND_B),
            ("c.jsonl", "nanjing", 1196, HAND_C)]):
        write_log(folder / name, ruleset, seed, actions)
        os.utime(folder / name, (1_800_000_000 + index, 1_800_000_000 + index))
    return folder


def rows_of(folder: Path) -> dict[tuple[str, str], dict[str, Any]]:
    return {(r["name"], r["ruleset"]): r for r in stats.report(stats.collect(folder))["players"]}


def test_hand_made_logs_give_the_figures_worked_out_by_hand(hand_made: Path) -> None:
    rows = rows_of(hand_made)
    ann, bo, di = rows["Ann", "mazhan"], rows["Bo", "mazhan"], rows["Di", "mazhan"]
    # Ann, Mazhan: two matches of one hand, no win, dealt in once (A): -2800 and -2200
    assert (ann["matches"], ann["hands"], ann["wins"], ann["deal_ins"]) == (2, 2, 0, 1)
    assert (ann["win_rate"], ann["deal_in_rate"], ann["self_draw_rate"]) == (0.0, 0.5, None)
    assert (ann["average_win"], ann["biggest_win"]) == (None, None)
    assert [t["score"] for t in ann["trend"]] == [-2800, -2200]
    assert (ann["score_total"], ann["score_per_match"]) == (-5000, -2500.0)
    # Bo: won B off a discard (+1200, 30 胡): win 50%, self-draw 0% of one win
    assert (bo["wins"], bo["self_draws"], bo["win_rate"], bo["self_draw_rate"]) == (1, 0, 0.5,
                                                                                    0.0)
    assert (bo["average_win"], bo["average_win_value"]) == (1200.0, 30.0)
    assert bo["biggest_win"] == {
        "gain": 1200, "value": 30, "how": "discard", "seat": "S", "self_draw": False,
        "hand": "3489m456p12357s1177z", "melds": [], "bonus": "85f", "win": "5m",
        "wild": "7z", "dealer_streak": 0, "ponged": [], "log": "b.jsonl", "hand_no": 1}
    assert [t["score"] for t in bo["trend"]] == [-1800, 1200]
    # Di: won A (+3200, 80 胡), dealt in in B (-300): 3200 - 300 = 2900 over two matches
    assert (di["wins"], di["deal_ins"], di["score_total"], di["score_per_match"]) == (
        1, 1, 2900, 1450.0)
    big = di["biggest_win"]
    assert (big["gain"], big["value"], big["hand"], big["win"], big["bonus"], big["wild"]) == (
        3200, 80, "1288m12388p345s1444z", "1z", "7f", "8m")
    assert rows["Cy", "mazhan"]["score_total"] == 1400 + 1300
    assert rows["Cy", "mazhan"]["wins"] == rows["Cy", "mazhan"]["deal_ins"] == 0
    # Nanjing is its own row for Ann: one self-drawn win of +132 (44 flowers)
    nj = rows["Ann", "nanjing"]
    assert (nj["matches"], nj["wins"], nj["self_draws"], nj["win_rate"],
            nj["self_draw_rate"], nj["deal_in_rate"]) == (1, 1, 1, 1.0, 1.0, 0.0)
    assert (nj["biggest_win"]["hand"], nj["biggest_win"]["win"], nj["score_total"]) == (
        "567m44667788p45s", "6s", 132)
    assert rows["Bo", "nanjing"]["score_total"] == -44
    # the three names who won nothing in Nanjing have no deal-in either: a self-draw
    assert all(rows[n, "nanjing"]["deal_ins"] == 0 for n in ("Bo", "Cy", "Di"))


def test_bad_and_truncated_logs_are_skipped_and_counted(hand_made: Path,
                                                        capsys: pytest.CaptureFixture[str],
                                                        ) -> None:
    good = (hand_made / "a.jsonl").read_text()
    lines = good.splitlines()
    (hand_made / "cut.jsonl").write_text("\n".join(lines[:-1]) + "\n")  # no end line
    (hand_made / "cut2.jsonl").write_text(good[:-40])  # cut inside the end line
    (hand_made / "flip.jsonl").write_text(good.replace("discard 1p", "discard 2p"))
    (hand_made / "junk.jsonl").write_text("hello\n")
    (hand_made / "empty.jsonl").write_text("")
    (hand_made / "latin.jsonl").write_bytes(b"\xff\xfe\x00")
    # a whole chain from another engine version whose actions no longer replay
    write_log(hand_made / "old.jsonl", "mazhan", 1648, HAND_A, engine="0.0.1")
    old = (hand_made / "old.jsonl").read_text().replace('"final_scores":[5200',
                                                        '"final_scores":[5201')
    records = [json.loads(raw) for raw in old.splitlines()]
    chain = hashlib.sha256()
    text = []
    for record in records:
        record["chain"] = chain.hexdigest()[:16]
        line = json.dumps(record, separators=(",", ":"))
        chain.update(line.encode())
        text.append(line)
    (hand_made / "old.jsonl").write_text("\n".join(text) + "\n")
    found = stats.collect(hand_made)
    assert found.files == 10 and len(found.matches) == 3
    assert found.skipped_counts() == {"unreadable": 1, "truncated": 2, "other_engine": 1,
                                      "damaged": 3}
    reasons = {s.file: s.reason for s in found.skipped}
    assert reasons["cut.jsonl"] == reasons["cut2.jsonl"] == "truncated"
    assert reasons["old.jsonl"] == "other_engine" and reasons["latin.jsonl"] == "unreadable"
    # the figures are those of the three good logs alone
    assert rows_of(hand_made)["Ann", "mazhan"]["score_total"] == -5000
    assert stats.main(["--log-dir", str(hand_made)]) == 0
    out = capsys.readouterr().out
    assert "skipped: 1 unreadable, 2 truncated, 1 other engine, 3 damaged" in out
    assert stats.main(["--json", "--log-dir", str(hand_made)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["skipped"]["damaged"] == 3 and len(data["skipped_files"]) == 7


def test_no_logs_and_no_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert stats.main(["--json"]) == 0  # MAHJONG_DATA points into tmp_path: no logs yet
    data = json.loads(capsys.readouterr().out)
    assert (data["files"], data["matches"], data["players"]) == (0, 0, [])
    assert data["logs_dir"] == str(tmp_path / "data" / "logs")
    assert stats.main(["--log-dir", str(tmp_path / "nowhere")]) == 1
    assert "no folder" in capsys.readouterr().err


def test_a_log_of_a_match_left_midway_counts_its_hands(hand_made: Path) -> None:
    path = hand_made / "a.jsonl"
    records = [json.loads(raw) for raw in path.read_text().splitlines()]
    records[-1]["match_over"] = False  # as the window writes it while a match is played
    chain = hashlib.sha256()
    lines = []
    for record in records:
        record["chain"] = chain.hexdigest()[:16]
        line = json.dumps(record, separators=(",", ":"))
        chain.update(line.encode())
        lines.append(line)
    path.write_text("\n".join(lines) + "\n")
    di = rows_of(hand_made)["Di", "mazhan"]
    assert (di["matches"], di["complete_matches"], di["hands"]) == (2, 1, 2)
    assert [t["complete"] for t in di["trend"]] == [False, True]


def test_reader_reads_one_file_a_step(hand_made: Path) -> None:
    reader = stats.Reader(hand_made)
    assert (reader.read, reader.done) == (0, False)
    assert reader.step() and reader.read == 1 and len(reader.found.matches) == 1
    while reader.step():
        pass
    assert reader.done and reader.read == 3 and not reader.step()


def test_a_hosted_tables_log_counts_like_a_local_one(tmp_path: Path) -> None:
    """The LAN host writes its log through net/chronicle.py (each hand with its own wall seed,
    no names in the header): read like any other, players P1-P4; a table stopped midway has
    no end line and is skipped as cut short."""
    from net.chronicle import Chronicle

    folder = tmp_path / "logs"
    folder.mkdir()
    match = Match("mazhan", 1648, {"hands": 1})
    chronicle = Chronicle("mazhan", 1648, {"hands": 1}, match, [], [])
    midway = chronicle.log_text(False, 0, match.scores)
    chronicle.events(match.start_hand(None))
    for seat, action in HAND_A:  # the hand-made hand A, dealt from the match seed
        chronicle.events(match.apply(seat, Action.parse(action)))
    chronicle.hand_done(match, 1, None)
    (folder / "hosted.jsonl").write_text(chronicle.log_text(True, 1, match.scores))
    (folder / "stopped.jsonl").write_text(midway)
    found = stats.collect(folder)
    assert found.skipped_counts()["truncated"] == 1 and len(found.matches) == 1
    rows = rows_of(folder)
    # as worked out for HAND_A: Ann = P1 dealt in (-2800), Di = P4 won +3200
    assert rows["P4", "mazhan"]["biggest_win"]["gain"] == 3200
    assert rows["P1", "mazhan"]["deal_ins"] == 1
    assert [rows[f"P{i}", "mazhan"]["score_total"] for i in range(1, 5)] == [
        -2800, -1800, 1400, 3200]


def test_a_file_is_replayed_again_only_when_it_changed(hand_made: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    replays: list[str] = []
    real = stats.match_facts

    def counted(text: str, log: str = "", order: tuple[float, str] = (0.0, "")) -> Any:
        replays.append(log)
        return real(text, log, order)

    monkeypatch.setattr(stats, "match_facts", counted)
    first = stats.report(stats.collect(hand_made))
    assert sorted(replays) == ["a.jsonl", "b.jsonl", "c.jsonl"]
    assert stats.report(stats.collect(hand_made)) == first and len(replays) == 3
    write_log(hand_made / "b.jsonl", "mazhan", 338, HAND_B, names=["Ed", "Bo", "Cy", "Di"])
    os.utime(hand_made / "b.jsonl", (1_900_000_000, 1_900_000_000))
    again = rows_of(hand_made)
    assert replays[3:] == ["b.jsonl"] and again["Ed", "mazhan"]["score_total"] == -2200


@settings(max_examples=150)
@given(cuts=st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 40), st.text(max_size=6)),
                     min_size=1, max_size=4))
def test_a_changed_log_is_counted_or_skipped_never_a_traceback(
        cuts: list[tuple[int, int, str]]) -> None:
    text = log_text("mazhan", 1648, tuple(HAND_A))
    for at, length, insert in cuts:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + length:]
    try:
        facts = stats.match_facts(text, "x.jsonl")
    except stats.Unusable as exc:
        assert exc.reason in stats.REASONS
    else:  # only a change that leaves a whole, replayable log is counted
        assert [s.score for s in facts.seats] == [-2800, -1800, 1400, 3200]
