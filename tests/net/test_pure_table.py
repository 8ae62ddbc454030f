"""A whole LAN match with no sockets, threads or sleeps: the table (connect, receive, tick,
next_deadline, each peer's outbox) and two pure client states, with a fake clock. Every message
still goes through the frame codec both ways."""

from __future__ import annotations

from game.bots import make_bot
from net.client_state import ClientState
from net.frames import HEADER, Message, decode_body, encode
from net.peer import Peer
from tests.net.peers import make_host


def _wire(msg: Message) -> Message:
    return decode_body(encode(msg)[HEADER.size:])


def test_a_match_between_the_table_and_pure_clients_in_fake_time() -> None:
    host = make_host("nanjing", ["open", "open", "bot", "bot"], hands=2, options={"hands": 2})
    now = [0.0]
    host.clock = lambda: now[0]
    host.start_at = 60.0
    clients = [ClientState(seat=i) for i in range(2)]
    bots = [make_bot("normal", i) for i in range(2)]
    peers = [Peer(f"10.0.0.{i + 1}", now[0]) for i in range(2)]
    acted = [-1, -1]
    for i, (peer, client) in enumerate(zip(peers, clients, strict=True)):
        assert host.connect(peer, now[0])
        host.receive(peer, _wire(client.hello(f"p{i}", None, bot=True)), now[0])

    def pump() -> None:
        """Carry messages both ways until nobody has anything to say."""
        for _ in range(10_000):
            moved = False
            for i, (peer, client) in enumerate(zip(peers, clients, strict=True)):
                sent, peer.outbox = peer.outbox, []
                for msg in sent:
                    client.receive(_wire(msg))
                    moved = True
                view = client.view()
                if (view is not None and view.seat in view.to_act and view.legal
                        and acted[i] != client.mirror.seq):
                    acted[i] = client.mirror.seq
                    client.outbox.append({"t": "action", "seq": client.mirror.seq,
                                          "a": str(bots[i].choose(view))})
                said, client.outbox = client.outbox, []
                for msg in said:
                    host.receive(peer, _wire(msg), now[0])
                    moved = True
            if not moved:
                return
        raise AssertionError("the talk never settled")

    pump()
    assert sorted(c.place for c in clients if c.place is not None) == [0, 1]
    for _ in range(100_000):
        host.tick(now[0])
        pump()
        if host.final is not None:
            break
        deadline = host.next_deadline()
        assert deadline is not None, "the table waits for a message that never comes"
        now[0] = max(now[0], deadline)
    assert host.final is not None and host.final["hands"] == 2
    assert now[0] == 0.0  # both places were taken: nothing waited on the clock
    for client in clients:
        assert client.over and client.stats.hands_played == 2
        assert client.stats.desyncs == 0 and client.stats.wall_problems == []
        assert client.stats.walls_checked == 2
        assert client.stats.final_scores == host.final["final_scores"]
    assert host.played[0] > 0 and host.played[1] > 0 and host.final["dropped"] == 0
    for i, peer in enumerate(peers):
        host.disconnect(peer, now[0])
        assert peer.closed and i not in host.by_seat
