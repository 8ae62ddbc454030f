"""Tests that run only inside a private network namespace: the calling test re-runs itself
under `unshare --net` with only `lo` up, so no packet reaches the machine's real interfaces."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

INSIDE: Final = "MAHJONG_TEST_NETNS"
"""Set to the outer network namespace's id when re-run inside a private namespace."""
LO_UP: Final = "ip link set lo up"


def _netns_id() -> str:
    return os.readlink("/proc/self/ns/net")


def in_private_net(setup: str = LO_UP, timeout: float = 300) -> bool:
    """True inside the private namespace (never the outer one: asserted); else re-runs the
    calling test there after `setup` (shell), checks it passed, and returns False. Skips where
    namespaces are unavailable."""
    outer = os.environ.get(INSIDE)
    if outer is not None:
        assert _netns_id() != outer, "not in a private network namespace"
        return True
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        pytest.skip("needs `unshare` and `ip` to build a private network namespace")
    probe = subprocess.run(["unshare", "--net", "sh", "-c", setup], capture_output=True,
                           text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"cannot create a private network namespace: {probe.stderr.strip()}")
    test = os.environ["PYTEST_CURRENT_TEST"].rsplit(" ", 1)[0]
    cmd = f"{sys.executable} -m pytest -q -o addopts= -p no:cacheprovider '{test}'"
    env = dict(os.environ, **{INSIDE: _netns_id()})
    run = subprocess.run(["unshare", "--net", "sh", "-c", f"{setup} && exec {cmd}"],
                         capture_output=True, text=True, env=env,
                         cwd=Path(__file__).resolve().parents[2], timeout=timeout, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout, run.stdout  # ran, not skipped
    return False
