"""Save after any action, stop the process, resume: the state equals the saved one."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.match import Match
from game.replay import LogError
from game.saves import describe, load, load_text, save, save_text


def _play(match: Match, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if match.match_over:
            return
        if match.hand_over:
            match.start_hand()
            continue
        seat = rng.choice(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))


def _views(match: Match) -> list[dict[str, object]]:
    return [match.view(seat).to_wire() for seat in range(4)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 10**6), st.integers(1, 400))
def test_resume_equals_saved_state(ruleset: str, seed: int, steps: int) -> None:
    match = Match(ruleset, seed, {"hands": 3})
    _play(match, random.Random(seed), steps)
    restored, _ = load_text(save_text(match))
    assert restored.scores == match.scores
    assert restored.hand_no == match.hand_no
    if match.hand is not None:
        assert _views(restored) == _views(match)


def test_saved_then_process_killed_then_resumed(tmp_path: Path) -> None:
    """A child process plays and saves after every action, then dies without warning."""
    path = tmp_path / "save.jsonl"
    code = (
        "import os, random, sys\n"
        "from game.match import Match\n"
        "from game.saves import save\n"
        "m = Match('mazhan', 5, {'hands': 4})\n"
        "rng = random.Random(1)\n"
        "m.start_hand()\n"
        "for _ in range(150):\n"
        "    if m.hand_over:\n"
        "        m.start_hand()\n"
        "    seat = rng.choice(m.to_act())\n"
        "    m.apply(seat, rng.choice(m.legal_actions(seat)))\n"
        "    save(m, __import__('pathlib').Path(sys.argv[1]))\n"
        "print(m.hand_no, len(m.actions))\n"
        "sys.stdout.flush()\n"
        "os._exit(9)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True)
    assert out.returncode == 9
    hand_no, actions = map(int, out.stdout.split())
    match, _ = load(path)
    assert (match.hand_no, len(match.actions)) == (hand_no, actions)
    summary = describe(path)
    assert summary is not None and summary["ruleset"] == "mazhan"


def test_extra_data_round_trips(tmp_path: Path) -> None:
    match = Match("nanjing", 2)
    match.start_hand()
    save(match, tmp_path / "s.jsonl", {"seats": ["human", "bot", "bot", "bot"]})
    _, extra = load(tmp_path / "s.jsonl")
    assert extra == {"seats": ["human", "bot", "bot", "bot"]}


def test_damaged_save_is_refused(tmp_path: Path) -> None:
    match = Match("mazhan", 3)
    match.start_hand()
    _play(match, random.Random(3), 30)
    text = save_text(match)
    lines = text.splitlines()
    record = json.loads(lines[1])
    record["actions"] = record["actions"][:-1]
    lines[1] = json.dumps(record)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines))
    with pytest.raises(LogError):
        load(path)
    assert describe(path) is None
