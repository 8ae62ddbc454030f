"""The host's refusals (chat too fast, an unknown phrase, a move it would not take) reach the
table as banners, through the notices feed; errors that end the connection do not. The session
is linked in memory to a pure table in fake time (tests/net/fake.py)."""

from __future__ import annotations

import pytest

from game.actions import Action, ActionKind
from game.client import i18n
from game.client.context import Context
from game.client.sessions.remote import RemoteSession
from game.client.table.lan_overlay import LanOverlay, lan_feed, notice_text
from game.client.wording import illegal_text
from game.errors import IllegalAction, NotYourTurn, UnknownAction
from game.match import Match
from game.tiles import Tile
from net.frames import FrameDecoder, encode, refusal
from tests.net.fake import Room, linked
from tests.net.peers import LOOPBACK, make_table


def test_chat_refusals_become_banners(ctx: Context) -> None:
    table = make_table("nanjing", ["bot"] * 4, hands=1, seed=3, start_after=0.3,
                       move_pause=0.005)
    room = Room(table)
    eve = RemoteSession(LOOPBACK, 1, name="eve", watch=True, link=linked(room))
    room.wait_for(lambda: eve.ready)
    feed = lan_feed(eve)
    assert feed is not None
    overlay = LanOverlay(ctx, feed)
    eve.phrase("no such phrase")  # answered at once: the link is in memory
    assert eve.notices and eve.notices[0]["code"] == "refused.chat"
    assert eve.error is None and eve.connected  # a refusal does not end the connection
    overlay.update(1.0)
    # worded here from the code the host sent beside its own English text
    assert eve.notices[0]["refusal"]["why"] == "unknown_phrase"
    assert [text for text, _until in overlay.toasts] == ["聊天未送出：不認得的快捷語"]
    # the host lets a burst of five lines through, then about one every two seconds
    for n in range(12):
        eve.say(f"line {n}")  # all at one moment of the table's clock
    assert any(n["msg"] == "you are chatting too fast" for n in eve.notices)
    i18n.set_language("zh-Hans")
    overlay.update(2.0)
    shown = [text for text, _until in overlay.toasts]
    assert "聊天未送出：聊得太快了" in shown
    assert len(eve.chat) < 12  # the refused lines were not relayed
    for _ in range(100_000):
        if eve.match_over:
            break
        if eve.hand_over:
            eve.next_hand()
        if not eve.step():
            assert room.advance(), "the table waits for nothing"
    assert eve.match_over and table.final is not None
    eve.close()


def _refused(code: str, why: str = "", **args: object) -> dict[str, object]:
    msg: dict[str, object] = {"t": "error", "code": code, "msg": "the host's own English words"}
    if why:
        msg["why"], msg["args"] = why, args
    return {"t": "notice", "code": f"refused.{code}", "msg": msg["msg"], "refusal": msg}


@pytest.mark.parametrize(("language", "notice", "shown"), [
    ("en", _refused("illegal", "not_legal", action="pong"),
     "The host refused that move: Pong is not allowed now"),
    ("zh-Hant", _refused("illegal", "not_legal", action="pong"), "主機不接受這一步：現在不能碰"),
    ("zh-Hans", _refused("illegal", "not_legal", action="kong"), "主机不接受这一步：现在不能杠"),
    ("zh-Hant", _refused("illegal", "nothing_now"), "主機不接受這一步：現在沒有要做的事"),
    ("zh-Hant", _refused("bot"), "本局由電腦代打，下一局輪到你"),
    ("en", _refused("seated"), "you already have a place"),
    ("zh-Hans", _refused("seat", "taken", seat=2), "座位 2 已经有人"),
    # a host older than the codes: its own code still picks the words
    ("zh-Hant", {"t": "notice", "code": "refused.chat", "msg": "unknown phrase"},
     "聊天未送出：主機不轉送這句話"),
    # a reason this window does not know yet: never the host's English words
    ("zh-Hans", _refused("illegal", "brand_new"), "主机不接受这一步：不合规则"),
    ("en", {"t": "notice", "code": "refused.brand_new", "msg": "new words"},
     "the host refused"),
])
def test_refusal_texts(language: str, notice: dict[str, object], shown: str) -> None:
    """Refusals are worded in this screen's language from their code, never the host's text."""
    i18n.set_language(language)
    assert notice_text(notice, ["a", "b", "c", "d"]) == shown


def test_refusals_keep_their_fields_and_add_a_reason_and_its_details() -> None:
    """Wire compatibility: an older window reads `code` and `msg` as before."""
    msg = refusal("illegal", "'pong 5m' is not legal now", "not_legal", {"action": "pong"})
    assert FrameDecoder().messages(encode(msg)) == [msg]
    assert msg["code"] == "illegal" and msg["msg"] == "'pong 5m' is not legal now"
    assert msg["why"] == "not_legal" and msg["args"] == {"action": "pong"}
    assert refusal("full", "too many connections")["why"] == "full"


def test_the_engines_refusals_are_worded_from_their_code() -> None:
    match = Match("nanjing", 5)
    match.start_hand()
    idle = next(s for s in range(4) if not match.legal_actions(s))
    with pytest.raises(NotYourTurn) as idle_exc:
        match.apply(idle, Action(ActionKind.PASS))
    busy = next(s for s in range(4) if match.legal_actions(s))
    bad = Action(ActionKind.PONG, Tile.parse("1m"))
    assert bad not in match.legal_actions(busy)
    with pytest.raises(UnknownAction) as bad_exc:
        match.apply(busy, bad)
    assert bad_exc.value.code == "not_legal" and bad_exc.value.values == {"action": "pong"}
    i18n.set_language("zh-Hans")
    assert illegal_text(idle_exc.value) == "还没轮到你"
    assert illegal_text(bad_exc.value) == "现在不能碰"
    i18n.set_language("en")
    assert illegal_text(bad_exc.value) == "Pong is not allowed now"
    assert illegal_text(IllegalAction("something new")) == "That move is not allowed"


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_every_wall_check_finding_has_its_own_words(language: str) -> None:
    from game.client.wording import WALL_PROBLEMS, wall_text
    from net import fair

    findings = {value for name, value in vars(fair).items()
                if name.isupper() and isinstance(value, str) and value.startswith("the ")}
    assert findings == set(WALL_PROBLEMS)
    i18n.set_language(language)
    for finding in findings:
        worded = wall_text(f"hand 3: {finding}")
        assert worded != i18n.t("lan.wall.other")
        if language != "en":  # English may use the finding's own words
            assert finding not in worded
    assert wall_text("hand 3: something new") == i18n.t("lan.wall.other")


# ---------------------------------------------------------------- why, for LAN players (issue 27)

def _n4_table(monkeypatch: pytest.MonkeyPatch) -> tuple[Room, int]:
    """A one-hand Nanjing table on the wall of tests/test_why.py `n4_hand`: S's open hand
    (a pong of 1m, no hard flower) is completed by W's 5s, and N4 refuses the win. Returns the
    room and the dealer's place (E)."""
    import functools

    import game.match
    from game.engine import Hand
    from game.lessons.stacking import stacked
    from tests.test_engine_nanjing import OPEN_S, QE, QN, QW

    order = stacked("nanjing", [QE, OPEN_S, QW, QN], draws="5s")
    monkeypatch.setattr(game.match, "Hand", functools.partial(Hand, draw_order=order))
    table = make_table("nanjing", ["open"] * 4, hands=1, seed=3, spectators=True)
    return Room(table), table.match.dealer


def _refusals(state: dict[str, object] | None) -> list[object]:
    assert state is not None
    found = state.get("F", [])
    assert isinstance(found, list)
    return found


def test_a_remote_player_sees_why_its_win_is_refused_and_nobody_else_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling N4 at a LAN table: the person at S (a window, over the fake link) is told why the
    win on W's 5s is not offered, in its own view; no frame to another seat or a spectator
    carries a refusal (they come from S's own concealed hand)."""
    from game.client.table.why_view import refusal_line, win_refused
    from game.tiles import Tile
    from game.view import SeatView
    from tests.net.fake import FakeClient

    room, east = _n4_table(monkeypatch)
    south, west, north = ((east + k) % 4 for k in (1, 2, 3))
    others = {p: FakeClient(room, name=f"p{p}", autoplay=None, seat=p, address=f"10.0.0.{p}")
              for p in (east, west, north)}
    watcher = FakeClient(room, name="watcher", autoplay=None, watch=True, address="10.0.0.8")
    frames: dict[str, list[dict[str, object] | None]] = {"watcher": []}

    def keep(client: FakeClient, name: str) -> None:
        assert client.peer is not None and client.peer.on_message is not None
        receive = client.peer.on_message
        frames[name] = []

        def on(msg: dict[str, object]) -> None:
            receive(msg)
            if msg["t"] in ("snapshot", "update"):
                frames[name].append(client.state.mirror.state)
        client.peer.on_message = on

    for p, c in others.items():
        keep(c, f"p{p}")
    keep(watcher, "watcher")
    sam = RemoteSession(LOOPBACK, 1, name="sam", seat=south, link=linked(room, "10.0.0.5"))
    room.wait_for(lambda: sam.ready and all(c.state.view() is not None for c in others.values()))
    assert room.table.match.explained == frozenset({south, east, west, north})

    def seat_view(client: FakeClient) -> SeatView:
        view = client.state.view()
        assert view is not None
        return view

    others[east].act("discard 1m")
    room.wait_for(lambda: any(str(a) == "pong 1m" for a in sam.view(sam.seat_of(south)).legal))
    sam.submit(1, Action.parse("pong 1m"))
    room.wait_for(lambda: sam.view(1).phase == "discard" and sam.view(1).current == 1)
    sam.submit(1, Action.parse("discard 1z"))
    room.wait_for(lambda: seat_view(others[west]).drawn is not None)
    others[west].act("discard 5s")
    room.wait_for(lambda: sam.view(1).current == 3)  # N's turn: no win was offered to S
    view = sam.view(1)
    refused = win_refused(view)
    assert refused is not None and refused.key == "why.nanjing.open_hand"
    assert dict(refused.args) == {"need": 4, "have": 0} and refused.tile == Tile.parse("5s")
    i18n.set_language("en")
    assert refusal_line(refused).startswith("Win 5 Bamboo")  # the window words it (? / W)
    # nobody else was ever sent a refusal: not the other seats, not the spectator
    assert all(len(got) > 3 for got in frames.values())
    for name, got in frames.items():
        assert all(_refusals(state) == [] for state in got), name
    sam.close()


def test_programs_are_not_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    """A client that says a program plays (`join --autoplay`) reads no words: the host works
    out no refusals for its place."""
    from tests.net.fake import FakeClient

    room, east = _n4_table(monkeypatch)
    clients = [FakeClient(room, name=f"p{p}", seat=p, address=f"10.0.0.{p}",
                          person=p == east) for p in range(4)]
    room.wait_for(lambda: all(c.state.view() is not None for c in clients))
    assert room.table.match.explained == frozenset({east})
    leaving = clients[east].peer
    assert leaving is not None
    leaving.hang_up()
    assert room.table.match.explained == frozenset()
