"""The Statistics screen (戰績, issue 28): the figures of `game.stats` per player for one
ruleset, the chosen player's score per match as a line chart, and their biggest win's tiles.

The logs are read a few at a time in `update` (each is replayed through the engine), so the
screen opens at once and shows how far the reading has gone."""

from __future__ import annotations

import time
from collections.abc import Iterable

import pygame

from game import stats
from game.client.context import Context
from game.client.i18n import t
from game.client.options import RULESETS
from game.client.scene import Scene
from game.client.table.layout import MIN_TEXT, full_height
from game.client.table.results import GAIN, LOSS
from game.client.ui.charts import Chart, line_chart
from game.client.ui.paced import Paced
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
from game.melds import Meld
from game.tiles import Tile, parse_tiles

READ_BUDGET = 0.03
"""Seconds of log reading per frame at most (one log at least)."""
COLUMNS = ("player", "matches", "hands", "win", "self_draw", "deal_in", "avg_win", "per_match",
           "best")
WIDTHS = (22, 8, 8, 9, 10, 9, 11, 11, 12)
"""Each column's share of the table's width."""
TREND = (120, 190, 250)


def percent(x: float | None) -> str:
    return "–" if x is None else f"{x * 100:.1f}%"


def number(x: float | None, decimals: int = 0) -> str:
    return "–" if x is None else f"{x:+,.{decimals}f}"


def decimals_for(values: Iterable[float | None]) -> int:
    """One decimal for a column whose figures are all under 100, none once any is larger: a
    column reads alike (not +74 over +48.9)."""
    shown = [abs(v) for v in values if v is not None]
    return 1 if shown and max(shown) < 100 else 0


class StatsScene(Scene):
    """The table of figures, a row per player name; ↑↓ pick the row the chart shows."""

    def __init__(self, ctx: Context, ruleset: str | None = None) -> None:
        super().__init__(ctx)
        folder = ctx.data_dir / "logs" if ctx.data_dir is not None else None
        self.reader = stats.Reader(folder) if folder is not None else None
        self.ruleset = ruleset if ruleset in RULESETS else ctx.options.ruleset
        if self.ruleset not in RULESETS:
            self.ruleset = RULESETS[0]
        self.rows: list[stats.PlayerStats] = []
        self.selected = 0
        self.top = 0
        """The first row shown (the table scrolls with the selection)."""
        self.per_page = 1
        self.group = ButtonGroup()
        self.boxes = TextBoxes(ctx.fonts, floor=MIN_TEXT)
        self.chart: Chart | None = None
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        """(row index, rect) of each row drawn last, for clicks."""
        self.tile_rects: list[pygame.Rect] = []
        """Where the biggest win's tiles went on the last draw."""
        self.paced = Paced(self.reader, READ_BUDGET, self.refresh)
        self.layout()
        if self.reader is not None and self.reader.done:
            self.refresh()

    # ------------------------------------------------------------ reading and rows

    @property
    def reading(self) -> bool:
        return self.paced.reading

    def update(self, dt: float) -> bool:
        if not self.paced.update():
            return False
        self.dirty = True
        return True

    def finish_reading(self) -> None:
        """Read every log left now (tests, and a key press of the impatient)."""
        self.paced.finish()

    def refresh(self) -> None:
        found = self.reader.found.matches if self.reader is not None else []
        self.rows = stats.table(found, ruleset=self.ruleset)
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        self.top = 0
        self.dirty = True

    def cycle_ruleset(self) -> None:
        self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
        self.selected = 0
        if not self.reading:
            self.refresh()
        self.layout()
        self.dirty = True

    def select(self, index: int) -> None:
        if self.rows:
            self.selected = max(0, min(index, len(self.rows) - 1))
            if self.selected < self.top:
                self.top = self.selected
            elif self.selected >= self.top + self.per_page:
                self.top = self.selected - self.per_page + 1
            self.dirty = True

    # ------------------------------------------------------------ input

    def layout(self) -> None:
        w, h = self.ctx.size
        bh = max(36, h // 18)
        bw = max(200, w // 5)
        y = h - bh - h // 40
        self.group.set([
            Button(pygame.Rect(w // 2 - bw - 10, y, bw, bh),
                   t("stats.ruleset", name=t(f"ruleset.{self.ruleset}")), self.cycle_ruleset,
                   pygame.K_r, hint="R"),
            Button(pygame.Rect(w // 2 + 10, y, bw, bh), t("back"), self.back, hint="Esc"),
        ])

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def back(self) -> None:
        if len(self.ctx.stack) > 1:
            self.ctx.stack.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.per_page,
                     pygame.K_PAGEDOWN: self.per_page}
            if event.key in moves:
                self.select(self.selected + moves[event.key])
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.select(index)
                    return
        if event.type == pygame.MOUSEWHEEL:
            self.select(self.selected - event.y)
            return
        if self.group.handle(event):
            self.dirty = True

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.boxes.placed.clear()
        self.row_rects = []
        self.tile_rects = []
        self.chart = None
        put = self.boxes.put
        w, h = surface.get_size()
        line = max(MIN_TEXT + 2, h // 36)
        margin = max(12, w // 30)
        inner = pygame.Rect(margin, 0, w - 2 * margin, h)
        title = max(28, h // 16)
        put(surface, t("stats.title"), pygame.Rect(0, h // 40, w, title + 6), title, ACCENT,
            align="center", bold=True)
        y = h // 40 + title + 10
        put(surface, self.status(), pygame.Rect(inner.x, y, inner.w, line + 4), line, MUTED,
            align="center")
        y += line + 10
        bottom = self.group.buttons[0].rect.y - h // 60
        if self.reading or not self.rows:
            text = (t("stats.reading", n=self.reader.read, m=self.reader.found.files)
                    if self.reading and self.reader is not None else t("stats.none"))
            put(surface, text, pygame.Rect(inner.x, y + line * 3, inner.w, line * 2), line + 2,
                TEXT, align="center")
        else:
            y = self.draw_table(surface, pygame.Rect(inner.x, y, inner.w, (bottom - y) * 2 // 5),
                                line)
            self.draw_detail(surface, pygame.Rect(inner.x, y + line // 2, inner.w,
                                                  bottom - y - line // 2), line)
        self.group.draw(surface, self.ctx.fonts)
        self.dirty = False

    def status(self) -> str:
        if self.reader is None:
            return t("stats.none")
        found = self.reader.found
        text = t("stats.summary", files=found.files, matches=len(found.matches))
        counts = {k: v for k, v in found.skipped_counts().items() if v}
        if counts:
            text += "  ·  " + t("stats.skipped", why=t("stats.reason_sep").join(
                t(f"stats.reason.{k}", n=v) for k, v in counts.items()))
        return text

    def draw_table(self, surface: pygame.Surface, box: pygame.Rect, line: int) -> int:
        """The header and the rows that fit in `box`; returns the bottom of what was drawn."""
        put = self.boxes.put
        row_h = line + 8
        xs = [box.x]
        total = sum(WIDTHS)
        for share in WIDTHS:
            xs.append(xs[-1] + box.w * share // total)
        small = max(MIN_TEXT, line * 9 // 10)
        pygame.draw.rect(surface, PANEL, pygame.Rect(box.x - 6, box.y, box.w + 12, row_h),
                         border_radius=4)
        for i, key in enumerate(COLUMNS):
            cell = pygame.Rect(xs[i] + 4, box.y, xs[i + 1] - xs[i] - 8, row_h)
            put(surface, t(f"stats.col.{key}"), cell, small, ACCENT,
                align="left" if i == 0 else "right", bold=True)
        y = box.y + row_h
        self.per_page = max(1, (box.bottom - y) // row_h)
        # as many rows as fit, the selection among them (the size may have changed)
        self.top = max(0, min(self.top, len(self.rows) - self.per_page))
        self.select(self.selected)
        shown = self.rows[self.top:self.top + self.per_page]
        unit = t(f"stats.unit.{self.ruleset}")
        average = decimals_for(r.average_win() for r in self.rows)
        per_match = decimals_for(r.score_per_match() for r in self.rows)
        for offset, row in enumerate(shown):
            index = self.top + offset
            rect = pygame.Rect(box.x - 6, y, box.w + 12, row_h)
            if index == self.selected:
                pygame.draw.rect(surface, (40, 96, 78), rect, border_radius=4)
                pygame.draw.rect(surface, HIGHLIGHT, rect, 2, border_radius=4)
            self.row_rects.append((index, rect))
            best = row.biggest_win()
            cells = [row.name, str(row.matches), str(row.hands), percent(row.win_rate()),
                     percent(row.self_draw_rate()), percent(row.deal_in_rate()),
                     number(row.average_win(), average),
                     number(row.score_per_match(), per_match),
                     "–" if best is None else f"+{best.gain:,} {unit}"]
            for i, text in enumerate(cells):
                cell = pygame.Rect(xs[i] + 4, y, xs[i + 1] - xs[i] - 8, row_h)
                color = TEXT
                if i == 7 and row.score_per_match():
                    color = GAIN if (row.score_per_match() or 0) > 0 else LOSS
                put(surface, text, cell, line, color, align="left" if i == 0 else "right",
                    bold=i == 0)
            y += row_h
        if len(self.rows) > self.per_page:
            put(surface, f"{self.top + 1}–{self.top + len(shown)} / {len(self.rows)}  ·  "
                         f"{t('stats.keys')}",
                pygame.Rect(box.x, y, box.w, small + 4), small, MUTED, align="right")
            y += small + 4
        return y

    def draw_detail(self, surface: pygame.Surface, box: pygame.Rect, line: int) -> None:
        """The selected player's biggest win (its tiles) and score-per-match chart."""
        if not self.rows:
            return
        row = self.rows[self.selected]
        put = self.boxes.put
        small = max(MIN_TEXT, line * 9 // 10)
        best = row.biggest_win()
        y = box.y
        if best is None:
            put(surface, t("stats.no_win", name=row.name), pygame.Rect(box.x, y, box.w,
                                                                       line + 4), line, TEXT)
            y += line + 8
        else:
            seat = next(s for s in row.seats if s.log == best.log)
            date = time.strftime("%Y-%m-%d", time.localtime(seat.order[0]))
            put(surface, t("stats.biggest", name=row.name, gain=f"{best.gain:,}",
                           unit=t(f"stats.unit.{row.ruleset}"), value=best.value, date=date,
                           hand=best.hand_no),
                pygame.Rect(box.x, y, box.w, line + 4), line, ACCENT)
            y += line + 8
            y = self.draw_tiles(surface, best, box.x, y, box.w, max(line * 2, box.h // 6))
            y += line // 2
        put(surface, t("stats.trend", name=row.name), pygame.Rect(box.x, y, box.w, small + 4),
            small, MUTED)
        y += small + 6
        chart_box = pygame.Rect(box.x, y, box.w, box.bottom - y)
        if chart_box.h >= small * 5:
            self.chart = line_chart(surface, chart_box, [row.trend()], [TREND], self.boxes,
                                    small, first_x=1, line_width=max(3, box.h // 120),
                                    include_zero=True)

    def draw_tiles(self, surface: pygame.Surface, win: stats.Win, x: int, y: int, width: int,
                   height: int) -> int:
        """The winning hand: concealed tiles, the winning tile set apart and marked, melds,
        bonus tiles. Returns the row's bottom."""
        art = self.ctx.art
        wild = Tile.parse(win.wild) if win.wild else None
        concealed = list(parse_tiles(win.hand))
        melds = [Meld.parse(m) for m in win.melds]
        bonus = list(parse_tiles(win.bonus)) if win.bonus else []
        won = Tile.parse(win.win) if win.win else None
        count = len(concealed) + (1.5 if won is not None else 0) + sum(
            len(m.tiles) + 0.4 for m in melds) + len(bonus) * 0.8 + 1
        tw = max(12, min(round(height / 1.4), int((width - 8) / max(count, 1))))
        while full_height(tw) > height and tw > 12:
            tw -= 1
        for tile in concealed:
            surface.blit(art.face(tile, tw, wild=tile == wild), (x, y))
            self.tile_rects.append(pygame.Rect(x, y, tw, full_height(tw)))
            x += tw
        if won is not None:
            x += tw // 3
            spot = pygame.Rect(x, y, tw, full_height(tw))
            surface.blit(art.face(won, tw, wild=won == wild), spot)
            pygame.draw.rect(surface, HIGHLIGHT, spot.inflate(4, 4), 3, border_radius=4)
            self.tile_rects.append(spot)
            x += tw + tw // 6
        for meld in melds:
            x += tw * 2 // 5
            for tile in meld.tiles:
                surface.blit(art.face(tile, tw, wild=tile == wild), (x, y))
                self.tile_rects.append(pygame.Rect(x, y, tw, full_height(tw)))
                x += tw
        if bonus:
            x += tw // 2
            small = round(tw * 0.8)
            for tile in bonus:
                surface.blit(art.face(tile, small), (x, y + tw // 4))
                self.tile_rects.append(pygame.Rect(x, y + tw // 4, small, full_height(small)))
                x += small + 1
        return y + full_height(tw)
