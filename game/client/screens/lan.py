"""LAN screens: host a table (name, ruleset, places, join code) and join one (tables found
live on the LAN, or an address typed by hand). Both hand a RemoteSession to the table scene.

Networking runs on background threads (`LoopThread` for the host and the browser, the
session's own thread for the client), so these screens only read results and never wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

import pygame

from game.client import i18n
from game.client.context import Context
from game.client.i18n import aside, labelled, t
from game.client.options import RULESETS
from game.client.screens.rule_options import (
    defaults,
    option_help,
    option_label,
    setup_options,
    stepper,
    value_text,
    worded,
)
from game.client.sessions.remote import RemoteSession
from game.client.ui.menu_scene import MenuScene
from game.client.ui.text_wrap import wrap_text
from game.client.ui.widgets import MUTED, PANEL, TEXT, TextField
from game.rules.base import Option
from net.discovery import Announcer, DiscoveryError, TableBrowser, TableInfo
from net.frames import PROTOCOL_VERSION
from net.host import Host, HostConfig, lan_options
from net.host_config import TIMER_PRESETS, options_text
from net.save import default_log_path, default_save_path, forget_finished
from net.tokens import TokenStore

T = TypeVar("T")
NAME_LIMIT = 24
"""Characters of a typed player name (the host keeps up to 32)."""



def lan_address(interface: str | None) -> str:
    """The address others on the LAN reach this machine at: the chosen interface, else the
    one the system would route a LAN packet from (a UDP 'connect' sends nothing), else the
    loopback address."""
    if interface and interface != "0.0.0.0":
        return interface
    import socket

    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 9))
        address = str(s.getsockname()[0])
        if address and not address.startswith("0."):
            return address
    return "127.0.0.1"


def _ruleset_name(ruleset: str) -> str:
    key = f"ruleset.short.{ruleset}"
    return t(key) if i18n.has(key) else ruleset


def _socket_problem(exc: OSError) -> str:
    """The catalogue key saying why a socket could not open."""
    if exc.errno == errno.EADDRINUSE:
        return "lan.why.port_in_use"
    if exc.errno == errno.EADDRNOTAVAIL:
        return "lan.why.no_address"
    return "lan.why.network"


class LoopThread:
    """An asyncio event loop on a daemon thread; coroutines are submitted from the window."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="lan-loop",
                                       daemon=True)
        self.thread.start()

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn: Callable[[], object]) -> None:
        self.loop.call_soon_threadsafe(fn)

    def stop(self) -> None:
        async def cancel_all() -> None:
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        if self.thread.is_alive():
            with contextlib.suppress(Exception):  # leaving must always work
                self.submit(cancel_all()).result(5)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


class _LanScene(MenuScene):
    """Shared: a status line, a pending RemoteSession opened as a table once it is ready."""

    def __init__(self, ctx: Context) -> None:
        self.status = ""
        self.session: RemoteSession | None = None
        self.opened = False
        self.fields: list[TextField] = []
        super().__init__(ctx)

    def refresh(self) -> None:
        focus = self.group.focus
        self.layout()
        self.group.focus = focus
        self.dirty = True
        if 0 <= focus < len(self.group.buttons):
            for text_field in self.fields:  # the input method's candidates open by the field
                text_field.place(self.group.buttons[focus].rect)

    def handle(self, event: pygame.event.Event) -> None:
        for text_field in self.fields:
            if text_field.handle(event):
                self.refresh()
                return
        super().handle(event)

    def edit(self, text_field: TextField) -> Callable[[], None]:
        def act() -> None:
            text_field.start()
            self.refresh()

        return act

    def update(self, dt: float) -> bool:
        session = self.session
        if session is not None and not self.opened:
            if session.ready:
                self.opened = True
                self.ctx.stack.open("table", session=session)  # loads the engine
            elif session.error is not None:
                self.status = session.error_text()
                self.session = None
                self.dirty = True
        return False

    def wake_in(self) -> float | None:
        return 0.1

    def on_enter(self) -> None:
        super().on_enter()
        if self.opened and self.session is not None:  # back from the table: leave it
            self.session.close()
            self.session, self.opened = None, False
            self.leave_table()

    def leave_table(self) -> None:
        """Came back from a table (hosts close theirs)."""

    def back(self) -> None:
        self.shutdown()
        super().back()

    def shutdown(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        if self.status:  # at the top, on its own strip: the buttons fill the bottom
            size = self.ctx.fonts.fit(self.status[:120], max(14, h // 40), w - 24)
            img = self.ctx.fonts.render(self.status[:120], size, TEXT)
            strip = img.get_rect(midtop=(w // 2, 4)).inflate(16, 6)
            pygame.draw.rect(surface, PANEL, strip, border_radius=6)
            surface.blit(img, img.get_rect(center=strip.center))
        text = self.tip()
        size = self.ctx.fonts.fit(text, max(12, h // 50), w - 24)
        tip = self.ctx.fonts.render(text, size, MUTED)
        surface.blit(tip, tip.get_rect(midbottom=(w // 2, h - 8)))

    def tip(self) -> str:
        """The help line at the bottom."""
        return t("lan.edit")


class HostScreen(_LanScene):
    """Table name, ruleset, the three other places (open or bot) and an optional join code."""

    title_key = "menu.host"

    def __init__(self, ctx: Context, player_name: str = "", *, interface: str | None = None,
                 announce: bool = True) -> None:
        self.interface = interface
        """Listen and announce on this IPv4 address only (None: every interface)."""
        self.announce = announce
        self.name = TextField(player_name or t("name.table"), 30)
        self.code = TextField("", 12)
        self.ruleset = ctx.options.ruleset
        self.kinds = ["open", "open", "open", "open"]
        self.rule_values: dict[str, dict[str, Any]] = {rs: defaults(rs) for rs in RULESETS}
        """Each ruleset's table options as set here, as on the setup screen."""
        self.option_rows: dict[int, Option] = {}
        """Item index → the option that row changes (for ←/→)."""
        self.you = TextField(player_name or t("name.host"), NAME_LIMIT)
        """Your name at the table, typed here (an input method's composition shows)."""
        self.timer_choice = 0
        """Index in TIMER_PRESETS: the seconds to discard and to claim (longer for learners)."""
        self.net: LoopThread | None = None
        self.host: Host | None = None
        self.announcer: Announcer | None = None
        super().__init__(ctx)
        self.fields = [self.name, self.code, self.you]

    @property
    def player(self) -> str:
        return self.you.text.strip() or t("name.host")

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        if self.host is not None:
            free = len(self.host.free_seats)
            # for a manual join (no discovery on this network): the address and port
            where = labelled(t("lan.address"), f"{lan_address(self.interface)}:{self.host.port}")
            # what a joiner's screen lists beside the table's name, to compare (no look-alike)
            print_row = labelled(t("lan.fingerprint"), self.host.fingerprint)
            rows = [(t("lan.waiting", n=free), lambda: None), (where, lambda: None),
                    (print_row, lambda: None)]
            if self.chosen_options().get("timers"):  # what every joiner's timer counts from
                rows.append((labelled(t("lan.timers"), self.timers_text()), lambda: None))
            return [*rows,
                    (t("lan.start_now"), self.start_now), (t("back"), self.back)]
        out: list[tuple[str, Callable[[], None]]] = [
            (labelled(t('lan.table_name'), self.name.shown()), self.edit(self.name)),
            (labelled(t('setup.ruleset'), _ruleset_name(self.ruleset)), self.cycle_ruleset),
        ]
        self.option_rows = {}
        values = self.rule_values[self.ruleset]
        for option in setup_options(self.ruleset):
            self.option_rows[len(out)] = option
            out.append((labelled(option_label(option), value_text(values[option.name])),
                        self.option_action(option, 1)))
        if self.chosen_options().get("timers"):
            out.append((labelled(t("lan.timers"), self.timers_text()), self.cycle_timers))
        out += [
            (labelled(t("lan.place", n=1), aside(self.you.shown(), t("lan.you"))),
             self.edit(self.you)),
        ]
        for place in range(1, 4):
            out.append((labelled(t('lan.place', n=place + 1), t('lan.' + self.kinds[place])),
                        self.toggle(place)))
        out.append((labelled(t("lan.code"), self.code.shown() or t("lan.none")),
                    self.edit(self.code)))
        out.append((t("lan.open_table"), self.open_table))
        out.append((t("back"), self.back))
        return out

    def timers_text(self) -> str:
        discard, claim = TIMER_PRESETS[self.timer_choice]
        return t("lan.timers_value", discard=f"{discard:g}", claim=f"{claim:g}")

    def cycle_timers(self) -> None:
        self.timer_choice = (self.timer_choice + 1) % len(TIMER_PRESETS)
        self.refresh()

    def cycle_ruleset(self) -> None:
        self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
        self.refresh()

    def option_action(self, option: Option, step: int) -> Callable[[], None]:
        return stepper(self.rule_values[self.ruleset], option, step, self.refresh)

    def chosen_options(self) -> dict[str, Any]:
        """The ruleset's options as set here, with the LAN's timers and flee on (M11, M12)."""
        return lan_options(self.ruleset, self.rule_values[self.ruleset])

    def handle(self, event: pygame.event.Event) -> None:
        option = None if self.host is not None else self.option_rows.get(self.group.focus)
        if (option is not None and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
                and not any(f.active for f in self.fields)):
            self.option_action(option, -1 if event.key == pygame.K_LEFT else 1)()
            return
        super().handle(event)

    def tip(self) -> str:
        if self.host is not None:
            return t("lan.fingerprint_tip")
        option = self.option_rows.get(self.group.focus)
        # the focused option's whole description (the button holds a short form)
        if option is not None:
            return f"{option_help(option)}  ·  {t('setup.option_keys')}"
        return super().tip()

    def toggle(self, place: int) -> Callable[[], None]:
        def act() -> None:
            self.kinds[place] = "bot" if self.kinds[place] == "open" else "open"
            self.refresh()

        return act

    def config(self) -> HostConfig:
        name = self.name.text.strip() or "Table"
        return HostConfig(
            ruleset=self.ruleset, name=name, seats=list(self.kinds),
            address=self.interface or "0.0.0.0",
            start_after=600.0, hand_pause=3.0, move_pause=0.4, code=self.code.text or None,
            save_path=default_save_path(name), options=self.chosen_options(),
            discard_seconds=TIMER_PRESETS[self.timer_choice][0],
            claim_seconds=TIMER_PRESETS[self.timer_choice][1],
        )

    def open_table(self) -> None:
        config = self.config()
        self.net = LoopThread()
        host = Host(config)
        config.log_path = default_log_path(config.name, host.seed)
        try:
            self.net.submit(host.start()).result(5)
        except OSError as exc:
            self.status = t("lan.cannot_open", why=t(_socket_problem(exc)))
            self.net.stop()
            self.net = None
            self.refresh()
            return
        self.host = host
        # The host's own place is held by a token before the table is announced, so a joiner
        # who connects first cannot sit there and leave the host's own window without a place.
        async def reserve() -> str:
            return host.reserve(0, self.player)

        token = self.net.submit(reserve()).result(5)
        announcer = Announcer(name=config.name, port=host.port, protocol=PROTOCOL_VERSION,
                              ruleset=config.ruleset, rules=host.rules,
                              free=len(host.free_seats), locked=bool(config.code),
                              interface=self.interface, fingerprint=host.fingerprint,
                              options=options_text(host.table.table_options),
                              walls=config.walls, timers=host.table.announced_timers)
        if self.announce:
            try:
                self.net.submit(announcer.start()).result(5)
                self.announcer = announcer
            except (DiscoveryError, OSError):  # still joinable by address
                self.status = t("lan.no_announce")

        def seats_changed(free: int, started: bool) -> None:
            if self.announcer is not None:
                asyncio.get_running_loop().create_task(
                    self.announcer.update(free=free, started=started))
            self.dirty = True

        host.on_seats = seats_changed
        running = self.net.submit(host.run())
        running.add_done_callback(lambda _done: forget_finished(
            config.save_path, host.match.match_over or host.hands_done == config.hands))
        self.session = RemoteSession("127.0.0.1", host.port, name=self.player, seat=0,
                                     code=config.code, token=token)
        self.refresh()

    def start_now(self) -> None:
        if self.net is not None and self.host is not None:
            self.net.call(self.host.start_now)

    def update(self, dt: float) -> bool:
        if self.host is not None and self.dirty:
            self.refresh()
        return super().update(dt)

    def leave_table(self) -> None:
        self.shutdown()
        self.refresh()

    def shutdown(self) -> None:
        super().shutdown()
        if self.net is not None:
            if self.announcer is not None:
                with contextlib.suppress(Exception):  # leaving must always work
                    self.net.submit(self.announcer.close()).result(5)
            if self.host is not None:
                with contextlib.suppress(Exception):  # leaving must always work
                    self.net.submit(self.host.close()).result(5)
            self.net.stop()
        self.net, self.host, self.announcer = None, None, None


class JoinScreen(_LanScene):
    """Tables seen on the LAN, updated live, and an address typed by hand."""

    title_key = "menu.join"

    def __init__(self, ctx: Context, player_name: str = "", *, interface: str | None = None,
                 browse: bool = True) -> None:
        self.you = TextField(player_name or t("name.player"), NAME_LIMIT)
        self.address = TextField("", 60)
        self.code = TextField("", 12)
        self.tables: dict[str, TableInfo] = {}
        self.rows: list[TableInfo] = []
        """The tables listed, in the order of their rows."""
        self._lock = threading.Lock()
        self.net = LoopThread()
        self.browser = TableBrowser(on_add=self._seen, on_update=self._seen,
                                    on_remove=self._gone, interface=interface)
        if browse:
            try:
                self.net.submit(self.browser.start()).result(5)
            except (DiscoveryError, OSError):
                self.status = t("lan.no_discovery")
        super().__init__(ctx)
        self.fields = [self.address, self.code, self.you]

    @property
    def player(self) -> str:
        return self.you.text.strip() or t("name.player")

    def _seen(self, table: TableInfo) -> None:
        with self._lock:
            self.tables[table.service] = table
        self.dirty = True

    def _gone(self, table: TableInfo) -> None:
        with self._lock:
            self.tables.pop(table.service, None)
        self.dirty = True

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        with self._lock:
            tables = sorted(self.tables.values(), key=lambda t: t.name)
        out: list[tuple[str, Callable[[], None]]] = []
        self.rows = tables[:6]
        for table in tables[:6]:
            flags = [_ruleset_name(table.ruleset), t("lan.free", n=table.free)]
            if table.locked:
                flags.append(t("lan.locked"))
            if table.started:
                flags.append(t("lan.started"))
            # The fingerprint tells two tables of one name apart (never merged: keyed by service).
            label = f"{table.name} [{table.fingerprint}]" if table.fingerprint else table.name
            out.append((f"{label}  ·  {' · '.join(flags)}", self.join_table(table)))
        if not tables:
            out.append((t("lan.no_tables"), lambda: None))
        out.append((labelled(t('setup.name'), self.you.shown()), self.edit(self.you)))
        out.append((labelled(t('lan.address'), self.address.shown() or t('lan.address_blank')),
                    self.edit(self.address)))
        out.append((labelled(t("lan.code"), self.code.shown() or t("lan.none")),
                    self.edit(self.code)))
        out.append((t("lan.connect"), self.connect))
        out.append((t("back"), self.back))
        return out

    def update(self, dt: float) -> bool:
        if self.dirty:
            self.refresh()
        return super().update(dt)

    def focused_table(self) -> TableInfo | None:
        """The table whose row has the focus (its rules are shown before sitting)."""
        focus = self.group.focus
        return self.rows[focus] if 0 <= focus < len(self.rows) else None

    def table_lines(self, table: TableInfo) -> list[str]:
        """What a joiner is told of a table before sitting: its rules, as the setup screen
        words them, and whether the host could choose its walls."""
        lines = []
        shown = worded(table.ruleset, table.options)
        if shown:
            lines.append(t("lan.table_rules", options=" · ".join(f"{label} {value}"
                                                                  for label, value in shown)))
        if table.unknown_options:
            lines.append(t("lan.unknown_options", options=", ".join(table.unknown_options)))
        timers = table.timer_seconds
        if timers is not None:  # what the turn and claim countdowns will be, before sitting
            lines.append(labelled(t("lan.timers"), t("lan.timers_value", discard=f"{timers[0]:g}",
                                                     claim=f"{timers[1]:g}")))
        if table.walls in ("shared", "reproducible"):
            lines.append(t(f"lan.walls.{table.walls}"))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        table = self.focused_table()
        if table is None:
            return
        # Beside the buttons, from the focused row down, on a panel of its own.
        w, h = surface.get_size()
        buttons = self.group.buttons
        left = max(b.rect.right for b in buttons) + 16
        width = w - left - 16
        size = max(12, h // 48)
        lines: list[str] = []
        for text in self.table_lines(table):
            lines += wrap_text(text, width - 16,
                               lambda s: self.ctx.fonts.render(s, size, TEXT).get_width())
        step = int(size * 1.35)
        top = min(buttons[self.group.focus].rect.top, h - 24 - step * len(lines))
        panel = pygame.Rect(left, max(4, top), width, step * len(lines) + 12)
        pygame.draw.rect(surface, PANEL, panel, border_radius=6)
        for i, text in enumerate(lines):
            img = self.ctx.fonts.render(text, size, TEXT)
            surface.blit(img, (panel.x + 8, panel.y + 6 + i * step))

    def join_table(self, table: TableInfo) -> Callable[[], None]:
        def act() -> None:
            if table.protocol != PROTOCOL_VERSION:
                self.status = t("lan.protocol", table=table.name, theirs=table.protocol,
                                ours=PROTOCOL_VERSION)
            else:
                self._open(table.address, table.port, table.rules, table.fingerprint or None)
            self.refresh()

        return act

    def connect(self) -> None:
        host, sep, port = self.address.text.strip().rpartition(":")
        if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
            self.status = t("lan.address_format")
        else:
            self._open(host.strip("[]"), int(port), None)
        self.refresh()

    def _open(self, address: str, port: int, rules: str | None,
              fingerprint: str | None = None) -> None:
        self.shutdown()
        self.status = t("lan.connecting")
        self.session = RemoteSession(address, port, name=self.player,
                                     code=self.code.text or None, rules=rules,
                                     fingerprint=fingerprint, tokens=TokenStore())

    def back(self) -> None:
        super().back()
        with contextlib.suppress(Exception):  # leaving must always work
            self.net.submit(self.browser.close()).result(5)
        self.net.stop()
