"""Timers and fleeing at a LAN table (M11, M12).

A connected player has `discard_seconds` / `claim_seconds` to act, then the host plays
`timeout_action` for them; three time-outs in a row, or an absence longer than `flee_after`,
is a flee: `Match.flee` settles it and a bot plays the place until the next hand.
"""

from __future__ import annotations

from game.replay import event_line
from game.timeouts import timeout_action
from net.places import Places


class TurnClock(Places):
    """Time limits on each decision and the flees they lead to."""

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
