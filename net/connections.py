"""Connection handling for the LAN host: each peer's read loop, limits, flood control,
hello, and the messages a peer may send.

A connection may act only for the place it sat in, only with an action in that seat's legal
list, and only against the latest state it was sent. A peer that sends bad frames, floods,
stalls or falls too far behind is closed; the others play on.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from typing import Final

from game.actions import Action
from game.tiles import NotationError
from net.chat import PHRASES, clean_text
from net.frames import PROTOCOL_VERSION, Message, ProtocolError, encode, refusal
from net.joincode import is_nonce, new_nonce, proof, proof_ok
from net.limits import TOKEN_RESERVE
from net.peer import MAX_BACKLOG, Peer
from net.places import Places
from net.table_state import SPECTATOR

READ_CHUNK: Final = 16 * 1024
MAX_NAME: Final = 32
log = logging.getLogger(__name__)


class Connections(Places):
    """Serves each TCP peer for the host."""

    # ------------------------------------------------------------ the table's side (pure)

    def connect(self, conn: Peer, now: float) -> bool:
        """A peer arrived; False if it is turned away at once (its refusal is in its outbox)."""
        same = sum(1 for c in self.conns if c.address == conn.address)
        if (len(self.conns) >= self.config.max_connections + TOKEN_RESERVE
                or same >= self.config.per_address):
            conn.send({"t": "error", "code": "full", "msg": "too many connections"})
            conn.close()
            self.refused += 1
            return False
        # Past the total, the connection is kept only for a player coming back with a token,
        # so a crowd of strangers cannot lock players out of their own places.
        conn.needs_token = len(self.conns) >= self.config.max_connections
        self.conns.add(conn)
        return True

    def data(self, conn: Peer, size: int, now: float) -> bool:
        """`size` bytes arrived from `conn`, before any decoding; False: over its byte budget."""
        return conn.bytes.take(size, now)

    def receive(self, conn: Peer, msg: Message, now: float) -> None:
        """One message from `conn`: charged to its budget unless a reply, then acted on. A
        message that breaks the protocol drops the peer (an error goes out first)."""
        try:
            self._throttle(conn, msg, now)
            self._dispatch(conn, msg)
        except ProtocolError as exc:
            self.fail(conn, str(exc))

    def fail(self, conn: Peer, why: str) -> None:
        """Drop `conn` for breaking the protocol."""
        self.dropped += 1
        self.drop_reasons[why[:60]] += 1
        conn.send({"t": "error", "code": "protocol", "msg": why[:200]})
        conn.close()

    def disconnect(self, conn: Peer, now: float) -> None:
        """The peer's connection ended."""
        self._forget(conn, now)
        conn.close()

    # ------------------------------------------------------------ the transport

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        conn = Peer(address, time.monotonic(), self.config.rate, self.config.burst)
        self._writers[conn] = writer
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        if not self.connect(conn, self.clock()):
            log.info("refused a connection from %s: too many connections", conn.address)
            self._flush()
            del self._writers[conn]
            writer.transport.abort()
            return
        try:
            await self._read_loop(conn, reader)
        except ProtocolError as exc:  # the frame decoder's: bytes that are no message
            log.info("dropped %s: %s", conn.name or "a peer", exc)
            self.fail(conn, str(exc))
        except (TimeoutError, ConnectionError, OSError) as exc:
            self.dropped += 1
            self.drop_reasons["timeout" if isinstance(exc, TimeoutError) else "connection"] += 1
        finally:
            self._flush()
            self.disconnect(conn, self.clock())
            self._flush()
            self._writers.pop(conn, None)

    def _flush(self) -> None:
        """Write every peer's queued messages; close or abort those the table let go."""
        for conn, writer in list(self._writers.items()):
            if conn.aborted:
                writer.transport.abort()
                continue
            if conn.outbox:
                for msg in conn.outbox:
                    try:
                        writer.write(encode(msg))
                    except ProtocolError:  # a message we cannot send: a bug, not the peer's
                        self.drop_reasons["unsendable"] += 1
                    # Never await drain: one slow reader must not stall the others.
                    if writer.transport.get_write_buffer_size() > MAX_BACKLOG:
                        conn.abort()
                        writer.transport.abort()
                        break
                conn.outbox.clear()
            if conn.closing:
                conn.closing = False
                writer.close()

    async def _read_loop(self, conn: Peer, reader: asyncio.StreamReader) -> None:
        while not conn.closed:
            if conn.hello:
                timeout = self.config.idle_timeout
            else:  # one deadline from the connection's start: trickled bytes do not move it
                timeout = conn.opened + self.config.hello_timeout - time.monotonic()
                if timeout <= 0:
                    raise TimeoutError
            data = await asyncio.wait_for(reader.read(READ_CHUNK), timeout)
            if not data:
                return
            # Bytes are paid for before any decoding, so a flood costs the host little.
            if not self.data(conn, len(data), time.monotonic()):
                raise ProtocolError("too much data")
            conn.decoder.feed(data)
            for msg in conn.decoder:
                self.receive(conn, msg, time.monotonic())
                if conn.closed:
                    break
            self._flush()

    def _throttle(self, conn: Peer, msg: Message, now: float) -> None:
        """Charge a message to the peer's budget, unless it answers a state we sent it."""
        if (msg["t"] == "action" and conn.seat is not None
                and conn.replies.is_reply(msg["seq"], conn.stream.seq)):
            conn.bytes.give(conn.decoder.last_size)
            return
        if not conn.messages.take(1, now):
            raise ProtocolError("too many messages")

    def _forget(self, conn: Peer, now: float) -> None:
        conn.close()
        self.conns.discard(conn)
        seat = conn.seat
        if seat is not None and self.by_seat.get(seat) is conn:
            del self.by_seat[seat]
            self.timers.pop(seat, None)
            if self.started and not self.finished:
                self.gone_since[seat] = now
                left = self._flee_in().get(seat)
                flee = f" (counted as fleeing in {left:.0f} s)" if left is not None else ""
                self._notice("bot", seat, f"{self.names[seat]} left; a bot plays for them{flee}")
            elif not self.started:
                # Gone before the deal: the token holds the place for a while only (issue 13:
                # a client that died while waiting kept its place, and the table never filled).
                self.left_at[seat] = now
            self._broadcast_seats()
            self._wake.set()  # a bot may now have to play that place

    def _dispatch(self, conn: Peer, msg: Message) -> None:
        kind = msg["t"]
        if kind == "hello":
            self._on_hello(conn, msg)
        elif kind == "prove" and conn.challenge is not None:
            self._on_prove(conn, msg)
        elif not conn.hello:
            raise ProtocolError("the first message must be hello")
        elif kind == "sit":
            self._on_sit(conn, msg["seat"])
        elif kind == "action":
            self._on_action(conn, msg)
        elif kind == "resync":
            if (conn.seat is not None or conn.watching) and self.started:
                seat = SPECTATOR if conn.seat is None else self._hand_seats()[conn.seat]
                if self._hidden(seat) and conn.stream.state:
                    conn.send(conn.stream.snapshot())  # what it should have; news stays held
                else:
                    self._snapshot(conn)
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

    def _refuse(self, conn: Peer, code: str, text: str, why: str = "",
                args: Message | None = None) -> None:
        log.info("refused %s (%s): %s", conn.name or "a peer", code, text)
        conn.send(refusal(code, text, why, args))
        conn.close()

    def _on_hello(self, conn: Peer, msg: Message) -> None:
        if conn.hello or conn.challenge is not None:
            raise ProtocolError("hello sent twice")
        if msg["v"] != PROTOCOL_VERSION:
            self._refuse(conn, "version",
                         f"this table speaks protocol {PROTOCOL_VERSION}, you sent {msg['v']}",
                         args={"ours": PROTOCOL_VERSION, "theirs": msg["v"]})
            return
        if msg.get("rules") not in (None, self.rules):
            self._refuse(conn, "rules", "the table's rules changed since it was announced")
            return
        token = msg.get("token")
        returning = token is not None and token in self.tokens
        if conn.needs_token and not returning:
            self._refuse(conn, "full", "too many connections")
            return
        if msg.get("watch") and not self.config.spectators:
            self._refuse(conn, "watch", "this table does not take spectators")
            return
        if self.config.code and not returning:
            # The code itself never travels: the client proves it knows it (net/joincode.py).
            cnonce = msg.get("cnonce")
            if not is_nonce(cnonce):
                self._refuse(conn, "code", "this table is locked: ask the host for its join "
                             "code (and use a client that can send it)", "locked")
                return
            assert isinstance(cnonce, str)
            wait = self.attempts.wait(conn.address, self.clock())
            if wait > 0:
                self.attempts.refused += 1
                self._refuse(conn, "code", f"too many wrong join codes: try again in "
                             f"{math.ceil(wait)} s", "too_many_codes",
                             {"seconds": math.ceil(wait)})
                return
            conn.challenge = (new_nonce(), cnonce, msg)
            conn.send({"t": "challenge", "nonce": conn.challenge[0]})
            return
        self._admit(conn, msg, None)

    def _on_prove(self, conn: Peer, msg: Message) -> None:
        assert conn.challenge is not None and self.config.code
        nonce, cnonce, hello_msg = conn.challenge
        conn.challenge = None
        code = self.config.code
        if not proof_ok(code, "client", nonce, cnonce, msg["proof"]):
            self.attempts.failed(conn.address, self.clock())
            self._refuse(conn, "code", "wrong join code", "wrong_code")
            return
        self._admit(conn, hello_msg, proof(code, f"host:{self.fingerprint}", nonce, cnonce))

    def _admit(self, conn: Peer, msg: Message, host_proof: str | None) -> None:
        """Welcome a peer whose hello passed every check."""
        token = msg.get("token")
        returning = token is not None and token in self.tokens
        conn.hello = True
        conn.is_bot = msg.get("bot") is True
        conn.name = clean_text(msg["name"])[:MAX_NAME] or "player"
        log.info("%s connected%s", conn.name, " to watch" if msg.get("watch") else "")
        welcome: Message = {
            "t": "welcome", "v": PROTOCOL_VERSION, "table": self.config.name,
            "ruleset": self.config.ruleset, "rules": self.rules, "seats": self._seat_list(),
            "started": self.started, "locked": bool(self.config.code), "fp": self.fingerprint,
            "back": returning,
            "timers": [self.config.discard_seconds, self.config.claim_seconds]
            if self.timers_on else None,
        }
        if host_proof is not None:
            welcome["proof"] = host_proof
        conn.send(welcome)
        if self.finished:  # came back after the end: tell it, or it would wait for ever
            conn.send({"t": "over", "scores": list(self.match.scores)})
            conn.send({"t": "bye", "reason": "the match is over"})
            return
        if self.fair is not None:  # a newcomer can still check this hand's wall at its end
            conn.send(self._commit_msg())
        if msg.get("watch"):
            conn.watching = True
            if self.started:
                self._snapshot(conn)
        elif returning:
            assert token is not None
            self._take_seat(conn, self.tokens[token], token)

    def _on_action(self, conn: Peer, msg: Message) -> None:
        seat = conn.seat
        if seat is None or not self.started or self.match.hand_over:
            conn.send(refusal("illegal", "nothing to do now", "nothing_now"))
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
            conn.send(refusal("illegal", str(exc)[:200], "bad_notation"))
            return
        if action not in self.match.legal_actions(self._hand_seats()[seat]):
            self.illegal += 1
            conn.send(refusal("illegal", f"'{action}' is not legal now", "not_legal",
                              {"action": action.kind.value}))
            return
        self.watch.acted(seat)
        self.played[seat] += 1
        arrived = time.perf_counter()
        self._apply(seat, action)
        if self.on_action is not None:
            self.on_action(arrived, {c.name: c.stream.seq for c in self.conns if c.hello})

    def _on_chat(self, conn: Peer, msg: Message) -> None:
        if not conn.chat.allow(time.monotonic()):
            conn.send(refusal("chat", "you are chatting too fast", "too_fast"))
            return
        out: Message = {"t": "chat", "seat": conn.seat, "name": self._name(conn)}
        if "phrase" in msg:
            if msg["phrase"] not in PHRASES:
                conn.send(refusal("chat", "unknown phrase", "unknown_phrase"))
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

    def _name(self, conn: Peer) -> str:
        return conn.name if conn.seat is None else self.names[conn.seat]
