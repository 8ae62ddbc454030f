"""Between hands the host's own table offers a bot for an empty place and opens a bot's place
for a newcomer (issue 11; Host.add_bot / Host.open_place)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import i18n
from game.client.context import Context
from game.client.table.host_places import place_actions, place_buttons


class FakeHost:
    def __init__(self) -> None:
        self.kinds = ["open", "open", "bot", "open"]
        self.by_seat: dict[int, object] = {0: "host", 3: "someone"}
        self.calls: list[tuple[str, int]] = []

    def add_bot(self, player: int) -> None:
        self.calls.append(("add_bot", player))

    def open_place(self, player: int) -> None:
        self.calls.append(("open_place", player))


def test_the_host_may_fill_an_empty_place_or_open_a_bots(ctx: Context) -> None:
    i18n.set_language("en")
    host = FakeHost()
    queued: list[Callable[[], None]] = []
    rebuilt: list[bool] = []
    actions = place_actions(host, queued.append, lambda: rebuilt.append(True))
    labels = [label for label, _act in actions]
    # place 1 is the host's own, place 4 has a player: neither is offered
    assert labels == [i18n.t("host.bot_in", n=2), i18n.t("host.open_place", n=3)]
    for _label, act in actions:
        act()
    assert not host.calls  # handed to the host's loop, not run on the window's thread
    for fn in queued:
        fn()
    assert host.calls == [("add_bot", 1), ("open_place", 2)] and rebuilt == [True, True]
    buttons = place_buttons(actions, pygame.Rect(600, 500, 400, 40), 40)
    assert [b.label for b in buttons] == labels
    assert all(pygame.Rect(600, 500, 400, 40).contains(b.rect) for b in buttons)
    assert not buttons[0].rect.colliderect(buttons[1].rect)
