"""One TCP peer of the LAN host: its reader and writer, protocol state and rate buckets."""

from __future__ import annotations

import asyncio
import time
from typing import Final

from net.chat import ChatLimiter
from net.diff import SeatStream
from net.frames import FrameDecoder, Message, encode

MAX_BACKLOG: Final = 512 * 1024
"""Bytes queued to a peer that does not read before it is dropped."""


class Peer:
    """One TCP peer."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder()
        self.name = "player"
        self.hello = False
        self.seat: int | None = None
        self.watching = False
        self.stream = SeatStream()
        self.tokens = 0.0
        self.stamp = time.monotonic()
        self.chat = ChatLimiter()
        self.closed = False

    def send(self, msg: Message) -> None:
        if self.closed:
            return
        self.writer.write(encode(msg))
        # Never await drain here: one slow reader must not stall the table for the others.
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()
