"""Shared pieces of the loopback table tests: a hand-driven peer, a safety timeout and a
`mahjong host`/`join` run in a process of its own."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.actions import Action
from game.bots import Bot
from net.frames import PROTOCOL_VERSION, FrameDecoder, Message, encode
from net.host import Host, HostConfig
from net.table import Table

LOOPBACK = "127.0.0.1"
T = TypeVar("T")


async def within(aw: Awaitable[T], seconds: float = 60) -> T:
    # A safety net against a hung test, not a performance assertion.
    return await asyncio.wait_for(aw, seconds)


def run_cli(entry: str, args: list[str], data: Path) -> subprocess.Popen[str]:
    """`net.cli`'s `entry` (host_main, join_main) with `args` in a process of its own, its
    output piped as text."""
    code = f"import sys; from net.cli import {entry}; sys.exit({entry}(sys.argv[1:]))"
    # The host saves into the data folder (game/paths.py): keep it inside the test's directory.
    env = dict(os.environ, MAHJONG_DATA=str(data))
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def table_config(ruleset: str, seats: list[str], hands: int | None = 2,
                **kw: Any) -> HostConfig:
    kw.setdefault("start_after", 20)
    kw.setdefault("seed", 11)
    kw.setdefault("secret_walls", False)  # the same walls every run: tests stay deterministic
    kw.setdefault("claim_window", 0.0)  # raw peers count as people; the window has its test
    # Fake clients do not ping; the idle deadline has its own test.
    kw.setdefault("idle_timeout", 3600.0)
    return HostConfig(ruleset=ruleset, name="test table", seats=seats, hands=hands,
                      address=LOOPBACK, **kw)


def make_host(ruleset: str, seats: list[str], hands: int | None = 2, **kw: Any) -> Host:
    return Host(table_config(ruleset, seats, hands, **kw))


def make_table(ruleset: str, seats: list[str], hands: int | None = 2, **kw: Any) -> Table:
    return Table(table_config(ruleset, seats, hands, **kw))


def bot_move(table: Table, bots: Sequence[Bot]) -> Action:
    """The next move, by the bot of the place to act (no clock, no messages): what it did."""
    seat = table.match.to_act()[0]
    player = table.match.players[seat]
    action = bots[player].choose(table.match.view(seat))
    table._apply(player, action)
    return action


def hello(name: str = "raw", **extra: Any) -> Message:
    return {"t": "hello", "v": PROTOCOL_VERSION, "name": name, **extra}


class RawPeer:
    """A hand-driven connection for misbehaving on purpose."""

    def __init__(self) -> None:
        self.decoder = FrameDecoder()
        self.got: list[Message] = []

    async def open(self, port: int) -> None:
        self.reader, self.writer = await asyncio.open_connection(LOOPBACK, port)

    def send_raw(self, data: bytes) -> None:
        self.writer.write(data)

    def send(self, msg: Message) -> None:
        self.writer.write(encode(msg))

    async def until_closed(self) -> list[Message]:
        """Read everything until the host closes the connection."""
        while data := await within(self.reader.read(65536), 20):
            self.got.extend(self.decoder.messages(data))
        return self.got

    async def until_bye(self) -> list[Message]:
        """Read everything until the host says bye (the match is over)."""
        while not any(m["t"] == "bye" for m in self.got):
            data = await within(self.reader.read(65536), 20)
            assert data, "closed before bye"
            self.got.extend(self.decoder.messages(data))
        return self.got

    async def expect(self, kind: str, **fields: Any) -> Message:
        """The first message of `kind` (with these field values), waiting for it if needed."""
        while True:
            for i, msg in enumerate(self.got):
                if msg["t"] == kind and all(msg.get(k) == v for k, v in fields.items()):
                    return self.got.pop(i)
            data = await within(self.reader.read(65536), 20)
            assert data, f"closed while waiting for {kind}"
            self.got.extend(self.decoder.messages(data))


async def sitting(port: int, name: str = "raw", seat: int = 0) -> RawPeer:
    """A raw peer that has said hello as `name` and asked for `seat` (not yet answered)."""
    peer = RawPeer()
    await peer.open(port)
    peer.send(hello(name))
    peer.send({"t": "sit", "seat": seat})
    return peer
