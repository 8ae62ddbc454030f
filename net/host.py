"""The LAN host: a TCP server owning one Match, speaking docs/protocol.md to each peer.

The match is the only authority. Each seat is sent its own view (`Match.view(seat)`) and its own
events (`Match.events_for`), as diffs; spectators get the public view (seat -1). `Host` keeps the
match flow: waiting for players, dealing with a fair-wall commitment, bots' and timed-out moves,
the end of each hand with its reveal, save and log. Its parts live beside it:

- net/host_config.py: `HostConfig`, `lan_options`, `rules_hash`;
- net/peer.py: `Peer`, one TCP peer and its send backlog limit;
- net/table_state.py: `TableState`, the shared state, publishing diffs and applying actions;
- net/places.py: `Places`, open and bot places, tokens, taking a place, benching;
- net/turn_clock.py: `TurnClock`, timers and fleeing (M11, M12);
- net/connections.py: `Connections`, each peer's read loop, limits, hello and messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from typing import Any, Final

from game.events import Event
from game.replay import event_line
from net.connections import Connections
from net.fair import new_salt
from net.frames import Message
from net.host_config import HostConfig, lan_options, rules_hash
from net.save import HandLog, SaveData, write_save
from net.table_state import SPECTATOR
from net.turn_clock import TurnClock

WALL_SEED_BITS: Final = 128
"""Bits of each hand's wall seed: far beyond any search (issue 13: a 31-bit seed was found)."""

__all__ = ["SPECTATOR", "Host", "HostConfig", "lan_options", "rules_hash"]


class Host(Connections, TurnClock):
    """Runs one table: `await start()` to listen, then `await run()` until the match ends.

    `Host(config, on_hand=None, saved=None)`; the state it keeps is in net/table_state.py.
    """

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

    def start_now(self) -> None:
        """Start without waiting for the open places (bots play them until someone joins)."""
        self._go = True
        self._wake.set()

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
        self._expire_holds(self.clock())
        self.left_at.clear()
        self.started = True
        for p in range(4):
            if not self.names[p]:
                self.names[p] = f"bot {p + 1}"
            if self.kinds[p] == "open" and p not in self.by_seat and p in self.tokens.values():
                self.gone_since[p] = self.clock()
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

    def _hand_seed(self) -> int | None:
        """A fresh wall seed for the next hand: 128 bits from the OS's secure source."""
        return secrets.randbits(WALL_SEED_BITS) if self.config.secret_walls else None

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

    def _after_commit(self) -> None:
        """Hook for tests that play a dishonest host."""

    def _reveal_msg(self) -> Message:
        assert self.fair is not None and self.match.hand is not None
        msg: Message = {"t": "reveal", "hand": self.fair[0],
                        "wall": list(self.match.hand.wall.order), "salt": self.fair[1]}
        if self.config.secret_walls and self.match.hand_seed is not None:
            # Hex, as msgpack ints stop at 64 bits.
            msg["seed"] = format(self.match.hand_seed, "x")
        return msg

    def _continue(self) -> None:
        """Resume a hand the save cut off: commit to its wall anew and show where it stands."""
        self.fair = (self.match.hand_no, new_salt())
        commit = self._commit_msg()
        for conn in list(self.conns):
            if conn.hello:
                conn.send(commit)
            if conn.seat is not None or conn.watching:
                conn.send(conn.stream.snapshot(self._state(self._viewer(conn))))

    async def _play(self) -> None:
        if self.match.hand is not None and not self.match.hand_over:
            self._continue()  # resumed mid-hand: nothing is dealt again
        else:
            self._deal(self.match.start_hand(self._hand_seed()), first=True)
        while True:
            now = self.clock()
            self._check_absent(now)
            if self.match.hand_over:
                self.hold_until = None
                self._hand_done()
                if self.match.match_over or self.hands_done == self.config.hands:
                    return
                if self.config.hand_pause:
                    await asyncio.sleep(self.config.hand_pause)
                returning = self.benched & set(self.by_seat)
                self._deal(self.match.next_hand(self._hand_seed()), first=False)
                for p in sorted(returning):
                    self._notice("back", p, f"{self.names[p]} plays again")
                continue
            if self.hold_until is not None and not self._release(self.clock()):
                # The claim window: the table waits (those asked may still answer meanwhile).
                await self._wait(max(0.0, self.hold_until - self.clock()))
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
        seed = self.match.hand_seed if self.config.secret_walls else None
        self.records.append(HandLog([[s, str(a)] for s, a in self.match.actions],
                                    list(self.hand_flees), seed))
        self.log.hand(record.hand_no, self.match.actions, self.hand_flees, seed)
        self._save()
        self._write_log(final=False)
        if self.on_hand is not None:
            self.on_hand(summary)

    def save_data(self) -> SaveData:
        return SaveData(
            ruleset=self.config.ruleset, table=self.config.name, seed=self.seed,
            options=dict(self.options), kinds=list(self.kinds), names=list(self.names),
            tokens=dict(self.tokens), bots=self.config.bots, hands_limit=self.config.hands,
            code=self.config.code, hands=list(self.records), fingerprint=self.fingerprint,
            current=None if self.match.hand_over else HandLog(
                [[s, str(a)] for s, a in self.match.actions], list(self.hand_flees),
                self.match.hand_seed if self.config.secret_walls else None),
        )

    def _after_action(self) -> None:
        """Save the hand under way now and then (at most every `save_every` seconds), so a
        crash resumes mid-hand on the same wall."""
        now = self.clock()
        if self.config.save_path is not None and now - self._saved_at >= self.config.save_every:
            self._saved_at = now
            self._save()

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
