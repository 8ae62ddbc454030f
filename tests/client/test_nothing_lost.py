"""Nothing is lost silently: a save that cannot be written is shown and the game goes on; a
new match asks before replacing a saved one; a save from another engine is moved aside with a
notice; replays can be deleted; old logs are kept up to the player's limit."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.screens.menus import MainMenu, SettingsScene, SetupScene
from game.client.screens.replays import ReplayListScene
from game.client.sessions.local import LocalSession
from game.client.sessions.match_files import MatchFiles
from game.client.table.scene import TableScene
from game.client.ui.notice import ConfirmScene, NoticeScene
from game.replay import LogWriter

from .test_resume import NAMES, SOLO, act


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_save_that_cannot_be_written_is_shown_and_play_goes_on(
        ctx: Context, screen: pygame.Surface, tmp_path: Path, language: str) -> None:
    i18n.set_language(language)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data folder should be")
    session = LocalSession("mazhan", SOLO, ["random"] * 4, NAMES, seed=2,
                           files=MatchFiles(blocked))
    rng = random.Random(2)
    for _ in range(20):
        act(session, rng)
    assert session.recorder is not None and session.recorder.error
    table = TableScene(ctx, session)
    shown = table.save_problem()
    assert shown == t("save.failed", error=session.recorder.error)
    assert ("無法存檔" if language == "zh" else "Could not save") in shown
    table.draw(screen)
    for _ in range(40):  # the game goes on
        act(session, rng)
    assert len(session.match.actions) > 0 or session.match.history


def _saved_match(folder: Path) -> MatchFiles:
    files = MatchFiles(folder)
    session = LocalSession("nanjing", SOLO, ["random"] * 4, NAMES, seed=5, files=files)
    rng = random.Random(5)
    for _ in range(25):
        act(session, rng)
    assert files.save.exists()
    return files


def test_a_new_match_asks_before_replacing_the_saved_one(ctx: Context, screen: pygame.Surface,
                                                         tmp_path: Path) -> None:
    files = _saved_match(tmp_path)
    before = files.save.read_text(encoding="utf-8")
    ctx.data_dir = tmp_path
    setup = SetupScene(ctx, hotseat=False)
    ctx.stack.push(setup)
    setup.start()
    ask = ctx.stack.top
    assert isinstance(ask, ConfirmScene) and ask.title == t("new.title")
    ask.draw(screen)
    ask.group.buttons[1].action()  # Back: nothing changes
    assert ctx.stack.top is setup and files.save.read_text(encoding="utf-8") == before
    setup.start()
    ask = ctx.stack.top
    assert isinstance(ask, ConfirmScene)
    ask.group.buttons[0].action()  # Start new match
    assert isinstance(ctx.stack.top, TableScene)


def test_without_a_save_a_new_match_starts_at_once(ctx: Context, tmp_path: Path) -> None:
    ctx.data_dir = tmp_path
    setup = SetupScene(ctx, hotseat=False)
    ctx.stack.push(setup)
    setup.start()
    assert isinstance(ctx.stack.top, TableScene)


def test_a_save_from_another_engine_is_moved_aside_with_a_notice(
        ctx: Context, screen: pygame.Surface, tmp_path: Path) -> None:
    files = _saved_match(tmp_path)
    lines = [json.loads(x) for x in files.save.read_text(encoding="utf-8").splitlines()]
    writer = LogWriter("nanjing", 5, {}, [])
    writer.lines = [{k: v for k, v in line.items() if k != "chain"} for line in lines]
    writer.lines[0]["engine"] = "0.0.1"
    writer.lines[0]["format"] = "mahjong-log"
    writer.lines[0]["version"] = 2  # a format this engine cannot read
    files.save.write_text(writer.text(), encoding="utf-8")
    ctx.data_dir = tmp_path
    menu = MainMenu(ctx)
    ctx.stack.push(menu)
    first = menu.group.buttons[0]
    assert first.label == t("menu.continue")  # offered, not silently ignored
    first.action()
    notice = ctx.stack.top
    assert isinstance(notice, NoticeScene) and notice.title == t("continue.failed")
    assert not files.save.exists()
    moved = list(files.old_saves.iterdir())
    assert len(moved) == 1 and moved[0].name.endswith("current.jsonl")
    assert "old-saves/" in notice.body  # where it went
    assert t("log.other_engine", engine="0.0.1") in notice.body  # named, not "damaged"
    notice.draw(screen)


def test_replays_can_be_deleted_from_the_list(ctx: Context, screen: pygame.Surface,
                                              tmp_path: Path) -> None:
    files = MatchFiles(tmp_path)
    files.logs.mkdir()
    for n in range(3):
        (files.logs / f"2026010{n}-120000-mazhan-{n}.jsonl").write_text("x\n")
    ctx.data_dir = tmp_path
    scene = ReplayListScene(ctx)
    ctx.stack.push(scene)
    labels = [b.label for b in scene.group.buttons]
    scene.group.buttons[labels.index(t("replay.delete_mode"))].action()
    victim = scene.paths[0]
    scene.group.buttons[0].action()  # in delete mode an entry asks first
    ask = ctx.stack.top
    assert isinstance(ask, ConfirmScene) and ask.title == t("replay.delete_title")
    ask.draw(screen)
    ask.confirm()
    assert not victim.exists() and victim not in scene.paths and len(scene.paths) == 2
    assert ctx.stack.top is scene
    scene.draw(screen)


def test_old_logs_are_kept_up_to_the_players_limit(ctx: Context, tmp_path: Path) -> None:
    files = MatchFiles(tmp_path)
    files.logs.mkdir()
    now = time.time()
    for n in range(5):
        path = files.logs / f"log{n}.jsonl"
        path.write_text("x\n")
        os.utime(path, (now - 100 * (5 - n), now - 100 * (5 - n)))  # log4 is the newest
    removed = files.prune(2)
    assert sorted(p.name for p in removed) == ["log0.jsonl", "log1.jsonl", "log2.jsonl"]
    assert [p.name for p in files.list_logs()] == ["log4.jsonl", "log3.jsonl"]
    # the limit is a setting the player changes, and it is saved
    settings = SettingsScene(ctx)
    ctx.stack.push(settings)
    row = next(b for b in settings.group.buttons if b.label.startswith(t("settings.keep_logs")))
    before = ctx.settings.keep_logs
    row.action()
    assert ctx.settings.keep_logs != before
    assert ctx.settings_path is not None
    saved = json.loads(ctx.settings_path.read_text(encoding="utf-8"))
    assert saved["keep_logs"] == ctx.settings.keep_logs


def test_mahjong_play_asks_too_when_a_match_is_saved(ctx: Context, tmp_path: Path) -> None:
    from game.client.app import ask_before_replacing

    started: list[bool] = []
    ctx.data_dir = tmp_path
    assert not ask_before_replacing(ctx, lambda: started.append(True))  # nothing saved
    _saved_match(tmp_path)
    assert ask_before_replacing(ctx, lambda: started.append(True))
    ask = ctx.stack.top
    assert isinstance(ask, ConfirmScene) and not started
    ask.confirm()
    assert started == [True]
