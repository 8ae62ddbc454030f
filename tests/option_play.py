"""Headless matches with table options, and outside checks of what each option changes.

`play` runs a match as `mahjong simulate` does (the same bots, seeds and order of answers) and
keeps, hand by hand, the events, the players by seat and the scores before and after, plus the
match log. Where no flee is thrown in, the very same match is also run through
`game.simulate.run_match` and must give the same events hash and final scores; the log must
replay to them too (`game.replay.verify`).

The `check_*` functions recompute what an option changes from the events and the seeds' or
rulings' own words: the stake ladder (M22), the wall count (M10, N3), the fee (M22), the flee
(M12), the gold per flower (N10-N13), who wins (M7, N2), when the match ends (M22, N14). They
never call the code that produced the money; each returns figures a test can also assert on.

Seed lines cited: Mazhan seed = seeds/000_536c2c1ccf472a12.txt, Nanjing seed =
seeds/003_1bcaab4c3965fdc8.txt (line numbers as `cat -n` prints them).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.actions import Action
from game.bots import LegalChooser, make_bot
from game.engine import Phase
from game.events import Event, EventKind, event_lines
from game.match import Match
from game.replay import LogWriter, read_log, verify
from game.simulate import run_match
from game.tiles import full_set

HOUSE = -1
"""The payee of money that leaves the table (M12, M22)."""
START = {"mazhan": 8000, "nanjing": 1000}
"""M22: 8000 each; the Nanjing heading of N10: starting gold 1000."""
TILE_COUNT = [full_set().count(k) for k in range(42)]
"""M1, N1: 144 tiles, every kind counted."""
WALL = 144
STEPS = sorted(m * 10**k for k in range(13) for m in (1, 2, 5))
"""M22's ladder written out: 1, 2, 5, 10, 20, 50, ..."""


def stake_m22(scores: Sequence[int]) -> int:
    """M22 (Mazhan seed line 85: 底注 ≈ lowest score / 800): the largest step of 1, 2, 5, 10, …
    not above the lowest score / 800, at least 1."""
    lowest = min(scores)
    fitting = [s for s in STEPS if s * 800 <= lowest]
    return fitting[-1] if fitting else 1


@dataclass
class HandPlay:
    """One hand as an outside observer keeps it."""

    number: int
    players: tuple[int, int, int, int]
    """The player at each seat (seat 0 = East = the dealer)."""
    before: tuple[int, ...]
    """Scores by player before the deal (before any fee)."""
    after: tuple[int, ...]
    """Scores by player once the hand is booked."""
    house_before: int
    house_after: int
    events: list[Event]
    flees: list[tuple[int, int]] = field(default_factory=list)
    """(actions applied before it, player) of each flee that paid."""

    def of(self, kind: EventKind) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    @property
    def stake(self) -> int:
        """The stake the hand announced at its start (HAND_START amount)."""
        return self.of(EventKind.HAND_START)[0].amount

    def seat_of(self, player: int) -> int:
        return self.players.index(player)


@dataclass
class Played:
    ruleset: str
    seed: int
    options: Mapping[str, Any]
    """Every option of the table (defaults filled in)."""
    hands: list[HandPlay]
    scores: list[int]
    house: int
    log: str
    events_sha256: str
    flee_tries: int = 0
    """Flees asked for (paying or not: with the option off none pays)."""

    @property
    def start(self) -> int:
        return START[self.ruleset]


def play(ruleset: str, seed: int, options: Mapping[str, Any] | None = None, *,
         level: str = "normal", flee_rate: float = 0.0, census: bool = True) -> Played:
    """Play one match headless with `options`; `flee_rate`: the chance, before each round of
    decisions, that a random player flees (M12; it pays only where the option is on)."""
    opts = dict(options or {})
    match = Match(ruleset, seed, opts)
    table = match.rules.options
    # as game.simulate.run_match builds and asks them
    bots = [make_bot(level, seed * 4 + p + 1) for p in range(4)]
    quick = [b.choose_legal if isinstance(b, LegalChooser) else None for b in bots]
    rng = random.Random(seed * 31 + 7)
    digest = hashlib.sha256()
    log = LogWriter(ruleset, seed, opts, match.scores)
    hands: list[HandPlay] = []
    tries = 0
    while not match.match_over:
        before, house = tuple(match.scores), match.house
        events = match.start_hand()
        hand = match.hand
        assert hand is not None
        players = match.players
        flees: list[tuple[int, int]] = []
        while not match.hand_over:
            if flee_rate and rng.random() < flee_rate:
                tries += 1
                player = rng.randrange(4)
                paid = match.flee(player)
                if paid:
                    flees.append((len(match.actions), player))
                    events += paid
            seats = (hand.current,) if hand.phase is Phase.DISCARD else hand.to_act()
            for seat in seats:
                if seat not in hand.to_act():  # settled by an earlier answer
                    continue
                pick = quick[players[seat]]
                action = (pick(hand.legal_actions(seat)) if pick is not None
                          else bots[players[seat]].choose(match.view(seat)))
                events += match.apply(seat, action)
                if census:
                    assert hand.tile_census() == TILE_COUNT  # M1, N1: no tile made or lost
                if match.hand_over:
                    break
        digest.update(event_lines(events))
        log.hand(match.hand_no, match.actions, flees)
        hands.append(HandPlay(match.hand_no, players, before, tuple(match.scores), house,
                              match.house, events, flees))
    log.finish(len(hands), match.scores, digest.hexdigest())
    played = Played(ruleset, seed, table, hands, list(match.scores), match.house, log.text(),
                    digest.hexdigest(), tries)
    check_replay(played, level)
    return played


def check_replay(played: Played, level: str) -> None:
    """Replay equality: the log replays to the same events and scores; without flees,
    `mahjong simulate`'s own loop plays the very same match."""
    replayed = verify(played.log)
    assert replayed.final_scores == played.scores
    assert replayed.events_sha256 == played.events_sha256
    assert replayed.hands == len(played.hands)
    if not any(hand.flees for hand in played.hands):  # an unpaid flee changes nothing
        given = {k: v for k, v in played.options.items() if k != "hands"}
        sim = run_match(played.ruleset, played.options["hands"], played.seed, level, given)
        assert (sim.events_sha256, sim.final_scores, sim.hands) == (
            played.events_sha256, played.scores, len(played.hands))


def from_log(text: str) -> Played:
    """A match log from any table (simulate, the window, the LAN host) replayed hand by hand
    into a `Played`, for the same checks; its events hash and final scores must be the
    log's own."""
    records = read_log(text)
    head, end = records[0], records[-1]
    match = Match(head["ruleset"], head["seed"], head.get("options") or {})
    digest = hashlib.sha256()
    hands: list[HandPlay] = []
    tries = 0
    for record in records[1:-1]:
        before, house = tuple(match.scores), match.house
        events = match.start_hand(record.get("seed"))
        hand = match.hand
        assert hand is not None
        players = match.players
        pending = sorted((int(at), int(player)) for at, player in record.get("flees", ()))
        tries += len(pending)
        flees: list[tuple[int, int]] = []
        actions = record["actions"]
        for step in range(len(actions) + 1):
            while pending and pending[0][0] == step:
                at, player = pending.pop(0)
                paid = match.flee(player)
                if paid:
                    flees.append((at, player))
                    events += paid
            if step < len(actions):
                seat, action = actions[step]
                events += match.apply(int(seat), Action.parse(str(action)))
                assert hand.tile_census() == TILE_COUNT
        assert match.hand_over
        digest.update(event_lines(events))
        hands.append(HandPlay(match.hand_no, players, before, tuple(match.scores), house,
                              match.house, events, flees))
    assert end["final_scores"] == match.scores
    assert end["events_sha256"] == digest.hexdigest()
    return Played(match.rules.name, match.seed, match.rules.options, hands, list(match.scores),
                  match.house, text, digest.hexdigest(), tries)


# ------------------------------------------------------------------ money in, money out


def check_ledger(played: Played) -> dict[str, int]:
    """Every score is the start plus the payments read from the events, hand by hand (seat
    mapped to player); among players money is zero-sum, and what leaves goes to the house
    only as a table fee (M22) or a flee's last quarter (M12): scores + house stay 4 × start."""
    scores = [played.start] * 4
    house = 0
    left: Counter[str] = Counter()
    for hand in played.hands:
        assert tuple(scores) == hand.before
        for e in hand.of(EventKind.PAYMENT):
            assert e.amount > 0
            scores[hand.players[e.other]] -= e.amount
            if e.seat == HOUSE:
                house += e.amount
                left[e.info] += e.amount
            else:
                scores[hand.players[e.seat]] += e.amount
        assert tuple(scores) == hand.after, hand.number
        assert house == hand.house_after
        assert sum(scores) + house == 4 * played.start
    assert scores == played.scores and house == played.house
    assert set(left) <= {"table_fee", "flee"}
    return {"house": house, **left}


def wall_left(hand: HandPlay) -> tuple[int, int]:
    """(tiles left in the wall at the hand's end, the fewest left before any head draw),
    counted from the events: 144, less the dealt tiles, the flipped indicator and the bonus
    tiles skipped while flipping (M5), less one per draw from either end."""
    left = WALL
    lowest_before_head = WALL
    for e in hand.events:
        if e.kind == EventKind.DEAL:
            left -= len(e.tiles)
        elif e.kind == EventKind.WILD:
            left -= 1 + len(e.tiles)
        elif e.kind == EventKind.DRAW:
            if e.info != "tail":
                lowest_before_head = min(lowest_before_head, left)
            left -= 1
    return left, lowest_before_head


def check_wall(played: Played, reserve: int) -> list[int]:
    """M10 (Mazhan seed line 40: 5½ stacks left undrawn) and N3 (drawn when the wall is
    empty): no head draw once only the reserve is left; a drawn hand stops exactly there, or
    below it only by replacement draws from the tail, which may use the reserve. Returns the
    tiles left in each drawn hand."""
    drawn: list[int] = []
    for hand in played.hands:
        left, lowest = wall_left(hand)
        assert lowest > reserve, (hand.number, lowest, reserve)
        assert hand.events[-1].kind == EventKind.HAND_END
        if hand.of(EventKind.EXHAUSTED):
            assert not hand.of(EventKind.WIN)
            assert left <= reserve
            draws = [e for e in hand.events if e.kind == EventKind.DRAW]
            if left < reserve:  # only replacements took from the reserve
                tail_run = 0
                for e in reversed(draws):
                    if e.info != "tail":
                        break
                    tail_run += 1
                assert reserve - left <= tail_run, (hand.number, left, reserve)
            drawn.append(left)
        else:
            assert left >= 0
    return drawn


def check_fee(played: Played) -> list[int]:
    """M22 and the Mazhan seed line 87 (台費 = the stake shown at the hand's start, not
    weighted: each player pays it, the dealer no more): with `table_fee` on, each of the four
    pays the house the stake as the hand is dealt; off, nothing. Returns each hand's fee."""
    fees = []
    for hand in played.hands:
        stake = stake_m22(hand.before)
        assert hand.stake == stake  # the stake shown is M22's
        paid = [e for e in hand.of(EventKind.PAYMENT) if e.info == "table_fee"]
        if played.options["table_fee"]:
            assert sorted(e.other for e in paid) == [0, 1, 2, 3]
            assert all(e.seat == HOUSE and e.amount == stake for e in paid)
            fees.append(stake)
        else:
            assert paid == []
            fees.append(0)
    return fees


def check_flee(played: Played) -> list[int]:
    """M12 (Mazhan seed line 65: 400 × the stake; each other player a quarter, the rest to
    the system): each flee pays 100 × stake to each other seat and to the house; with the
    option off, or in Nanjing (its seed has no flee), no flee ever pays. Returns the amount
    each flee cost."""
    costs = []
    for hand in played.hands:
        legs = [e for e in hand.of(EventKind.PAYMENT) if e.info == "flee"]
        if not played.options.get("flee"):
            assert legs == [] and hand.flees == []
            continue
        assert len(legs) == 4 * len(hand.flees)
        for i, (_at, player) in enumerate(hand.flees):
            seat = hand.seat_of(player)
            mine = legs[4 * i:4 * i + 4]
            assert {e.other for e in mine} == {seat}
            assert sorted(e.seat for e in mine) == sorted([HOUSE, *(s for s in range(4)
                                                                    if s != seat)])
            assert all(e.amount == 100 * hand.stake for e in mine)
            costs.append(sum(e.amount for e in mine))
    return costs


def check_end(played: Played) -> tuple[str, int]:
    """When the match ends: after `hands` hands (N14 for Nanjing), or sooner, right after the
    first hand that leaves a player below 800 with `bust_ends` (M22; Mazhan seed line 89: no
    seat below 800), or with no gold left with `until_broke` (N14). Returns (why, hands)."""
    def ends(scores: tuple[int, ...]) -> bool:
        if played.ruleset == "mazhan":
            return bool(played.options["bust_ends"]) and min(scores) < 800
        return bool(played.options["until_broke"]) and min(scores) <= 0

    limit = played.options["hands"]
    for hand in played.hands[:-1]:
        assert not ends(hand.after), hand.number  # the match went on: nobody was out
    last = played.hands[-1]
    assert len(played.hands) <= limit
    if ends(last.after):
        return ("bust" if played.ruleset == "mazhan" else "broke"), len(played.hands)
    assert len(played.hands) == limit
    return "hands", limit


# ------------------------------------------------------------------ who is paid what


def _wins(hand: HandPlay) -> list[Event]:
    return hand.of(EventKind.WIN)


def check_mazhan_wins(played: Played) -> int:
    """M7 (Mazhan seed: 截胡, only the first in turn order wins), M21 and the Mazhan seed
    line 81 (the dealer pays or receives double): one winner at most; it gets its value × the
    stake from each other seat, doubled when the dealer pays or wins; the non-winners'
    differences are whole stakes too. Returns the wins seen."""
    wins = 0
    for hand in played.hands:
        won = _wins(hand)
        assert len(won) <= 1
        if not won:
            continue
        wins += 1
        winner, value = won[0].seat, won[0].amount
        paid = [e for e in hand.of(EventKind.PAYMENT) if e.info == "win"]
        assert sorted(e.other for e in paid) == [s for s in range(4) if s != winner]
        for e in paid:
            double = 2 if 0 in (e.other, winner) else 1
            assert e.seat == winner and e.amount == value * hand.stake * double
        for e in hand.of(EventKind.PAYMENT):
            if e.info == "difference":
                assert e.amount % hand.stake == 0
    return wins


_PER_FLOWER = {
    "kong_exposed": 20,  # Nanjing seed line 18: 被杠的一家付20个花的金币
    "kong_added": 20,  # line 18: 先对下来，再杠
    "kong_concealed": 10,  # line 19: 另外三家付10个花的金币
    "kong_flower": 20,  # line 20: 花杠, 另外三家付20个花的金币
    "same_discards": 10,  # line 23: 4个人连续出同样的牌, 罚给其他三人每人10支花
    "four_discards": 10,  # line 24: 1个人出4张同样的牌, 罚给其他三人每人10支花
}
_FROM_EACH = {"kong_concealed", "kong_flower", "same_discards", "four_discards"}


def check_gold(played: Played) -> Counter[str]:
    """N10-N13 and the Nanjing seed lines 3, 18-24, 56 (a flower is worth what the table
    says; at 4 gold a flower an exposed kong costs 80, a 90-flower self-draw 360 from each):
    every payment is its flowers × the gold per flower. Kongs 20 / 10, penalties 10 from the
    seed's own numbers; a win's flowers F from its WIN event: a discard win F × g from the
    discarder, a self-draw F × g from each, 包牌 F × g or 3 × F × g from the liable one.
    Returns the payments seen by reason."""
    g = played.options["gold"]
    seen: Counter[str] = Counter()
    for hand in played.hands:
        assert hand.stake == g
        flowers = {e.seat: e for e in _wins(hand)}
        to_winner: dict[int, list[Event]] = {}
        for e in hand.of(EventKind.PAYMENT):
            seen[e.info] += 1
            if e.info in _PER_FLOWER:
                assert e.amount == _PER_FLOWER[e.info] * g, e
            elif e.info.startswith("win_"):
                assert e.seat in flowers, e  # only a winner is paid for a win
                to_winner.setdefault(e.seat, []).append(e)
            else:
                raise AssertionError(f"a payment Nanjing does not have: {e}")
        keys = Counter(e.info for e in hand.of(EventKind.PAYMENT))
        for key in _FROM_EACH:  # paid to or by each of the three others: in threes
            assert keys[key] % 3 == 0, (hand.number, key)
        for seat, win in flowers.items():
            paid = to_winner.get(seat, [])
            F = win.amount
            kinds = {e.info for e in paid}
            assert len(kinds) == 1, (win, paid)
            kind = kinds.pop()
            if kind == "win_discard":  # N10: the discarder alone
                assert win.info == "discard" and len(paid) == 1
                assert paid[0].other == win.other and paid[0].amount == F * g
            elif kind == "win_self_draw":  # N10: each other player
                assert sorted(e.other for e in paid) == [s for s in range(4) if s != seat]
                assert all(e.amount == F * g for e in paid)
            else:  # N13: the liable player pays for all
                assert len(paid) == 1 and paid[0].amount in (F * g, 3 * F * g)
    return seen


def check_winners(played: Played) -> tuple[int, int]:
    """N2: with several_winners "first" (截胡, the default) one winner at most; with "all"
    every winner on the discard is paid, each by the discarder (or its liable payer), as
    `check_gold` checks per winner. Returns (hands with several winners, winners in them)."""
    several = winners = 0
    for hand in played.hands:
        won = _wins(hand)
        if played.options["several_winners"] == "first":
            assert len(won) <= 1
        if len(won) > 1:
            several += 1
            winners += len(won)
            assert len({e.other for e in won}) == 1  # the same discarder (or konger)
            assert len({e.tile for e in won}) == 1  # on the same tile
            assert all(e.info == won[0].info for e in won)
            paid = {e.seat for e in hand.of(EventKind.PAYMENT) if e.info.startswith("win_")}
            assert paid == {e.seat for e in won}  # every one of them is paid
    return several, winners


def check_all(played: Played) -> dict[str, Any]:
    """Every check that applies to the match's ruleset and options; the figures by check."""
    out: dict[str, Any] = {"ledger": check_ledger(played), "end": check_end(played)}
    if played.ruleset == "mazhan":
        out["drawn_left"] = check_wall(played, played.options["reserve"])
        out["fees"] = check_fee(played)
        out["flees"] = check_flee(played)
        out["wins"] = check_mazhan_wins(played)
    else:
        out["drawn_left"] = check_wall(played, 0)
        out["gold"] = check_gold(played)
        out["several"] = check_winners(played)
        out["flees"] = check_flee(played)
    return out
