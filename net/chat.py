"""Table chat: quick phrases, cleaning of free text, and a per-connection rate limit."""

from __future__ import annotations

from typing import Final

PHRASES: Final = ("hello", "thanks", "nice", "hurry", "wait", "sorry", "gg")
"""The quick phrases' keys, in the order of their F-keys; each window words them in its own
language from its catalogue (game/client/i18n.py, `chat.<key>`)."""
CHAT_BURST: Final = 5.0
CHAT_RATE: Final = 0.5
"""Lines per second on average after a burst of CHAT_BURST."""


def clean_text(text: str) -> str:
    """Printable characters only, runs of spaces folded, ends trimmed."""
    kept = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(kept.split())


class ChatLimiter:
    """A token bucket: `allow(now)` is False when a peer chats faster than the limit."""

    def __init__(self, burst: float = CHAT_BURST, rate: float = CHAT_RATE) -> None:
        self.burst = burst
        self.rate = rate
        self.tokens = burst
        self.stamp: float | None = None

    def allow(self, now: float) -> bool:
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
