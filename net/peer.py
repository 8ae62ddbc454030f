"""One TCP peer of the LAN host: its reader and writer, protocol state and budgets."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Final

from net.chat import ChatLimiter
from net.diff import SeatStream
from net.frames import FrameDecoder, Message, encode
from net.limits import (
    BYTE_BURST,
    BYTE_RATE,
    CLIENT_MAX_FRAME,
    MESSAGE_BURST,
    MESSAGE_RATE,
    Budget,
    ReplyLedger,
)

MAX_BACKLOG: Final = 512 * 1024
"""Bytes queued to a peer that does not read before it is dropped."""


class Peer:
    """One TCP peer."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 message_rate: float = MESSAGE_RATE, message_burst: float = MESSAGE_BURST) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder(CLIENT_MAX_FRAME)
        self.name = "player"
        self.hello = False
        self.seat: int | None = None
        self.watching = False
        self.stream = SeatStream()
        self.challenge: tuple[str, str, dict[str, Any]] | None = None
        """(host nonce, client nonce, hello) while a locked table waits for the proof."""
        self.is_bot = False
        """The client said it is a program playing (`join --autoplay`): no claim window for it."""
        self.held: list[dict[str, Any]] = []
        """Events (wire form) held back during a claim window, sent with the next update."""
        now = time.monotonic()
        self.opened = now
        """When the connection came; the hello deadline counts from here, never restarted."""
        self.messages = Budget(message_burst, message_rate, now)
        self.bytes = Budget(BYTE_BURST, BYTE_RATE, now)
        self.replies = ReplyLedger()
        self.chat = ChatLimiter()
        peer = writer.get_extra_info("peername")
        self.address: str = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.needs_token = False
        """Accepted past a connection limit: only a returning player (valid token) may stay."""
        self.closed = False

    def send(self, msg: Message) -> None:
        if self.closed:
            return
        self.writer.write(encode(msg))
        # Never await drain here: one slow reader must not stall the table for the others.
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            self.abort()

    def close(self) -> None:
        """Close once what is queued has been sent (a goodbye, a refusal)."""
        if not self.closed:
            self.closed = True
            self.writer.close()

    def abort(self) -> None:
        """Drop at once, discarding the backlog: a peer that does not read would otherwise keep
        its buffers and socket for as long as it likes (close() waits to flush)."""
        self.closed = True
        self.writer.transport.abort()
