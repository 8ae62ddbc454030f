"""Level `expert`: hard's plans and defence, with discards and kongs weighed by value.

Where hard counts the live tiles that bring the hand closer, expert weighs what they are worth:

- A discard that leaves the hand ready is valued by the real scorer (`kit.score_win`) over each
  live wait: P(win) comes from the live copies of each wait among the tiles this seat has not
  seen and the draws and discards the real wall still allows (Nanjing), or in Mazhan from a
  race against the other players, one of whom always wins (`race_chance`); the value is the
  money the win brings (Mazhan M17/M21: each loser pays, the dealer double; Nanjing N10: the
  discarder, or every other player on a self-draw). So a wait worth 400 counts for more than a
  wider one worth 40, a Nanjing open hand's wait that may not win (N4) counts for nothing, and
  a wild can only be won by drawing it (M6).
- Mazhan plans: the plain hand, 混一色 or 清一色 is chosen by value × reach. The plain hand is
  worth what its tai sources make it now (seat flowers, 白, sets and pairs of 中, 發 and the
  seat wind: each tai doubles, M16, M17), 混一色 one tai more, 清一色 400 (the cap); each tile of
  deficiency beyond the plain hand's keeps only part of the chance to win. Measured, fast cheap
  wins nearly always come first: a Mazhan hand is a race (every hand had a winner in 1200
  measured hands) and each extra tile of deficiency loses more than a doubling brings.
  對對胡 (a tai, M16) is followed when it is as close as the plain hand: its sets come by pong
  from any seat, and chows are refused under it (`expert_mazhan`, docs/bots-notes.md fourth pass).
- Mazhan claims: a pong of a terminal or honour that keeps the shape is taken for its base
  points (M13), which also count in the non-winners' settlement (M20).
- Kongs: Nanjing kong money (N11) is paid at once, so a concealed or added kong is declared
  unless it costs more than one tile of shape; in Mazhan a kong that keeps the shape is
  declared for its base points (M13).
- Dealing in costs only in Nanjing (the discarder pays, N10, N13); Mazhan never folds (M21).
  Nanjing discards (`expert_nanjing`): among those that keep the best shape, the most gold
  after the expected deal-in cost from a measured table reading; a ready hand's chance is a
  race; a wait on a kind this seat threw itself counts as likelier to be thrown by others.
- Discarding all four of a kind (N12) costs 10 gold to each other player and is avoided.

An earlier expert that played sampled futures out for every choice measured far below hard
(see the git history and docs/bots-notes.md); this one keeps hard's low-noise shape search and
adds value.
Reads only its seat view; deterministic for a seed.
"""

from __future__ import annotations

from math import comb
from typing import ClassVar

from game.actions import Action, ActionKind
from game.bots import evaluate as ev
from game.bots import expert_mazhan as xm
from game.bots import expert_nanjing as xn
from game.bots import kit
from game.bots.hard import HardBot, Plan
from game.bots.normal import claimed_hand
from game.rules.mazhan_scoring import BONUS_POINTS, round_up, set_points
from game.tiles import EAST, FLOWERS, GREEN, RED, WHITE, Tile, is_honor, is_terminal
from game.view import SeatView

_SELF_DRAW_SHARE = 0.3
"""Share of wins that are self-drawn (measured over the levels: 25-35%)."""
READY_SCALE = 16.0
"""A ready hand's P(win) × value / an ordinary win's value, in hard's unit of live tiles."""
RON_LOOKS = 2
"""Others' discards a ready hand may win on per own draw."""


def win_chance(waits: int, unseen: int, draws: int, looks: int) -> float:
    """P(at least one of `waits` winning tiles among `draws + looks` of `unseen` tiles in a
    random order): the hypergeometric chance, exact for a uniformly shuffled remainder."""
    seen = min(unseen, draws + looks)
    if waits <= 0 or seen <= 0:
        return 0.0
    if unseen - waits < seen:
        return 1.0
    return 1.0 - comb(unseen - waits, seen) / comb(unseen, seen)


def race_chance(waits: float, unseen: int, rounds: int, hazard: float) -> float:
    """P(a ready hand wins before another player does): each round it sees its own draw and
    `RON_LOOKS` discards, each a winning tile with chance waits / unseen, while another player
    wins first with chance `hazard`; over at most `rounds` rounds."""
    if waits <= 0 or unseen <= 0 or rounds <= 0:
        return 0.0
    p = 1.0 - (1.0 - min(1.0, waits / unseen)) ** (1 + RON_LOOKS)
    q = (1.0 - p) * (1.0 - hazard)
    return p * (1.0 - q**rounds) / (1.0 - q)


class ExpertBot(HardBot):
    level = "expert"
    half_flush_rulesets: ClassVar[frozenset[str]] = frozenset({"nanjing", "mazhan"})
    """Mazhan too: choose among the plain hand, 混一色 and 清一色 by value × reach (`_plan`)."""
    reach_factor: tuple[float, float] = (0.4, 0.25)
    """Mazhan: P(win) kept per extra tile of deficiency, early and late in the hand."""
    rival_hazard: ClassVar[dict[str, float | None]] = {"mazhan": 0.12, "nanjing": 0.1}
    """Chance per round that another player wins first. A Mazhan hand is a race that someone
    always wins, so a ready hand's chance is a race (`race_chance`): without it every wait
    looked nearly sure over the whole wall and a narrow wait worth more beat a wide one
    (measured +7.0 [+0.7, +13.3] points/hand with it, 2000 deals). None: the whole wall.
    Nanjing: a race too, with the expected-gold discard below (docs/bots-notes.md, third pass)."""

    nanjing: ClassVar[xn.Tuning | None] = xn.Tuning()
    """Nanjing discards by expected gold (`expert_nanjing.choose_discard`); None: hard's."""

    mazhan: ClassVar[xm.Tuning] = xm.Tuning(triplets_reach=(0.8, 0.5))
    """Mazhan knobs (`expert_mazhan.Tuning`): the 對對胡 plan when it is as close as the plain
    hand (+2.17 [+1.12, +3.22] points/hand against the expert without it, 6000 fresh deals)."""

    trap: ClassVar[float] = 2.5
    """Nanjing: how much likelier others throw a wait this seat has thrown itself
    (`expert_nanjing.trap_weight`); 1: no difference."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._view: SeatView | None = None
        self._scores: dict[tuple[object, ...], float] = {}
        self._record: dict[Action, float] | None = None
        """While `rank` runs: each discard's value as the decision weighed it."""

    # ------------------------------------------------------------------ ranking

    def rank(self, view: SeatView) -> list[tuple[Action, float]]:
        """Every legal action of `view` with its value, best first; the first is what
        `choose(view)` returns now (this bot's random stream is left as it was). Values are in
        the match's money (Mazhan points, Nanjing gold), an estimate relative to the decision:
        see docs/bots.md, "Ranking"."""
        state = self.rng.getstate()
        record: dict[Action, float] = {}
        self._record = record
        try:
            chosen = self.choose(view)
            if view.phase == "discard" and not record \
                    and any(a.kind is ActionKind.DISCARD for a in view.legal):
                # the decision chose without weighing its discards (a win, a kong): weigh
                # them now, as the discard would have
                hand = ev.split(view)
                self._discard(view, hand, self._plan(view, hand))
            values = self._values(view, record)
        finally:
            self._record = None
            self.rng.setstate(state)
        top = values[chosen]
        rest = sorted(((a, min(v, top)) for a, v in values.items() if a != chosen),
                      key=lambda av: -av[1])
        return [(chosen, top), *rest]

    def _unit(self, view: SeatView) -> float:
        """Money of one of hard's units (a live improving tile): `READY_SCALE` units are the
        typical win's money at an even chance (`_accept`)."""
        return self._typical(view) / READY_SCALE

    def _win_money(self, view: SeatView, action: Action) -> float:
        """What the win `action` brings, from the real scorer (M21, N10)."""
        tile = action.tile
        if tile is None:
            return self._typical(view)
        counts = list(view.counts)
        self_draw = view.phase == "discard"
        if self_draw and counts[tile]:
            counts[tile] -= 1
        result = kit.score_win(view, counts, Tile(tile), self_draw=self_draw)
        if result is None:
            return self._typical(view)
        if view.ruleset == "mazhan":
            return float(result.total * _payers(view))
        return float(result.total * (3 if self_draw else 1))

    def _values(self, view: SeatView, record: dict[Action, float]) -> dict[Action, float]:
        """Each legal action's value (see `rank`), `record` holding the discards' as the
        decision just weighed them."""
        unit = self._unit(view)
        values: dict[Action, float] = {}
        hand = ev.split(view)
        plan = self._plan(view, hand)
        if view.phase == "discard":
            discards = self._discard_values(view, hand, plan, record, unit)
            values.update(discards)
            best = max(discards.values(), default=0.0)
            nanjing = view.ruleset == "nanjing"
            for action in view.legal:
                kind = action.kind
                if kind is ActionKind.ADDED_KONG:
                    # money and a new draw: N11, the pong's feeder pays 20 (Mazhan: M13 points)
                    values[action] = best + (20.0 if nanjing else 2 * unit)
                elif kind is ActionKind.CONCEALED_KONG and action.tile is not None:
                    keeps = self._kong_keeps(view, hand, plan, action.tile)
                    # N11: each of the three others pays 10
                    money = 30.0 if nanjing else 2 * unit
                    values[action] = best + money if keeps else best - unit
        else:
            flowers = len(view.bonus[view.seat])
            concealed = not any(m.source is not None for m in view.melds[view.seat])
            for action in view.legal:
                if action.kind is ActionKind.PASS:
                    values[action] = 0.0
                elif action.tile is not None and action.kind is not ActionKind.WIN:
                    after = claimed_hand(view, action)
                    gain = self._claim_gain(view, plan, after, action, action.tile)
                    if gain is not None and view.ruleset == "nanjing" and flowers < 4 \
                            and concealed and not self._opening_pays(
                                view, after, action, action.tile, plan):
                        gain = None
                    values[action] = -unit if gain is None else gain * unit
        for action in view.legal:
            if action.kind is ActionKind.WIN:
                values[action] = self._win_money(view, action)
        return values

    def _discard_values(self, view: SeatView, hand: ev.Hand, plan: Plan,
                        record: dict[Action, float], unit: float) -> dict[Action, float]:
        """Each discard's value: Nanjing's as `expert_nanjing.choose_discard` weighed it (gold);
        Mazhan's hard score in money (`_unit`), a discard further from winning keeping
        `reach_factor` of it per extra tile of deficiency."""
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        if not discards:
            return {}
        if view.ruleset == "nanjing" and self.nanjing is not None:
            return {a: record.get(a, 0.0) for a in discards}
        after = self._plan_after(hand, plan)
        unseen = view.unseen()
        best = min(after.get(int(a.tile), 99) for a in discards if a.tile is not None)
        factor = self.reach_factor[0 if view.wall_left >= 45 else 1]
        values = {a: -record[a] * unit for a in discards if a in record}
        # Mazhan is a race for shape (M21: no discard costs more than another): a discard
        # further from winning is valued below every one that keeps the best deficiency.
        floor = min(values.values(), default=0.0) - unit
        for action in discards:
            tile = action.tile
            assert tile is not None
            if action in values:
                continue
            d = after.get(int(tile), 99)
            value = self._accept(hand, plan, tile, unseen) * unit
            if tile == hand.wild:
                value -= 500 * unit
            values[action] = min(floor, value * factor ** max(0, min(d, 20) - best))
        return values

    def _claim_gain(self, view: SeatView, plan: Plan, after: ev.Hand, action: Action,
                    tile: int) -> float | None:
        """Hard's claims, and in Mazhan a pong of a terminal or honour that keeps the shape:
        its base points count twice the ordinary pong's (M13), for the win and for the
        non-winners' settlement (M20)."""
        got = super()._claim_gain(view, plan, after, action, tile)
        if got is None and view.ruleset == "mazhan" and action.kind is ActionKind.PONG \
                and (is_honor(tile) or is_terminal(tile)) and plan.name == "plain" \
                and ev.now(after) <= plan.deficiency:
            return 0.3
        return got

    def choose(self, view: SeatView) -> Action:
        self._view = view
        return super().choose(view)

    def _plan(self, view: SeatView, hand: ev.Hand) -> Plan:
        """Mazhan: the plan of most value × reach. Each tile of deficiency beyond the plain
        hand's keeps `reach_factor` of the chance to win; the plain hand is worth what its tai
        sources make it (M16, M17), 混一色 one tai more, 清一色 400 (the cap)."""
        if view.ruleset != "mazhan":
            return super()._plan(view, hand)
        plans = self._plans(view, hand)
        plain = next(p for p in plans if p.name == "plain")
        pongs = self.mazhan.triplets_reach
        if pongs is not None:
            t = ev.triplets_deficiency(hand, view)
            if t < 99:
                plans.append(Plan("triplets", hand.naturals, None, t))
        value = mazhan_value(view, hand)
        if value >= 400:
            return plain
        early = view.wall_left >= 45
        factor = self.reach_factor[0 if early else 1]
        best, best_score = plain, float(value)
        for p in plans:
            if p.name == "flush":
                v = 400.0
            elif p.name == "half_flush":
                v = min(400.0, 2 * value)
            elif p.name == "triplets" and pongs is not None:
                # 對對胡 is a tai (M16); its sets come by pong from any seat (M7)
                v = min(400.0, 2 * value)
                score = v * pongs[0] * pongs[1] ** (p.deficiency - plain.deficiency)
                if score > best_score:
                    best, best_score = p, score
                continue
            else:
                continue
            score = v * factor ** (p.deficiency - plain.deficiency)
            if score > best_score:
                best, best_score = p, score
        return best

    def _scored_discards(self, view: SeatView, hand: ev.Hand,
                         plan: Plan) -> list[tuple[float, Action]]:
        if self._record is None:
            return super()._scored_discards(view, hand, plan)
        self.varieties = {}
        try:
            choices = super()._scored_discards(view, hand, plan)
            for score, action in choices:
                # the value without the tie-breaking variety: equal discards rank equal
                self._record[action] = score - self.varieties.get(action, 0.0)
        finally:
            self.varieties = None
        return choices

    def _discard(self, view: SeatView, hand: ev.Hand, plan: Plan) -> Action:
        tuning = self.nanjing
        if view.ruleset != "nanjing" or tuning is None:
            return super()._discard(view, hand, plan)
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        unseen = view.unseen()
        return xn.choose_discard(
            view, discards, self._plan_after(hand, plan),
            lambda tile: self._gain(view, hand, plan, tile, unseen, tuning),
            lambda: self.rng.random() * 0.5, tuning, record=self._record)

    def _gain(self, view: SeatView, hand: ev.Hand, plan: Plan, tile: int, unseen: list[int],
              tuning: xn.Tuning) -> float:
        """Nanjing: gold the hand's prospects are worth after discarding `tile`: a ready hand's
        P(win) × money, else the live improving tiles at `tuning.gold_per_tile` each."""
        counts = list(view.counts)
        if counts[tile]:
            counts[tile] -= 1
            if kit.deficiency(view, counts) == 1:
                ready = self.ready_value(view, counts)
                if ready is not None:
                    money, live = ready
                    return self.win_probability(view, live) * money
        return tuning.gold_per_tile * HardBot._accept(self, hand, plan, tile, unseen)

    def _accept(self, hand: ev.Hand, plan: Plan, tile: int, unseen: list[int]) -> float:
        """Live improving tiles after this discard, as hard counts them; when the discard
        leaves the hand ready, the expected value of the win instead (see READY_SCALE)."""
        base = super()._accept(hand, plan, tile, unseen)
        view = self._view
        if view is None:
            return base
        counts = list(view.counts)
        if counts[tile] == 0:
            return base
        counts[tile] -= 1
        if kit.deficiency(view, counts) != 1:
            return base
        ready = self.ready_value(view, counts)
        if ready is None:
            return base
        money, live = ready
        # P(win before the wall ends) × value, in hard's units: a typical ready hand (some
        # eight live tiles, an even chance, an ordinary value) scores about eight.
        return READY_SCALE * self.win_probability(view, live) * money / self._typical(view)

    def ready_value(self, view: SeatView, counts: list[int]) -> tuple[float, float] | None:
        """(expected money per win, live winning tiles) of a ready hand with `counts`, from the
        real scorer; None when no wait is live."""
        unseen = view.unseen()
        weight = 0.0
        money = 0.0
        payers = _payers(view)
        for tile in kit.waits(view, counts):
            n: float = unseen[tile]
            if not n:
                continue
            drawn = self._score(view, counts, tile, True)
            if tile == view.wild:
                # A wild wins only when drawn: a discarded one is dead (M6).
                weight += n * _SELF_DRAW_SHARE
                money += n * _SELF_DRAW_SHARE * (payers * drawn)
                continue
            thrown = self._score(view, counts, tile, False)
            if view.ruleset == "nanjing" and self.trap != 1.0:
                n *= xn.trap_weight(view, counts, tile, self.trap)
            if view.ruleset == "mazhan":
                value = payers * (_SELF_DRAW_SHARE * drawn + (1 - _SELF_DRAW_SHARE) * thrown)
            else:
                value = 3 * _SELF_DRAW_SHARE * drawn + (1 - _SELF_DRAW_SHARE) * thrown
            weight += n
            money += n * value
        if not weight:
            return None
        return money / weight, weight

    def win_probability(self, view: SeatView, live: float) -> float:
        """P(a ready hand with `live` winning tiles wins before the wall ends), or in Mazhan
        before another player wins (see `rival_hazard`)."""
        pool = sum(view.unseen())
        draws = (view.wall_left + 3) // 4
        hazard = self.rival_hazard[view.ruleset]
        if hazard is None:
            return win_chance(round(live), pool, draws, RON_LOOKS * draws)
        return race_chance(live, pool, draws, hazard)

    def _typical(self, view: SeatView) -> float:
        """Money of an ordinary win, the unit the value weights are measured against."""
        if view.ruleset == "mazhan":
            return 40.0 * _payers(view)  # (20 rounded base + 20) × 2^0 (M17)
        return 50.0 * (3 * _SELF_DRAW_SHARE + 1 - _SELF_DRAW_SHARE)  # 門清 hand, N6

    def _score(self, view: SeatView, counts: list[int], tile: int, self_draw: bool) -> float:
        seat = view.seat
        key = (bytes(counts), tile, self_draw, seat, tuple(map(str, view.melds[seat])),
               view.bonus[seat], view.wall_remaining <= 16, view.dealer_streak, view.wild)
        got = self._scores.get(key)
        if got is None:
            result = kit.score_win(view, counts, Tile(tile), self_draw=self_draw)
            got = 0.0 if result is None else float(result.total)
            if len(self._scores) > 5_000:
                self._scores.clear()
            self._scores[key] = got
        return got


def mazhan_value(view: SeatView, hand: ev.Hand) -> float:
    """A rough Mazhan winning value of the plain hand from what it holds now (M13-M17): its
    bonus tiles, declared sets and tai sources (seat flowers, 白, sets and pairs of 中, 發 and
    the seat wind; a pair counts part of a tai)."""
    seat = view.seat
    bonus = view.bonus[seat]
    if hand.wilds >= 3:
        return 400.0  # 殺豬 (M17)
    base = BONUS_POINTS * len(bonus) + 6  # some sets still to come
    tai = 0.0
    tai += sum(1 for t in bonus if t in FLOWERS and (t - FLOWERS[0]) % 4 == seat)
    whites = sum(1 for t in bonus if t == WHITE)
    tai += 2 if whites == 4 else 1 if whites >= 2 else 0
    lucky = (GREEN, RED, EAST + seat)
    for meld in view.melds[seat]:
        if meld.kind.is_triplet:
            base += set_points("exposed_pong", meld.first)  # a kong counted as its pong
            if meld.first in lucky:
                tai += 1
    for kind in lucky:
        n = hand.naturals[kind]
        tai += 1 if n >= 3 else 0.4 if n == 2 else 0
    return min(400.0, (round_up(base) + 20) * 2 ** tai)


def _payers(view: SeatView) -> int:
    """A Mazhan win in units of its value: each loser pays it, doubled when the payer or the
    winner is the dealer (M21); 1 in Nanjing (the value is already in gold)."""
    if view.ruleset != "mazhan":
        return 1
    return 6 if view.seat == 0 else 4


def rank(view: SeatView, seed: int = 0) -> list[tuple[Action, float]]:
    """`ExpertBot(seed).rank(view)`: every legal action of `view` with its value in the
    match's money, best first (docs/bots.md, "Ranking"). Reads only the view."""
    return ExpertBot(seed).rank(view)
