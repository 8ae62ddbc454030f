"""One LAN table as a pure object: it owns the match, the places and tokens, one record per peer
(net/peer.py), flees and timers as deadlines, and says what to send.

The transport (net/host.py) tells it what happens and when: `connect(peer, now)`,
`data(peer, size, now)` (bytes arrived, before decoding), `receive(peer, msg, now)`,
`disconnect(peer, now)` and `tick(now)` at `next_deadline()`; then it writes what `drain()`
hands over (messages per peer, peers to close or abort). The table never reads the clock, waits,
or touches a socket; tests drive it with a fake clock. Its parts, each a small object it owns:

- net/places.py: `Places`, open and bot places, tokens, who sits where, benching;
- net/turn_clock.py: `TurnClock`, each decision's deadline and absences (M11, M12);
- net/publish.py: `Publisher`, per-viewer snapshots and diffs, the claim window;
- net/chronicle.py: `Chronicle`, the events hash, hand records, save and log;
- net/vote.py: `EndVote`, a proposal to end the match early and its voters (issue 28);
- net/limits.py, net/joincode.py: each peer's budgets, join-code attempts.

A connection may act only for the place it sat in, only with an action in that seat's legal
list, and only against the latest state it was sent. A peer that breaks the protocol, floods,
or stays silent past its deadline is dropped; the others play on.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.actions import Action, ActionKind
from game.errors import IllegalAction
from game.events import Event
from game.match import Match
from game.tiles import NotationError
from game.timeouts import timeout_action
from net.chat import PHRASES, clean_text
from net.chronicle import Chronicle
from net.diff import SeatStream
from net.fair import (
    MAX_CONTRIBUTION,
    commitment,
    new_salt,
    new_secret,
    pledge,
    secret_commitment,
    shared_seed,
    unhex,
)
from net.frames import PROTOCOL_VERSION, Message, ProtocolError, refusal
from net.host_config import HostConfig, lan_options, rules_hash, table_options
from net.joincode import Attempts, is_nonce, new_nonce, proof, proof_ok
from net.limits import TOKEN_RESERVE, Budget
from net.peer import Peer
from net.places import Places
from net.publish import SPECTATOR, Publisher
from net.save import HandLog, SaveData, replay
from net.turn_clock import TurnClock
from net.vote import (
    EXPIRED,
    OPEN,
    PASSED,
    PROPOSAL_BURST,
    PROPOSAL_RATE,
    REFUSED,
    VOID,
    VOTE_SECONDS,
    VOTED,
    EndVote,
)

WALL_SEED_BITS: Final = 128
"""Bits of each hand's wall seed (net/fair.py `shared_seed`: 16 bytes): far beyond any search
(issue 13: a 31-bit seed was found)."""
MAX_STEPS: Final = 64
"""Moves one tick makes at most, so the transport gets to read and write between ticks."""
MAX_NAME: Final = 32

__all__ = ["SPECTATOR", "WALL_SEED_BITS", "Outbox", "Table"]


@dataclass
class Outbox:
    """What the transport must do: messages in order (per peer), then closes and aborts."""

    messages: list[tuple[Peer, Message]] = field(default_factory=list)
    close: list[Peer] = field(default_factory=list)
    """Close once their messages are written (a goodbye, a refusal, a deadline passed)."""
    abort: list[Peer] = field(default_factory=list)
    """Drop at once, unwritten messages and all."""
    writes: list[tuple[Path, str]] = field(default_factory=list)
    """Files to write whole, in order (the save, the match log); a failure goes back to
    `Table.write_failed`."""


@dataclass
class Round:
    """One hand's walls-from-everyone round (net/fair.py): the host's secret, the places asked
    to contribute, until when, and what came in."""

    hand: int
    secret: bytes
    ask: list[int]
    until: float
    pledges: list[str] = field(default_factory=lambda: [""] * 4)
    """Per place, the pledge its contribution must match ("" for a place not asked)."""
    got: dict[int, bytes] = field(default_factory=dict)

    def complete(self) -> bool:
        return all(p in self.got for p in self.ask)

    def contributions(self) -> list[bytes]:
        """Per place, in place order: empty for a bot's place or a missing one."""
        return [self.got.get(p, b"") for p in range(4)]


def _pledge_or_none(text: object) -> str | None:
    """A pledge as a peer sent it (32 hex digits), or None."""
    if isinstance(text, str) and len(text) == 32 and unhex(text, 16) is not None:
        return text
    return None


class Table:
    """Runs one match at a LAN table; see the module docstring."""

    def __init__(self, config: HostConfig,
                 on_hand: Callable[[dict[str, Any]], None] | None = None,
                 saved: SaveData | None = None) -> None:
        if len(config.seats) != 4 or any(s not in ("open", "bot") for s in config.seats):
            raise ValueError("seats must be four of 'open' or 'bot'")
        self.config = config
        self.on_hand = on_hand
        self.on_seats: Callable[[int, bool], None] | None = None
        """Called with (free places, started) whenever they change, e.g. to update discovery."""
        self.on_action: Callable[[dict[str, int]], None] | None = None
        """Benchmarks: called after a player's action with the seq each peer will see it at."""
        self.now = 0.0
        """The time the transport last told (the table never reads a clock)."""
        digest = hashlib.sha256()  # the events hash sees the replayed events too
        at_hand: list[Any] = []
        """The events hash before the resumed hand under way (if it is abandoned)."""
        if saved is None:
            self.seed = config.seed if config.seed is not None else secrets.randbelow(2**31)
            self.options = lan_options(config.ruleset, config.options)
            # Only the hand on the table and the last record: the chronicle keeps each
            # finished hand as its save and log lines, so a long match stays small.
            self.match = Match(config.ruleset, self.seed, self.options, keep_records=False)
            kinds = list(config.seats)
            names = [f"bot {i + 1}" if k == "bot" else "" for i, k in enumerate(kinds)]
            tokens: dict[str, int] = {}
            records: list[HandLog] = []
            flees: list[list[int]] = []
        else:
            self.seed = saved.seed
            self.options = dict(saved.options)
            self.match = replay(saved, digest, keep_records=False,
                                at_current=lambda: at_hand.append(digest.copy()))
            kinds, names, tokens = list(saved.kinds), list(saved.names), dict(saved.tokens)
            records = list(saved.hands)
            flees = ([list(f) for f in saved.current.flees]
                     if saved.current is not None and not self.match.hand_over else [])
        self.end_reason: str | None = saved.ended if saved is not None else None
        """Why the match ended before its rules ended it ("voted": issue 28), once it has."""
        self.chronicle = Chronicle(config.ruleset, self.seed, self.options, self.match,
                                   records, flees, digest)
        if at_hand:
            self.chronicle.at_hand = at_hand[0]
        self.places = Places(kinds, names, tokens, config.bots, self.seed,
                             config.hold_before_start)
        self.turns = TurnClock(config.discard_seconds, config.claim_seconds, config.flee_after,
                               flee=bool(self.match.rules.options.get("flee")))
        self.publisher = Publisher(self.match)
        self.rules = rules_hash(config.ruleset, self.options)
        self.table_options = table_options(config.ruleset, self.options)
        """Every option the table plays with, defaults included (welcome, discovery)."""
        self.fingerprint = (saved.fingerprint if saved is not None and saved.fingerprint
                            else secrets.token_hex(4))
        """Random per table: told apart from a look-alike with the same name (discovery,
        welcome, and bound into the join code's proof)."""
        self.hands_done = self.chronicle.hands
        self.peers: set[Peer] = set()
        self._writes: list[tuple[Path, str]] = []
        self._returning: set[int] = set()
        """Places benched in the hand before the last deal (their players play again)."""
        self._save_due = False
        self._leaving: list[Peer] = []
        """Peers let go whose last messages and close are still to be handed over."""
        self.attempts = Attempts()
        """Wrong join codes per address and in total (net/joincode.py)."""
        self.fair: tuple[int, str] | None = None
        """(hand number, salt) of the wall committed to."""
        self.round: Round | None = None
        """The contributions round of the next hand, while it is open."""
        self.shared: Round | None = None
        """The round the hand on the table was dealt from (None: the host's wall alone)."""
        self._dealt_once = False
        self.start_at: float | None = None
        """When the match starts even if open places are still empty (`open` sets it)."""
        self.started = False
        self.finished = False
        self.final: dict[str, Any] | None = None
        """The summary, once the match is over."""
        self.next_move_at = 0.0
        self.next_deal_at = 0.0
        self._busy_at: float | None = None
        self._go = False
        self.dropped = 0
        self.refused = 0
        """Connections turned away at once (past every connection limit)."""
        self.drop_reasons: Counter[str] = Counter()
        """Why peers were dropped (for tests and the attack figures)."""
        self.illegal = 0
        self.stale = 0
        self.timeouts = 0
        self.flees = 0
        self.played = [0, 0, 0, 0]
        """Actions each place's own player made over the network."""
        self.vote: EndVote | None = None
        """The proposal to end the match under way (net/vote.py), if any."""
        self._votes = 0
        self._proposals: dict[int, Budget] = {}
        """Per place, how many proposals its player may still make (a rate limit)."""

    # ------------------------------------------------------------ what others read

    @property
    def free_seats(self) -> list[int]:
        return self.places.free()

    @property
    def kinds(self) -> list[str]:
        return self.places.kinds

    @property
    def names(self) -> list[str]:
        return self.places.names

    @property
    def by_seat(self) -> dict[int, Peer]:
        return self.places.by_seat

    @property
    def timers_on(self) -> bool:
        return self.match.rules.settings.timers

    @property
    def announced_timers(self) -> str:
        """The timers as discovery announces them ("15/8", M11), or "" when they are off."""
        if not self.timers_on:
            return ""
        return f"{self.config.discard_seconds:g}/{self.config.claim_seconds:g}"

    def state_of(self, player: int) -> dict[str, Any]:
        """The compact view `player`'s place is shown now (SPECTATOR: a spectator's)."""
        return self.publisher.state(player)

    def hand_seats(self) -> tuple[int, ...]:
        return self.publisher.hand_seats()

    # ------------------------------------------------------------ the transport's calls

    def open(self, now: float) -> None:
        """The table is listening: the match starts by `now + start_after` at the latest."""
        self.now = now
        self.start_at = now + self.config.start_after

    def connect(self, peer: Peer, now: float) -> bool:
        """A peer arrived; False if it is turned away at once (its refusal is in the outbox)."""
        self.now = now
        same = sum(1 for p in self.peers if p.address == peer.address)
        if (len(self.peers) >= self.config.max_connections + TOKEN_RESERVE
                or same >= self.config.per_address):
            peer.send({"t": "error", "code": "full", "msg": "too many connections"})
            peer.close()
            self._leaving.append(peer)
            self.refused += 1
            return False
        # Past the total, the connection is kept only for a player coming back with a token,
        # so a crowd of strangers cannot lock players out of their own places.
        peer.needs_token = len(self.peers) >= self.config.max_connections
        peer.opened = peer.heard = now
        self.peers.add(peer)
        return True

    def data(self, peer: Peer, size: int, now: float) -> bool:
        """`size` bytes arrived from `peer`, before any decoding; False: over its byte budget
        (the peer is dropped)."""
        self.now = now
        peer.heard = now
        if peer.bytes.take(size, now):
            return True
        self.fail(peer, "too much data")
        return False

    def receive(self, peer: Peer, msg: Message, now: float) -> None:
        """One message from `peer`: charged to its budget unless a reply, then acted on. A
        message that breaks the protocol drops the peer (an error goes out first)."""
        self.now = now
        if peer.closed:
            return
        try:
            self._throttle(peer, msg, now)
            self._dispatch(peer, msg)
        except ProtocolError as exc:
            self.fail(peer, str(exc))

    def fail(self, peer: Peer, why: str) -> None:
        """Drop `peer` for breaking the protocol (the frame decoder's errors come here too)."""
        if peer.closed:
            return
        self.dropped += 1
        self.drop_reasons[why[:60]] += 1
        peer.send({"t": "error", "code": "protocol", "msg": why[:200]})
        self._forget(peer, self.now)
        peer.close()

    def disconnect(self, peer: Peer, now: float) -> None:
        """The peer's connection ended (or the transport gave up on it)."""
        self.now = now
        if peer in self.peers:
            self._forget(peer, now)
        peer.close()

    def tick(self, now: float) -> None:
        """Do whatever is due at `now`: deadlines of peers, the start, deals, bots' moves,
        time-outs, flees, the claim window, a hand's end."""
        self.now = now
        self._busy_at = None
        self._peer_deadlines(now)
        if self._save_due and now >= self._save_at():
            self._save()
        if self.finished:
            return
        if self.vote is not None and now >= self.vote.until:
            self._close_vote(EXPIRED)
        if not self.started:
            if self.places.expire_holds(now):
                self._broadcast_seats()
            if (self.places.missing() and not self._go
                    and (self.start_at is None or now < self.start_at)):
                return
            self._begin(now)
            if self.finished:
                return
        for _ in range(MAX_STEPS):
            if not self._step(now):
                return
        self._busy_at = now  # more to do at once, after the transport has had a turn

    def next_deadline(self) -> float | None:
        """When `tick` must next be called (None: only when something arrives)."""
        times = [t for t in map(self._peer_deadline, self.peers) if t is not None]
        if self._save_due:
            times.append(self._save_at())
        if self.vote is not None and not self.finished:
            times.append(self.vote.until)
        if self.finished:
            pass
        elif not self.started:
            if self._go or not self.places.missing():  # starts at the next tick
                times.append(self.now)
            if self.start_at is not None:
                times.append(self.start_at)
            hold = self.places.hold_ends()
            if hold is not None:
                times.append(hold)
        elif self._busy_at is not None:
            times.append(self._busy_at)
        else:
            times += self.turns.deadlines()
            if self.round is not None:
                times.append(self.now if self.round.complete() else self.round.until)
            elif self.match.hand_over:
                times.append(self.next_deal_at)
            elif self.publisher.hold_until is not None:
                times.append(self.publisher.hold_until)
            elif self._robot() is not None:
                times.append(self.next_move_at)
        return min(times) if times else None

    def drain(self) -> Outbox:
        """Hand over what is to be sent, closed and aborted (each once)."""
        out = Outbox()
        for peer in [*self.peers, *self._leaving]:
            msgs, then = peer.take()
            out.messages.extend((peer, m) for m in msgs)
            if then == "close":
                out.close.append(peer)
            elif then == "abort":
                out.abort.append(peer)
        self._leaving = [p for p in self._leaving if p.outbox or p.closing]
        out.writes, self._writes = self._writes, []
        return out

    def write_failed(self, path: Path, error: str) -> None:
        """The transport could not write a file the table asked for."""
        if path == self.config.save_path:  # the table plays on; everyone is told
            self._notice("save", -1, f"the host could not save the match: {error}")

    # ------------------------------------------------------------ the host's own changes

    def start_now(self) -> None:
        """Start without waiting for the open places (bots play them until someone joins)."""
        self._go = True

    def add_bot(self, player: int) -> None:
        """Give an empty place to a bot for good (nobody may join it)."""
        if player in self.by_seat:
            raise ValueError(f"place {player} has a player; a bot cannot take it")
        self.places.to_bot(player)
        self._broadcast_seats()

    def reserve(self, player: int, name: str) -> str:
        """Hold an open place for someone who will come with the returned token: the host's own
        place at a table hosted from the window, so a joiner who connects first cannot take it."""
        if self.kinds[player] != "open" or player in self.by_seat:
            raise ValueError(f"place {player} is not an open, empty place")
        token = self.places.give(player, name)
        self._broadcast_seats()
        return token

    def open_place(self, player: int) -> None:
        """Let a newcomer take a bot's place (they play from the next hand)."""
        self.places.to_open(player)
        self._broadcast_seats()

    # ------------------------------------------------------------ peers' deadlines

    def _peer_deadline(self, peer: Peer) -> float | None:
        if peer.closed:
            return None
        if not peer.hello:  # from the connection's start: trickled bytes do not move it
            return peer.opened + self.config.hello_timeout
        return peer.heard + self.config.idle_timeout

    def _peer_deadlines(self, now: float) -> None:
        for peer in list(self.peers):
            due = self._peer_deadline(peer)
            if due is not None and now >= due:
                self.dropped += 1
                self.drop_reasons["timeout"] += 1
                self._forget(peer, now)
                peer.close()

    def _forget(self, peer: Peer, now: float) -> None:
        self.peers.discard(peer)
        self._leaving.append(peer)
        seat = peer.seat
        if seat is not None and self.by_seat.get(seat) is peer:
            del self.by_seat[seat]
            self._explain()
            self._void_vote_of(seat)
            self.turns.stop(seat)
            if self.started and not self.finished:
                self.turns.left(seat, now)
                left = self._flee_in().get(seat)
                flee = f" (counted as fleeing in {left:.0f} s)" if left is not None else ""
                self._notice("bot", seat, f"{self.names[seat]} left; a bot plays for them{flee}")
            elif not self.started:
                # Gone before the deal: the token holds the place for a while only (issue 13:
                # a client that died while waiting kept its place, and the table never filled).
                self.places.left_before_start(seat, now)
            self._broadcast_seats()

    # ------------------------------------------------------------ messages

    def _throttle(self, peer: Peer, msg: Message, now: float) -> None:
        """Charge a message to the peer's budget, unless it answers a state we sent it."""
        if (msg["t"] == "action" and peer.seat is not None
                and peer.replies.is_reply(msg["seq"], peer.stream.seq)):
            peer.bytes.give(peer.decoder.last_size)
            return
        if not peer.messages.take(1, now):
            raise ProtocolError("too many messages")

    def _dispatch(self, peer: Peer, msg: Message) -> None:
        kind = msg["t"]
        if kind == "hello":
            self._on_hello(peer, msg)
        elif kind == "prove" and peer.challenge is not None:
            self._on_prove(peer, msg)
        elif not peer.hello:
            raise ProtocolError("the first message must be hello")
        elif kind == "sit":
            self._on_sit(peer, msg["seat"])
        elif kind == "action":
            self._on_action(peer, msg)
        elif kind == "resync":
            if (peer.seat is not None or peer.watching) and self.started:
                self.publisher.resync(peer)
        elif kind == "chat":
            self._on_chat(peer, msg)
        elif kind == "contribute":
            self._on_contribute(peer, msg)
        elif kind == "auto":
            self._on_auto(peer, msg["on"])
        elif kind == "end_propose":
            self._on_propose(peer)
        elif kind == "end_answer":
            self._on_vote(peer, msg)
        elif kind == "leave":
            self._on_leave(peer)
        elif kind == "ping":
            peer.send({"t": "pong", "n": msg["n"]})
        elif kind == "pong":
            pass
        elif kind == "bye":
            self.disconnect(peer, self.now)
        else:
            raise ProtocolError(f"a client may not send {kind!r}")

    def _refuse(self, peer: Peer, code: str, text: str, why: str = "",
                args: Message | None = None) -> None:
        peer.send(refusal(code, text, why, args))
        self.disconnect(peer, self.now)

    def _on_hello(self, peer: Peer, msg: Message) -> None:
        if peer.hello or peer.challenge is not None:
            raise ProtocolError("hello sent twice")
        if msg["v"] != PROTOCOL_VERSION:
            self._refuse(peer, "version",
                         f"this table speaks protocol {PROTOCOL_VERSION}, you sent {msg['v']}",
                         args={"ours": PROTOCOL_VERSION, "theirs": msg["v"]})
            return
        if msg.get("rules") not in (None, self.rules):
            self._refuse(peer, "rules", "the table's rules changed since it was announced")
            return
        returning = self.places.place_of(msg.get("token")) is not None
        if peer.needs_token and not returning:
            self._refuse(peer, "full", "too many connections")
            return
        if msg.get("watch") and not self.config.spectators:
            self._refuse(peer, "watch", "this table does not take spectators")
            return
        if self.config.code and not returning:
            # The code itself never travels: the client proves it knows it (net/joincode.py).
            cnonce = msg.get("cnonce")
            if not is_nonce(cnonce):
                self._refuse(peer, "code", "this table is locked: ask the host for its join "
                             "code (and use a client that can send it)", "locked")
                return
            assert isinstance(cnonce, str)
            wait = self.attempts.wait(peer.address, self.now)
            if wait > 0:
                self.attempts.refused += 1
                self._refuse(peer, "code", f"too many wrong join codes: try again in "
                             f"{math.ceil(wait)} s", "too_many_codes",
                             {"seconds": math.ceil(wait)})
                return
            peer.challenge = (new_nonce(), cnonce, msg)
            peer.send({"t": "challenge", "nonce": peer.challenge[0]})
            return
        self._admit(peer, msg, None)

    def _on_prove(self, peer: Peer, msg: Message) -> None:
        assert peer.challenge is not None and self.config.code
        nonce, cnonce, hello_msg = peer.challenge
        peer.challenge = None
        code = self.config.code
        if not proof_ok(code, "client", nonce, cnonce, msg["proof"]):
            self.attempts.failed(peer.address, self.now)
            self._refuse(peer, "code", "wrong join code", "wrong_code")
            return
        self._admit(peer, hello_msg, proof(code, f"host:{self.fingerprint}", nonce, cnonce))

    def _admit(self, peer: Peer, msg: Message, host_proof: str | None) -> None:
        """Welcome a peer whose hello passed every check."""
        token = msg.get("token")
        place = self.places.place_of(token)
        peer.hello = True
        peer.pledge = _pledge_or_none(msg.get("pledge"))
        peer.is_bot = msg.get("bot") is True
        peer.name = clean_text(msg["name"])[:MAX_NAME] or "player"
        welcome: Message = {
            "t": "welcome", "v": PROTOCOL_VERSION, "table": self.config.name,
            "ruleset": self.config.ruleset, "rules": self.rules, "seats": self._seat_list(),
            "started": self.started, "locked": bool(self.config.code), "fp": self.fingerprint,
            "back": place is not None, "options": self.table_options,
            "walls": self.config.walls,
            "timers": [self.config.discard_seconds, self.config.claim_seconds]
            if self.timers_on else None,
            "auto": True,  # this host takes "auto" messages (older hosts drop a peer for one)
            "votes": True,  # and "end_propose" / "end_answer" (issue 28)
            "leave": True,  # and "leave" (issue 28)
        }
        if host_proof is not None:
            welcome["proof"] = host_proof
        peer.send(welcome)
        if self.finished:  # came back after the end: tell it, or it would wait for ever
            self._say_over(peer)
            return
        if self.round is not None:  # the next wall's round is open (it is not asked)
            peer.send(self._round_msg(self.round, within=0))
        if self.vote is not None:  # a proposal to end the match is under way
            peer.send(self.vote.message(OPEN, self.now))
        if self.fair is not None:  # a newcomer can still check this hand's wall at its end
            peer.send(self._commit_msg())
        if msg.get("watch"):
            peer.watching = True
            if self.started:
                self.publisher.snapshot(peer)
        elif place is not None:
            self._take_seat(peer, place, str(token))

    def _on_sit(self, peer: Peer, seat: int) -> None:
        if peer.seat is not None:
            peer.send({"t": "error", "code": "seated", "msg": "you already have a place"})
            return
        if peer.watching:
            peer.send(refusal("seat", "spectators cannot take a place", "spectator"))
            return
        free = self.free_seats
        if seat == -1 and free:
            seat = free[0]
        if seat not in free:
            peer.send(refusal("seat", f"place {seat} is not free", "taken", {"seat": seat}))
            return
        token = self.places.give(seat, peer.name)
        if self.started:
            self.match.names = tuple(self.names)
            if not self.match.hand_over:
                self.places.bench(seat)  # a bot finishes this hand; they play the next
        self._take_seat(peer, seat, token)

    def _take_seat(self, peer: Peer, seat: int, token: str) -> None:
        old = self.places.seat(peer, seat)
        if old is not None:
            old.send({"t": "bye", "reason": "you joined from somewhere else"})
            old.seat = None
            self.disconnect(old, self.now)
        self.turns.back(seat)
        self._explain()
        peer.send({"t": "seated", "seat": seat, "token": token})
        self._broadcast_seats()
        if self.started:
            peer.stream = SeatStream(seq=peer.stream.seq)
            self.publisher.snapshot(peer)
            if seat in self.places.benched:
                self._notice("bot", seat, f"{self.names[seat]} plays from the next hand")
            else:
                self._notice("back", seat, f"{self.names[seat]} is back")

    def _explain(self) -> None:
        """Have the match note the refusals (issue 27, game/why.py) of the places a person
        sits in, for their own views: not a program's (`hello{bot}`), which reads no words,
        nor an empty place a bot plays."""
        people = frozenset(p for p, peer in self.by_seat.items() if not peer.is_bot)
        if people != self.match.explained:
            self.match.explain(people)

    def _on_action(self, peer: Peer, msg: Message) -> None:
        seat = peer.seat
        if seat is None or not self.started or self.match.hand_over:
            peer.send(refusal("illegal", "nothing to do now", "nothing_now"))
            return
        if seat in self.places.benched:
            peer.send({"t": "error", "code": "bot",
                       "msg": "a bot plays your place until the next hand"})
            return
        if msg["seq"] != peer.stream.seq:
            # Decided on an old state: the client will get the new one and decide again.
            self.stale += 1
            return
        try:
            action = Action.parse(msg["a"])
        except NotationError as exc:
            self.illegal += 1
            peer.send(refusal("illegal", str(exc)[:200], "bad_notation"))
            return
        if action not in self.match.legal_actions(self.hand_seats()[seat]):
            self.illegal += 1
            peer.send(refusal("illegal", f"'{action}' is not legal now", "not_legal",
                              {"action": action.kind.value}))
            return
        self.turns.acted(seat)
        self.played[seat] += 1
        self._apply(seat, action)
        # A tick now arms the next decision's timer (the acted one's is gone) and moves bots.
        self._busy_at = self.now
        if self.on_action is not None:
            self.on_action({p.name: p.stream.seq for p in self.peers if p.hello})

    def _on_contribute(self, peer: Peer, msg: Message) -> None:
        """A place's randomness for the next wall: taken once, from the place's own
        connection, while the round is open; anything else is ignored (late is empty)."""
        r, seat = self.round, peer.seat
        if (r is None or msg["hand"] != r.hand or seat is None or seat not in r.ask
                or seat in r.got or self.by_seat.get(seat) is not peer):
            return
        value = unhex(msg["c"], MAX_CONTRIBUTION)
        if value is None:
            raise ProtocolError("a contribution is hex of at most 64 bytes")
        if pledge(msg["c"]) != r.pledges[seat]:
            return  # not the pledged one: chosen after the others were seen, so not taken
        r.got[seat] = value
        peer.pledge = _pledge_or_none(msg.get("next"))
        if r.complete():
            self._busy_at = self.now  # everyone is in: deal at once

    def _on_chat(self, peer: Peer, msg: Message) -> None:
        if not peer.chat.take(1, self.now):
            peer.send(refusal("chat", "you are chatting too fast", "too_fast"))
            return
        name = peer.name if peer.seat is None else self.names[peer.seat]
        out: Message = {"t": "chat", "seat": peer.seat, "name": name}
        if "phrase" in msg:
            if msg["phrase"] not in PHRASES:
                peer.send(refusal("chat", "unknown phrase", "unknown_phrase"))
                return
            out["phrase"] = msg["phrase"]
        else:
            text = clean_text(msg["text"])
            if not text:
                return
            out["text"] = text
        self._tell(out)

    def _on_auto(self, peer: Peer, on: bool) -> None:
        """The player lets a bot on their own machine play their place (托管), or takes it
        back: the table only tells the others; it plays nothing and shows nothing more."""
        seat = peer.seat
        if seat is None or peer.auto == on:
            return
        if not peer.auto_changes.take(1, self.now):
            peer.send(refusal("auto", "you are switching auto-play too often",
                              "auto_too_fast"))
            return
        peer.auto = on
        self._notice("auto" if on else "auto_off", seat,
                     f"{self.names[seat]} " + ("is on auto-play" if on else "plays again"))
        self._broadcast_seats()

    def _on_leave(self, peer: Peer) -> None:
        """A seated player leaves for good (issue 28). Mid-hand with the flee option on, that
        is the flee of M12 (it pays); in every case a bot plays the place for the rest of the
        match (nobody may come back to it with the token) and everyone is told. Before the
        start the place is simply free again."""
        seat = self._seated(peer)
        if seat is None:
            peer.send(refusal("leave", "only a seated player may leave a place", "not_seated"))
            return
        del self.by_seat[seat]
        peer.seat = None
        self._explain()
        self._void_vote_of(seat)
        self.turns.stop(seat)
        self.turns.back(seat)  # no absence to count: the place is the bots' now
        name = self.names[seat]
        if not self.started or self.finished:
            self.places.drop_tokens(seat)
            self.places.left_at.pop(seat, None)
            self.names[seat] = ""
        else:
            if (self.turns.flee and not self.match.hand_over
                    and seat not in self.places.benched):
                # M12: leaving mid-hand is fleeing (not for a hand a bot plays already: the
                # place fled before, or its player joined during it)
                self._flee(seat, "left the table")
            self.places.to_bot(seat)
            self.places.benched.discard(seat)
            self.match.names = tuple(self.names)
            self._notice("left", seat, f"{name} left the table; a bot plays the place",
                         name=name)
        self._broadcast_seats()
        peer.send({"t": "bye", "reason": "you left the table"})
        self.disconnect(peer, self.now)
        self._busy_at = self.now  # its bot may have a move to make at once

    # ------------------------------------------------------------ telling the peers

    def _tell(self, msg: Message) -> None:
        """Send `msg` to every peer past its hello."""
        for peer in self.peers:
            if peer.hello:
                peer.send(msg)

    def _notice(self, code: str, seat: int, text: str, **extra: Any) -> None:
        self._tell({"t": "notice", "code": code, "seat": seat, "msg": text, **extra})

    def _flee_in(self) -> dict[int, float]:
        """Seconds until each absent player counts as fled (M12); none without the flee option,
        as the turn clock then keeps no absence."""
        if self.match.hand_over:
            return {}
        return self.turns.flee_in(self.now)

    def _seat_list(self) -> list[dict[str, Any]]:
        auto = frozenset(p for p, peer in self.by_seat.items() if peer.auto)
        return self.places.listing(self._flee_in(), auto)

    def _broadcast_seats(self) -> None:
        self._tell({"t": "seats", "seats": self._seat_list()})
        if self.on_seats is not None:
            self.on_seats(len(self.free_seats), self.started)

    def _publish(self, events: list[Event]) -> None:
        self.publisher.publish(self.peers, events, self.started)

    def _round_msg(self, r: Round, within: float) -> Message:
        """The commitment to the host's secret; `within` > 0 asks `ask` to contribute."""
        return {"t": "commit", "hand": r.hand, "hash": secret_commitment(r.secret),
                "ask": list(r.ask), "within": within, "pledges": list(r.pledges)}

    def _dealt_shared(self) -> Round | None:
        """The round the hand on the table came from, if it did."""
        r = self.shared
        return r if r is not None and self.fair is not None and r.hand == self.fair[0] else None

    def _commit_msg(self) -> Message:
        assert self.fair is not None and self.match.hand is not None
        r = self._dealt_shared()
        if r is not None:
            return self._round_msg(r, within=0)
        order = self.match.hand.wall.order
        return {"t": "commit", "hand": self.fair[0], "hash": commitment(order, self.fair[1])}

    def _reveal_msg(self) -> Message:
        assert self.fair is not None and self.match.hand is not None
        msg: Message = {"t": "reveal", "hand": self.fair[0],
                        "wall": list(self.match.hand.wall.order), "salt": self.fair[1]}
        r = self._dealt_shared()
        if r is not None:
            msg["secret"] = r.secret.hex()
            msg["contributions"] = [c.hex() for c in r.contributions()]
        if self.config.secret_walls and self.match.hand_seed is not None:
            # Hex, as msgpack ints stop at 64 bits.
            msg["seed"] = format(self.match.hand_seed, "x")
        return msg

    # ------------------------------------------------------------ playing

    def _claim_window(self) -> float:
        """The uniform pause after each discard or kong: only when a person plays here."""
        if any(self.places.human(p) and not self.by_seat[p].is_bot for p in range(4)):
            return self.config.claim_window
        return 0.0

    def _apply(self, player: int, action: Action) -> None:
        try:
            events = self.match.apply(self.hand_seats()[player], action)
        except IllegalAction as exc:  # legal_actions said yes; keep the table alive anyway
            self.illegal += 1
            if player in self.by_seat:
                self.by_seat[player].send(refusal("illegal", str(exc), exc.code, exc.values))
            return
        self.chronicle.events(events)
        window = self._claim_window()
        if window > 0 and action.kind in (ActionKind.DISCARD, ActionKind.KONG):
            self.publisher.open_window(self.now + window)
        self._publish(events)
        # The hand under way is saved now and then (from `tick`, once the news is out), so a
        # crash resumes mid-hand on the same wall.
        self._save_due = self.config.save_path is not None

    def _robot(self) -> int | None:
        players = self.match.players
        for seat in self.match.to_act():
            if not self.places.human(players[seat]):
                return players[seat]
        return None

    def _begin(self, now: float) -> None:
        self.places.expire_holds(now)
        self.places.start()
        self.started = True
        for p in range(4):
            if not self.names[p]:
                self.names[p] = f"bot {p + 1}"
            if self.places.away(p):
                self.turns.left(p, now)
        self.match.names = tuple(self.names)
        self._broadcast_seats()
        if (self.end_reason is not None or self.match.match_over
                or self.hands_done == self.config.hands):
            self._finish()
        elif self.match.hand is not None and not self.match.hand_over:
            self._continue()  # resumed mid-hand: nothing is dealt again
        else:
            self._next_deal(now)

    def _step(self, now: float) -> bool:
        """One thing due now; False when nothing more is due."""
        if not self.match.hand_over:
            for p in self.turns.away_too_long(now):
                self._flee(p, "away too long")
        if self.match.hand_over:
            if self.chronicle.hands < self.match.hands_played:
                self.publisher.close_window()
                self._hand_done()
                if self.match.match_over or self.hands_done == self.config.hands:
                    self._finish()
                    return False
                self.next_deal_at = now + self.config.hand_pause
            if now < self.next_deal_at or not self._next_deal(now):
                return False
            returning = self._returning & set(self.by_seat)
            for p in sorted(returning):
                self._notice("back", p, f"{self.names[p]} plays again")
            return True
        if self.publisher.hold_until is not None:
            if not self.publisher.window_over(now):
                return False  # the claim window: those asked may still answer meanwhile
            self._publish([])  # what was held back goes out now (if nothing else holds it)
        players = self.match.players
        waiting = [players[s] for s in self.match.to_act()]
        self.turns.keep(waiting)  # a decision made or taken away: its deadline goes
        player = self._robot()
        if player is not None:
            if now < self.next_move_at:
                return False
            self.turns.stop(player)
            view = self.match.view(self.match.seat_of(player))
            self._apply(player, self.places.bot(player).choose(view))
            self.next_move_at = now + self.config.move_pause  # let the network breathe
            return True
        if not self.timers_on:
            return False
        due = self.turns.out_of_time(waiting, lambda p: self.match.view(self.match.seat_of(p)),
                                     now)
        if due is None:
            return False
        p, view = due
        self.timeouts += 1
        # the phase says which countdown ran out: only discard ones count toward a flee
        notice = {"t": "notice", "code": "timeout", "seat": p,
                  "msg": f"{self.names[p]} ran out of time", "phase": view.phase}
        if view.phase == "discard":
            self._tell(notice)  # whose turn it was is public
        else:
            # who was asked about a claim or a rob is the seat's own (game/view.py): only its
            # own connection hears that its window ran out
            peer = self.by_seat.get(p)
            if peer is not None and peer.hello:
                peer.send(notice)
        if self.turns.timed_out(p, view):  # M12, seed line 66: over three in a row
            self._flee(p, "four turn time-outs in a row")
        self._apply(p, timeout_action(view, self.places.bot(p)))
        return True

    def _flee(self, player: int, why: str) -> None:
        """M12: settle the flee; a bot plays the place until the next hand."""
        self.flees += 1
        self.chronicle.flee(len(self.match.actions), player)
        self.places.bench(player)
        self.turns.stop(player)
        events = self.match.flee(player)
        self.chronicle.events(events)
        self._notice("fled", player, f"{self.names[player]} fled ({why}); a bot plays for them")
        self._publish(events)
        self._broadcast_seats()

    def _finish(self) -> None:
        self.finished = True
        self.vote = None
        self.final = self.summary()
        self._write_log(final=True)
        if self.end_reason is not None:  # a save that says so: a resume ends it at once
            self._save()
        for peer in list(self.peers):
            self._say_over(peer)

    def _say_over(self, peer: Peer) -> None:
        """Tell `peer` the final scores and goodbye."""
        over: Message = {"t": "over", "scores": list(self.match.scores)}
        if self.end_reason is not None:
            over["reason"] = self.end_reason
        peer.send(over)
        peer.send({"t": "bye", "reason": "the match is over"})

    # ------------------------------------------------------------ a vote to end (issue 28)

    def _voters(self, proposer: int) -> frozenset[int]:
        """Who is asked: every other place a person sits in now (bots, programs that said
        `hello{bot}`, away players and spectators have no say)."""
        return frozenset(p for p, peer in self.by_seat.items()
                         if p != proposer and peer.hello and not peer.closed
                         and not peer.is_bot)

    def _seated(self, peer: Peer) -> int | None:
        """The place `peer` sits in, if it is still that place's connection."""
        seat = peer.seat
        return seat if seat is not None and self.by_seat.get(seat) is peer else None

    def _on_propose(self, peer: Peer) -> None:
        seat = self._seated(peer)
        if seat is None:
            peer.send(refusal("vote", "only a seated player may propose ending the match",
                              "not_seated"))
            return
        if not self.started or self.finished:
            peer.send(refusal("vote", "no match is under way", "no_match"))
            return
        if self.vote is not None:
            peer.send(refusal("vote", "a vote to end the match is already under way",
                              "vote_open"))
            return
        budget = self._proposals.setdefault(seat, Budget(PROPOSAL_BURST, PROPOSAL_RATE,
                                                         self.now))
        if not budget.take(1, self.now):
            wait = math.ceil((1 - budget.level) / PROPOSAL_RATE)
            peer.send(refusal("vote", f"too many proposals: try again in {wait} s",
                              "vote_too_fast", {"seconds": wait}))
            return
        self._votes += 1
        self.vote = EndVote(self._votes, seat, self._voters(seat), self.now + VOTE_SECONDS)
        if self.vote.done():  # nobody else to ask: the one person at the table decides
            self._close_vote(PASSED)
        else:
            self._tell(self.vote.message(OPEN, self.now))

    def _on_vote(self, peer: Peer, msg: Message) -> None:
        seat, vote = self._seated(peer), self.vote
        if seat is None:
            peer.send(refusal("vote", "only a seated player may vote", "not_seated"))
            return
        if vote is None or msg["id"] != vote.id:
            peer.send(refusal("vote", "there is no such proposal", "no_vote"))
            return
        if seat not in vote.voters:
            peer.send(refusal("vote", "you are not asked about this proposal", "not_asked"))
            return
        if not msg["yes"]:
            self._close_vote(REFUSED, seat)
            return
        if seat in vote.yes:
            return  # said twice: nothing changes
        vote.yes.add(seat)
        if vote.done():
            self._close_vote(PASSED)
        else:
            self._tell(vote.message(OPEN, self.now))

    def _void_vote_of(self, seat: int) -> None:
        """`seat`'s player is gone: a vote it proposed or had a say in is not decided without
        it."""
        vote = self.vote
        if vote is not None and (seat == vote.by or seat in vote.voters):
            self._close_vote(VOID)

    def _close_vote(self, state: str, refused_by: int | None = None) -> None:
        """Tell everyone how the vote ended; end the match if everyone accepted."""
        vote = self.vote
        assert vote is not None
        self.vote = None
        self._tell(vote.message(state, self.now, refused_by))
        if state == PASSED:
            self._end_by_vote()

    def _end_by_vote(self) -> None:
        """The match ends now (issue 28). A hand in play is abandoned: nothing of it is booked
        (no payments, its fees and flees undone with it, so the scores are those after the last
        finished hand and the log replays to them), its wall is revealed as abandoned (the
        tiles still hidden cannot be counted), and the match ends as any match does, with the
        reason "voted"."""
        self.end_reason = VOTED
        self.round = None  # a wall not dealt yet needs no reveal
        if not self.match.hand_over:
            self.publisher.close_window()
            self.chronicle.abandon()
            self.match.abandon_hand()
            if self.fair is not None:
                self._tell(dict(self._reveal_msg(), abandoned=True))
        self._finish()

    # ------------------------------------------------------------ a hand begins

    def _next_deal(self, now: float) -> bool:
        """Deal the next hand once its wall is known: at once for reproducible walls; else
        after the contributions round (net/fair.py), opened here, is complete or its time is
        up. False while the round waits."""
        first = not self._dealt_once
        if not self.config.secret_walls:
            self._deal(self.match.start_hand(), first)  # from the match seed
            return True
        r = self.round
        if r is None:
            r = self.round = self._open_round(now)
        if not r.complete() and now < r.until:
            return False
        self.round, self.shared = None, r
        self._deal(self.match.start_hand(self._wall_seed(r)), first)
        return True

    def _open_round(self, now: float) -> Round:
        """Commit to a fresh secret and ask every seated peer with a pledge for its
        randomness, showing everyone the pledges."""
        pledges = {p: peer.pledge for p, peer in self.by_seat.items()
                   if not peer.closed and peer.pledge is not None}
        r = Round(self.match.hand_no + 1, self._secret(), sorted(pledges),
                  now + self.config.contribute_seconds,
                  [pledges.get(p) or "" for p in range(4)])
        self._tell(self._round_msg(r, within=self.config.contribute_seconds))
        return r

    def _secret(self) -> bytes:
        """The host's secret for a hand (a hook for tests that play a dishonest host)."""
        return new_secret()

    def _wall_seed(self, r: Round) -> int:
        """The wall seed from the round (a hook for tests that play a dishonest host)."""
        return shared_seed(r.secret, r.contributions())

    def _deal(self, events: list[Event], first: bool) -> None:
        """Commit to the new hand's wall (unless the round did), then show the deal."""
        assert self.match.hand is not None
        self._dealt_once = True
        self._returning = self.places.new_hand()
        self.turns.new_hand()
        self.chronicle.new_hand()
        self.chronicle.events(events)
        if self.shared is not None and self.shared.hand == self.match.hand_no:
            self.fair = (self.match.hand_no, "")
        else:
            self.fair = (self.match.hand_no, new_salt())
            self._tell(self._commit_msg())
        self._after_commit()
        if first:
            for peer in self.peers:
                if peer.seat is not None or peer.watching:
                    peer.send(peer.stream.snapshot(self.state_of(
                        SPECTATOR if peer.seat is None else peer.seat)))
        self._publish(events)

    def _after_commit(self) -> None:
        """Hook for tests that play a dishonest host."""

    def _continue(self) -> None:
        """Resume a hand the save cut off: commit to its wall anew and show where it stands,
        as a live table would (in a claim phase, only to those asked about the discard)."""
        self._dealt_once = True
        self.fair = (self.match.hand_no, new_salt())
        self._tell(self._commit_msg())
        for peer in self.peers:
            if peer.seat is not None or peer.watching:
                self.publisher.snapshot(peer)

    # ------------------------------------------------------------ a hand ends

    def _hand_done(self) -> None:
        self.hands_done += 1
        record = self.match.history[-1]
        result = record.result
        players = [(record.dealer + s) % 4 for s in range(4)]
        deltas = [0] * 4
        for seat, player in enumerate(players):
            deltas[player] = result.deltas[seat]
        summary: dict[str, Any] = {
            "hand": record.hand_no,
            "winner": None if result.winner is None else players[result.winner],
            "how": result.how,
            "deltas": deltas,
            "scores": list(record.scores),
        }
        if result.score is not None:
            summary["total"] = result.score.total
        if result.others:  # N2 option "all": several won on one discard
            summary["winners"] = [players[seat] for seat in result.winners]
        self._tell(self._reveal_msg())
        self._tell({"t": "hand", "hand": record.hand_no, "result": summary})
        self.chronicle.hand_done(self.match, record.hand_no, self._kept_seed())
        self._save()
        self._write_log(final=False)
        if self.on_hand is not None:
            self.on_hand(summary)

    def _kept_seed(self) -> int | None:
        return self.match.hand_seed if self.config.secret_walls else None

    def save_data(self, hands: bool = True) -> SaveData:
        """What a save holds; without `hands` the finished hands are left out (the table's own
        saves take them from the chronicle's lines)."""
        return SaveData(
            ruleset=self.config.ruleset, table=self.config.name, seed=self.seed,
            options=dict(self.options), kinds=list(self.kinds), names=list(self.names),
            tokens=dict(self.places.tokens), bots=self.config.bots,
            hands_limit=self.config.hands, code=self.config.code,
            hands=self.chronicle.hand_logs() if hands else [], fingerprint=self.fingerprint,
            current=None if self.match.hand_over or self.end_reason is not None
            else self.chronicle.hand_log(self.match, self._kept_seed()),
            timers=[self.config.discard_seconds, self.config.claim_seconds],
            ended=self.end_reason,
        )

    def _save_at(self) -> float:
        return self.chronicle.saved_at + self.config.save_every

    def _save(self) -> None:
        self._save_due = False
        if self.config.save_path is not None:
            self._writes.append((self.config.save_path,
                                 self.chronicle.save_text(self.save_data(hands=False),
                                                          self.now)))

    def _write_log(self, final: bool) -> None:
        if self.config.log_path is not None:
            self._writes.append((self.config.log_path, self.chronicle.log_text(
                final, self.hands_done, self.match.scores, self.end_reason)))

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.config.name,
            "ruleset": self.config.ruleset,
            "seed": self.seed,
            "hands": self.hands_done,
            "final_scores": list(self.match.scores),
            "seats": list(self.kinds),
            "dropped": self.dropped,
            "illegal": self.illegal,
            "stale": self.stale,
            "timeouts": self.timeouts,
            "flees": self.flees,
            "ended": self.end_reason,
        }
