"""Timers and absences at a LAN table (M11, M12), as deadlines.

A connected player has `discard_seconds` / `claim_seconds` to act, then the table plays
`timeout_action` for them; where the `flee` option is on, more than three discard time-outs in
a row (the seed's reading of M12, game/timeouts.py), or an absence longer than `flee_after`, is
a flee; with it off, neither ever is. `TurnClock` only
keeps the deadlines and says whose has passed; the table (net/table.py) plays the move or
settles the flee.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.timeouts import FleeWatch, seconds_to_act
from game.view import SeatView


class TurnClock:
    """Each waiting player's deadline, the time-outs in a row, and when absent players left."""

    def __init__(self, discard_seconds: float, claim_seconds: float, flee_after: float,
                 flee: bool = True) -> None:
        self.discard_seconds = discard_seconds
        self.claim_seconds = claim_seconds
        self.flee_after = flee_after
        self.flee = flee
        """The M12 `flee` option: off, no time-out run and no absence is ever a flee (the
        table plays each timed-out move for the player, who keeps the place)."""
        self.timers: dict[int, tuple[tuple[Any, ...], float]] = {}
        """Per place waiting on its player: (decision key, deadline)."""
        self.gone_since: dict[int, float] = {}
        """Players away during the match: since when (M12 counts it as a flee after a while)."""
        self.watch = FleeWatch()

    def out_of_time(self, waiting: list[int], view_of: Callable[[int], SeatView],
                    now: float) -> tuple[int, SeatView] | None:
        """Arm a timer for each player asked to decide; the first whose time is up (its timer
        removed) with its view, or None (M11)."""
        self.keep(waiting)
        for p in waiting:
            view = view_of(p)
            # A new decision (another phase, turn or tile) restarts the player's time.
            key = (view.hand_no, view.phase, view.current, view.wall_remaining,
                   sum(len(r) for r in view.rivers), sum(len(m) for m in view.melds))
            armed = self.timers.get(p)
            if armed is None or armed[0] != key:
                limit = seconds_to_act(view, self.discard_seconds, self.claim_seconds)
                self.timers[p] = (key, now + limit)
                continue
            if now >= armed[1]:
                del self.timers[p]
                return p, view
        return None

    def keep(self, waiting: list[int]) -> None:
        """Drop the timers of players no longer asked to decide."""
        for p in list(self.timers):
            if p not in waiting:
                del self.timers[p]

    def timed_out(self, player: int, view: SeatView) -> bool:
        """Count a time-out of the decision `view` asked for; True when it makes a flee (M12,
        game/timeouts.py), which resets the count. Never with the flee option off."""
        if self.flee and self.watch.timed_out(player, discard=view.phase == "discard"):
            self.watch.acted(player)
            return True
        return False

    def acted(self, player: int) -> None:
        """The player decided: that decision's timer goes at once (left until the next step, a
        deadline already past kept the host's loop spinning through a claim window)."""
        self.watch.acted(player)
        self.timers.pop(player, None)

    def new_hand(self) -> None:
        self.timers.clear()

    def stop(self, player: int) -> None:
        """No timer for `player` now (a bot plays the place)."""
        self.timers.pop(player, None)

    def left(self, player: int, now: float) -> None:
        if self.flee:  # without the option an absence is only an absence (a bot plays)
            self.gone_since[player] = now
        self.timers.pop(player, None)

    def back(self, player: int) -> None:
        self.gone_since.pop(player, None)

    def away_too_long(self, now: float) -> list[int]:
        """Players whose absence has just become a flee (each counted once per absence)."""
        due = [p for p, since in self.gone_since.items() if now - since >= self.flee_after]
        for p in due:
            del self.gone_since[p]
        return due

    def flee_in(self, now: float) -> dict[int, float]:
        """Seconds until each absent player counts as fled."""
        return {p: max(0.0, since + self.flee_after - now)
                for p, since in self.gone_since.items()}

    def deadlines(self) -> list[float]:
        return ([deadline for _, deadline in self.timers.values()]
                + [since + self.flee_after for since in self.gone_since.values()])
