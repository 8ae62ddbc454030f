"""What a LAN client may send, as pure objects fed a clock: byte and message budgets.

The budgets count only what a client sends of its own accord (hello, sit, ping, chat, resync,
bye, auto, contribute, and actions that answer no offer). An action that answers a state the
host sent it (one per `seq`, at most the latest) is a reply: the host's own offers bound how
many of those come, so they never count against an honest client however fast it plays (issue
13: the host refused its own bot clients at full speed with "too many messages").
"""

from __future__ import annotations

from typing import Final

CLIENT_MAX_FRAME: Final = 4 * 1024
"""Largest frame body a client may send; its largest honest message (hello with a name, token
and code, or a 200-character chat line) is under 1 KiB."""
MESSAGE_BURST: Final = 200.0
MESSAGE_RATE: Final = 50.0
"""Unprompted messages: this many at once, then this many per second."""
BYTE_BURST: Final = 64 * 1024.0
BYTE_RATE: Final = 16 * 1024.0
"""Bytes read from a client: this many at once, then this many per second (replies refunded)."""
AUTO_BURST: Final = 6.0
AUTO_RATE: Final = 0.2
"""托管 switched on or off: this many changes at once, then one per 5 s. Each change is told to
every peer, so a flood of them (50 a second under the message budget) would be a flood out to
everyone; a player switching by hand never comes near it."""
MAX_PER_ADDRESS: Final = 8
"""Connections from one address (one machine on a LAN) at once; more are refused."""
MAX_CONNECTIONS: Final = 16
"""Connections in all before a newcomer must hold a token."""
TOKEN_RESERVE: Final = 4
"""Extra connections kept for token holders (players coming back) past both limits above."""


class Budget:
    """A token bucket: `take(amount, now)` is False when the peer has spent more than allowed."""

    def __init__(self, burst: float, rate: float, now: float) -> None:
        self.burst = burst
        self.rate = rate
        self.level = burst
        self.stamp = now

    def _fill(self, now: float) -> None:
        if now > self.stamp:
            self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
            self.stamp = now

    def take(self, amount: float, now: float) -> bool:
        self._fill(now)
        if self.level < amount:
            return False
        self.level -= amount
        return True

    def give(self, amount: float) -> None:
        """Refund what turned out to be a reply."""
        self.level = min(self.burst, self.level + amount)


class ReplyLedger:
    """Which of a peer's actions are replies: at most one per state sent, none ahead of it."""

    def __init__(self) -> None:
        self.answered = -1
        """The highest seq an action was accepted as a reply to."""

    def is_reply(self, seq: int, latest: int) -> bool:
        """`seq` is the state the action was decided on, `latest` the last one sent to it."""
        if self.answered < seq <= latest:
            self.answered = seq
            return True
        return False
