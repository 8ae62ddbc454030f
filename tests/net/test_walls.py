"""Unpredictable walls: each LAN hand is shuffled from a fresh 128-bit secret seed, which the save
and the log keep (and the reveal shows after the hand) so replays and resumes still work."""

from __future__ import annotations

import random
import secrets
from pathlib import Path

import pytest

import net.table
from game.atomic import write_atomic
from game.bots import make_bot
from game.replay import read_log, verify
from net.save import HandLog, read_save, replay
from net.table import WALL_SEED_BITS, Table
from tests.net.fake import FakeClient, Room
from tests.net.peers import bot_move, make_table


def _write_files(host: Table) -> None:
    """Write the files the table asked for, as the transport does."""
    for path, text in host.drain().writes:
        write_atomic(path, text)


def _play_hands(host: Table, hands: int) -> list[list[int]]:
    """Play `hands` hands with bots, no sockets; each hand's wall order as dealt."""
    walls: list[list[int]] = []
    bots = [make_bot("random", p) for p in range(4)]
    for _ in range(hands):
        assert host._next_deal(host.now)  # no peer to ask: dealt at once
        assert host.match.hand is not None
        walls.append(list(host.match.hand.wall.order))
        while not host.match.hand_over:
            bot_move(host, bots)
        host._hand_done()
    _write_files(host)
    return walls


def test_each_hand_has_its_own_secret_seed_that_the_match_seed_does_not_give() -> None:
    a = make_table("mazhan", ["bot"] * 4, hands=3, seed=5, secret_walls=True)
    b = make_table("mazhan", ["bot"] * 4, hands=3, seed=5, secret_walls=True)
    walls_a, walls_b = _play_hands(a, 3), _play_hands(b, 3)
    # Same match seed, yet no wall in common: the walls do not follow from it.
    assert all(wa != wb for wa in walls_a for wb in walls_b)
    seeds = [h.seed for h in a.chronicle.hand_logs() + b.chronicle.hand_logs()]
    assert all(s is not None and 0 <= s < 2**WALL_SEED_BITS for s in seeds)
    assert len(set(seeds)) == 6
    # Six draws all below 2**64 would happen with probability 2**-384: the seeds are wide.
    assert max(s.bit_length() for s in seeds if s is not None) > 64
    reveal = a._reveal_msg()
    assert int(reveal["seed"], 16) == a.chronicle.hand_logs()[-1].seed


def test_reproducible_walls_when_secret_walls_are_off() -> None:
    a = make_table("nanjing", ["bot"] * 4, hands=2, seed=5, secret_walls=False)
    b = make_table("nanjing", ["bot"] * 4, hands=2, seed=5, secret_walls=False)
    assert _play_hands(a, 2) == _play_hands(b, 2)
    assert a.chronicle.hand_logs()[0].seed is None and "seed" not in a._reveal_msg()


def test_save_and_log_keep_the_seeds_so_the_match_replays(tmp_path: Path) -> None:
    save, log = tmp_path / "t.save.json", tmp_path / "t.jsonl"
    host = make_table("mazhan", ["bot"] * 4, hands=3, save_path=save, log_path=log,
                     secret_walls=True)
    walls = _play_hands(host, 3)
    saved = read_save(save)
    assert [h.seed for h in saved.hands] == [h.seed for h in host.chronicle.hand_logs()]
    again = replay(saved)
    assert again.scores == host.match.scores
    assert again.hand is not None and list(again.hand.wall.order) == walls[-1]
    host._write_log(final=True)
    _write_files(host)
    text = log.read_text(encoding="utf-8")
    hands = [r for r in read_log(text)[1:-1]]
    assert [r["seed"] for r in hands] == [h.seed for h in host.chronicle.hand_logs()]
    assert verify(text).final_scores == host.match.scores


def test_resume_continues_the_cut_off_hand_on_the_same_wall(tmp_path: Path) -> None:
    save = tmp_path / "t.save.json"
    host = make_table("mazhan", ["bot"] * 4, hands=3, save_path=save, secret_walls=True,
                     save_every=0.0)
    _play_hands(host, 1)
    assert host._next_deal(host.now)
    bots = [make_bot("random", 10 + p) for p in range(4)]
    for _ in range(12):  # part of hand 2, then the host "crashes"
        bot_move(host, bots)
    assert not host.match.hand_over
    assert host.next_deadline() == host.now  # a save is due (`tick` would write it)...
    host._save()  # ...written here alone: a tick would also let the bots play on
    _write_files(host)
    saved = read_save(save)
    assert saved.current is not None and len(saved.current.actions) == 12
    assert saved.current.seed == host.match.hand_seed
    again = Table(host.config, saved=saved)
    assert again.match.hand is not None and host.match.hand is not None
    assert not again.match.hand_over and again.match.hand_no == 2
    # Nothing dealt again: the same wall, the same tiles drawn, every seat's view the same.
    assert again.match.hand.wall.order == host.match.hand.wall.order
    for seat in range(4):
        assert again.match.view(seat)._replace(names=()) == \
            host.match.view(seat)._replace(names=())
    # And it plays on to the same end as the host that was not cut off would have.
    twin = [make_bot("random", 99 + p) for p in range(4)]
    other = [make_bot("random", 99 + p) for p in range(4)]
    for table, players in ((host, twin), (again, other)):
        while not table.match.hand_over:
            bot_move(table, players)
    assert again.match.scores == host.match.scores


def test_a_save_whose_cut_off_hand_does_not_replay_deals_a_fresh_wall(tmp_path: Path) -> None:
    save = tmp_path / "t.save.json"
    host = make_table("nanjing", ["bot"] * 4, hands=3, save_path=save, secret_walls=True)
    _play_hands(host, 1)
    saved = read_save(save)
    saved.current = HandLog([[0, "discard 9z"]], [], 12345)  # not a legal first move
    again = Table(host.config, saved=saved)
    assert again.match.hand_over and again.match.hand_no == 1


def test_resume_in_a_claim_phase_shows_each_seat_what_a_live_table_would(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--resume into a claim phase: the seat asked about the discard sees its offer; the other
    seats and the spectator get their first state only once it is settled (issue 13: the
    resumed snapshot leaked who had an offer)."""
    # The secret walls drawn from a fixed generator: about one wall in 800 ends its first hand
    # before exactly one of the two people is asked about a discard, which made this test fail
    # now and then. The walls stay secret walls (their seeds go through the save).
    monkeypatch.setattr(secrets, "randbits", random.Random(11).getrandbits)  # net.table's
    # The walls come from the host's secret and the places' randomness (these raw peers send
    # none: their round runs out and counts them empty), so the secret is the fixed one.
    secrets_from = random.Random(11)
    monkeypatch.setattr(net.table, "new_secret", lambda: secrets_from.randbytes(32))
    save = tmp_path / "t.save.json"
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=3, save_path=save,
                       save_every=0.0, secret_walls=True)
    room = Room(table)
    players = [room.raw_peer(n, f"10.0.0.{i}") for i, n in enumerate(("ann", "bob"))]
    for place, peer in enumerate(players):
        peer.send({"t": "sit", "seat": place})
    tokens = [p.first("seated")["token"] for p in players]
    room.tick()
    room.now += table.config.contribute_seconds  # the round's time runs out: the deal
    room.tick()
    bots = [make_bot("random", 40 + p) for p in range(4)]
    asked: int | None = None
    for _ in range(5000):  # play until exactly one of the two people is asked about a discard
        hand = table.match.hand
        assert hand is not None and not table.match.hand_over
        offered = [table.match.players[s] for s in table.match.to_act()]
        if hand.phase.value == "claim" and len({0, 1} & set(offered)) == 1:
            asked = 0 if 0 in offered else 1
            break
        bot_move(table, bots)
    assert asked is not None
    table._save()  # the save due after those moves (a tick would let the bots play on)
    room.deliver()
    saved = read_save(save)
    assert saved.current is not None and len(saved.current.actions) == len(table.match.actions)

    again = Table(table.config, saved=saved)
    assert again.match.hand is not None and again.match.hand.phase.value == "claim"
    resumed = Room(again)
    clients = [FakeClient(resumed, name=n, token=tokens[i], autoplay=None,
                          address=f"10.0.0.{i}") for i, n in enumerate(("ann", "bob"))]
    eve = FakeClient(resumed, name="eve", autoplay=None, watch=True, address="10.0.0.9")
    resumed.tick()  # both players are back: the cut-off hand goes on
    assert again.started
    other = 1 - asked
    mine = clients[asked].state.mirror.state
    assert mine is not None and mine["p"] == "claim" and mine["s"] in mine["a"]
    assert mine == again.state_of(asked)
    # Not asked: nothing yet, neither for the other player nor for the spectator.
    assert clients[other].state.mirror.state is None and eve.state.mirror.state is None
    clients[asked].act("pass")  # the offer is declined: the claim phase is settled
    resumed.run(lambda: not again.publisher.hidden(again.hand_seats()[other]))
    for client, place in ((clients[other], other), (eve, -1)):
        state = client.state.mirror.state
        assert state is not None and state["p"] not in ("claim", "rob")
        assert state == again.state_of(place) and client.stats.desyncs == 0
