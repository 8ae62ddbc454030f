"""The table's auto toggles and 托管: per local player, one key each, a badge per toggle.

What each toggle does (what a player of other mahjong software expects):
- auto-win 自動和 (H): take a win whenever one is offered, on a discard or on the own draw.
- pass every claim 不吃碰槓 (N): answer every chow, pong and kong offer on another seat's
  discard with Pass. A win is never passed by it: an offer that holds a win waits for the
  player (or auto-win takes it). Kongs declared in the own turn are untouched.
- discard the drawn tile 摸切 (M): in the own turn, discard the tile just drawn at once; it
  waits for the player when the turn offers a win or a kong, when the drawn tile is the wild
  (Mazhan: a wild thrown away is dead), and when there is no drawn tile (after a claim).
- sort 理牌 (S): on, new tiles go in at their sorted place and turning it on sorts the hand;
  off, new tiles go to the right end and the hand stays as the player arranged it.
- 托管 (A): a bot plays the seat from the seat's own view until the player takes it back
  (A again, or any other key or click at the table).

The toggles decide only by choosing one action of the view's legal list, which the scene sends
exactly as a click would (`intent`); they never read anything but the seat's own SeatView.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.actions import Action, ActionKind
from game.bots import Bot, make_bot
from game.client.i18n import t
from game.client.ui.fonts import Fonts
from game.client.ui.widgets import ACCENT, MUTED, PANEL
from game.view import SeatView

KONGS = frozenset({ActionKind.KONG, ActionKind.ADDED_KONG, ActionKind.CONCEALED_KONG})

TOGGLE_KEYS: dict[str, int] = {
    "auto_win": pygame.K_h,
    "no_claims": pygame.K_n,
    "draw_discard": pygame.K_m,
    "sort": pygame.K_s,
    "autoplay": pygame.K_a,
}
"""Each toggle's key at the table (none of them is taken by the hand or the action bar)."""

AUTO_DELAY = 0.35
"""Seconds (at speed 1) before a toggle acts, so the player sees what it did."""


@dataclass
class SeatToggles:
    """One player's toggles (all off but sorting, as a new table starts)."""

    auto_win: bool = False
    no_claims: bool = False
    draw_discard: bool = False
    sort: bool = True
    autoplay: bool = False


def intent(view: SeatView, toggles: SeatToggles, bot: Bot | None = None) -> Action | None:
    """The action the toggles take for `view` now, always one of `view.legal`; None: the
    player decides (or nothing is due)."""
    if view.phase == "over" or view.seat not in view.to_act or not view.legal:
        return None
    legal = view.legal
    if toggles.autoplay and bot is not None:
        chosen = bot.choose(view)
        return chosen if chosen in legal else None
    wins = [a for a in legal if a.kind is ActionKind.WIN]
    if wins:
        return wins[0] if toggles.auto_win else None
    if view.phase == "discard":
        drawn = view.drawn
        if (not toggles.draw_discard or drawn is None or drawn == view.wild
                or any(a.kind in KONGS for a in legal)):
            return None
        action = Action(ActionKind.DISCARD, drawn)
        return action if action in legal else None
    if toggles.no_claims:
        passing = Action(ActionKind.PASS)
        return passing if passing in legal else None
    return None


class TableToggles:
    """The toggles of each local player, their bots for 托管, keys and badges."""

    def __init__(self, seed: int = 0) -> None:
        self.players: dict[int, SeatToggles] = {}
        self._bots: dict[int, Bot] = {}
        self._seed = seed
        self.badges: list[tuple[pygame.Rect, str]] = []
        """(rect, toggle name) of each badge as last drawn: a click there flips it."""
        self._last: dict[int, tuple[tuple[bool, ...], SeatView, Action | None]] = {}
        """Per player, the toggles and view last decided for and the choice (`intent`)."""

    def of(self, player: int) -> SeatToggles:
        return self.players.setdefault(player, SeatToggles())

    def bot(self, player: int) -> Bot:
        """The bot that plays `player`'s seat under 托管 (the normal level, from its view)."""
        if player not in self._bots:
            self._bots[player] = make_bot("normal", self._seed * 4 + player)
        return self._bots[player]

    def intent(self, view: SeatView, player: int) -> Action | None:
        """`intent` for `player`, decided once per view: the scene asks every frame, and the
        bot's choice must not change (nor its random stream move) while the view stays."""
        toggles = self.of(player)
        key = (toggles.auto_win, toggles.no_claims, toggles.draw_discard, toggles.autoplay)
        last = self._last.get(player)  # per player: hot-seat players asked in turn each frame
        if last is not None and last[0] == key and (last[1] is view or last[1] == view):
            return last[2]
        chosen = intent(view, toggles, self.bot(player) if toggles.autoplay else None)
        self._last[player] = (key, view, chosen)
        return chosen

    def flip(self, player: int, name: str) -> bool:
        """Turn toggle `name` of `player` over; returns its new state."""
        toggles = self.of(player)
        value = not getattr(toggles, name)
        setattr(toggles, name, value)
        return value

    def key_toggle(self, event: pygame.event.Event) -> str | None:
        """The toggle a key press flips (no modifier held), or None."""
        if event.type != pygame.KEYDOWN or getattr(event, "mod", 0) & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return None
        for name, key in TOGGLE_KEYS.items():
            if event.key == key:
                return name
        return None

    def click_toggle(self, event: pygame.event.Event) -> str | None:
        """The toggle whose badge a left click lands on, or None."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return None
        for rect, name in self.badges:
            if rect.collidepoint(event.pos):
                return name
        return None

    def draw(self, surface: pygame.Surface, fonts: Fonts, player: int, left: int, bottom: int,
             height: int, width: int) -> None:
        """The badges, from the bottom-left at (`left`, `bottom`) in rows at most `width`
        wide, lit where the toggle is on; each badge names its key."""
        toggles = self.of(player)
        size = max(14, height * 3 // 5)
        badges = []
        for name, key in TOGGLE_KEYS.items():
            on = bool(getattr(toggles, name))
            # 托管 on: the badge says how to take the seat back (any key or click does)
            words = t("toggle.autoplay_on") if on and name == "autoplay" else t("toggle." + name)
            text = f"{pygame.key.name(key).upper()} {words}"
            badges.append((name, on, fonts.render(text, size, PANEL if on else MUTED, bold=on)))
        # as tall as the text's line at least (CJK lines are taller than Latin ones)
        height = max(height, *(img.get_height() for _n, _o, img in badges))
        x, y = left, bottom - height
        self.badges = []
        for name, on, img in badges:
            rect = pygame.Rect(x, y, img.get_width() + 10, height)
            if rect.right > left + width and x > left:  # a narrow window: a row above
                x, y = left, y - height - 4
                rect.topleft = (x, y)
            if on:
                pygame.draw.rect(surface, ACCENT, rect, border_radius=height // 3)
            else:
                pygame.draw.rect(surface, MUTED, rect, 1, border_radius=height // 3)
            surface.blit(img, img.get_rect(center=rect.center))
            self.badges.append((rect, name))
            x = rect.right + 4
