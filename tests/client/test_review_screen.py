"""The Review screen: opened from the standings and from Replays, driven by its keys, drawn
in every language at the smallest and a large window with every text in its box."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.screens.review import DRILLS_FILE, MISTAKE, ReviewScene, open_review
from game.client.sessions.local import LocalSession
from game.client.table.replay import ReplayScene, open_replay
from game.client.table.results import StandingsScene
from game.review import drills as review_drills

from .test_every_screen import Drawn, check
from .test_replay_window import NAMES, play_match

SIZES = ((1024, 640), (1920, 1080))


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-hand Mazhan match whose human (player 0) played at random: many mistakes."""
    return play_match(tmp_path_factory.mktemp("review_logs"), "mazhan", 5, 2)


def key(scene: ReviewScene, code: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_keys_step_through_decisions_and_mistakes(ctx: Context, log: Path) -> None:
    assert open_review(ctx, log, 0)
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    review = scene.review
    assert review.player == 0 and review.name == NAMES[0]
    losses = [d.loss for d in scene.decisions]
    mistakes = [i for i, x in enumerate(losses) if x > MISTAKE]
    assert len(mistakes) >= 3, "a random player makes mistakes"
    assert scene.index == mistakes[0]  # it opens on the first mistake
    key(scene, pygame.K_n)
    assert scene.index == mistakes[1]
    key(scene, pygame.K_n)
    assert scene.index == mistakes[2]
    key(scene, pygame.K_p)
    assert scene.index == mistakes[1]
    key(scene, pygame.K_RIGHT)
    assert scene.index == mistakes[1] + 1
    key(scene, pygame.K_LEFT)
    key(scene, pygame.K_LEFT)
    assert scene.index == mistakes[1] - 1
    key(scene, pygame.K_HOME)
    assert scene.index == 0
    key(scene, pygame.K_p)  # no mistake before the first decision: it stays
    assert scene.index == 0
    key(scene, pygame.K_PAGEDOWN)
    assert scene.decision is not None and scene.decision.hand == 2
    assert scene.decisions[scene.index - 1].hand == 1
    key(scene, pygame.K_PAGEUP)
    assert scene.index == 0
    key(scene, pygame.K_END)
    assert scene.index == len(scene.decisions) - 1
    key(scene, pygame.K_TAB)  # from Replays any player of the log: the next one
    assert scene.review.player == 1 and scene.review.name == NAMES[1]
    assert all(d.view.seat == d.seat for d in scene.decisions)
    key(scene, pygame.K_ESCAPE)
    assert ctx.stack.top is not scene


def test_the_bars_mark_the_choice_and_the_best(ctx: Context, log: Path,
                                               screen: pygame.Surface) -> None:
    assert open_review(ctx, log, 0)
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    for index in scene.mistakes[:4]:
        scene.go(index)
        scene.draw(screen)
        d = scene.decision
        assert d is not None and not d.agreed
        drawn = [a for a, _ in scene.bar_rects]
        assert drawn[0] == d.best and d.chosen in drawn
        assert scene.chosen_rect is not None
        chosen_bar = dict(scene.bar_rects)[d.chosen]
        assert scene.chosen_rect.contains(chosen_bar)
        widths = [r.w for _, r in scene.bar_rects]
        assert widths == sorted(widths, reverse=True)  # longer bar, more value
        assert widths[0] > dict(scene.bar_rects)[d.chosen].w
    # the chart: one bar slot a hand, and a click on a hand's slot goes to its worst decision
    assert len(scene.chart_rects) == len(scene.review.hands) == 2
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                    pos=scene.chart_rects[1].center))
    worst = max(d.loss for d in scene.decisions if d.hand == 2)
    assert scene.decision is not None and scene.decision.hand == 2
    assert scene.decision.loss == worst


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
@pytest.mark.parametrize("size", SIZES)
def test_drawn_in_every_language_every_text_in_its_box(
        ctx: Context, log: Path, language: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language(language)
    surface = pygame.display.set_mode(size)
    ctx.size = size
    drawn = Drawn(monkeypatch)
    assert open_review(ctx, log, 0)
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    for index in (0, *scene.mistakes[:3]):
        scene.go(index)
        scene.draw(surface)
        for text, rect, box in scene.boxes.placed:
            assert box.inflate(0, 4).contains(rect), (language, size, text)  # (2 px: fonts)
            assert rect.h >= 14 or not text.strip()
        check(drawn, language, NAMES, "review")
    for button in scene.group.buttons:
        assert surface.get_rect().contains(button.rect)


def test_opened_from_the_standings_and_from_replays(ctx: Context, log: Path,
                                                    screen: pygame.Surface) -> None:
    opened: list[int] = []
    standings = StandingsScene(ctx, [], NAMES, [8000] * 4, lambda: None,
                               lambda: opened.append(1))
    labels = [b.label for b in standings.group.buttons]
    assert i18n.t("review.open") in labels
    standings.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode=""))
    assert opened == [1]
    plain = StandingsScene(ctx, [], NAMES, [8000] * 4, lambda: None)
    assert [b.label for b in plain.group.buttons] == [i18n.t("result.menu")]
    assert open_replay(ctx, log)
    replay = ctx.stack.top
    assert isinstance(replay, ReplayScene)
    replay.set_watch(2)
    button = next(b for b in replay.controls.buttons if b.label == i18n.t("review.open"))
    button.action()
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene) and scene.review.player == 2


def test_the_table_reviews_its_own_humans_only(ctx: Context, tmp_path: Path) -> None:
    from game.client.sessions.match_files import MatchFiles
    from game.client.table.scene import TableScene

    files = MatchFiles(tmp_path)
    session = LocalSession("mazhan", ["bot", "human", "bot", "bot"], ["normal"] * 4, NAMES, 3,
                           hands=1, files=files)
    while not session.match_over:
        if session.waiting_on_others():
            session.step()
        else:
            seat = session.seat_of(session.humans_to_act()[0])
            session.submit(seat, session.view(seat).legal[0])
    table = TableScene(ctx, session)
    review = table._reviewer()
    assert review is not None
    review()
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.review.player == 1 and scene.players == (1,)
    assert ctx.data_dir is None  # (this context keeps nothing: the drills are not written)
    ctx.data_dir = tmp_path / "data"
    review()
    drills = json.loads((ctx.data_dir / DRILLS_FILE).read_text(encoding="utf-8"))
    assert {d["player"] for d in drills["drills"]} <= {1}
    assert len(drills["drills"]) == len(review_drills(scene.review))
    key(scene, pygame.K_TAB)  # nobody else to review at this table
    assert scene.review.player == 1
    unlogged = LocalSession("mazhan", ["bot", "human", "bot", "bot"], ["normal"] * 4, NAMES, 3,
                            hands=1)
    assert TableScene(ctx, unlogged)._reviewer() is None


def test_a_damaged_log_is_explained(ctx: Context, log: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(log.read_text(encoding="utf-8").replace('"hands"', '"hand"', 1),
                   encoding="utf-8")
    assert not open_review(ctx, bad, 0)
    assert not isinstance(ctx.stack.top, ReviewScene)
    assert getattr(ctx.stack.top, "title", "") == i18n.t("review.failed")


@pytest.mark.parametrize("size", SIZES)
def test_every_option_is_named_whole_a_chow_too(ctx: Context, log: Path,
                                                size: tuple[int, int]) -> None:
    """An option's label gets the room of its words at the body size (a chow names three
    tiles), never cut or shrunk to fit: the bars take what is left."""
    from game.actions import ActionKind
    from game.client.table.hud import action_text

    i18n.set_language("en")
    surface = pygame.display.set_mode(size)
    ctx.size = size
    assert open_review(ctx, log, 0)
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    line = max(16, size[1] // 34)  # the screen's body size
    chows = 0
    for index in range(len(scene.decisions)):
        scene.go(index)
        scene.draw(surface)
        labels = {action_text(a) for a, _ in scene.bar_rects}
        chows += any(a.kind is ActionKind.CHOW for a, _ in scene.bar_rects)
        for text, _rect, box in scene.boxes.placed:
            if text in labels:
                assert box.w >= ctx.fonts.size(text, line, bold=True)[0], (size, text)
    assert chows, "the random player was offered a chow"


def test_the_hand_puts_the_wilds_first_as_the_table_does(ctx: Context, log: Path,
                                                         screen: pygame.Surface) -> None:
    """Mazhan's wilds at the left of the hand, as the table sorts it (hand_order), the drawn
    tile apart at the right."""
    assert open_review(ctx, log, 0)
    scene = ctx.stack.top
    assert isinstance(scene, ReviewScene)
    held = [i for i, d in enumerate(scene.decisions)
            if d.view.wild is not None and d.view.wild in d.view.concealed
            and d.view.drawn != d.view.wild and d.view.concealed[0] != d.view.wild]
    assert held, "a position holding a wild that sorts after other tiles"
    for index in held[:3]:
        scene.go(index)
        scene.draw(screen)
        v = scene.decisions[index].view
        row = scene.hand_tiles[:-1] if v.drawn is not None else scene.hand_tiles
        wilds = sum(1 for tile in row if tile == v.wild)
        assert wilds and row[:wilds] == [v.wild] * wilds
        assert sorted(scene.hand_tiles) == sorted(v.concealed)
        if v.drawn is not None:
            assert scene.hand_tiles[-1] == v.drawn
