"""`host_main` / `join_main` as separate processes on loopback, and their error handling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from net.cli import host_main, join_main
from tests.net.peers import run_cli

# slow: whole matches over real loopback sockets (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow


def test_host_and_two_joiners_over_loopback(tmp_path: Path) -> None:
    host = run_cli("host_main", ["--headless", "--ruleset", "mazhan", "--name", "cli table",
                                 "--seats", "open,bot,open,bot", "--hands", "2", "--seed", "4",
                                 "--reproducible-walls",
                                 "--interface", "127.0.0.1", "--no-announce"], tmp_path)
    assert host.stderr is not None
    line = host.stderr.readline()
    assert "listening on port" in line, line
    port = line.rsplit(" ", 1)[1].strip()
    joiners = [run_cli("join_main", ["--address", f"127.0.0.1:{port}", "--autoplay", "random",
                                     "--json", "--seed", str(i)], tmp_path) for i in range(2)]
    outs = [j.communicate(timeout=120) for j in joiners]
    host_out, host_err = host.communicate(timeout=60)
    assert host.returncode == 0, host_err
    lines = [json.loads(x) for x in host_out.splitlines()]
    assert [x["hand"] for x in lines[:-1]] == [1, 2]
    final = lines[-1]
    assert final["hands"] == 2 and final["dropped"] == 0
    for j, (out, err) in zip(joiners, outs, strict=True):
        assert j.returncode == 0, err
        stats = json.loads(out)
        assert stats["hands_played"] == 2 and stats["desyncs"] == 0
        assert stats["final_scores"] == final["final_scores"]
        assert 0 < stats["diff_bytes_median"] <= 150 and stats["snapshot_bytes_max"] <= 4096
    assert sorted(json.loads(out)["seat"] for out, _ in outs) == [0, 2]
    # Logged in the data folder's logs (the Replays list); the save of the finished match is
    # gone, since there is nothing left to resume.
    assert final["match_end"] == "hands"
    assert [p for p in tmp_path.glob("lan/**/*") if p.is_file()] == []  # no save, no token
    logs = list(tmp_path.glob("logs/*.jsonl"))
    assert len(logs) == 1
    from game.replay import verify
    assert verify(logs[0].read_text()).final_scores == final["final_scores"]


@pytest.mark.parametrize(
    ("entry", "argv", "needle"),
    [
        (host_main, ["--ruleset", "mazhan", "--name", "x"], "needs --headless"),
        (host_main, ["--headless", "--ruleset", "chess", "--name", "x"], "invalid choice"),
        (host_main, ["--headless", "--ruleset", "mazhan", "--name", "x", "--seats", "a,b"],
         "four comma-separated"),
        (join_main, ["--address", "127.0.0.1:1"], "needs --autoplay"),
        (host_main, ["--headless"], "--ruleset and --name are needed"),
        (host_main, ["--headless", "--resume", "/nonexistent/x.json"], "cannot read"),
        (join_main, ["--address", "nohost", "--autoplay", "random"], "HOST:PORT"),
        (join_main, ["--autoplay", "random"], "one of the arguments"),
    ],
)
def test_bad_arguments_get_a_message_not_a_traceback(
    entry: object, argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert callable(entry)
    assert entry(argv) != 0
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err
