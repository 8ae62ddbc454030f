"""The results of a hand (breakdown as the scorer gave it, who paid whom, running totals) and
the match-end standings with a chart of the scores over the hands."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import catalogue
from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.scene import Scene
from game.client.score_sheet import (
    SheetRow,
    line_name,
    line_tiles,
    sheet_rows,
    unit_text,
)
from game.client.table.layout import MIN_TEXT, full_height
from game.client.table.sheet_view import columns, draw_rows, row_metrics
from game.client.ui.charts import Chart, line_chart
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
from game.match import HandRecord
from game.rules.base import HandResult, Payment
from game.scoring import ScoreLine
from game.tiles import Tile
from game.view import SeatView

HAND_SCALE = (0.05, 0.05, 0.04, 0.032)
"""A revealed hand's tile height as a share of the window's, by the number of winners shown."""
GAIN = (140, 230, 140)
LOSS = (240, 130, 120)
PLAYER_COLORS = ((240, 190, 60), (120, 190, 250), (240, 120, 150), (150, 230, 150))


def line_label(line: ScoreLine) -> str:
    """A scorer line's name in the chosen language, without notation."""
    return line_name(line)


def line_value(line: ScoreLine) -> str:
    return unit_text(line)


def score_rows(lines: Sequence[ScoreLine]) -> list[tuple[str, str]]:
    """Each scorer line as (label, value with unit), in the scorer's order, none added."""
    return [(line_label(line), line_value(line)) for line in lines]


def payment_matrix(payments: Sequence[Payment]) -> list[list[int]]:
    """m[payer][payee]: the total paid over the hand, seats 0-3."""
    m = [[0] * 4 for _ in range(4)]
    for pay in payments:
        if 0 <= pay.payer < 4 and 0 <= pay.payee < 4:
            m[pay.payer][pay.payee] += pay.amount
    return m


class ResultsPanel:
    """Draws one hand's result over the table; `boxes` records where each text went.

    The score sheet never shrinks below MIN_TEXT: rows that do not fit go on further pages,
    which `page` picks (the table turns them with PgDn / PgUp)."""

    def __init__(self, ctx: Context, view: SeatView, buttons: ButtonGroup,
                 draw_meld: Callable[[pygame.Surface, object, int, int, int, int], int],
                 page: int = 0, scores: Sequence[Sequence[int]] = ()) -> None:
        self.ctx = ctx
        self.scores = [list(s) for s in scores]
        """Per player: the score before the first hand, then after each hand (the chart of
        the scores over the hands; none drawn when empty)."""
        self.chart: Chart | None = None
        """The chart as drawn on the last draw."""
        self.view = view
        self.buttons = buttons
        self.draw_meld = draw_meld
        self.page = page
        self.pages = 1
        """How many pages the score sheet took on the last draw."""
        self.boxes = TextBoxes(ctx.fonts, floor=MIN_TEXT)
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where the panel went on the last draw."""
        self.win_tile_rect: pygame.Rect | None = None
        """Where the winning tile was drawn, set apart and marked, on the last draw."""

    def draw(self, surface: pygame.Surface) -> None:
        view, result = self.view, self.view.result
        self.boxes.placed.clear()
        w, h = surface.get_size()
        panel = pygame.Rect(round(w * 0.04), round(h * 0.03), round(w * 0.92), round(h * 0.8))
        self.rect = panel
        shade = pygame.Surface(panel.size, pygame.SRCALPHA)
        shade.fill((*PANEL, 255))  # opaque: the table under it only blurred the text
        surface.blit(shade, panel)
        pygame.draw.rect(surface, ACCENT, panel, 2, border_radius=8)
        pad = max(8, h // 60)
        inner = panel.inflate(-2 * pad, -2 * pad)
        line = max(MIN_TEXT + 2, h // 34)
        put = self.boxes.put
        put(surface, self.title(result), pygame.Rect(inner.x, inner.y, inner.w, line * 2),
            line * 2, ACCENT, bold=True)
        y = inner.y + line * 2 + pad // 2
        self.win_tile_rect = None
        if result is not None and view.revealed:
            winners = result.winners
            scale = HAND_SCALE[min(len(winners), len(HAND_SCALE) - 1)]
            for seat in winners:
                y = self.draw_hand(surface, seat, inner.x, y, inner.w, scale,
                                   win=result.tile) + pad // 2
        split = inner.x + inner.w * 11 // 20
        left = pygame.Rect(inner.x, y, split - pad - inner.x, inner.bottom - y)
        right = pygame.Rect(split + pad, y, inner.right - split - pad, inner.bottom - y)
        if result is not None and result.winner is None:
            self.draw_drawn_hand(surface, result, left, line, pad)
            self.draw_payments(surface, result, right, line)
        elif result is not None:
            self.draw_lines(surface, result, left, line)
            self.draw_payments(surface, result, right, line)
        self.buttons.draw(surface, self.ctx.fonts)

    def title(self, result: HandResult | None) -> str:
        names = self.view.names
        if result is None or result.winner is None:
            return t("result.exhausted")
        winners = " · ".join(names[seat] for seat in result.winners)
        # several winners on one discard (N2, option "all") read as a plural
        text = (t("result.win_many", names=winners) if len(result.winners) > 1
                else t("result.win", name=winners))
        if result.how in ("self_draw", "robbing", "kuaizhao"):
            return t("result.headline", win=text, how=t(f"result.by.{result.how}"))
        if result.discarder is not None:
            return t("result.headline", win=text,
                     how=t("result.from", name=names[result.discarder]))
        return text

    def draw_hand(self, surface: pygame.Surface, seat: int, x: int, y: int, width: int,
                  scale: float = HAND_SCALE[1], win: Tile | None = None) -> int:
        """`seat`'s revealed hand, melds and bonus tiles in a row; `win`, the winning tile,
        set apart after the hand and marked. Returns the row's bottom."""
        view, art = self.view, self.ctx.art
        tiles = list(view.revealed[seat])
        if win is not None and win in tiles:
            tiles.remove(win)  # the winning tile joined the hand: show it apart instead
        count = len(tiles) + sum(len(m.tiles) + 1 for m in view.melds[seat]) + len(
            view.bonus[seat]) + 1 + (2 if win is not None else 0)
        tw = max(12, min(round(self.ctx.size[1] * scale), (width - 20) // max(count, 1)))
        for tile in tiles:
            surface.blit(art.face(tile, tw, wild=tile == view.wild), (x, y))
            x += tw
        if win is not None:
            x += tw // 3
            spot = pygame.Rect(x, y, tw, full_height(tw))
            surface.blit(art.face(win, tw, wild=win == view.wild), spot)
            pygame.draw.rect(surface, HIGHLIGHT, spot.inflate(4, 4), 3, border_radius=4)
            if self.win_tile_rect is None:
                self.win_tile_rect = spot
            x += tw
        x += tw // 2
        for meld in view.melds[seat]:
            x = self.draw_meld(surface, meld, seat, x, y, tw) + tw // 3
        for tile in view.bonus[seat]:
            surface.blit(art.face(tile, round(tw * 0.8)), (x, y + tw // 4))
            x += round(tw * 0.8) + 1
        return y + full_height(tw)

    def draw_drawn_hand(self, surface: pygame.Surface, result: HandResult, box: pygame.Rect,
                        line: int, pad: int) -> None:
        """A drawn hand (M10, N3): no win is paid (Nanjing kong money and penalties paid during
        the hand stand, in the payment table); every hand shown, and who deals next (M3, N5)."""
        put = self.boxes.put
        dealer = t("result.dealer_stays" if result.dealer_keeps else "result.dealer_passes")
        put(surface, f"{t('result.drawn_note')} {dealer}", pygame.Rect(box.x, box.y, box.w, line),
            line, TEXT)
        y = box.y + line + pad
        if not self.view.revealed:
            return
        for seat in range(4):
            label = f"{t(f'wind.{seat}')} {self.view.names[seat]}"
            put(surface, label, pygame.Rect(box.x, y, box.w, line), line, ACCENT)
            y = self.draw_hand(surface, seat, box.x, y + line, box.w, HAND_SCALE[-1]) + pad // 2

    def sheet(self, result: HandResult) -> list[SheetRow]:
        """Every row of the score sheet: each winner's groups (headed by its seat and name
        when several won on one discard, ruling N2), then (Mazhan, M20) each non-winner's."""
        rows: list[SheetRow] = []
        several = len(result.wins) > 1
        names = self.view.names
        for seat, score in result.wins:
            if several:
                rows.append(SheetRow("seat", f"{t(f'wind.{seat}')} {names[seat]}",
                                     t("result.win", name="").strip()))
            rows += sheet_rows(self.view.ruleset, score.items, score.total,
                               self.view.bonus[seat])
        settlement = result.settlement
        for seat, lines in enumerate(settlement.loser_lines):
            if seat in result.winners or not lines:
                continue
            rows.append(SheetRow("seat", f"{t(f'wind.{seat}')} {names[seat]}",
                                 f"{t('result.value')} {settlement.values[seat]}"))
            rows += [SheetRow("line", line_label(ln), line_value(ln), line_tiles(ln))
                     for ln in lines if ln.unit not in ("total", "x")]
        return rows

    def draw_lines(self, surface: pygame.Surface, result: HandResult, box: pygame.Rect,
                   line: int) -> None:
        """The score sheet: name, the tiles the line counts, its value right beside them; a
        page at a time when it is longer than the box."""
        rows = self.sheet(result)
        if not rows:
            return
        size = line
        tw, row_h = row_metrics(size)
        per_page = box.h // row_h
        if len(rows) > per_page:
            per_page = max(1, per_page - 1)  # a row kept for the page line
        chunks: list[list[SheetRow]] = [[]]
        for row in rows:
            if len(chunks[-1]) >= per_page:
                # a heading never ends a page: it moves over with the lines it heads
                carry: list[SheetRow] = []
                while chunks[-1] and chunks[-1][-1].kind in ("head", "seat") and len(
                        chunks[-1]) > 1:
                    carry.insert(0, chunks[-1].pop())
                chunks.append(carry)
            chunks[-1].append(row)
        self.pages = len(chunks)
        self.page %= self.pages
        cols = columns(self.ctx.fonts, rows, box.w, size, tw)  # every page's, so they line up
        draw_rows(surface, self.boxes, self.ctx.art, chunks[self.page], box, size, cols,
                  self.view.wild)
        if self.pages > 1:
            self.boxes.put(surface, t("sheet.page", n=self.page + 1, m=self.pages),
                pygame.Rect(box.x, box.bottom - row_h, box.w, row_h), size, MUTED)

    def draw_payments(self, surface: pygame.Surface, result: HandResult, box: pygame.Rect,
                      line: int) -> None:
        """Who paid whom (rows pay columns), each seat's change and new total."""
        put, names, view = self.boxes.put, self.view.names, self.view
        matrix = payment_matrix(result.payments)
        step = max(MIN_TEXT + 4, min(line, box.h // 9))
        put(surface, t("result.payments"), pygame.Rect(box.x, box.y, box.w, step), step,
            ACCENT, bold=True)
        y = box.y + step
        name_w = box.w * 2 // 7
        col = (box.w - name_w) // 4
        put(surface, t("result.payer_payee"), pygame.Rect(box.x, y, name_w, step),
            step * 4 // 5, MUTED)
        for payee in range(4):
            cell = pygame.Rect(box.x + name_w + payee * col, y, col - 4, step)
            put(surface, f"{t(f'wind.{payee}')} {names[payee]}", cell, step * 4 // 5, MUTED,
                align="right")
        y += step
        for payer in range(4):
            put(surface, f"{t(f'wind.{payer}')} {names[payer]}",
                pygame.Rect(box.x, y, name_w, step), step, TEXT)
            for payee in range(4):
                amount = matrix[payer][payee]
                cell = pygame.Rect(box.x + name_w + payee * col, y, col - 4, step)
                put(surface, str(amount) if amount else "·", cell, step,
                    LOSS if amount else MUTED, align="right")
            y += step
        y += step // 2
        for key, values in (("result.change", result.deltas), ("result.running", view.scores)):
            put(surface, t(key), pygame.Rect(box.x, y, name_w, step), step, ACCENT)
            for seat in range(4):
                value = values[seat]
                text = f"{value:+d}" if key == "result.change" else str(value)
                color = (GAIN if value > 0 else LOSS if value < 0 else TEXT) if (
                    key == "result.change") else HIGHLIGHT
                cell = pygame.Rect(box.x + name_w + seat * col, y, col - 4, step)
                put(surface, text, cell, step, color, align="right")
            y += step
        y += step // 2
        small = max(MIN_TEXT, step * 4 // 5)
        bottom = box.bottom
        self.chart = None
        if self.scores:  # the scores over the hands take the room the payment lines leave
            lines_h = len(result.payments) * (small + 4)
            chart_h = min(box.h // 2, max(small * 8, bottom - y - lines_h - small))
            if chart_h >= small * 6 and bottom - chart_h > y:
                bottom -= chart_h
                self.draw_chart(surface, pygame.Rect(box.x, bottom + small // 2, box.w,
                                                     chart_h - small // 2), small)
        for pay in result.payments:
            if y + small + 4 > bottom:
                break
            reason = catalogue.payment_words(pay, i18n.language())
            text = f"{names[pay.payer]} → {names[pay.payee]}  {pay.amount}  {reason}"
            put(surface, text, pygame.Rect(box.x, y, box.w, small + 4), small, MUTED)
            y += small + 4

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect, small: int) -> None:
        """Each seat's score over the hands, the seats' names in their lines' colours above."""
        players = self.view.players
        put = self.boxes.put
        x = box.x
        title = t("chart.scores")
        rect = put(surface, title, pygame.Rect(x, box.y, box.w // 2, small + 4), small, ACCENT)
        x = rect.right + small
        for seat in range(4):
            name = f"{t(f'wind.{seat}')} {self.view.names[seat]}"
            width = min(self.ctx.fonts.size(name, small)[0] + 2, max(small, box.right - x))
            if x + small > box.right:
                break
            rect = put(surface, name, pygame.Rect(x, box.y, width, small + 4), small,
                       PLAYER_COLORS[players[seat] % 4])
            x = rect.right + small
        series = [self.scores[players[seat]] for seat in range(4)]
        colors = [PLAYER_COLORS[players[seat] % 4] for seat in range(4)]
        self.chart = line_chart(surface, pygame.Rect(box.x, box.y + small + 6, box.w,
                                                     box.h - small - 6), series, colors,
                                self.boxes, small, line_width=max(2, self.ctx.size[1] // 360))


class StandingsScene(Scene):
    """The match's end: final order and each player's score over the hands."""

    def __init__(self, ctx: Context, history: Sequence[HandRecord], names: Sequence[str],
                 start: Sequence[int], on_done: Callable[[], None],
                 on_review: Callable[[], None] | None = None, note: str = "") -> None:
        super().__init__(ctx)
        self.note = note
        """Under the title: how the match ended when its rules did not end it (a vote)."""
        self.history = list(history)
        self.names = list(names)
        self.start = list(start)
        self.on_done = on_done
        self.on_review = on_review
        """Opens the Review screen of the local player's decisions (None: no log to review)."""
        self.group = ButtonGroup()
        self.boxes = TextBoxes(ctx.fonts, floor=MIN_TEXT)
        self.chart: Chart | None = None
        """Where the last draw put the score chart (tests)."""
        self.layout()

    def layout(self) -> None:
        w, h = self.ctx.size
        bw, bh = max(180, w // 6), max(36, h // 18)
        y = h - bh - h // 30
        menu = Button(pygame.Rect((w - bw) // 2, y, bw, bh), t("result.menu"), self.on_done,
                      pygame.K_RETURN, hint="Enter")
        if self.on_review is None:
            self.group.set([menu])
            return
        gap = max(8, w // 80)
        menu.rect.x = w // 2 + gap // 2
        review = Button(pygame.Rect(w // 2 - gap // 2 - bw, y, bw, bh), t("review.open"),
                        self.on_review, pygame.K_r, hint="R")
        self.group.set([review, menu])

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if self.group.handle(event):
            self.dirty = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_done()

    def series(self) -> list[list[int]]:
        """Per player: the score before the first hand, then after each hand."""
        return [[self.start[p]] + [rec.scores[p] for rec in self.history] for p in range(4)]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.boxes.placed.clear()
        put = self.boxes.put
        w, h = surface.get_size()
        line = max(14, h // 30)
        put(surface, t("standings.title"), pygame.Rect(0, h // 30, w, line * 2), line * 2,
            ACCENT, align="center", bold=True)
        if self.note:
            put(surface, self.note, pygame.Rect(0, h // 30 + line * 2, w, line), line, MUTED,
                align="center")
        series = self.series()
        finals = [s[-1] for s in series]
        order = sorted(range(4), key=lambda p: -finals[p])
        table = pygame.Rect(w // 16, h // 30 + line * 3, w * 5 // 16, line * 5)
        for rank, player in enumerate(order):
            y = table.y + rank * line * 5 // 4
            put(surface, f"{rank + 1}.", pygame.Rect(table.x, y, line * 2, line), line, MUTED)
            put(surface, self.names[player], pygame.Rect(table.x + line * 2, y,
                                                        table.w - line * 7, line), line,
                PLAYER_COLORS[player], bold=True)
            put(surface, str(finals[player]), pygame.Rect(table.right - line * 5, y, line * 5,
                                                          line), line, HIGHLIGHT, align="right")
        chart = pygame.Rect(table.right + w // 16, table.y, w - table.right - w // 8,
                            h - table.y - h // 5)
        self.draw_chart(surface, chart, series, line)
        self.group.draw(surface, self.ctx.fonts)
        self.dirty = False

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect, series: list[list[int]],
                   line: int) -> None:
        """Each player's score from the start (0) through every hand, in the player's colour."""
        small = max(14, line * 3 // 4)  # issue 11: no text under 14 px
        # what the lines are (the names beside are in their colours); hand 0: the start
        self.boxes.put(surface, t("chart.scores"), pygame.Rect(box.x, box.y, box.w, small + 4),
                       small, MUTED)
        self.chart = line_chart(surface, pygame.Rect(box.x, box.y + small + 6, box.w,
                                                     box.h - small - 6), series, PLAYER_COLORS,
                                self.boxes, small, line_width=max(3, self.ctx.size[1] // 270))
