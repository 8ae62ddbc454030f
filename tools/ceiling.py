"""What knowing the hidden tiles would be worth: see-through bots (issue 15, sixth pass).

Not a level and not fair: each bot here is the expert reading the engine's whole table (every
concealed hand) for its discards, so that a paired comparison (`tools/paired.py`) shows how much
of a bot's result the hidden information could move at most. A fair bot can only estimate
what these know; the figures are in docs/bots-notes.md ("Sixth pass: the ceiling").

    uv run python tools/ceiling.py --ruleset nanjing --deals 2000 --seed 901 --jobs 2 \\
        --a expert --b see_all --opp hard

What each one knows (`--b`):
- `see_counts`: where the unseen tiles are: its live counts leave out the opponents' concealed
  tiles (they can still come as discards, but never as draws).
- `see_wins`: which discards an opponent would win on, and what the win would cost it. Nanjing:
  that exact cost replaces the estimated deal-in cost, and a discard that gives up shape for
  safety is taken when the cost it saves is more than the offence it loses. Mazhan (where the
  discarder pays no more than anyone, M21): a discard that ends the hand as another's win is
  never made while one keeping the same deficiency is safe (`see_wins_always`: while any
  discard is safe).
- `see_wins_push`: Nanjing, the exact cost but never giving up shape.
- `see_ready`: Nanjing, which opponents are ready (exactly), their waits estimated as the
  expert does.
- `see_all`: `see_counts` and `see_wins`.
"""

from __future__ import annotations

import sys

from game.actions import Action, ActionKind
from game.bots import Bot, kit, make_bot
from game.bots import evaluate as ev
from game.bots import expert_nanjing as xn
from game.bots.expert import ExpertBot
from game.bots.hard import Plan
from game.engine import Hand
from game.view import SeatView, build_view
from tools.paired import compare, parser

_NAMES = ("", "", "", "")


def other_view(table: Hand, seat: int) -> SeatView:
    """`seat`'s own view of the table (its concealed tiles, melds, flowers)."""
    return build_view(table, seat, 1, (0, 0, 0, 0), (0, 1, 2, 3), _NAMES)


def winning_discards(view: SeatView, table: Hand) -> dict[int, float]:
    """Kind → what the first opponent in turn order able to win on it would be paid (only the
    first wins: 截胡, ruling M7, and N2 with its default option)."""
    out: dict[int, float] = {}
    for step in (1, 2, 3):
        other = other_view(table, (view.seat + step) % 4)
        counts = list(other.counts)
        if kit.deficiency(other, counts) != 1:
            continue
        for kind in kit.waits(other, counts):
            if kind in out or kind == view.wild:  # a discarded wild is dead (M6)
                continue
            won = kit.score_win(other, counts, kind, self_draw=False)
            if won is not None:
                out[kind] = float(won.total)
    return out


def ready_seats(view: SeatView, table: Hand) -> frozenset[int]:
    """The opponents one tile from a complete hand."""
    return frozenset(s for s in range(4)
                     if s != view.seat and kit.deficiency(other_view(table, s)) == 1)


def wall_counts(view: SeatView, table: Hand) -> list[int]:
    """The seat's unseen counts less the tiles in the opponents' concealed hands."""
    unseen = view.unseen()
    for seat in range(4):
        if seat != view.seat:
            for kind, n in enumerate(table.hands[seat][:len(unseen)]):
                unseen[kind] = max(0, unseen[kind] - n)
    return unseen


class Knowing(SeatView):
    """A seat view that also carries what the see-through bot read off the table."""

    known_unseen: list[int] | None
    known_wins: dict[int, float] | None
    known_ready: frozenset[int] | None

    def unseen(self) -> list[int]:
        known = getattr(self, "known_unseen", None)
        return SeatView.unseen(self) if known is None else list(known)


class SeeThrough(ExpertBot):
    """The expert, with `counts`, `wins` and `ready` read off the whole table. `fold`: Nanjing,
    give up shape for safety; `never_feed`: Mazhan, no discard that feeds a win while any
    discard is safe, whatever it costs."""

    def __init__(self, seed: int, table: Hand, *, counts: bool = False, wins: bool = False,
                 ready: bool = False, fold: bool = True, never_feed: bool = False) -> None:
        super().__init__(seed)
        self.table = table
        self.reads_counts, self.reads_wins, self.reads_ready = counts, wins, ready
        self.fold, self.never_feed = fold, never_feed

    def choose(self, view: SeatView) -> Action:
        if view.phase != "discard" or view.current != view.seat:
            return super().choose(view)
        knowing = Knowing(*view)
        knowing.known_unseen = wall_counts(view, self.table) if self.reads_counts else None
        knowing.known_wins = winning_discards(view, self.table) if self.reads_wins else None
        knowing.known_ready = ready_seats(view, self.table) if self.reads_ready else None
        if view.ruleset == "mazhan" and knowing.known_wins:
            knowing = _without_feeding(knowing, self.never_feed)
        return super().choose(knowing)

    def _discard(self, view: SeatView, hand: ev.Hand, plan: Plan) -> Action:
        tuning = self.nanjing
        if not isinstance(view, Knowing) or view.ruleset != "nanjing" or tuning is None \
                or (view.known_wins is None and view.known_ready is None):
            return super()._discard(view, hand, plan)
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        unseen = view.unseen()
        wins = view.known_wins
        if wins is None:  # who is ready, read off the table; their waits as the expert reads
            ready = view.known_ready or frozenset()
            opponents = [o for o in xn.read_opponents(view) if o.seat in ready]

            def deal_in(tile: int) -> float:
                return sum(xn.wait_chance(tile, o, unseen) * o.value for o in opponents)
        else:
            def deal_in(tile: int) -> float:
                return wins.get(tile, 0.0)
        return xn.choose_discard(
            view, discards, self._plan_after(hand, plan),
            lambda tile: self._gain(view, hand, plan, tile, unseen, tuning),
            lambda: self.rng.random() * 0.5, tuning._replace(fold=self.fold), deal_in)


def _without_feeding(view: Knowing, always: bool) -> Knowing:
    """Mazhan: the view with the discards an opponent wins on left out of the legal actions,
    when a discard keeping the same deficiency is safe (`always`: when any discard is)."""
    wins = view.known_wins or {}
    discards = {int(a.tile) for a in view.legal
                if a.kind is ActionKind.DISCARD and a.tile is not None}
    after = {t: d for t, d in ev.after_discards(ev.split(view)).items() if t in discards}
    best = min(after.values(), default=99)
    if not any((always or d == best) and t not in wins for t, d in after.items()):
        return view
    legal = tuple(a for a in view.legal if not (a.kind is ActionKind.DISCARD
                                                 and a.tile is not None and int(a.tile) in wins))
    out = Knowing(*view._replace(legal=legal))
    out.known_unseen, out.known_wins, out.known_ready = (view.known_unseen, wins,
                                                          view.known_ready)
    return out


KINDS: dict[str, dict[str, bool]] = {
    "see_counts": {"counts": True},
    "see_wins": {"wins": True},
    "see_wins_push": {"wins": True, "fold": False},
    "see_wins_always": {"wins": True, "never_feed": True},
    "see_ready": {"ready": True},
    "see_all": {"counts": True, "wins": True},
}
"""The see-through bots by name: what each reads off the table (`SeeThrough`'s flags)."""
_TABLE: list[Hand] = []


def remember(deal: int, rotation: int, hand: Hand) -> None:
    """`on_start`: the hand the next bots will be made for."""
    _TABLE[:] = [hand]


def make(level: str, seed: int) -> Bot:
    """A see-through bot for the names in KINDS, the usual bot otherwise."""
    flags = KINDS.get(level)
    return make_bot(level, seed) if flags is None else SeeThrough(seed, _TABLE[0], **flags)


def main(argv: list[str]) -> int:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--b", required=True, choices=sorted(KINDS))
    compare(p.parse_args(argv), make, remember)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
