"""`host_main` / `join_main` as separate processes on loopback, and their error handling."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from net.cli import host_main, join_main


def _run(entry: str, args: list[str]) -> subprocess.Popen[str]:
    code = f"import sys; from net.cli import {entry}; sys.exit({entry}(sys.argv[1:]))"
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_host_and_two_joiners_over_loopback() -> None:
    host = _run("host_main", ["--headless", "--ruleset", "mazhan", "--name", "cli table",
                              "--seats", "open,bot,open,bot", "--hands", "2", "--seed", "4",
                              "--interface", "127.0.0.1", "--no-announce"])
    assert host.stderr is not None
    line = host.stderr.readline()
    assert "listening on port" in line, line
    port = line.rsplit(" ", 1)[1].strip()
    joiners = [_run("join_main", ["--address", f"127.0.0.1:{port}", "--autoplay", "random",
                                  "--json", "--seed", str(i)]) for i in range(2)]
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


@pytest.mark.parametrize(
    ("entry", "argv", "needle"),
    [
        (host_main, ["--ruleset", "mazhan", "--name", "x"], "needs --headless"),
        (host_main, ["--headless", "--ruleset", "chess", "--name", "x"], "invalid choice"),
        (host_main, ["--headless", "--ruleset", "mazhan", "--name", "x", "--seats", "a,b"],
         "four comma-separated"),
        (join_main, ["--address", "127.0.0.1:1"], "needs --autoplay"),
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
