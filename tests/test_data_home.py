"""One data home (game/paths.py), the one atomic writer, version-stamped logs and saves, and
the diagnostic log."""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path

import pytest

from game import __version__, paths
from game.atomic import read_json, write_atomic
from game.cli import main
from game.match import Match
from game.replay import LogError, LogWriter, read_log, verify
from game.saves import load_text, save_text
from net.save import default_log_path, default_save_path


def test_mahjong_data_moves_every_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAHJONG_SETTINGS")
    monkeypatch.setenv("MAHJONG_DATA", str(tmp_path / "d"))
    found = [paths.data_dir(), paths.settings_path(), paths.logs_dir(), paths.save_path(),
             paths.diagnostics_dir(), paths.old_saves_dir(), default_save_path("Friday night"),
             default_log_path("Friday night", 7)]
    assert all(p.is_relative_to(tmp_path / "d") for p in found), found
    assert default_log_path("Friday night", 7).parent == paths.logs_dir()  # hosted → Replays
    assert default_save_path("../../x").parent == tmp_path / "d" / "lan"  # no escaping


def test_without_mahjong_data_one_app_name_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAHJONG_DATA")
    monkeypatch.delenv("MAHJONG_SETTINGS")
    home = Path(os.environ["HOME"])  # tests/conftest.py: a private HOME and XDG folders
    for path in (paths.data_dir(), paths.settings_path(), paths.diagnostics_dir(),
                 default_save_path("t"), default_log_path("t", 1)):
        assert paths.APP_NAME in path.parts and path.is_relative_to(home), path


def test_the_atomic_writer_replaces_whole_or_not_at_all(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "deep" / "save.jsonl"
    write_atomic(target, "first\n")
    assert target.read_text() == "first\n"
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(target, "second\n")
    assert target.read_text() == "second\n" and len(synced) >= 1  # flushed to the disk

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, "third\n")
    assert target.read_text() == "second\n"
    assert [p.name for p in target.parent.iterdir()] == ["save.jsonl"]  # no temporary left


def test_the_json_reader_reads_what_the_writer_wrote_and_nothing_broken(tmp_path: Path) -> None:
    target = tmp_path / "record.json"
    assert read_json(target) is None  # missing
    write_atomic(target, json.dumps({"done": ["a"]}))
    assert read_json(target) == {"done": ["a"]}
    target.write_text("{cut", encoding="utf-8")
    assert read_json(target) is None  # not JSON
    target.write_bytes(b'{"a": "\xff"}')
    assert read_json(target) is None  # not UTF-8
    assert read_json(tmp_path) is None  # a folder, not a file


def _played(ruleset: str, seed: int, hands: int) -> Match:
    match = Match(ruleset, seed, {"hands": hands})
    rng = random.Random(seed)
    while not match.match_over:
        match.start_hand()
        while not match.hand_over:
            seat = rng.choice(match.to_act())
            match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def _log_of(match: Match) -> LogWriter:
    from game.client.sessions.match_files import replay_digest

    writer = LogWriter(match.rules.name, match.seed, dict(match.rules.options),
                       match.start_scores, match.names)
    for number, actions in enumerate(match.record, 1):
        writer.hand(number, actions)
    writer.finish(len(match.history), match.scores, replay_digest(match).hexdigest())
    return writer


def test_logs_and_saves_record_the_engine_that_wrote_them() -> None:
    match = _played("nanjing", 4, 2)
    assert read_log(_log_of(match).text())[0]["engine"] == __version__
    assert read_log(save_text(match))[0]["engine"] == __version__


@pytest.mark.parametrize("engine", ["0.0.9", None])
def test_a_log_another_engine_wrote_is_named_as_such_not_damaged(engine: str | None) -> None:
    match = _played("mazhan", 6, 2)
    writer = _log_of(match)
    if engine is None:
        del writer.lines[0]["engine"]  # logs from before the stamp
    else:
        writer.lines[0]["engine"] = engine
    writer.lines[-1]["final_scores"] = [s + 1 for s in match.scores]  # it played differently
    with pytest.raises(LogError) as caught:
        verify(writer.text())
    message = str(caught.value)
    assert message.startswith(f"written by {engine or 'an earlier version'}")
    assert "damaged" not in message
    # the same difference from this engine's own log is not excused
    writer.lines[0]["engine"] = __version__
    with pytest.raises(LogError) as own:
        verify(writer.text())
    assert "written by" not in str(own.value)


def test_a_save_another_engine_wrote_says_so() -> None:
    match = _played("nanjing", 9, 1)
    lines = [json.loads(x) for x in save_text(match).splitlines()]
    writer = LogWriter("nanjing", 9, {}, [])
    writer.lines = [{k: v for k, v in line.items() if k != "chain"} for line in lines]
    writer.lines[0]["engine"] = "0.0.1"
    writer.lines[-1]["scores"] = [0, 0, 0, 0]
    with pytest.raises(LogError, match=r"^written by 0\.0\.1"):
        load_text(writer.text())


def test_the_diagnostic_log_records_start_up_and_tracebacks(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO('{"ruleset": "mazhan"}'))
    assert main(["score"]) == 1  # a bad hand: the calculator's own error, no crash
    log_file = paths.diagnostics_dir() / "mahjong.log"
    text = log_file.read_text(encoding="utf-8")
    assert f"mahjong {__version__} starts: score" in text

    def boom(argv: list[str]) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setitem(__import__("game.cli").cli.COMMANDS, "score", boom)
    capsys.readouterr()
    assert main(["--verbose", "score"]) == 1
    err = capsys.readouterr().err
    assert "mahjong: unexpected error: RuntimeError: a bug" in err
    assert str(log_file) in err
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: a bug" in text


def test_a_lan_save_another_engine_wrote_says_so(tmp_path: Path) -> None:
    from net.save import HandLog, SaveData, SaveError, read_save, replay, write_save

    match = _played("nanjing", 2, 1)
    path = tmp_path / "t.save.jsonl"
    write_save(path, SaveData("nanjing", "t", 2, {"hands": 1}, ["bot"] * 4, list("abcd"), {},
                              hands=[HandLog([[s, str(a)] for s, a in match.record[0]])]))
    assert replay(read_save(path)).scores == match.scores  # this engine's own save replays
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    writer = LogWriter("nanjing", 2, {}, [])
    writer.lines = [{k: v for k, v in line.items() if k != "chain"} for line in lines]
    writer.lines[0]["engine"] = "0.0.1"
    writer.lines[1]["actions"] = [*writer.lines[1]["actions"][:-3], [0, "discard 9z"]]
    path.write_text(writer.text(), encoding="utf-8")
    with pytest.raises(SaveError, match=r"written by 0\.0\.1"):
        replay(read_save(path))


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_background_thread_that_dies_leaves_its_traceback_in_the_log() -> None:
    import threading

    from game import diagnostics

    before = threading.excepthook
    log_file = diagnostics.setup(command="test")
    assert log_file is not None

    def crash() -> None:
        raise ValueError("lost in a thread")

    worker = threading.Thread(target=crash, name="lan-loop")
    worker.start()
    worker.join(timeout=60)
    diagnostics.shutdown()
    text = log_file.read_text(encoding="utf-8")
    assert "thread lan-loop died" in text and "ValueError: lost in a thread" in text
    assert threading.excepthook is before  # put back as it was
