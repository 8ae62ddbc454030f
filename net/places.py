"""Places at a LAN table: open or bot, reconnect tokens, taking a place, bots and benching.

Network "places" are 0-3, the match's player numbers, which keep their number while hand seats
rotate. A bot plays a place whose player is away, and a benched place (fled, or joined mid-hand)
until the next hand.
"""

from __future__ import annotations

import secrets
from typing import Any

from game.bots import Bot, make_bot
from net.diff import SeatStream
from net.frames import refusal
from net.peer import Peer
from net.table_state import TableState


class Places(TableState):
    """Who plays each place, and how a peer takes one."""

    @property
    def free_seats(self) -> list[int]:
        """Places a newcomer may take: open, nobody there, nobody holding a token for it (a
        token of a player who left before the start holds it `hold_before_start` seconds)."""
        self._expire_holds(self.clock())
        owned = set(self.tokens.values())
        return [p for p, k in enumerate(self.kinds)
                if k == "open" and p not in self.by_seat and p not in owned]

    def _expire_holds(self, now: float) -> None:
        for place, since in list(self.left_at.items()):
            if now - since >= self.config.hold_before_start:
                del self.left_at[place]
                self._drop_tokens(place)
                self.names[place] = ""

    def _away(self, place: int) -> bool:
        """An open place whose player holds a token but is not here."""
        return (self.kinds[place] == "open" and place not in self.by_seat
                and place in self.tokens.values())

    def _drop_tokens(self, place: int) -> None:
        """Nobody may come back to `place` with a token given out before."""
        self.tokens = {t: p for t, p in self.tokens.items() if p != place}

    def _missing(self) -> list[int]:
        """Open places whose player is not here (before the match starts or resumes)."""
        return [p for p, k in enumerate(self.kinds) if k == "open" and p not in self.by_seat]

    def _seat_list(self) -> list[dict[str, Any]]:
        free = self.free_seats
        out = [
            {"kind": k, "name": self.names[p], "taken": p not in free,
             "bot": not self.human(p), "away": self._away(p)}
            for p, k in enumerate(self.kinds)
        ]
        for p, left in self._flee_in().items():  # M12: the others see the clock run
            out[p]["flee_in"] = round(left, 1)
        return out

    def _flee_in(self) -> dict[int, float]:
        """Seconds until each absent player counts as fled (M12), where the flee option is on."""
        if not self.match.rules.options.get("flee") or self.match.hand_over:
            return {}
        now = self.clock()
        return {p: max(0.0, since + self.config.flee_after - now)
                for p, since in self.gone_since.items()}

    def add_bot(self, player: int) -> None:
        """Give an empty place to a bot for good (nobody may join it)."""
        if player in self.by_seat:
            raise ValueError(f"place {player} has a player; a bot cannot take it")
        self.kinds[player] = "bot"
        self.names[player] = f"bot {player + 1}"
        self._drop_tokens(player)
        self._broadcast_seats()

    def reserve(self, player: int, name: str) -> str:
        """Hold an open place for someone who will come with the returned token: the host's own
        place at a table hosted from the window, so a joiner who connects first cannot take it."""
        if self.kinds[player] != "open" or player in self.by_seat:
            raise ValueError(f"place {player} is not an open, empty place")
        token = secrets.token_urlsafe(16)
        self._drop_tokens(player)
        self.tokens[token] = player
        self.names[player] = name
        self._broadcast_seats()
        return token

    def open_place(self, player: int) -> None:
        """Let a newcomer take a bot's place (they play from the next hand)."""
        self.kinds[player] = "open"
        self._broadcast_seats()
        self._wake.set()

    def _on_sit(self, conn: Peer, seat: int) -> None:
        if conn.seat is not None:
            conn.send({"t": "error", "code": "seated", "msg": "you already have a place"})
            return
        if conn.watching:
            conn.send(refusal("seat", "spectators cannot take a place", "spectator"))
            return
        free = self.free_seats
        if seat == -1 and free:
            seat = free[0]
        if seat not in free:
            conn.send(refusal("seat", f"place {seat} is not free", "taken", {"seat": seat}))
            return
        token = secrets.token_urlsafe(16)
        self._drop_tokens(seat)
        self.tokens[token] = seat
        self.names[seat] = conn.name
        if self.started:
            self.match.names = tuple(self.names)
            if not self.match.hand_over:
                self.benched.add(seat)  # a bot finishes this hand; the newcomer plays the next
        self._take_seat(conn, seat, token)

    def _take_seat(self, conn: Peer, seat: int, token: str) -> None:
        old = self.by_seat.get(seat)
        if old is not None and old is not conn:
            old.send({"t": "bye", "reason": "you joined from somewhere else"})
            old.seat = None
            old.close()
        conn.seat = seat
        self.by_seat[seat] = conn
        self.gone_since.pop(seat, None)
        self.left_at.pop(seat, None)
        conn.send({"t": "seated", "seat": seat, "token": token})
        self._broadcast_seats()
        if self.started:
            conn.stream = SeatStream(seq=conn.stream.seq)
            self._snapshot(conn)
            if seat in self.benched:
                self._notice("bot", seat, f"{self.names[seat]} plays from the next hand")
            else:
                self._notice("back", seat, f"{self.names[seat]} is back")
        self._wake.set()

    def _broadcast_seats(self) -> None:
        seats = self._seat_list()
        for conn in list(self.conns):
            if conn.hello:
                conn.send({"t": "seats", "seats": seats})
        if self.on_seats is not None:
            self.on_seats(len(self.free_seats), self.started)

    def _bot(self, player: int) -> Bot:
        if player not in self.bots:
            self.bots[player] = make_bot(self.config.bots, self.seed * 4 + player)
        return self.bots[player]
