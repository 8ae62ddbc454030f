"""Table chat: quick phrases, cleaning of free text, and a per-connection rate limit."""

from __future__ import annotations

from typing import Final

PHRASES: Final[dict[str, tuple[str, str]]] = {
    "hello": ("你好", "Hello"),
    "thanks": ("謝謝", "Thanks"),
    "nice": ("打得好", "Nice play"),
    "hurry": ("快點吧", "Hurry up, please"),
    "wait": ("等一下", "One moment"),
    "sorry": ("不好意思", "Sorry"),
    "gg": ("好局", "Good game"),
}
"""Phrase key → (Chinese, English); clients show them in their own language."""
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
