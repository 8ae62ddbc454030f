"""The client's side of the protocol as a pure object: fed each message the host sends, it keeps
the mirrored view, the table's places, chat, notices and results, checks the walls and the join
code, and queues what must be sent back. No sockets, no clock: `mahjong join` (net/client.py)
and the window's RemoteSession (game/client/sessions/remote.py) both read this one object.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from game.view import SeatView
from net.diff import Mirror
from net.fair import WallWatch, new_contribution, pledge
from net.frames import PROTOCOL_VERSION, Message
from net.host_config import unknown_options
from net.joincode import is_nonce, new_nonce, proof, proof_ok
from net.wire import WireError, view_from_wire

FATAL: Final = frozenset({"version", "rules", "protocol", "full", "code", "watch"})


class JoinError(Exception):
    """The table refused us or went away; the message is English, for logs and the CLI.

    `code` says which (unreachable, not_a_table, unreadable, lost, closed, refused, no_seat,
    impostor) and `info` holds its details: the address, or the host's refusal as it arrived
    (code, why, args), so a window can word it in its own language."""

    def __init__(self, text: str, code: str = "failed",
                 info: Mapping[str, Any] | None = None) -> None:
        super().__init__(text)
        self.code = code
        self.info: dict[str, Any] = dict(info or {})


@dataclass
class ClientStats:
    """What `mahjong join --json` reports."""

    seat: int | None = None
    hands_played: int = 0
    final_scores: list[int] = field(default_factory=list)
    messages: int = 0
    bytes_received: int = 0
    update_sizes: list[int] = field(default_factory=list)
    snapshot_sizes: list[int] = field(default_factory=list)
    resyncs: int = 0
    desyncs: int = 0
    reconnects: int = 0
    walls_checked: int = 0
    wall_problems: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    """Every option the table plays with, as its welcome said (defaults included)."""
    walls: str = ""
    """"shared" (from the host's secret and every seated peer's randomness) or
    "reproducible" (from the match seed: tests), as the welcome said."""
    contributions_missing: list[str] = field(default_factory=list)
    """Places asked for randomness that gave none, per hand (shown, not a failed check)."""
    applied_at: dict[int, float] = field(default_factory=dict)
    """seq → perf_counter time the update was applied (only when tracing)."""
    ended: str | None = None
    """Why the match ended before its rules ended it ("voted"), as `over` said."""

    def to_json(self) -> dict[str, Any]:
        return {
            "hands_played": self.hands_played,
            "final_scores": self.final_scores,
            "seat": self.seat,
            "messages": self.messages,
            "bytes_received": self.bytes_received,
            "diff_bytes_median": statistics.median(self.update_sizes) if self.update_sizes else 0,
            "snapshot_bytes_max": max(self.snapshot_sizes, default=0),
            "resyncs": self.resyncs,
            "desyncs": self.desyncs,
            "reconnects": self.reconnects,
            "walls_checked": self.walls_checked,
            "wall_problems": self.wall_problems,
            "options": self.options,
            "walls": self.walls,
            "contributions_missing": self.contributions_missing,
            "ended": self.ended,
        }


class ClientState:
    """One client's knowledge of a table. `receive(msg)` raises JoinError when the table
    refuses us or cannot be trusted; what to send back collects in `outbox`."""

    def __init__(self, *, seat: int = -1, token: str | None = None, watch: bool = False,
                 code: str | None = None, fingerprint: str | None = None) -> None:
        self.want_seat = seat
        self.token = token
        self.watch = watch
        self.code = code
        self.fingerprint = fingerprint
        """The fingerprint discovery announced: the table reached must have the same."""
        self.mirror = Mirror()
        self.walls = WallWatch()
        """The fair-wall check: commitments, where our tiles came from, reveals."""
        self.table: Message = {}
        """The last welcome (table name, ruleset, rules hash, timers, ...)."""
        self.seats: list[dict[str, Any]] = []
        """The places as the host last described them (kind, name, bot, away, flee_in)."""
        self.chat: list[Message] = []
        self.notices: list[Message] = []
        """The host's notices, and refusals that leave us at the table (code "refused.*")."""
        self.results: list[dict[str, Any]] = []
        """The host's summary of each finished hand (winner, deltas, scores per place)."""
        self.stats = ClientStats()
        self.stats.wall_problems = self.walls.problems
        self.over = False
        self.end_reason: str | None = None
        """Why the match ended before its rules ended it (`over{reason}`: "voted")."""
        self.vote: Message | None = None
        """The proposal to end the match under way (the last `end_vote`, state "open")."""
        self.outbox: list[Message] = []
        self._cnonce = new_nonce()
        self._nonce: str | None = None
        self._next = new_contribution()
        """Our next wall contribution, whose pledge the host has (or gets in the hello)."""

    # ------------------------------------------------------------ what we say

    def hello(self, name: str, rules: str | None, bot: bool) -> Message:
        msg: Message = {"t": "hello", "v": PROTOCOL_VERSION, "name": name, "token": self.token,
                        "rules": rules, "cnonce": self._cnonce,  # the code is never sent
                        "pledge": pledge(self._next)}
        if self.watch:
            msg["watch"] = True
        if bot:
            msg["bot"] = True  # a program plays: the host need not pause for it
        return msg

    def new_connection(self) -> None:
        """A fresh connection (a reconnect): the token, stats and history stay."""
        self.mirror = Mirror()
        self.table = {}
        self._nonce = None
        self._cnonce = new_nonce()
        self.walls.interrupted()

    # ------------------------------------------------------------ what we are told

    @property
    def ruleset(self) -> str:
        return str(self.table.get("ruleset", ""))

    @property
    def timers(self) -> tuple[float, float] | None:
        timers = self.table.get("timers")
        if isinstance(timers, list) and len(timers) == 2:
            return float(timers[0]), float(timers[1])
        return None

    @property
    def place(self) -> int | None:
        return self.stats.seat

    def view(self) -> SeatView | None:
        """The mirrored view, or None before the first snapshot or while waiting for one."""
        if self.mirror.state is None or self.mirror.waiting:
            return None
        try:
            return view_from_wire(self.mirror.state)
        except WireError:
            return None

    def receive(self, msg: Message, size: int = 0) -> bool:
        """Take one message; True when the conversation is over (the host said bye)."""
        self.stats.messages += 1
        kind = msg["t"]
        if kind == "challenge":
            if not self.code:
                raise JoinError("this table is locked: give its join code", "refused",
                                {"code": "code", "why": "locked"})
            if not is_nonce(msg["nonce"]):
                raise JoinError("the table sent a malformed challenge", "unreadable")
            self._nonce = msg["nonce"]
            self.outbox.append({"t": "prove",
                                "proof": proof(self.code, "client", self._nonce, self._cnonce)})
        elif kind == "welcome":
            self._welcome(msg)
        elif kind == "seated":
            self.stats.seat, self.token = msg["seat"], msg["token"]
        elif kind in ("snapshot", "update"):
            self._state(msg, size)
        elif kind == "seats":
            self.seats = list(msg["seats"])
        elif kind == "commit":
            self._commit(msg)
        elif kind == "reveal":
            # an abandoned hand (the match voted to an end mid-hand) shows no other hands: the
            # tiles played cannot all be counted, only the wall and our own tiles checked
            state = None if self.mirror.waiting or msg.get("abandoned") else self.mirror.state
            before = len(self.walls.missing_places)
            self.walls.reveal(msg["hand"], msg["wall"], msg["salt"], state, msg.get("secret"),
                              msg.get("contributions"))
            for hand, place in self.walls.missing_places[before:]:  # shown on the table
                self.stats.contributions_missing.append(
                    f"hand {hand}: place {place} gave no contribution")
                self.notices.append({"t": "notice", "code": "no_contribution", "seat": place,
                                     "msg": f"place {place} gave no randomness for the wall"})
            self.stats.walls_checked = self.walls.checked
        elif kind == "chat":
            self.chat.append(msg)
        elif kind == "notice":
            self.notices.append(msg)
        elif kind == "hand":
            self.stats.hands_played += 1
            self.stats.final_scores = list(msg["result"].get("scores", []))
            self.results.append(dict(msg["result"]))
        elif kind == "end_vote":
            self._end_vote(msg)
        elif kind == "over":
            self.stats.final_scores = list(msg["scores"])
            self.over = True
            self.vote = None
            reason = msg.get("reason")
            self.end_reason = self.stats.ended = reason if isinstance(reason, str) else None
            self.walls.end()
        elif kind == "ping":
            self.outbox.append({"t": "pong", "n": msg["n"]})
        elif kind == "error":
            self._error(msg)
        elif kind == "bye":
            if not self.over:  # said on purpose (closing, or our place taken from elsewhere)
                raise JoinError(f"the table ended our connection: {msg['reason']}", "closed")
            return True
        return False

    def _welcome(self, msg: Message) -> None:
        # With a code (and no token, which the host takes instead), the table must prove it
        # knows the code: a look-alike announcing the same name cannot.
        fp = msg.get("fp")
        if self.fingerprint and fp != self.fingerprint:
            raise JoinError(f"this table's fingerprint is {fp}, not {self.fingerprint} as "
                            "announced: it may be an impostor using the table's name", "impostor")
        if self.code and self.token is None and (self._nonce is None or not proof_ok(
                self.code, f"host:{fp}", self._nonce, self._cnonce, msg.get("proof"))):
            raise JoinError("this table did not prove it knows the join code: it may be an "
                            "impostor using the table's name", "impostor")
        options = msg.get("options")
        if isinstance(options, dict):
            unknown = unknown_options(str(msg["ruleset"]), options)
            if unknown:
                # Before sitting: a seat at a table whose rules we cannot play is no seat.
                raise JoinError(
                    f"this table plays with {', '.join(unknown)}, which this version of the "
                    "game does not know: update the game to join it", "refused",
                    {"code": "options", "why": "unknown_option",
                     "args": {"options": ", ".join(unknown)}})
            self.stats.options = dict(options)
        if isinstance(msg.get("walls"), str):
            self.stats.walls = msg["walls"]
        self.table = msg
        self.seats = list(msg["seats"])
        if self.token is not None and msg.get("back") is False:
            self.token = None  # a token this table does not know (an old match): sit anew
            self.stats.seat = None
        if self.stats.seat is None and self.token is None and not self.watch:
            self.outbox.append({"t": "sit", "seat": self.want_seat})

    def _end_vote(self, msg: Message) -> None:
        """A proposal to end the match, or how one ended (told to the table as a notice)."""
        state = msg["state"]
        if state == "open":
            self.vote = msg
            if msg["yes"] == []:  # a new proposal: say who made it
                self.notices.append({"t": "notice", "code": "vote.open", "seat": msg["by"],
                                     "msg": "a player proposes ending the match"})
            return
        self.vote = None
        who = msg.get("refused_by", msg["by"])
        self.notices.append({"t": "notice", "code": f"vote.{state}",
                             "seat": who if isinstance(who, int) else -1,
                             "msg": f"the vote to end the match: {state}"})

    def propose_end(self) -> None:
        """Ask the others to end the match (a host whose welcome says `votes`)."""
        if self.table.get("votes") is True and not self.watch:
            self.outbox.append({"t": "end_propose"})

    def answer_end(self, yes: bool) -> None:
        """Accept or refuse the proposal under way."""
        vote = self.vote
        if vote is not None:
            self.outbox.append({"t": "end_answer", "id": vote["id"], "yes": yes})

    def _commit(self, msg: Message) -> None:
        """A commitment; one to the host's secret that asks our place for randomness (with
        time left) is answered with a fresh contribution, once."""
        ask = msg.get("ask")
        hand = msg["hand"]
        pledges = msg.get("pledges")
        self.walls.commit(hand, msg["hash"], ask if isinstance(ask, list) else None,
                          pledges if isinstance(pledges, list) else None)
        place = self.stats.seat
        if (isinstance(ask, list) and place is not None and place in ask
                and msg.get("within", 0) > 0
                and hand not in self.walls.sent):
            # The pledged one (fixed before anyone's of this hand was known), and the pledge
            # of the next.
            contribution, self._next = self._next, new_contribution()
            self.walls.contributed(hand, place, contribution)
            self.outbox.append({"t": "contribute", "hand": hand, "c": contribution,
                                "next": pledge(self._next)})

    def _state(self, msg: Message, size: int) -> None:
        sizes = self.stats.snapshot_sizes if msg["t"] == "snapshot" else self.stats.update_sizes
        sizes.append(size)
        before = self.mirror.desyncs
        if self.mirror.receive(msg):
            self.stats.resyncs += 1
            self.outbox.append({"t": "resync", "seq": self.mirror.seq})
        self.stats.desyncs += self.mirror.desyncs - before
        state = self.mirror.state
        if state is not None and not self.mirror.waiting:
            self.walls.state(int(state.get("h", 0)))
        seat = state.get("s", -1) if state is not None else -1
        self.walls.events(seat if isinstance(seat, int) else -1, list(msg.get("ev", ())))

    def _error(self, msg: Message) -> None:
        self.stats.errors.append(msg["msg"])
        if msg["code"] in FATAL:
            raise JoinError(f"the table refused us: {msg['msg']}", "refused", msg)
        if msg["code"] == "seat" and self.stats.seat is None:
            raise JoinError(f"no seat for us: {msg['msg']}", "no_seat", msg)
        # A refusal that leaves us at the table (chat too fast, a move the host would not
        # take): shown like a notice.
        self.notices.append({"t": "notice", "code": f"refused.{msg['code']}", "seat": -1,
                             "msg": str(msg["msg"]), "refusal": dict(msg)})
