"""Every value of every table option, played headless: the money (or the wall, or the end)
it changes, recomputed from the events against the seed's or ruling's own words, plus the
invariants (tiles kept, scores = payments, what leaves goes to the house, the log replays and
`mahjong simulate` plays the same match). The checks live in tests/option_play.py.

Seeds: Mazhan = seeds/000_536c2c1ccf472a12.txt, Nanjing = seeds/003_1bcaab4c3965fdc8.txt.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from game.errors import BadOption
from game.events import EventKind
from game.match import Match
from game.rules.registry import OPTION_TABLES, make_ruleset
from tests.option_play import (
    HOUSE,
    Played,
    check_all,
    check_end,
    check_fee,
    check_flee,
    check_gold,
    check_ledger,
    check_wall,
    check_winners,
    play,
    stake_m22,
)

LONG = 400
"""A match length no bust or broke in these matches comes near (they come by hand 71): the
match ends on the bust, not the length; were the bust never to end it, the test would see
400 hands, not hang on a million."""
MAZHAN = OPTION_TABLES["mazhan"]
NANJING = OPTION_TABLES["nanjing"]


@cache
def played(ruleset: str, seed: int, level: str = "normal", flee_rate: float = 0.0,
           **options: Any) -> Played:
    """One match, played once per test run (several tests read the same one)."""
    return play(ruleset, seed, options, level=level, flee_rate=flee_rate)


def test_every_option_value_is_played_here() -> None:
    """The tests below name each option and value of both option tables; a new option or
    value without a test here fails this one."""
    covered = {
        "mazhan": {"reserve": set(MAZHAN["reserve"].choices), "hands": {"bounds"},
                   "bust_ends": {True, False}, "table_fee": {True, False},
                   "timers": {True, False}, "flee": {True, False}},
        "nanjing": {"gold": set(NANJING["gold"].choices), "hands": {"bounds"},
                    "until_broke": {True, False}, "timers": {True, False},
                    "several_winners": {"first", "all"}},
    }
    for ruleset, table in OPTION_TABLES.items():
        assert set(table) == set(covered[ruleset]), ruleset
        for name, option in table.items():
            assert covered[ruleset][name] == (set(option.choices) or {"bounds"}), name


# ------------------------------------------------------------------ Mazhan: reserve (M10)


@pytest.mark.parametrize("reserve", MAZHAN["reserve"].choices)
def test_mazhan_reserve_is_what_is_left_when_the_hand_is_drawn(reserve: int) -> None:
    """M10 (seed line 40: 5½ stacks, 11 tiles, are the drawn part, 流局部分; *option*, default
    11): no head draw once only `reserve` tiles are left; a drawn hand leaves exactly that
    many, or fewer only by replacement draws from the tail. Random bots never win, so every
    hand is drawn; easy bots' replacements after kongs and flowers eat into the reserve."""
    lefts: list[int] = []
    for seed, level in ((1, "random"), (2, "easy")):
        match = played("mazhan", seed, level, hands=6, reserve=reserve, bust_ends=False)
        lefts += check_wall(match, reserve)
        check_ledger(match)
    assert len(lefts) >= 6 and all(left <= reserve for left in lefts)
    assert lefts.count(reserve) >= 3  # the exact figure, not merely "no more than"


def test_mazhan_reserve_changes_where_the_same_wall_stops() -> None:
    """M10: the same first hand (same wall, same bots) with a larger reserve is the same
    hand stopped sooner: its events are the start of the other's, up to where it is drawn,
    and there the hand with the smaller reserve goes on with a draw from the head."""
    small = played("mazhan", 1, "random", hands=6, reserve=0, bust_ends=False).hands[0]
    for reserve in (7, 11, 15):
        large = played("mazhan", 1, "random", hands=6, reserve=reserve,
                       bust_ends=False).hands[0]
        stop = [e.kind for e in large.events].index(EventKind.EXHAUSTED)
        assert large.events[:stop] == small.events[:stop]
        going_on = small.events[stop]
        assert going_on.kind == EventKind.DRAW and going_on.info != "tail"


# ------------------------------------------------------------------ Mazhan: the table fee


@pytest.mark.parametrize("fee", [True, False])
def test_mazhan_table_fee_each_player_pays_the_stake_each_hand(fee: bool) -> None:
    """M22 and seed line 87 (台費 = the stake, not weighted: at a fee of 5 each player's
    account loses 5): with the fee on, each of the four pays the house the hand's stake as
    it is dealt (the dealer no more than the others), so the house holds 4 × Σ stakes and
    the players' total falls by as much; off, nothing leaves the table."""
    fees: list[int] = []
    for seed in (0, 1, 2):
        match = played("mazhan", seed, hands=6, table_fee=fee)
        fees += check_fee(match)
        ledger = check_ledger(match)
        assert ledger["house"] == 4 * sum(check_fee(match))
        assert sum(match.scores) == 4 * 8000 - ledger["house"]
    if fee:
        assert all(f >= 1 for f in fees) and fees[0] == 10  # 8000 / 800 (M22)
        assert len(set(fees)) > 1  # the fee follows the stake as scores fall
    else:
        assert set(fees) == {0}


def test_mazhan_table_fee_the_seeds_example() -> None:
    """Seed line 87: 台費顯示是5時，會自動從在場玩家賬戶上扣走5分 (a fee of 5 takes 5 from each
    player); line 85 / M22: the lowest score 5000 / 800 = 6.25 gives the stake 5."""
    match = Match("mazhan", 3, {"table_fee": True})
    match.scores = [5000, 6000, 7000, 9000]
    events = match.start_hand()
    fees = [e for e in events if e.kind == EventKind.PAYMENT and e.info == "table_fee"]
    assert [(e.seat, e.amount) for e in fees] == [(HOUSE, 5)] * 4
    assert match.scores == [4995, 5995, 6995, 8995] and match.house == 20


# ------------------------------------------------------------------ Mazhan: bust and hands


def test_mazhan_bust_ends_the_match_right_after_the_first_bust() -> None:
    """M22 (seed line 89: no seat below 800; *option* bust_ends, default on): the match ends
    after the first hand that leaves a player below 800, whatever `hands` says; every hand
    before it left everyone at 800 or more."""
    ends = []
    for seed in (0, 3):
        match = played("mazhan", seed, hands=LONG)
        check_all(match)
        why, n = check_end(match)
        assert why == "bust" and min(match.scores) < 800
        ends.append(n)
    assert all(1 < n < LONG for n in ends)


def test_mazhan_without_bust_ends_the_match_plays_on_below_800() -> None:
    """M22's *option* off: the same match goes on past the bust to its `hands`, and the stake
    then follows the lowest score down the ladder (below 1600 it is 1)."""
    busted = played("mazhan", 0, hands=LONG)
    at = len(busted.hands)
    match = played("mazhan", 0, hands=at + 4, bust_ends=False)
    check_all(match)
    assert check_end(match) == ("hands", at + 4)
    assert match.hands[at - 1].after == busted.hands[-1].after  # the same hands until then
    later = match.hands[at:]
    assert min(later[0].before) < 800
    assert [h.stake for h in later] == [stake_m22(h.before) for h in later] == [1] * 4


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_hands_takes_1_to_a_million(ruleset: str) -> None:
    """The match length's bounds (a whole number 1-1,000,000): both ends start a match, one
    past either end is refused at the start (the middle values are played below)."""
    for hands in (1, 1_000_000):
        assert Match(ruleset, 1, {"hands": hands}).rules.settings.hands == hands
    for hands in (0, 1_000_001):
        with pytest.raises(BadOption, match="whole number 1-1000000"):
            Match(ruleset, 1, {"hands": hands})


@pytest.mark.parametrize("hands", [1, 2, 16])
def test_mazhan_hands_is_the_length_of_the_match(hands: int) -> None:
    """The match is `hands` hands long when nobody busts (16 is the default)."""
    match = played("mazhan", 5, hands=hands, bust_ends=False)
    check_all(match)
    assert check_end(match) == ("hands", hands) and len(match.hands) == hands


# ------------------------------------------------------------------ Mazhan: flee (M12)


@pytest.mark.parametrize("flee", [True, False])
def test_mazhan_flee_pays_400_stakes_a_quarter_each_and_one_to_the_house(flee: bool) -> None:
    """M12 and seed lines 65-66 (扣除分數為底注的400倍 … 其他三家可分得其中各四分之一，剩餘部分歸入
    系統; at a stake of 5, 2000): each flee costs 400 × the hand's stake, 100 × stake to each
    other player and 100 × stake to the house; the match replays with its flees. Off (the
    default at local tables), a flee asked for pays nothing and changes nothing."""
    costs: list[int] = []
    tries = 0
    for seed in range(4):
        match = played("mazhan", seed, flee_rate=0.02, hands=4, flee=flee, bust_ends=False)
        check_all(match)
        paid = check_flee(match)
        costs += paid
        tries += match.flee_tries
        assert check_ledger(match)["house"] == sum(paid) // 4  # the last quarters
        if paid:
            assert sum(match.scores) == 4 * 8000 - sum(paid) // 4
    assert tries >= 4
    if flee:  # 400 × 10, 400 × 5 (the seed's own example: 2000), 400 × 2
        assert {4000, 2000, 800} <= set(costs)
    else:
        assert costs == []


# ------------------------------------------------------------------ timers, headless


@pytest.mark.parametrize("ruleset", ["mazhan", "nanjing"])
def test_timers_change_nothing_without_a_clock(ruleset: str) -> None:
    """M11: the timers act only where a clock runs (the LAN table, a local table with a
    person; tests/test_timers_match.py plays them): a headless match plays the same with
    them on or off."""
    on = played(ruleset, 4, hands=3, timers=True)
    off = played(ruleset, 4, hands=3, timers=False)
    check_all(on)
    assert on.options["timers"] is True and off.options["timers"] is False
    assert (on.events_sha256, on.scores) == (off.events_sha256, off.scores)


# ------------------------------------------------------------------ Nanjing: gold per flower


GOLD_MATCHES = ((1, "easy"), (2, "easy"), (14, "normal"), (18, "normal"))
"""Between them every payment Nanjing has: wins on a discard and self-drawn, 包牌, each kong
kind (exposed, added, concealed, flower) and both discard penalties."""


@pytest.mark.parametrize("gold", NANJING["gold"].choices)
def test_nanjing_gold_per_flower_multiplies_every_payment(gold: int) -> None:
    """N10-N13 and seed lines 3 (a flower's worth in gold is the table's to set), 18-20
    (kongs: 20, 10, 20 flowers; at 4 gold a flower an exposed kong costs 80), 23-24 (the
    penalties: 10 flowers to each), 56 (90 flowers at 4 gold: 360 from each): every payment
    is its flowers × `gold`, and the same match at 1 gold a flower pays exactly 1/gold of it,
    payment by payment."""
    seen: set[str] = set()
    for seed, level in GOLD_MATCHES:
        match = played("nanjing", seed, level, gold=gold)
        seen |= set(check_gold(match))
        check_all(match)
        base = played("nanjing", seed, level, gold=1)
        assert len(match.hands) == len(base.hands)
        for hand, one in zip(match.hands, base.hands, strict=True):
            assert hand.stake == gold and one.stake == 1
            pays = [e for e in hand.events if e.kind == EventKind.PAYMENT]
            ones = [e for e in one.events if e.kind == EventKind.PAYMENT]
            assert [e._replace(amount=0) for e in pays] == [e._replace(amount=0) for e in ones]
            assert [e.amount for e in pays] == [gold * e.amount for e in ones]
        assert [s - 1000 for s in match.scores] == [gold * (s - 1000) for s in base.scores]
    assert seen == {"win_discard", "win_self_draw", "win_liable", "kong_exposed", "kong_added",
                    "kong_concealed", "kong_flower", "same_discards", "four_discards"}


# ------------------------------------------------------------------ Nanjing: the match's end


@pytest.mark.parametrize("until_broke", [True, False])
def test_nanjing_until_broke_ends_the_match_when_gold_is_gone(until_broke: bool) -> None:
    """N14 (*options*: a number of hands, or until a player's gold is gone): with until_broke
    the match ends right after the first hand that leaves a player with no gold, however
    many hands were set; without it the same match plays on, below 0, to its `hands`."""
    broke = played("nanjing", 1, gold=10, hands=LONG, until_broke=True)
    at = len(broke.hands)
    assert check_end(broke) == ("broke", at) and min(broke.scores) <= 0
    if until_broke:
        match = played("nanjing", 3, gold=10, hands=LONG, until_broke=True)
        check_all(match)
        assert check_end(match)[0] == "broke"
    else:
        match = played("nanjing", 1, gold=10, hands=at + 4, until_broke=False)
        check_all(match)
        assert check_end(match) == ("hands", at + 4)
        assert match.hands[at - 1].after == broke.hands[-1].after
        assert min(match.hands[at].before) <= 0  # somebody kept playing without gold


def test_the_edges_of_bust_and_broke() -> None:
    """M22: below 800 is bust, 800 itself is not (seed line 89: 入席是不能低於800分, a seat
    needs 800); N14: gold gone is 0 or less; with either option off nobody is out."""
    rules = make_ruleset("mazhan")
    assert not rules.match_over([800, 8000, 8000, 8000], 1)
    assert rules.match_over([799, 8000, 8000, 8000], 1)
    assert not make_ruleset("mazhan", {"bust_ends": False}).match_over([-5, 9, 9, 9], 1)
    rules = make_ruleset("nanjing", {"until_broke": True})
    assert not rules.match_over([1, 1000, 1000, 1999], 1)
    assert rules.match_over([0, 1000, 1000, 2000], 1)
    assert not make_ruleset("nanjing").match_over([0, 1000, 1000, 2000], 1)


@pytest.mark.parametrize("hands", [1, 8, 20])
def test_nanjing_hands_is_the_length_of_the_match(hands: int) -> None:
    """N14: the match is `hands` hands long (default 8)."""
    match = played("nanjing", 5, hands=hands)
    check_all(match)
    assert check_end(match) == ("hands", hands)


# ------------------------------------------------------------------ Nanjing: several winners


def test_nanjing_all_winners_on_one_discard_are_each_paid() -> None:
    """N2's option "all" (能胡的都胡，各由放炮者付): where several seats win on one discard,
    each is paid by the discarder its own F × g (N10, checked per winner by check_gold)."""
    several = winners = 0
    for seed in (2, 3, 10, 11):
        match = played("nanjing", seed, several_winners="all", gold=2)
        check_all(match)
        got = check_winners(match)
        several, winners = several + got[0], winners + got[1]
    assert several >= 4 and winners >= 2 * several


def test_nanjing_first_winner_only_by_default() -> None:
    """N2 (default 截胡: only the first in turn order after the discarder wins): the same
    matches as above, where "all" paid two winners on a discard, pay only the first of them;
    the one cut out is paid nothing for it."""
    for seed in (2, 3, 10, 11):
        both = played("nanjing", seed, several_winners="all", gold=2)
        first = played("nanjing", seed, several_winners="first", gold=2)
        check_all(first)
        assert check_winners(first) == (0, 0)
        for a, b in zip(both.hands, first.hands, strict=False):
            wins_a = [e for e in a.events if e.kind == EventKind.WIN]
            wins_b = [e for e in b.events if e.kind == EventKind.WIN]
            if len(wins_a) < 2:
                continue
            assert len(wins_b) == 1 and wins_b[0] == wins_a[0]  # the first in turn order
            cut = {e.seat for e in wins_a[1:]}
            paid = {e.seat for e in b.events if e.kind == EventKind.PAYMENT
                    and e.info.startswith("win_")}
            assert paid == {wins_a[0].seat} and not cut & paid
            break  # after the first such hand the two matches differ
        else:
            raise AssertionError(f"seed {seed}: no hand with two winners")
