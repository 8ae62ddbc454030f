"""Mazhan terms for level `expert` (issue 15): the 對對胡 plan (a tai, M16), its sets coming by
pong from any seat (M7), weighed by value × reach like the flushes (`Tuning.triplets_reach`).

The fourth pass measured more Mazhan terms as switches here (the payment a win avoids, the
race a discard may end by dealing in, pong exchanges, waits weighed by how readily others throw
a kind). None measured better than the expert without it on fresh seeds (docs/bots-notes.md,
fourth pass), so they were never on in play and have been taken out; their code and tests are at
commit dc941a5 for whoever measures further. Reads only the seat view.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tuning:
    """Expert's Mazhan knobs (measured in docs/bots-notes.md)."""

    triplets_reach: tuple[float, float] | None = None
    """A 對對胡 plan (M16: a tai) weighed by value × reach like the flushes: (its chance
    against the plain hand's at the same deficiency, the chance kept per extra tile); None:
    no such plan."""
