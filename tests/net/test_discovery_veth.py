"""End to end over a virtual LAN: a headless host in one private network namespace, a player
discovering it by name (zeroconf) from a second namespace, joined to the first by a veth pair.

Nothing leaves the two namespaces this test makes; the link uses the benchmarking range
198.18.0.0/15 (RFC 2544). Where namespaces or veth links cannot be made, it is skipped.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
set -e
ip link set lo up
unshare --net sleep 90 &
B=$!
trap 'kill $B 2>/dev/null' EXIT
# Wait (bounded) until the background process is in its own namespace, not a fixed time.
for _ in $(seq 1 200); do
    [ "$(readlink /proc/$B/ns/net)" != "$(readlink /proc/self/ns/net)" ] && break
    sleep 0.05
done
ip link add va type veth peer name vb
ip link set vb netns /proc/$B/ns/net
ip addr add 198.18.0.1/24 dev va
ip link set va up
ip link set va multicast on
ip route add 224.0.0.0/4 dev va
nsenter --net=/proc/$B/ns/net sh -c 'ip link set lo up && ip addr add 198.18.0.2/24 dev vb \
    && ip link set vb up && ip link set vb multicast on && ip route add 224.0.0.0/4 dev vb'
test "$(readlink /proc/self/ns/net)" != "$OUTER" || { echo "not isolated"; exit 3; }
"$PY" -m game host --headless --ruleset nanjing --name "Veth 東" --seats open,bot,bot,bot \
    --hands 2 --interface 198.18.0.1 --start-after 30 --no-save > "$OUT/host.out" &
H=$!
nsenter --net=/proc/$B/ns/net "$PY" -m game join --discover "Veth 東" --autoplay normal \
    --json --interface 198.18.0.2 > "$OUT/join.out"
wait $H
"""


def _can_make_namespaces() -> str | None:
    for tool in ("unshare", "ip", "nsenter"):
        if shutil.which(tool) is None:
            return f"needs `{tool}` to build private network namespaces"
    probe = subprocess.run(
        ["unshare", "--net", "sh", "-c", "ip link add va type veth peer name vb"],
        capture_output=True, text=True, check=False,
    )
    if probe.returncode != 0:
        return f"cannot make a namespace with a veth pair here: {probe.stderr.strip()}"
    return None


def test_discover_and_play_across_two_namespaces(tmp_path: Path) -> None:
    reason = _can_make_namespaces()
    if reason is not None:
        pytest.skip(reason)
    outer = str(Path("/proc/self/ns/net").readlink())
    run = subprocess.run(
        ["unshare", "--net", "bash", "-c", SCRIPT],
        capture_output=True, text=True, cwd=ROOT, timeout=150, check=False,
        env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "PY": sys.executable,
             "OUT": str(tmp_path), "OUTER": outer, "HOME": str(tmp_path)},
    )
    assert run.returncode == 0, run.stdout + run.stderr
    host_lines = [json.loads(line) for line in (tmp_path / "host.out").read_text().splitlines()]
    joined = json.loads((tmp_path / "join.out").read_text())
    summary = host_lines[-1]
    assert summary["hands"] == 2 and joined["hands_played"] == 2
    assert joined["final_scores"] == summary["final_scores"]
    assert joined["desyncs"] == 0 and joined["wall_problems"] == []
    assert joined["walls_checked"] == 2
