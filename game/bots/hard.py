"""Level `hard`: rule-aware plans, tile acceptance, and defence.

Each decision picks a plan for the hand, then discards to the plan's lowest deficiency, ties
broken by how many unseen tiles would bring the hand closer (a one-draw lookahead), how
dangerous the tile is to the other seats, and what the tile is worth keeping.

Plans:
- Mazhan: the plain hand, or 清一色 (ruling M17: 400 points, the cap) when a suit is within one
  or two tiles of the plain hand; wilds are never thrown (three make 殺豬, M17); pairs of 中, 發
  and the seat's wind are kept for their tai (M16).
- Nanjing: a concealed hand (門清, N6 +20, may always win, N4) with seven pairs (N7 七對) weighed
  in; the hand is opened only with 4 hard flowers or for a big item that lets an open hand win
  (N4: 對對胡, 混一色, 清一色), and once open without the flowers it follows that plan.
  Kongs are declared for their money (N11); a fourth own discard of a kind is avoided (N12);
  tiles that would feed a third or fourth set to one player are avoided (N13).
- Defence: far from winning while another seat looks close, the bot throws safe tiles first
  (Nanjing: the discarder pays the whole win, N10; Mazhan: every loser pays, so only feeding
  flushes and late hands is avoided).
"""

from __future__ import annotations

import random
from collections.abc import Container
from typing import ClassVar, NamedTuple

from game.actions import PASS, Action, ActionKind
from game.bots import evaluate as ev
from game.bots.defence import table_danger, threats
from game.bots.normal import claimed_hand
from game.shapes import DrawsAfterDiscard, deficiency, deficiency_after_discards
from game.view import SeatView

_DRAGONS = (32, 33)  # 發 中 (白 is a bonus tile in Mazhan, M2)


class Plan(NamedTuple):
    name: str
    """plain, flush, half_flush or triplets."""
    counts: list[int]
    """The naturals the plan keeps (the others are thrown first)."""
    scope: Container[int] | None
    """Kinds the plan can use (None = all)."""
    deficiency: int


class _Turn:
    """What a decision's discards share: the draws after each discard from one hand, and
    (read only for seven pairs) the hand's odd kinds and pairs deficiency."""

    __slots__ = ("_odd", "_pairs", "_whole", "counts", "draws", "key", "need", "wilds")

    def __init__(self, counts: list[int], key: bytes, wilds: int, need: int) -> None:
        self.counts = counts
        self.key = key
        self.wilds = wilds
        self.need = need
        self.draws = DrawsAfterDiscard(counts, wilds, need)
        self._odd: frozenset[int] | None = None
        self._pairs = -1
        self._whole = -1

    def odd(self) -> frozenset[int]:
        """Kinds held an odd number of times."""
        if self._odd is None:
            self._odd = frozenset(k for k, n in enumerate(self.key) if n & 1)
        return self._odd

    def whole(self) -> int:
        """`deficiency` of the hand (the sets reading)."""
        if self._whole < 0:
            self._whole = deficiency(self.counts, self.wilds, self.need)
        return self._whole

    def pairs(self) -> int:
        """Seven pairs deficiency of the hand (`evaluate.pairs_deficiency`)."""
        if self._pairs < 0:
            self._pairs = ev.pairs_deficiency(self.key)
        return self._pairs


class HardBot:
    level = "hard"
    fold_rule: ClassVar[dict[str, tuple[int, float, int, int] | None]] = {
        "nanjing": (3, 0.6, 2, 20), "mazhan": None}
    """(deficiency, threat): a hand this far from winning folds when an opponent looks this
    close (see `defence.threats`); (deficiency, wall): it folds late in the hand anyway.
    None: never folds, as in Mazhan, where a win costs every loser the same whoever threw the
    tile (M21)."""
    risk_weight: ClassVar[dict[str, float]] = {"nanjing": 3.0, "mazhan": 0.0}
    """Danger against acceptance (in unseen tiles) when not folding. None in Mazhan: the
    discarder pays no more than anyone else there (ruling M21), so a safe tile buys nothing."""
    kong_slack = 1
    nanjing_slack: ClassVar[dict[str, int]] = {
        "plain": 0, "pairs": 0, "flush": 1, "half_flush": 1, "triplets": 0}
    """Nanjing: extra deficiency accepted early for a plan's big item (N7: 七對 80, 清一色 60,
    混一色 40 against a plain concealed hand of about 50 flowers). Seven pairs gets no slack:
    measured, the slack cost about 4 gold a hand (issue 15)."""
    mazhan_flush_slack: ClassVar[tuple[int, int]] = (3, 1)
    """Mazhan: extra deficiency accepted for 清一色 (400, the cap, M17) early and later. The
    old (2, 1) left the plan dead (0 of 2626 discards, issue 15); (4, 2) ran it on about 3% of
    discards but measured worse (-4.9 [-12.4, +2.6] points/hand over 1500 deals), so the plan
    now runs only on the rare hand already close to a flush."""

    half_flush_rulesets: ClassVar[frozenset[str]] = frozenset({"nanjing"})
    """Where 混一色 is a plan of its own (Nanjing N7, 40 flowers)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.varieties: dict[Action, float] | None = None
        """While ranking: the random variety added to each discard's score (not its value)."""

    def choose(self, view: SeatView) -> Action:
        for action in view.legal:
            if action.kind is ActionKind.WIN:
                return action
        if view.phase == "discard":
            return self._turn(view)
        return self._claim(view)

    # ------------------------------------------------------------------ plans

    def _must_plan(self, view: SeatView) -> bool:
        """Nanjing open hand without 4 hard flowers: only a big item lets it win (N4)."""
        return (view.ruleset == "nanjing" and len(view.bonus[view.seat]) < 4
                and any(m.source is not None for m in view.melds[view.seat]))

    def _plans(self, view: SeatView, hand: ev.Hand,
               slack: dict[str, int] | None = None) -> list[Plan]:
        """The plans open to this hand, each with its deficiency now. With `slack` (what
        `_plan` accepts for each), a flush plan whose deficiency cannot come under the plain
        hand's even with its slack is left out unmeasured: `_plan` would never choose it."""
        plans: list[Plan] = []
        limit = 99
        if not self._must_plan(view):
            plain = ev.now(hand)
            plans.append(Plan("plain", hand.naturals, None, plain))
            if slack is not None:
                limit = plain - slack.get("plain", -9)
        if hand.pairs_ok:
            plans.append(Plan("pairs", hand.naturals, None, ev.pairs_deficiency(hand.naturals)))
        totals = ev.suit_totals(view, hand)
        suit = max(range(3), key=lambda s: totals[s])
        lo = 9 * suit
        # a deficiency is at least the tiles wanted less the naturals there are to use (the
        # flush's concealed naturals are the suit's, with the honours for 混一色)
        target = 3 * hand.need + 2 - hand.wilds
        suited = sum(hand.naturals[lo : lo + 9])
        if slack is None or target - suited - slack.get("flush", -9) < limit:
            flush = ev.flush_counts(view, hand, suit, honours=False)
            if flush is not None:
                d = deficiency(flush, hand.wilds, hand.need)
                plans.append(Plan("flush", flush, range(lo, lo + 9), d))
        if view.ruleset in self.half_flush_rulesets and (
                slack is None or target - suited - sum(hand.naturals[27:34])
                - slack.get("half_flush", -9) < limit):
            half = ev.flush_counts(view, hand, suit, honours=True)
            if half is not None:
                d = deficiency(half, hand.wilds, hand.need)
                plans.append(Plan("half_flush", half, frozenset((*range(lo, lo + 9),
                                                                 *range(27, 34))), d))
        if view.ruleset == "nanjing":
            t = ev.triplets_deficiency(hand, view)
            if t < 99:
                plans.append(Plan("triplets", hand.naturals, None, t))
        return plans

    def _plan(self, view: SeatView, hand: ev.Hand) -> Plan:
        """The plan to follow: the plain hand unless a big hand is close enough to pay."""
        slack = self._slack(view)
        return self._best_plan(self._plans(view, hand, slack), slack)

    def _slack(self, view: SeatView) -> dict[str, int]:
        """Extra deficiency worth accepting for each plan: 清一色 is 400 in Mazhan against a
        typical hand of 40-100; in Nanjing the items add 40-60 flowers to some 50-90."""
        early = view.wall_left >= (45 if view.ruleset == "mazhan" else 40)
        if view.ruleset == "mazhan":
            return {"plain": 0, "flush": self.mazhan_flush_slack[0 if early else 1]}
        slack = dict(self.nanjing_slack)
        if not early:
            slack = {name: min(value, 0) for name, value in slack.items()}
        return slack

    @staticmethod
    def _best_plan(plans: list[Plan], slack: dict[str, int]) -> Plan:
        return min(plans, key=lambda p: (p.deficiency - slack.get(p.name, -9),
                                         p.name != "plain"))

    # ------------------------------------------------------------------ own turn

    def _turn(self, view: SeatView) -> Action:
        hand = ev.split(view)
        plan = self._plan(view, hand)
        for action in view.legal:
            if action.kind is ActionKind.ADDED_KONG:
                return action  # N11 money / M13 points, and a replacement draw
            if action.kind is ActionKind.CONCEALED_KONG and action.tile is not None \
                    and self._kong_keeps(view, hand, plan, action.tile):
                return action
        return self._discard(view, hand, plan)

    def _kong_keeps(self, view: SeatView, hand: ev.Hand, plan: Plan, tile: int) -> bool:
        if plan.scope is not None and tile not in plan.scope:
            return False
        if plan.name == "pairs" and plan.deficiency <= 2:
            return False  # four alike undeclared in a near 七對 doubles it (N7: 160, not 80)
        counts = list(view.counts)
        counts[tile] -= 4
        kong = ev.split(view, counts, len(view.melds[view.seat]) + 1)
        after = ev.now(kong)
        # Against the regular hand, not the seven-pairs reading: the old guard compared with
        # seven pairs and skipped kongs worth 30 gold at once (N11) turn after turn.
        regular = ev.now(hand._replace(pairs_ok=False)) if plan.name == "pairs" \
            else plan.deficiency
        if view.ruleset == "nanjing":
            return after <= regular + self.kong_slack  # N11: 30 gold at once
        return after <= regular

    def _plan_after(self, hand: ev.Hand, plan: Plan) -> dict[int, int]:
        """Kind → the plan's deficiency after discarding one of it."""
        if plan.name == "plain":
            return ev.after_discards(hand)
        if plan.name == "pairs":  # N3: a pair broken costs one more tile to find
            return {k: plan.deficiency + (1 - n % 2) for k, n in enumerate(hand.naturals) if n}
        if plan.name == "triplets":
            out: dict[int, int] = {}
            for kind, n in enumerate(hand.naturals):
                if n:
                    out[kind] = ev.triplets_only(ev.discard_hand(hand, kind))
            if hand.wilds and hand.wild is not None:
                out[hand.wild] = ev.triplets_only(ev.discard_hand(hand, hand.wild))
            return out
        inside = deficiency_after_discards(plan.counts, hand.wilds, hand.need)
        out = {}
        for kind, n in enumerate(hand.naturals):
            if n:
                out[kind] = inside.get(kind, plan.deficiency) if plan.counts[kind] else \
                    plan.deficiency
        if hand.wilds and hand.wild is not None:
            out[hand.wild] = deficiency(plan.counts, hand.wilds - 1, hand.need)
        return out

    def _discard(self, view: SeatView, hand: ev.Hand, plan: Plan) -> Action:
        return min(self._scored_discards(view, hand, plan), key=lambda c: c[0])[1]

    def _scored_discards(self, view: SeatView, hand: ev.Hand,
                         plan: Plan) -> list[tuple[float, Action]]:
        """(score, discard) of each discard `_discard` weighs, lowest best: those keeping the
        plan's lowest deficiency, or every one when folding."""
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        after = self._plan_after(hand, plan)
        unseen = view.unseen()
        rule = self.fold_rule[view.ruleset]
        weight = self.risk_weight[view.ruleset]
        # Opponents' threats matter only where this bot may fold or weighs danger (not Mazhan,
        # M21): there they are not worked out at all.
        found = threats(view) if rule is not None or weight else []
        seat_wind = 27 + view.seat
        best = min(after.get(a.tile, 99) for a in discards if a.tile is not None)
        folding = False
        if rule is not None:
            far, close, late_far, late = rule
            top = max((t.level for t in found), default=0.0)
            folding = (best >= far and top >= close) or (best >= late_far
                                                         and view.wall_left < late)
        mazhan = view.ruleset == "mazhan"
        my_river = [t for t, _ in view.rivers[view.seat]] if view.ruleset == "nanjing" else []
        counts = view.counts
        wild = hand.wild
        accept = self._accept
        draw = self.rng.random
        choices: list[tuple[float, Action]] = []
        for action in discards:
            tile = action.tile
            assert tile is not None
            d = after.get(tile, 99)
            if not folding and d > best:
                continue
            risk = table_danger(tile, found, unseen, view.ruleset) if found else 0.0
            # the terms added one by one in this order (the same floats every time)
            score = 0.0
            if folding:
                score += 100 * risk + 5 * d
            else:
                score += weight * risk
                score -= accept(hand, plan, tile, unseen)
            if tile == wild:
                score += 500  # M6/M17: wilds stay (three of them make 殺豬)
            if mazhan and (tile in _DRAGONS or tile == seat_wind) and counts[tile] >= 2:
                score += 8  # a pong of these is a tai (M16)
            if my_river and my_river.count(tile) == 3:
                score += 300  # N12: all four discarded by one player pays each other seat
            variety = draw() * 0.5  # a little variety between equal choices
            if self.varieties is not None:
                self.varieties[action] = variety  # rank reports values without it
            score += variety
            choices.append((score, action))
        return choices

    def _accept(self, hand: ev.Hand, plan: Plan, tile: int, unseen: list[int]) -> float:
        """Unseen tiles that would bring the hand closer after this discard (`_accept_plain`,
        without building the hand after the discard for the plans that read draws)."""
        name = plan.name
        if name == "plain":
            source = hand.naturals
        elif name == "triplets" or name == "pairs":
            return self._accept_plain(hand, plan, tile, unseen)
        else:
            source = plan.counts
        wild = hand.wild
        if tile == wild or not source[tile]:
            return self._accept_plain(hand, plan, tile, unseen)
        turn = self._kept_turn(source, hand.wilds, hand.need)
        scope = plan.scope
        pairs_now = 99  # no seven pairs reading
        if name == "plain" and hand.pairs_ok:
            # seven pairs (N3) after the discard, from the whole hand's: breaking an even
            # count (a pair) costs one more tile; the odd kinds are the hand's with `tile`
            # switched (as `acceptance_helping` reads them off the smaller hand)
            pairs_now = turn.pairs() + (0 if source[tile] & 1 else 1)
            whole = turn.whole()
            # a tile less leaves the sets reading as close or one tile further (the sets
            # wanted stay), so `less` decides only when seven pairs is as close as the
            # whole hand's sets reading
            if pairs_now < whole or (pairs_now == whole
                                     and pairs_now < turn.draws.less(tile)):
                # seven pairs closer than the sets: only draws pairing an odd kind help, so
                # the draws of the sets reading are not worked out
                good = 0
                for k in turn.odd() ^ {tile}:
                    if k != wild and (scope is None or k in scope):
                        good += unseen[k]
                if wild is not None and pairs_now > 0:
                    good += unseen[wild]
                return float(good)
        base, helping = turn.draws.helping(tile)
        if pairs_now <= base:
            kinds = set(turn.odd())
            kinds ^= {tile}
            if pairs_now == base:
                kinds.update(helping)
            helping = tuple(kinds)
            base = pairs_now
        good = 0
        if scope is None:
            for k in helping:
                if k != wild:
                    good += unseen[k]
        else:
            for k in helping:
                if k != wild and k in scope:
                    good += unseen[k]
        if wild is not None and base > 0:
            good += unseen[wild]  # a wild drawn always brings the hand one tile closer
        return float(good)

    def _accept_plain(self, hand: ev.Hand, plan: Plan, tile: int, unseen: list[int]) -> float:
        """`_accept` the plain way: the hand after the discard built and measured (the
        reference the fast path is tested against, and the path of the rarer cases)."""
        rest = ev.discard_hand(hand, tile)
        if plan.name == "triplets":
            return float(sum(unseen[k] for k, n in enumerate(rest.naturals) if 0 < n < 3))
        if plan.name == "pairs":
            return float(sum(unseen[k] for k, n in enumerate(rest.naturals) if n % 2))
        source = hand.naturals
        if plan.name != "plain":
            source = plan.counts
            counts = source[:]
            if tile != hand.wild and counts[tile]:
                counts[tile] -= 1
            rest = rest._replace(naturals=counts, pairs_ok=False)
        if tile != hand.wild and source[tile]:  # `rest` is `source` less one `tile`
            base, helping = DrawsAfterDiscard(source, hand.wilds, hand.need).helping(tile)
            return float(ev.acceptance_helping(rest, unseen, plan.scope, base, helping)[1])
        return float(ev.acceptance(rest, unseen, plan.scope)[1])

    _draw_table: _Turn | None = None

    def _kept_turn(self, counts: list[int], wilds: int, need: int) -> _Turn:
        """The draws after each discard from `counts` and what else the decision's discards
        share (`_Turn`), kept for its other discards: their acceptance shares all the work
        that depends on the hand alone."""
        table = self._draw_table
        if table is not None and table.counts is counts and table.wilds == wilds \
                and table.need == need:
            return table  # the same list as the last discard's (hands are never changed
            # in place: each decision splits the view afresh)
        key = bytes(counts)
        if table is None or table.key != key or table.wilds != wilds or table.need != need:
            table = _Turn(counts, key, wilds, need)
        else:
            table.counts = counts
        self._draw_table = table
        return table

    # ------------------------------------------------------------------ claims

    def _claim(self, view: SeatView) -> Action:
        hand = ev.split(view)
        plan = self._plan(view, hand)
        flowers = len(view.bonus[view.seat])
        nanjing = view.ruleset == "nanjing"
        concealed = not any(m.source is not None for m in view.melds[view.seat])
        best, best_gain = PASS, 0.0
        for action in view.legal:
            if action.kind in (ActionKind.PASS, ActionKind.WIN) or action.tile is None:
                continue
            tile = action.tile
            after = claimed_hand(view, action)
            gain = self._claim_gain(view, plan, after, action, tile)
            if gain is None:
                continue
            if nanjing and flowers < 4 and concealed \
                    and not self._opening_pays(view, after, action, tile, plan):
                continue
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _claim_gain(self, view: SeatView, plan: Plan, after: ev.Hand, action: Action,
                    tile: int) -> float | None:
        """How much the claim helps the plan (None: it does not)."""
        if plan.scope is not None and tile not in plan.scope:
            return None
        if plan.name == "pairs" or (plan.name == "triplets" and action.kind is ActionKind.CHOW):
            return None  # seven pairs is concealed only (N3)
        if plan.name == "plain":
            d = ev.now(after)
        elif plan.name == "triplets":
            d = ev.triplets_only(after)
        else:
            assert plan.scope is not None
            d = deficiency(ev.in_scope(after.naturals, plan.scope), after.wilds, after.need)
        kong = action.kind is ActionKind.KONG
        if d < plan.deficiency:
            return 2.0 + (0.5 if kong else 0.0)
        if kong and d <= plan.deficiency:
            return 1.0  # same shape, a replacement draw, and kong money or points
        honour_pong = view.ruleset == "mazhan" and action.kind is not ActionKind.CHOW and (
            tile in _DRAGONS or tile == 27 + view.seat)
        if honour_pong and d <= plan.deficiency:
            return 0.5  # a tai (M16) at no cost
        return None

    def _opening_pays(self, view: SeatView, after: ev.Hand, action: Action, tile: int,
                      plan: Plan) -> bool:
        """Nanjing, concealed, under 4 hard flowers: open only for a big item close at hand
        (N4: an open hand wins only with 對對胡, a flush, or the flowers)."""
        if action.kind is ActionKind.CHOW:
            return False
        regular = ev.now(ev.split(view))
        t = ev.triplets_only(after)
        if t <= 2 and t < regular:
            return True
        if plan.name in ("flush", "half_flush") and plan.scope is not None \
                and tile in plan.scope:
            f = deficiency(ev.in_scope(after.naturals, plan.scope), after.wilds, after.need)
            return f <= 2 and f < regular
        return False
