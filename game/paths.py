"""Every folder and file the game keeps between runs, in one place.

One application name (APP_NAME) for platformdirs, and one override: when MAHJONG_DATA names a
folder, everything (settings, the save of the match in progress, match logs, LAN saves, the
diagnostic log) lives under it instead, which is how tests and portable installs keep the
game out of the user's folders. MAHJONG_SETTINGS still names the settings file alone.

Layout under the data folder:
    current.jsonl        the local match in progress (solo, hot-seat)
    logs/*.jsonl         match logs, local and hosted (the Replays list)
    lan/*.save.jsonl     hosted LAN tables, for `mahjong host --resume`
    old-saves/           saves this engine cannot resume, moved aside
The settings and the diagnostic log go to platformdirs' config and log folders, or to
settings.json and log/ under MAHJONG_DATA.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import platformdirs

APP_NAME = "mahjong-tables"
DATA_ENV = "MAHJONG_DATA"
SETTINGS_ENV = "MAHJONG_SETTINGS"
SAVE_NAME = "current.jsonl"
LOG_SUFFIX = ".jsonl"
MAX_LOG_BYTES = 20_000_000
"""A log is a few kilobytes per hand; a file this big is not one of ours (the replays, the
statistics, the review and the drills all refuse it)."""


def _override() -> Path | None:
    value = os.environ.get(DATA_ENV)
    return Path(value) if value else None


def data_dir() -> Path:
    """The folder for saves and logs: $MAHJONG_DATA, else the user's data folder."""
    return _override() or platformdirs.user_data_path(APP_NAME, appauthor=False)


def settings_path() -> Path:
    """$MAHJONG_SETTINGS, else settings.json under $MAHJONG_DATA, else the user's config folder."""
    named = os.environ.get(SETTINGS_ENV)
    if named:
        return Path(named)
    override = _override()
    if override is not None:
        return override / "settings.json"
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / "settings.json"


def logs_dir() -> Path:
    """Match logs, the window's and the LAN host's alike: what the Replays list shows."""
    return data_dir() / "logs"


def log_files(folder: Path) -> list[Path]:
    """The match logs in `folder` (every *.jsonl file), oldest first (then by name); an
    unreadable folder has none."""
    try:
        found = [p for p in folder.iterdir() if p.suffix == LOG_SUFFIX and p.is_file()]
    except OSError:
        return []

    def age(p: Path) -> tuple[float, str]:
        try:
            return (p.stat().st_mtime, p.name)
        except OSError:
            return (0.0, p.name)

    return sorted(found, key=age)


def save_path() -> Path:
    """The local match in progress."""
    return data_dir() / SAVE_NAME


def old_saves_dir() -> Path:
    """Where saves the current engine cannot resume are moved (not deleted)."""
    return data_dir() / "old-saves"


def diagnostics_dir() -> Path:
    """The rotating diagnostic log (game/diagnostics.py)."""
    override = _override()
    if override is not None:
        return override / "log"
    return platformdirs.user_log_path(APP_NAME, appauthor=False)


def slug(name: str) -> str:
    """A table name made safe for a file name."""
    return re.sub(r"[^\w-]+", "_", name).strip("_")[:40] or "table"


def lan_save_path(table: str) -> Path:
    """Where a hosted table is saved when no --save path is given."""
    return data_dir() / "lan" / f"{slug(table)}.save.jsonl"


def lan_log_path(table: str, seed: int, now: float | None = None) -> Path:
    """A hosted match's log: in the logs folder, so it appears in Replays, named like the
    window's logs (start time first) so the list dates and orders it the same way."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    return logs_dir() / f"{stamp}-lan-{slug(table)}-{seed}{LOG_SUFFIX}"
