"""Timers and flee (rulings M11, M12) over whole matches in fake time: the pure LAN table
(net/table.py) driven by tests/net/fake.py's Room, one seated client that answers some
decisions and sits out others, three bots; and a local table with a person who never moves.
No sleeps: the clock moves only to the table's next deadline.

What is measured against the rulings and the Mazhan seed (seeds/000_536c2c1ccf472a12.txt):
- M11 and seed line 29 (15 s countdown to discard, then the system discards for the player):
  a discard sat out is played exactly 15 s after it was shown, the tile just drawn if held;
- M11: a claim offer sat out is passed exactly 8 s after it was shown;
- M12 as seed line 66 words it (連續倒計時15秒超過3次 … 認定為逃跑; where M12's "three turn
  time-outs" differs, the seed rules): the fourth 15-second discard countdown run out in a row is
  a flee, never sooner; a claim window run out neither counts nor breaks the run; acting in
  between starts the count again;
- M12 and seed line 65: the flee costs 400 × the stake, a quarter to each other player and
  one to the house; where there is no flee (Nanjing's seed has none; a Mazhan table with the
  option off) the time-outs are M11's alone: played for the player, never a flee, never a bot;
- M12: a bot plays the place at once for the rest of the hand; the player decides again
  from the next hand, and the match goes on to its end; its log replays, with the flee.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.actions import PASS, Action, ActionKind
from game.client.sessions.local import LocalSession
from game.events import Event, EventKind
from game.view import SeatView
from net.frames import Message
from net.table import Table
from tests.net.fake import FakeClient, Room
from tests.net.peers import make_table
from tests.option_play import check_all, from_log

DISCARD, CLAIM = 15.0, 8.0
"""M11's figures, written here, not read from the code under test."""


def decision(view: SeatView) -> tuple[Any, ...]:
    """What tells one decision from the next (a new turn, tile or phase)."""
    return (view.hand_no, view.phase, view.current, view.wall_remaining,
            sum(len(r) for r in view.rivers), sum(len(m) for m in view.melds))


@dataclass
class Shown:
    at: float
    view: SeatView
    silent: bool


class Sometimes(FakeClient):
    """The shipped client's state machine with a bot that answers at once, except where its
    plan for the hand says to sit a decision out: "discard" (the next discard decision),
    "claim" (the next claim offer), "any" (the next decision, whatever it is), "answer"."""

    def __init__(self, room: Room, plans: dict[int, list[str]], **kw: Any) -> None:
        self.plans = {hand: deque(plan) for hand, plan in plans.items()}
        self.shown: list[Shown] = []
        self.notices: list[tuple[float, Message]] = []
        self.decided: dict[tuple[Any, ...], bool] = {}
        """Per decision: sat out or not (an answer the table found stale is sent again on
        the next state, as the shipped client does; a silence stays one)."""
        self.benched_in: int | None = None
        super().__init__(room, name="sometimes", autoplay="normal", seat=0, seed=3, **kw)

    def _receive(self, msg: Message) -> None:
        if msg["t"] == "notice" and msg["seat"] == 0:
            self.notices.append((self.room.now, msg))
            if msg["code"] == "fled":
                view = self.view()
                self.benched_in = None if view is None else view.hand_no
        super()._receive(msg)

    def _sit_out(self, view: SeatView) -> bool:
        plan = self.plans.get(view.hand_no)
        if not plan:
            return False
        step = plan[0]
        if step == "all":
            return True  # every decision from here on (the plan stays: a flee ends it)
        wanted = {"discard": ("discard",), "claim": ("claim", "rob")}.get(step)
        if step == "any" or (wanted is not None and view.phase in wanted):
            plan.popleft()
            return True
        if step == "answer":
            plan.popleft()
        return False

    def _maybe_act(self) -> None:
        view = self.view()
        if view is None or view.seat not in view.to_act or not view.legal:
            return
        if view.hand_no == self.benched_in:
            return  # a bot plays the place until the next hand (M12)
        key = decision(view)
        if key not in self.decided:
            self.decided[key] = self._sit_out(view)
            self.shown.append(Shown(self.room.now, view, self.decided[key]))
        if not self.decided[key]:
            super()._maybe_act()


@dataclass
class Applied:
    at: float
    hand: int
    player: int
    action: Action
    events: list[Event]


@dataclass
class Fled:
    at: float
    player: int
    stake: int
    """The stake of the hand it fled from."""
    events: list[Event]
    deltas: list[int]
    """Each player's score change."""
    house: int
    """What the house took."""


def spy(table: Table, room: Room) -> tuple[list[Applied], list[Fled]]:
    """Every action the table applies and every flee it settles, with the fake time: only
    watched, passed on unchanged."""
    applied: list[Applied] = []
    flees: list[Fled] = []
    match = table.match
    apply, flee = match.apply, match.flee

    def applying(seat: int, action: Action) -> list[Event]:
        player, hand = match.players[seat], match.hand_no
        events = apply(seat, action)
        applied.append(Applied(room.now, hand, player, action, events))
        return events

    def fleeing(player: int) -> list[Event]:
        before, house = list(match.scores), match.house
        assert match.hand is not None
        events = flee(player)
        deltas = [after - b for after, b in zip(match.scores, before, strict=True)]
        flees.append(Fled(room.now, player, match.hand.stake, events, deltas,
                          match.house - house))
        return events

    match.apply = applying  # type: ignore[method-assign]
    match.flee = fleeing  # type: ignore[method-assign]
    return applied, flees


PLANS = {1: ["answer", "discard", "answer", "claim", "answer", "all"],
         2: ["answer", "answer", "discard"]}
"""Hand 1: one discard and one claim sat out (each followed by a move of one's own), then
every decision sat out until the flee (claim offers among them). Hand 2: back at the table,
one more discard sat out."""

CASES: dict[str, dict[str, object]] = {
    "mazhan": {"table_fee": True, "reserve": 15, "bust_ends": False},
    "nanjing": {"gold": 5, "several_winners": "all"},
}
"""Other options of the table played with the timers (their money is checked too). The
flee costs half a Mazhan start score (400 × 10 of 8000) and busts the fleer here: with
bust_ends on the match would end with that hand (M22), so it is off to see the next ones."""


@pytest.mark.parametrize("ruleset", ["mazhan"])
def test_a_whole_match_with_timers_timeouts_a_flee_and_the_match_going_on(
        ruleset: str, tmp_path: Path) -> None:
    """M11, M12 and the Mazhan seed lines 29, 65-66 over a whole match (see the module's
    docstring): the time-outs at 15 s and 8 s, what they play, the flee at the fourth discard
    time-out in a row and what it costs, the bot at once, the player back at the next hand, the
    match to its end, and its money (with the table's other options) from the table's own log."""
    hands = 3
    log = tmp_path / "match.jsonl"
    table = make_table(ruleset, ["open", "bot", "bot", "bot"], hands=hands, log_path=log,
                       seed=14, options={**CASES[ruleset], "hands": hands})
    assert table.timers_on  # M11: on by default at a LAN table
    room = Room(table)
    applied, flees = spy(table, room)
    me = Sometimes(room, PLANS)
    room.run()
    assert table.final is not None and table.final["hands"] == hands  # the match went on

    timeouts = [at for at, n in me.notices if n["code"] == "timeout"]
    fled = [at for at, n in me.notices if n["code"] == "fled"]
    mine = [a for a in applied if a.player == 0]
    silent = [s for s in me.shown if s.silent]
    assert all(list(plan) in ([], ["all"]) for plan in me.plans.values())  # all came
    assert table.timeouts == len(timeouts) == len(silent) and table.flees == len(fled) == 1

    # M11: each decision sat out is played for the player at exactly 15 s or 8 s
    kinds = []
    for s in silent:
        limit = DISCARD if s.view.phase == "discard" else CLAIM
        due = s.at + limit
        assert due in timeouts, (s.view.phase, s.at, timeouts)
        played = next(a for a in mine if a.at == due)  # then its own answers, if any
        if s.view.phase == "discard":
            assert played.action.kind is ActionKind.DISCARD and played.action in s.view.legal
            if s.view.drawn is not None:  # M11: the tile just drawn, still held
                assert played.action.tile == s.view.drawn
                kinds.append("drawn tile")
            else:
                kinds.append("bot's discard")
        else:
            assert played.action == PASS  # M11: passed
            kinds.append("pass")
        # nothing was played for the player before its time was up
        assert not [a for a in mine if s.at < a.at < due]
    assert {"drawn tile", "pass"} <= set(kinds)
    # ...and every decision answered was played at once, the time it was shown
    answered = [s for s in me.shown if not s.silent]
    assert answered and {s.at for s in answered} <= {a.at for a in mine}

    # M12 (seed line 66): the flee comes with the fourth discard time-out of the run sat out
    # after the player's last own move of hand 1, claim windows run out in between not
    # counted; the two single silences before it (each followed by a move) count for nothing
    run = silent[2:-1]  # hand 1's run (the last silence is hand 2's)
    assert [s.view.hand_no for s in silent] == [1] * (len(silent) - 1) + [2]
    discards = [s for s in run if s.view.phase == "discard"]
    assert len(discards) == 4 and run[-1] is discards[-1]
    assert any(s.view.phase != "discard" for s in run)  # a claim window ran out in the run
    assert fled == [discards[-1].at + DISCARD] == [timeouts[-2]]
    assert timeouts[-1] > fled[0]
    (flee,) = flees
    assert (flee.at, flee.player) == (fled[0], 0)
    stake = discards[-1].view.stake  # the stake the player was shown
    assert flee.stake == stake
    # M12: 400 × stake, 100 × stake to each other and the house
    quarter = 100 * stake
    assert [e.amount for e in flee.events] == [quarter] * 4
    assert flee.deltas == [-4 * quarter, quarter, quarter, quarter]
    assert flee.house == quarter

    # the bot plays the place at once for the rest of that hand: the clock stands still
    # until the hand is over (every other place is a bot without a pause)
    end_of_hand = next(a for a in applied if a.at >= fled[0]
                       and any(e.kind == EventKind.HAND_END for e in a.events))
    assert end_of_hand.at == fled[0]
    # M12: back at the next hand (told so): the player's own moves are played again, at
    # once, and its timers run again
    after = [n["code"] for at, n in me.notices if at == fled[0]]
    assert after[after.index("fled"):] == ["fled", "back"]
    second = [s for s in me.shown if s.view.hand_no == 2]
    played_for = next(a for a in mine if a.at == timeouts[-1])
    own = [a.at for a in mine if a.hand == 2 and a is not played_for]
    assert {s.at for s in second if not s.silent} <= set(own) and own
    assert timeouts[-1] in {s.at + DISCARD for s in second if s.silent}

    # the money of the whole match, from the table's own log replayed (with its flee)
    match = from_log(log.read_text(encoding="utf-8"))
    assert match.scores == table.final["final_scores"] and len(match.hands) == hands
    assert match.flee_tries == 1
    figures = check_all(match)
    assert sum(match.scores) + match.house == 4 * match.start
    if ruleset == "mazhan":
        assert figures["flees"] == [400 * stake]
        assert figures["ledger"]["table_fee"] == 4 * sum(figures["fees"]) > 0


@pytest.mark.parametrize(("ruleset", "options"), [
    ("nanjing", CASES["nanjing"]),  # the Nanjing seed has no flee at all
    ("mazhan", {**CASES["mazhan"], "flee": False}),  # a Mazhan table with M12 turned off
])
def test_a_whole_match_with_timers_and_flee_off_plays_for_the_player_and_never_benches(
        ruleset: str, options: dict[str, Any], tmp_path: Path) -> None:
    """Issue 29: where there is no flee (Nanjing; Mazhan with the option off) what a player
    expects of the timers is M11 alone: each decision sat out is played for them at 15 s or
    8 s, however many in a row; it is never called a flee, no bot takes the place, nobody
    pays for it, and the player's own answers count the moment they come, in the same hand."""
    hands = 3
    log = tmp_path / "match.jsonl"
    table = make_table(ruleset, ["open", "bot", "bot", "bot"], hands=hands, log_path=log,
                       seed=14, options={**options, "hands": hands})
    assert table.timers_on and not table.match.rules.options.get("flee")
    room = Room(table)
    applied, flees = spy(table, room)
    # Hand 1: every decision sat out; hand 2: back, answering, then one discard sat out.
    me = Sometimes(room, {1: ["all"], 2: ["answer", "answer", "discard"]})
    room.run()
    assert table.final is not None and table.final["hands"] == hands
    timeouts = [at for at, n in me.notices if n["code"] == "timeout"]
    assert [n["code"] for _, n in me.notices if n["code"] in ("fled", "bot")] == []
    assert table.flees == 0 and flees == []
    silent = [s for s in me.shown if s.silent]
    mine = [a for a in applied if a.player == 0]
    hand_1 = [s for s in silent if s.view.hand_no == 1 and s.view.phase == "discard"]
    assert len(hand_1) > 4  # past the fourth in a row, where a flee would have come
    assert table.timeouts == len(timeouts) == len(silent)
    for s in silent:  # M11: each played for the player at its time, never sooner
        due = s.at + (DISCARD if s.view.phase == "discard" else CLAIM)
        assert due in timeouts
        assert not [a for a in mine if s.at < a.at < due]
    answered = [s for s in me.shown if not s.silent]
    assert answered and {s.at for s in answered} <= {a.at for a in mine}
    match = from_log(log.read_text(encoding="utf-8"))
    assert match.scores == table.final["final_scores"] and match.flee_tries == 0
    check_all(match)


def test_a_claim_offer_after_the_claim_window_still_gets_its_8_seconds() -> None:
    """M11: 8 s to answer a claim offer. With a person at the table every discard is
    followed by the same short claim window (0.5 s, so the pace gives nothing away); the
    offer's 8 s count from when the player is shown it, window or not."""
    table = make_table("mazhan", ["open", "bot", "bot", "bot"], hands=1, claim_window=0.5)
    room = Room(table)
    me = Sometimes(room, {1: ["claim", "claim", "claim"]})
    room.run(lambda: len([n for _at, n in me.notices if n["code"] == "timeout"]) >= 1)
    (first,) = [at for at, n in me.notices if n["code"] == "timeout"]
    (offer,) = [s for s in me.shown if s.silent]
    assert offer.view.phase in ("claim", "rob")
    assert first - offer.at == pytest.approx(CLAIM)


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_without_timers_a_silent_player_is_waited_for(ruleset: str) -> None:
    """M11's *option* off: nobody is timed out; the table waits for the player's move and
    has no deadline of its own, however long the clock runs."""
    table = make_table(ruleset, ["open", "bot", "bot", "bot"], hands=1,
                       options={"timers": False})
    assert not table.timers_on
    room = Room(table)
    me = Sometimes(room, {1: ["any"]})
    room.tick()  # the match starts: bots play at once up to the player's first decision
    assert me.shown and room.now == 0.0
    room.later(600.0)  # (the connection's own idle limit is an hour in these tests)
    assert table.final is None and table.timeouts == 0 and table.flees == 0
    assert [s.silent for s in me.shown] == [True]
    assert table.turns.deadlines() == []  # no turn deadline at all
    assert table.match.players[table.match.to_act()[0]] == 0  # still the player's move


def test_a_disconnection_longer_than_three_minutes_is_a_flee() -> None:
    """M12 and seed line 66 (斷線超過3分鐘，也將被認定為逃跑): with the table's own figure, a
    player gone 179.9 s has not fled; at 180 s it has, and pays 400 × stake."""
    # bots pause 3 s a move, so the hand lasts well beyond the three minutes
    table = make_table("mazhan", ["open", "open", "bot", "bot"], hands=4, move_pause=3.0)
    assert table.config.flee_after == 180.0
    room = Room(table)
    _applied, flees = spy(table, room)
    gone = room.raw_peer("gone")
    gone.send({"t": "sit", "seat": 0})
    FakeClient(room, name="stays", seed=1, seat=1, address="10.0.0.2")
    room.tick()
    start = room.now
    gone.hang_up()
    room.later(179.9)
    assert table.flees == 0 and table.final is None
    room.later(0.1)
    assert table.flees == 1 and room.now - start == pytest.approx(180.0)
    (flee,) = flees
    assert flee.at == pytest.approx(start + 180.0) and flee.player == 0
    quarter = 100 * flee.stake  # M12
    assert flee.deltas == [-4 * quarter, quarter, quarter, quarter] and flee.house == quarter


# ------------------------------------------------------------------ a local table


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_a_local_match_with_timers_plays_itself_for_a_silent_person(ruleset: str) -> None:
    """M11 at a local table (timers chosen): a person who never moves has each discard played
    at exactly 15 s (the tile just drawn while held) and each claim offer passed at 8 s, and
    the match plays to its end; without timers nothing is ever played for the person."""
    now = [0.0]
    session = LocalSession(ruleset, ["human", "bot", "bot", "bot"], ["normal"] * 4,
                           ["me", "b1", "b2", "b3"], seed=9, hands=2,
                           options={"timers": True}, clock=lambda: now[0])
    counts = {"discard": 0, "claim": 0}
    for _ in range(10_000):
        if session.match_over:
            break
        if session.hand_over:
            session.next_hand()
            continue
        if session.step():
            continue
        state = session.timer()
        assert state is not None
        left, allowed = state
        seat = session.seat_of(0)
        view = session.view(seat)
        want = DISCARD if view.phase == "discard" else CLAIM
        assert allowed == want and left == pytest.approx(want)
        shown = now[0]
        now[0] = shown + want - 0.01
        assert not session.check_timeout()  # not a moment before its time
        now[0] = shown + want
        before = len(session.match.actions)
        assert session.check_timeout()
        seat_done, action = session.match.actions[before]
        assert seat_done == seat and action in view.legal
        if view.phase == "discard":
            counts["discard"] += 1
            assert action.kind is ActionKind.DISCARD
            if view.drawn is not None:
                assert action.tile == view.drawn  # M11: the tile just drawn
        else:
            counts["claim"] += 1
            assert action == PASS or PASS not in view.legal  # M11: passed
    assert session.match_over and len(session.history) == 2
    assert counts["discard"] >= 5 and counts["claim"] >= 1

    off = LocalSession(ruleset, ["human", "bot", "bot", "bot"], ["normal"] * 4,
                       ["me", "b1", "b2", "b3"], seed=9, hands=2, clock=lambda: now[0])
    while off.step():
        pass
    now[0] += 3600.0
    assert off.timer() is None and not off.check_timeout()
