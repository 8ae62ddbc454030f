"""Errors by cause, each with a message a player understands."""

from __future__ import annotations


class MahjongError(Exception):
    """Base of the project's own errors."""


class IllegalAction(MahjongError):
    """An action that is not legal now; the state is left unchanged."""


class NotYourTurn(IllegalAction):
    """The seat has nothing to do at the moment."""


class UnknownAction(IllegalAction):
    """The seat may act, but not like that."""


class HandOver(IllegalAction):
    """The hand has ended; start the next one."""


class BadOption(MahjongError):
    """A ruleset option with an unknown name or a value out of range."""
