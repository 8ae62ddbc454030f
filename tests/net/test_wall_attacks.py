"""Dishonest hosts against walls from everyone (issue 32), over real loopback sockets inside a
private network namespace (each test re-runs itself under `unshare --net` with only `lo` up).

A host that fixes its secret and grinds it for a wall it likes gets the wall the peers'
contributions make instead; a host that reveals a secret or a contribution other than the ones
it used, deals a wall other than the one they give, or grinds the contribution of a seat it
plays through a client of its own after seeing the others', is caught by every client's check.
"""

from __future__ import annotations

import asyncio
import hashlib

import pytest

from game.tiles import is_honor
from net.client import Client, ClientStats
from net.fair import (
    BAD_SECRET,
    NOT_DERIVED,
    NOT_PLAYED,
    OURS_CHANGED,
    UNPLEDGED,
    shared_seed,
    wall_for_seed,
)
from net.frames import Message
from net.host import Host
from net.table import Round, Table
from tests.net.netns import in_private_net
from tests.net.peers import LOOPBACK, table_config, within

# slow: whole matches over real loopback sockets (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow

GRINDS = 300
"""Secrets the grinding host tries per hand before committing to the one it likes best."""


def _liked(wall: list[int]) -> int:
    """What the grinding host wants: honours and flowers among the first tiles dealt."""
    return sum(1 for t in wall[:16] if t >= 34 or is_honor(t))


class GrindingTable(Table):
    """Fixes each hand's secret by grinding: of GRINDS secrets it commits to the one whose
    wall, were nobody to contribute, it likes best. Honest in all else."""

    def __init__(self, *args: object, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.ground: list[list[int]] = []
        self.dealt: list[tuple[list[int], list[bytes], bytes]] = []

    def _secret(self) -> bytes:
        best, best_wall = b"", [0]
        for i in range(GRINDS):
            secret = hashlib.sha256(f"grind {self.match.hand_no} {i}".encode()).digest()
            wall = wall_for_seed(shared_seed(secret, [b""] * 4))
            if not best or _liked(wall) > _liked(best_wall):
                best, best_wall = secret, wall
        self.ground.append(best_wall)
        return best

    def _after_commit(self) -> None:
        assert self.match.hand is not None and self.shared is not None
        self.dealt.append((list(self.match.hand.wall.order), self.shared.contributions(),
                           self.shared.secret))


class OtherSecret(Table):
    """Reveals a secret other than the one it committed to and dealt from."""

    def _reveal_msg(self) -> Message:
        return dict(super()._reveal_msg(), secret=bytes(32).hex())


class OtherContribution(Table):
    """Reveals place 1's contribution changed (the wall stays the one really dealt)."""

    def _reveal_msg(self) -> Message:
        msg = super()._reveal_msg()
        contributions = list(msg["contributions"])
        contributions[1] = "00" * 16
        return dict(msg, contributions=contributions)


class IgnoresContributions(Table):
    """Deals from its own secret alone, and reveals the contributions it was sent."""

    def _wall_seed(self, r: Round) -> int:
        return shared_seed(r.secret, [b""] * 4)


class RevealsTheFairWall(IgnoresContributions):
    """Deals from its own secret alone, and reveals the wall the contributions would have
    given, so that the secret, the contributions and the wall agree: only the tiles played
    and drawn can give it away."""

    def _reveal_msg(self) -> Message:
        msg = super()._reveal_msg()
        r = self._dealt_shared()
        assert r is not None
        return dict(msg, wall=wall_for_seed(shared_seed(r.secret, r.contributions())))


class PuppetGrinds(Table):
    """Plays place 2 through a client of its own (as a host at its own window does): once the
    others' contributions are in, it grinds place 2's for the wall it likes, deals from it and
    reveals it. Honest in all else."""

    def _wall_seed(self, r: Round) -> int:
        given = r.contributions()
        best: tuple[int, bytes] = (-1, b"")
        for i in range(GRINDS):
            c = hashlib.sha256(f"puppet {r.hand} {i}".encode()).digest()[:16]
            liked = _liked(wall_for_seed(shared_seed(r.secret, [*given[:2], c, given[3]])))
            best = max(best, (liked, c))
        r.got[2] = best[1]
        return shared_seed(r.secret, r.contributions())


def _play(table: type[Table], hands: int = 3) -> tuple[Host, list[ClientStats]]:
    """A host of `table` and two joining clients over real loopback sockets."""
    async def run() -> tuple[Host, list[ClientStats]]:
        # Walls differ every run: no bust, so the match plays all its hands (M22).
        config = table_config("mazhan", ["bot", "open", "open", "bot"], hands=hands,
                              secret_walls=True, options={"bust_ends": False})
        host = Host(config, table=table)
        await host.start()
        clients = [Client(LOOPBACK, host.port, name=f"p{i}", seat=i, autoplay="random",
                          seed=i) for i in (1, 2)]
        results = await within(asyncio.gather(host.run(), *(c.run() for c in clients)), 120)
        await host.close()
        return host, list(results[1:])

    return asyncio.run(run())


def test_a_host_grinding_its_secret_gets_the_wall_the_peers_contributions_make() -> None:
    if not in_private_net():
        return
    host, stats = _play(GrindingTable)
    table = host.table
    assert isinstance(table, GrindingTable) and len(table.dealt) == 3
    for (wall, contributions, secret), ground in zip(table.dealt, table.ground, strict=True):
        assert [len(c) for c in contributions] == [0, 16, 16, 0]  # both people gave theirs
        assert wall == wall_for_seed(shared_seed(secret, contributions))
        assert wall != ground  # what the grinding chose is not what was dealt
    # The ground walls are the best of GRINDS (28 liked tiles in three hands, where a wall
    # has 4 on average, sd 1.7); the dealt ones are ordinary draws (12 in three, sd 2.9: 28
    # would be 5.5 sd out).
    ground_liked = [_liked(w) for w in table.ground]
    dealt_liked = [_liked(w) for w, _, _ in table.dealt]
    assert ground_liked == [10, 10, 8] and sum(dealt_liked) < sum(ground_liked)
    for s in stats:  # the honest part of this host passes every check
        assert s.walls == "shared" and s.walls_checked == 3 and s.wall_problems == []


@pytest.mark.parametrize(("table", "everyone", "own"), [
    (OtherSecret, [BAD_SECRET, NOT_DERIVED], {}),
    (OtherContribution, [NOT_DERIVED, UNPLEDGED], {1: [OURS_CHANGED]}),
    (IgnoresContributions, [NOT_DERIVED], {}),
    (RevealsTheFairWall, [NOT_PLAYED], {}),
    (PuppetGrinds, [UNPLEDGED], {2: [OURS_CHANGED]}),
], ids=["other-secret", "other-contribution", "ignores-contributions", "reveals-fair-wall",
        "puppet-grinds"])
def test_a_host_that_reveals_other_than_it_used_is_caught_by_every_client(
        table: type[Table], everyone: list[str], own: dict[int, list[str]]) -> None:
    """`everyone`: what every client finds; `own`: what the client at that place finds too
    (its own contribution changed). The puppet's grinding is seen by the client at place 1,
    which does not own place 2, from place 2's pledge alone."""
    if not in_private_net():
        return
    _, stats = _play(table, hands=2)
    for s in stats:
        assert s.walls_checked == 2
        for hand in (1, 2):
            found = [p.split(": ", 1)[1] for p in s.wall_problems if p.startswith(f"hand {hand}:")]
            assert s.seat is not None
            for problem in everyone + own.get(s.seat, []):
                assert any(f.startswith(problem) for f in found), (s.seat, hand, found)
