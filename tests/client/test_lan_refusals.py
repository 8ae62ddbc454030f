"""The host's refusals (chat too fast, an unknown phrase, a move it would not take) reach the
table as banners, through the notices feed; errors that end the connection do not."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from game.client import i18n
from game.client.context import Context
from game.client.lan_table import LanOverlay, lan_feed, notice_text
from game.client.remote_session import RemoteSession
from tests.net.peers import LOOPBACK
from tests.net.test_remote_session import HostThread


def _wait(until: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_chat_refusals_become_banners(ctx: Context) -> None:
    with HostThread(ruleset="nanjing", seats=["bot"] * 4, hands=1, seed=3, start_after=0.3,
                    move_pause=0.005) as table:
        eve = RemoteSession(LOOPBACK, table.host.port, name="eve", watch=True)
        assert eve.wait_ready(10)
        feed = lan_feed(eve)
        assert feed is not None
        overlay = LanOverlay(ctx, feed)
        eve.phrase("no such phrase")
        _wait(lambda: bool(eve.notices))
        assert eve.notices[0]["code"] == "refused.chat"
        assert eve.error is None and eve.connected  # a refusal does not end the connection
        overlay.update(1.0)
        assert [text for text, _until in overlay.toasts] == ["聊天未送出：unknown phrase"]
        # the host lets a burst of five lines through, then about one every two seconds
        for n in range(12):
            eve.say(f"line {n}")
        _wait(lambda: any(n["msg"] == "you are chatting too fast" for n in eve.notices))
        i18n.set_language("en")
        overlay.update(2.0)
        shown = [text for text, _until in overlay.toasts]
        assert "Chat not sent: you are chatting too fast" in shown
        assert len(eve.chat) < 12  # the refused lines were not relayed
        deadline = time.monotonic() + 30
        while not eve.match_over:
            assert time.monotonic() < deadline
            if eve.hand_over:
                eve.next_hand()
            eve.step()
            time.sleep(0.005)
        eve.close()


@pytest.mark.parametrize(("language", "code", "msg", "shown"), [
    ("en", "refused.illegal", "'discard 3m' is not legal now",
     "The host refused that move: 'discard 3m' is not legal now"),
    ("zh", "refused.illegal", "nothing to do now", "主機不接受這一步：nothing to do now"),
    ("zh", "refused.bot", "a bot plays your place until the next hand",
     "本局由電腦代打，下一局輪到你"),
    ("en", "refused.seated", "you already have a place", "you already have a place"),
])
def test_refusal_texts(language: str, code: str, msg: str, shown: str) -> None:
    """Known refusals read in this screen's language; others show the host's own words."""
    i18n.set_language(language)
    assert notice_text({"t": "notice", "code": code, "msg": msg}, ["a", "b", "c", "d"]) == shown
