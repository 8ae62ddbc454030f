"""Places at a LAN table: open or bot, reconnect tokens, who sits where, bots and benching.

Network "places" are 0-3, the match's player numbers, which keep their number while hand seats
rotate. A bot plays a place whose player is away, and a benched place (fled, or joined mid-hand)
until the next hand. `Places` only keeps this bookkeeping; the table (net/table.py) decides when
it changes and tells the peers.
"""

from __future__ import annotations

import secrets
from typing import Any

from game.bots import Bot, make_bot
from net.peer import Peer


class Places:
    """Who plays each place, the tokens that hold them, and the bots that stand in."""

    def __init__(self, kinds: list[str], names: list[str], tokens: dict[str, int],
                 bots: str, seed: int, hold_before_start: float) -> None:
        self.kinds = kinds
        self.names = names
        self.tokens = tokens
        """Token -> place: whoever holds one may come back to that place."""
        self.by_seat: dict[int, Peer] = {}
        self.benched: set[int] = set()
        """Places a bot plays until the next hand although their player is here (fled, or
        joined mid-hand)."""
        self.left_at: dict[int, float] = {}
        """Places whose player left before the start: when (their token holds it a while)."""
        self.hold = hold_before_start
        self._bot_kind = bots
        self._seed = seed
        self._bots: dict[int, Bot] = {}

    def free(self) -> list[int]:
        """Places a newcomer may take: open, nobody there, nobody holding a token for it. Pure:
        a hold that has run out is let go by `expire_holds`, from the table's tick."""
        owned = set(self.tokens.values())
        return [p for p, k in enumerate(self.kinds)
                if k == "open" and p not in self.by_seat and p not in owned]

    def expire_holds(self, now: float) -> bool:
        """Free the places held for players who left before the start longer than the hold;
        True if any was freed."""
        freed = [p for p, since in self.left_at.items() if now - since >= self.hold]
        for place in freed:
            del self.left_at[place]
            self.drop_tokens(place)
            self.names[place] = ""
        return bool(freed)

    def hold_ends(self) -> float | None:
        """When the first hold on a place left before the start runs out."""
        return min(self.left_at.values()) + self.hold if self.left_at else None

    def away(self, place: int) -> bool:
        """An open place whose player holds a token but is not here."""
        return (self.kinds[place] == "open" and place not in self.by_seat
                and place in self.tokens.values())

    def human(self, player: int) -> bool:
        """Whether the place's own player decides now (else a bot does)."""
        return player in self.by_seat and player not in self.benched

    def missing(self) -> list[int]:
        """Open places whose player is not here (before the match starts or resumes)."""
        return [p for p, k in enumerate(self.kinds) if k == "open" and p not in self.by_seat]

    def drop_tokens(self, place: int) -> None:
        """Nobody may come back to `place` with a token given out before."""
        self.tokens = {t: p for t, p in self.tokens.items() if p != place}

    def give(self, place: int, name: str) -> str:
        """A new token for `place` (any older one stops working), its player called `name`."""
        token = secrets.token_urlsafe(16)
        self.drop_tokens(place)
        self.tokens[token] = place
        self.names[place] = name
        return token

    def place_of(self, token: object) -> int | None:
        """The place a token holds, if it is one of ours."""
        return self.tokens.get(token) if isinstance(token, str) else None

    def to_bot(self, place: int) -> None:
        """A bot plays `place` for good; nobody may come back to it."""
        self.kinds[place] = "bot"
        self.names[place] = f"bot {place + 1}"
        self.drop_tokens(place)

    def to_open(self, place: int) -> None:
        self.kinds[place] = "open"

    def left_before_start(self, place: int, now: float) -> None:
        """Its player left before the start: the token holds the place `hold` seconds."""
        self.left_at[place] = now

    def start(self) -> None:
        """The match starts: places held for those who left are theirs while it lasts."""
        self.left_at.clear()

    def bench(self, place: int) -> None:
        """A bot plays `place` until the next hand, although its player may be here."""
        self.benched.add(place)

    def new_hand(self) -> set[int]:
        """A new hand: every player plays their own place again; those benched, returned."""
        back, self.benched = self.benched, set()
        return back

    def seat(self, peer: Peer, place: int) -> Peer | None:
        """`peer` now sits at `place`; the peer it replaces there, if any."""
        old = self.by_seat.get(place)
        peer.seat = place
        self.by_seat[place] = peer
        self.left_at.pop(place, None)
        return old if old is not peer else None

    def listing(self, flee_in: dict[int, float],
                auto: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
        """The places as the `seats` message describes them; `auto`: places whose player
        said a bot of their own plays for them (托管)."""
        free = self.free()
        out = [
            {"kind": k, "name": self.names[p], "taken": p not in free,
             "bot": not self.human(p), "away": self.away(p)}
            for p, k in enumerate(self.kinds)
        ]
        for p, left in flee_in.items():  # M12: the others see the clock run
            out[p]["flee_in"] = round(left, 1)
        for p in auto:
            if self.human(p):  # a stand-in of the host's own plays otherwise: not theirs
                out[p]["auto"] = True
        return out

    def bot(self, player: int) -> Bot:
        """The bot that plays `player`'s place whenever its player does not."""
        if player not in self._bots:
            self._bots[player] = make_bot(self._bot_kind, self._seed * 4 + player)
        return self._bots[player]
