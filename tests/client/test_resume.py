"""Logs written as hands end, the save after every action, and Continue from the main menu."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.client.context import Context
from game.client.i18n import t
from game.client.screens.menus import MainMenu
from game.client.sessions.local import LocalSession
from game.client.sessions.match_files import DATA_ENV, MatchFiles, data_dir
from game.client.table.scene import TableScene
from game.client.ui.notice import NoticeScene
from game.replay import LogError, read_log, verify

NAMES = ["王", "李", "張", "劉"]
SOLO = ["human", "bot", "bot", "bot"]
HOTSEAT = ["human", "human", "bot", "bot"]


def act(session: LocalSession, rng: random.Random) -> None:
    """One thing happens: a bot acts, a human picks a random legal action, or the next deal."""
    if session.hand_over:
        session.next_hand()
    elif session.waiting_on_others():
        session.step()
    else:
        seat = session.seat_of(session.humans_to_act()[0])
        session.submit(seat, rng.choice(session.view(seat).legal))


def views(session: LocalSession) -> list[dict[str, Any]]:
    return [session.view(seat).to_wire() for seat in (-1, 0, 1, 2, 3)]


def test_data_folder_follows_the_environment(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d"
    monkeypatch.delenv(DATA_ENV)
    assert data_dir().name == "mahjong-tables"


def test_log_written_as_each_hand_ends_and_save_removed_at_the_end(tmp_path: Path) -> None:
    files = MatchFiles(tmp_path)
    session = LocalSession("nanjing", HOTSEAT, ["random"] * 4, NAMES, seed=8, hands=3,
                           files=files)
    rng = random.Random(8)
    checked = 0
    while not session.match_over:
        act(session, rng)
        assert session.recorder is not None
        logs = files.list_logs()
        if not session.history:
            assert logs == [] and files.save.exists()
            continue
        assert len(logs) == 1  # one file per match, rewritten
        text = logs[0].read_text(encoding="utf-8")
        result = verify(text)  # a valid log at every point, for the hands so far
        assert result.hands == len(session.history)
        if session.hand_over:
            scores = list(session.match.scores)
            assert result.final_scores == scores
            checked += 1
        assert files.save.exists() != session.match_over
    end = read_log(files.list_logs()[0].read_text(encoding="utf-8"))[-1]
    assert end["match_over"] is True and end["hands"] == 3
    assert not files.save.exists() and checked >= 3


def test_tables_without_files_write_nothing(tmp_path: Path) -> None:
    session = LocalSession("mazhan", SOLO, ["random"] * 4, NAMES, seed=1, hands=1)
    rng = random.Random(1)
    while not session.hand_over:
        act(session, rng)
    assert session.recorder is None and list(tmp_path.iterdir()) == []


@settings(max_examples=12, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 10**6), st.integers(0, 260),
       st.sampled_from([SOLO, HOTSEAT]))
def test_resume_rebuilds_the_session_where_it_stopped(
    tmp_path_factory: pytest.TempPathFactory, ruleset: str, seed: int, steps: int,
    kinds: list[str]
) -> None:
    files = MatchFiles(tmp_path_factory.mktemp("data"))
    levels = ["random", "easy", "normal", "random"]
    session = LocalSession(ruleset, kinds, levels, NAMES, seed, hands=2, files=files)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.match_over:
            break
        act(session, rng)
    if session.match_over:
        assert not files.save.exists()
        with pytest.raises(LogError):
            LocalSession.resume(files)
        return
    resumed = LocalSession.resume(files)
    assert views(resumed) == views(session)
    assert resumed.kinds == session.kinds and resumed.levels == session.levels
    assert resumed.humans_to_act() == session.humans_to_act()
    assert resumed.start_scores == session.start_scores
    # the resumed table plays on into the same log file, whose events hash still holds
    while not resumed.match_over:
        act(resumed, rng)
    logs = files.list_logs()
    assert len(logs) == 1
    assert verify(logs[0].read_text(encoding="utf-8")).hands == len(resumed.history)


CHILD = """
import json, os, random, sys
from pathlib import Path
from game.client.sessions.match_files import MatchFiles
from game.client.sessions.local import LocalSession
sys.path.insert(0, sys.argv[4])
from tests.client.test_resume import act, views
folder, seed, steps = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
session = LocalSession("mazhan", ["human", "human", "bot", "bot"], ["normal"] * 4,
                       ["王", "李", "張", "劉"], seed, hands=4, files=MatchFiles(folder))
rng = random.Random(seed)
for _ in range(steps):
    act(session, rng)
(folder / "expected.json").write_text(json.dumps(views(session)))
os._exit(7)  # no clean-up of any kind: the save must already be on disk
"""


@pytest.mark.parametrize("seed,steps", [(3, 57), (12, 140)])
def test_killed_process_resumes_from_the_menu(ctx: Context, screen: pygame.Surface,
                                              tmp_path: Path, seed: int, steps: int) -> None:
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path), str(seed), str(steps),
                          str(root)], capture_output=True, text=True, cwd=root, timeout=120)
    assert out.returncode == 7, out.stderr
    expected = json.loads((tmp_path / "expected.json").read_text())
    ctx.data_dir = tmp_path
    menu = MainMenu(ctx)
    ctx.stack.push(menu)
    first = menu.group.buttons[0]
    assert first.label.startswith(t("menu.continue"))
    menu.draw(screen)
    for size in ((1024, 640), (1280, 800)):  # ten buttons stay below the title, on screen
        ctx.size = size
        menu.resize(size)
        room = pygame.Rect(0, int(size[1] * 0.25), size[0], size[1] - int(size[1] * 0.25))
        assert all(room.contains(b.rect) for b in menu.group.buttons)
        assert all(ctx.fonts.fit(b.label, int(b.rect.h * 0.5), b.rect.w - 12) >= 14
                   for b in menu.group.buttons)
    first.action()
    table = ctx.stack.top
    assert isinstance(table, TableScene)
    assert isinstance(table.session, LocalSession)
    assert views(table.session) == expected
    table.update(0.01)
    table.draw(screen)


def test_menu_without_a_save_starts_with_solo(ctx: Context, tmp_path: Path) -> None:
    ctx.data_dir = tmp_path
    menu = MainMenu(ctx)
    ctx.stack.push(menu)
    assert menu.group.buttons[0].label.startswith(t("menu.solo"))


def test_a_damaged_save_is_explained_and_moved_aside(ctx: Context, screen: pygame.Surface,
                                                     tmp_path: Path) -> None:
    files = MatchFiles(tmp_path)
    session = LocalSession("mazhan", SOLO, ["random"] * 4, NAMES, seed=4, files=files)
    rng = random.Random(4)
    for _ in range(30):
        act(session, rng)
    # a save whose chain holds but which names a seat kind nobody knows must be refused
    lines = files.save.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["extra"]["kinds"] = ["human", "robot", "bot", "bot"]
    from game.replay import LogWriter

    writer = LogWriter("mazhan", 4, {}, [])
    writer.lines = [{k: v for k, v in json.loads(line).items() if k != "chain"}
                    for line in lines]
    writer.lines[0] = {k: v for k, v in head.items() if k != "chain"}
    files.save.write_text(writer.text(), encoding="utf-8")
    ctx.data_dir = tmp_path
    menu = MainMenu(ctx)
    ctx.stack.push(menu)
    menu.group.buttons[0].action()
    notice = ctx.stack.top
    assert isinstance(notice, NoticeScene)
    assert notice.title == t("continue.failed") and t("log.damaged") in notice.body
    assert "who sits" not in notice.body  # the reason in the player's language, not English
    notice.draw(screen)
    assert notice.boxes.placed
    assert all(rect.w <= box.w for _text, rect, box in notice.boxes.placed)
    notice.close()
    assert ctx.stack.top is menu
    assert menu.group.buttons[0].label.startswith(t("menu.solo"))
    assert not files.save.exists()
