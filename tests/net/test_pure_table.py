"""A whole LAN match with no sockets, threads or sleeps: the table (connect, receive, tick,
next_deadline, drain) and two pure client states, with a fake clock. Every message still goes
through the frame codec both ways."""

from __future__ import annotations

from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table


def test_a_match_between_the_table_and_pure_clients_in_fake_time() -> None:
    table = make_table("nanjing", ["open", "open", "bot", "bot"], hands=2, options={"hands": 2})
    room = Room(table)
    table.start_at = 60.0
    clients = [FakeClient(room, name=f"p{i}", seed=i, address=f"10.0.0.{i + 1}")
               for i in range(2)]
    assert sorted(c.state.place for c in clients if c.state.place is not None) == [0, 1]
    room.run()
    assert table.final is not None and table.final["hands"] == 2
    assert room.now == 0.0  # both places were taken: nothing waited on the clock
    for client in clients:
        assert client.error is None and client.state.over
        stats = client.stats
        assert stats.hands_played == 2 and stats.desyncs == 0 and stats.wall_problems == []
        assert stats.walls_checked == 2 and stats.final_scores == table.final["final_scores"]
    assert table.played[0] > 0 and table.played[1] > 0 and table.final["dropped"] == 0
    assert all(c.peer is not None and c.peer.closed for c in clients)  # bye, then closed
    assert table.by_seat == {} and table.peers == set()
