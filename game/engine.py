"""One hand as a state machine: who must act, what each seat may do, and `apply` → events.

Seats are 0-3 = E S W N; East (0) deals. Draws and bonus replacements happen by themselves;
seats only decide (discard, claim, kong, win, pass). Illegal actions raise and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from itertools import compress
from typing import TypeVar

from game import events as ev
from game import why
from game.actions import DISCARD_ACTIONS, PASS, Action, ActionKind
from game.errors import HandOver, NotYourTurn, UnknownAction
from game.events import Event
from game.melds import Meld, MeldKind
from game.rules.base import HandResult, Payment, Refusal, Ruleset, Settlement, combined
from game.rules.facts import HandHow, KongFact, KongKind, TableFacts, WinFacts, WinHow
from game.scoring import ScoreResult, WinContext
from game.shapes import is_seven_pairs, is_win, seven_pairs_waits_of_key, waits_of_key
from game.tiles import PLAY_KINDS, TILES, Tile, sorted_tiles
from game.wall import Wall


class Phase(Enum):
    DISCARD = "discard"
    """`current` has 3n+2 tiles and must discard, kong or win."""
    CLAIM = "claim"
    """Seats answer a discard: claim it, win on it, or pass."""
    ROB = "rob"
    """Seats may rob an added kong (M8)."""
    OVER = "over"


PublicState = tuple[
    tuple[int, ...],
    tuple[tuple[Meld, ...], ...],
    tuple[tuple[Tile, ...], ...],
    tuple[tuple[tuple[Tile, bool], ...], ...],
]

# The phases and the action kind read on every action, as module names (no class lookup).
_TURN = Phase.DISCARD
_ENDED = Phase.OVER
_DISCARD = ActionKind.DISCARD
_CLAIM_PHASE = Phase.CLAIM
_ROB_PHASE = Phase.ROB
_WIN_KIND = ActionKind.WIN
_CHOW_KIND = ActionKind.CHOW
_PONG_KIND = ActionKind.PONG
_KONG_KIND = ActionKind.KONG

# Every action the engine offers, built once (legality checks compare them; bots get them).
_DISCARDS = DISCARD_ACTIONS
_WIN_ON = tuple(Action(ActionKind.WIN, t) for t in TILES[:PLAY_KINDS])
_KONG_ON = tuple(Action(ActionKind.KONG, t) for t in TILES[:PLAY_KINDS])
_PONG_ON = tuple(Action(ActionKind.PONG, t) for t in TILES[:PLAY_KINDS])
_CONCEALED_KONG = tuple(Action(ActionKind.CONCEALED_KONG, t) for t in TILES[:PLAY_KINDS])
_ADDED_KONG = tuple(Action(ActionKind.ADDED_KONG, t) for t in TILES[:PLAY_KINDS])


def _chow_table(tile: int) -> tuple[tuple[int, int, Action], ...]:
    """The chows a suited discard can make: (the two other kinds needed, the chow action)."""
    if tile >= 27:
        return ()
    n = tile % 9
    out: list[tuple[int, int, Action]] = []
    for start in (tile - 2, tile - 1, tile):
        lo = start - tile + n
        if 0 <= lo <= 6:
            a, b = (k for k in (start, start + 1, start + 2) if k != tile)
            chow = tuple(TILES[k] for k in range(start, start + 3))
            out.append((a, b, Action(ActionKind.CHOW, TILES[tile], chow)))
    return tuple(out)


_CHOWS_ON = tuple(_chow_table(t) for t in range(PLAY_KINDS))
_NO_CHOWS: tuple[tuple[tuple[int, int, Action], ...], ...] = ((),) * PLAY_KINDS
_UNCLAIMED = tuple((t, False) for t in TILES[:PLAY_KINDS])
"""A river's entry for each kind of discard while it lies unclaimed (shared, immutable)."""
_DRAWS = ev.DRAWS
_TAIL_DRAWS = ev.TAIL_DRAWS
_BONUSES = ev.BONUSES
_SEAT_DISCARDS = ev.DISCARDS
_NO_WAITS: frozenset[int] = frozenset()
_AFTER = tuple(((s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4))
_NEXT = (1, 2, 3, 0)
CHOWS_FROM = (1, 2, 3, 0)
"""The one seat that may chow each seat's discard: the next (rulings M7; `Hand.refusals`
reads it to say why another seat may not)."""
CLAIM_TIERS: tuple[tuple[ActionKind, ...], ...] = (
    (ActionKind.KONG, ActionKind.PONG), (ActionKind.CHOW,))
"""Claims on one discard, first tier first, once no one wins on it (a win comes before any
claim): kong or pong before chow (rulings M7, N2). `_resolve` and `Hand.refusals` read it."""


_T = TypeVar("_T")


def _seat_tuples(lists: Sequence[list[_T]], parts: list[tuple[_T, ...] | None],
                 ) -> tuple[tuple[_T, ...], tuple[_T, ...], tuple[_T, ...], tuple[_T, ...]]:
    """The four seats' `lists` as tuples, rebuilding only the seats whose `parts` entry was
    dropped (None) and keeping the rebuilt tuples in `parts`."""
    a, b, c, d = parts
    # each seat on its own (not a zip over the four: a keyword-argument call per rebuild)
    if a is None:
        a = parts[0] = tuple(lists[0])
    if b is None:
        b = parts[1] = tuple(lists[1])
    if c is None:
        c = parts[2] = tuple(lists[2])
    if d is None:
        d = parts[3] = tuple(lists[3])
    return a, b, c, d


_SizesTable = tuple[tuple[tuple[Meld, ...], ...] | None, tuple[tuple[int, ...], ...]]


def _sizes_table(size: int, melds: tuple[tuple[Meld, ...], ...]) -> _SizesTable:
    """(`melds`, how many concealed tiles each seat holds while seat 0, 1, 2 or 3 is to discard
    and while seats answer a discard or a kong), worked out from the melds rather
    than by counting 34 kinds: while the hand is played, every seat holds the hand `size` less
    3 a meld (a kong's fourth tile is made up by its replacement; bonus tiles are replaced at
    once), and the seat whose turn it is one more. (`Hand.public` counts the tiles at the deal
    and at the end, where a winner on a discard holds the tile too.)"""
    a, b, c, d = (size - 3 * len(m) for m in melds)
    return melds, ((a + 1, b, c, d), (a, b + 1, c, d), (a, b, c + 1, d), (a, b, c, d + 1),
                   (a, b, c, d))


_NO_SIZES: _SizesTable = (None, ())


_CLAIM_EVENTS: dict[int, Event] = {}
"""The MELD event of each claim made so far, by (kind, chow's first tile, claimed tile, seat,
source) as one int: its meld and its hash line are built once (claims recur in every hand)."""


def _claim_event(kind: ActionKind, chow: tuple[Tile, ...], tile: Tile, seat: int,
                 source: int) -> Event:
    """The MELD event of `seat` claiming `source`'s `tile` (`chow` the chow's tiles)."""
    if kind is ActionKind.CHOW:
        first, code = chow[0], 0
    else:
        first, code = tile, 1 if kind is ActionKind.PONG else 2
    key = (((code * 34 + first) * 34 + tile) * 4 + seat) * 4 + source
    event = _CLAIM_EVENTS.get(key)
    if event is None:
        if kind is ActionKind.CHOW:
            meld = Meld(MeldKind.CHOW, chow, tile, source)
        elif kind is ActionKind.PONG:
            meld = Meld(MeldKind.PONG, (tile,) * 3, tile, source)
        else:
            meld = Meld(MeldKind.KONG, (tile,) * 4, tile, source)
        event = _CLAIM_EVENTS[key] = ev.kept(Event(ev.MELD, seat, meld=meld, other=source))
    return event


def after(seat: int) -> tuple[int, int, int]:
    """The other seats in turn order after `seat`."""
    return _AFTER[seat]


class _Derived:
    """Every value a `Hand` works out from its state and keeps until that state changes: the
    one cache of a hand. `drop()`, after every action and at the deal, is the one place the
    values of the whole table are dropped; a seat's tuples, its waits and the win context are
    dropped where the engine changes what they were made from."""

    __slots__ = ("bonus_all", "bonus_t", "concealed", "context", "draw_wins", "legal",
                 "melds_all", "melds_t", "public", "river_t", "sizes_by_turn", "to_act",
                 "waits")

    def __init__(self) -> None:
        self.legal: dict[int, tuple[Action, ...]] = {}
        """Per seat that must act, its legal actions."""
        self.to_act: tuple[int, ...] | None = None
        self.concealed: dict[int, tuple[Tile, ...]] = {}
        """Per seat asked, its concealed tiles sorted."""
        self.public: PublicState | None = None
        self.sizes_by_turn = _NO_SIZES
        """`_sizes_table` of the melds `public` last read (its first entry)."""
        # Per seat, its melds, bonus tiles and river as tuples, each dropped when it changes.
        self.melds_t: list[tuple[Meld, ...] | None] = [None] * 4
        self.bonus_t: list[tuple[Tile, ...] | None] = [None] * 4
        self.river_t: list[tuple[tuple[Tile, bool], ...] | None] = [None] * 4
        self.melds_all: tuple[tuple[Meld, ...], ...] | None = None
        self.bonus_all: tuple[tuple[Tile, ...], ...] | None = None
        """All seats' melds / bonus tiles as one tuple, dropped with any seat's part."""
        self.waits: list[tuple[list[int], frozenset[int]] | None] = [None] * 4
        """Per seat, (its counts list, the kinds that complete it): dropped (None) wherever
        the engine changes the seat's counts, so a claim check needs no key of the counts;
        a counts list replaced from outside does not match its seat's memo."""
        self.context: tuple[int, Tile | None, bool, bool, list[int], WinContext] | None = None
        """The last `context` built without flags, with (seat, win tile, self-draw, robbing,
        the seat's counts list) it was built for; dropped whenever the state may change (any
        action but an answer that leaves the answers open, and when a win changes a hand).
        A win is offered and then scored on the same state, so its context is built once."""
        self.draw_wins: tuple[list[int], Tile, frozenset[int]] | None = None
        """(the drawer's counts list, the tile drawn, the waits of the hand before the draw):
        the turn's win check reads whether the tile is among them, and a discard of the
        drawn tile gives the hand those waits back."""

    def drop(self, answering: bool = False) -> None:
        """Drop what the whole table's state gave; `answering`: seats are still answering a
        discard or a kong, which changes nothing `context` reads until the answers are
        resolved (the context an offered win was checked with stays)."""
        self.legal.clear()
        self.to_act = None
        self.concealed.clear()
        self.public = None
        if not answering:
            self.context = None


class Hand:
    """The state of one hand. Build it, call `start()`, then `apply()` until `phase` is OVER."""

    def __init__(
        self,
        rules: Ruleset,
        rng: random.Random,
        *,
        stake: int = 1,
        dealer_streak: int = 0,
        wall_tiles: Sequence[int] | None = None,
        draw_order: Sequence[int] | None = None,
    ) -> None:
        # What the hand is played with.
        self.rules = rules
        self.rng = rng
        self.stake = stake
        self.dealer_streak = dealer_streak
        self.wall = (Wall.arranged(rng, draw_order) if draw_order is not None
                     else Wall.build(rng, wall_tiles))
        # The state: the table as it stands. view.py, simulate.py and net/table.py read the
        # public fields directly; only the engine writes any of them.
        self.hands: list[list[int]] = [[0] * PLAY_KINDS for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.bonus: list[list[Tile]] = [[] for _ in range(4)]
        self.rivers: list[list[tuple[Tile, bool]]] = [[] for _ in range(4)]
        self.out_of_play: list[Tile] = []
        """Bonus tiles flipped while looking for the wildcard indicator (M5)."""
        self.wild: Tile | None = None
        self.indicator: Tile | None = None
        self.phase = Phase.DISCARD
        self.current = 0
        self.drawn: Tile | None = None
        self.last_discard: tuple[int, Tile] | None = None
        """The latest discard while it lies in the river unclaimed."""
        self.pending: tuple[int, Tile] | None = None
        """(seat, tile) of the discard or added-kong tile being answered."""
        self.offers: dict[int, tuple[Action, ...]] = {}
        self.answers: dict[int, Action] = {}
        self.payments: list[Payment] = []
        self.deltas = [0, 0, 0, 0]
        self.result: HandResult | None = None
        # The state: how the hand got here, as the rules read it (the table facts, the win
        # flags, the result).
        self.after_kong = False
        self.after_flower = False
        self.just_claimed = False
        self.discards = 0
        self.claims = [0, 0, 0, 0]
        self.since_claim = 0
        """How many of the latest discards came after the last claim."""
        self.last_kong: KongFact | None = None
        """The kong just declared, until its maker discards: a win on its replacement reads
        who fed it (ruling N13c). An added kong replaces its pong where it stands, so the
        last meld is not necessarily the kong."""
        self._run: tuple[tuple[int, Tile], ...] = ()
        """The latest discards since the last claim, at most four (the facts' `run`)."""
        self._seat_discards = [0, 0, 0, 0]
        self._thrown = [[0] * PLAY_KINDS for _ in range(4)]
        """Per seat, how many of each kind it has discarded."""
        self._same_kind = 0
        self._cut: tuple[int, ...] = ()
        """Seats whose declared win was cut off by an earlier one (截胡), for the result."""
        self._received: list[Tile | None] = [None, None, None, None]
        """Per seat, the last tile the deal left in its hand (the dealer's stands for its
        draw, 天胡)."""
        self._fours = [0, 0, 0, 0]
        """Per seat, how many kinds it holds four of (kept wherever the engine changes a
        count), so a turn looks for concealed kongs only when there is one."""
        # What the rules fix for the whole hand, read on every draw and discard.
        self.reserve = rules.reserve()
        """Tiles left standing when the hand is drawn (M10; 0 in Nanjing): `left` and the views
        read it."""
        self._bonus_kinds = rules.bonus_kinds
        self._chows = _CHOWS_ON if rules.has_chow else _NO_CHOWS
        self._discard_hook = rules.discard_hook
        self._bonus_hook = rules.bonus_hook
        self._claim_hook = rules.claim_hook
        self._seven_pairs = rules.seven_pairs
        # Everything worked out from the state, kept until it changes: the one cache.
        self._derived = _Derived()
        self.explained: frozenset[int] = frozenset()
        """Seats whose refusals are noted as play goes (`refusals`): the people at a table.
        Empty for bots' matches, which then never pay for explaining."""
        self.notes: dict[int, tuple[Refusal, ...]] = {}
        """Per explained seat, the refusals of the latest discard or added kong refused it
        something, and of its answers, until it discards (`game.why`)."""

    # ----------------------------------------------------------------- queries

    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now, in turn order."""
        derived = self._derived
        found = derived.to_act
        if found is None:
            found = derived.to_act = self._to_act()
        return found

    def _to_act(self) -> tuple[int, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.DISCARD:
            return (self.current,)
        assert self.pending is not None
        offers, answers = self.offers, self.answers
        return tuple([s for s in _AFTER[self.pending[0]] if s in offers and s not in answers])

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        legal = self._derived.legal
        cached = legal.get(seat)  # only seats that must act are ever cached
        if cached is not None:
            return cached
        if self.phase is _TURN:  # most asks: the seat whose turn it is
            if seat != self.current:
                return ()
            cached = legal[seat] = self._turn_actions(seat)
            return cached
        if seat not in self.to_act():
            return ()
        cached = legal[seat] = self.offers[seat]
        return cached

    def refusals(self, seat: int) -> tuple[Refusal, ...]:
        """Why `seat` is not offered a claim or a win its hand's shape would allow, or why an
        answer it gave was not carried out: on its own turn its draw first, then the latest
        discard or added kong that refused it something, until it discards (noted only for
        `explained` seats). Worked out from the same checks and tables that decide the
        offers, only when asked."""
        if self.phase is _TURN and seat == self.current:
            return why.turn_refusals(self, seat) + self.notes.get(seat, ())
        return self.notes.get(seat, ())

    def concealed(self, seat: int) -> tuple[Tile, ...]:
        """`seat`'s concealed tiles, sorted."""
        concealed = self._derived.concealed
        cached = concealed.get(seat)
        if cached is None:
            cached = concealed[seat] = sorted_tiles(self.hands[seat])
        return cached

    def public(self) -> PublicState:
        """(hand sizes, melds, bonus tiles, rivers) of all seats: what everyone may see."""
        derived = self._derived
        cached = derived.public
        if cached is None:
            # the melds and bonus tiles of all seats are rebuilt only when one changed (each
            # change drops `melds_all` or `bonus_all`); a river changes on every discard
            melds = derived.melds_all
            if melds is None:
                melds = self._melds_now()
            bonus = derived.bonus_all
            if bonus is None:
                bonus = self._bonus_now()
            # the sizes read off `_sizes_table`, made once per melds (not worked out a view)
            phase = self.phase
            if phase is _ENDED or not self.wall.head:
                sizes = tuple(map(sum, self.hands))
            else:
                by_turn = derived.sizes_by_turn
                if by_turn[0] is not melds:
                    by_turn = derived.sizes_by_turn = _sizes_table(self.rules.hand_size, melds)
                sizes = by_turn[1][self.current if phase is _TURN else 4]
            cached = derived.public = (sizes, melds, bonus,
                                       _seat_tuples(self.rivers, derived.river_t))
        return cached

    def _melds_now(self) -> tuple[tuple[Meld, ...], ...]:
        derived = self._derived
        found = derived.melds_all = _seat_tuples(self.melds, derived.melds_t)
        return found

    def _bonus_now(self) -> tuple[tuple[Tile, ...], ...]:
        derived = self._derived
        found = derived.bonus_all = _seat_tuples(self.bonus, derived.bonus_t)
        return found

    def _rivers_now(self) -> tuple[tuple[tuple[Tile, bool], ...], ...]:
        return _seat_tuples(self.rivers, self._derived.river_t)

    def facts(self) -> TableFacts:
        """The public facts a ruleset hook reads, as they stand now."""
        c = self.claims
        d = self._seat_discards
        derived = self._derived
        melds = derived.melds_all
        bonus = derived.bonus_all
        # made straight into the tuple, and the cached tuples read directly when none is
        # stale: a hook may be called on every discard; every field is kept as play goes,
        # none walks the history
        return tuple.__new__(TableFacts, (
            self.stake,
            self._melds_now() if melds is None else melds,
            self._bonus_now() if bonus is None else bonus,
            self.discards, self._run,
            self.since_claim, (c[0], c[1], c[2], c[3]), self.wall.left,
            None if self.pending is None else self.pending[0], self.last_kong,
            self.dealer_streak, (d[0], d[1], d[2], d[3]), self._same_kind))

    def left(self) -> int:
        """Tiles that can still be drawn from the head before the hand is drawn."""
        wall = self.wall  # its `left`, inlined (read for every view)
        left = len(wall.order) - wall.head - wall.tail - self.reserve
        return left if left > 0 else 0

    def tile_census(self) -> list[int]:
        """Every tile's whereabouts counted by kind (for the 144-tile conservation check)."""
        census = [0] * 42
        for tile in self.wall.remaining():
            census[tile] += 1
        for seat in range(4):
            for kind, n in enumerate(self.hands[seat]):
                census[kind] += n
            for meld in self.melds[seat]:
                for t in meld.tiles:
                    census[t] += 1
            for t in self.bonus[seat]:
                census[t] += 1
            for t, claimed in self.rivers[seat]:
                if not claimed:
                    census[t] += 1
        for t in self.out_of_play:
            census[t] += 1
        if self.indicator is not None:
            census[self.indicator] += 1
        if self.phase is Phase.ROB and self.pending is not None:
            # the added-kong tile being answered has left the konger's hand and joins its
            # meld only if nobody robs it (a robber takes it into its hand): count it here
            census[self.pending[1]] += 1
        return census

    # ----------------------------------------------------------------- start

    def start(self) -> list[Event]:
        """Deal (M5, N2), flip the wildcard (M5), replace bonus tiles; the dealer acts first."""
        self._derived.drop()
        out: list[Event] = [
            Event(ev.HAND_START, 0, amount=self.stake,
                  info=f"dice={self.wall.dice[0]},{self.wall.dice[1]} "
                       f"break={self.wall.side},{self.wall.stack}")
        ]
        size = self.rules.hand_size
        wall = self.wall
        dealt: list[list[int]] = [[] for _ in range(4)]
        while len(dealt[3]) < size:
            for seat in range(4):
                take = min(4, size - len(dealt[seat]))
                dealt[seat].extend(wall.draw_head_many(take))
        dealt[0].append(wall.draw_head())
        unreplaced: list[list[Tile]] = [[] for _ in range(4)]
        bonus_kinds = self.rules.bonus_kinds
        tiles = TILES
        for seat in range(4):
            hand = self.hands[seat]
            last = -1  # the last tile received that stays in the hand
            for t in dealt[seat]:
                if t in bonus_kinds:
                    unreplaced[seat].append(tiles[t])
                else:
                    hand[t] += 1
                    last = t
            if last >= 0:
                self._received[seat] = tiles[last]
            self._fours[seat] = hand.count(4)
            out.append(Event(ev.DEAL, seat, tiles=tuple([tiles[t] for t in dealt[seat]])))
        if self.rules.uses_wild:
            skipped: list[Tile] = []
            tile = TILES[self.wall.draw_head()]
            while tile in self.rules.bonus_kinds:
                skipped.append(tile)
                tile = TILES[self.wall.draw_head()]
            self.out_of_play.extend(skipped)
            self.indicator = tile
            self.wild = tile
            out.append(Event(ev.WILD, tile=tile, tiles=tuple(skipped)))
        for seat in range(4):  # dealer first, then in turn order (M5)
            for tile in unreplaced[seat]:
                self._set_aside(seat, tile, out)
                # the deal's replacements: the waits before each draw would serve only the
                # dealer's first turn, and only if nobody after it replaces (`_complete` then)
                drawn = self._draw_from(seat, True, out, False)
                if drawn is None:
                    return out
                self._received[seat] = drawn
        self._derived.drop()
        self.drawn = self._received[0]  # the dealer's last tile stands for its draw (天胡)
        self.current = 0
        self.phase = Phase.DISCARD
        self.after_flower = False
        return out

    def _set_aside(self, seat: int, tile: Tile, events: list[Event]) -> None:
        """`seat` sets bonus `tile` aside; its events (and any payment) go to `events`."""
        held = self.bonus[seat]
        held.append(tile)
        derived = self._derived
        derived.bonus_t[seat] = None
        derived.bonus_all = None
        events.append(_BONUSES[seat][tile])
        if self._bonus_hook and self.rules.bonus_may_pay(len(held)):
            events.extend(self._pay(self.rules.on_bonus(self.facts(), seat, tile)))

    # ----------------------------------------------------------------- apply

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out `action` for `seat`; raise IllegalAction (state unchanged) if not legal."""
        phase = self.phase
        if phase is _ENDED:
            raise HandOver("the hand is over")
        legal = self._derived.legal.get(seat) or self.legal_actions(seat)
        if not legal:
            raise NotYourTurn(f"{'ESWN'[seat]} has nothing to do now")
        for offered in legal:  # a bot hands back one of these very objects: found by identity
            if offered is action:
                break
        else:
            if action not in legal:  # an equal action made elsewhere (a peer, a replay)
                options = ", ".join(str(a) for a in legal)
                raise UnknownAction(f"{'ESWN'[seat]} cannot '{action}' now; legal: {options}",
                                    values={"action": action.kind.value})
        # the derived values are dropped once the action is done; nothing the action reads
        # is cached (the hands revealed at the end are read afresh, `_finish`)
        try:
            if phase is _TURN:
                if action.kind is _DISCARD:  # most turns
                    assert action.tile is not None
                    return self._discard(seat, action.tile)
                return self._turn(seat, action)
            self.answers[seat] = action
            if self._to_act():
                return []
            return self._resolve()
        finally:
            after = self.phase
            self._derived.drop(after is _CLAIM_PHASE or after is _ROB_PHASE)

    def _turn(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        assert action.tile is not None or kind is ActionKind.WIN
        if kind is ActionKind.DISCARD:
            assert action.tile is not None
            return self._discard(seat, action.tile)
        if kind is ActionKind.WIN:
            assert self.drawn is not None
            return self._win((seat,), self.drawn, None, robbing=False)
        tile = action.tile
        assert tile is not None
        if kind is ActionKind.CONCEALED_KONG:
            self.hands[seat][tile] -= 4
            self._fours[seat] -= 1
            self._derived.waits[seat] = None
            meld = Meld(MeldKind.CONCEALED_KONG, (tile,) * 4)
            self.melds[seat].append(meld)
            derived = self._derived
            derived.melds_t[seat] = None
            derived.melds_all = None
            out = [Event(ev.MELD, seat, meld=meld)]
            self.last_kong = KongFact(seat, KongKind.CONCEALED, tile, None)
            out.extend(self._pay(self.rules.on_kong(self.facts(), self.last_kong)))
            return out + self._kong_draw(seat)
        # added kong: others may rob it first (M8)
        self.hands[seat][tile] -= 1
        self._derived.waits[seat] = None
        self.drawn = None
        offers: dict[int, tuple[Action, ...]] = {}
        if tile != self.wild:
            for other in _AFTER[seat]:
                if self._can_win_on(other, tile, robbing=True):
                    offers[other] = (_WIN_ON[tile], PASS)
        if self.explained:
            why.note_rob(self, seat, tile, offers)
        if offers:
            self.phase = Phase.ROB
            self.pending = (seat, tile)
            self.offers = offers
            self.answers = {}
            return []
        return self._complete_added_kong(seat, tile)

    def _complete_added_kong(self, seat: int, tile: Tile) -> list[Event]:
        melds = self.melds[seat]
        index = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PONG and m.first == tile)
        pong = melds[index]
        meld = Meld(MeldKind.ADDED_KONG, (tile,) * 4, pong.claimed, pong.source)
        melds[index] = meld
        derived = self._derived
        derived.melds_t[seat] = None
        derived.melds_all = None
        out = [Event(ev.MELD, seat, meld=meld, other=-1 if pong.source is None else pong.source)]
        self.last_kong = KongFact(seat, KongKind.ADDED, tile, pong.source)
        out.extend(self._pay(self.rules.on_kong(self.facts(), self.last_kong)))
        return out + self._kong_draw(seat)

    def _kong_draw(self, seat: int) -> list[Event]:
        out: list[Event] = []
        tile = self._draw_from(seat, True, out)
        if tile is not None:
            self.after_kong = True
            self._start_turn(seat, tile)
        return out

    def _discard(self, seat: int, tile: Tile) -> list[Event]:
        # the kind as a plain int indexes the lists below on CPython's fast path (a Tile, an
        # int subclass, takes the slow one); the Tile goes where the tile is shown
        kind = tile + 0
        hand = self.hands[seat]
        hand[kind] -= 1
        if hand[kind] == 3:
            self._fours[seat] -= 1
        derived = self._derived
        known = derived.draw_wins
        if (known is not None and tile == self.drawn and known[0] is hand
                and known[1] == tile):
            # the drawn tile goes straight out: the hand is the one before the draw (a kong
            # or a claim since would have drawn anew or dropped `drawn`)
            derived.waits[seat] = (hand, known[2])
        else:
            derived.waits[seat] = None
        derived.context = None  # a turn's self-draw context is stale once the hand changes
        self.rivers[seat].append(_UNCLAIMED[kind])
        derived.river_t[seat] = None
        self.discards += 1
        self.since_claim += 1
        last = self.last_discard = (seat, tile)
        run = self._run
        self._run = (run[1], run[2], run[3], last) if len(run) == 4 else (*run, last)
        self._seat_discards[seat] += 1
        thrown = self._thrown[seat]
        thrown[kind] += 1
        self._same_kind = thrown[kind]
        self.last_kong = None
        self.drawn = None
        self.after_kong = self.after_flower = self.just_claimed = False
        out = [_SEAT_DISCARDS[seat][kind]]
        if self._discard_hook and self.rules.discard_may_pay(self._run, self._same_kind):
            paid = self.rules.on_discard(self.facts(), seat, tile)
            if paid:
                out.extend(self._pay(paid))
        offers = self._claim_offers(seat, kind)
        if self.explained:  # only a table with people on it asks (never a bot's match)
            why.note_discard(self, seat, kind, offers)
        if offers:
            self.phase = _CLAIM_PHASE
            self.pending = last
            self.offers = offers
            self.answers = {}
            return out
        # the next seat draws (`_next_draw` and `_start_turn`, inlined: this is most turns of
        # a hand)
        # a hand in its discard phase has no pending tile, offers or answers, so only the seat
        # and its tile change
        nxt = _NEXT[seat]
        drawn = self._draw_from(nxt, False, out)
        if drawn is not None:
            self.current = nxt
            self.drawn = drawn
        return out

    def _next_draw(self, discarder: int, out: list[Event]) -> list[Event]:
        """The next seat draws; its events are added to `out`, which is returned."""
        seat = (discarder + 1) % 4
        tile = self._draw_from(seat, False, out)
        if tile is not None:
            self._start_turn(seat, tile)
        return out

    def _start_turn(self, seat: int, tile: Tile) -> None:
        self.current = seat
        self.drawn = tile
        self.phase = _TURN
        self.pending = None
        self.offers = {}
        self.answers = {}

    def _draw_from(self, seat: int, tail: bool, events: list[Event],
                   turn: bool = True) -> Tile | None:
        """Draw for `seat`, setting bonus tiles aside; None (hand drawn) if the wall is done.
        `turn`: the draw starts `seat`'s turn, so its win check may read the waits before it."""
        wall = self.wall
        # the tail may use up the reserve (wall.left, inlined: most draws pass here)
        if len(wall.order) - wall.head - wall.tail <= (0 if tail else self.reserve):
            events.extend(self._exhausted())
            return None
        # the wall's plain int kinds index the tables and the hand (a Tile is slower there)
        if tail:
            kind = wall.draw_tail()
            events.append(_TAIL_DRAWS[seat][kind])
        else:  # wall.draw_head(), inlined
            head = wall.head
            wall.head = head + 1
            kind = wall.order[head]
            events.append(_DRAWS[seat][kind])
        self.after_flower = False
        while kind in self._bonus_kinds:
            self._set_aside(seat, TILES[kind], events)
            if len(wall.order) == wall.head + wall.tail:  # wall.left == 0
                events.extend(self._exhausted())
                return None
            kind = wall.draw_tail()
            events.append(_TAIL_DRAWS[seat][kind])
            self.after_flower = True
        tile = TILES[kind]
        hand = self.hands[seat]
        wild = self.wild
        derived = self._derived
        if turn and (wild is None or kind != wild):  # (a Tile compared with None is slow)
            # the waits of the hand before the draw are usually known already (claim offers
            # read them), so whether this tile completes it costs a set test
            memo = derived.waits[seat]
            found = memo[1] if memo is not None and memo[0] is hand else self._waits_of(seat)
            derived.draw_wins = (hand, tile, found)
        else:  # a drawn wild may stand for any kind: `_complete` decides
            derived.draw_wins = None
        hand[kind] += 1
        if hand[kind] == 4:
            self._fours[seat] += 1
        derived.waits[seat] = None
        return tile

    def _claim_offers(self, seat: int, tile: int) -> dict[int, tuple[Action, ...]]:
        """What each other seat may do with `seat`'s discard of kind `tile` (a plain int)."""
        wild = self.wild
        if wild is not None and tile == wild:  # a discarded wild is dead (M6)
            return {}
        offers: dict[int, tuple[Action, ...]] = {}
        chows = self._chows[tile]
        hands = self.hands
        memos = self._derived.waits
        nxt = CHOWS_FROM[seat]
        for other in _AFTER[seat]:
            hand = hands[other]
            held = hand[tile]
            # every seat's waits are known (remembered since its hand last changed): one set
            # test and one count rule out most seats, and most discards interest nobody
            memo = memos[other]
            wins = tile in (memo[1] if memo is not None and memo[0] is hand
                            else self._waits_of(other))
            if not wins and held < 2 and (other != nxt or not chows):
                continue
            acts: list[Action] = []
            if wins and self._may_win_on(other, TILES[tile], robbing=False):
                acts.append(_WIN_ON[tile])
            if held >= 2:
                if held >= 3 and self.wall.left > 0:
                    acts.append(_KONG_ON[tile])
                acts.append(_PONG_ON[tile])
            if other == nxt:
                for a, b, chow in chows:
                    if hand[a] and hand[b] and a != wild and b != wild:  # wilds never chow (M6)
                        acts.append(chow)
            if acts:
                acts.append(PASS)
                offers[other] = tuple(acts)
        return offers

    def _can_win_on(self, seat: int, tile: Tile, *, robbing: bool) -> bool:
        return tile in self._waits(seat) and self._may_win_on(seat, tile, robbing=robbing)

    def _may_win_on(self, seat: int, tile: Tile, *, robbing: bool) -> bool:
        """Whether `seat`, whose hand `tile` completes, may win on it (a fifth copy cannot
        be; the ruleset's own conditions)."""
        if self.hands[seat][tile] >= 4:
            return False
        ctx = self.context(seat, tile, self_draw=False, discarder=None, robbing=robbing)
        return self.rules.may_win(ctx)

    def _waits(self, seat: int) -> frozenset[int]:
        """Kinds that would complete `seat`'s waiting hand, remembered until the hand changes."""
        memo = self._derived.waits[seat]
        if memo is not None and memo[0] is self.hands[seat]:
            return memo[1]
        return self._waits_of(seat)

    def _waits_of(self, seat: int) -> frozenset[int]:
        """`_waits` worked out afresh, and remembered until the engine changes the hand."""
        hand = self.hands[seat]
        key = bytes(bytearray(hand))  # fewer instructions than bytes(hand) (CPython 3.11)
        wild = self.wild
        if wild is not None and key[wild]:
            found = waits_of_key(key[:wild] + b"\0" + key[wild + 1:], key[wild])
        else:
            found = waits_of_key(key)
        # seven pairs wait on one kind held once or three times, the rest in pairs: a hand
        # with any other number of odd kinds is out before the call (most hands are)
        if (self._seven_pairs and not self.melds[seat]
                and key.count(1) + key.count(3) == 1):
            pairs = seven_pairs_waits_of_key(key)
            if pairs:
                found = found + pairs
        result = frozenset(found) if found else _NO_WAITS
        self._derived.waits[seat] = (hand, result)
        return result

    def _complete(self, seat: int) -> bool:
        hand = self.hands[seat]
        wild = self.wild
        if wild is None:
            if is_win(hand):
                return True
            return self.rules.seven_pairs and not self.melds[seat] and is_seven_pairs(hand)
        wilds = hand[wild]
        if not wilds:
            return is_win(hand)
        counts = hand[:]
        counts[wild] = 0
        return is_win(counts, wilds)

    def _turn_actions(self, seat: int) -> tuple[Action, ...]:
        hand = self.hands[seat]
        acts: list[Action] = []
        if not self.just_claimed:
            known = self._derived.draw_wins
            if known is not None and known[0] is hand and known[1] == self.drawn:
                complete = known[1] in known[2]
            else:
                complete = self._complete(seat)
            if complete:
                win_tile = self.drawn
                ctx = self.context(seat, win_tile, self_draw=True, discarder=None, robbing=False)
                if self.rules.may_win(ctx):
                    acts.append(Action(ActionKind.WIN, win_tile))
            wall = self.wall
            if len(wall.order) > wall.head + wall.tail:  # wall.left > 0
                if self._fours[seat]:
                    for kind, n in enumerate(hand):
                        if n == 4 and kind != self.wild:
                            acts.append(_CONCEALED_KONG[kind])
                melds = self.melds[seat]
                if melds:
                    for meld in melds:
                        if meld.kind is MeldKind.PONG and hand[meld.tiles[0]]:
                            acts.append(_ADDED_KONG[meld.tiles[0]])
        if not acts:
            return tuple(compress(_DISCARDS, hand))
        acts.extend(compress(_DISCARDS, hand))
        return tuple(acts)

    # ----------------------------------------------------------------- claims

    def _resolve(self) -> list[Event]:
        assert self.pending is not None
        source, tile = self.pending
        if self.phase is _CLAIM_PHASE:
            for given in self.answers.values():
                if given is not PASS:
                    break
            else:  # everyone passed (the offered PASS itself): the next seat draws
                return self._next_draw(source, [])
        order = _AFTER[source]
        winners = [s for s in order if self.answers.get(s, PASS).kind is _WIN_KIND]
        if winners:
            chosen = self.rules.winners(winners)  # 截胡 or all of them (M7, N2)
            self._cut = tuple(s for s in winners if s not in chosen)
            if self.explained:
                why.note_outcome(self, chosen, _WIN_ON[tile])
            return self._win(chosen, tile, source, robbing=self.phase is _ROB_PHASE)
        if self.phase is _ROB_PHASE:
            self.phase = _TURN
            return self._complete_added_kong(source, tile)
        for kinds in CLAIM_TIERS:
            for s in order:
                answer = self.answers.get(s)
                if answer is not None and answer.kind in kinds:
                    if self.explained:
                        why.note_outcome(self, (s,), answer)
                    return self._claim(s, answer, source, tile)
        return self._next_draw(source, [])

    def _claim(self, seat: int, action: Action, source: int, tile: Tile) -> list[Event]:
        river = self.rivers[source]
        river[-1] = (tile, True)
        self._derived.river_t[source] = None
        self.last_discard = None
        hand = self.hands[seat]
        self._derived.waits[seat] = None
        self.claims[seat] += 1
        self.since_claim = 0
        self._run = ()
        kind = action.kind
        if kind is _CHOW_KIND:
            for k in action.tiles:
                if k != tile:
                    hand[k] -= 1
                    if hand[k] == 3:
                        self._fours[seat] -= 1
        else:
            hand[tile] -= 2 if kind is _PONG_KIND else 3
        event = _claim_event(kind, action.tiles, tile, seat, source)
        assert event.meld is not None
        self.melds[seat].append(event.meld)
        derived = self._derived
        derived.melds_t[seat] = None
        derived.melds_all = None
        out = [event]
        self.current = seat
        self.pending = None
        self.offers = {}
        self.answers = {}
        self.phase = _TURN
        self.drawn = None
        if action.kind is _KONG_KIND:
            self.last_kong = KongFact(seat, KongKind.EXPOSED, tile, source)
            table = self.facts()  # payments are not facts: one record serves both hooks
            out.extend(self._pay(self.rules.on_kong(table, self.last_kong)))
            if self.rules.quick_win(table, seat):
                return out + self._quick_win(seat, source)
            return out + self._kong_draw(seat)
        if self._claim_hook and self.rules.quick_win(self.facts(), seat):
            return out + self._quick_win(seat, source)
        self.just_claimed = True
        return out

    # ----------------------------------------------------------------- endings

    def context(
        self,
        seat: int,
        win_tile: Tile | None,
        *,
        self_draw: bool,
        discarder: int | None,
        robbing: bool,
        flags: frozenset[str] = frozenset(),
        remember: bool = True,
    ) -> WinContext:
        """The scorer's view of `seat`'s hand; for a self-draw the win tile is in the hand.
        `remember=False`: the engine's memo stays as its own checks left it (an explanation
        asks without disturbing the context an offered win is scored with)."""
        hand = self.hands[seat]
        memo = self._derived.context
        if (memo is not None and not flags and memo[0] == seat and memo[1] == win_tile
                and memo[2] == self_draw and memo[3] == robbing and memo[4] is hand):
            return memo[5]
        counts = hand[:]
        if self_draw and win_tile is not None:
            counts[win_tile] -= 1
        names = set(flags)
        if (self_draw and seat == 0 and self.discards == 0 and not any(self.claims)
                and not self.melds[0]):  # M17, N7: on the dealt hand, before any kong
            names.add("heavenly")
        if seat != 0 and self.rules.earthly(self.facts(), seat, self_draw):
            names.add("earthly")
        if self_draw and self.after_kong:
            names.add("after_kong")
        elif self_draw and self.after_flower:
            names.add("after_flower")
        if robbing:
            names.add("robbing_kong")
        if self.wall.left <= 16:
            names.add("last_tiles")
        ponged = frozenset(
            int(m.first)
            for s in range(4)
            if s != seat
            for m in self.melds[s]
            if m.kind is MeldKind.PONG
        )
        ctx = WinContext(
            seat=seat,
            concealed=sorted_tiles(counts),
            melds=tuple(self.melds[seat]),
            bonus=tuple(self.bonus[seat]),
            win_tile=win_tile,
            self_draw=self_draw,
            wild=self.wild,
            flags=frozenset(names),
            ponged=ponged,
            dealer_streak=self.dealer_streak if seat == 0 else 0,
        )
        if remember and not flags:
            self._derived.context = (seat, win_tile, self_draw, robbing, hand, ctx)
        return ctx

    def _win(self, seats: Sequence[int], tile: Tile, source: int | None, *,
             robbing: bool) -> list[Event]:
        """`seats` win on `tile`: the self-drawer, or those who declared on one discard or
        robbed kong, in turn order after `source` (several only under N2's option "all")."""
        self_draw = source is None
        out: list[Event] = []
        if not self_draw:
            assert source is not None
            if robbing:
                out.append(Event(ev.ROBBED, source, tile=tile, other=seats[0]))
            else:
                self.rivers[source][-1] = (tile, True)
                self._derived.river_t[source] = None
                self.last_discard = None
        contexts = [self.context(seat, tile, self_draw=self_draw, discarder=source,
                                 robbing=robbing) for seat in seats]
        if not self_draw:
            # The one tile joins the first winner's hand; the others win on it without taking
            # it, so the 144 tiles stay 144.
            self.hands[seats[0]][tile] += 1
            if self.hands[seats[0]][tile] == 4:
                self._fours[seats[0]] += 1
            self._derived.waits[seats[0]] = None
            self._derived.context = None
        how: WinHow = "robbing" if robbing else ("self_draw" if self_draw else "discard")
        table = self.facts()
        revealed = self._revealed()
        wins: list[tuple[int, ScoreResult]] = []
        settlements: list[Settlement] = []
        for seat, ctx in zip(seats, contexts, strict=True):
            score = self.rules.score_winner(ctx)
            out.append(Event(ev.WIN, seat, tile=tile, other=-1 if source is None else source,
                             amount=score.total, info=how))
            wins.append((seat, score))
            # each win is settled on its own: the discarder (or the konger, N13b) pays each
            # winner what that win owes (N10, N13)
            win = WinFacts(seat, ctx, score, source, how, revealed, self.wild)
            settlements.append(self.rules.settle(table, win))
        (first, score), *others = wins
        return out + self._finish(first, source, how, score, combined(settlements),
                                  tuple(others), tile, revealed)

    def _quick_win(self, seat: int, feeder: int) -> list[Event]:
        ctx = self.context(seat, None, self_draw=False, discarder=feeder, robbing=False,
                           flags=frozenset({"kuaizhao"}))
        score = self.rules.score_winner(ctx)
        out = [Event(ev.WIN, seat, other=feeder, amount=score.total, info="kuaizhao")]
        revealed = self._revealed()
        win = WinFacts(seat, ctx, score, feeder, "kuaizhao", revealed, self.wild)
        settlement = self.rules.settle(self.facts(), win)
        return out + self._finish(seat, feeder, "kuaizhao", score, settlement,
                                  revealed=revealed)

    def _revealed(self) -> tuple[tuple[Tile, ...], ...]:
        """Each seat's concealed tiles as they stand, sorted (the hand's end shows them)."""
        return tuple(map(sorted_tiles, self.hands))

    def _exhausted(self) -> list[Event]:
        settlement = self.rules.settle(self.facts(), None)
        return [Event(ev.EXHAUSTED), *self._finish(None, None, "exhausted", None, settlement)]

    def _finish(self, winner: int | None, source: int | None, how: HandHow,
                score: ScoreResult | None, settlement: Settlement,
                others: tuple[tuple[int, ScoreResult], ...] = (),
                tile: Tile | None = None,
                revealed: tuple[tuple[Tile, ...], ...] | None = None) -> list[Event]:
        """End the hand; `revealed`, each seat's concealed tiles as they stand now if the
        caller has them already (the REVEAL events show them)."""
        self.phase = Phase.OVER
        self.pending = None
        self.offers = {}
        self.answers = {}
        if revealed is None:
            revealed = self._revealed()
        out = [Event(ev.REVEAL, s, tiles=revealed[s]) for s in range(4)]
        out.extend(self._pay(settlement.payments))
        d = self.deltas
        self.result = HandResult(winner, source, how, score, settlement, tuple(self.payments),
                                 (d[0], d[1], d[2], d[3]), others, tile, self._cut)
        out.append(Event(ev.HAND_END, -1 if winner is None else winner, info=how))
        return out

    def _pay(self, payments: Sequence[Payment]) -> list[Event]:
        out: list[Event] = []
        for p in payments:
            self.payments.append(p)
            self.deltas[p.payer] -= p.amount
            self.deltas[p.payee] += p.amount
            out.append(Event(ev.PAYMENT, p.payee, other=p.payer, amount=p.amount, info=p.key))
        return out
