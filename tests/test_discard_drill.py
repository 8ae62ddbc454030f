"""The "what would you discard" drill's core (game.discard_drill): positions from the kept
logs' local human's reviewed discard mistakes, biggest loss first; the expert's best (ties
too) right, the player's own throw wrong; only what the seat saw; the running record."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game import discard_drill, drills, replay, review
from game.actions import ActionKind
from game.discard_drill import DiscardDrill, collect, from_decision, header_humans
from game.drills import DrillRecord
from game.match import Match
from game.replay import LogWriter, read_log
from game.review import review_log
from game.rules.registry import UNITS
from tests.test_review import _Shuffling, play_log


def with_humans(path: Path, humans: list[int] | None) -> Path:
    """The log at `path` written again with its header naming `humans` (as the window's
    recorder does; None: no such field, as `mahjong simulate` writes it)."""
    records = read_log(path.read_text(encoding="utf-8"))
    head = records[0]
    writer = LogWriter(head["ruleset"], head["seed"], head["options"], head["start_scores"],
                       head["names"])
    writer.lines = [{k: v for k, v in r.items() if k != "chain"} for r in records]
    writer.lines[0].pop("humans", None)
    if humans is not None:
        writer.lines[0]["humans"] = humans
    writer.write(path)
    return path


@pytest.fixture(scope="module")
def spoiled(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any]]:
    """A Mazhan and a Nanjing log (in a logs folder each) where player 0, a local human,
    followed the expert but once: a ready hand broken by the worst discard (a wild where it
    holds one)."""
    out: dict[str, tuple[Path, Any]] = {}
    ranker, _ = review.expert_ranker()
    for ruleset, seed in (("mazhan", 7), ("nanjing", 3)):
        folder = tmp_path_factory.mktemp(ruleset)
        path = folder / f"{ruleset}.jsonl"
        at = play_log(path, ruleset, 3, seed, ranker)
        assert at is not None, "no ready hand to break: pick another seed"
        out[ruleset] = (with_humans(path, [0]), at)
    return out


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_the_spoiled_discard_is_the_first_drill(spoiled: dict[str, tuple[Path, Any]],
                                                ruleset: str) -> None:
    path, (hand_no, step) = spoiled[ruleset]
    found = collect(path.parent)
    assert found, "the broken ready hand is a discard mistake"
    first = found[0]
    assert (first.source, first.player, first.hand, first.step) == (path.name, 0, hand_no, step)
    assert first.ruleset == ruleset and first.unit == UNITS[ruleset]
    # what the review says of that decision: the drill is its discards
    decision = next(d for d in review_log(path.read_text(), 0).decisions
                    if (d.hand, d.step) == (hand_no, step))
    assert decision.chosen.tile == first.played
    assert not first.is_right(first.played)
    assert decision.best.kind is ActionKind.DISCARD and decision.best.tile is not None
    assert first.is_right(decision.best.tile)
    assert first.loss == pytest.approx(decision.loss)
    legal = {a.tile for a in first.view.legal if a.kind is ActionKind.DISCARD}
    assert {tile for tile, _ in first.values} == legal
    assert [x for _, x in first.values] == sorted((x for _, x in first.values), reverse=True)
    assert first.view == decision.view and first.view.phase == "discard"
    assert first.view.seat == decision.seat
    # biggest losses first, each a real mistake
    assert [d.loss for d in found] == sorted((d.loss for d in found), reverse=True)
    assert all(d.loss > discard_drill.LEAST_LOSS and not d.is_right(d.played) for d in found)


def test_ties_count_as_right(spoiled: dict[str, tuple[Path, Any]]) -> None:
    path, _ = spoiled["mazhan"]
    first = collect(path.parent)[0]
    best = first.values[0]
    other = next(tile for tile, _ in first.values[1:] if tile != first.played)
    values = [(tile, best[1] if tile == other else x) for tile, x in first.values]
    values.sort(key=lambda kv: -kv[1])
    tied = DiscardDrill(first.ruleset, first.source, first.player, first.hand, first.step,
                        first.view, tuple(values), first.played)
    assert set(tied.right) == {best[0], other}
    assert tied.is_right(other) and tied.is_right(best[0])
    assert not tied.is_right(first.played)
    assert not first.is_right(other)


def test_only_discard_decisions_are_ranked_and_the_drills_are_the_same(
        spoiled: dict[str, tuple[Path, Any]]) -> None:
    """The drills rank the discard decisions only (claims are no drill): the same drills as
    from the full review."""
    path, _ = spoiled["nanjing"]
    text = path.read_text()
    full = review_log(text, 0)
    expected = [d for d in (from_decision(x, full.ruleset, path.name, 0)
                            for x in full.decisions) if d is not None]
    assert expected
    assert discard_drill.log_drills(text, path.name) == expected
    # a win or a kong as the best action is no "what would you discard" question
    for d in full.decisions:
        if d.best.kind is not ActionKind.DISCARD:
            assert from_decision(d, full.ruleset, path.name, 0) is None


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_drill_holds_only_what_the_seat_saw(spoiled: dict[str, tuple[Path, Any]],
                                              ruleset: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Every tile the seat could not see (other hands, the wall) shuffled before each view is
    built: the same drills."""
    path, _ = spoiled[ruleset]
    text = path.read_text()
    plain = discard_drill.log_drills(text, path.name)
    monkeypatch.setattr(replay, "Match", _Shuffling)  # the review's replay (start_match)
    _Shuffling.changed = 0
    shuffled = discard_drill.log_drills(text, path.name)
    monkeypatch.setattr(replay, "Match", Match)
    assert _Shuffling.changed > 10  # the tables really differed
    assert shuffled == plain
    assert [d.view for d in shuffled] == [d.view for d in plain]


def test_logs_without_a_local_human_are_skipped(spoiled: dict[str, tuple[Path, Any]],
                                                tmp_path: Path) -> None:
    path, _ = spoiled["mazhan"]
    text = path.read_text()
    logs = tmp_path / "logs"
    logs.mkdir()
    bare = logs / "simulated.jsonl"
    bare.write_text(text)
    with_humans(bare, None)
    assert header_humans(read_log(bare.read_text())[0]) == ()
    (logs / "nobody.jsonl").write_text(text)
    with_humans(logs / "nobody.jsonl", [])
    (logs / "damaged.jsonl").write_text(text.replace('"hand":1', '"hand":9', 1))
    (logs / "notes.txt").write_text("not a log")
    reader = discard_drill.Reader(logs)
    while reader.step():
        pass
    assert reader.drills() == [] and reader.reviewed == {} and reader.files == 3
    # another player at the table: only the ones the header names are reviewed
    other = logs / "other.jsonl"
    other.write_text(text)
    with_humans(other, [2])
    reader = discard_drill.Reader(logs)
    while reader.step():
        pass
    assert reader.reviewed == {"mazhan": 1} and all(d.player == 2 for d in reader.drills())
    with_humans(other, [0, 2])  # a hot-seat table: each of its people
    found = collect(logs)
    assert 0 in {d.player for d in found} <= {0, 2}
    assert all(d.view.players[d.view.seat] == d.player for d in found)


def test_the_newest_logs_first_and_bounded(spoiled: dict[str, tuple[Path, Any]],
                                           tmp_path: Path) -> None:
    path, _ = spoiled["mazhan"]
    logs = tmp_path / "logs"
    logs.mkdir()
    for n, name in enumerate(("a-old.jsonl", "b-mid.jsonl", "c-new.jsonl")):
        copy = logs / name
        copy.write_text(path.read_text())
        os.utime(copy, (1_000_000 + n * 100, 1_000_000 + n * 100))
    assert [p.name for p in discard_drill.newest_logs(logs, 2)] == ["c-new.jsonl",
                                                                   "b-mid.jsonl"]
    found = collect(logs, most_logs=2)
    assert {d.source for d in found} == {"c-new.jsonl", "b-mid.jsonl"}
    # equal losses: the newest log's first
    assert found[0].source == "c-new.jsonl" and found[1].source == "b-mid.jsonl"
    assert len(collect(logs, most=3)) == 3
    assert collect(logs, most_logs=0) == []
    assert collect(logs, ruleset="nanjing") == []
    assert collect(logs, most_logs=2, ruleset="mazhan") == found


def test_each_ruleset_apart(spoiled: dict[str, tuple[Path, Any]], tmp_path: Path) -> None:
    """Mazhan points and Nanjing gold do not compare: a ruleset's drills are asked apart."""
    logs = tmp_path / "logs"
    logs.mkdir()
    for ruleset in ("mazhan", "nanjing"):
        path, _ = spoiled[ruleset]
        (logs / path.name).write_text(path.read_text())
    both = collect(logs)
    assert {d.ruleset for d in both} == {"mazhan", "nanjing"}
    for ruleset in ("mazhan", "nanjing"):
        own = collect(logs, ruleset=ruleset)
        assert own == [d for d in both if d.ruleset == ruleset]
        assert own[0].source == spoiled[ruleset][0].name
        assert (own[0].hand, own[0].step) == spoiled[ruleset][1]


def test_the_record_is_kept_apart_from_the_score_drills(spoiled: dict[str, tuple[Path, Any]],
                                                        tmp_path: Path) -> None:
    path, _ = spoiled["mazhan"]
    first = collect(path.parent)[0]
    data = tmp_path / "data"
    assert discard_drill.load_record(data) == DrillRecord()
    assert discard_drill.answer(first, first.played, data) == (False, DrillRecord(1, 0, 0, 0))
    right = first.right[-1]
    assert discard_drill.answer(first, right, data) == (True, DrillRecord(2, 1, 1, 1))
    assert discard_drill.answer(first, first.values[0][0], data)[1] == DrillRecord(3, 2, 2, 2)
    assert discard_drill.load_record(data) == DrillRecord(3, 2, 2, 2)
    assert discard_drill.record_path(data) != drills.record_path(data)
    assert drills.load_record(data) == DrillRecord()  # the score drill's own is untouched
    assert json.loads(discard_drill.record_path(data).read_text())["discard"]["best"] == 2
    discard_drill.record_path(data).write_text("{damaged")
    assert discard_drill.load_record(data) == DrillRecord()
    assert discard_drill.answer(first, first.played, None) == (False, DrillRecord(1, 0, 0, 0))
