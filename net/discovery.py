"""LAN table discovery over zeroconf (mDNS/DNS-SD): announce a table, browse tables live.

A table is a `_mahjong._tcp.local.` service whose TXT record carries the protocol version,
ruleset, rules hash, table name, free places, whether it is locked (a join code is needed) and
whether its match has started, and the table's options (every one, defaults included, as
`simulate --option` writes them: `options`, then `options2`... when one TXT string of 255 bytes
would not hold them) and how its walls are made (`walls`: shared or reproducible).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from game.errors import BadOption
from net.host_config import options_from_text

SERVICE_TYPE: Final = "_mahjong._tcp.local."
MAX_NAME: Final = 40
"""Characters of a table name kept in the service name (a DNS label holds 63 bytes)."""
RESOLVE_MS: Final = 3000
TXT_VALUE: Final = 240
"""Bytes of options text per TXT string (a string holds 255 with its key)."""


class DiscoveryError(Exception):
    """A table could not be announced or found; the message is for a person."""


@dataclass(frozen=True)
class TableInfo:
    """One table seen on the LAN."""

    service: str
    name: str
    address: str
    port: int
    protocol: int
    ruleset: str
    rules: str
    free: int
    locked: bool
    """A join code is needed."""
    started: bool = False
    fingerprint: str = ""
    """Random per table, so two tables with one name are told apart (shown when joining)."""
    options_text: str = ""
    """The table's options as announced ("gold=5,until_broke=no,..."; empty: not told)."""
    walls: str = ""
    """"shared" (walls from everyone's randomness) or "reproducible" (a test table)."""
    timers: str = ""
    """"15/8": the seconds to discard and to answer a claim (M11); empty: no timers told."""

    @property
    def timer_seconds(self) -> tuple[float, float] | None:
        """(discard, claim) seconds as announced; None when not told or not two numbers
        from 1 to 600 (what a host may set)."""
        try:
            discard, claim = (float(part) for part in self.timers.split("/"))
        except ValueError:
            return None
        ok = all(1 <= x <= 600 for x in (discard, claim))
        return (discard, claim) if ok else None

    @property
    def options(self) -> dict[str, Any]:
        """The announced options this version knows, each as announced (`unknown_options`
        lists the others)."""
        return dict(self._read_options[0])

    @property
    def unknown_options(self) -> list[str]:
        """Announced options this version does not know, or not with that value ("name=value"
        each): the join screen says so, and the welcome's refusal follows."""
        return list(self._read_options[1])

    @cached_property
    def _read_options(self) -> tuple[dict[str, Any], list[str]]:
        """The announced options read once, pair by pair: (known, unknown). The join screen
        asks for them every frame."""
        known: dict[str, Any] = {}
        unknown: list[str] = []
        for pair in self.options_text.split(","):
            if not pair:
                continue
            try:
                known.update(options_from_text(self.ruleset, pair))
            except BadOption:
                unknown.append(pair)
        return known, unknown


def _options_chunks(text: str) -> dict[str, str]:
    """`text` in TXT strings of at most TXT_VALUE bytes, cut between options."""
    chunks: list[str] = []
    for pair in text.split(",") if text else []:
        if chunks and len((chunks[-1] + "," + pair).encode()) <= TXT_VALUE:
            chunks[-1] += "," + pair
        else:
            chunks.append(pair)
    return {("options" if i == 0 else f"options{i + 1}"): c for i, c in enumerate(chunks)}


def _options_joined(props: dict[str, str]) -> str:
    parts = [props.get("options", "")]
    n = 2
    while f"options{n}" in props:
        parts.append(props[f"options{n}"])
        n += 1
    return ",".join(p for p in parts if p)


def txt_properties(
    *, name: str, protocol: int, ruleset: str, rules: str, free: int, locked: bool,
    started: bool = False, fingerprint: str = "", options: str = "", walls: str = "",
    timers: str = "",
) -> dict[str, str]:
    """The TXT record of a table; `timers`: "15/8", the seconds to discard and to answer a
    claim (ruling M11), when the table's timers are on."""
    return {
        **_options_chunks(options),
        **({"walls": walls} if walls else {}),
        **({"timers": timers} if timers else {}),
        "fp": fingerprint,
        "v": str(protocol),
        "name": name,
        "ruleset": ruleset,
        "rules": rules,
        "free": str(free),
        "locked": "1" if locked else "0",
        "started": "1" if started else "0",
    }


def parse_table(info: AsyncServiceInfo) -> TableInfo | None:
    """A TableInfo from a resolved service, or None if its TXT record is not one of ours."""
    props: dict[str, str] = {}
    for key, value in (info.properties or {}).items():
        if isinstance(key, bytes) and isinstance(value, bytes):
            with contextlib.suppress(UnicodeDecodeError):
                props[key.decode()] = value.decode()
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or info.port is None:
        return None
    try:
        return TableInfo(
            service=info.name,
            name=props["name"],
            address=addresses[0],
            port=int(info.port),
            protocol=int(props["v"]),
            ruleset=props["ruleset"],
            rules=props["rules"],
            free=int(props["free"]),
            locked=props["locked"] == "1",
            started=props.get("started") == "1",
            fingerprint=props.get("fp", ""),
            options_text=_options_joined(props),
            walls=props.get("walls", ""),
            timers=props.get("timers", ""),
        )
    except (KeyError, ValueError):
        return None


def local_addresses() -> list[str]:
    """IPv4 addresses of this machine's non-loopback interfaces."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip not in found:
                found.append(ip.ip)
    return found


def _zeroconf(interface: str | None) -> AsyncZeroconf:
    interfaces: Any = [interface] if interface else InterfaceChoice.All
    try:
        return AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    except OSError as exc:
        where = f"on {interface}" if interface else "on this machine's interfaces"
        raise DiscoveryError(f"cannot start LAN discovery {where}: {exc}") from exc


def _service_name(table: str) -> str:
    label = "".join(c if c.isprintable() and c != "." else "_" for c in table)[:MAX_NAME]
    return f"{label or 'table'}.{SERVICE_TYPE}"


class Announcer:
    """Advertises one table; `update` changes its free places and started flag."""

    def __init__(
        self,
        *,
        name: str,
        port: int,
        protocol: int,
        ruleset: str,
        rules: str,
        free: int,
        locked: bool = False,
        interface: str | None = None,
        fingerprint: str = "",
        options: str = "",
        walls: str = "",
        timers: str = "",
    ) -> None:
        self._fields: dict[str, Any] = {
            "fingerprint": fingerprint,
            "options": options,
            "walls": walls,
            "timers": timers,
            "name": name,
            "protocol": protocol,
            "ruleset": ruleset,
            "rules": rules,
            "free": free,
            "locked": locked,
            "started": False,
        }
        self._port = port
        self._interface = interface
        self._azc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None

    def _make_info(self, service: str) -> AsyncServiceInfo:
        addresses = [self._interface] if self._interface else local_addresses() or ["127.0.0.1"]
        return AsyncServiceInfo(
            SERVICE_TYPE,
            service,
            addresses=[socket.inet_aton(a) for a in addresses],
            port=self._port,
            properties=txt_properties(**self._fields),
            server=f"mahjong-{socket.gethostname().split('.')[0] or 'host'}.local.",
        )

    @property
    def service(self) -> str | None:
        """The registered service name (zeroconf may append a number to keep it unique)."""
        return self._info.name if self._info else None

    async def start(self) -> None:
        self._azc = _zeroconf(self._interface)
        self._info = self._make_info(_service_name(self._fields["name"]))
        try:
            await (await self._azc.async_register_service(self._info, allow_name_change=True))
        except (OSError, ValueError) as exc:
            await self.close()
            raise DiscoveryError(f"cannot announce the table: {exc}") from exc

    async def update(self, *, free: int, started: bool) -> None:
        if self._azc is None or self._info is None:
            return
        if (free, started) == (self._fields["free"], self._fields["started"]):
            return
        self._fields.update(free=free, started=started)
        self._info = self._make_info(self._info.name)
        await (await self._azc.async_update_service(self._info))

    async def close(self) -> None:
        if self._azc is None:
            return
        azc, self._azc = self._azc, None
        with contextlib.suppress(Exception):
            if self._info is not None:
                await (await azc.async_unregister_service(self._info))
        await azc.async_close()


TableCallback = Callable[[TableInfo], None]


class TableBrowser:
    """Keeps `tables` current and calls on_add / on_update / on_remove as tables change."""

    def __init__(
        self,
        *,
        on_add: TableCallback | None = None,
        on_update: TableCallback | None = None,
        on_remove: TableCallback | None = None,
        interface: str | None = None,
    ) -> None:
        self.tables: dict[str, TableInfo] = {}
        self._on_add = on_add
        self._on_update = on_update
        self._on_remove = on_remove
        self._interface = interface
        self._azc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._azc = _zeroconf(self._interface)
        self._browser = AsyncServiceBrowser(
            self._azc.zeroconf, SERVICE_TYPE, handlers=[self._on_change]
        )

    def _on_change(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            gone = self.tables.pop(name, None)
            if gone is not None and self._on_remove:
                self._on_remove(gone)
            return
        task = asyncio.get_running_loop().create_task(self._resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, name: str) -> None:
        if self._azc is None:
            return
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(self._azc.zeroconf, RESOLVE_MS):
            return
        table = parse_table(info)
        if table is None or self._azc is None:
            return
        known = self.tables.get(name)
        if known == table:
            return
        self.tables[name] = table
        callback = self._on_add if known is None else self._on_update
        if callback:
            callback(table)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._browser is not None:
            await self._browser.async_cancel()
            self._browser = None
        if self._azc is not None:
            azc, self._azc = self._azc, None
            await azc.async_close()


def pick_table(tables: list[TableInfo], name: str, fingerprint: str | None) -> TableInfo | None:
    """The one table called `name` (with `fingerprint`, if given), None if there is none;
    DiscoveryError if several have that name and no fingerprint tells them apart."""
    same = [t for t in tables
            if t.name == name and (fingerprint is None or t.fingerprint == fingerprint)]
    if len(same) > 1:  # a look-alike may even copy the fingerprint: never guess
        prints = ", ".join(sorted(t.fingerprint or "(none)" for t in same))
        raise DiscoveryError(f"{len(same)} tables are called {name!r} (fingerprints {prints}): "
                             "ask the host for theirs and give --fingerprint")
    return same[0] if same else None


async def find_table(name: str, timeout: float = 10.0, interface: str | None = None,
                     fingerprint: str | None = None, linger: float = 1.0) -> TableInfo:
    """The table called `name` (and with `fingerprint`, if given) seen within `timeout` seconds,
    else DiscoveryError. Others of that name seen within `linger` seconds of the first are never
    merged with it: without a fingerprint to choose, two of them are an error that lists both
    (one may be an impostor)."""
    found: asyncio.Future[TableInfo] = asyncio.get_running_loop().create_future()

    def wanted(table: TableInfo) -> bool:
        return table.name == name and (fingerprint is None or table.fingerprint == fingerprint)

    def seen(table: TableInfo) -> None:
        if wanted(table) and not found.done():
            found.set_result(table)

    browser = TableBrowser(on_add=seen, on_update=seen, interface=interface)
    await browser.start()
    try:
        first = await asyncio.wait_for(found, timeout)
        if fingerprint is not None:
            return first
        await asyncio.sleep(linger)  # a look-alike announcing the same name shows up too
        return pick_table(list(browser.tables.values()), name, None) or first
    except TimeoutError as exc:
        others = sorted({t.name for t in browser.tables.values()})
        hint = f" (tables seen: {', '.join(others)})" if others else " (no tables seen)"
        raise DiscoveryError(f"no table named {name!r} found within {timeout:g} s{hint}") from exc
    finally:
        await browser.close()
