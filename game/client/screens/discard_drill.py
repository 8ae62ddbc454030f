"""The "what would you discard" drill (練習：你會打哪張, issue 27 part 4): positions from the
player's own reviewed mistakes (`game.discard_drill`: the newest kept logs reviewed against the
expert, the biggest losses first). The hand as the table shows it (wilds first, the drawn tile
apart), every seat's melds and discards in a compact panel; a click on a tile (or ←/→ and
Enter) answers; then right or wrong, the expert's discard and every discard's value as bars
(the Review screen's, `ui.value_bars`), and the running record kept in the data home.

Opened by name ("discard drill") from the Drills screen; the logs are reviewed a few at a
time in `update`, so the screen opens at once and shows how far the reading has gone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game import discard_drill
from game.client import i18n
from game.client.context import Context
from game.client.i18n import t
from game.client.options import RULESETS
from game.client.scene import Scene
from game.client.table.hand_order import sorted_row
from game.client.table.layout import MIN_TEXT, full_height
from game.client.tile_names import tile_name
from game.client.ui.paced import Paced
from game.client.ui.text_wrap import wrap_text
from game.client.ui.value_bars import BEST, CHOSEN, BarRow, amount, draw_bars, least_row, tall
from game.client.ui.widgets import (
    ACCENT,
    FELT_DARK,
    MUTED,
    PANEL,
    RIGHT,
    TEXT,
    WRONG,
    ButtonGroup,
    ButtonSpec,
    TextBoxes,
    button_row,
    felt_background,
)
from game.discard_drill import DiscardDrill
from game.drills import DrillRecord
from game.melds import MeldKind
from game.tiles import Tile

READ_BUDGET = 0.05
"""Seconds of reviewing per frame while the logs are read (at least one log a frame)."""
MAX_BARS = 10


def fitting(height: int) -> int:
    """The widest tile whose face, edge included, fits in `height` px."""
    tw = max(10, height)
    while tw > 10 and full_height(tw) > height:
        tw -= 1
    return tw


def log_humans(head: Mapping[str, Any]) -> tuple[int, ...]:
    """The local humans of a log: the ones its header names, else (a log from before the
    header named them) the players with the window's neutral name for a person ("Player 2",
    in any language), never a bot or a LAN table's remote players."""
    named = discard_drill.header_humans(head)
    if named or "humans" in head:
        return named
    names = head.get("names")
    if not isinstance(names, list):
        return ()
    found = []
    for p, name in enumerate(names[:4]):
        people = {(i18n.text_in("name.player_n", lang) or "").format(n=p + 1)
                  for lang in i18n.LANGUAGES}
        if name in people:
            found.append(p)
    return tuple(found)


class DiscardDrillScene(Scene):
    """One position at a time: pick the discard; N (or Enter once answered) for the next."""

    def __init__(self, ctx: Context, ruleset: str | None = None) -> None:
        super().__init__(ctx)
        # one ruleset at a time (R for the other): its values are in its own unit
        self.ruleset = ruleset if ruleset in RULESETS else ctx.options.ruleset
        if self.ruleset not in RULESETS:
            self.ruleset = RULESETS[0]
        folder = ctx.data_dir / "logs" if ctx.data_dir is not None else None
        self.reader = (discard_drill.Reader(folder, log_humans) if folder is not None
                       else None)
        self.drills: list[DiscardDrill] = []
        self.index = 0
        self.selected = -1
        """The tile picked with ←/→ (an index into the hand row), -1: none yet."""
        self.answer: tuple[Tile, bool] | None = None
        """(the tile answered, right or not) once answered."""
        self.record: DrillRecord = (discard_drill.load_record(ctx.data_dir)
                                    if ctx.data_dir is not None else DrillRecord())
        self.group = ButtonGroup()
        self.boxes = TextBoxes(ctx.fonts, floor=MIN_TEXT)
        self.hand_rects: list[tuple[Tile, pygame.Rect]] = []
        """Each tile of the hand row on the last draw (the drawn tile last), for clicks."""
        self.bar_rects: list[tuple[Tile, pygame.Rect]] = []
        """Each discard's bar on the last draw, once answered."""
        self.chosen_rect: pygame.Rect | None = None
        self.paced = Paced(self.reader, READ_BUDGET, self.refresh)
        if self.reader is not None and self.reader.done:
            self.refresh()
        self.layout()

    # ------------------------------------------------------------ reading

    @property
    def reading(self) -> bool:
        return self.paced.reading

    def update(self, dt: float) -> bool:
        if not self.paced.update():
            return False
        self.dirty = True
        return True

    def finish_reading(self) -> None:
        """Review every log left now (tests, screenshots)."""
        self.paced.finish()

    def refresh(self) -> None:
        self.drills = (self.reader.drills(ruleset=self.ruleset) if self.reader is not None
                       else [])
        self.index = 0
        self._fresh()

    # ------------------------------------------------------------ the drill

    @property
    def drill(self) -> DiscardDrill | None:
        return self.drills[self.index] if self.drills and not self.reading else None

    def row(self) -> list[Tile]:
        """The hand row as drawn: the sorted tiles (wilds first), the drawn one last."""
        d = self.drill
        if d is None:
            return []
        v = d.view
        tiles = sorted_row(v.concealed, v.drawn, v.wild)
        return tiles + ([v.drawn] if v.drawn is not None else [])

    def _fresh(self) -> None:
        self.answer = None
        self.selected = -1
        self.bar_rects = []
        self.chosen_rect = None
        self.layout()
        self.dirty = True

    def next(self) -> None:
        """The next position (round to the first after the last)."""
        if self.drills:
            self.index = (self.index + 1) % len(self.drills)
        self._fresh()

    def pick(self, tile: Tile) -> None:
        """Answer with `tile`: checked against the expert's best, booked in the record."""
        d = self.drill
        if d is None or self.answer is not None or tile not in self.row():
            return
        right, self.record = discard_drill.answer(d, tile, self.ctx.data_dir)
        self.answer = (tile, right)
        self.layout()
        self.dirty = True

    def cycle_ruleset(self) -> None:
        self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
        if not self.reading:
            self.refresh()

    def to_score_drill(self) -> None:
        """The other kind of drill: back to the Drills screen when it opened this one."""
        stack = self.ctx.stack
        if len(stack) > 1 and stack.find("drills") is stack.scenes[-2]:
            stack.pop()
        else:
            stack.open("drills", replace=True)

    def back(self) -> None:
        if len(self.ctx.stack) > 1:
            self.ctx.stack.pop()

    # ------------------------------------------------------------ layout and input

    def layout(self) -> None:
        w, h = self.ctx.size
        bh = max(36, h // 16)
        bw = max(170, w // 7)
        gap = 16
        y = h - bh - h // 40
        answered = self.answer is not None
        specs: list[ButtonSpec] = [
            (t("discard.next"), self.next, pygame.K_n, "N", len(self.drills) > 1 or answered),
            (t("stats.ruleset", name=t(f"ruleset.{self.ruleset}")), self.cycle_ruleset,
             pygame.K_r, "R", True),
            (t("drill.kind.score"), self.to_score_drill, pygame.K_k, "K", True),
            (t("back"), self.back, None, "Esc", True),
        ]
        x = w // 2 - (len(specs) * (bw + gap) - gap) // 2
        self.group.set(button_row(specs, x, y, bw, bh, gap))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            row = self.row()
            if self.answer is None and row:
                if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                    # as at the table: from the drawn tile (the last) when none is picked
                    step = -1 if event.key == pygame.K_LEFT else 1
                    start = self.selected if self.selected >= 0 else len(row) - 1
                    self.selected = (start + step) % len(row)
                    self.dirty = True
                    return
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                 pygame.K_d):
                    self.pick(row[self.selected if self.selected >= 0 else len(row) - 1])
                    return
            elif self.answer is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.next()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.answer is None:
            for tile, rect in self.hand_rects:
                if rect.collidepoint(event.pos):
                    self.pick(tile)
                    return
        if event.type == pygame.MOUSEMOTION and self.answer is None:
            over = next((i for i, (_, r) in enumerate(self.hand_rects)
                         if r.collidepoint(event.pos)), -1)
            if over >= 0 and over != self.selected:
                self.selected = over
                self.dirty = True
        if self.group.handle(event):
            self.dirty = True

    # ------------------------------------------------------------ drawing

    def unit(self) -> str:
        d = self.drill
        return t(f"review.unit.{d.unit if d is not None else 'points'}")

    def record_text(self) -> str:
        r = self.record
        return t("drill.record", right=r.right, tried=r.tried, streak=r.streak, best=r.best)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.boxes.placed.clear()
        self.hand_rects = []
        put = self.boxes.put
        w, h = surface.get_size()
        line = max(MIN_TEXT + 2, h // 36)
        margin = max(12, w // 40)
        title = max(26, h // 18)
        put(surface, t("discard.title"), pygame.Rect(0, h // 60, w, tall(title)), title,
            ACCENT, align="center", bold=True)
        y = h // 60 + tall(title)
        d = self.drill
        sub = [t(f"ruleset.{self.ruleset}"), self.record_text()]
        if d is not None:
            sub.insert(1, t("discard.count", i=self.index + 1, n=len(self.drills)))
        put(surface, " · ".join(sub), pygame.Rect(margin, y, w - 2 * margin, tall(line)), line,
            MUTED, align="center")
        y += tall(line) + h // 80
        bottom = self.group.buttons[0].rect.y - h // 60
        if d is None:
            self.draw_message(surface, pygame.Rect(w // 8, y + h // 10, w * 3 // 4,
                                                   bottom - y - h // 10), line)
        else:
            self.draw_drill(surface, d, pygame.Rect(margin, y, w - 2 * margin, bottom - y),
                            line)
        self.group.draw(surface, self.ctx.fonts)
        self.dirty = False

    def message(self) -> str:
        if self.reading:
            assert self.reader is not None
            return t("discard.reading", read=self.reader.read, files=self.reader.files)
        if self.reader is not None and self.reader.reviewed.get(self.ruleset):
            # this ruleset played, and played well
            return t("discard.no_mistakes")
        return t("discard.none")

    def draw_message(self, surface: pygame.Surface, box: pygame.Rect, line: int) -> None:
        size = line + 2
        lines = wrap_text(self.message(), box.w,
                          lambda s: self.ctx.fonts.size(s, size)[0])
        y = box.y
        for text in lines:
            self.boxes.put(surface, text, pygame.Rect(box.x, y, box.w, tall(size)), size,
                           TEXT, align="center")
            y += tall(size)

    def draw_drill(self, surface: pygame.Surface, d: DiscardDrill, box: pygame.Rect,
                   line: int) -> None:
        put = self.boxes.put
        v = d.view
        # the facts of the position, and the wild as a tile
        facts = [t("discard.where", hand=d.hand, wind=t(f"wind.name.{v.seat}"),
                   left=v.wall_left)]
        if v.wild is not None:
            facts.append(t("review.wild", tile=tile_name(v.wild)))
        facts.append(t("discard.then", tile=tile_name(d.played)))
        put(surface, " · ".join(facts), pygame.Rect(box.x, box.y, box.w, tall(line)), line,
            TEXT, align="center")
        top = box.y + tall(line) + line // 2
        hand_tw = max(24, min(round(self.ctx.size[1] * 0.07),
                              box.w // (len(self.row()) + 3 + 3 * len(v.melds[v.seat]))))
        hand_y = box.bottom - full_height(hand_tw) - 6
        pad = max(8, line // 2)
        mid = pygame.Rect(box.x, top, box.w, hand_y - top - line // 2)
        left = pygame.Rect(mid.x, mid.y, mid.w * 11 // 20, mid.h)
        right = pygame.Rect(left.right + pad, mid.y, mid.right - left.right - pad, mid.h)
        for panel in (left, right):
            pygame.draw.rect(surface, PANEL, panel, border_radius=8)
            pygame.draw.rect(surface, FELT_DARK, panel, 2, border_radius=8)
        self.draw_table(surface, d, left.inflate(-pad * 2, -pad * 2), line, hand_tw * 3 // 4)
        inner = right.inflate(-pad * 2, -pad * 2)
        if self.answer is None:
            size = line + 2
            put(surface, t("discard.question"), pygame.Rect(inner.x, inner.y, inner.w,
                                                            tall(size)),
                self.bold_fit(t("discard.question"), size, inner.w), ACCENT, bold=True)
            put(surface, t("discard.how"), pygame.Rect(inner.x, inner.y + tall(size), inner.w,
                                                       tall(line)), line, MUTED)
        else:
            self.draw_answer(surface, d, inner, line)
        self.draw_hand(surface, d, pygame.Rect(box.x, hand_y, box.w, full_height(hand_tw)),
                       hand_tw)

    def draw_table(self, surface: pygame.Surface, d: DiscardDrill, box: pygame.Rect,
                   line: int, most_tw: int) -> None:
        """Each seat's melds, bonus tiles and discards so far, a row a seat from the player's
        own; the tiles at most `most_tw` wide (smaller than the hand's)."""
        put = self.boxes.put
        v = d.view
        art = self.ctx.art
        small = max(MIN_TEXT, line * 4 // 5)
        label_w = max(self.ctx.fonts.size(self._seat_label(d, s), small, bold=True)[0]
                      for s in range(4)) + small
        room = box.w - label_w
        rows = []
        for s in range(4):
            seat = (v.seat + s) % 4
            rows.append((seat, list(v.melds[seat]), list(v.bonus[seat]),
                         [k for k, _ in v.rivers[seat]], [c for _, c in v.rivers[seat]]))
        most = max(sum(len(m.tiles) for m in melds) + len(melds) // 2 + len(bonus) + len(river)
                   for _, melds, bonus, river, _ in rows)
        # the tiles as big as the panel allows: a seat's row on one line, or on two when
        # that gives bigger tiles (a long river)
        per_seat = box.h // 4
        one = min(fitting(per_seat), room // max(1, most))
        two = min(fitting((per_seat - 2) // 2), room // max(1, (most + 1) // 2))
        tw, lines = (one, 1) if one >= two else (two, 2)
        tw = max(10, min(tw, most_tw))
        per_line = max(1, room // tw)
        for n, (seat, melds, bonus, river, claimed) in enumerate(rows):
            y0 = box.y + n * per_seat
            put(surface, self._seat_label(d, seat), pygame.Rect(box.x, y0, label_w - small // 2,
                                                                tall(small)),
                small, ACCENT if seat == v.seat else MUTED, bold=seat == v.seat)
            faces: list[tuple[pygame.Surface, bool]] = []
            for meld in melds:
                for i, kind in enumerate(meld.tiles):
                    hidden = meld.kind is MeldKind.CONCEALED_KONG and i in (0, 3)
                    faces.append((art.back(tw) if hidden else art.face(kind, tw), False))
                faces.append((pygame.Surface((0, 0)), False))  # a gap after a meld
            if bonus:  # the flowers set aside
                faces += [(art.face(kind, tw), False) for kind in bonus]
                faces.append((pygame.Surface((0, 0)), False))
            for kind, gone in zip(river, claimed, strict=True):
                faces.append((art.face(kind, tw, wild=kind == v.wild), gone))
            x, y, at = box.x + label_w, y0, 0
            for face, gone in faces:
                if face.get_width() == 0:
                    x += tw // 3
                    continue
                if at >= per_line * lines:
                    break
                if x + tw > box.right and lines > 1 and y == y0:
                    x, y = box.x + label_w, y0 + full_height(tw) + 2
                surface.blit(face, (x, y))
                if gone:  # claimed by another seat: dimmed, as the table shows it
                    shade = pygame.Surface(face.get_size(), pygame.SRCALPHA)
                    shade.fill((0, 0, 0, 110))
                    surface.blit(shade, (x, y))
                x += tw
                at += 1

    def bold_fit(self, text: str, size: int, width: int) -> int:
        """`Fonts.fit` in bold, down to MIN_TEXT (TextBoxes measures the regular face)."""
        return self.ctx.fonts.fit(text, size, width, bold=True, least=MIN_TEXT)

    def _seat_label(self, d: DiscardDrill, seat: int) -> str:
        wind = t(f"wind.name.{seat}")
        return t("discard.you", wind=wind) if seat == d.view.seat else wind

    def draw_hand(self, surface: pygame.Surface, d: DiscardDrill, box: pygame.Rect,
                  tw: int) -> None:
        """The hand centred in `box` as the table sorts it, the drawn tile apart at the right,
        the seat's own melds after it; the tile picked raised, the right ones ringed once
        answered."""
        v = d.view
        art = self.ctx.art
        row = self.row()
        melds = v.melds[v.seat]
        apart = v.drawn is not None
        width = tw * len(row) + (tw // 2 if apart else 0) + sum(
            tw * len(m.tiles) + tw // 3 for m in melds) + (tw // 2 if melds else 0)
        x = box.centerx - width // 2
        lift = max(4, tw // 6)
        for i, kind in enumerate(row):
            if apart and i == len(row) - 1:
                x += tw // 2
            raised = self.answer is None and i == self.selected
            rect = pygame.Rect(x, box.y - (lift if raised else 0), tw, full_height(tw))
            surface.blit(art.face(kind, tw, wild=kind == v.wild), rect.topleft)
            self.hand_rects.append((kind, rect))
            if self.answer is not None:
                if d.is_right(kind):
                    pygame.draw.rect(surface, BEST, rect.inflate(2, 2), 3, border_radius=4)
                if kind == self.answer[0]:
                    pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), 2, border_radius=5)
            elif raised:
                pygame.draw.rect(surface, CHOSEN, rect.inflate(2, 2), 2, border_radius=4)
            x += tw
        if melds:
            x += tw // 2
        for meld in melds:
            for i, kind in enumerate(meld.tiles):
                hidden = meld.kind is MeldKind.CONCEALED_KONG and i in (0, 3)
                surface.blit(art.back(tw) if hidden else art.face(kind, tw), (x, box.y))
                x += tw
            x += tw // 3

    def draw_answer(self, surface: pygame.Surface, d: DiscardDrill, box: pygame.Rect,
                    line: int) -> None:
        """The verdict, then every discard's value as a bar (the right ones in the best's
        colour, the answer ringed), and the legend."""
        assert self.answer is not None
        put = self.boxes.put
        tile, right = self.answer
        if right:
            verdict = [t("discard.right", tile=tile_name(tile))]
        else:
            verdict = [t("discard.wrong", tile=tile_name(tile),
                         loss=amount(d.best_value - d.value_of(tile)), unit=self.unit()),
                       t("discard.expert", best=tile_name(d.values[0][0]))]
        size = line + 2
        y = box.y
        for text in verdict:
            put(surface, text, pygame.Rect(box.x, y, box.w, tall(size)),
                self.bold_fit(text, size, box.w), RIGHT if right else WRONG, bold=True)
            y += tall(size)
        y += line // 3
        small = max(MIN_TEXT, line * 4 // 5)
        legend = [t("discard.legend", unit=self.unit()), t("discard.legend_marks")]
        room = box.bottom - y - len(legend) * tall(small) - small // 2
        bar_line = line
        while bar_line > MIN_TEXT and room // least_row(bar_line) < min(len(d.values),
                                                                         MAX_BARS):
            bar_line -= 1
        most = max(1, min(MAX_BARS, room // least_row(bar_line)))
        shown = list(d.values[:most])
        for extra in (tile, d.played):  # the answer and the discard played then always show
            if all(k != extra for k, _ in shown):
                shown[-1 if extra == tile or len(shown) < 2 else -2] = (extra,
                                                                         d.value_of(extra))
        shown.sort(key=lambda kv: -kv[1])
        rows = [BarRow(t("discard.played_then", tile=tile_name(k)) if k == d.played
                       else tile_name(k), x, best=d.is_right(k), chosen=k == tile)
                for k, x in shown]
        drawn = draw_bars(surface, self.boxes, self.ctx.fonts, rows,
                          [x for _, x in d.values], pygame.Rect(box.x, y, box.w, room),
                          bar_line)
        self.bar_rects = [(k, bar) for (k, _), bar in zip(shown, drawn.bars, strict=True)]
        self.chosen_rect = drawn.chosen
        y = min(box.bottom - len(legend) * tall(small), drawn.bottom + small // 2)
        for text in legend:
            put(surface, text, pygame.Rect(box.x, y, box.w, tall(small)), small, MUTED)
            y += tall(small)
