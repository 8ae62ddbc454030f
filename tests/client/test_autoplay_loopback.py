"""托管 over a real loopback host (127.0.0.1 only): the window's table scene on its socket link
presses A, the bot in that window plays the place, and another player's client sees the place
on auto in the seats listing and a notice, then back to a person after a key press. What the
other client is sent never holds the auto player's tiles."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pygame

from game.client.context import Context
from game.client.sessions.remote import RemoteSession
from game.client.table.scene import TableScene
from game.client.table.toggles import TOGGLE_KEYS
from net.client import Client
from net.frames import Message
from tests.net.peers import LOOPBACK, make_host, within


def _key(scene: TableScene, key: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_peers_see_a_place_on_auto_over_loopback(ctx: Context, screen: pygame.Surface) -> None:
    async def scenario() -> None:
        host = make_host("mazhan", ["open", "open", "bot", "bot"], hands=1, move_pause=0.005)
        await host.start()
        got: list[Message] = []
        bob = Client(LOOPBACK, host.port, name="bob", seed=2, seat=1, on_message=got.append)
        game = asyncio.ensure_future(asyncio.gather(host.run(), bob.run()))
        ann = RemoteSession(LOOPBACK, host.port, name="ann", seat=0)
        loop = asyncio.get_running_loop()

        async def until(done: Callable[[], bool], scene: TableScene | None = None) -> None:
            deadline = loop.time() + 60
            while not done():
                assert loop.time() < deadline and ann.error is None, ann.error
                if scene is not None:
                    scene.update(0.05)
                    scene.draw(screen)
                await asyncio.sleep(0.002)  # polling a condition, with a deadline

        def auto_seen() -> bool | None:
            seats = bob.state.seats
            return bool(seats[0].get("auto")) if seats else None

        await until(lambda: ann.ready)
        scene = TableScene(ctx, ann)
        ctx.stack.push(scene)
        assert auto_seen() is False
        _key(scene, TOGGLE_KEYS["autoplay"])
        await until(lambda: auto_seen() is True, scene)
        assert any(m["t"] == "notice" and m["code"] == "auto" and m["seat"] == 0 for m in got)
        # nobody touches ann's window: its own bot plays her place
        await until(lambda: host.table.played[0] >= 3 or host.table.final is not None, scene)
        assert host.table.played[0] >= 1
        _key(scene, pygame.K_q)  # any key takes the place back
        assert not ann.auto
        await until(lambda: auto_seen() is False or host.table.final is not None, scene)
        if host.table.final is None:
            assert any(m["t"] == "notice" and m["code"] == "auto_off" for m in got)
        ann.close()
        game.cancel()
        await asyncio.gather(game, return_exceptions=True)
        await within(host.close())
        # what bob was sent never held another place's tiles before the hand was over
        assert bob.mirror.state is not None
        mine = bob.mirror.state["s"]
        for msg in got:
            if msg["t"] == "snapshot":
                assert msg["state"]["v"] == [] or msg["state"]["p"] == "over"
            for event in msg.get("ev", []):
                if event["k"] in ("deal", "draw") and event.get("s") != mine:
                    assert "t" not in event and "ts" not in event

    asyncio.run(scenario())
