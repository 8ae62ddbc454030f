"""Table chat: quick phrases, cleaning of free text, and its per-connection rate (a
`net.limits.Budget` of CHAT_BURST lines, refilled at CHAT_RATE)."""

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
