"""Provably fair walls: commitments before the deal, reveals after, checked by every client."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.match import Match
from game.view import events_for
from net.fair import WallWatch, check_reveal, commitment, new_salt
from net.frames import Message
from net.table import Table
from net.wire import compact_view
from tests.net.fake import FakeClient, Room
from tests.net.peers import table_config


class SwappingTable(Table):
    """Commits to the wall, then swaps the next tile with a later one of another kind."""

    def _after_commit(self) -> None:
        hand = self.match.hand
        assert hand is not None
        order, head = hand.wall.order, hand.wall.head
        later = next(i for i in range(head + 1, len(order) - hand.wall.tail)
                     if order[i] != order[head])
        order[head], order[later] = order[later], order[head]


class QuietSwapTable(SwappingTable):
    """Swaps the next draw after committing, and reveals the wall it committed to: the hash
    matches, so only the positions of the tiles drawn can give it away."""

    def _after_commit(self) -> None:
        assert self.match.hand is not None
        self.committed = list(self.match.hand.wall.order)
        super()._after_commit()

    def _reveal_msg(self) -> Message:
        return dict(super()._reveal_msg(), wall=self.committed)


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_swap_of_the_next_draws_behind_a_matching_reveal_is_caught(ruleset: str) -> None:
    table = QuietSwapTable(table_config(ruleset, ["open", "open", "bot", "bot"], hands=2))
    room = Room(table)
    clients = [FakeClient(room, name=f"p{i}", seed=i, address=f"10.0.0.{i}") for i in range(2)]
    clients.append(FakeClient(room, name="eve", autoplay=None, watch=True, address="10.0.0.9"))
    room.run()
    problems = [p for c in clients for p in c.stats.wall_problems]
    assert not any("hash" in p for p in problems)
    # Whoever drew at the swapped place (a bot's place, maybe) sees a tile the revealed wall
    # has not there; the spectator sees what was played differ from what the wall gave out.
    assert problems, "nobody caught the swapped draw"
    assert all("revealed wall" in p for p in problems)


@pytest.mark.parametrize(("ruleset", "cheat"),
                         [("mazhan", False), ("mazhan", True), ("nanjing", True)])
def test_every_client_checks_the_wall_and_catches_a_swap(ruleset: str, cheat: bool) -> None:
    cls = SwappingTable if cheat else Table
    table = cls(table_config(ruleset, ["open", "open", "bot", "bot"], hands=2))
    room = Room(table)
    clients = [FakeClient(room, name=f"p{i}", seed=i, address=f"10.0.0.{i}") for i in range(2)]
    clients.append(FakeClient(room, name="eve", autoplay=None, watch=True, address="10.0.0.9"))
    room.run()
    for client in clients:
        s = client.stats
        assert s.walls_checked == 2 and s.desyncs == 0
        if cheat:
            assert len(s.wall_problems) == 2, s.wall_problems
            assert all("does not match the hash" in p for p in s.wall_problems)
        else:
            assert s.wall_problems == []


def _finished_hand(ruleset: str, seed: int) -> tuple[Match, dict[str, Any], list[int]]:
    """A hand played out by bots; the final public view and the tiles set aside for the wild."""
    match = Match(ruleset, seed)
    events = match.start_hand()
    bots = [make_bot("random", seed + i) for i in range(4)]
    while not match.hand_over:
        seat = match.to_act()[0]
        events += match.apply(seat, bots[seat].choose(match.view(seat)))
    aside = [int(t) for e in events if e.kind == "wild" for t in e.tiles]
    return match, compact_view(match.view(-1).to_wire()), aside


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 2**31))
def test_honest_walls_pass_and_a_swapped_deal_is_caught(ruleset: str, seed: int) -> None:
    match, state, aside = _finished_hand(ruleset, seed)
    assert match.hand is not None
    dealt_from = list(match.hand.wall.order)
    salt = new_salt()
    assert check_reveal(commitment(dealt_from, salt), dealt_from, salt, state, aside) == []
    # A host that dealt from a wall other than the one it committed to, and reveals the
    # committed one: the hash matches, but the hand's tiles do not.
    head, tail = match.hand.wall.head, match.hand.wall.tail
    drawn = [*range(head), *range(len(dealt_from) - tail, len(dealt_from))]
    undrawn = list(range(head, len(dealt_from) - tail))
    rng = random.Random(seed)
    pairs = [(i, j) for i in drawn for j in undrawn if dealt_from[i] != dealt_from[j]]
    if not pairs:  # nothing left undrawn of another kind: no such swap exists
        return
    i, j = rng.choice(pairs)
    committed = list(dealt_from)
    committed[i], committed[j] = committed[j], committed[i]
    problems = check_reveal(commitment(committed, salt), committed, salt, state, aside)
    assert problems == ["the tiles played this hand are not the ones the revealed wall gave out"]


def test_reveal_problems_are_named() -> None:
    wall = list(range(34)) * 4 + list(range(34, 42))
    salt = new_salt()
    assert check_reveal(None, wall, salt, None) == [
        "the host revealed a wall it never committed to"]
    assert check_reveal(commitment(wall, salt), [*wall[:-1], 0], salt, None) == [
        "the revealed wall does not match the hash sent before the deal",
        "the revealed wall is not one full set of tiles"]
    assert check_reveal(commitment(wall, salt), [-1], salt, None) == [
        "the revealed wall is not a list of tiles"]


# ---------------------------------------------------------------- WallWatch, no sockets

def _watch_hand(ruleset: str, seed: int, seat: int, commit_first: bool = True,
                swap: tuple[int, int] | None = None) -> tuple[WallWatch, Match, list[int], str]:
    """Play one hand with bots, feeding `seat`'s WallWatch what a client would receive.

    `swap`: the host commits to the dealt wall and reveals it, but swapped these two wall
    places (from the head) before the hand was played, so the tiles given out differ."""
    watch = WallWatch()
    match = Match(ruleset, seed)
    salt = new_salt()
    events = match.start_hand()
    assert match.hand is not None
    committed = list(match.hand.wall.order)
    if swap is not None:
        order = match.hand.wall.order
        order[swap[0]], order[swap[1]] = order[swap[1]], order[swap[0]]
    if commit_first:
        watch.commit(1, commitment(committed, salt))
    bots = [make_bot("random", seed + i) for i in range(4)]
    while True:
        watch.state(match.hand_no)
        watch.events(seat, [e.to_wire() for e in events_for(events, seat)])
        if not commit_first:
            watch.commit(1, commitment(committed, salt))
            commit_first = True
        if match.hand_over:
            break
        s = match.to_act()[0]
        events = match.apply(s, bots[s].choose(match.view(s)))
    return watch, match, committed, salt


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 2**31), st.integers(-1, 3))
def test_an_honest_hand_passes_the_position_check(ruleset: str, seed: int, seat: int) -> None:
    watch, match, wall, salt = _watch_hand(ruleset, seed, seat)
    state = compact_view(match.view(seat).to_wire())
    assert watch.reveal(1, wall, salt, state) == []
    watch.end()
    assert watch.problems == [] and watch.checked == 1


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["mazhan", "nanjing"]), st.integers(0, 2**31))
def test_swapping_the_next_draws_is_caught_by_the_seat_that_drew(ruleset: str,
                                                                 seed: int) -> None:
    # The tiles after the deal: find two of different kinds that both get drawn.
    _, match, wall, _ = _watch_hand(ruleset, seed, 0)
    assert match.hand is not None
    head = len(wall) - match.hand.wall.left - match.hand.wall.tail  # drawn from the head
    fresh = Match(ruleset, seed)
    fresh.start_hand()
    assert fresh.hand is not None
    start = fresh.hand.wall.head  # the first place still in the wall once the deal is done
    pairs = [(i, i + 1) for i in range(start, head - 1) if wall[i] != wall[i + 1]]
    if not pairs:
        return
    caught: list[str] = []
    for seat in range(4):
        watch, cheat, committed, salt = _watch_hand(ruleset, seed, seat, swap=pairs[0])
        if cheat.hand_over and cheat.history:
            state = compact_view(cheat.view(seat).to_wire())
            problems = watch.reveal(1, committed, salt, state)
            assert not any("hash" in p for p in problems)  # the reveal matches its commitment
            caught += problems
    # The swapped tiles were drawn by someone (the hand may go differently with them, but
    # the seat that drew at the first swapped place sees a tile the revealed wall has not).
    assert any("is not the one the revealed wall has there" in p for p in caught), caught


def test_a_commitment_after_the_deal_is_a_failed_check() -> None:
    watch, match, wall, salt = _watch_hand("mazhan", 4, 1, commit_first=False)
    state = compact_view(match.view(1).to_wire())
    assert watch.reveal(1, wall, salt, state) == [
        "the host committed to this wall only after dealing it"]


def test_a_missing_reveal_is_a_failed_check() -> None:
    watch, *_ = _watch_hand("nanjing", 9, 2)
    watch.state(2)  # the next hand is dealt with no reveal of the first
    assert watch.problems == ["hand 1: the host never revealed this hand's wall"]
    watch.commit(2, "00")
    watch.end()  # and the match ends without the second's
    assert watch.problems[-1] == "hand 2: the host never revealed this hand's wall"


def test_a_client_back_mid_hand_still_passes_when_the_wild_flip_set_tiles_aside() -> None:
    # A Mazhan hand whose wildcard flip skipped bonus tiles (found by seed).
    seed = next(s for s in range(500) if any(
        e.kind == "wild" and e.tiles for e in Match("mazhan", s).start_hand()))
    watch, match, wall, salt = _watch_hand("mazhan", seed, 2)
    watch.interrupted()  # the line dropped; it came back with a snapshot of the same hand
    watch.state(1)
    state = compact_view(match.view(2).to_wire())
    assert watch.reveal(1, wall, salt, state) == []
    # A tile that is no bonus kind missing from what was played is still caught.
    again, _, again_wall, again_salt = _watch_hand("mazhan", seed, 2)
    assert again_wall == wall
    again.interrupted()
    again.state(1)
    rivers = [list(r) for r in state["R"]]
    who = next(i for i, r in enumerate(rivers) if any(not claimed for _, claimed in r))
    rivers[who] = [e for e in rivers[who] if e[1]] + [e for e in rivers[who] if not e[1]][1:]
    assert again.reveal(1, wall, again_salt, dict(state, R=rivers)) == [
        "the tiles played this hand are not the ones the revealed wall gave out"]
