"""One peer of a LAN table as the table sees it: protocol state, budgets and what to send.

Pure: `send` queues a message in `outbox`, `close` and `abort` only mark the peer; the table
(net/table.py) hands the queues to the transport (net/host.py), which writes them to the socket,
watches its backlog and closes or aborts it.
"""

from __future__ import annotations

from typing import Any, Final

from net.chat import CHAT_BURST, CHAT_RATE
from net.diff import SeatStream
from net.frames import FrameDecoder, Message
from net.limits import (
    AUTO_BURST,
    AUTO_RATE,
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
    """One connected peer."""

    def __init__(self, address: str = "?", now: float = 0.0,
                 message_rate: float = MESSAGE_RATE, message_burst: float = MESSAGE_BURST) -> None:
        self.address = address
        """Where it connected from (the per-address limits count by it)."""
        self.decoder = FrameDecoder(CLIENT_MAX_FRAME)
        self.name = "player"
        self.hello = False
        self.seat: int | None = None
        self.watching = False
        self.stream = SeatStream()
        self.challenge: tuple[str, str, dict[str, Any]] | None = None
        """(host nonce, client nonce, hello) while a locked table waits for the proof."""
        self.pledge: str | None = None
        """The pledge of its next wall contribution (net/fair.py), from hello or its last
        contribute; None: it has none (it is then not asked)."""
        self.is_bot = False
        """The client said it is a program playing (`join --autoplay`): no claim window for it."""
        self.auto = False
        """Its player let a bot on their own machine play (托管): the others are told."""
        self.pending_snapshot = False
        """A first state is owed, held back until the claim phase it would show is over."""
        self.held: list[dict[str, Any]] = []
        """Events (wire form) held back during a claim window, sent with the next update."""
        self.opened = now
        """When the connection came; the hello deadline counts from here, never restarted."""
        self.heard = now
        """When bytes last came from it (the idle deadline counts from here, after hello)."""
        self.messages = Budget(message_burst, message_rate, now)
        self.bytes = Budget(BYTE_BURST, BYTE_RATE, now)
        self.replies = ReplyLedger()
        self.chat = Budget(CHAT_BURST, CHAT_RATE, now)
        self.auto_changes = Budget(AUTO_BURST, AUTO_RATE, now)
        """How fast its 托管 flag may change (each change is told to everyone)."""
        self.needs_token = False
        """Accepted past a connection limit: only a returning player (valid token) may stay."""
        self.outbox: list[Message] = []
        """Messages for the transport to write, in order."""
        self.closing = False
        """Close once the outbox is written (a goodbye, a refusal)."""
        self.aborted = False
        """Drop at once, outbox and all."""
        self.closed = False
        self._abort_told = False

    def send(self, msg: Message) -> None:
        if not self.closed:
            self.outbox.append(msg)

    def close(self) -> None:
        """Close once what is queued has been sent."""
        if not self.closed:
            self.closed = True
            self.closing = True

    def abort(self) -> None:
        """Drop at once, discarding the backlog: a peer that does not read would otherwise keep
        its buffers and socket for as long as it likes (a close waits to flush)."""
        self.closed = True
        self.aborted = True
        self.outbox.clear()

    def take(self) -> tuple[list[Message], str | None]:
        """What is queued, and then "close", "abort" or None; each is handed over once."""
        out, self.outbox = self.outbox, []
        then: str | None = None
        if self.aborted:
            then = None if self._abort_told else "abort"
            self._abort_told = True
            out = []
        elif self.closing:
            self.closing = False
            then = "close"
        return out, then
