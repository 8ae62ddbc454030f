"""A LAN table's flee countdown on the absent player's plate (M12), and the table's
fingerprint on the host's waiting screen and in the table menu (issue 11)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.client import i18n
from game.client.context import Context
from game.client.screens.lan import HostScreen
from game.client.table.lan_overlay import LanOverlay, clock_text
from game.client.table.menu import TableMenu
from game.client.table.scene import TableScene

from .test_lan_table import _Feed
from .test_table_look import FeedLocal


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_the_flee_countdown_runs_on_the_plate(ctx: Context, language: str) -> None:
    i18n.set_language(language)
    feed = _Feed()
    feed.seats[2] = {**feed.seats[2], "bot": True, "away": True, "flee_in": 125.0}
    overlay = LanOverlay(ctx, feed)  # type: ignore[arg-type]
    _changed, plates = overlay.update(10.0)
    assert plates
    tags = overlay.tags()
    assert tags[2] == i18n.t("lan.tag.flee_in", time="2:05") and "2:05" in tags[2]
    assert tags[2] != "lan.tag.flee_in" and tags[0] == ""
    assert overlay.wake_in() <= 0.25
    # the plate counts down by itself between seat lists, redrawn once a second
    _changed, plates = overlay.update(11.5)
    assert plates and overlay.tags()[2] == i18n.t("lan.tag.flee_in", time="2:04")
    _changed, plates = overlay.update(11.6)
    assert not plates
    assert 0.0 < overlay.wake_in() <= 0.25
    overlay.update(200.0)
    assert overlay.tags()[2] == i18n.t("lan.tag.flee_in", time="0:00")
    # a new seat list from the host sets the clock again; none: the plain mark comes back
    feed.seats = [dict(s) for s in feed.seats]
    feed.seats[2]["flee_in"] = 30.0
    overlay.update(201.0)
    assert overlay.tags()[2] == i18n.t("lan.tag.flee_in", time="0:30")
    del feed.seats[2]["flee_in"]
    _changed, plates = overlay.update(202.0)
    assert plates and overlay.tags()[2] == i18n.t("lan.tag.away")


def test_clock_text_rounds_up() -> None:
    assert [clock_text(s) for s in (0.0, 0.2, 59.0, 59.5, 60.0, 180.0, -3.0)] == [
        "0:00", "0:01", "0:59", "1:00", "1:00", "3:00", "0:00"]


class PrintedLocal(FeedLocal):
    """A local match wearing a LAN session's feeds, with the table's fingerprint."""

    fingerprint = "5e1f-a07c"

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.seats[1] = {**self.seats[1], "flee_in": 95.0}


@pytest.mark.parametrize("language", ["zh-Hant", "en"])
def test_the_countdown_is_drawn_and_the_menu_shows_the_fingerprint(
        ctx: Context, language: str) -> None:
    i18n.set_language(language)
    surface = pygame.display.set_mode((1024, 640))
    ctx.size = (1024, 640)
    session = PrintedLocal("mazhan", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["王小明", "Bob", "電腦丙", "Dee"], seed=3)
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    ctx.fonts.seen = {}
    scene.update(0.01)
    scene.draw(surface)
    assert i18n.t("lan.tag.flee_in", time="1:35") in ctx.fonts.seen
    scene.update(1.0)
    scene.draw(surface)
    assert i18n.t("lan.tag.flee_in", time="1:34") in ctx.fonts.seen
    menu = TableMenu(scene)
    ctx.stack.push(menu)
    menu.draw(surface)
    note = f"{i18n.t('lan.fingerprint')}: 5e1f-a07c"
    assert menu.note == note and note in ctx.fonts.seen
    assert ctx.fonts.seen[note] >= 14
    # the note has a line of its own under the last button
    bh = menu.group.buttons[0].rect.h
    note_h = ctx.fonts.size(note, ctx.fonts.seen[note])[1]
    assert menu.group.buttons[-1].rect.bottom <= menu.panel.bottom - bh // 3 - note_h


def test_the_host_waiting_screen_shows_the_fingerprint(ctx: Context) -> None:
    i18n.set_language("en")
    screen = HostScreen(ctx, "José", interface="127.0.0.1", announce=False)
    screen.host = SimpleNamespace(free_seats=[1, 2, 3], port=4321,  # type: ignore[assignment]
                                  fingerprint="5e1f-a07c")
    labels = [label for label, _act in screen.items()]
    assert any("5e1f-a07c" in label and i18n.t("lan.fingerprint") in label for label in labels)
    assert screen.tip() == i18n.t("lan.fingerprint_tip")
