"""Walls from everyone (issue 32), in fake time: the host commits to its secret, each seated
peer contributes randomness within the round's time, the wall is the one their hash gives, and
every client recomputes it at the reveal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.match import Match
from net.fair import (
    BAD_SECRET,
    NOT_DERIVED,
    OURS_CHANGED,
    OURS_LEFT_OUT,
    UNPLEDGED,
    WallWatch,
    check_shared,
    pledge,
    secret_commitment,
    shared_seed,
    wall_for_seed,
)
from net.frames import Message
from net.table import Table
from tests.net.fake import FakeClient, Room
from tests.net.peers import table_config


class Recorder(Table):
    """Keeps each hand's round and the wall it dealt."""

    def __init__(self, *args: object, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.dealt: list[tuple[int, list[bytes], list[int], float]] = []

    def _after_commit(self) -> None:
        assert self.match.hand is not None and self.shared is not None
        self.dealt.append((self.shared.hand, self.shared.contributions(),
                           list(self.match.hand.wall.order), self.now))


def _shared_table(seats: list[str], hands: int = 2, **kw: object) -> Recorder:
    # Walls differ every run: no bust, so the match plays all its hands (M22).
    return Recorder(table_config("mazhan", seats, hands=hands, secret_walls=True,
                                 options={"bust_ends": False}, **kw))


def test_each_wall_is_the_hash_of_the_secret_and_every_seated_peers_contribution() -> None:
    table = _shared_table(["open", "open", "bot", "bot"])
    room = Room(table)
    clients = [FakeClient(room, name=f"p{i}", seed=i, address=f"10.0.0.{i}") for i in range(2)]
    watcher = FakeClient(room, name="eve", autoplay=None, watch=True, address="10.0.0.9")
    room.run()
    assert len(table.dealt) == 2
    for hand, contributions, wall, _ in table.dealt:
        # The two people gave 16 bytes each; the bots' places nothing (the host plays them).
        assert [len(c) for c in contributions] == [16, 16, 0, 0]
        assert hand in (1, 2) and len(wall) == 144
    assert all(c.state.walls.sent == {} for c in clients)  # each checked against its reveal
    for client in [*clients, watcher]:
        s = client.stats
        assert s.walls == "shared" and s.walls_checked == 2 and s.wall_problems == []
        assert client.state.walls.shared_checked == 2
        assert s.contributions_missing == []


def test_everyone_in_deals_at_once_and_a_missing_contribution_counts_empty_after_2_s() -> None:
    table = _shared_table(["open", "open", "bot", "bot"], hands=1)
    room = Room(table)
    quiet = room.raw_peer("quiet", "10.0.0.7", pledge="ab" * 16)  # pledges, never gives
    quiet.send({"t": "sit", "seat": 1})
    client = FakeClient(room, name="p0", seat=0, address="10.0.0.1")
    room.tick()
    asked = [m for m in quiet.got if m["t"] == "commit"]
    assert asked and asked[0]["ask"] == [0, 1] and asked[0]["within"] == 2.0
    assert "wall" not in asked[0] and len(asked[0]["hash"]) == 64
    assert table.match.hand is None  # waiting for place 1
    room.now += 1.9
    room.tick()
    assert table.match.hand is None
    room.now += 0.1
    room.tick()
    assert table.match.hand is not None
    _, contributions, wall, dealt_at = table.dealt[0]
    assert dealt_at == 2.0 and contributions[1] == b"" and len(contributions[0]) == 16
    assert table.shared is not None
    assert wall == wall_for_seed(shared_seed(table.shared.secret, contributions))
    room.run(until=lambda: client.stats.walls_checked == 1)
    assert client.stats.wall_problems == []
    assert client.stats.contributions_missing == ["hand 1: place 1 gave no contribution"]
    shown = [n for n in client.state.notices if n["code"] == "no_contribution"]
    assert [n["seat"] for n in shown] == [1]  # the table says so (lan_overlay words it)
    from game.client import i18n
    from game.client.table.lan_overlay import notice_text

    i18n.set_language("en")
    try:
        assert notice_text(shown[0], ["ann", "quiet", "b3", "b4"]) == (
            "quiet gave no randomness for this hand's wall (counted as none)")
    finally:
        i18n.set_language("zh-Hant")
    reveal = next(m for m in quiet.got if m["t"] == "reveal")
    assert reveal["contributions"][1] == "" and reveal["contributions"][2:] == ["", ""]

    # A table whose people all answer deals the moment the last one is in.
    fast = _shared_table(["open", "bot", "bot", "bot"], hands=1)
    fast_room = Room(fast)
    FakeClient(fast_room, name="p0", address="10.0.0.1")
    fast_room.run()
    assert fast.dealt[0][3] == 0.0


def test_bots_only_no_round_wait_and_reproducible_walls_say_so() -> None:
    bots = _shared_table(["bot"] * 4, hands=1)
    Room(bots).run()
    assert bots.dealt and bots.dealt[0][1] == [b""] * 4
    table = Table(table_config("nanjing", ["open", "bot", "bot", "bot"], hands=1,
                               secret_walls=False))
    room = Room(table)
    client = FakeClient(room, name="p")
    room.run()
    assert client.stats.walls == "reproducible" and client.state.walls.shared_checked == 0
    assert client.stats.walls_checked == 1 and client.stats.wall_problems == []
    assert client.stats.to_json()["walls"] == "reproducible"


def test_a_late_or_foreign_contribution_is_ignored_and_a_bad_one_drops_its_sender() -> None:
    table = _shared_table(["open", "open", "bot", "bot"], hands=1)
    room = Room(table)
    a = room.raw_peer("a", "10.0.0.1", pledge=pledge("01" * 16))
    a.send({"t": "sit", "seat": 0})
    b = room.raw_peer("b", "10.0.0.2", pledge=pledge("03" * 16))
    b.send({"t": "sit", "seat": 1})
    nobody = room.raw_peer("c", "10.0.0.3")  # no pledge: seated, not asked
    nobody.send({"t": "sit", "seat": 2})
    room.tick()
    r = table.round
    assert r is not None and r.ask == [0, 1]
    assert r.pledges == [pledge("01" * 16), pledge("03" * 16), "", ""]
    b.send({"t": "contribute", "hand": r.hand + 1, "c": "03" * 16})  # another hand: ignored
    b.send({"t": "contribute", "hand": r.hand, "c": "04" * 16})  # not its pledge: ignored
    nobody.send({"t": "contribute", "hand": r.hand, "c": "05" * 16})  # not asked: ignored
    a.send({"t": "contribute", "hand": r.hand, "c": "01" * 16, "next": pledge("02" * 16)})
    a.send({"t": "contribute", "hand": r.hand, "c": "02" * 16})  # a second one: ignored
    assert r.got == {0: bytes([1] * 16)}
    assert table.by_seat[0].pledge == pledge("02" * 16)  # the next hand's pledge
    b.send({"t": "contribute", "hand": r.hand, "c": "not hex"})
    assert any(m["t"] == "error" and m["code"] == "protocol" for m in b.got)


def _reveal(table_secret: bytes, contributions: list[bytes]) -> tuple[list[int], Message]:
    wall = wall_for_seed(shared_seed(table_secret, contributions))
    return wall, {"secret": table_secret.hex(), "contributions": [c.hex() for c in contributions]}


def test_the_client_check_catches_a_changed_secret_or_contribution() -> None:
    secret, ours = bytes(range(32)), bytes([7] * 16)
    contributions = [ours, bytes([9] * 16), b"", b""]
    wall, fields = _reveal(secret, contributions)
    committed = secret_commitment(secret)
    assert check_shared(committed, wall, fields["secret"], fields["contributions"], None) == []
    other = bytes(range(1, 33))
    assert check_shared(committed, wall, other.hex(), fields["contributions"], None) == [
        BAD_SECRET, NOT_DERIVED]
    changed = [c.hex() for c in [ours, bytes([8] * 16), b"", b""]]
    assert check_shared(committed, wall, fields["secret"], changed, None) == [NOT_DERIVED]
    watch = WallWatch()
    watch.commit(1, committed, ask=[0, 1])
    watch.contributed(1, 0, bytes([6] * 16).hex())  # what we sent is not what it shows
    assert watch.reveal(1, wall, "", None, fields["secret"], fields["contributions"]) == [
        OURS_CHANGED]
    watch.commit(2, committed, ask=[0, 1])
    watch.contributed(2, 1, bytes([9] * 16).hex())
    dropped = [ours.hex(), "", "", ""]
    wall2 = wall_for_seed(shared_seed(secret, [ours, b"", b"", b""]))
    assert watch.reveal(2, wall2, "", None, fields["secret"], dropped) == [OURS_LEFT_OUT]
    # Place 1's contribution as the host revealed it is not the one pledged in the commitment
    # (a seat the host plays through a client of its own, choosing after seeing ours): any
    # client sees it.
    watch.commit(3, committed, ask=[0, 1], pledges=[pledge(ours.hex()), pledge("aa" * 16),
                                                     "", ""])
    assert watch.reveal(3, wall, "", None, fields["secret"], fields["contributions"]) == [
        UNPLEDGED]


@settings(max_examples=60, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.lists(st.binary(max_size=16), min_size=4,
                                                     max_size=4), st.integers(0, 3))
def test_every_contribution_moves_the_wall(secret: bytes, parts: list[bytes], place: int) -> None:
    """No place's contribution is ignored by the derivation (a one-byte change, or an empty
    one given a byte, gives another seed), and a wall is always one full set the engine deals."""
    seed = shared_seed(secret, parts)
    changed = list(parts)
    changed[place] = (bytes([changed[place][0] ^ 1]) + changed[place][1:]) if changed[place] \
        else b"\x00"
    assert shared_seed(secret, changed) != seed
    match = Match("mazhan", 1)
    match.start_hand(seed)
    assert match.hand is not None and list(match.hand.wall.order) == wall_for_seed(seed)


def test_a_newcomer_while_the_first_round_is_open_waits_for_the_deal() -> None:
    """Found by `tools/lan_attack.py votes`: the match has started but the first wall's round
    is still open (nothing dealt): a spectator, a newcomer taking a place and a resync then
    get no state yet (there is none), and their snapshots come with the first deal."""
    table = Table(table_config("nanjing", ["open", "open", "bot", "bot"], hands=1,
                               secret_walls=True, start_after=0.0))
    room = Room(table)
    quiet = room.raw_peer("quiet", "10.0.0.7", pledge="ab" * 16)  # pledges, never gives
    quiet.send({"t": "sit", "seat": 0})
    room.later(0.1)
    assert table.started and table.round is not None and table.match.hand is None
    eve = room.raw_peer("eve", "10.0.0.8", watch=True)
    late = room.raw_peer("late", "10.0.0.9")
    late.send({"t": "sit", "seat": 1})
    eve.send({"t": "resync", "seq": 0})
    for peer in (eve, late):
        assert not peer.closed and "snapshot" not in peer.kinds()
    room.later(table.config.contribute_seconds + 0.1)
    assert table.match.hand is not None
    for peer in (eve, late, quiet):
        assert peer.kinds().count("snapshot") == 1
