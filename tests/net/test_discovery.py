"""Zeroconf announce/browse, run only inside a private network namespace.

The test re-runs itself under `unshare --net` with just `lo` up (multicast on), so no packet
ever reaches the machine's real interfaces. Where namespaces are unavailable it is skipped.
"""

from __future__ import annotations

import asyncio

import pytest

from net.discovery import (
    Announcer,
    DiscoveryError,
    TableBrowser,
    TableInfo,
    find_table,
    pick_table,
    txt_properties,
)
from tests.net.netns import in_private_net

# slow: a sweep against the plain reference, a soak or a real build (docs/ARCHITECTURE.md)
pytestmark = pytest.mark.slow

SETUP = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"


async def _wait_for(cond: object, what: str, timeout: float = 15.0) -> None:
    assert callable(cond)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not cond():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def _announce_browse_update_remove() -> None:
    added: list[TableInfo] = []
    updated: list[TableInfo] = []
    removed: list[TableInfo] = []
    browser = TableBrowser(
        on_add=added.append,
        on_update=updated.append,
        on_remove=removed.append,
        interface="127.0.0.1",
    )
    await browser.start()
    announcer = Announcer(
        name="East Wind 東風",
        port=40123,
        protocol=1,
        ruleset="nanjing",
        rules="abc123",
        free=3,
        locked=True,
        interface="127.0.0.1",
        timers="20/10",
    )
    await announcer.start()
    await _wait_for(lambda: added, "the table to be seen")
    table = added[0]
    assert (table.name, table.address, table.port) == ("East Wind 東風", "127.0.0.1", 40123)
    assert (table.protocol, table.ruleset, table.rules) == (1, "nanjing", "abc123")
    assert (table.free, table.locked, table.started) == (3, True, False)
    assert table.timer_seconds == (20.0, 10.0)  # the countdowns, known before sitting

    found = await find_table("East Wind 東風", timeout=10, interface="127.0.0.1")
    assert found.port == 40123
    with pytest.raises(DiscoveryError, match="no table named 'Nobody'"):
        await find_table("Nobody", timeout=1.5, interface="127.0.0.1")

    await announcer.update(free=0, started=True)
    await _wait_for(lambda: any(t.started for t in updated), "the update to be seen")
    assert browser.tables[table.service].free == 0

    await announcer.close()
    await _wait_for(lambda: removed, "the table to go away")
    assert removed[0].service == table.service and not browser.tables
    await browser.close()


def test_announce_browse_update_remove() -> None:
    if not in_private_net(SETUP, timeout=120):
        return
    asyncio.run(_announce_browse_update_remove())


def test_txt_properties_are_strings() -> None:
    props = txt_properties(name="t", protocol=1, ruleset="mazhan", rules="h", free=2, locked=True,
                           fingerprint="3f9a01bc")
    assert props == {
        "fp": "3f9a01bc",
        "v": "1",
        "name": "t",
        "ruleset": "mazhan",
        "rules": "h",
        "free": "2",
        "locked": "1",
        "started": "0",
    }


def _table(service: str, fingerprint: str, port: int) -> TableInfo:
    return TableInfo(service=service, name="Twin", address="127.0.0.1", port=port, protocol=1,
                     ruleset="mazhan", rules="h", free=1, locked=False, fingerprint=fingerprint)


def test_two_tables_with_one_name_are_never_merged_and_join_asks_which() -> None:
    real = _table("Twin._mahjong._tcp.local.", "aaaa1111", 40200)
    twin = _table("Twin (2)._mahjong._tcp.local.", "bbbb2222", 40201)
    assert pick_table([real], "Twin", None) is real
    assert pick_table([real, twin], "Other", None) is None
    with pytest.raises(DiscoveryError, match=r"2 tables are called 'Twin'.*aaaa1111, bbbb2222"):
        pick_table([real, twin], "Twin", None)
    assert pick_table([real, twin], "Twin", "bbbb2222") is twin
    copy = _table("Twin (3)._mahjong._tcp.local.", "bbbb2222", 40202)  # copies the print
    with pytest.raises(DiscoveryError, match="2 tables"):
        pick_table([real, twin, copy], "Twin", "bbbb2222")


def test_announced_timers_are_read_or_left_out() -> None:
    from net.discovery import TableInfo

    def info(timers: str) -> TableInfo:
        return TableInfo(service="s", name="n", address="10.0.0.5", port=7000, protocol=1,
                         ruleset="mazhan", rules="x", free=1, locked=False, timers=timers)

    assert info("15/8").timer_seconds == (15.0, 8.0)
    assert info("2.5/600").timer_seconds == (2.5, 600.0)
    for bad in ("", "15", "15/8/3", "a/b", "0/8", "15/601", "-1/8"):
        assert info(bad).timer_seconds is None, bad
    props = txt_properties(name="t", protocol=1, ruleset="mazhan", rules="h", free=2,
                           locked=False, timers="15/8")
    assert props["timers"] == "15/8"
    assert "timers" not in txt_properties(name="t", protocol=1, ruleset="mazhan", rules="h",
                                          free=2, locked=False)
