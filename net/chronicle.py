"""What a LAN table keeps of its match so that nothing is lost: the events hash, each finished
hand's actions, flees and wall seed, and the text of the save (net/save.py) and of the match log
(game/replay.py), which the transport writes to disk.

Each finished hand is kept once, as the text of its save line and of its log line, nothing
else: the match itself keeps only the hand on the table (game/match.py `keep_records=False`),
so the memory of a long match grows by those two lines per hand. The log's header never
changes, so its text grows by one finished line per hand; a save makes only its header (names,
tokens, the hand under way) and its hash chain afresh.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from game.actions import Action
from game.events import Event
from game.match import Match
from game.replay import LogWriter, chained, end_line, event_line, line_json
from net.save import HandLog, SaveData, hand_body, save_text


class Chronicle:
    """The match's record: `events` feeds the hash, `hand_done` files a hand, `save_text` and
    `log_text` give the files' texts."""

    def __init__(self, ruleset: str, seed: int, options: dict[str, object], match: Match,
                 records: list[HandLog], flees: list[list[int]],
                 digest: hashlib._Hash | None = None) -> None:
        self.digest = digest if digest is not None else hashlib.sha256()
        """Events hash of the match log (every event, in order)."""
        self.hand_flees = flees
        """[actions applied before it, player] of each flee in the hand under way (M12)."""
        self.start_scores = tuple(match.start_scores)
        self._saved: list[str] = []
        """Each finished hand's save line (net/save.py `hand_body`)."""
        self._chain = hashlib.sha256()
        header = LogWriter(ruleset, seed, options, self.start_scores).lines[0]
        self._log: list[str] = [chained(line_json(header)[:-1], self._chain)]
        """The match log's lines so far, each whole with its chain (the header never changes)."""
        self._ended = False
        self.at_hand: hashlib._Hash | None = None
        """The events hash as the hand under way began (a resumed table's is set from its
        replay); None: no hand under way."""
        for record in records:
            # The log has always written the actions as the engine spells them.
            self._file(HandLog([[int(s), str(Action.parse(str(a)))] for s, a in record.actions],
                               record.flees, record.seed), saved=record)
        self.saved_at = -1e18

    @property
    def hands(self) -> int:
        """Finished hands filed."""
        return len(self._saved)

    def hand_logs(self) -> list[HandLog]:
        """The finished hands as a save holds them (read back from their lines: for a whole
        SaveData, tests and tools; the table's own saves use the lines themselves)."""
        out = []
        for body in self._saved:
            line = json.loads(body + "}")
            out.append(HandLog(line["actions"], line.get("flees", []), line.get("seed")))
        return out

    def events(self, events: list[Event]) -> None:
        for e in events:
            self.digest.update(event_line(e))

    def new_hand(self) -> None:
        self.hand_flees = []
        self.at_hand = self.digest.copy()

    def abandon(self) -> None:
        """The hand under way is dropped unbooked (a match the players voted to end): the
        events hash goes back to where the hand began, so the log replays."""
        if self.at_hand is not None:
            self.digest = self.at_hand
        self.at_hand = None
        self.hand_flees = []

    def flee(self, actions: int, player: int) -> None:
        self.hand_flees.append([actions, player])

    def hand_log(self, match: Match, seed: int | None) -> HandLog:
        """The hand on the table as saved."""
        return HandLog([[s, str(a)] for s, a in match.actions], list(self.hand_flees), seed)

    def hand_done(self, match: Match, hand_no: int, seed: int | None) -> None:
        assert hand_no == self.hands + 1, "hands are filed in order"
        self._file(self.hand_log(match, seed))

    def _file(self, hand: HandLog, saved: HandLog | None = None) -> None:
        number = self.hands + 1
        self._saved.append(hand_body(number, hand if saved is None else saved))
        self._log.append(chained(hand_body(number, hand, log=True), self._chain))

    def save_text(self, data: SaveData, now: float) -> str:
        """The save's text as of `now` (the transport writes it); `data.hands` is not read: the
        finished hands are this chronicle's."""
        self.saved_at = now
        return save_text(data, self._saved, self.start_scores)

    def log_text(self, final: bool, hands: int, scores: Sequence[int],
                 reason: str | None = None) -> str:
        """The match log's text (ended, with its events hash, when `final`; `reason`: why it
        ended before its rules ended it, e.g. "voted")."""
        if final and not self._ended:
            self._ended = True
            end = end_line(hands, scores, self.digest.hexdigest())
            if reason is not None:
                end["reason"] = reason
            self._log.append(chained(line_json(end)[:-1], self._chain))
        return "\n".join(self._log) + "\n"
