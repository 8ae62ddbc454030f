"""Every command fails cleanly: one line on standard error, a non-zero status, never a
traceback; Ctrl-C exits 130 and keeps the save; a closed pipe and a missing display are
handled; every flag has a help line; the progress bar ends its line and shows an ETA."""

from __future__ import annotations

import argparse
import io
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.argparsing import command_parser
from game.cli import COMMAND_HELP, COMMANDS, build_parser, main
from game.client.options import ClientOptions, options_from_args
from game.client.options import add_arguments as play_arguments
from game.match import Match
from game.simulate import Progress
from net.cli import add_host_arguments, add_join_arguments, host_main
from net.save import HandLog, SaveData, write_save

BAD = [
    (["simulate", "--hands", "1000001"], "out of range"),
    (["tournament", "--hands", "99999999999999999999"], "at most 100,000 deals"),
    (["play", "--size", "99999x99999"], "at most 7680x4320"),
    (["host", "--headless", "--name", "", "--ruleset", "mazhan"], "--name cannot be empty"),
    (["frobnicate"], "unknown command"),
    (["--bogus"], "unrecognized arguments"),
    (["replay"], "required"),
    (["replay", "verify"], "required"),
    (["simulate", "--hand", "3"], "unrecognized arguments: --hand 3"),  # no abbreviations
    (["host", "--seat", "open,bot,bot,bot"], "unrecognized arguments"),
]


@pytest.mark.parametrize(("argv", "needle"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_a_non_zero_status(
        argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert needle in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert out == ""


@pytest.mark.parametrize("command", [*COMMAND_HELP, "replay verify"])
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command.split(), "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: mahjong {command}")
    if command == "score":
        assert "ruleset" in out and "| mahjong score" in out  # the input fields and an example
    if command == "replay":
        assert "verify" in out and "mahjong replay verify logs/" in out  # an example


def test_version_and_top_level_help(capsys: pytest.CaptureFixture[str]) -> None:
    from game import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"mahjong {__version__}"
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in COMMAND_HELP)
    assert os.environ["MAHJONG_DATA"] in out  # where data and logs are kept


def _tree(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()
          ) -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every parser in `mahjong`'s parse tree, by the words that reach it."""
    found = {words: parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, branch in action.choices.items():
                found |= _tree(branch, (*words, name))
    return found


TREE = _tree(build_parser())
LEAVES = {words: p for words, p in TREE.items()
          if not any(isinstance(a, argparse._SubParsersAction) for a in p._actions)}
LEAST = {
    ("play",): [], ("score",): [], ("simulate",): [], ("bench",): [], ("tournament",): [],
    ("replay", "verify"): ["log.jsonl"], ("host",): [], ("join",): ["--address", "127.0.0.1:9"],
    ("review",): ["log.jsonl", "--seat", "0"],
    ("stats",): [],
}
"""The arguments each command cannot do without, so that a stray flag is what it trips on."""


def test_every_argument_in_the_parse_tree_has_a_help_line() -> None:
    assert {words[0] for words in TREE if words} == set(COMMAND_HELP)
    for words, parser in TREE.items():
        assert parser.prog == " ".join(("mahjong", *words))
        for action in parser._actions:
            name = "/".join(action.option_strings) or action.dest
            assert action.help and action.help != argparse.SUPPRESS, \
                f"{parser.prog}: {name} has no help line"
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    assert choice.help, f"{parser.prog} {choice.dest} has no help line"


def test_every_command_has_its_flags_in_the_tree_and_its_own_main_the_same() -> None:
    """One definition of each flag: the branch of `mahjong`'s parser and the parser a
    module's own main(argv) uses come from the same add_arguments."""
    def flags(parser: argparse.ArgumentParser) -> set[str]:
        return {s for a in parser._actions for s in a.option_strings}

    assert {"--hands", "--seed", "--bots", "--option", "--log-dir"} <= flags(TREE[("simulate",)])
    assert {"--demo", "--size", "--quit-after", "--layout-json"} <= flags(TREE[("play",)])
    assert flags(command_parser("play", play_arguments)) == flags(TREE[("play",)])
    assert flags(command_parser("host", add_host_arguments)) == flags(TREE[("host",)])
    assert flags(command_parser("join", add_join_arguments)) == flags(TREE[("join",)])


@pytest.mark.parametrize("words", sorted(LEAVES), ids=" ".join)
def test_every_command_refuses_an_unknown_flag(
        words: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    assert set(LEAST) == set(LEAVES)  # a new command needs its line in LEAST
    assert main([*words, *LEAST[words], "--no-such-flag"]) == 2
    out, err = capsys.readouterr()
    prog = " ".join(("mahjong", *words))
    assert err == f"{prog}: unrecognized arguments: --no-such-flag (see {prog} --help)\n"
    assert out == ""


@pytest.mark.parametrize(("argv", "table"), [
    ([], False), (["--seed", "3"], False), (["-v", "--size", "1024x640"], False),
    (["play"], True), (["play", "--seed", "3"], True), (["--demo"], True),
])
def test_plain_mahjong_opens_the_menu_and_play_a_table(
        argv: list[str], table: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[ClientOptions] = []

    def window(args: argparse.Namespace) -> int:
        opened.append(options_from_args(args))
        return 0

    monkeypatch.setitem(COMMANDS, "play", window)
    assert main(argv) == 0
    assert [o.play for o in opened] == [table]
    assert opened[0].seed == (3 if "--seed" in argv else None)


def test_host_resume_of_a_finished_match_says_so(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    match = Match("nanjing", 3, {})
    match.start_hand()
    rng = random.Random(3)
    while not match.hand_over:
        seat = rng.choice(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    hand = HandLog([[s, str(a)] for s, a in match.actions])
    save = tmp_path / "t.save.jsonl"
    write_save(save, SaveData("nanjing", "t", 3, {}, ["bot"] * 4, ["a", "b", "c", "d"], {},
                              hands_limit=1, hands=[hand]))
    assert host_main(["--headless", "--resume", str(save), "--no-announce"]) == 1
    err = capsys.readouterr().err
    assert "already finished" in err and len(err.strip().splitlines()) == 1


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_counts_deals_shows_an_eta_and_ends_its_line_early() -> None:
    stream = _Terminal()
    bar = Progress(300, stream=stream)
    for done in range(1, 44):
        bar(done, 300)
    bar.close()  # the match ended early (a bust): the next output starts on a new line
    text = stream.getvalue()
    assert text.endswith("\n") and "43/300 deals" in text and "ETA" in text
    bar.close()
    assert stream.getvalue() == text  # closing twice adds nothing


def _mahjong(*args: str, env: dict[str, str] | None = None,
             **kw: object) -> subprocess.Popen[str]:
    process: subprocess.Popen[str] = subprocess.Popen(  # type: ignore[call-overload]
        [sys.executable, "-m", "game", *args], env=env or dict(os.environ), text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    return process


@pytest.mark.parametrize("argv", [["--help"], ["score"]])
def test_a_reader_that_goes_away_is_not_a_traceback(argv: list[str]) -> None:
    """`mahjong --help | head -2`, with the reader gone before anything is written: quiet, as
    Unix tools are (argparse itself drops help it cannot write; our own output exits 141)."""
    proc = _mahjong(*argv, stdin=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None and proc.stdin is not None
    proc.stdout.close()
    proc.stdin.write('{"ruleset":"nanjing","seat":"E","hand":"1","win":"1m"}')
    proc.stdin.close()
    err = proc.stderr.read()
    # argparse drops help it cannot write when stdout is unbuffered (PYTHONUNBUFFERED): 0
    assert proc.wait(timeout=60) in ((0, 141) if argv == ["--help"] else (141,))
    assert err == ""


def _as_in_a_terminal() -> None:
    """In the child before exec: Ctrl-C handled as in a terminal's foreground. A shell starts a
    background job (`pytest ... &`) with SIGINT ignored, which children inherit, and Python then
    leaves it ignored: without this the Ctrl-C tests would fail whenever the suite runs so."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_in_simulate_exits_130_with_one_line() -> None:
    proc = _mahjong("simulate", "--ruleset", "nanjing", "--hands", "1000000",
                    preexec_fn=_as_in_a_terminal)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the first progress line: the run is under way
    assert "deals" in first, first
    proc.send_signal(signal.SIGINT)
    _out, rest = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert rest.strip().splitlines()[-1] == "mahjong: interrupted" and "Traceback" not in rest


def test_ctrl_c_in_the_window_exits_130_and_keeps_the_save(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    save = Path(env["MAHJONG_DATA"]) / "current.jsonl"
    proc = _mahjong("play", "--seats", "bot,human,bot,bot", "--seed", "5", env=env,
                    preexec_fn=_as_in_a_terminal)
    deadline = time.monotonic() + 120  # a safety net: the save appears after the first move
    while not save.exists():
        assert proc.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    from game.saves import load

    match, _ = load(save)  # still there, and it resumes
    assert match.hand is not None


@pytest.mark.parametrize("driver", ["", "x11"])
def test_no_display_is_said_not_run_invisibly(driver: str) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    proc = _mahjong("play", "--demo", "--quit-after", "30", env=env)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1
    assert "mahjong: no display" in err and "Traceback" not in err


def test_a_command_whose_library_is_missing_says_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from game import cli

    missing = cli.Command("host a LAN table", "net.no_such_module:add_host_arguments",
                          "net.cli:host_run", needs="LAN play")
    monkeypatch.setitem(cli.TABLE, "host", missing)
    assert main(["host", "--headless"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mahjong host: LAN play is not available (")
    assert len(err.strip().splitlines()) == 1
    assert main(["help"]) == 0  # the other commands still answer
    assert "usage: mahjong" in capsys.readouterr().out


def test_ctrl_c_in_the_window_is_noted_even_where_python_would_lose_it() -> None:
    """A KeyboardInterrupt raised inside a callback whose errors Python only prints (the
    import system's module-lock callbacks are such) was lost, and the window ran on; the
    window's own handler notes the Ctrl-C there and the loop raises it at its own check."""
    import weakref

    from game.client.app import CtrlC

    ctrl_c = CtrlC()

    class Thing:
        pass

    # Python's own handler, as in a terminal: a suite started in the background (`pytest &`)
    # inherits SIGINT ignored, and CtrlC rightly leaves an ignored Ctrl-C ignored
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt), ctrl_c.noted():
            thing = Thing()
            weakref.finalize(thing, os.kill, os.getpid(), signal.SIGINT)
            del thing  # the finalizer sends the Ctrl-C from inside a callback
            ctrl_c.check()  # the first check in the loop raises it
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back
    finally:
        signal.signal(signal.SIGINT, inherited)


def test_ctrl_c_ignored_by_the_caller_stays_ignored() -> None:
    from game.client.app import CtrlC

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with CtrlC().noted():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.3, 0.5, 0.7, 1.0, 1.5, 2.5])
def test_ctrl_c_at_any_moment_of_the_window_starting_exits_130(delay: float) -> None:
    """Ctrl-C while the window starts and loads its modules: exit 130, never a death by
    SIGINT (-2), a lost Ctrl-C (the window running on) or a traceback. The delay picks the
    moment (a sweep over start-up), it waits for nothing."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = _mahjong("play", "--seats", "bot,human,bot,bot", "--seed", "5", env=env,
                    preexec_fn=_as_in_a_terminal)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
