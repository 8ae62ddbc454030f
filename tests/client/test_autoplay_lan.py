"""托管 at a LAN table, in fake time (tests/net/fake.py): the bot runs in the player's own
window from the player's own view; the host is told only that the seat is on auto, the others
see it, and nothing else on the wire changes: the same match played by hand and on auto sends
every peer the same frames but the seat flag and its notice."""

from __future__ import annotations

from typing import Any

import pygame

from game.bots import make_bot
from game.client.context import Context
from game.client.i18n import t
from game.client.sessions.remote import RemoteSession
from game.client.table.lan_overlay import seat_tag
from game.client.table.scene import TableScene
from game.client.table.toggles import TOGGLE_KEYS
from net.frames import Message
from net.table import Table
from tests.net.fake import FakeClient, Room, linked
from tests.net.peers import LOOPBACK, make_table


def _key(scene: TableScene, key: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _table() -> tuple[Table, Room, RemoteSession, FakeClient]:
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=1, seed=5,
                       move_pause=0.01)
    room = Room(table)
    ann = RemoteSession(LOOPBACK, 1, name="ann", seat=0, link=linked(room))
    bo = FakeClient(room, name="bo", autoplay="normal", seed=2, seat=1, address="10.0.0.2")
    room.wait_for(lambda: ann.ready)
    return table, room, ann, bo


def _frames(client: Any) -> list[Message]:
    """What the table sent this client, in order."""
    return list(client.peer.got)


def _public(frames: list[Message]) -> list[Message]:
    """`frames` without the 托管 news (its notices and the seats' auto flag), and without
    what differs between any two tables (the random fingerprint, tokens and wall salts)."""
    out = []
    last: list[dict[str, Any]] = []
    for msg in frames:
        if msg["t"] == "bye":  # the goodbye may come after either run's loop has stopped
            continue
        msg = {k: v for k, v in msg.items() if k not in ("fp", "token", "hash", "salt")}
        if msg["t"] == "notice" and msg["code"] in ("auto", "auto_off"):
            continue
        if msg["t"] in ("seats", "welcome"):
            seats = [{k: v for k, v in s.items() if k != "auto"} for s in msg["seats"]]
            if msg["t"] == "seats" and seats == last:
                continue  # only the flag changed: the listing sent again for it
            last = seats
            msg = {**msg, "seats": seats}
        out.append(msg)
    return out


def _by_hand(table: Table, room: Room, ann: RemoteSession) -> None:
    """Ann plays every decision herself, as the bot 托管 would use."""
    bot = make_bot("normal", 0)  # the window's 托管 bot for place 0 at a LAN table
    for _ in range(100_000):
        if table.final is not None:
            return
        if ann.humans_to_act():
            seat = ann.seat_of(0)
            ann.submit(seat, bot.choose(ann.view(seat)))
        elif not ann.step() and not room.advance():
            return
    raise AssertionError("the match did not finish")


def _on_auto(ctx: Context, screen: pygame.Surface, table: Table, room: Room,
             ann: RemoteSession, bo: FakeClient) -> tuple[bool, bool]:
    """Ann presses A at her table and touches nothing more; (bo saw the seat on auto, bo's
    plate for it said so)."""
    scene = TableScene(ctx, ann)
    ctx.stack.push(scene)
    scene.update(0.05)
    _key(scene, TOGGLE_KEYS["autoplay"])
    assert ann.auto
    seen = tagged = False
    for _ in range(100_000):
        if table.final is not None:
            break
        scene.update(0.05)
        scene.draw(screen)
        seats = bo.state.seats
        if seats and seats[0].get("auto"):
            seen = True
            tagged |= seat_tag(seats[0]) == t("lan.tag.auto")
        if not ann.humans_to_act() and not room.advance():
            break
    assert table.final is not None
    return seen, tagged


def test_peers_see_the_seat_on_auto_and_the_wire_tells_nothing_more(
        ctx: Context, screen: pygame.Surface) -> None:
    table, room, ann, bo = _table()
    _by_hand(table, room, ann)
    plain = (_frames(ann._link), _frames(bo))
    played = table.played[0]
    assert played > 5

    table, room, ann, bo = _table()
    seen, tagged = _on_auto(ctx, screen, table, room, ann, bo)
    auto = (_frames(ann._link), _frames(bo))
    assert seen and tagged  # bo's window marks ann's place 托管
    assert any(m["t"] == "notice" and m["code"] == "auto" and m["seat"] == 0 for m in auto[1])
    assert table.played[0] == played  # the same moves, made by the bot in ann's window
    # the same frames to both players but the 托管 news: the host sends no more than before
    assert _public(auto[0]) == _public(plain[0])
    assert _public(auto[1]) == _public(plain[1])
    assert _public(auto[1]) != auto[1]  # (and the news did go out)
