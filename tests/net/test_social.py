"""Spectators, chat and join codes on a loopback table."""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
import pytest

from net.chat import CHAT_BURST
from net.client import Client, JoinError
from net.frames import MAX_CHAT, Message
from net.joincode import new_nonce, proof
from net.wire import compact_view
from tests.net.peers import LOOPBACK, RawPeer, hello, make_host, within


class Watcher(Client):
    """A spectator that checks, after every message, that its view holds nothing hidden."""

    def __init__(self, port: int, name: str) -> None:
        super().__init__(LOOPBACK, port, name=name, autoplay=None, watch=True,
                         on_message=self.check)
        self.states = 0
        self.hidden_events = 0

    def check(self, msg: Message) -> None:
        if msg["t"] in ("snapshot", "update") and self.mirror.state is not None:
            self.states += 1
            state = self.mirror.state
            assert state["C"] == [] and state["d"] is None and state["L"] == []
            assert state["s"] == -1
            if state["p"] != "over":
                assert state["v"] == []  # hands are shown only once the hand is over
        for event in msg.get("ev", ()) if msg["t"] == "update" else ():
            if event["k"] in ("deal", "draw"):
                self.hidden_events += 1
                assert "t" not in event and "ts" not in event, event


def test_spectators_see_only_public_information() -> None:
    async def scenario() -> None:
        host = make_host("nanjing", ["open", "bot", "bot", "bot"], hands=2, move_pause=0.002)
        await host.start()
        early = Watcher(host.port, "early")
        player = Client(LOOPBACK, host.port, name="ann", seed=1)
        game = asyncio.gather(host.run(), player.run(), early.run())
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        while not host.started:  # the late watcher comes once the match is under way
            assert loop.time() < deadline
            await asyncio.sleep(0.002)
        late = Watcher(host.port, "late")
        late_run = asyncio.create_task(late.run())
        _, _, early_stats = await within(game)
        late_stats = await within(late_run)
        await host.close()
        for watcher, stats in ((early, early_stats), (late, late_stats)):
            assert stats.seat is None and stats.desyncs == 0 and stats.hands_played >= 1
            assert watcher.states > 0 and watcher.hidden_events > 0
            assert not stats.wall_problems
            # The mirrored state at the end is exactly the host's spectator view.
            assert watcher.mirror.state == compact_view(host.match.view(-1).to_wire())
        assert early_stats.hands_played == 2

    asyncio.run(scenario())


def test_a_spectator_cannot_take_a_place_or_act() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "bot", "bot", "bot"], hands=1, start_after=0)
        await host.start()
        peer = RawPeer()
        await peer.open(host.port)
        peer.send(hello("eve", watch=True))
        await peer.expect("welcome")
        peer.send({"t": "sit", "seat": 0})
        assert (await peer.expect("error"))["code"] == "seat"
        game = asyncio.create_task(host.run())
        snap = await peer.expect("snapshot")
        peer.send({"t": "action", "seq": snap["seq"], "a": "pass"})
        assert (await peer.expect("error"))["code"] == "illegal"
        await within(game)
        await host.close()
        assert host.illegal == 0 and host.played == [0, 0, 0, 0]

    asyncio.run(scenario())


async def _chat_pair(port: int) -> tuple[RawPeer, RawPeer]:
    peers = (RawPeer(), RawPeer())
    for i, peer in enumerate(peers):
        await peer.open(port)
        peer.send(hello(f"p{i}"))
        await peer.expect("welcome")
    peers[0].send({"t": "sit", "seat": 0})
    await peers[0].expect("seated")
    return peers


def test_chat_is_cleaned_relayed_to_all_and_rate_limited() -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "open", "bot", "bot"], hands=1)
        await host.start()
        a, b = await _chat_pair(host.port)
        a.send({"t": "chat", "text": "  hi\x07 there\n "})
        for peer in (a, b):  # the sender sees its own line too, as everyone else does
            got = await peer.expect("chat")
            assert (got["text"], got["seat"], got["name"]) == ("hi there", 0, "p0")
        b.send({"t": "chat", "phrase": "gg"})
        for peer in (a, b):
            got = await peer.expect("chat")
            assert got["phrase"] == "gg" and got["seat"] is None and "text" not in got
        b.send({"t": "chat", "phrase": "no such phrase"})
        assert (await b.expect("error"))["code"] == "chat"
        # A burst of CHAT_BURST lines passes; more at once is refused, not relayed.
        for n in range(int(CHAT_BURST) + 2):
            a.send({"t": "chat", "text": f"line {n}"})
        refused = await a.expect("error", code="chat")
        assert "too fast" in refused["msg"]
        # A round trip on b's own line: the relayed chat was written to b before the pong.
        b.send({"t": "ping", "n": 99})
        await b.expect("pong", n=99)
        lines = [m["text"] for m in b.got if m["t"] == "chat"]
        assert lines == [f"line {n}" for n in range(int(CHAT_BURST) - 1)]
        # Over-long text is not a chat line at all: the frame is refused, the peer dropped.
        long_line: dict[str, Any] = {"t": "chat", "text": "x" * (MAX_CHAT + 1)}
        body = msgpack.packb(long_line)
        a.send_raw(len(body).to_bytes(4, "big") + body)
        closing = await a.until_closed()
        assert any(m["t"] == "error" and m["code"] == "protocol" for m in closing)
        await host.close()

    asyncio.run(scenario())


def test_a_locked_table_checks_the_join_code_but_not_a_returning_token() -> None:
    async def scenario() -> None:
        host = make_host("nanjing", ["open", "open", "bot", "bot"], hands=1, code="7391")
        await host.start()
        for extra in ({}, {"code": "7391"}):  # no proof at all, or the code in plain text
            peer = RawPeer()
            await peer.open(host.port)
            peer.send(hello("x", **extra))
            got = await peer.until_closed()
            assert [m["code"] for m in got if m["t"] == "error"] == ["code"]
            assert not any(m["t"] == "welcome" for m in got)
        with pytest.raises(JoinError, match="wrong join code"):
            await within(Client(LOOPBACK, host.port, code="0000").run())
        # The right code, proved without sending it; the host proves it back in welcome.
        peer = RawPeer()
        await peer.open(host.port)
        cnonce = new_nonce()
        peer.send(hello("ann", cnonce=cnonce))
        nonce = (await peer.expect("challenge"))["nonce"]
        peer.send({"t": "prove", "proof": proof("7391", "client", nonce, cnonce)})
        welcome = await peer.expect("welcome")
        assert welcome["locked"] is True
        assert welcome["fp"] == host.fingerprint
        assert welcome["proof"] == proof("7391", f"host:{host.fingerprint}", nonce, cnonce)
        assert not any("7391" in repr(m) for m in peer.got)
        peer.send({"t": "sit", "seat": 0})
        token = (await peer.expect("seated"))["token"]
        peer.writer.close()
        back = Client(LOOPBACK, host.port, token=token, seed=1)  # no code: the token suffices
        other = Client(LOOPBACK, host.port, code="7391", seed=2)
        _, back_stats, other_stats = await within(
            asyncio.gather(host.run(), back.run(), other.run()))
        await host.close()
        assert (back_stats.seat, other_stats.seat) == (0, 1)

    asyncio.run(scenario())
