"""Errors by cause, each with a message a player understands."""

from __future__ import annotations

from collections.abc import Mapping


class MahjongError(Exception):
    """Base of the project's own errors."""


class IllegalAction(MahjongError):
    """An action that is not legal now; the state is left unchanged.

    `code` names the reason and `values` its details (strings and numbers), so a window or a
    LAN peer can word it in its own language; the message stays for logs and the CLI."""

    code: str = "other"

    def __init__(self, text: str = "", *, code: str | None = None,
                 values: Mapping[str, str | int] | None = None) -> None:
        super().__init__(text)
        if code is not None:
            self.code = code
        self.values: dict[str, str | int] = dict(values or {})


class NotYourTurn(IllegalAction):
    """The seat has nothing to do at the moment."""

    code = "not_your_turn"


class UnknownAction(IllegalAction):
    """The seat may act, but not like that."""

    code = "not_legal"


class HandOver(IllegalAction):
    """The hand has ended; start the next one."""

    code = "hand_over"


class BadOption(MahjongError):
    """A ruleset option with an unknown name or a value out of range."""
