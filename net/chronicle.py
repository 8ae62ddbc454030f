"""What a LAN table keeps of its match so that nothing is lost: the events hash, each finished
hand's actions, flees and wall seed, and the text of the save (net/save.py) and of the match log
(game/replay.py), which the transport writes to disk.
"""

from __future__ import annotations

import hashlib

from game.actions import Action
from game.events import Event
from game.match import Match
from game.replay import LogWriter, event_line
from net.save import HandLog, SaveData, save_text


class Chronicle:
    """The match's record: `events` feeds the hash, `hand_done` files a hand, `write` saves."""

    def __init__(self, ruleset: str, seed: int, options: dict[str, object], match: Match,
                 records: list[HandLog], flees: list[list[int]],
                 digest: hashlib._Hash | None = None) -> None:
        self.digest = digest if digest is not None else hashlib.sha256()
        """Events hash of the match log (every event, in order)."""
        self.records = records
        self.hand_flees = flees
        """[actions applied before it, player] of each flee in the hand under way (M12)."""
        self.log = LogWriter(ruleset, seed, options, match.start_scores)
        for number, record in enumerate(records, 1):
            self.log.hand(number, [(int(s), Action.parse(str(a))) for s, a in record.actions],
                          record.flees, record.seed)
        self.saved_at = -1e18

    def events(self, events: list[Event]) -> None:
        for e in events:
            self.digest.update(event_line(e))

    def new_hand(self) -> None:
        self.hand_flees = []

    def flee(self, actions: int, player: int) -> None:
        self.hand_flees.append([actions, player])

    def hand_log(self, match: Match, seed: int | None) -> HandLog:
        """The hand on the table as saved."""
        return HandLog([[s, str(a)] for s, a in match.actions], list(self.hand_flees), seed)

    def hand_done(self, match: Match, hand_no: int, seed: int | None) -> None:
        self.records.append(self.hand_log(match, seed))
        self.log.hand(hand_no, match.actions, self.hand_flees, seed)

    def save_text(self, data: SaveData, now: float) -> str:
        """The save's text as of `now` (the transport writes it)."""
        self.saved_at = now
        return save_text(data)

    def log_text(self, final: bool, hands: int, scores: tuple[int, ...] | list[int]) -> str:
        """The match log's text (ended, with its events hash, when `final`)."""
        if final and not self.log.lines[-1].get("end"):
            self.log.finish(hands, scores, self.digest.hexdigest())
        return self.log.text()
