"""A vote to end the match early (解散, issue 28): one seated player proposes, every other person
seated at the table accepts or refuses within `VOTE_SECONDS` of the table's clock.

`EndVote` only keeps one proposal's bookkeeping and words its message; the table
(net/table.py) decides who may propose and vote, runs the clock and ends the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from net.frames import Message

VOTE_SECONDS: Final = 30.0
"""How long the others have to answer a proposal."""
PROPOSAL_BURST: Final = 2.0
PROPOSAL_RATE: Final = 1 / 60
"""Proposals per place: two at once, then one a minute (a refused proposal is not made again
and again to wear the others down)."""

OPEN: Final = "open"
PASSED: Final = "passed"
REFUSED: Final = "refused"
EXPIRED: Final = "expired"
VOID: Final = "void"
"""The states of an `end_vote` message: asked, everyone accepted (the match ends), someone
refused, the time ran out, or a voter or the proposer left (the match goes on in the last
three)."""
VOTED: Final = "voted"
"""The reason an `over` message gives for a match the players voted to end."""


@dataclass
class EndVote:
    """One proposal: its number, who proposed it, who is asked, until when, who accepted."""

    id: int
    by: int
    voters: frozenset[int]
    until: float
    yes: set[int] = field(default_factory=set)

    def done(self) -> bool:
        """Every voter accepted."""
        return self.voters <= self.yes

    def message(self, state: str, now: float, refused_by: int | None = None) -> Message:
        """The `end_vote` message everyone is told, in `state`."""
        msg: Message = {"t": "end_vote", "id": self.id, "by": self.by,
                        "voters": sorted(self.voters), "yes": sorted(self.yes),
                        "state": state, "within": round(max(0.0, self.until - now), 1)}
        if refused_by is not None:
            msg["refused_by"] = refused_by
        return msg
