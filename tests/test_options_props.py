"""Whole matches over random option combinations of both rulesets (hypothesis): money is zero-sum
(what leaves the table goes to the house), all 144 tiles stay in play, and the match log
replays to the same events and scores. Flees (M12) are thrown in where the option allows."""

from __future__ import annotations

import hashlib
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots import make_bot
from game.match import Match
from game.replay import LogWriter, event_line, verify
from game.rules.base import Option
from game.rules.registry import OPTION_TABLES
from game.tiles import full_set

FULL = [full_set().count(k) for k in range(42)]


def _values(opt: Option) -> st.SearchStrategy[Any]:
    if opt.choices:
        return st.sampled_from(opt.choices)
    return st.integers(opt.bounds[0], min(opt.bounds[1], 6))


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A ruleset and any subset of its options, each with any allowed value."""
    ruleset = draw(st.sampled_from(sorted(OPTION_TABLES)))
    table = OPTION_TABLES[ruleset]
    names = draw(st.lists(st.sampled_from(sorted(table)), unique=True))
    return ruleset, {name: draw(_values(table[name])) for name in names}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 2**31), st.integers(0, 2**31), st.floats(0, 0.01))
def test_random_options_zero_sum_tiles_kept_and_replay_equal(
    table: tuple[str, dict[str, Any]], seed: int, play_seed: int, flee_rate: float
) -> None:
    ruleset, options = table
    options["hands"] = min(int(options.get("hands", 3)), 3)  # keep each example short
    match = Match(ruleset, seed, options)
    rng = random.Random(play_seed)
    bots = [make_bot(rng.choice(("random", "easy")), seed + p) for p in range(4)]
    digest = hashlib.sha256()
    log = LogWriter(ruleset, seed, match.rules.options, match.start_scores)
    start_total = sum(match.scores)
    fled: list[list[int]] = []
    while not match.match_over:
        for e in match.start_hand():
            digest.update(event_line(e))
        fled = []
        while not match.hand_over:
            if rng.random() < flee_rate:
                player = rng.randrange(4)
                events = match.flee(player)
                if events:  # M12 only where the option is on
                    fled.append([len(match.actions), player])
                for e in events:
                    digest.update(event_line(e))
            seat = match.to_act()[0]
            action = bots[match.players[seat]].choose(match.view(seat))
            for e in match.apply(seat, action):
                digest.update(event_line(e))
            hand = match.hand
            assert hand is not None
            assert hand.tile_census() == FULL  # M1: every tile somewhere
        assert sum(match.scores) + match.house == start_total  # zero-sum, house included
        result = match.last_result
        assert result is not None and sum(result.deltas) == 0
        log.hand(match.hand_no, match.actions, fled)
    log.finish(len(match.history), list(match.scores), digest.hexdigest())
    replayed = verify(log.text())  # the options come from the log's header
    assert replayed.final_scores == list(match.scores)
    assert replayed.events_sha256 == digest.hexdigest()
