"""Player settings kept between runs in the user's config folder (platformdirs)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game import paths
from game.atomic import write_atomic
from game.client.i18n import normalize

APP_NAME = paths.APP_NAME
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
VOLUMES = (0.0, 0.25, 0.5, 0.7, 1.0)
KEEP_LOGS = (20, 50, 100, 200, 500)
"""How many match logs (Replays) to keep; older ones are removed when a match starts."""


@dataclass
class Settings:
    language: str = ""
    """One of i18n.LANGUAGES; empty until the first start has read it from the system."""
    animation_speed: float = 1.0
    hints: bool = True
    fullscreen: bool = False
    volume: float = 0.7
    timers: bool = False
    """Turn timers at local tables (ruling M11: off by default for solo and hot-seat)."""
    keep_logs: int = 100
    """Match logs kept for Replays; the oldest beyond this are removed."""
    large_tiles: bool = False
    """The table's own hand and river tiles drawn larger (issue 28)."""

    def normalized(self) -> Settings:
        """A copy with every field inside its allowed range (hand-edited files stay usable)."""
        language = normalize(self.language) or ""
        try:
            speed = float(self.animation_speed)
        except (TypeError, ValueError):
            speed = 1.0
        speed = min(max(speed, 0.25), 4.0)
        try:
            volume = float(self.volume)
        except (TypeError, ValueError):
            volume = 0.7
        volume = min(max(volume, 0.0), 1.0)
        try:
            keep = int(self.keep_logs)
        except (TypeError, ValueError):
            keep = 100
        return Settings(language, speed, bool(self.hints), bool(self.fullscreen), volume,
                        bool(self.timers), min(max(keep, 1), 10_000), bool(self.large_tiles))


def default_path() -> Path:
    return paths.settings_path()


def load(path: Path | None = None) -> Settings:
    """The saved settings, or defaults when the file is missing or unreadable."""
    path = path or default_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    values = {k: v for k, v in raw.items() if k in known}
    try:
        return Settings(**values).normalized()
    except TypeError:
        return Settings()


def save(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or default_path(), json.dumps(asdict(settings), indent=2))
