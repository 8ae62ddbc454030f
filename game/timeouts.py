"""Turn timers and fleeing (rulings M11, M12): what the system plays for a seat that runs out
of time, and when a player counts as having fled. The clock itself belongs to the session.

Where M12 and the seed differ, the seed rules: M12 says "three consecutive turn time-outs",
the seed (Mazhan, line 66) says 連續倒計時15秒超過3次 — the 15-second discard countdown run out
*more than* three times in a row. So the fourth discard time-out in a row is the flee, and the
8-second claim windows (M11) neither count nor break the run."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import PASS, Action, ActionKind
from game.bots import Bot
from game.view import SeatView

DISCARD_SECONDS = 15.0
CLAIM_SECONDS = 8.0
FLEE_AFTER_TIMEOUTS = 4
"""Seed line 66: 超過3次, more than three discard time-outs in a row."""
FLEE_AFTER_DISCONNECT_SECONDS = 180.0


def seconds_to_act(view: SeatView, discard: float = DISCARD_SECONDS,
                   claim: float = CLAIM_SECONDS) -> float:
    """M11: 15 s to discard, 8 s to answer a claim offer (or a kong to rob); a LAN host may
    choose other seconds for both."""
    return discard if view.phase == "discard" else claim


def timeout_action(view: SeatView, bot: Bot) -> Action:
    """M11, the one rule for every table (local, LAN): discard the tile just drawn if still
    held, otherwise the bot's discard; a claim offer is passed (where passing is not among
    the legal answers, the bot answers). The system never declares a win or kong for a
    player on its turn."""
    if view.phase != "discard":
        return PASS if PASS in view.legal else bot.choose(view)
    discards = [a for a in view.legal if a.kind is ActionKind.DISCARD]
    if view.drawn is not None:
        for action in discards:
            if action.tile == view.drawn:
                return action
    choice = bot.choose(view)
    return choice if choice.kind is ActionKind.DISCARD else discards[0]


@dataclass
class FleeWatch:
    """Counts each player's discard time-outs in a row (M12 as the seed words it)."""

    timeouts: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def acted(self, player: int) -> None:
        self.timeouts[player] = 0

    def timed_out(self, player: int, discard: bool = True) -> bool:
        """Record a time-out; True when the player has now fled. Only a discard countdown
        counts (seed: 倒計時15秒); a claim window run out leaves the count as it is."""
        if not discard:
            return False
        self.timeouts[player] += 1
        return self.timeouts[player] >= FLEE_AFTER_TIMEOUTS
