"""The hand's speed, searched: expected gold of a hand over the turns it still has (issue 15).

Hard and the expert rank the discards that keep the best deficiency by their live improving
tiles (one draw ahead). This looks further, the way "何切る" calculators rank discards: for a
hand waiting to draw, E(h, t) is the gold it expects to win within t more own turns when it
plays on optimally. Each turn it draws a kind k with chance live[k] / unseen; only kinds that
lower the deficiency branch (it then throws whichever tile keeps the best E), every other draw
is thrown back ("no progress this turn"); another player wins first with chance `hazard` per
turn. A ready hand wins on its own draw or on one of `looks` discards per turn (N4: a concealed
hand may always win on a discard) and is worth the real scorer's money for each live wait (the
caller's `money`), so the search gives expected value, not speed alone:

    E(ready, t) = m (p + q p + ... + q^(t-1) p),  p = 1 - (1 - w / unseen)^(1 + looks),
                  q = (1 - p)(1 - hazard), w the live waits, m their money
    E(h, t)     = (1 - hazard) (sum_k live[k] / unseen * max_j E(h + k - j, t - 1)
                                + (1 - P) E(h, t - 1)),  P = sum_k live[k] / unseen

The live copies of a kind are the root's unseen copies less those the path drew, so a hand's
value depends on its tiles alone and is memoised by their bytes within a decision. The max is
taken per t (the best discard may differ with the turns left). Sets only: no wilds (Nanjing),
no claims on the way (Nanjing opens only with 4 hard flowers, N4), seven pairs left to the
caller. Reads nothing but the counts it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.shapes import deficiency_after_draws, discards_keeping, waits_of_key

Money = Callable[[bytes, int], float]
"""(a ready hand's counts as bytes, a wait) → gold a win on it brings (mixed over the ways)."""


class SpeedTree:
    """One decision's search: the root hand's unseen tiles, the turns left, and a memo."""

    __slots__ = (
        "_hazard",
        "_looks",
        "_memo",
        "_money",
        "_need",
        "_root",
        "_unseen",
        "nodes",
        "pool",
        "turns",
    )

    def __init__(self, root: Sequence[int], unseen: Sequence[int], need: int, turns: int,
                 hazard: float, looks: int, money: Money) -> None:
        self._root = bytes(root)
        """The hand at the decision (drawn tile included): tiles above it were drawn."""
        self._unseen = tuple(unseen)
        self.pool = max(1, sum(unseen))
        self._need = need
        self.turns = max(0, turns)
        self._hazard = hazard
        self._looks = looks
        self._money = money
        self._memo: dict[bytes, list[float]] = {}
        self.nodes = 0
        """Hands valued (the search's cost)."""

    def live(self, key: bytes, kind: int) -> int:
        """Unseen copies of `kind` less those drawn on the way to `key`."""
        drawn = key[kind] - self._root[kind]
        n = self._unseen[kind] - (drawn if drawn > 0 else 0)
        return n if n > 0 else 0

    def value(self, key: bytes, d: int) -> list[float]:
        """E(hand, t) for t = 0 .. turns, for a hand of deficiency `d` (1 = ready) waiting
        to draw."""
        got = self._memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        got = self._ready(key) if d <= 1 else self._far(key, d)
        self._memo[key] = got
        return got

    def _ready(self, key: bytes) -> list[float]:
        weight = 0.0
        money = 0.0
        for tile in waits_of_key(key):
            n = self.live(key, tile)
            if n:
                weight += n
                money += n * self._money(key, tile)
        out = [0.0] * (self.turns + 1)
        if not weight:
            return out
        m = money / weight
        p = 1.0 - (1.0 - min(1.0, weight / self.pool)) ** (1 + self._looks)
        q = (1.0 - p) * (1.0 - self._hazard)
        e = 0.0
        for t in range(1, self.turns + 1):
            e = p * m + q * e
            out[t] = e
        return out

    def _far(self, key: bytes, d: int) -> list[float]:
        turns = self.turns
        need = self._need
        pool = self.pool
        children: list[tuple[float, list[float]]] = []
        helped = 0.0
        for kind, after in deficiency_after_draws(key, 0, need).items():
            if after >= d:
                continue
            n = self.live(key, kind)
            if not n:
                continue
            grown = bytearray(key)
            grown[kind] += 1
            _, mask = discards_keeping(grown, 0, need)
            best: list[float] | None = None
            j = 0
            while mask:
                if mask & 1:
                    grown[j] -= 1
                    child = self.value(bytes(grown), d - 1)
                    grown[j] += 1
                    best = child if best is None else [
                        max(a, b) for a, b in zip(best, child, strict=True)]
                j += 1
                mask >>= 1
            if best is not None:
                children.append((n / pool, best))
                helped += n / pool
        stay = (1.0 - self._hazard) * max(0.0, 1.0 - helped)
        keep = 1.0 - self._hazard
        out = [0.0] * (turns + 1)
        for t in range(1, turns + 1):
            e = 0.0
            for chance, child in children:
                e += chance * child[t - 1]
            out[t] = keep * e + stay * out[t - 1]
        return out
