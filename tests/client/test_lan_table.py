"""The LAN table's extras (chat, notices, bot marks, wall warnings), headless, on a session
linked in memory to a pure table in fake time (tests/net/fake.py); and a local table that has
none of them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.local import LocalSession
from game.client.sessions.remote import RemoteSession
from game.client.table.lan_overlay import (
    ALERT,
    LanOverlay,
    chat_area,
    chat_line,
    clock_text,
    lan_feed,
    notice_text,
    seat_tag,
)
from game.client.table.layout import river_grid, river_tile_rect, table_layout
from game.client.table.scene import TableScene
from net.chat import PHRASES
from net.frames import Message
from tests.net.fake import Room, linked
from tests.net.peers import LOOPBACK, make_table


def _run(scene: TableScene, surface: pygame.Surface, until: Callable[[], bool],
         room: Room | None = None, limit: int = 20_000) -> None:
    """Update and draw the scene as the window would until `until()` holds; a LAN table moves
    on in fake time (`room`) between frames."""
    for _ in range(limit):
        scene.update(0.05)
        scene.draw(surface)
        if until():
            return
        if room is not None:
            assert room.advance(), "the table waits for nothing"
    raise AssertionError("the table never got there")


def _key(scene: TableScene, key: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _texts(overlay: LanOverlay) -> list[str]:
    return [toast for toast, _until in overlay.toasts]


def test_lan_table_chat_notices_bot_marks_and_a_failed_wall_check(
        ctx: Context, screen: pygame.Surface, shots: Path) -> None:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1, seed=5,
                       move_pause=0.01, discard_seconds=0.4, claim_seconds=0.2)
    room = Room(table)
    honest = table._commit_msg

    def forged() -> Message:  # a cheating host: the commitment is not to the dealt wall
        msg = honest()
        return {**msg, "hash": "0" * 64}

    table._commit_msg = forged  # type: ignore[method-assign]
    ann = RemoteSession(LOOPBACK, 1, name="ann", seat=0, link=linked(room))
    bo = RemoteSession(LOOPBACK, 1, name="bo", seat=1, link=linked(room, "10.0.0.2"))
    room.wait_for(lambda: ann.ready and bo.ready)
    # the table's fingerprint, which the Esc menu shows, is the one the table gave itself
    assert ann.fingerprint == bo.fingerprint == table.fingerprint != ""
    scene = TableScene(ctx, ann)
    ctx.stack.push(scene)
    overlay = scene.lan
    assert overlay is not None
    # chat from another player: a phrase shown in this screen's language, and free text
    bo.phrase("hello")
    bo.say("  加油   good luck ")
    _run(scene, screen, room=room, until=lambda: len(overlay.lines) >= 2)
    said = list(overlay.lines)
    assert (said[0].name, said[0].text) == ("bo", t("chat.hello"))
    assert said[1].text == "加油 good luck" and not said[1].watcher
    # our own line: Enter opens the box, typed text goes out on Enter, the host relays it
    _key(scene, pygame.K_RETURN)
    assert overlay.composing
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="hi all"))
    scene.draw(screen)
    pygame.image.save(screen, str(shots / "lan_compose.png"))
    _key(scene, pygame.K_RETURN)
    assert not overlay.composing
    _key(scene, pygame.K_F3)  # a quick phrase on its key
    _run(scene, screen, room=room, until=lambda: len(overlay.lines) >= 4)
    mine = list(overlay.lines)[2:]
    assert [(line.name, line.text) for line in mine] == [("ann", "hi all"),
                                                         ("ann", t("chat.nice"))]
    # ann never plays: the host plays for her (M11), then three in a row is a flee (M12)
    _run(scene, screen, room=room, until=lambda: any("ann" in text and "超時" in text
                                    for text in _texts(overlay)))
    # bo leaves: a banner says a bot plays for him and his plate counts down the time
    # until he counts as fled (M12: the host's seat list carries it)
    bo.close()
    countdowns = {t("lan.tag.flee_in", time=clock_text(left)) for left in range(0, 181)}
    _run(scene, screen, room=room, until=lambda: overlay.tags()[1] in countdowns
         and any("bo" in text and "電腦代打" in text for text in _texts(overlay)))
    assert overlay.tags()[2] == t("lan.tag.bot") and overlay.tags()[0] in (
        "", t("lan.tag.standin"))
    scene.draw(screen)
    pygame.image.save(screen, str(shots / "lan_table_notices.png"))
    # the hand ends: the wall does not match its commitment, and the player is told
    _run(scene, screen, room=room, until=lambda: bool(ann.wall_problems))
    alert = overlay.alert_text()
    assert alert is not None and alert[2] and "牌牆驗證失敗" in alert[0]
    _run(scene, screen, room=room, until=lambda: scene.result_shown)
    scene.update(30.0)  # long after every banner has gone, the warning stays
    assert not overlay.toasts and overlay.alert_text() == alert
    scene.draw(screen)
    pygame.image.save(screen, str(shots / "lan_wall_failed.png"))
    assert tuple(screen.get_at((1, screen.get_height() // 2)))[:3] == ALERT
    ann.close()


def test_a_local_table_has_no_lan_extras_and_enter_still_discards(
        ctx: Context, screen: pygame.Surface) -> None:
    session = LocalSession("nanjing", ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["a", "b", "c", "d"], seed=3)
    assert lan_feed(session) is None
    scene = TableScene(ctx, session)
    ctx.stack.push(scene)
    assert scene.lan is None
    _run(scene, screen, lambda: scene.view.phase == "discard" and scene._my_turn())
    river = len(scene.view.rivers[scene.viewer])
    _key(scene, pygame.K_F1)  # no phrase keys here
    _key(scene, pygame.K_RETURN)  # discards the drawn tile, as before
    assert len(scene.view.rivers[scene.viewer]) == river + 1


class _Feed:
    """A session's LAN feeds without a network: what the overlay reads and sends."""

    def __init__(self) -> None:
        self.chat: list[dict[str, Any]] = []
        self.notices: list[dict[str, Any]] = []
        self.wall_problems: list[str] = []
        self.seats: list[dict[str, Any]] = [
            {"kind": "open", "name": n, "bot": False, "away": False} for n in "ABCD"]
        self.error: str | None = None
        self.sent: list[tuple[str, str]] = []

    @property
    def player_names(self) -> tuple[str, ...]:
        return ("a", "b", "c", "d")

    def say(self, text: str) -> None:
        self.sent.append(("text", text))

    def phrase(self, key: str) -> None:
        self.sent.append(("phrase", key))


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_notices_phrases_and_tags_read_in_the_screen_language(language: str) -> None:
    i18n.set_language(language)
    names = ["ann", "bo", "cy", "di"]
    for code in ("bot", "back", "timeout", "fled"):
        text = notice_text({"code": code, "seat": 2, "msg": "host words"}, names)
        assert "cy" in text and "host words" not in text and text != f"lan.notice.{code}"
    # a code this window does not know, and the host's own (English) words, never shown
    later = notice_text({"code": "later", "seat": 1, "msg": "host words"}, names)
    assert later == t("lan.notice.other", name="bo")
    save = notice_text({"code": "save", "seat": -1, "msg": "disk full"}, names)
    assert save == t("lan.notice.save")
    for key in PHRASES:
        line = chat_line({"phrase": key, "seat": None, "name": "eve"})
        assert line is not None and line.text == t(f"chat.{key}") and line.watcher
        assert line.text == i18n.text_in(f"chat.{key}", language) and line.text != key
    assert chat_line({"phrase": "no such", "seat": 0, "name": "x"}) is None
    assert seat_tag({"kind": "open", "bot": False}) == ""
    assert len({seat_tag({"kind": "bot", "bot": True}),
                seat_tag({"kind": "open", "bot": True, "away": True}),
                seat_tag({"kind": "open", "bot": True, "away": False})}) == 3


def test_overlay_with_a_feed_chats_and_keeps_banners_for_a_while(ctx: Context,
                                                                screen: pygame.Surface) -> None:
    feed = _Feed()
    overlay = LanOverlay(ctx, feed)  # type: ignore[arg-type]
    feed.notices.append({"code": "timeout", "seat": 1, "msg": ""})
    changed, plates = overlay.update(0.0)
    assert changed and plates and len(overlay.toasts) == 1 and "B" in overlay.toasts[0][0]
    assert overlay.update(1.0) == (False, False)
    feed.seats[3] = {**feed.seats[3], "bot": True, "away": True}
    assert overlay.update(2.0) == (True, True) and overlay.tags()[3] == t("lan.tag.away")
    assert overlay.update(10.0)[0] and not overlay.toasts  # the banner went
    # F-keys send phrases; a click on a phrase chip in the open box sends it too
    overlay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0), True)
    overlay.open()
    overlay.draw_chat(screen)
    chip = overlay.chips.buttons[-1]
    overlay.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip.rect.center, button=1),
                   True)
    assert feed.sent == [("phrase", "hello"), ("phrase", list(PHRASES)[-1])]
    assert not overlay.composing
    # Esc puts the box away unsent; blank text is not sent
    overlay.open()
    overlay.handle(pygame.event.Event(pygame.TEXTINPUT, text="never"), True)
    overlay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0), True)
    overlay.open()
    overlay.handle(pygame.event.Event(pygame.TEXTINPUT, text="   "), True)
    overlay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0), True)
    assert len(feed.sent) == 2
    # Enter does not open the box while the results panel answers it
    assert not overlay.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0),
                              False)
    feed.error = "lost the connection to the table: reset"
    alert = overlay.alert_text()
    assert alert is not None and not alert[2] and alert[1] == t("lan.join.lost")
    feed.wall_problems = ["hand 2: the revealed wall does not match the hash sent before the "
                          "deal", "hand 2: more"]
    alert = overlay.alert_text()
    assert alert is not None and alert[2]
    assert alert[1] == t("lan.wall_detail", problem=t("lan.wall.mismatch")) + t(
        "lan.wall_more", n=1)


@settings(max_examples=25, deadline=None)
@given(st.integers(1024, 2560), st.integers(640, 1440), st.integers(0, 30))
def test_chat_corner_is_clear_of_the_table(w: int, h: int, discards: int) -> None:
    layout = table_layout((w, h))
    area = chat_area(layout)
    assert area.h >= 2 * 12  # room for at least a line of chat and the hint
    assert not area.colliderect(layout.hints) and not area.colliderect(layout.rivers[0])
    assert not area.colliderect(layout.bonus[3]) and not area.colliderect(layout.center)
    width, spots = river_grid(layout.rivers[3], 3, discards, layout.river_w)
    for spot in spots:
        assert not area.colliderect(river_tile_rect(spot, 3, width))
