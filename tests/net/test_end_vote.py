"""A vote to end the match (解散, issue 28) at the pure table in fake time: one seated player
proposes, every other person seated accepts or refuses within 30 s of the table's clock; the
match ends only when all accept, and everyone is told either way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgpack

from game.replay import verify
from net.frames import HEADER
from net.save import read_save
from net.table import Table
from net.vote import VOTE_SECONDS
from tests.net.fake import FakeClient, FakePeer, Room
from tests.net.peers import make_table, table_config


def _room(seats: list[str], **kw: Any) -> tuple[Room, list[FakeClient]]:
    """A Mazhan table whose open places are taken by autoplaying people (they vote by hand),
    played until the first hand is well under way."""
    kw.setdefault("claim_window", 0.5)  # people sit here: the pace of a real table
    kw.setdefault("options", {"hands": 8, "bust_ends": False})
    table = make_table("mazhan", seats, hands=8, seed=5, **kw)
    room = Room(table)
    clients = [FakeClient(room, name=f"p{p}", seat=p, seed=p, address=f"10.0.0.{p}",
                          person=True) for p, kind in enumerate(seats) if kind == "open"]
    room.wait_for(lambda: table.started and table.match.hand is not None
                  and len(table.match.actions) > 12)
    assert not table.match.hand_over
    return room, clients


def _votes(client: FakeClient) -> list[dict[str, Any]]:
    assert client.peer is not None
    return [m for m in client.peer.got if m["t"] == "end_vote"]


def _send(client: FakeClient, msg: dict[str, Any]) -> None:
    assert client.peer is not None
    client.peer.send(msg)


def _unchecked(msg: dict[str, Any]) -> bytes:
    """`msg` framed without the codec's own checks (an attacker's encoder)."""
    body: bytes = msgpack.packb(msg)
    return HEADER.pack(len(body)) + body


def _refusals(peer: FakePeer) -> list[str]:
    return [str(m.get("why")) for m in peer.got if m["t"] == "error"]


def test_all_accept_the_match_ends_now_the_hand_abandoned(tmp_path: Path) -> None:
    log, save = tmp_path / "match.log", tmp_path / "table.save"
    room, (a, b, c) = _room(["open", "open", "open", "bot"], log_path=log, save_path=save)
    table = room.table
    watcher = FakeClient(room, name="eve", autoplay=None, watch=True, address="10.0.0.7")
    before = list(table.match.history[-1].scores if table.match.history
                  else table.match.start_scores)
    hands = table.hands_done
    _send(a, {"t": "end_propose"})
    vote = _votes(b)[-1]
    assert vote["state"] == "open" and vote["by"] == 0 and vote["voters"] == [1, 2]
    assert vote["within"] == VOTE_SECONDS and vote["yes"] == []
    assert watcher.state.vote is not None  # spectators are told too
    b.state.answer_end(True)
    b.answer()
    assert not table.finished and _votes(c)[-1]["yes"] == [1]
    c.state.answer_end(True)
    c.answer()
    room.deliver()
    assert table.finished and table.final is not None
    assert table.final["ended"] == "voted" and table.final["hands"] == hands
    for client in (a, b, c, watcher):
        assert client.state.over and client.state.end_reason == "voted"
        assert client.state.stats.to_json()["ended"] == "voted"  # join --json
        assert _votes(client)[-1]["state"] == "passed"
        assert client.state.stats.wall_problems == []  # the abandoned wall checks out
    assert a.peer is not None
    over = next(m for m in a.peer.got if m["t"] == "over")
    assert over["reason"] == "voted"
    assert over["scores"] == before == table.final["final_scores"]  # nothing of it booked
    reveal = [m for m in a.peer.got if m["t"] == "reveal"][-1]
    assert reveal["abandoned"] is True
    assert not [m for m in a.peer.got if m["t"] == "hand" and m["hand"] > hands]
    # the log ends as any log, with the reason, and replays to those scores
    text = log.read_text(encoding="utf-8")
    assert json.loads(text.splitlines()[-1])["reason"] == "voted"
    assert verify(text).final_scores == before
    saved = read_save(save)
    assert saved.ended == "voted" and saved.current is None
    # a resume of that save ends the match at once, as voted
    again = Table(table_config("mazhan", ["open", "open", "open", "bot"], hands=8, seed=5,
                               options={"hands": 8, "bust_ends": False}), saved=saved)
    again_room = Room(again)
    again.start_now()
    again_room.tick()
    assert again.finished and again.final is not None and again.final["ended"] == "voted"


def test_one_refusal_and_play_goes_on() -> None:
    room, (a, b) = _room(["open", "open", "bot", "bot"])
    table = room.table
    _send(b, {"t": "end_propose"})
    a.state.answer_end(False)
    a.answer()
    room.deliver()
    for client in (a, b):
        last = _votes(client)[-1]
        assert last["state"] == "refused" and last["refused_by"] == 0
        assert client.state.vote is None
        assert client.state.notices[-1]["code"] == "vote.refused"
    assert table.vote is None and not table.finished
    room.run()
    assert table.final is not None and table.final["ended"] is None
    assert a.peer is not None
    assert "reason" not in next(m for m in a.peer.got if m["t"] == "over")


def test_no_answer_in_time_and_play_goes_on() -> None:
    room, (a, b) = _room(["open", "open", "bot", "bot"])
    table = room.table
    _send(a, {"t": "end_propose"})
    started = room.now
    assert table.vote is not None and table.next_deadline() is not None
    room.later(VOTE_SECONDS - 1)
    assert table.vote is not None
    room.later(2)
    assert table.vote is None and not table.finished
    assert _votes(b)[-1]["state"] == "expired"
    assert room.now - started >= VOTE_SECONDS


def test_a_voter_leaving_calls_the_vote_off() -> None:
    room, (a, b, c) = _room(["open", "open", "open", "bot"])
    _send(a, {"t": "end_propose"})
    b.state.answer_end(True)
    b.answer()
    assert c.peer is not None
    c.peer.hang_up()
    assert _votes(a)[-1]["state"] == "void" and room.table.vote is None
    assert not room.table.finished


def test_alone_with_bots_the_proposal_passes_at_once() -> None:
    """Nobody else to ask: the one person at the table ends the match (and sees the
    standings), which leaving would not do."""
    room, (a,) = _room(["open", "bot", "bot", "bot"])
    _send(a, {"t": "end_propose"})
    room.deliver()
    assert room.table.finished and a.state.end_reason == "voted"
    assert _votes(a)[-1]["state"] == "passed" and _votes(a)[-1]["voters"] == []


def test_programs_have_no_say() -> None:
    """A client that said `bot: true` (an autoplaying program) is not asked."""
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=8, seed=5,
                       claim_window=0.5, options={"hands": 8, "bust_ends": False})
    room = Room(table)
    person = FakeClient(room, name="p0", seat=0, person=True, address="10.0.0.1")
    FakeClient(room, name="prog", seat=1, address="10.0.0.2")
    room.wait_for(lambda: table.started and len(table.match.actions) > 4)
    _send(person, {"t": "end_propose"})
    assert table.finished and _votes(person)[-1]["voters"] == []


def test_between_hands_the_match_ends_before_the_next_deal() -> None:
    room, (a, b) = _room(["open", "open", "bot", "bot"], hand_pause=5.0)
    table = room.table
    room.wait_for(lambda: table.match.hand_over and table.hands_done == 1)
    scores = list(table.match.scores)
    _send(a, {"t": "end_propose"})
    b.state.answer_end(True)
    b.answer()
    room.deliver()
    assert table.finished and table.final is not None
    assert table.final["hands"] == 1 and table.final["final_scores"] == scores
    assert a.peer is not None
    assert not [m for m in a.peer.got if m["t"] == "reveal" and m.get("abandoned")]


def test_one_proposal_at_a_time_and_no_spam() -> None:
    room, (a, b, c) = _room(["open", "open", "open", "bot"])
    table = room.table
    assert a.peer is not None and b.peer is not None
    _send(a, {"t": "end_propose"})
    _send(b, {"t": "end_propose"})
    assert _refusals(b.peer)[-1] == "vote_open"
    c.state.answer_end(False)
    c.answer()
    _send(a, {"t": "end_propose"})  # the second of the two at once
    b.state.answer_end(False)
    b.answer()
    _send(a, {"t": "end_propose"})
    last = [m for m in a.peer.got if m["t"] == "error"][-1]
    assert last["why"] == "vote_too_fast" and last["args"]["seconds"] > 0
    room.later(61)
    assert table.vote is None
    _send(a, {"t": "end_propose"})  # a minute later: one more
    assert table.vote is not None and table.vote.by == 0
    assert not table.finished and a.state.stats.errors


def test_attackers_get_a_clear_refusal_and_the_table_plays_on() -> None:
    """Votes from a peer not seated, from a spectator, for a proposal that does not exist, by
    a place not asked, and a flood of proposals: each refused with a reason; a malformed
    vote or a host's own message type drops that peer only."""
    room, (a, b) = _room(["open", "open", "bot", "bot"])
    table = room.table
    raw = room.raw_peer("mallory", address="10.0.0.66")
    raw.send({"t": "end_propose"})
    raw.send({"t": "end_answer", "id": 1, "yes": True})
    assert _refusals(raw) == ["not_seated", "not_seated"]
    spy = room.raw_peer("spy", address="10.0.0.67", watch=True)
    spy.send({"t": "end_propose"})
    assert _refusals(spy) == ["not_seated"]
    _send(a, {"t": "end_answer", "id": 42, "yes": True})
    assert a.peer is not None and _refusals(a.peer)[-1] == "no_vote"
    _send(a, {"t": "end_propose"})
    vote = table.vote
    assert vote is not None
    _send(a, {"t": "end_answer", "id": vote.id, "yes": True})  # the proposer is not asked
    assert _refusals(a.peer)[-1] == "not_asked"
    for _ in range(300):  # a flood: refused each time, then past the message budget, dropped
        raw.send({"t": "end_propose"})
    assert raw.closed and table.drop_reasons["too many messages"] == 1
    bad = room.raw_peer("bad", address="10.0.0.68")
    bad.raw(_unchecked({"t": "end_answer", "id": vote.id, "yes": "please"}))
    assert bad.closed and bad.first("error", code="protocol")
    forged = room.raw_peer("forger", address="10.0.0.69")
    forged.raw(_unchecked({"t": "end_vote", "id": vote.id, "by": 0, "voters": [], "yes": [],
                           "state": "passed"}))
    assert forged.closed and not table.finished and table.vote is vote
    assert b.peer is not None and not b.peer.closed
    b.state.answer_end(True)
    b.answer()
    room.deliver()
    assert table.finished and table.final is not None and table.final["ended"] == "voted"


def test_a_resumed_hand_voted_to_an_end_still_leaves_a_log_that_replays(tmp_path: Path) -> None:
    """The host was restarted mid-hand (`--resume`); the players come back and vote the match
    to an end in that very hand: the log still replays (its events hash as the hand began)."""
    save = tmp_path / "table.save"
    room, (a, b) = _room(["open", "open", "bot", "bot"], save_path=save)
    table = room.table
    table._save()
    room.deliver()
    saved = read_save(save)
    assert saved.current is not None and saved.current.actions
    before = list(table.match.history[-1].scores if table.match.history
                  else table.match.start_scores)
    log = tmp_path / "resumed.log"
    again = Table(table_config("mazhan", ["open", "open", "bot", "bot"], hands=8, seed=5,
                               claim_window=0.5, log_path=log,
                               options={"hands": 8, "bust_ends": False}), saved=saved)
    room2 = Room(again)
    ann = FakeClient(room2, name="p0", seat=0, token=a.state.token, person=True,
                     address="10.0.0.1")
    bob = FakeClient(room2, name="p1", seat=1, token=b.state.token, person=True, seed=1,
                     address="10.0.0.2")
    room2.wait_for(lambda: again.started and ann.state.view() is not None)
    assert not again.match.hand_over and again.hands_done == table.hands_done
    _send(ann, {"t": "end_propose"})
    bob.state.answer_end(True)
    bob.answer()
    room2.deliver()
    assert again.finished and again.final is not None
    assert again.final["final_scores"] == before
    assert verify(log.read_text(encoding="utf-8")).final_scores == before


def test_who_comes_in_during_a_vote_is_told_of_it() -> None:
    room, (a, _b) = _room(["open", "open", "bot", "bot"])
    _send(a, {"t": "end_propose"})
    late = FakeClient(room, name="eve", autoplay=None, watch=True, address="10.0.0.7")
    assert late.state.vote is not None and late.state.vote["by"] == 0
    assert _votes(late)[-1]["state"] == "open"


def test_an_abandoned_hands_table_fee_goes_back_with_its_scores() -> None:
    # M22: with the table fee, each player pays the stake to the house as a hand is dealt; a
    # hand voted away counts for nothing, so its fee goes back too: the scores and the house
    # are those after the last finished hand, and together still the four starting scores
    room, (a, b) = _room(["open", "open", "bot", "bot"],
                         options={"hands": 8, "bust_ends": False, "table_fee": True})
    match = room.table.match
    assert match.hand is not None and match.house > 0  # the hand under way has paid its fee
    house_before = match.house - 4 * match.hand.stake  # less the fee of the hand under way
    before = list(match.history[-1].scores if match.history else match.start_scores)
    _send(a, {"t": "end_propose"})
    b.state.answer_end(True)
    b.answer()
    room.deliver()
    assert room.table.finished and room.table.final is not None
    assert list(match.scores) == before == room.table.final["final_scores"]
    assert match.house == house_before
    assert sum(match.scores) + match.house == 4 * match.start_scores[0]
