"""The table's match flow as a pure object fed the time: `tick(now)` does whatever is due (start,
deal, bots' moves, time-outs, flees, the claim window, a hand's end) and `next_deadline()` says
when it must be called again; it never reads the clock nor waits. net/host.py is the transport
that calls it; tests drive it with a fake clock.

The parts it builds on: net/table_state.py (state, publishing), net/places.py (places, tokens),
net/turn_clock.py (timers and flees, M11, M12).
"""

from __future__ import annotations

import contextlib
import secrets
from typing import Any, Final

from game.events import Event
from game.replay import event_line
from net.fair import new_salt
from net.frames import Message
from net.save import HandLog, SaveData, write_save
from net.turn_clock import TurnClock

WALL_SEED_BITS: Final = 128
"""Bits of each hand's wall seed: far beyond any search (issue 13: a 31-bit seed was found)."""
MAX_STEPS: Final = 64
"""Moves one tick makes at most, so the transport gets to read and write between ticks."""


class Table(TurnClock):
    """Runs one match's flow; see the module docstring."""

    start_at: float | None = None
    """When the match starts even if open places are still empty (set by the transport)."""
    next_move_at = 0.0
    next_deal_at = 0.0
    final: dict[str, Any] | None = None
    """The summary, once the match is over."""
    _busy_at: float | None = None

    def start_now(self) -> None:
        """Start without waiting for the open places (bots play them until someone joins)."""
        self._go = True
        self._wake.set()

    # ------------------------------------------------------------ the clock's side

    def tick(self, now: float) -> None:
        """Do whatever is due at `now`."""
        self._busy_at = None
        if self.finished:
            return
        if not self.started:
            if self._missing() and not self._go and (self.start_at is None
                                                     or now < self.start_at):
                return
            self._begin(now)
            if self.finished:
                return
        for _ in range(MAX_STEPS):
            if not self._step(now):
                return
        self._busy_at = now  # more to do at once, after the transport has had a turn

    def next_deadline(self) -> float | None:
        """When `tick` must next be called (None: only when a message arrives)."""
        if self.finished:
            return None
        if not self.started:
            return self.start_at
        if self._busy_at is not None:
            return self._busy_at
        times = [deadline for _, deadline in self.timers.values()]
        times += [since + self.config.flee_after for since in self.gone_since.values()]
        if self.match.hand_over:
            times.append(self.next_deal_at)
        elif self.hold_until is not None:
            times.append(self.hold_until)
        elif self._robot() is not None:
            times.append(self.next_move_at)
        return min(times) if times else None

    def _robot(self) -> int | None:
        players = self.match.players
        for seat in self.match.to_act():
            if not self.human(players[seat]):
                return players[seat]
        return None

    def _begin(self, now: float) -> None:
        self._expire_holds(now)
        self.left_at.clear()
        self.started = True
        for p in range(4):
            if not self.names[p]:
                self.names[p] = f"bot {p + 1}"
            if self._away(p):
                self.gone_since[p] = now
        self.match.names = tuple(self.names)
        self._broadcast_seats()
        if self.match.match_over or self.hands_done == self.config.hands:
            self._finish()
        elif self.match.hand is not None and not self.match.hand_over:
            self._continue()  # resumed mid-hand: nothing is dealt again
        else:
            self._deal(self.match.start_hand(self._hand_seed()), first=True)

    def _step(self, now: float) -> bool:
        """One thing due now; False when nothing more is due."""
        self._check_absent(now)
        if self.match.hand_over:
            if len(self.records) < len(self.match.history):
                self.hold_until = None
                self._hand_done()
                if self.match.match_over or self.hands_done == self.config.hands:
                    self._finish()
                    return False
                self.next_deal_at = now + self.config.hand_pause
            if now < self.next_deal_at:
                return False
            returning = self.benched & set(self.by_seat)
            self._deal(self.match.next_hand(self._hand_seed()), first=False)
            for p in sorted(returning):
                self._notice("back", p, f"{self.names[p]} plays again")
            return True
        if self.hold_until is not None and not self._release(now):
            return False  # the claim window: those asked may still answer meanwhile
        player = self._robot()
        if player is not None:
            if now < self.next_move_at:
                return False
            self.timers.pop(player, None)
            view = self.match.view(self.match.seat_of(player))
            self._apply(player, self._bot(player).choose(view))
            self.next_move_at = now + self.config.move_pause  # let the network breathe
            return True
        players = self.match.players
        return self._expire([players[s] for s in self.match.to_act()], now)

    def _finish(self) -> None:
        self.finished = True
        self.final = self.summary()
        self._write_log(final=True)
        for conn in list(self.conns):
            conn.send({"t": "over", "scores": list(self.match.scores)})
            conn.send({"t": "bye", "reason": "the match is over"})

    # ------------------------------------------------------------ a hand begins

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
