"""The LAN host: a TCP server owning one Match, speaking docs/protocol.md to each peer.

Network "places" are 0-3, the match's player numbers, which keep their number while hand seats
rotate; the host maps a place to its seat in the current hand.

The match is the only authority. A connection may act only for the place it sat in, only with an
action in that seat's legal list, and only against the latest state it was sent. Each seat is
sent its own view (`Match.view(seat)`) and its own events (`Match.events_for`), as diffs;
spectators get the public view (seat -1). A peer that sends bad frames, floods, stalls or falls
too far behind is closed; the others play on, and a bot plays a place whose player is away until
they come back with their token.

Timers and fleeing (M11, M12): a connected player has `discard_seconds` / `claim_seconds` to
act, then the host plays `timeout_action` for them; three time-outs in a row, or an absence
longer than `flee_after`, is a flee: `Match.flee` settles it and a bot plays the place until the
next hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.actions import Action
from game.bots import Bot, make_bot
from game.errors import IllegalAction
from game.events import Event
from game.match import Match
from game.replay import LogWriter, event_line
from game.rules.registry import make_ruleset
from game.tiles import NotationError
from game.timeouts import (
    CLAIM_SECONDS,
    DISCARD_SECONDS,
    FLEE_AFTER_DISCONNECT_SECONDS,
    FleeWatch,
    timeout_action,
)
from net.chat import PHRASES, ChatLimiter, clean_text
from net.diff import SeatStream, canonical
from net.fair import commitment, new_salt
from net.frames import PROTOCOL_VERSION, FrameDecoder, Message, ProtocolError, encode
from net.save import HandLog, SaveData, replay, write_save
from net.wire import compact_view

READ_CHUNK: Final = 16 * 1024
MAX_BACKLOG: Final = 512 * 1024
"""Bytes queued to a peer that does not read before it is dropped."""
MAX_CONNECTIONS: Final = 16
MAX_NAME: Final = 32
SPECTATOR: Final = -1


def rules_hash(ruleset: str, options: Mapping[str, Any] | None) -> str:
    """A short fingerprint of the ruleset and its options, shown in hello and discovery."""
    blob = canonical({"ruleset": ruleset, "options": dict(options or {})})
    return hashlib.blake2b(blob, digest_size=6).hexdigest()


def lan_options(ruleset: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a LAN table plays with: timers and flee default on (M11, M12) where the
    ruleset has them, unless the host chose otherwise."""
    out = dict(options or {})
    known = make_ruleset(ruleset).options
    for key in ("timers", "flee"):
        if key in known and key not in out:
            out[key] = True
    return out


@dataclass
class HostConfig:
    ruleset: str
    name: str
    seats: list[str] = field(default_factory=lambda: ["open", "bot", "bot", "bot"])
    """Per place: "open" for a network player or "bot"."""
    hands: int | None = None
    """Stop after this many hands even if the match is not over."""
    seed: int | None = None
    bots: str = "normal"
    start_after: float = 120.0
    address: str = "127.0.0.1"
    port: int = 0
    options: dict[str, Any] | None = None
    """Ruleset options; `lan_options` adds the LAN defaults."""
    hello_timeout: float = 10.0
    idle_timeout: float = 60.0
    rate: float = 50.0
    """Messages per second a peer may send on average..."""
    burst: float = 200.0
    """...and in one burst."""
    move_pause: float = 0.0
    """Seconds between bot moves (0 for headless tables)."""
    hand_pause: float = 0.0
    """Seconds between a hand's end and the next deal (time to read the results)."""
    discard_seconds: float = DISCARD_SECONDS
    claim_seconds: float = CLAIM_SECONDS
    flee_after: float = FLEE_AFTER_DISCONNECT_SECONDS
    """Seconds of absence during a match that count as fleeing (M12)."""
    code: str | None = None
    """Join code of a locked table, checked at hello (a returning token needs none)."""
    save_path: Path | None = None
    """Written after every hand; None: not saved."""
    log_path: Path | None = None
    """The match log (game/replay.py format), rewritten after every hand; None: none."""
    spectators: bool = True


class _Conn:
    """One TCP peer."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder()
        self.name = "player"
        self.hello = False
        self.seat: int | None = None
        self.watching = False
        self.stream = SeatStream()
        self.tokens = 0.0
        self.stamp = time.monotonic()
        self.chat = ChatLimiter()
        self.closed = False

    def send(self, msg: Message) -> None:
        if self.closed:
            return
        self.writer.write(encode(msg))
        # Never await drain here: one slow reader must not stall the table for the others.
        if self.writer.transport.get_write_buffer_size() > MAX_BACKLOG:
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class Host:
    """Runs one table: `await start()` to listen, then `await run()` until the match ends."""

    def __init__(
        self,
        config: HostConfig,
        on_hand: Callable[[dict[str, Any]], None] | None = None,
        saved: SaveData | None = None,
    ) -> None:
        if len(config.seats) != 4 or any(s not in ("open", "bot") for s in config.seats):
            raise ValueError("seats must be four of 'open' or 'bot'")
        self.config = config
        self.on_hand = on_hand
        self.tokens: dict[str, int] = {}
        self.digest = hashlib.sha256()
        """Events hash of the match log (every event, in order)."""
        self.records: list[HandLog] = []
        if saved is None:
            self.seed = config.seed if config.seed is not None else random.randrange(2**31)
            self.options = lan_options(config.ruleset, config.options)
            self.match = Match(config.ruleset, self.seed, self.options)
            self.kinds = list(config.seats)
            self.names = [f"bot {i + 1}" if k == "bot" else "" for i, k in enumerate(self.kinds)]
        else:
            self.seed = saved.seed
            self.options = dict(saved.options)
            self.match = replay(saved, self.digest)
            self.kinds = list(saved.kinds)
            self.names = list(saved.names)
            self.tokens = dict(saved.tokens)
            self.records = list(saved.hands)
        self.rules = rules_hash(config.ruleset, self.options)
        self.log = LogWriter(config.ruleset, self.seed, self.options, self.match.start_scores)
        for number, record in enumerate(self.records, 1):
            self.log.hand(number, [(int(s), Action.parse(str(a))) for s, a in record.actions],
                          record.flees)
        self.hands_done = len(self.records)
        self.resumed = saved is not None
        self.conns: set[_Conn] = set()
        self.by_seat: dict[int, _Conn] = {}
        self.bots: dict[int, Bot] = {}
        self.benched: set[int] = set()
        """Places a bot plays until the next hand although their player is here (fled, or
        joined mid-hand)."""
        self.gone_since: dict[int, float] = {}
        self.watch = FleeWatch()
        self.timers: dict[int, tuple[tuple[Any, ...], float]] = {}
        """Per place waiting on its player: (decision key, monotonic deadline)."""
        self.hand_flees: list[list[int]] = []
        self.fair: tuple[int, str] | None = None
        """(hand number, salt) of the wall committed to."""
        self.started = False
        self.finished = False
        self.dropped = 0
        self.illegal = 0
        self.stale = 0
        self.timeouts = 0
        self.flees = 0
        self.played = [0, 0, 0, 0]
        """Actions each place's own player made over the network."""
        self.port = config.port
        self.on_seats: Callable[[int, bool], None] | None = None
        """Called with (free places, started) whenever they change, e.g. to update discovery."""
        self.on_action: Callable[[float, dict[str, int]], None] | None = None
        """Benchmarks: (time an action arrived, seq each peer will see its effect at)."""
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[Any]] = set()
        self._wake = asyncio.Event()
        self._go = False

    # ------------------------------------------------------------ listening

    async def start(self) -> None:
        self._server = await asyncio.start_server(
            self._serve, self.config.address, self.config.port
        )
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        for conn in list(self.conns):
            conn.send({"t": "bye", "reason": "the table is closing"})
            conn.close()
        if self._server is not None:
            self._server.close()
        # Closing the sockets ends each handler's read; wait so none is cut off mid-cleanup.
        if self._handlers:
            await asyncio.wait(self._handlers, timeout=5)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    @property
    def free_seats(self) -> list[int]:
        """Places a newcomer may take: open, nobody there, nobody holding a token for it."""
        owned = set(self.tokens.values())
        return [p for p, k in enumerate(self.kinds)
                if k == "open" and p not in self.by_seat and p not in owned]

    def _missing(self) -> list[int]:
        """Open places whose player is not here (before the match starts or resumes)."""
        return [p for p, k in enumerate(self.kinds) if k == "open" and p not in self.by_seat]

    def human(self, player: int) -> bool:
        """Whether the place's own player decides now (else a bot does)."""
        return player in self.by_seat and player not in self.benched

    def _seat_list(self) -> list[dict[str, Any]]:
        free = self.free_seats
        return [
            {"kind": k, "name": self.names[p], "taken": p not in free,
             "bot": not self.human(p), "away": k == "open" and p not in self.by_seat
             and p in self.tokens.values()}
            for p, k in enumerate(self.kinds)
        ]

    # ------------------------------------------------------------ between hands

    def add_bot(self, player: int) -> None:
        """Give an empty place to a bot for good (nobody may join it)."""
        if player in self.by_seat:
            raise ValueError(f"place {player} has a player; a bot cannot take it")
        self.kinds[player] = "bot"
        self.names[player] = f"bot {player + 1}"
        self.tokens = {t: p for t, p in self.tokens.items() if p != player}
        self._broadcast_seats()

    def start_now(self) -> None:
        """Start without waiting for the open places (bots play them until someone joins)."""
        self._go = True
        self._wake.set()

    def open_place(self, player: int) -> None:
        """Let a newcomer take a bot's place (they play from the next hand)."""
        self.kinds[player] = "open"
        self._broadcast_seats()
        self._wake.set()

    # ------------------------------------------------------------ one connection

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Conn(reader, writer)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        if len(self.conns) >= MAX_CONNECTIONS:
            conn.send({"t": "error", "code": "full", "msg": "too many connections"})
            conn.close()
            return
        self.conns.add(conn)
        try:
            await self._read_loop(conn)
        except ProtocolError as exc:
            self.dropped += 1
            with contextlib.suppress(Exception):
                conn.send({"t": "error", "code": "protocol", "msg": str(exc)[:200]})
        except (TimeoutError, ConnectionError, OSError):
            self.dropped += 1
        finally:
            self._forget(conn)

    async def _read_loop(self, conn: _Conn) -> None:
        while not conn.closed:
            timeout = self.config.idle_timeout if conn.hello else self.config.hello_timeout
            data = await asyncio.wait_for(conn.reader.read(READ_CHUNK), timeout)
            if not data:
                return
            conn.decoder.feed(data)
            for msg in conn.decoder:
                self._throttle(conn)
                self._dispatch(conn, msg)
                if conn.closed:
                    return

    def _throttle(self, conn: _Conn) -> None:
        now = time.monotonic()
        conn.tokens = min(self.config.burst, conn.tokens + (now - conn.stamp) * self.config.rate)
        conn.stamp = now
        # A fresh connection starts with a full bucket.
        if conn.decoder.frames_in == 1:
            conn.tokens = self.config.burst
        conn.tokens -= 1
        if conn.tokens < 0:
            raise ProtocolError("too many messages")

    def _forget(self, conn: _Conn) -> None:
        conn.close()
        self.conns.discard(conn)
        seat = conn.seat
        if seat is not None and self.by_seat.get(seat) is conn:
            del self.by_seat[seat]
            self.timers.pop(seat, None)
            if self.started and not self.finished:
                self.gone_since[seat] = time.monotonic()
                self._notice("bot", seat, f"{self.names[seat]} left; a bot plays for them")
            self._broadcast_seats()
            self._wake.set()  # a bot may now have to play that place

    def _dispatch(self, conn: _Conn, msg: Message) -> None:
        kind = msg["t"]
        if kind == "hello":
            self._on_hello(conn, msg)
        elif not conn.hello:
            raise ProtocolError("the first message must be hello")
        elif kind == "sit":
            self._on_sit(conn, msg["seat"])
        elif kind == "action":
            self._on_action(conn, msg)
        elif kind == "resync":
            if (conn.seat is not None or conn.watching) and self.started:
                conn.send(conn.stream.snapshot(self._state(self._viewer(conn))))
        elif kind == "chat":
            self._on_chat(conn, msg)
        elif kind == "ping":
            conn.send({"t": "pong", "n": msg["n"]})
        elif kind == "pong":
            pass
        elif kind == "bye":
            conn.close()
        else:
            raise ProtocolError(f"a client may not send {kind!r}")

    def _refuse(self, conn: _Conn, code: str, text: str) -> None:
        conn.send({"t": "error", "code": code, "msg": text})
        conn.close()

    def _on_hello(self, conn: _Conn, msg: Message) -> None:
        if conn.hello:
            raise ProtocolError("hello sent twice")
        if msg["v"] != PROTOCOL_VERSION:
            self._refuse(conn, "version",
                         f"this table speaks protocol {PROTOCOL_VERSION}, you sent {msg['v']}")
            return
        if msg.get("rules") not in (None, self.rules):
            self._refuse(conn, "rules", "the table's rules changed since it was announced")
            return
        token = msg.get("token")
        returning = token is not None and token in self.tokens
        code = self.config.code
        if code and not returning and msg.get("code") != code:
            self._refuse(conn, "code", "this table is locked: ask the host for its join code"
                         if not msg.get("code") else "wrong join code")
            return
        if msg.get("watch") and not self.config.spectators:
            self._refuse(conn, "watch", "this table does not take spectators")
            return
        conn.hello = True
        conn.name = clean_text(msg["name"])[:MAX_NAME] or "player"
        conn.send({
            "t": "welcome", "v": PROTOCOL_VERSION, "table": self.config.name,
            "ruleset": self.config.ruleset, "rules": self.rules, "seats": self._seat_list(),
            "started": self.started, "locked": bool(code),
            "timers": [self.config.discard_seconds, self.config.claim_seconds]
            if self.timers_on else None,
        })
        if self.fair is not None:  # a newcomer can still check this hand's wall at its end
            conn.send(self._commit_msg())
        if msg.get("watch"):
            conn.watching = True
            if self.started:
                conn.send(conn.stream.snapshot(self._state(SPECTATOR)))
        elif returning:
            assert token is not None
            self._take_seat(conn, self.tokens[token], token)

    def _on_sit(self, conn: _Conn, seat: int) -> None:
        if conn.seat is not None:
            conn.send({"t": "error", "code": "seated", "msg": "you already have a place"})
            return
        if conn.watching:
            conn.send({"t": "error", "code": "seat", "msg": "spectators cannot take a place"})
            return
        free = self.free_seats
        if seat == -1 and free:
            seat = free[0]
        if seat not in free:
            conn.send({"t": "error", "code": "seat", "msg": f"place {seat} is not free"})
            return
        token = secrets.token_urlsafe(16)
        self.tokens = {t: p for t, p in self.tokens.items() if p != seat}
        self.tokens[token] = seat
        self.names[seat] = conn.name
        if self.started:
            self.match.names = tuple(self.names)
            if not self.match.hand_over:
                self.benched.add(seat)  # a bot finishes this hand; the newcomer plays the next
        self._take_seat(conn, seat, token)

    def _take_seat(self, conn: _Conn, seat: int, token: str) -> None:
        old = self.by_seat.get(seat)
        if old is not None and old is not conn:
            old.send({"t": "bye", "reason": "you joined from somewhere else"})
            old.seat = None
            old.close()
        conn.seat = seat
        self.by_seat[seat] = conn
        self.gone_since.pop(seat, None)
        conn.send({"t": "seated", "seat": seat, "token": token})
        self._broadcast_seats()
        if self.started:
            conn.stream = SeatStream(seq=conn.stream.seq)
            conn.send(conn.stream.snapshot(self._state(seat)))
            if seat in self.benched:
                self._notice("bot", seat, f"{self.names[seat]} plays from the next hand")
            else:
                self._notice("back", seat, f"{self.names[seat]} is back")
        self._wake.set()

    def _on_action(self, conn: _Conn, msg: Message) -> None:
        seat = conn.seat
        if seat is None or not self.started or self.match.hand_over:
            conn.send({"t": "error", "code": "illegal", "msg": "nothing to do now"})
            return
        if seat in self.benched:
            conn.send({"t": "error", "code": "bot",
                       "msg": "a bot plays your place until the next hand"})
            return
        if msg["seq"] != conn.stream.seq:
            # Decided on an old state: the client will get the new one and decide again.
            self.stale += 1
            return
        try:
            action = Action.parse(msg["a"])
        except NotationError as exc:
            self.illegal += 1
            conn.send({"t": "error", "code": "illegal", "msg": str(exc)[:200]})
            return
        if action not in self.match.legal_actions(self._hand_seats()[seat]):
            self.illegal += 1
            conn.send({"t": "error", "code": "illegal", "msg": f"'{action}' is not legal now"})
            return
        self.watch.acted(seat)
        self.played[seat] += 1
        arrived = time.perf_counter()
        self._apply(seat, action)
        if self.on_action is not None:
            self.on_action(arrived, {c.name: c.stream.seq for c in self.conns if c.hello})

    def _on_chat(self, conn: _Conn, msg: Message) -> None:
        if not conn.chat.allow(time.monotonic()):
            conn.send({"t": "error", "code": "chat", "msg": "you are chatting too fast"})
            return
        out: Message = {"t": "chat", "seat": conn.seat, "name": self._name(conn)}
        if "phrase" in msg:
            if msg["phrase"] not in PHRASES:
                conn.send({"t": "error", "code": "chat", "msg": "unknown phrase"})
                return
            out["phrase"] = msg["phrase"]
        else:
            text = clean_text(msg["text"])
            if not text:
                return
            out["text"] = text
        for other in list(self.conns):
            if other.hello:
                other.send(out)

    def _name(self, conn: _Conn) -> str:
        return conn.name if conn.seat is None else self.names[conn.seat]

    def _notice(self, code: str, seat: int, text: str) -> None:
        for conn in list(self.conns):
            if conn.hello:
                conn.send({"t": "notice", "code": code, "seat": seat, "msg": text})

    # ------------------------------------------------------------ the table

    def _hand_seats(self) -> tuple[int, ...]:
        """Hand seat of each player for the hand on the table (finished or not)."""
        players = self.match.hand_players()
        return tuple(players.index(player) for player in range(4))

    def _viewer(self, conn: _Conn) -> int:
        return SPECTATOR if conn.seat is None else conn.seat

    def _state(self, player: int) -> dict[str, Any]:
        seat = SPECTATOR if player == SPECTATOR else self._hand_seats()[player]
        return compact_view(self.match.view(seat).to_wire())

    def _publish(self, events: list[Event]) -> None:
        seats = self._hand_seats()
        public: tuple[dict[str, Any], list[Any]] | None = None
        shared: dict[int, tuple[Message, dict[str, Any]]] = {}
        for conn in list(self.conns):
            if conn.seat is not None:
                player = conn.seat
                seen = self.match.events_for(seats[player], events)
                msg = conn.stream.update(self._state(player), [e.to_wire() for e in seen])
            elif conn.watching and self.started:
                if public is None:
                    spectator_events = self.match.events_for(SPECTATOR, events)
                    public = (self._state(SPECTATOR), [e.to_wire() for e in spectator_events])
                # Spectators in step share one diff: compute it once per old state.
                old = conn.stream.state
                cached = shared.get(id(old))
                if cached is None:
                    msg = conn.stream.update(public[0], public[1])
                    if msg is not None:
                        shared[id(old)] = (msg, old)
                else:
                    conn.stream.seq += 1
                    conn.stream.state = public[0]
                    msg = dict(cached[0], seq=conn.stream.seq)
            else:
                continue
            if msg is not None:
                conn.send(msg)

    def _apply(self, player: int, action: Action) -> None:
        try:
            events = self.match.apply(self._hand_seats()[player], action)
        except IllegalAction as exc:  # legal_actions said yes; keep the table alive anyway
            self.illegal += 1
            if player in self.by_seat:
                self.by_seat[player].send({"t": "error", "code": "illegal", "msg": str(exc)})
            return
        for e in events:
            self.digest.update(event_line(e))
        self._publish(events)
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

    async def _wait(self, timeout: float | None = None) -> None:
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout)

    async def run(self) -> dict[str, Any]:
        """Wait for players, play the match, return the final summary."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.start_after
        while self._missing() and loop.time() < deadline and not self._go:
            await self._wait(deadline - loop.time())
        self.started = True
        for p in range(4):
            if not self.names[p]:
                self.names[p] = f"bot {p + 1}"
            if self.kinds[p] == "open" and p not in self.by_seat and p in self.tokens.values():
                self.gone_since[p] = time.monotonic()
        self.match.names = tuple(self.names)
        self._broadcast_seats()
        try:
            if not self.match.match_over and self.hands_done != self.config.hands:
                await self._play()
        finally:
            self.finished = True
        summary = self.summary()
        self._write_log(final=True)
        for conn in list(self.conns):
            conn.send({"t": "over", "scores": list(self.match.scores)})
            conn.send({"t": "bye", "reason": "the match is over"})
        await asyncio.sleep(0)
        return summary

    def _deal(self, events: list[Event], first: bool) -> None:
        """Commit to the new hand's wall, then show the deal."""
        hand = self.match.hand
        assert hand is not None
        self.benched.clear()
        self.timers.clear()
        self.hand_flees = []
        for e in events:
            self.digest.update(event_line(e))
        self.fair = (self.match.hand_no, new_salt())
        commit = self._commit_msg()
        for conn in list(self.conns):
            if conn.hello:
                conn.send(commit)
        self._after_commit()
        if first:
            for conn in list(self.conns):
                if conn.seat is not None or conn.watching:
                    conn.send(conn.stream.snapshot(self._state(self._viewer(conn))))
        self._publish(events)

    def _commit_msg(self) -> Message:
        assert self.fair is not None and self.match.hand is not None
        order = self.match.hand.wall.order
        return {"t": "commit", "hand": self.fair[0], "hash": commitment(order, self.fair[1])}

    def _after_commit(self) -> None:
        """Hook for tests that play a dishonest host."""

    def _reveal_msg(self) -> Message:
        assert self.fair is not None and self.match.hand is not None
        return {"t": "reveal", "hand": self.fair[0], "wall": list(self.match.hand.wall.order),
                "salt": self.fair[1]}

    async def _play(self) -> None:
        self._deal(self.match.start_hand(), first=True)
        while True:
            now = time.monotonic()
            self._check_absent(now)
            if self.match.hand_over:
                self._hand_done()
                if self.match.match_over or self.hands_done == self.config.hands:
                    return
                if self.config.hand_pause:
                    await asyncio.sleep(self.config.hand_pause)
                returning = self.benched & set(self.by_seat)
                self._deal(self.match.next_hand(), first=False)
                for p in sorted(returning):
                    self._notice("back", p, f"{self.names[p]} plays again")
                continue
            players = self.match.players
            waiting = [players[s] for s in self.match.to_act()]
            robots = [p for p in waiting if not self.human(p)]
            if robots:
                player = robots[0]
                self.timers.pop(player, None)
                view = self.match.view(self.match.seat_of(player))
                self._apply(player, self._bot(player).choose(view))
                await asyncio.sleep(self.config.move_pause)  # let the network breathe
                continue
            if self._expire(waiting, now):
                continue
            await self._wait(self._next_wake(now))

    # ------------------------------------------------------------ timers and fleeing

    @property
    def timers_on(self) -> bool:
        return bool(self.match.rules.options.get("timers"))

    def _expire(self, waiting: list[int], now: float) -> bool:
        """Arm a timer for each player asked to decide; play for those out of time (M11)."""
        for p in list(self.timers):
            if p not in waiting:
                del self.timers[p]
        if not self.timers_on:
            return False
        for p in waiting:
            view = self.match.view(self.match.seat_of(p))
            key = (view.hand_no, view.phase, view.current, view.wall_remaining,
                   sum(len(r) for r in view.rivers), sum(len(m) for m in view.melds))
            armed = self.timers.get(p)
            if armed is None or armed[0] != key:
                limit = (self.config.discard_seconds if view.phase == "discard"
                         else self.config.claim_seconds)
                self.timers[p] = (key, now + limit)
                continue
            if now < armed[1]:
                continue
            del self.timers[p]
            self.timeouts += 1
            self._notice("timeout", p, f"{self.names[p]} ran out of time")
            if self.watch.timed_out(p):  # M12: the third time-out in a row
                self.watch.acted(p)
                self._flee(p, "three time-outs in a row")
            self._apply(p, timeout_action(view, self._bot(p)))
            return True
        return False

    def _check_absent(self, now: float) -> None:
        if self.match.hand_over:
            return
        for p, since in list(self.gone_since.items()):
            if now - since >= self.config.flee_after:
                del self.gone_since[p]
                self._flee(p, "away too long")

    def _next_wake(self, now: float) -> float | None:
        times = [deadline for _, deadline in self.timers.values()]
        times += [since + self.config.flee_after for since in self.gone_since.values()]
        return max(0.0, min(times) - now) if times else None

    def _flee(self, player: int, why: str) -> None:
        """M12: settle the flee; a bot plays the place until the next hand."""
        self.flees += 1
        self.hand_flees.append([len(self.match.actions), player])
        self.benched.add(player)
        self.timers.pop(player, None)
        events = self.match.flee(player)
        for e in events:
            self.digest.update(event_line(e))
        self._notice("fled", player, f"{self.names[player]} fled ({why}); a bot plays for them")
        self._publish(events)
        self._broadcast_seats()

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
        reveal = self._reveal_msg()
        for conn in list(self.conns):
            if conn.hello:
                conn.send(reveal)
                conn.send({"t": "hand", "hand": record.hand_no, "result": summary})
        self.records.append(HandLog([[s, str(a)] for s, a in self.match.actions],
                                    list(self.hand_flees)))
        self.log.hand(record.hand_no, self.match.actions, self.hand_flees)
        self._save()
        self._write_log(final=False)
        if self.on_hand is not None:
            self.on_hand(summary)

    def save_data(self) -> SaveData:
        return SaveData(
            ruleset=self.config.ruleset, table=self.config.name, seed=self.seed,
            options=dict(self.options), kinds=list(self.kinds), names=list(self.names),
            tokens=dict(self.tokens), bots=self.config.bots, hands_limit=self.config.hands,
            code=self.config.code, hands=list(self.records),
        )

    def _save(self) -> None:
        if self.config.save_path is None:
            return
        try:
            write_save(self.config.save_path, self.save_data())
        except OSError as exc:  # the table plays on; the host is told once per failure
            self._notice("save", -1, f"the host could not save the match: {exc}")

    def _write_log(self, final: bool) -> None:
        if self.config.log_path is None:
            return
        if final and not self.log.lines[-1].get("end"):
            self.log.finish(self.hands_done, self.match.scores, self.digest.hexdigest())
        with contextlib.suppress(OSError):  # a log that cannot be written must not stop play
            self.log.write(self.config.log_path)

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
        }
