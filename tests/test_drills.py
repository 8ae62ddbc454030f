"""The guess-the-score drill's core (issue 27 part 4): hands from real play, choices, the real
scorer's check and the record kept in the data home."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game import drills
from game.drills import DrillRecord, choices, guess, load_record, new_drill, real_score


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_drill_is_a_real_win_and_one_choice_is_its_score(ruleset: str, seed: int) -> None:
    rng = random.Random(seed)
    drill = new_drill(ruleset, rng)
    assert real_score(drill) == drill.shown  # the scorer agrees with the table
    offered = choices(drill, rng)
    assert len(offered) == len(set(offered)) == 4 and offered == sorted(offered)
    assert offered.count(drill.shown.total) == 1
    step = 10 if ruleset == "mazhan" else 2
    assert all(n > 0 and n % step == 0 for n in offered)


def test_guesses_are_booked_in_the_data_home(tmp_path: Path) -> None:
    drill = new_drill("mazhan", random.Random(5))
    right = drill.shown.total
    ok, score, record = guess(drill, right, tmp_path)
    assert ok and score.total == right and record == DrillRecord(1, 1, 1, 1)
    ok, _, record = guess(drill, right + 10, tmp_path)
    assert not ok and record == DrillRecord(2, 1, 0, 1)
    assert load_record(tmp_path) == DrillRecord(2, 1, 0, 1)
    assert (tmp_path / drills.RECORD_NAME).is_file()


def test_a_damaged_record_starts_afresh(tmp_path: Path) -> None:
    (tmp_path / drills.RECORD_NAME).write_text("{not json", encoding="utf-8")
    assert load_record(tmp_path) == DrillRecord()
    drill = new_drill("nanjing", random.Random(2))
    _, _, record = guess(drill, drill.shown.total, tmp_path)
    assert record == DrillRecord(1, 1, 1, 1) and load_record(tmp_path) == record
