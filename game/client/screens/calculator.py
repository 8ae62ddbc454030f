"""The score calculator screen: pick tiles by clicking, build melds, set the circumstances,
and read the breakdown live from game.calc (the same scorer the engine and the CLI use)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import calc
from game.client.context import Context
from game.client.i18n import labelled, t
from game.client.scene import Scene
from game.client.score_sheet import line_name, line_tiles
from game.client.table.layout import full_height
from game.client.ui.notice import wrap
from game.client.ui.tile_art import TileArt
from game.client.ui.widgets import (
    ACCENT,
    HIGHLIGHT,
    MUTED,
    PANEL,
    TEXT,
    Button,
    ButtonGroup,
    TextBoxes,
    felt_background,
)
from game.scoring import FLAGS, ScoreLine
from game.tiles import Tile, format_tiles

MODES = ("hand", "chow", "pong", "kong", "akong", "ckong", "bonus", "win", "wild")
FLAG_ORDER = ("heavenly", "earthly", "after_kong", "after_flower", "robbing_kong",
              "last_tiles", "kuaizhao")
PICKER_ROWS = (tuple(range(0, 9)), tuple(range(9, 18)), tuple(range(18, 27)),
               tuple(range(27, 34)), tuple(range(34, 42)))
UNIT_KEYS = ("base", "tai", "hu", "flower", "x", "total")
assert set(FLAG_ORDER) == set(FLAGS)


@dataclass
class CalcState:
    """What the calculator is asked: the JSON fields of CONTRACTS §1, built by clicks."""

    ruleset: str = "mazhan"
    seat: int = 0
    hand: list[int] = field(default_factory=list)
    melds: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    win: int | None = None
    wild: int | None = None
    self_draw: bool = False
    flags: set[str] = field(default_factory=set)
    dealer_streak: int = 0

    def request(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "seat": "ESWN"[self.seat],
            "hand": format_tiles(sorted(Tile(k) for k in self.hand)),
            "melds": [f"{kind}:{format_tiles([Tile(k) for k in tiles])}"
                      for kind, tiles in self.melds],
            "bonus": format_tiles(sorted(Tile(k) for k in self.bonus)),
            "self_draw": self.self_draw,
            "flags": sorted(self.flags),
            "dealer_streak": self.dealer_streak,
        }
        if self.win is not None:
            data["win"] = str(Tile(self.win))
        if self.wild is not None and self.ruleset == "mazhan":
            data["wild"] = str(Tile(self.wild))
        return data

    def used(self, kind: int) -> int:
        """How many of `kind` the state already holds (there are four of a play tile)."""
        n = self.hand.count(kind) + self.bonus.count(kind) + (self.win == kind)
        return n + sum(tiles.count(kind) for _, tiles in self.melds)

    def add(self, mode: str, kind: int) -> bool:
        """Put a tile of `kind` where `mode` says; False if that is not possible."""
        limit = 1 if kind >= 34 else 4
        if mode == "wild":
            if kind >= 34:
                return False
            self.wild = None if self.wild == kind else kind
            return True
        if mode == "bonus":
            if kind < 34 and not (kind == 31 or (self.ruleset == "nanjing" and kind >= 31)):
                return False  # bonus tiles: flowers, seasons, and 白 (M2) or dragons (N1)
            if self.used(kind) >= limit:
                return False
            self.bonus.append(kind)
            return True
        if kind >= 34:
            return False
        if mode == "chow":
            if kind >= 27 or kind % 9 > 6:
                return False
            tiles: tuple[int, ...] = (kind, kind + 1, kind + 2)
        elif mode == "pong":
            tiles = (kind,) * 3
        elif mode in ("kong", "akong", "ckong"):
            tiles = (kind,) * 4
        else:
            tiles = (kind,)
        if any(self.used(k) + tiles.count(k) > limit for k in set(tiles)):
            return False
        if mode in ("chow", "pong", "kong", "akong", "ckong"):
            self.melds.append((mode, tiles))
        elif mode == "win":
            self.win = kind
        else:
            self.hand.append(kind)
        return True


HAND_TILES = {"mazhan": 16, "nanjing": 13}
"""Tiles before the winning one, each meld counted as 3."""


def problem_text(state: CalcState) -> str:
    """Why the scorer refused the hand, from the catalogue: the tile count when it is off,
    else that the tiles do not form a win."""
    need = HAND_TILES.get(state.ruleset, 0)
    have = len(state.hand) + 3 * len(state.melds)
    if state.win is None:
        return t("calc.no_win_tile")
    if have != need:
        return t("calc.count", need=need, have=have)
    return t("calc.invalid")


def evaluate(state: CalcState) -> tuple[bool, Any]:
    """(True, the scorer's JSON) or (False, a sentence from the catalogue), via
    game.calc.main; each item's label is in the window's language, and "lines" holds the
    scorer's lines themselves (keys and arguments: the tiles to draw)."""
    request = json.dumps(state.request())
    status, text = calc.main(request)
    data = json.loads(text)
    if status != 0:
        return False, problem_text(state)
    ruleset, role, win = calc.parse_request(request)
    lines = calc.score(ruleset, role, win).items
    for item, line in zip(data.get("items", []), lines, strict=True):
        item["label"] = line_name(line)
    data["lines"] = list(lines)
    return True, data


class _FaceButton(Button):
    """A picker tile: a face instead of a label."""

    def __init__(self, rect: pygame.Rect, kind: int, action: Callable[[], None],
                 art: TileArt) -> None:
        super().__init__(rect, "", action)
        self.kind = kind
        self.art = art

    def draw(self, surface: pygame.Surface, fonts: object, hot: bool = False) -> None:
        surface.blit(self.art.face(self.kind, self.rect.w), self.rect.topleft)
        if hot:
            pygame.draw.rect(surface, HIGHLIGHT, self.rect.inflate(2, 2), 2, border_radius=3)


class CalculatorScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.state = CalcState()
        self.mode = "hand"
        self.group = ButtonGroup()
        self.boxes = TextBoxes(ctx.fonts)
        self.placed: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.outcome: tuple[bool, Any] = evaluate(self.state)
        self.layout()

    # ------------------------------------------------------------ geometry

    def tile_w(self) -> int:
        w, h = self.ctx.size
        return max(22, min(w // 26, h // 17))

    def layout(self) -> None:
        w, h = self.ctx.size
        tw = self.tile_w()
        pad = max(8, h // 60)
        buttons: list[Button] = []
        y = pad + round(h * 0.07)
        for row in PICKER_ROWS:
            x = pad
            for kind in row:
                buttons.append(_FaceButton(pygame.Rect(x, y, tw, full_height(tw)), kind,
                                           self.picker(kind), self.ctx.art))
                x += tw + 2
            y += full_height(tw) + 3
        bh = max(26, h // 24)
        bw = (9 * (tw + 2) - 8) // 3
        y += pad // 2
        rows = [
            [(self.mode_label(m), self.moder(m)) for m in MODES[:3]],
            [(self.mode_label(m), self.moder(m)) for m in MODES[3:6]],
            [(self.mode_label(m), self.moder(m)) for m in MODES[6:]],
            [(labelled(t('calc.ruleset'), t('ruleset.' + self.state.ruleset)), self.cycle_ruleset),
             (labelled(t('calc.seat'), t('wind.' + str(self.state.seat))), self.cycle_seat),
             (labelled(t('result.how.self_draw'), t('on' if self.state.self_draw else 'off')),
              self.toggle_self_draw)],
            [(self.flag_label(f), self.flagger(f)) for f in FLAG_ORDER[:3]],
            [(self.flag_label(f), self.flagger(f)) for f in FLAG_ORDER[3:6]],
            [(self.flag_label(FLAG_ORDER[6]), self.flagger(FLAG_ORDER[6])),
             (labelled(t('calc.streak'), self.state.dealer_streak), self.cycle_streak),
             (t("calc.clear"), self.clear)],
        ]
        for row_items in rows:
            x = pad
            for label, act in row_items:
                buttons.append(Button(pygame.Rect(x, y, bw, bh), label, act))
                x += bw + 4
            y += bh + 4
        buttons.append(Button(pygame.Rect(w - pad - max(120, w // 9), pad,
                                          max(120, w // 9), bh), t("back"), self.back,
                              pygame.K_ESCAPE, hint="Esc"))
        focus = self.group.focus
        self.group.set(buttons)
        self.group.focus = focus

    def mode_label(self, mode: str) -> str:
        mark = "● " if mode == self.mode else ""
        return mark + t("calc.mode." + mode)

    def flag_label(self, flag: str) -> str:
        mark = "✓ " if flag in self.state.flags else ""
        return mark + t("calc.flag." + flag)

    # ------------------------------------------------------------ actions

    def changed(self) -> None:
        self.outcome = evaluate(self.state)
        self.layout()
        self.dirty = True

    def picker(self, kind: int) -> Callable[[], None]:
        def pick() -> None:
            if self.state.add(self.mode, kind):
                if self.mode == "win" or self.mode == "wild":
                    self.mode = "hand"
                self.changed()

        return pick

    def moder(self, mode: str) -> Callable[[], None]:
        def choose() -> None:
            self.mode = mode
            self.layout()
            self.dirty = True

        return choose

    def flagger(self, flag: str) -> Callable[[], None]:
        def toggle() -> None:
            self.state.flags ^= {flag}
            self.changed()

        return toggle

    def cycle_ruleset(self) -> None:
        self.state.ruleset = "nanjing" if self.state.ruleset == "mazhan" else "mazhan"
        self.changed()

    def cycle_seat(self) -> None:
        self.state.seat = (self.state.seat + 1) % 4
        self.changed()

    def toggle_self_draw(self) -> None:
        self.state.self_draw = not self.state.self_draw
        self.changed()

    def cycle_streak(self) -> None:
        self.state.dealer_streak = (self.state.dealer_streak + 1) % 6
        self.changed()

    def clear(self) -> None:
        ruleset, seat = self.state.ruleset, self.state.seat
        self.state = CalcState(ruleset=ruleset, seat=seat)
        self.mode = "hand"
        self.changed()

    def back(self) -> None:
        self.ctx.stack.pop()

    def remove_hand(self, index: int) -> Callable[[], None]:
        def remove() -> None:
            del self.state.hand[index]
            self.changed()

        return remove

    def remove_meld(self, index: int) -> Callable[[], None]:
        def remove() -> None:
            del self.state.melds[index]
            self.changed()

        return remove

    def remove_bonus(self, index: int) -> Callable[[], None]:
        def remove() -> None:
            del self.state.bonus[index]
            self.changed()

        return remove

    def remove_win(self) -> None:
        self.state.win = None
        self.changed()

    # ------------------------------------------------------------ scene

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def on_enter(self) -> None:
        super().on_enter()
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, act in self.placed:  # a click on a chosen tile takes it back
                if rect.collidepoint(event.pos):
                    act()
                    return
        if self.group.handle(event):
            self.dirty = True
        elif (event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE
              and self.state.hand):
            self.remove_hand(len(self.state.hand) - 1)()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.boxes.placed.clear()
        w, h = surface.get_size()
        pad = max(8, h // 60)
        tw = self.tile_w()
        put = self.boxes.put
        line = max(14, h // 36)
        put(surface, t("menu.calculator"), pygame.Rect(pad, pad, 9 * (tw + 2), line * 2),
            line * 3 // 2, ACCENT, bold=True)
        self.group.draw(surface, self.ctx.fonts)
        right = pygame.Rect(pad * 2 + 9 * (tw + 2) + pad, pad + round(h * 0.07), 0, 0)
        right.w = w - right.x - pad
        right.h = h - right.y - pad
        shade = pygame.Surface(right.size, pygame.SRCALPHA)
        shade.fill((*PANEL, 200))
        surface.blit(shade, right)
        inner = right.inflate(-2 * pad, -2 * pad)
        y = self.draw_chosen(surface, inner, line)
        self.draw_outcome(surface, pygame.Rect(inner.x, y, inner.w, inner.bottom - y), line)
        self.dirty = False

    def draw_chosen(self, surface: pygame.Surface, box: pygame.Rect, line: int) -> int:
        """The tiles chosen so far, each clickable to take it back; returns the y below."""
        art, state, put = self.ctx.art, self.state, self.boxes.put
        self.placed = []
        sw = max(16, min(self.tile_w() * 4 // 5, box.w // 20))
        y = box.y
        groups: list[tuple[str, list[tuple[int, Callable[[], None]]]]] = [
            ("calc.mode.hand", [(k, self.remove_hand(i)) for i, k in sorted(
                enumerate(state.hand), key=lambda p: p[1])]),
            ("calc.melds", []),
            ("calc.mode.bonus", [(k, self.remove_bonus(i)) for i, k in enumerate(state.bonus)]),
            ("calc.mode.win", [(state.win, self.remove_win)] if state.win is not None else []),
        ]
        for key, tiles in groups:
            put(surface, t(key), pygame.Rect(box.x, y, box.w // 5, full_height(sw)), line,
                MUTED)
            x = box.x + box.w // 5
            if key == "calc.melds":
                for i, (meld_kind, meld) in enumerate(state.melds):
                    start = x
                    for k in meld:
                        face = art.back(sw) if meld_kind == "ckong" and x in (
                            start, start + 3 * sw) else art.face(k, sw)
                        surface.blit(face, (x, y))
                        x += sw
                    self.placed.append((pygame.Rect(start, y, x - start, full_height(sw)),
                                        self.remove_meld(i)))
                    x += sw // 3
            for kind, act in tiles:
                surface.blit(art.face(kind, sw, wild=kind == state.wild), (x, y))
                self.placed.append((pygame.Rect(x, y, sw, full_height(sw)), act))
                x += sw
            y += full_height(sw) + 4
        if state.wild is not None and state.ruleset == "mazhan":
            put(surface, t("table.wild"), pygame.Rect(box.x, y, box.w // 5, full_height(sw)),
                line, MUTED)
            surface.blit(art.face(state.wild, sw, wild=True), (box.x + box.w // 5, y))
            y += full_height(sw) + 4
        return y + line // 2

    def draw_outcome(self, surface: pygame.Surface, box: pygame.Rect, line: int) -> None:
        ok, data = self.outcome
        put = self.boxes.put
        if not ok:
            pieces = [p for part in str(data).split("\n")
                      for p in wrap(self.ctx.fonts, part, line, box.w)]
            for i, piece in enumerate(pieces[:6]):
                put(surface, piece, pygame.Rect(box.x, box.y + i * line * 5 // 4, box.w, line),
                    line, (240, 130, 120))
            return
        items = data.get("items", [])
        step = max(14, min(line, box.h // (len(items) + 2)))
        tw = max(10, round(step * 0.8))
        while full_height(tw) > step:
            tw -= 1
        y = box.y
        lines: list[ScoreLine] = data["lines"]
        for item, scored in zip(items, lines, strict=True):
            unit = t("unit." + item["unit"]) if item["unit"] in UNIT_KEYS else item["unit"]
            tiles = line_tiles(scored)
            name_w = box.w * 3 // 4 - len(tiles) * tw - 4
            put(surface, line_name(scored), pygame.Rect(box.x, y, name_w, step), step, TEXT)
            x = box.x + name_w + 2
            for tile in tiles:  # the tiles the line counts, drawn
                face = self.ctx.art.face(tile, tw)
                surface.blit(face, face.get_rect(midleft=(x, y + step // 2)))
                x += tw
            put(surface, f"{item['value']} {unit}".rstrip(),
                pygame.Rect(box.x + box.w * 3 // 4, y, box.w // 4, step), step, HIGHLIGHT,
                align="right")
            y += step
        if any(item["unit"] == "total" for item in items):
            return
        put(surface, labelled(t('result.total'), data['total']),
            pygame.Rect(box.x, y + step // 2, box.w, step + 4), step + 4, ACCENT, bold=True)
