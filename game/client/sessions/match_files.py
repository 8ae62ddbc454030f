"""Where the window keeps its match logs and the save of the match in progress, and the
recorder that keeps both up to date while a local match is played.

The data folder and the names in it come from game/paths.py (platformdirs' user data folder
for "mahjong-tables", or the folder named by the MAHJONG_DATA environment variable).
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import paths
from game.events import Event
from game.match import Match
from game.replay import LogWriter, event_line
from game.saves import save

APP_NAME = paths.APP_NAME
DATA_ENV = paths.DATA_ENV
SAVE_NAME = paths.SAVE_NAME
LOG_SUFFIX = paths.LOG_SUFFIX
data_dir = paths.data_dir
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MatchFiles:
    """The logs folder and the save file under one data folder."""

    root: Path

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def save(self) -> Path:
        return self.root / SAVE_NAME

    @property
    def old_saves(self) -> Path:
        """Saves this engine could not resume, moved aside (never deleted) for a person."""
        return self.root / "old-saves"

    def move_aside(self, path: Path) -> Path:
        """Move a save that will not resume into old_saves (a fresh name; OSError if it
        cannot be moved) and return where it went."""
        self.old_saves.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.old_saves / f"{stamp}-{path.name}"
        n = 2
        while target.exists():
            target = self.old_saves / f"{stamp}-{n}-{path.name}"
            n += 1
        path.replace(target)
        return target

    def new_log(self, ruleset: str, seed: int, now: float | None = None) -> Path:
        """A fresh log path named by start time, ruleset and seed (never an existing file)."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None
                                                               else now))
        base = f"{stamp}-{re.sub(r'[^a-z0-9]', '', ruleset.lower())}-{seed}"
        path = self.logs / (base + LOG_SUFFIX)
        n = 2
        while path.exists():
            path = self.logs / f"{base}-{n}{LOG_SUFFIX}"
            n += 1
        return path

    def log_path(self, name: str) -> Path:
        """A log named in a save; only the file name counts, so a save cannot point elsewhere."""
        return self.logs / Path(name).name

    def list_logs(self) -> list[Path]:
        """Every log in the logs folder, newest first."""
        return paths.log_files(self.logs)[::-1]

    def prune(self, keep: int) -> list[Path]:
        """Remove the oldest logs beyond the newest `keep` (the player's setting); returns the
        ones removed. A log that cannot be removed is left (and logged), never an error."""
        removed: list[Path] = []
        for path in self.list_logs()[max(keep, 0):]:
            try:
                path.unlink()
            except OSError as exc:
                log.warning("cannot remove the old match log %s: %s", path, exc)
                continue
            removed.append(path)
        if removed:
            log.info("removed %d old match logs (keeping %d)", len(removed), keep)
        return removed


def replay_digest(match: Match) -> hashlib._Hash:
    """The running events hash of `match` so far, rebuilt by replaying its record."""
    fresh = Match(match.rules.name, match.seed, dict(match.rules.options), match.names)
    digest = hashlib.sha256()
    for actions in match.record:
        for e in fresh.start_hand():
            digest.update(event_line(e))
        for seat, action in actions:
            for e in fresh.apply(seat, action):
                digest.update(event_line(e))
    return digest


class Recorder:
    """Writes the match log as each hand ends and the save after every action.

    The log is rewritten whole (atomically) each time a hand ends, with a footer for the hands
    so far, so it verifies at every point (`mahjong replay verify`) even if the match is left
    unfinished; `match_over` in the footer tells a finished match from one left midway.
    """

    def __init__(self, files: MatchFiles, log: Path, extra: Mapping[str, Any],
                 digest: hashlib._Hash | None = None) -> None:
        self.files = files
        self.log = log
        self.extra = dict(extra, log=log.name)
        self.digest = digest if digest is not None else hashlib.sha256()
        self.logged = -1
        """Hands in the log as last written (-1: not written yet this run)."""
        self.error = ""
        """The last write failure, for the screen; a full disk must not stop the game."""

    def events(self, events: Iterable[Event]) -> None:
        for e in events:
            self.digest.update(event_line(e))

    def after(self, match: Match) -> None:
        """Bring the log and the save up to date with `match`."""
        try:
            if match.hand_over and len(match.history) != self.logged:
                self.write_log(match)
            if match.match_over:
                self.files.save.unlink(missing_ok=True)
                log.info("match over (%s, seed %d): log %s, save removed", match.rules.name,
                         match.seed, self.log)
            else:
                save(match, self.files.save, self.extra)
            if self.error:
                log.info("saving works again")
            self.error = ""
        except OSError as exc:
            if not self.error:  # once per failure, not after every action
                log.warning("cannot save the match: %s", exc)
            self.error = exc.strerror or str(exc)

    def write_log(self, match: Match) -> None:
        hands = len(match.history)
        writer = LogWriter(match.rules.name, match.seed, dict(match.rules.options),
                           match.start_scores, match.names)
        for number, actions in enumerate(match.record[:hands], 1):
            writer.hand(number, actions)
        writer.finish(hands, match.scores, self.digest.hexdigest())
        writer.lines[-1]["match_over"] = match.match_over
        kinds = self.extra.get("kinds")
        if isinstance(kinds, list):  # who played here: the drills review the humans only
            writer.lines[0]["humans"] = [p for p, kind in enumerate(kinds) if kind == "human"]
        writer.write(self.log)
        if self.logged < 0:
            log.info("match log %s (%s, seed %d)", self.log, match.rules.name, match.seed)
        self.logged = hands
