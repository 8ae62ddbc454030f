"""What one seat may know: the only thing the window, the LAN host, hints and bots read.

Hidden information (other hands, the wall's order, other seats' draws) is removed here and
nowhere else: `seat_view` builds a seat's view of a hand, `events_for` filters events.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import add
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from game.actions import Action
from game.events import DEAL, DRAW, Event
from game.melds import Meld
from game.rules.base import HandResult, Payment, Refusal, Settlement
from game.rules.facts import hand_how
from game.scoring import ScoreLine, ScoreResult
from game.tiles import TILES, Tile, sorted_tiles

if TYPE_CHECKING:
    from game.engine import Hand

ViewPhase = Literal["discard", "claim", "rob", "over"]
"""The engine's phase as a view shows it: a seat must discard, seats answer a discard or an
added kong, or the hand is over."""
_VIEW_PHASE: dict[str, ViewPhase] = {"discard": "discard", "claim": "claim", "rob": "rob",
                                     "over": "over"}

SPECTATOR = -1
_NO_TILES = (0,) * 34
_PRIVATE = frozenset({DEAL, DRAW})
_ALONE = ((0,), (1,), (2,), (3,))
"""`to_act` of a view where one seat acts (its turn, or its answer asked), built once."""
_LIVE = (4, 3, 2, 1, *(0,) * 60)
"""Copies not seen of a kind seen n times, for `SeatView.unseen` (far more than a kind can be
seen: five with the wild's indicator)."""


_CAP = bytes(min(n, 5) for n in range(256))
"""A count capped at 5 (as one byte): the live count is 0 from 4 seen on, so two capped
counts still sum to the same live count, and never carry into the next kind's byte."""
_LIVE_BYTES = bytes(max(0, 4 - n) for n in range(256))
"""`_LIVE` as a byte table (for `bytes.translate`)."""

_Seen = tuple[tuple[tuple[Meld, ...], ...], tuple[tuple[Tile, ...], ...],
              tuple[tuple[tuple[Tile, bool], ...], ...], "Tile | None", list[int], int]
_seen_memo: _Seen = ((), (), (), None, [0] * 34, 0)
"""(melds, bonus tiles, rivers, indicator, the count by kind of the tiles they show, that
count packed for `SeatView.unseen`) of the last table `_public_seen` counted: the next view of
the same hand differs by a discard or a claim, so only the seats whose parts changed are
counted again. The list is never changed once stored (each call works on a copy), and the
whole memo is replaced at once, so a thread that reads it sees one consistent count."""


def _count_seen(melds: tuple[tuple[Meld, ...], ...], bonus: tuple[tuple[Tile, ...], ...],
                rivers: tuple[tuple[tuple[Tile, bool], ...], ...],
                indicator: Tile | None) -> list[int]:
    """Per kind 0-33, the copies everyone can see: meld tiles, uncalled discards, the
    wildcard's indicator and bonus tiles below 34 (the plain walk `_public_seen` keeps)."""
    seen = [0] * 34
    for seat_melds in melds:
        for meld in seat_melds:
            for t in meld.tiles:
                seen[t] += 1
    for river in rivers:
        for t, claimed in river:
            if not claimed:
                seen[t] += 1
    if indicator is not None and indicator < 34:
        seen[indicator] += 1
    for seat_bonus in bonus:
        for t in seat_bonus:
            if t < 34:
                seen[t] += 1
    return seen


def _packed(seen: list[int]) -> int:
    """`seen` (counts of 0 or more) capped at 5 a kind, one byte a kind from kind 0 up, as one
    int: adding a seat's own capped counts packed alike adds kind by kind."""
    try:
        return int.from_bytes(bytes(seen).translate(_CAP), "little")
    except ValueError:  # a count above 255 (a table made up by hand)
        return int.from_bytes(bytes([min(n, 5) for n in seen]), "little")


_UNIT = tuple(1 << 8 * k for k in range(34))
"""One copy of kind k in a `_packed` count."""


def _public_seen(melds: tuple[tuple[Meld, ...], ...], bonus: tuple[tuple[Tile, ...], ...],
                 rivers: tuple[tuple[tuple[Tile, bool], ...], ...],
                 indicator: Tile | None) -> tuple[list[int], int]:
    """`_count_seen` of these parts and `_packed` of it, worked out from the last table
    counted where only some seats' parts differ (the engine shares each seat's unchanged
    tuples between views): a river that grew or whose last tile was claimed is counted from
    its last-but-one tile on, a seat whose melds or bonus tiles changed is taken out and
    counted again. The list must not be changed by the caller."""
    global _seen_memo
    melds0, bonus0, rivers0, indicator0, seen0, packed = _seen_memo
    if rivers is rivers0 and melds is melds0 and bonus is bonus0 and indicator is indicator0:
        return seen0, packed
    if ((indicator is not indicator0 and indicator != indicator0)
            or len(rivers) != len(rivers0) or len(melds) != len(melds0)
            or len(bonus) != len(bonus0)):
        return _seen_afresh(melds, bonus, rivers, indicator)
    seen = seen0[:]
    for i, new in enumerate(rivers):
        old = rivers0[i]
        if old is new:
            continue
        # discards are only added, and only the latest can be claimed: all but the old last
        # entry are still there, unchanged
        keep = len(old) - 1 if old else 0
        if new[:keep] != old[:keep]:  # not a later state of the same river: count afresh
            return _seen_afresh(melds, bonus, rivers, indicator)
        # (inline, not through `_recount`: a river changes on nearly every view)
        unit = _UNIT
        for t, claimed in old[keep:]:
            if not claimed:
                if seen[t] <= 5:
                    packed -= unit[t]
                seen[t] -= 1
        for t, claimed in new[keep:]:
            if not claimed:
                seen[t] += 1
                if seen[t] <= 5:
                    packed += unit[t]
    if melds is not melds0:
        for old_melds, new_melds in zip(melds0, melds, strict=True):
            if old_melds is not new_melds:
                packed = _recount(seen, packed, [t for m in old_melds for t in m.tiles],
                                  [t for m in new_melds for t in m.tiles])
    if bonus is not bonus0:
        for old_bonus, new_bonus in zip(bonus0, bonus, strict=True):
            if old_bonus is not new_bonus:
                packed = _recount(seen, packed, [t for t in old_bonus if t < 34],
                                  [t for t in new_bonus if t < 34])
    _seen_memo = (melds, bonus, rivers, indicator, seen, packed)
    return seen, packed


def _recount(seen: list[int], packed: int, gone: list[Tile], come: list[Tile]) -> int:
    """Take the tiles `gone` out of `seen` and add those that `come`; returns `packed` moved
    alike (a copy moves it only while its kind's count is within the cap, `_CAP`, so it stays
    `_packed` of the list)."""
    unit = _UNIT
    for t in gone:
        if seen[t] <= 5:
            packed -= unit[t]
        seen[t] -= 1
    for t in come:
        seen[t] += 1
        if seen[t] <= 5:
            packed += unit[t]
    return packed


def _seen_afresh(melds: tuple[tuple[Meld, ...], ...], bonus: tuple[tuple[Tile, ...], ...],
                 rivers: tuple[tuple[tuple[Tile, bool], ...], ...],
                 indicator: Tile | None) -> tuple[list[int], int]:
    """`_public_seen` counted from nothing (and kept)."""
    global _seen_memo
    seen = _count_seen(melds, bonus, rivers, indicator)
    packed = _packed(seen)
    _seen_memo = (melds, bonus, rivers, indicator, seen, packed)
    return seen, packed


def unseen_of_key(view: SeatView, key: bytes) -> bytes:
    """`view.unseen()` as bytes, from the view's own counts as bytes (`key`, 34 of them): a
    bot that made the key already skips making it again and the list."""
    packed = _public_seen(view.melds, view.bonus, view.rivers, view.indicator)[1]
    own = int.from_bytes(key.translate(_CAP), "little")
    return (own + packed).to_bytes(34, "little").translate(_LIVE_BYTES)


class SeatView(NamedTuple):
    """A seat's knowledge of the table. Seats are 0-3 = E S W N; E deals.

    A named tuple rather than a dataclass: bots build one per decision, and tuples are cheap.
    """

    seat: int
    ruleset: str
    hand_no: int
    phase: ViewPhase
    current: int
    to_act: tuple[int, ...]
    counts: tuple[int, ...]
    """The viewer's own concealed tiles as 34 counts by kind (all zero for a spectator)."""
    drawn: Tile | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    bonus: tuple[tuple[Tile, ...], ...]
    rivers: tuple[tuple[tuple[Tile, bool], ...], ...]
    """Each seat's discards in order; True marks a tile claimed by another seat."""
    last_discard: tuple[int, Tile] | None
    wall_left: int
    """Tiles that can still be drawn before the hand is drawn (the reserve not counted)."""
    wall_remaining: int
    """Tiles physically still in the wall (for drawing it)."""
    wall_taken: tuple[int, int]
    """Tiles taken from the head and from the tail."""
    dice: tuple[int, int]
    wall_break: tuple[int, int]
    """(side, stack) of the break (M4)."""
    wild: Tile | None
    indicator: Tile | None
    legal: tuple[Action, ...]
    scores: tuple[int, ...]
    """Per seat: the player's score or gold now, payments made during the hand included."""
    players: tuple[int, ...]
    """The player number sitting in each seat."""
    names: tuple[str, ...]
    stake: int
    dealer_streak: int
    result: HandResult | None
    revealed: tuple[tuple[Tile, ...], ...] = ()
    """All concealed hands, only once the hand is over."""
    refusals: tuple[Refusal, ...] = ()
    """Why a claim or a win this seat's shape allows is not offered, or an answer it gave was
    not carried out (the latest discard, its own draw): filled only for a seat the table
    explains (`Match.explained_view`), never in a bot's view."""

    @property
    def concealed(self) -> tuple[Tile, ...]:
        """The viewer's own concealed tiles, sorted."""
        return sorted_tiles(self.counts)

    def unseen(self) -> list[int]:
        """For each kind 0-33, how many tiles this seat has not seen anywhere."""
        # own tiles plus the table's public count, kept across views (`_public_seen`); bots
        # ask this every decision, so the 34 sums and lookups are done in C: both counts
        # packed a byte a kind, added as two ints, the bytes looked up in one translate
        counts = self.counts
        if len(counts) == 34:
            try:
                key = bytes(counts)
            except ValueError:  # a count below 0 or above 255, in a view built by hand
                pass
            else:
                return list(unseen_of_key(self, key))
        seen, _ = _public_seen(self.melds, self.bonus, self.rivers, self.indicator)
        return list(map(_LIVE.__getitem__, map(add, counts, seen)))

    def to_wire(self) -> dict[str, Any]:
        """A plain msgpack-able dict of the view (tiles as ints, melds in notation)."""
        return {
            "seat": self.seat,
            "ruleset": self.ruleset,
            "hand_no": self.hand_no,
            "phase": self.phase,
            "current": self.current,
            "to_act": list(self.to_act),
            "concealed": [int(t) for t in self.concealed],
            "drawn": None if self.drawn is None else int(self.drawn),
            "hand_sizes": list(self.hand_sizes),
            "melds": [[_meld_wire(m) for m in ms] for ms in self.melds],
            "bonus": [[int(t) for t in b] for b in self.bonus],
            "rivers": [[[int(t), c] for t, c in r] for r in self.rivers],
            "last_discard": None if self.last_discard is None
            else [self.last_discard[0], int(self.last_discard[1])],
            "wall_left": self.wall_left,
            "wall_remaining": self.wall_remaining,
            "wall_taken": list(self.wall_taken),
            "dice": list(self.dice),
            "wall_break": list(self.wall_break),
            "wild": None if self.wild is None else int(self.wild),
            "indicator": None if self.indicator is None else int(self.indicator),
            "legal": [str(a) for a in self.legal],
            "scores": list(self.scores),
            "players": list(self.players),
            "names": list(self.names),
            "stake": self.stake,
            "dealer_streak": self.dealer_streak,
            "revealed": [[int(t) for t in h] for h in self.revealed],
            "result": None if self.result is None else result_to_wire(self.result),
            "refusals": [[r.action, r.key, [[k, n] for k, n in r.args],
                          None if r.tile is None else int(r.tile)] for r in self.refusals],
        }


def _tile_or_none(value: Any) -> Tile | None:
    return None if value is None else TILES[value]


def _counts_from(tiles: list[int]) -> tuple[int, ...]:
    counts = [0] * 34
    for t in tiles:
        counts[TILES[t]] += 1
    return tuple(counts)


def _meld_from(value: list[Any]) -> Meld:
    text, claimed, source = value
    meld = Meld.parse(text)
    return Meld(meld.kind, meld.tiles, _tile_or_none(claimed), source)


def view_from_wire(w: dict[str, Any]) -> SeatView:
    """The SeatView that `SeatView.to_wire()` described, its result (every winner) included.
    Raises KeyError, TypeError, ValueError or IndexError on a malformed dict."""
    last = w["last_discard"]
    return SeatView(
        seat=w["seat"],
        ruleset=w["ruleset"],
        hand_no=w["hand_no"],
        phase=w["phase"],
        current=w["current"],
        to_act=tuple(w["to_act"]),
        counts=_counts_from(w["concealed"]),
        drawn=_tile_or_none(w["drawn"]),
        hand_sizes=tuple(w["hand_sizes"]),
        melds=tuple(tuple(_meld_from(m) for m in ms) for ms in w["melds"]),
        bonus=tuple(tuple(TILES[t] for t in b) for b in w["bonus"]),
        rivers=tuple(tuple((TILES[t], bool(c)) for t, c in r) for r in w["rivers"]),
        last_discard=None if last is None else (last[0], TILES[last[1]]),
        wall_left=w["wall_left"],
        wall_remaining=w["wall_remaining"],
        wall_taken=(w["wall_taken"][0], w["wall_taken"][1]),
        dice=(w["dice"][0], w["dice"][1]),
        wall_break=(w["wall_break"][0], w["wall_break"][1]),
        wild=_tile_or_none(w["wild"]),
        indicator=_tile_or_none(w["indicator"]),
        legal=tuple(Action.parse(a) for a in w["legal"]),
        scores=tuple(w["scores"]),
        players=tuple(w["players"]),
        names=tuple(w["names"]),
        stake=w["stake"],
        dealer_streak=w["dealer_streak"],
        result=None if w.get("result") is None else result_from_wire(w["result"]),
        revealed=tuple(tuple(TILES[t] for t in h) for h in w["revealed"]),
        refusals=tuple(Refusal(str(a), str(k), tuple((str(n), int(v)) for n, v in args),
                               _tile_or_none(tile))
                       for a, k, args, tile in w.get("refusals", ())),
    )


def _lines_wire(lines: tuple[ScoreLine, ...]) -> list[list[Any]]:
    # keys and arguments, never words: each side words them in its own language
    return [[x.key, x.value, x.unit, x.text, [int(t) for t in x.tiles],
             None if x.tile is None else int(x.tile), x.n, x.wilds, x.group] for x in lines]


def _lines_from(raw: list[list[Any]]) -> tuple[ScoreLine, ...]:
    return tuple(ScoreLine(str(k), int(v), str(u), str(text), tuple(TILES[t] for t in tiles),
                           _tile_or_none(tile), int(n), int(wilds), str(group))
                 for k, v, u, text, tiles, tile, n, wilds, group in raw)


def _payments_wire(payments: tuple[Payment, ...]) -> list[list[Any]]:
    return [[p.payer, p.payee, p.amount, p.key, p.text] for p in payments]


def _payments_from(raw: list[list[Any]]) -> tuple[Payment, ...]:
    return tuple(Payment(int(a), int(b), int(n), str(k), str(text)) for a, b, n, k, text in raw)


def _score_wire(score: ScoreResult) -> dict[str, Any]:
    return {"total": score.total, "items": _lines_wire(score.items),
            "extra": dict(score.extra), "reading": score.reading}


def _score_from(w: dict[str, Any]) -> ScoreResult:
    return ScoreResult(int(w["total"]), _lines_from(w["items"]), dict(w["extra"]),
                       str(w["reading"]))


def result_to_wire(r: HandResult) -> dict[str, Any]:
    """A hand's result as plain data (for the LAN and anything else that sends views)."""
    s = r.settlement
    return {
        "winner": r.winner, "discarder": r.discarder, "how": r.how,
        "score": None if r.score is None else _score_wire(r.score),
        "settlement": {"payments": _payments_wire(s.payments), "dealer_keeps": s.dealer_keeps,
                       "values": list(s.values),
                       "loser_lines": [_lines_wire(x) for x in s.loser_lines]},
        "payments": _payments_wire(r.payments),
        "deltas": list(r.deltas),
        "others": [[seat, _score_wire(score)] for seat, score in r.others],
        "cut": list(r.cut),
        "tile": None if r.tile is None else int(r.tile),
    }


def result_from_wire(w: dict[str, Any]) -> HandResult:
    """The HandResult that `result_to_wire` described; one sent by an older peer, without
    further winners or the winning tile, has none."""
    score = w["score"]
    s = w["settlement"]
    d = w["deltas"]
    return HandResult(
        winner=w["winner"], discarder=w["discarder"], how=hand_how(str(w["how"])),
        score=None if score is None else _score_from(score),
        settlement=Settlement(_payments_from(s["payments"]), bool(s["dealer_keeps"]),
                              tuple(s["values"]),
                              tuple(_lines_from(x) for x in s["loser_lines"])),
        payments=_payments_from(w["payments"]),
        deltas=(d[0], d[1], d[2], d[3]),
        others=tuple((int(seat), _score_from(x)) for seat, x in w.get("others", ())),
        cut=tuple(int(seat) for seat in w.get("cut", ())),
        tile=_tile_or_none(w.get("tile")),
    )


def _meld_wire(meld: Meld) -> list[Any]:
    return [str(meld), None if meld.claimed is None else int(meld.claimed), meld.source]


def seat_view(
    hand: Hand,
    seat: int,
    *,
    hand_no: int,
    scores: Sequence[int],
    players: Sequence[int],
    names: Sequence[str],
) -> SeatView:
    """`seat`'s view of `hand` (SPECTATOR for public information only); `scores` by player,
    before the hand's payments."""
    deltas = hand.deltas
    return build_view(hand, seat, hand_no,
                      tuple([scores[players[s]] + deltas[s] for s in range(4)]),
                      tuple(players), tuple(names))


def build_view(hand: Hand, seat: int, hand_no: int, seat_scores: tuple[int, ...],
               players: tuple[int, ...], names: tuple[str, ...]) -> SeatView:
    """`seat_view` for a caller that already has each seat's score now (payments of the hand
    included), the players and their names by seat as tuples: the match builds one per
    decision of every seat that needs a view, so nothing here is converted again."""
    phase = _VIEW_PHASE[hand.phase._value_]  # (`.value` is a Python-level property)
    sizes, melds, bonus, rivers = hand.public()
    wall = hand.wall
    current = hand.current
    # whose turn it is, without asking the hand in most views (the seat whose turn it is)
    to_act = _ALONE[current] if phase == "discard" else hand.to_act()
    if 0 <= seat < 4:
        counts = tuple(hand.hands[seat])
        drawn = hand.drawn if current == seat and phase == "discard" else None
        legal = hand.legal_actions(seat)
        if phase == "claim" or phase == "rob":  # who may claim is private: a seat sees only
            # whether it is asked itself
            to_act = _ALONE[seat] if seat in to_act else ()
    else:
        counts, drawn, legal = _NO_TILES, None, ()
        if phase == "claim" or phase == "rob":
            to_act = ()
    # the wall's tiles left read off its ends (not its property, nor `hand.left()`)
    remaining = len(wall.order) - wall.head - wall.tail
    left = remaining - hand.reserve  # `hand.left()`, inlined
    return SeatView(
        seat=seat, ruleset=hand.rules.name, hand_no=hand_no, phase=phase, current=current,
        to_act=to_act, counts=counts, drawn=drawn, hand_sizes=sizes, melds=melds, bonus=bonus,
        rivers=rivers, last_discard=hand.last_discard, wall_left=left if left > 0 else 0,
        wall_remaining=remaining, wall_taken=(wall.head, wall.tail), dice=wall.dice,
        wall_break=(wall.side, wall.stack), wild=hand.wild, indicator=hand.indicator,
        legal=legal, scores=seat_scores, players=players, names=names, stake=hand.stake,
        dealer_streak=hand.dealer_streak, result=hand.result,
        revealed=tuple([hand.concealed(s) for s in range(4)]) if phase == "over" else (),
    )


def events_for(events: Iterable[Event], viewer: int) -> list[Event]:
    """`events` as `viewer` may see them: other seats' deals and draws lose their tiles."""
    out: list[Event] = []
    for e in events:
        if e.kind in _PRIVATE and e.seat != viewer:
            out.append(Event(e.kind, e.seat, amount=len(e.tiles) or 1, info=e.info))
        else:
            out.append(e)
    return out

