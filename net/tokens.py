"""Reconnect tokens kept between runs of `mahjong join` and the window, one file per table.

A token is the key to a place at a table; whoever holds it can come back to that place (and
needs no join code). It is kept in the one data folder (game/paths.py: $MAHJONG_DATA, else the
user's data folder) under lan/tokens/, named by the table's fingerprint (or its address when
that is unknown), and removed when the match ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

from game import paths
from game.atomic import write_atomic


def lan_dir() -> Path:
    """The LAN folder of the one data folder ($MAHJONG_DATA moves it, as every saved file)."""
    return paths.data_dir() / "lan"


def table_key(address: str, port: int, fingerprint: str | None) -> str:
    raw = fingerprint or f"{address}_{port}"
    return re.sub(r"[^\w.-]+", "_", raw).strip("_")[:64] or "table"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


class TokenStore:
    """Tokens per table in a folder; every failure to read or write is silent (a convenience)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else lan_dir() / "tokens"

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def load(self, key: str) -> str | None:
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        token, pid = data.get("token"), data.get("pid")
        if isinstance(pid, int) and pid != os.getpid() and _alive(pid):
            return None  # another join on this machine plays with it right now
        return token if isinstance(token, str) and token else None

    def save(self, key: str, token: str) -> Path | None:
        path = self._path(key)
        try:  # the key to a place: only its owner reads it
            write_atomic(path, json.dumps({"token": token, "pid": os.getpid()}), private=True)
        except OSError:
            return None
        return path

    def forget(self, key: str) -> None:
        with contextlib.suppress(OSError):
            self._path(key).unlink()
