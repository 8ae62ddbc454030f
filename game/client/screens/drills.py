"""The Drills screen (練習, issue 27 part 4): "guess the score" (K: the other kind, "what
would you discard", the "discard drill" screen). A winning hand from real play
(bots play hands until one is won, `game.drills`), four totals to pick from (A-D, a click, or
type the number and Enter), the answer checked by the real scorer, then the itemized score
sheet the results screen reads (`score_sheet.sheet_rows`) and the running record kept in the
data home."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game import drills
from game.client.context import Context
from game.client.i18n import labelled, t
from game.client.options import RULESETS
from game.client.scene import Scene
from game.client.score_sheet import SheetRow, sheet_rows
from game.client.table.hand_order import sorted_row
from game.client.table.layout import MIN_TEXT, full_height
from game.client.table.sheet_view import columns, draw_rows, row_metrics
from game.client.tile_names import tile_name
from game.client.ui.widgets import (
    ACCENT,
    HIGHLIGHT,
    MUTED,
    RIGHT,
    TEXT,
    WRONG,
    Button,
    ButtonGroup,
    TextBoxes,
    felt_background,
)
from game.drills import DrillRecord, ScoreDrill
from game.melds import MeldKind
from game.scoring import ScoreResult

FLAGS = ("heavenly", "earthly", "after_kong", "after_flower", "robbing_kong", "last_tiles",
         "kuaizhao")
"""The win's circumstances worded on screen (the calculator's words, calc.flag.*)."""
CHOICE_KEYS = (pygame.K_a, pygame.K_b, pygame.K_c, pygame.K_d)
"""A-D pick a choice; digits type a total instead."""


class DrillsScene(Scene):
    """Guess the score of one winning hand at a time; N (or Enter) deals the next."""

    def __init__(self, ctx: Context, ruleset: str | None = None, seed: int | None = None
                 ) -> None:
        super().__init__(ctx)
        self.ruleset = ruleset if ruleset in RULESETS else ctx.options.ruleset
        if self.ruleset not in RULESETS:
            self.ruleset = RULESETS[0]
        # --seed gives the same hands again (tests, screenshots); else new ones each time
        self.rng = random.Random(seed if seed is not None else ctx.options.seed)
        self.drill: ScoreDrill | None = None
        self.offered: list[int] = []
        self.typed = ""
        self.answer: tuple[int, bool, ScoreResult] | None = None
        """(the total guessed, right or not, the real score) once answered."""
        self.record: DrillRecord = (drills.load_record(ctx.data_dir)
                                    if ctx.data_dir is not None else DrillRecord())
        self.group = ButtonGroup()
        self.boxes = TextBoxes(ctx.fonts, floor=MIN_TEXT)
        self.shown_concealed: list[int] = []
        """The concealed tiles as drawn last, left to right."""
        self.deal()

    # ------------------------------------------------------------ the drill

    def deal(self) -> None:
        """A new winning hand of the ruleset and its four choices."""
        self.drill = drills.new_drill(self.ruleset, self.rng)
        self.offered = drills.choices(self.drill, self.rng)
        self.typed = ""
        self.answer = None
        self.layout()
        self.dirty = True

    def pick(self, total: int) -> None:
        """Check `total` with the real scorer and book it in the record."""
        if self.answer is not None or self.drill is None:
            return
        right, score, self.record = drills.guess(self.drill, total, self.ctx.data_dir)
        self.answer = (total, right, score)
        self.layout()
        self.dirty = True

    def cycle_ruleset(self) -> None:
        self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
        self.deal()

    def to_discard_drill(self) -> None:
        """The other kind of drill: "what would you discard", from the player's own mistakes
        (its K comes back here)."""
        self.ctx.stack.open("discard drill")

    def back(self) -> None:
        if len(self.ctx.stack) > 1:
            self.ctx.stack.pop()

    # ------------------------------------------------------------ layout and input

    def layout(self) -> None:
        w, h = self.ctx.size
        bh = max(36, h // 16)
        buttons: list[Button] = []
        if self.answer is None:
            bw = max(90, w // 9)
            x = w // 2 - (len(self.offered) * (bw + 12) - 12) // 2
            y = int(h * 0.52)
            for n, total in enumerate(self.offered):
                buttons.append(Button(pygame.Rect(x, y, bw, bh), str(total),
                                      self._chooser(total), CHOICE_KEYS[n],
                                      hint="ABCD"[n]))
                x += bw + 12
        bw = max(170, w // 7)
        gap = 16
        y = h - bh - h // 40
        specs: list[tuple[str, Callable[[], None], int | None, str]] = [
            (t("drill.next"), self.deal, pygame.K_n, "N"),
            (t("stats.ruleset", name=t(f"ruleset.{self.ruleset}")), self.cycle_ruleset,
             pygame.K_r, "R"),
            (t("drill.kind.discard"), self.to_discard_drill, pygame.K_k, "K"),
            (t("back"), self.back, None, "Esc"),
        ]
        x = w // 2 - (len(specs) * (bw + gap) - gap) // 2
        buttons += [Button(pygame.Rect(x + i * (bw + gap), y, bw, bh), label, act, key,
                           hint=hint) for i, (label, act, key, hint) in enumerate(specs)]
        self.group.set(buttons)

    def _chooser(self, total: int) -> Callable[[], None]:
        return lambda: self.pick(total)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.answer is None:
                if event.unicode.isdigit() and len(self.typed) < 5:
                    self.typed += event.unicode
                    self.dirty = True
                    return
                if event.key == pygame.K_BACKSPACE and self.typed:
                    self.typed = self.typed[:-1]
                    self.dirty = True
                    return
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed:
                    self.pick(int(self.typed))
                    return
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.deal()
                return
        if self.group.handle(event):
            self.dirty = True

    # ------------------------------------------------------------ drawing

    def facts(self) -> str:
        """The win's circumstances the score depends on, in words."""
        assert self.drill is not None
        ctx = self.drill.ctx
        parts = [labelled(t("calc.seat"), t(f"wind.name.{ctx.seat}")),
                 t("drill.self_draw") if ctx.self_draw else t("drill.discard")]
        parts += [t(f"calc.flag.{flag}") for flag in FLAGS if flag in ctx.flags]
        if ctx.wild is not None:
            parts.append(labelled(t("table.wild"), tile_name(ctx.wild)))
        if ctx.dealer_streak:
            parts.append(t("drill.streak", n=ctx.dealer_streak))
        return " · ".join(parts)

    def record_text(self) -> str:
        r = self.record
        return t("drill.record", right=r.right, tried=r.tried, streak=r.streak, best=r.best)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.boxes.placed.clear()
        put = self.boxes.put
        w, h = surface.get_size()
        line = max(MIN_TEXT + 2, h // 36)
        margin = max(12, w // 30)
        title = max(28, h // 16)
        put(surface, t("drill.title"), pygame.Rect(0, h // 40, w, title + 6), title, ACCENT,
            align="center", bold=True)
        y = h // 40 + title + 8
        put(surface, f"{t(f'ruleset.{self.ruleset}')} · {self.record_text()}",
            pygame.Rect(margin, y, w - 2 * margin, line + 4), line, MUTED, align="center")
        y += line + h // 30
        y = self.draw_hand(surface, pygame.Rect(margin, y, w - 2 * margin, 0), h)
        put(surface, self.facts(), pygame.Rect(margin, y, w - 2 * margin, line + 4), line,
            TEXT, align="center")
        y += line + h // 40
        if self.answer is None:
            put(surface, t("drill.question"), pygame.Rect(margin, y, w - 2 * margin, line + 6),
                line + 2, ACCENT, align="center", bold=True)
            typed = t("drill.typed", n=self.typed) if self.typed else t("drill.type_hint",
                                                                         keys="A-D")
            under = self.group.buttons[0].rect.bottom + h // 40 if self.offered else y
            put(surface, typed, pygame.Rect(margin, under, w - 2 * margin, line + 4), line,
                MUTED, align="center")
        else:
            total, right, score = self.answer
            verdict = (t("drill.right", n=score.total) if right
                       else t("drill.wrong", n=total, m=score.total))
            put(surface, verdict, pygame.Rect(margin, y, w - 2 * margin, line + 6), line + 2,
                RIGHT if right else WRONG, align="center", bold=True)
            y += line + 10
            bottom = self.group.buttons[0].rect.y - h // 60
            assert self.drill is not None
            rows = sheet_rows(self.ruleset, score.items, score.total, self.drill.ctx.bonus)
            self.draw_sheet(surface, rows, pygame.Rect(w // 6, y, w * 2 // 3, bottom - y), line)
        self.group.draw(surface, self.ctx.fonts)
        self.dirty = False

    def draw_hand(self, surface: pygame.Surface, box: pygame.Rect, h: int) -> int:
        """The winning hand centred in `box`: concealed tiles, the winning tile set apart and
        ringed, the melds, then the bonus tiles set aside; returns the y below it."""
        assert self.drill is not None
        ctx, art = self.drill.ctx, self.ctx.art
        # the concealed tiles as the table sorts them: Mazhan's wilds first, at the left
        groups: list[list[int]] = [list(sorted_row(ctx.concealed, wild=ctx.wild))]
        self.shown_concealed = list(groups[0])
        if ctx.win_tile is not None:
            groups.append([ctx.win_tile])
        melds = [list(m.tiles) for m in ctx.melds]
        count = sum(len(g) for g in groups + melds) + len(ctx.bonus)
        gaps = len(groups) + len(melds) + (1 if ctx.bonus else 0)
        tw = max(18, min(round(h * 0.075), box.w // max(1, count + gaps)))
        x = box.centerx - (count * tw + gaps * tw // 2) // 2
        y = box.y
        for n, group in enumerate(groups):
            for kind in group:
                surface.blit(art.face(kind, tw, wild=kind == ctx.wild), (x, y))
                if n == 1:
                    pygame.draw.rect(surface, HIGHLIGHT,
                                     pygame.Rect(x, y, tw, full_height(tw)).inflate(4, 4), 3,
                                     border_radius=4)
                x += tw
            x += tw // 2
        for meld, tiles in zip(ctx.melds, melds, strict=True):
            for i, kind in enumerate(tiles):
                hidden = meld.kind is MeldKind.CONCEALED_KONG and i in (0, 3)
                surface.blit(art.back(tw) if hidden else art.face(kind, tw), (x, y))
                x += tw
            x += tw // 2
        for kind in ctx.bonus:
            surface.blit(art.face(kind, tw), (x, y))
            x += tw
        return y + full_height(tw) + h // 40

    def draw_sheet(self, surface: pygame.Surface, rows: list[SheetRow], box: pygame.Rect,
                   line: int) -> None:
        """The score sheet as the results screen draws it; smaller rows when the sheet is
        long, and two columns when even those do not fit (the total always shows)."""
        if not rows:
            return
        fonts, art, wild = self.ctx.fonts, self.ctx.art, self.drill.ctx.wild if self.drill else None
        size = fitted(line, len(rows), box.h)
        if len(rows) * row_metrics(size)[1] <= box.h:
            cols = columns(fonts, rows, box.w, size, row_metrics(size)[0])
            used = cols.indent + cols.name_w + cols.tiles_w + cols.value_w
            if used < box.w:  # the columns centred under the hand; the formula may run on
                box = pygame.Rect(box.centerx - used // 2, box.y, box.w - (box.w - used) // 2,
                                  box.h)
            draw_rows(surface, self.boxes, art, rows, box, size, cols, wild)
            return
        half = (len(rows) + 1) // 2
        size = fitted(line, half, box.h)
        gap = size * 2
        wide = pygame.Rect(box.x - box.w // 4, box.y, box.w * 3 // 2, box.h)
        width = (wide.w - gap) // 2
        cols = columns(fonts, rows, width, size, row_metrics(size)[0])
        for n, part in enumerate((rows[:half], rows[half:])):
            draw_rows(surface, self.boxes, art, part,
                      pygame.Rect(wide.x + n * (width + gap), box.y, width, box.h), size, cols,
                      wild)


def fitted(line: int, count: int, height: int) -> int:
    """The largest text size up to `line` at which `count` sheet rows fit in `height` (never
    under the table's floor, MIN_TEXT)."""
    size = line
    while size > MIN_TEXT and count * row_metrics(size)[1] > height:
        size -= 1
    return size
