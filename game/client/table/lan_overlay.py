"""What a LAN table shows beyond a local one: chat, the host's notices, who a bot plays for,
and a failed wall check. Drawn by the table scene only when its session carries these feeds.

The feeds are filled on the network thread (appends and whole-list swaps); this side only
reads their lengths and new items, so no lock is needed and drawing never waits.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import pygame

from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.table.layout import TableLayout, table_layout
from game.client.ui.notice import wrap
from game.client.ui.widgets import ACCENT, MUTED, PANEL, TEXT, Button, ButtonGroup, TextField
from game.client.wording import join_text, refusal_text, wall_text
from game.errors import IllegalAction
from net.chat import PHRASES

CHAT_KEEP = 40
"""Chat lines kept for the panel (older ones scroll away)."""
TOAST_TIME = 5.0
"""Seconds a notice stays on screen."""
TOASTS_SHOWN = 3
TEXT_LIMIT = 200
"""The host cuts longer chat lines (docs/protocol.md); the box stops there too."""
PHRASE_KEYS = PHRASES
"""F1, F2, ... send these phrases, in this order."""
ALERT = (200, 40, 36)
WARN_BG = (150, 100, 20)


class LanFeed(Protocol):
    """The part of RemoteSession this overlay reads and sends through."""

    chat: list[Mapping[str, Any]]
    notices: list[Mapping[str, Any]]
    wall_problems: list[str]
    seats: list[dict[str, Any]]
    error: str | None

    @property
    def player_names(self) -> tuple[str, ...]: ...

    def say(self, text: str) -> None: ...

    def phrase(self, key: str) -> None: ...


_NEEDED = ("chat", "notices", "wall_problems", "seats", "say", "phrase")


def lan_feed(session: object) -> LanFeed | None:
    """The session's LAN feeds when it has them (RemoteSession); None for a local table."""
    if all(hasattr(session, name) for name in _NEEDED):
        return cast(LanFeed, session)
    return None


@dataclass(frozen=True)
class ChatLine:
    name: str
    text: str
    watcher: bool
    """Said by a spectator."""


def chat_line(msg: Mapping[str, Any]) -> ChatLine | None:
    """A chat message as shown, the phrase in this screen's language; None if unreadable."""
    name = str(msg.get("name") or "?")
    watcher = msg.get("seat") is None
    phrase = msg.get("phrase")
    if phrase is not None:
        if str(phrase) not in PHRASES or not i18n.has(f"chat.{phrase}"):
            return None
        return ChatLine(name, t(f"chat.{phrase}"), watcher)
    text = msg.get("text")
    return ChatLine(name, str(text), watcher) if text else None


def notice_text(msg: Mapping[str, Any], names: Sequence[str]) -> str:
    """The host's notice in this screen's language (its own text for a code we do not know)."""
    place = msg.get("seat")
    name = names[place] if isinstance(place, int) and 0 <= place < len(names) else ""
    if isinstance(msg.get("name"), str) and msg["name"]:
        name = msg["name"]  # the player's own name, when a bot's has taken the place since
    code = str(msg.get("code", ""))
    key = f"lan.notice.{code}"
    if code.startswith("refused."):
        refusal = msg.get("refusal")
        reason = refusal_text(refusal if isinstance(refusal, Mapping)
                              else {"code": code.removeprefix("refused.")})
        return t(key, msg=reason) if i18n.has(key) else reason
    # a code from a newer host: say only that something happened at that seat
    return t(key if i18n.has(key) else "lan.notice.other", name=name or "?")


def clock_text(seconds: float) -> str:
    """A countdown as minutes and seconds (2:05), rounded up so 0:00 means now."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def seat_tag(seat: Mapping[str, Any], flee_in: float | None = None) -> str:
    """The name plate's mark for a place a bot plays now; "" for a person playing.
    `flee_in`: seconds until the absent player counts as fled (M12), counted down here."""
    if flee_in is not None:
        return t("lan.tag.flee_in", time=clock_text(flee_in))
    if seat.get("auto") and not seat.get("bot"):
        return t("lan.tag.auto")  # its player let a bot of their own play (托管)
    if not seat.get("bot"):
        return ""
    if seat.get("kind") == "bot":
        return t("lan.tag.bot")
    return t("lan.tag.away") if seat.get("away") else t("lan.tag.standin")


def chat_area(layout: TableLayout) -> pygame.Rect:
    """The felt under the left river, beside the centre box and the own river: free at
    every size."""
    return layout.corner(bottom=True)


def alert_area(layout: TableLayout) -> pygame.Rect:
    """The felt above the left river: the chat corner's twin at the top."""
    return layout.corner(bottom=False)


class LanOverlay:
    """Chat panel, notice banners, bot marks and wall warnings for one table scene."""

    def __init__(self, ctx: Context, feed: LanFeed) -> None:
        self.ctx = ctx
        self.feed = feed
        self.lines: deque[ChatLine] = deque(maxlen=CHAT_KEEP)
        self.toasts: list[tuple[str, float]] = []
        """(text, time it goes) in scene time."""
        self.composing = False
        self.field = TextField("", TEXT_LIMIT)
        """The chat line being typed (an input method's composition shows in it)."""
        self.chips = ButtonGroup()
        """Quick-phrase buttons, shown while composing."""
        self._seen_chat = 0
        self._seen_notices = 0
        self._seats_key: tuple[tuple[object, ...], ...] = ()
        self._flee_key: tuple[object, ...] = ()
        self.flee_at: dict[int, float] = {}
        """Place → the scene time its absent player counts as fled (M12): the host's seat
        list says how long is left when it is sent, and the plate counts down from there."""
        self.now = 0.0
        self.layout = table_layout(ctx.size, ctx.settings.large_tiles)
        """The table's layout (the scene sets it again when the window changes size)."""

    # ------------------------------------------------------------ feeds

    def names(self) -> list[str]:
        """Names by place: the host's place list first, the views' names otherwise."""
        try:
            names = list(self.feed.player_names)
        except IllegalAction:  # no state has arrived yet
            names = ["", "", "", ""]
        for place, seat in enumerate(self.feed.seats[:4]):
            if seat.get("name"):
                names[place] = str(seat["name"])
        return names

    def update(self, now: float) -> tuple[bool, bool]:
        """Take what arrived; (something to redraw, the name plates changed)."""
        self.now = now
        changed = False
        chat = self.feed.chat
        while self._seen_chat < len(chat):
            line = chat_line(chat[self._seen_chat])
            self._seen_chat += 1
            if line is not None:
                self.lines.append(line)
                changed = True
        notices = self.feed.notices
        if self._seen_notices < len(notices):
            names = self.names()
            while self._seen_notices < len(notices):
                text = notice_text(notices[self._seen_notices], names)
                self._seen_notices += 1
                self.toasts.append((text, now + TOAST_TIME))
                changed = True
        kept = [toast for toast in self.toasts if toast[1] > now]
        if len(kept) != len(self.toasts):
            self.toasts = kept
            changed = True
        seats = self.feed.seats
        flees = tuple(s.get("flee_in") for s in seats)
        if flees != self._flee_key:  # a new seat list: count down from what it says
            self._flee_key = flees
            self.flee_at = {p: now + float(left) for p, left in enumerate(flees[:4])
                            if isinstance(left, int | float)}
        # the plates show whole seconds: they are drawn again as each one goes
        key = tuple((s.get("kind"), s.get("bot"), s.get("away"), s.get("name"), s.get("auto"))
                    for s in seats) + tuple(
            (p, math.ceil(max(0.0, at - now))) for p, at in sorted(self.flee_at.items()))
        plates = key != self._seats_key
        self._seats_key = key
        return changed or plates, plates

    def wake_in(self) -> float:
        """Seconds until a banner goes; chat is looked for a few times a second anyway."""
        soonest = min((until - self.now for _text, until in self.toasts), default=0.25)
        for at in self.flee_at.values():  # the next second of a flee countdown
            left = at - self.now
            if left > 0:
                soonest = min(soonest, left - math.floor(left) or 1.0)
        return max(0.0, min(soonest, 0.25))

    def tags(self) -> list[str]:
        """Per place, the bot mark for its name plate."""
        seats = self.feed.seats[:4]
        flee = {p: at - self.now for p, at in self.flee_at.items()}
        return [seat_tag(seat, flee.get(p)) for p, seat in enumerate(seats)] + [""] * (
            4 - len(seats))

    # ------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event, may_open: bool) -> bool:
        """Take chat keys and clicks; True if the event was ours. `may_open`: Enter opens the
        chat box (not while a results panel answers Enter)."""
        if self.composing:
            return self._compose(event)
        if event.type == pygame.KEYDOWN:
            index = event.key - pygame.K_F1
            if 0 <= index < len(PHRASE_KEYS):
                self.feed.phrase(PHRASE_KEYS[index])
                return True
            if may_open and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open()
                return True
        if (may_open and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.panel_rect().collidepoint(event.pos)):
            self.open()
            return True
        return False

    @property
    def draft(self) -> str:
        return self.field.text

    def open(self) -> None:
        self.composing = True
        self.field = TextField("", TEXT_LIMIT)
        self.field.start()

    def close(self) -> None:
        self.composing = False
        self.field.stop()

    def _compose(self, event: pygame.event.Event) -> bool:
        typing = event.type in (pygame.TEXTEDITING, pygame.TEXTINPUT) or (
            event.type == pygame.KEYDOWN and (
                self.field.composition or event.key == pygame.K_BACKSPACE
                or (event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))))
        if typing:  # text, the input method's keys, Backspace and paste go to the field
            return self.field.handle(event)
        if event.type == pygame.KEYDOWN:
            index = event.key - pygame.K_F1
            if 0 <= index < len(PHRASE_KEYS):
                self.feed.phrase(PHRASE_KEYS[index])
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                text = " ".join(self.draft.split())
                if text:
                    self.feed.say(text)
                self.close()
            elif event.key == pygame.K_ESCAPE:
                self.close()
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._layout_chips()
            if not self.chips.handle(event) and (
                    event.type == pygame.MOUSEBUTTONDOWN
                    and not self.compose_rect().collidepoint(event.pos)):
                self.close()  # a click elsewhere puts the box away; the table takes it next
                return False
        else:
            return False
        return True

    def _send_phrase(self, key: str) -> None:
        self.feed.phrase(key)
        self.close()

    # ------------------------------------------------------------ geometry

    def text_size(self) -> int:
        return self.layout.text_px()

    def panel_rect(self) -> pygame.Rect:
        """The chat lines' corner of the table."""
        return chat_area(self.layout)

    def compose_rect(self) -> pygame.Rect:
        """The open chat box: the panel grown upward over the left side of the table."""
        layout = self.layout
        area = chat_area(layout)
        height = max(area.h, layout.center.bottom - layout.rivers[2].y)
        return pygame.Rect(area.x, area.bottom - height, area.w, height)

    def _layout_chips(self) -> None:
        box = self.compose_rect()
        size = self.text_size()
        bh = size * 2
        pad = 6
        x, y = box.x + pad, box.y + pad
        buttons: list[Button] = []
        fonts = self.ctx.fonts
        for n, key in enumerate(PHRASE_KEYS):
            label = t(f"chat.{key}")
            width = fonts.font(int(bh * 0.5)).size(label)[0] + bh * 3 // 2  # room for F1
            if x + width > box.right - pad:
                x, y = box.x + pad, y + bh + 4
            buttons.append(Button(pygame.Rect(x, y, width, bh), label,
                                  self._phrase_sender(key), hint=f"F{n + 1}"))
            x += width + 4
        focus = self.chips.focus
        self.chips.set(buttons)
        self.chips.focus = focus

    def _phrase_sender(self, key: str) -> Any:
        return lambda: self._send_phrase(key)

    # ------------------------------------------------------------ drawing

    def draw_chat(self, surface: pygame.Surface) -> None:
        """The chat lines, or the open chat box (under the results panel)."""
        if self.composing:
            self._draw_compose(surface)
        else:
            self._draw_panel(surface, chat_area(self.layout))

    def draw_notes(self, surface: pygame.Surface, alert_box: pygame.Rect | None = None) -> None:
        """Notice banners and the persistent warnings (over everything). `alert_box`: where
        the warning goes when the table's own corner is covered (the results panel)."""
        self._draw_toasts(surface, self.layout)
        self._draw_alerts(surface, alert_box or alert_area(self.layout))

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int) -> None:
        back = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (*PANEL, alpha), back.get_rect(), border_radius=6)
        surface.blit(back, rect)

    def _line_images(self, width: int, count: int, size: int) -> list[pygame.Surface]:
        fonts = self.ctx.fonts
        out: list[pygame.Surface] = []
        for line in list(self.lines)[-count:] if count > 0 else []:
            who = line.name + (t("lan.watcher") if line.watcher else "") + ": "
            head = fonts.render(who, size, ACCENT)
            body = fonts.render(_clip(fonts.font(size), line.text, width - head.get_width()),
                                size, TEXT)
            img = pygame.Surface((min(width, head.get_width() + body.get_width()),
                                  max(head.get_height(), body.get_height())), pygame.SRCALPHA)
            img.blit(head, (0, 0))
            img.blit(body, (head.get_width(), 0))
            out.append(img)
        return out

    def _draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if rect.h < 16:
            return
        pad = 3
        size = self.text_size()
        # a small window still shows two lines of chat above the hint
        while size > 10 and 3 * self.ctx.fonts.font(size).get_linesize() > rect.h - 2 * pad:
            size -= 1
        line_h = self.ctx.fonts.font(size).get_linesize()
        self._panel(surface, rect, 140)
        room = (rect.h - 2 * pad) // line_h
        hint = t("lan.chat_hint", last=len(PHRASE_KEYS))
        hint_img = self.ctx.fonts.render(hint, self.ctx.fonts.fit(hint, size, rect.w - 2 * pad),
                                         MUTED)
        show_hint = not self.lines or room > 1
        images = self._line_images(rect.w - 2 * pad, room - (1 if show_hint else 0), size)
        y = rect.bottom - pad - line_h * (len(images) + (1 if show_hint else 0))
        for img in images:
            surface.blit(img, (rect.x + pad, y))
            y += line_h
        if show_hint:
            surface.blit(hint_img, (rect.x + pad, y))

    def _draw_compose(self, surface: pygame.Surface) -> None:
        box = self.compose_rect()
        self._panel(surface, box, 235)
        pygame.draw.rect(surface, ACCENT, box, width=2, border_radius=6)
        self._layout_chips()
        self.chips.draw(surface, self.ctx.fonts)
        size = self.text_size()
        fonts = self.ctx.fonts
        line_h = fonts.font(size).get_linesize()
        pad = 6
        field = pygame.Rect(box.x + pad, box.bottom - pad - line_h - 8, box.w - 2 * pad,
                            line_h + 8)
        pygame.draw.rect(surface, (8, 24, 20), field, border_radius=4)
        pygame.draw.rect(surface, ACCENT, field, width=1, border_radius=4)
        self.field.place(field)
        shown = _clip_left(fonts.font(size), self.field.shown(), field.w - 8)
        img = fonts.render(shown, size, TEXT)
        surface.blit(img, img.get_rect(midleft=(field.x + 4, field.centery)))
        tip = t("lan.compose_hint")
        tip_img = fonts.render(tip, max(14, fonts.fit(tip, size, field.w)), MUTED)
        surface.blit(tip_img, tip_img.get_rect(bottomleft=(field.x, field.y - 2)))
        chips_bottom = max((b.rect.bottom for b in self.chips.buttons), default=box.y)
        top = chips_bottom + 4
        room = (field.y - tip_img.get_height() - 4 - top) // line_h
        images = self._line_images(field.w, room, size)
        y = field.y - tip_img.get_height() - 4 - line_h * len(images)
        for line_img in images:
            surface.blit(line_img, (field.x, y))
            y += line_h

    def _draw_toasts(self, surface: pygame.Surface, layout: TableLayout) -> None:
        if not self.toasts:
            return
        fonts = self.ctx.fonts
        # on the felt beside the own river, clear of every river (issue 11)
        area = layout.notice_area()
        size = max(14, layout.center.h // 9)
        width = area.w
        y = area.bottom - 5
        for text, until in reversed(self.toasts[-TOASTS_SHOWN:]):
            fit = max(14, fonts.fit(text, size, width - 24))
            img = fonts.render(text, fit, TEXT, bold=True)
            if img.get_width() > width - 24:
                img = img.subsurface(pygame.Rect(0, 0, max(1, width - 24), img.get_height()))
            rect = img.get_rect(midbottom=(area.centerx, y))
            box = rect.inflate(24, 10)
            back = pygame.Surface(box.size, pygame.SRCALPHA)
            left = until - self.now
            alpha = round(230 * min(1.0, left / 0.6))  # fades in its last moments
            pygame.draw.rect(back, (*PANEL, alpha), back.get_rect(), border_radius=8)
            pygame.draw.rect(back, (*ACCENT, alpha), back.get_rect(), width=2, border_radius=8)
            surface.blit(back, box)
            img = img.copy()  # the rendered text is cached and shared: fade a copy of it
            img.set_alpha(max(alpha, 40))
            surface.blit(img, rect)
            y = box.top - 4

    def alert_text(self) -> tuple[str, str, bool] | None:
        """The persistent warning, if any: (headline, detail, is a wall-check failure)."""
        problems = self.feed.wall_problems
        if problems:
            more = t("lan.wall_more", n=len(problems) - 1) if len(problems) > 1 else ""
            detail = t("lan.wall_detail", problem=wall_text(problems[0]))
            return t("lan.wall_failed"), detail + more, True
        if self.feed.error:
            code = str(getattr(self.feed, "error_code", "") or "lost")
            info = getattr(self.feed, "error_info", {})
            return t("lan.connection_lost"), join_text(code, info), False
        return None

    def _draw_alerts(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        alert = self.alert_text()
        if alert is None:
            return
        title, detail, wall = alert
        if wall:  # a frame round the whole window: hard to miss, and it stays
            pygame.draw.rect(surface, ALERT, surface.get_rect(),
                             width=max(3, self.layout.margin // 2))
        pygame.draw.rect(surface, ALERT if wall else WARN_BG, box, border_radius=6)
        pygame.draw.rect(surface, (255, 220, 200), box, width=2, border_radius=6)
        inner = box.inflate(-12, -8)
        fonts = self.ctx.fonts
        size = max(14, min(inner.h // 3, self.layout.hand_w // 2))
        while True:  # the largest size at which the headline and the detail fit the box
            head = fonts.font(size + 2, bold=True).get_linesize()
            line_h = fonts.font(size).get_linesize()
            lines = wrap(fonts, detail, size, inner.w)
            if size <= 9 or head + line_h * len(lines) <= inner.h:
                break
            size -= 1
        room = max(0, (inner.h - head) // line_h)
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = _clip(fonts.font(size), lines[-1] + "…", inner.w)
        white = (255, 255, 255)
        img = fonts.render(title, fonts.fit(title, size + 2, inner.w), white, bold=True)
        surface.blit(img, (inner.x, inner.y))
        y = inner.y + head
        for line in lines:
            surface.blit(fonts.render(line, size, white), (inner.x, y))
            y += line_h


def _clip(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` cut at the end to fit `width`, with an ellipsis when cut."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def _clip_left(font: pygame.font.Font, text: str, width: int) -> str:
    """The end of `text` that fits `width` (the caret stays in sight while typing)."""
    while len(text) > 1 and font.size(text)[0] > width:
        text = text[1:]
    return text
