"""Match logs: simulate → log → `replay verify` round trip; damaged logs rejected cleanly."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.replay import LogError, verify
from game.simulate import run_match


@pytest.fixture(scope="module", params=["mazhan", "nanjing"])
def logged(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[
        str, dict[str, object], Path]:
    ruleset = str(request.param)
    folder = tmp_path_factory.mktemp(ruleset)
    result = run_match(ruleset, 4, 21, "normal", log_dir=folder)
    (path,) = folder.iterdir()
    return ruleset, result.to_json(), path


def test_round_trip_reproduces_scores_and_events(logged: tuple[str, dict[str, object], Path],
                                                 ) -> None:
    _, sim, path = logged
    out = subprocess.run([sys.executable, "-m", "game", "replay", "verify", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout
    data = json.loads(out.stdout)
    assert data == {"hands": sim["hands"], "final_scores": sim["final_scores"],
                    "events_sha256": sim["events_sha256"], "ok": True}


def test_truncated_log_is_rejected(logged: tuple[str, dict[str, object], Path]) -> None:
    lines = logged[2].read_text().splitlines()
    with pytest.raises(LogError, match="truncated"):
        verify("\n".join(lines[:-1]))
    with pytest.raises(LogError, match=r"missing|changed"):
        verify("\n".join(lines[:1] + lines[2:]))


def test_flipped_byte_is_rejected(logged: tuple[str, dict[str, object], Path]) -> None:
    text = logged[2].read_text()
    where = text.index("discard") + len("discard ")
    flipped = text[:where] + ("9" if text[where] != "9" else "8") + text[where + 1:]
    with pytest.raises(LogError):
        verify(flipped)


def _rechain(records: list[dict[str, object]]) -> str:
    chain = hashlib.sha256()
    out = []
    for record in records:
        record = dict(record, chain=chain.hexdigest()[:16])
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        chain.update(text.encode())
        out.append(text)
    return "\n".join(out) + "\n"


def test_forged_log_with_a_valid_chain_still_fails_the_replay(
        logged: tuple[str, dict[str, object], Path]) -> None:
    records = [json.loads(line) for line in logged[2].read_text().splitlines()]
    records[-1]["final_scores"] = [9999, 0, 0, 0]
    with pytest.raises(LogError, match="scores"):
        verify(_rechain(records))
    records = [json.loads(line) for line in logged[2].read_text().splitlines()]
    first_hand = records[1]
    assert isinstance(first_hand, dict)
    actions = first_hand["actions"]
    assert isinstance(actions, list)
    actions.reverse()  # the same actions in another order cannot be legal
    with pytest.raises(LogError, match="hand 1"):
        verify(_rechain(records))


@pytest.mark.parametrize("content", ["", "not json\n", "[1,2]\n", '{"format":"other"}\n'])
def test_garbage_is_a_clean_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    out = subprocess.run([sys.executable, "-m", "game", "replay", "verify", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert "error" in json.loads(out.stdout)
    assert "Traceback" not in out.stderr


def test_missing_file_is_a_clean_error(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "game", "replay", "verify",
                          str(tmp_path / "nope.jsonl")], capture_output=True, text=True)
    assert out.returncode == 1 and "cannot read" in json.loads(out.stdout)["error"]


def test_a_flee_mid_hand_replays(tmp_path: Path) -> None:
    """M12 flees are logged with their place in the hand, so the replay settles them too."""
    from game.bots import make_bot
    from game.match import Match
    from game.replay import LogWriter, event_line

    match = Match("mazhan", 8, {"flee": True, "hands": 2})
    bots = [make_bot("normal", p) for p in range(4)]
    digest = hashlib.sha256()
    log = LogWriter("mazhan", 8, dict(match.rules.options), match.start_scores)
    while not match.match_over:
        for e in match.start_hand():
            digest.update(event_line(e))
        while not match.hand_over:
            if match.hand_no == 1 and len(match.actions) == 10:
                for e in match.flee(2):
                    digest.update(event_line(e))
            seat = match.to_act()[0]
            for e in match.apply(seat, bots[match.players[seat]].choose(match.view(seat))):
                digest.update(event_line(e))
        log.hand(match.hand_no, match.actions, match.flees.get(match.hand_no, ()))
    log.finish(len(match.history), match.scores, digest.hexdigest())
    assert match.flees == {1: [(10, 2)]}
    result = verify(log.text())
    assert result.final_scores == match.scores and match.house > 0
    records = [json.loads(line) for line in log.text().splitlines()]
    del records[1]["flees"]
    with pytest.raises(LogError, match="scores"):
        verify(_rechain(records))
