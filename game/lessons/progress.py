"""Which lessons a player has finished: `lessons.json` in the data home, written whole."""

from __future__ import annotations

import json
from pathlib import Path

from game.atomic import read_json, write_atomic

FILE_NAME = "lessons.json"


def progress_path(data_dir: Path) -> Path:
    return data_dir / FILE_NAME


def load(path: Path) -> set[str]:
    """The names of the finished lessons; nothing for a missing or unreadable file."""
    data = read_json(path)
    done = data.get("done") if isinstance(data, dict) else None
    if isinstance(done, list):
        return {str(name) for name in done if isinstance(name, str)}
    return set()


def mark_done(path: Path, name: str) -> set[str]:
    """Add `name` to the finished lessons and save (OSError if the file cannot be written)."""
    done = load(path) | {name}
    write_atomic(path, json.dumps({"version": 1, "done": sorted(done)}, indent=1) + "\n")
    return done
