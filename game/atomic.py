"""The one atomic file writer: saves, logs and settings are replaced whole or not at all;
and the one reader of the small JSON files kept beside them (progress, records, drills)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any


def write_atomic(path: Path, text: str, private: bool = False) -> None:
    """Write `text` (UTF-8) to `path` so a crash at any moment leaves either the old file or
    the new one, never a mix: a temporary file beside it, flushed to disk (fsync), renamed over
    the old one, and the folder synced so the rename itself survives a power cut. `private`:
    only the owner may read it (a key such as a LAN reconnect token), from its first byte.
    Raises OSError (full disk, no permission); the temporary file is then removed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o666)
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    if os.name != "posix":  # Windows cannot open a folder for fsync; its rename is durable
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_json(path: Path) -> Any:
    """The JSON document in `path`, or None when it is missing, unreadable or not JSON (the
    caller then starts afresh; its next `write_atomic` replaces a damaged file whole)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        return None
