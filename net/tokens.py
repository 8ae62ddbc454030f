"""Reconnect tokens kept between runs of `mahjong join` and the window, one file per table.

A token is the key to a place at a table; whoever holds it can come back to that place (and
needs no join code). It is kept in the data folder ($MAHJONG_DATA, else the user's data folder)
under lan/tokens/, named by the table's fingerprint (or its address when that is unknown), and
removed when the match ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

import platformdirs

DATA_ENV = "MAHJONG_DATA"


def lan_dir() -> Path:
    """The LAN folder of the data folder ($MAHJONG_DATA moves it, as for every saved file)."""
    override = os.environ.get(DATA_ENV)
    root = Path(override) if override else platformdirs.user_data_path("mahjong",
                                                                        appauthor=False)
    return root / "lan"


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
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps({"token": token, "pid": os.getpid()}), encoding="utf-8")
            with contextlib.suppress(OSError):
                tmp.chmod(0o600)  # the key to a place: only its owner reads it
            tmp.replace(path)
        except OSError:
            return None
        return path

    def forget(self, key: str) -> None:
        with contextlib.suppress(OSError):
            self._path(key).unlink()
