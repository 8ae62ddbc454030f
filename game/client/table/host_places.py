"""Between hands, the host's own table can change its places (issue 11): a bot into a place
nobody holds, or a bot's place opened for a newcomer (Host.add_bot / Host.open_place, run on
the host's network loop)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import pygame

from game.client.i18n import t
from game.client.ui.widgets import Button


class PlaceHost(Protocol):
    """What the buttons read and call on a net.host.Host."""

    @property
    def kinds(self) -> Sequence[str]: ...

    @property
    def by_seat(self) -> Mapping[int, object]: ...

    def add_bot(self, player: int) -> None: ...

    def open_place(self, player: int) -> None: ...


class HostLoop(Protocol):
    """The host screen's network loop: runs a call on the loop's thread."""

    def call(self, fn: Callable[[], object]) -> None: ...


class HostSeat(Protocol):
    """What the table reads of the LAN host screen below it on the stack."""

    @property
    def host(self) -> PlaceHost | None: ...

    @property
    def net(self) -> HostLoop | None: ...


def place_actions(host: PlaceHost, run: Callable[[Callable[[], None]], None],
                  done: Callable[[], None]) -> list[tuple[str, Callable[[], None]]]:
    """(label, action) per place the host may change now; `run` hands the change to the
    host's loop, `done` rebuilds the buttons. The host's own place (0) is never offered."""
    out: list[tuple[str, Callable[[], None]]] = []
    for player, kind in enumerate(host.kinds):
        if player == 0:
            continue
        if kind == "open" and player not in host.by_seat:
            out.append((t("host.bot_in", n=player + 1), _act(run, host.add_bot, player, done)))
        elif kind == "bot":
            out.append((t("host.open_place", n=player + 1),
                        _act(run, host.open_place, player, done)))
    return out


def _act(run: Callable[[Callable[[], None]], None], change: Callable[[int], None], player: int,
         done: Callable[[], None]) -> Callable[[], None]:
    def act() -> None:
        run(lambda: change(player))
        done()

    return act


def place_buttons(actions: Sequence[tuple[str, Callable[[], None]]], row: pygame.Rect,
                  height: int) -> list[Button]:
    """The buttons side by side in `row`, each as wide as the row allows (at most 220)."""
    if not actions:
        return []
    gap = 6
    width = min(220, (row.w - gap * (len(actions) - 1)) // len(actions))
    return [Button(pygame.Rect(row.x + i * (width + gap), row.y, width, height), label, act)
            for i, (label, act) in enumerate(actions)]
