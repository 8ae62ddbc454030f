"""Timers and fleeing (rulings M11, M12)."""

from __future__ import annotations

from game.actions import ActionKind
from game.bots import make_bot
from game.match import Match
from game.timeouts import FleeWatch, seconds_to_act, timeout_action


def test_timeout_discards_the_drawn_tile_or_passes_a_claim() -> None:
    """M11: the tile just drawn is discarded; a claim offer is passed."""
    match = Match("mazhan", 4)
    match.start_hand()
    bot = make_bot("normal", 1)
    seen_discard = seen_claim = False
    while not match.hand_over and not (seen_discard and seen_claim):
        seat = match.to_act()[0]
        view = match.view(seat)
        action = timeout_action(view, bot)
        assert action in view.legal
        if view.phase == "discard":
            assert seconds_to_act(view) == 15
            assert action.kind is ActionKind.DISCARD
            if view.drawn is not None:
                assert action.tile == view.drawn
                seen_discard = True
        else:
            assert seconds_to_act(view) == 8
            assert action.kind is ActionKind.PASS
            seen_claim = True
        match.apply(seat, action)
    assert seen_discard


def test_more_than_three_discard_timeouts_in_a_row_flee() -> None:
    """M12 as the seed words it (line 66, 連續倒計時15秒超過3次): the fourth discard time-out in
    a row is the flee; acting in between resets the count; a claim window run out neither
    counts nor breaks the run."""
    watch = FleeWatch()
    assert not any(watch.timed_out(2) for _ in range(3))
    watch.acted(2)
    assert not any(watch.timed_out(2) for _ in range(3))
    assert not watch.timed_out(2, discard=False)
    assert not watch.timed_out(2, discard=False)
    assert watch.timed_out(2)


def test_flee_pays_400_stakes_three_quarters_to_the_others() -> None:
    """M12: 400 × stake; each other player gets a quarter, the last quarter leaves."""
    match = Match("mazhan", 1, {"flee": True})
    match.start_hand()
    assert match.hand is not None and match.hand.stake == 10  # M22: 8000 / 800
    events = match.flee(1)
    assert match.scores == [9000, 4000, 9000, 9000]
    assert match.house == 1000
    assert sum(e.amount for e in events) == 4000


def test_flee_off_by_default_for_local_tables() -> None:
    match = Match("mazhan", 1)
    match.start_hand()
    assert match.flee(0) == [] and match.scores == [8000] * 4


def test_timeout_without_a_pass_lets_the_bot_answer_and_session_uses_the_same_rule() -> None:
    """M11, one rule: where passing is not among the legal answers the bot answers (the LAN
    used to pass regardless); the local session's timeout is this very function."""
    from game.actions import PASS
    from game.client.sessions import local as session

    match = Match("mazhan", 4)
    match.start_hand()
    bot = make_bot("normal", 1)
    while not match.hand_over:
        seat = match.to_act()[0]
        view = match.view(seat)
        if view.phase == "claim":
            answers = tuple(a for a in view.legal if a != PASS)
            no_pass = view._replace(legal=answers)
            chosen = timeout_action(no_pass, bot)
            assert chosen != PASS and chosen in answers
            break
        match.apply(seat, timeout_action(view, bot))
    else:
        raise AssertionError("no claim offer came up in the hand")
    assert vars(session)["timeout_action"] is timeout_action
    assert (session.DISCARD_TIME, session.CLAIM_TIME) == (15, 8)
