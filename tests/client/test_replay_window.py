"""The replay viewer: stepping, seats, open hands, playback, refused logs, and how it looks."""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.actions import Action, ActionKind
from game.client import i18n
from game.client.app import run
from game.client.context import Context
from game.client.i18n import t
from game.client.options import parse_play_args
from game.client.screens.menus import MainMenu
from game.client.screens.replays import ReplayListScene
from game.client.sessions.local import LocalSession
from game.client.sessions.match_files import DATA_ENV, MatchFiles
from game.client.sessions.replay_data import ReplayLog, ReplaySession, summarize
from game.client.table.replay import ReplayScene, open_replay
from game.client.ui.notice import NoticeScene
from game.match import Match
from game.replay import LogError, LogWriter, read_log

from .conftest import distinct_colors

NAMES = ["王", "李", "張", "劉"]


def play_match(folder: Path, ruleset: str, seed: int, hands: int, level: str = "random",
               take_wins: bool = False) -> Path:
    """A solo match as the window plays and logs it, played to its end: three bots of
    `level`, the human making random choices (taking a win when offered, with `take_wins`);
    the log it wrote."""
    files = MatchFiles(folder)
    session = LocalSession(ruleset, ["human", "bot", "bot", "bot"], [level] * 4, NAMES,
                           seed, hands=hands, files=files)
    rng = random.Random(seed)
    while not session.match_over:
        if session.hand_over:
            session.next_hand()
        elif session.waiting_on_others():
            session.step()
        else:
            seat = session.seat_of(session.humans_to_act()[0])
            legal = session.view(seat).legal
            wins = [a for a in legal if a.kind is ActionKind.WIN] if take_wins else []
            session.submit(seat, wins[0] if wins else rng.choice(legal))
    (log,) = files.list_logs()
    return log


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    return play_match(tmp_path, "mazhan", 5, 2)


def views(session: ReplaySession) -> list[dict[str, Any]]:
    return [session.view(seat).to_wire() for seat in (-1, 0, 1, 2, 3)]


def key(scene: ReplayScene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def open_scene(ctx: Context, path: Path) -> ReplayScene:
    ctx.stack.push(MainMenu(ctx))
    assert open_replay(ctx, path)
    scene = ctx.stack.top
    assert isinstance(scene, ReplayScene)
    return scene


def test_a_whole_hand_forward_then_back_gives_the_same_views(
    ctx: Context, screen: pygame.Surface, log_path: Path
) -> None:
    scene = open_scene(ctx, log_path)
    session = scene.replay
    head = read_log(log_path.read_text(encoding="utf-8"))
    # an independent replay of the first hand, straight from the log's lines
    match = Match(head[0]["ruleset"], head[0]["seed"], head[0]["options"], head[0]["names"])
    match.start_hand()
    actions = [(s, Action.parse(a)) for s, a in head[1]["actions"]]
    forward = [views(session)]
    assert forward[0] == [match.view(s).to_wire() for s in (-1, 0, 1, 2, 3)]
    for seat, action in actions:
        key(scene, pygame.K_RIGHT)
        scene.update(0.05)
        scene.draw(screen)
        match.apply(seat, action)
        forward.append(views(session))
        assert forward[-1] == [match.view(s).to_wire() for s in (-1, 0, 1, 2, 3)]
        assert scene.view == session.view(scene.viewer)
    assert session.hand_over and session.done == len(actions)
    for expected in reversed(forward[:-1]):
        key(scene, pygame.K_LEFT)
        scene.draw(screen)
        assert views(session) == expected
        assert scene.view == session.view(scene.viewer)
    assert (session.hand, session.done) == (0, 0)
    key(scene, pygame.K_LEFT)  # nothing before the first deal
    assert (session.hand, session.done) == (0, 0)


def test_stepping_over_a_hand_end_reaches_the_next_deal_and_back(ctx: Context,
                                                                log_path: Path) -> None:
    scene = open_scene(ctx, log_path)
    session = scene.replay
    key(scene, pygame.K_END)
    scene.update(0.05)
    assert session.hand_over and scene.result_shown and scene.view.result is not None
    end_views = views(session)
    key(scene, pygame.K_RIGHT)
    assert (session.hand, session.done) == (1, 0) and not scene.result_shown
    key(scene, pygame.K_LEFT)
    assert views(session) == end_views
    key(scene, pygame.K_PAGEDOWN)
    assert (session.hand, session.done) == (1, 0)
    key(scene, pygame.K_PAGEUP)
    assert (session.hand, session.done) == (0, 0)


def test_watching_a_seat_shows_that_seat_and_open_shows_every_hand(
    ctx: Context, screen: pygame.Surface, log_path: Path
) -> None:
    scene = open_scene(ctx, log_path)
    session = scene.replay
    for _ in range(12):
        scene.forward()
    assert scene.watch is None  # a replay opens with every hand shown
    open_hands = scene.open_hands()
    for seat in range(4):
        assert open_hands[seat] == session.view(seat).concealed
        assert len(open_hands[seat]) == scene.view.hand_sizes[seat]
    scene.update(0.05)
    scene.draw(screen)
    top = scene.layout.seats[2]
    open_top = pygame.image.tobytes(screen.subsurface(top), "RGB")
    for player, k in enumerate((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)):
        key(scene, k)
        seat = session.seat_of(player)
        assert scene.watch == player and scene.viewer == seat
        assert scene.view == session.view(seat)
        assert scene.controls.buttons[7].label.endswith(NAMES[player])
    key(scene, pygame.K_1)
    scene.update(0.05)
    scene.draw(screen)
    # watching one seat, the seat across shows backs where the open table showed faces
    assert pygame.image.tobytes(screen.subsurface(top), "RGB") != open_top
    assert scene.view.phase != "over"  # drawing open hands left the real view alone
    key(scene, pygame.K_TAB)
    assert scene.watch == 1
    key(scene, pygame.K_0)
    assert scene.watch is None and scene.viewer == session.seat_of(0)


def test_playback_runs_to_the_end_and_stops(ctx: Context, log_path: Path) -> None:
    scene = open_scene(ctx, log_path)
    session = scene.replay
    key(scene, pygame.K_SPACE)
    assert scene.playing and scene.controls.buttons[2].label == t("replay.pause")
    hands_seen = {session.hand}
    for _ in range(200_000):
        if not scene.playing:
            break
        scene.update(0.05)
        hands_seen.add(session.hand)
    assert not scene.playing
    assert hands_seen == {0, 1}
    assert session.hand == 1 and session.done == session.steps and session.hand_over
    assert not scene.controls.buttons[3].enabled  # nothing left to step to


def test_speed_and_result_table_toggle(ctx: Context, screen: pygame.Surface,
                                       log_path: Path) -> None:
    scene = open_scene(ctx, log_path)
    labels = []
    for _ in range(5):
        labels.append(scene.controls.buttons[6].label)
        key(scene, pygame.K_s)
    assert labels == ["×1", "×2", "×4", "×8", "×0.5"]
    scene.to_results()
    scene.update(0.05)
    assert scene.result_visible
    key(scene, pygame.K_t)
    assert scene.result_shown and not scene.result_visible
    scene.draw(screen)
    key(scene, pygame.K_t)
    assert scene.result_visible
    scene.result_buttons.buttons[0].action()  # 看牌桌: the table under the panel
    assert not scene.result_visible
    results = scene.controls.buttons[5]
    assert results.label == t("replay.results") and results.enabled
    results.action()  # and back to the panel
    assert scene.result_visible


def tampered_logs(path: Path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    record = json.loads(lines[1])
    seat, action = record["actions"][5]
    record["actions"][5] = [seat, "pass" if action != "pass" else "discard 1m"]
    edited = "\n".join([lines[0], json.dumps(record, ensure_ascii=False), *lines[2:]])
    # a forger who also rebuilds the hash chain: the footer's scores give it away
    writer = LogWriter("mazhan", 0, {}, [])
    writer.lines = [{k: v for k, v in json.loads(line).items() if k != "chain"}
                    for line in lines]
    writer.lines[-1]["final_scores"] = [s + 100 for s in writer.lines[-1]["final_scores"]]
    return {"edited": edited, "rechained": writer.text(), "cut": "\n".join(lines[:-1]),
            "garbage": "\x00not a log at all"}


@pytest.mark.parametrize("kind", ["edited", "rechained", "cut", "garbage"])
def test_tampered_logs_are_refused_with_a_message(ctx: Context, screen: pygame.Surface,
                                                  log_path: Path, tmp_path: Path,
                                                  kind: str) -> None:
    bad = tmp_path / f"{kind}.jsonl"
    bad.write_text(tampered_logs(log_path)[kind], encoding="utf-8")
    ctx.stack.push(MainMenu(ctx))
    assert not open_replay(ctx, bad)
    notice = ctx.stack.top
    assert isinstance(notice, NoticeScene)
    assert notice.title == t("replay.failed") and bad.name in notice.body
    assert len(notice.body.splitlines()) >= 2  # the file, then the reason
    notice.draw(screen)
    assert notice.boxes.placed
    assert all(rect.w <= box.w for _text, rect, box in notice.boxes.placed)
    # the list marks a broken chain before opening; a re-chained forgery needs the replay
    assert bool(summarize(bad).error) == (kind != "rechained")


def test_the_list_shows_logs_newest_first_and_opens_them(ctx: Context, tmp_path: Path,
                                                         log_path: Path) -> None:
    older = play_match(tmp_path / "other", "nanjing", 9, 1)
    files = MatchFiles(tmp_path)
    moved = files.logs / "20200101-120000-nanjing-9.jsonl"
    older.replace(moved)
    os.utime(moved, (1_000_000, 1_000_000))
    damaged = files.logs / "20190101-120000-mazhan-1.jsonl"
    damaged.write_text("{}\n", encoding="utf-8")
    os.utime(damaged, (500_000, 500_000))
    ctx.data_dir = tmp_path
    scene = ReplayListScene(ctx)
    ctx.stack.push(scene)
    labels = [b.label for b in scene.group.buttons]
    assert labels[0].startswith(log_path.stem[:4])
    assert labels[1].startswith("2020-01-01 12:00") and t("ruleset.nanjing") in labels[1]
    assert labels[2].endswith(t("replay.damaged"))
    assert labels[-1] == t("back")
    scene.group.buttons[1].action()
    viewer = ctx.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.replay.log.ruleset == "nanjing"
    key(viewer, pygame.K_ESCAPE)
    assert ctx.stack.top is scene
    scene.group.buttons[2].action()
    assert isinstance(ctx.stack.top, NoticeScene)


@pytest.mark.parametrize("language", ["zh", "en"])
def test_viewer_text_fits_at_the_smallest_window(ctx: Context, log_path: Path,
                                                 language: str) -> None:
    i18n.set_language(language)
    surface = pygame.Surface((1024, 640))
    ctx.size = (1024, 640)
    scene = open_scene(ctx, log_path)
    scene.resize((1024, 640))
    for _ in range(25):
        scene.forward()
    for watch in (None, 0, 3):
        scene.set_watch(watch)
        scene.update(0.05)
        scene.draw(surface)
        assert scene.text.placed
        for _text, rect, box in scene.text.placed:
            assert rect.w <= box.w and box.x <= rect.x and rect.right <= box.right
            assert rect.h >= 12
        for button in scene.controls.buttons:
            size = ctx.fonts.fit(button.label, int(button.rect.h * 0.5), button.rect.w - 12)
            assert size >= 12, button.label
            assert surface.get_rect().contains(button.rect)
        assert distinct_colors(surface) > 30


def test_command_line_replay_screenshot(tmp_path: Path, log_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    shot = tmp_path / "replay.png"
    options = parse_play_args(["play", "--replay", str(log_path), "--size", "1024x640",
                               "--quit-after", "0.5", "--screenshot", str(shot)])
    assert options.replay == str(log_path)
    assert run(options) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1024, 640)
    assert distinct_colors(image, step=3) > 40


def test_replay_log_refuses_a_log_without_hands() -> None:
    match = Match("mazhan", 1)
    writer = LogWriter("mazhan", 1, dict(match.rules.options), match.start_scores, match.names)
    writer.finish(0, match.scores, hashlib.sha256().hexdigest())  # no events: a valid log
    with pytest.raises(LogError):
        ReplayLog(writer.text())
