"""The Review screen: one player's decisions in a match log against the expert's ranking.

Opened from the match's standings (the player's own seat) and from Replays (the seat being
watched). The review itself is `game.review` (the seat's own views only); this screen shows a
decision at a time: the seat's tiles, every legal option as a bar of its expected value with
the one taken marked, the value lost, and a chart of the value lost in each hand. Keys:
←/→ a decision, N/P the next or previous mistake, PgUp/PgDn a hand, Tab the player, Esc back.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.actions import Action
from game.client.context import Context
from game.client.i18n import t
from game.client.scene import Scene
from game.client.sessions.replay_data import problem_text
from game.client.table.hand_order import sorted_row
from game.client.table.hud import action_text
from game.client.table.layout import MIN_TEXT
from game.client.table.results import GAIN, LOSS
from game.client.tile_names import tile_name
from game.client.ui.notice import NoticeScene
from game.client.ui.value_bars import BarRow, amount, draw_bars, least_row, tall
from game.client.ui.widgets import (
    ACCENT,
    FELT_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    TEXT,
    ButtonGroup,
    ButtonSpec,
    TextBoxes,
    button_row,
    felt_background,
)
from game.errors import MahjongError
from game.paths import MAX_LOG_BYTES
from game.review import Decision, Ranker, Review, keep_drills, review_log
from game.tiles import Tile

log_ = logging.getLogger(__name__)

MAX_BARS = 9
"""Options shown as bars at most (the best ones, and the one taken when it is further down)."""
MISTAKE = 0.05
"""A loss the screen steps to with N/P: what shows as at least 0.1 (smaller ones are ties
in all but rounding)."""


DRILLS_FILE = "drills.json"
"""In the data folder: "what would you discard" positions from the player's own mistakes."""


def review_or_notice(ctx: Context, log: Path | str, player: int,
                     players: Sequence[int] = (0, 1, 2, 3), ranker: Ranker | None = None,
                     own: bool = False) -> Scene:
    """The Review screen of `player` for the match log `log` (a path, or the log's text), or
    a notice saying why it cannot be reviewed (the "review" screen: `ctx.stack.open("review",
    log=..., player=...)`). `players`: whom Tab may switch to (at a LAN or hot-seat table only
    the player's own seats). `own`: the player's own match (from the standings): its discard
    mistakes are kept for the drills in the data folder."""
    try:
        if isinstance(log, Path):
            if log.stat().st_size > MAX_LOG_BYTES:
                raise MahjongError("the file is too big to be a match log")
            text = log.read_text(encoding="utf-8")
        else:
            text = log
        review = review_log(text, player, ranker)
    except (MahjongError, OSError, UnicodeDecodeError, KeyError, TypeError, ValueError) as exc:
        return NoticeScene(ctx, t("review.failed"), problem_text(exc))
    if own and ctx.data_dir is not None:
        source = log.name if isinstance(log, Path) else "match"
        try:
            keep_drills(ctx.data_dir / DRILLS_FILE, review, source)
        except OSError as exc:  # a full disk must not stop the review
            log_.warning("cannot keep the drill positions: %s", exc)
    return ReviewScene(ctx, review, text, tuple(players), ranker)


def open_review(ctx: Context, log: Path | str, player: int,
                players: Sequence[int] = (0, 1, 2, 3), ranker: Ranker | None = None,
                own: bool = False) -> bool:
    """Open the "review" screen (`review_or_notice`); True if the review itself opened."""
    return isinstance(ctx.stack.open("review", log=log, player=player, players=players,
                                     ranker=ranker, own=own), ReviewScene)


class ReviewScene(Scene):
    """One player's review, a decision at a time (see the module's note)."""

    def __init__(self, ctx: Context, review: Review, text: str = "",
                 players: tuple[int, ...] = (), ranker: Ranker | None = None) -> None:
        super().__init__(ctx)
        self.review = review
        self.text = text
        """The log (to review another player with Tab)."""
        self.players = players or (review.player,)
        self.ranker = ranker
        self.index = 0
        self.group = ButtonGroup()
        self.boxes = TextBoxes(ctx.fonts, floor=MIN_TEXT)
        self.bar_rects: list[tuple[Action, pygame.Rect]] = []
        """Each option's bar on the last draw (tests check the marks and the fit)."""
        self.chosen_rect: pygame.Rect | None = None
        self.chart_rects: list[pygame.Rect] = []
        self.hand_tiles: list[Tile] = []
        """The seat's tiles as drawn last, left to right (the drawn one last)."""
        self._set(review)

    # ------------------------------------------------------------ moving

    def _set(self, review: Review) -> None:
        self.review = review
        self.decisions = review.decisions
        self.mistakes = review.mistakes(MISTAKE)
        self.index = self.mistakes[0] if self.mistakes else 0
        self.layout()

    @property
    def decision(self) -> Decision | None:
        return self.decisions[self.index] if self.decisions else None

    def go(self, index: int) -> None:
        if self.decisions:
            self.index = max(0, min(len(self.decisions) - 1, index))
            self.layout()
            self.dirty = True

    def step(self, by: int) -> None:
        self.go(self.index + by)

    def next_mistake(self, direction: int = 1) -> None:
        """To the next (1) or previous (-1) decision that lost value, if there is one."""
        ahead = [i for i in self.mistakes if (i - self.index) * direction > 0]
        if ahead:
            self.go(ahead[0] if direction > 0 else ahead[-1])

    def next_hand(self, direction: int = 1) -> None:
        """To the first decision of the next (1) or previous (-1) hand that has any."""
        d = self.decision
        if d is None:
            return
        if direction > 0:
            later = [i for i, x in enumerate(self.decisions) if x.hand > d.hand]
            if later:
                self.go(later[0])
        else:
            earlier = [x.hand for x in self.decisions if x.hand < d.hand]
            if earlier:
                self.go(next(i for i, x in enumerate(self.decisions) if x.hand == earlier[-1]))

    def cycle_player(self) -> None:
        """Review the next of the players this screen may show (Tab)."""
        if len(self.players) < 2 or not self.text:
            return
        at = self.players.index(self.review.player) if self.review.player in self.players \
            else -1
        player = self.players[(at + 1) % len(self.players)]
        self._set(review_log(self.text, player, self.ranker))
        self.dirty = True

    def close(self) -> None:
        self.ctx.stack.pop()

    # ------------------------------------------------------------ input

    def layout(self) -> None:
        w, h = self.ctx.size
        bh = max(36, h // 18)
        gap = max(6, w // 160)
        specs: list[ButtonSpec] = [
            (t("review.prev_mistake"), lambda: self.next_mistake(-1), pygame.K_p, "P",
             any(i < self.index for i in self.mistakes)),
            (t("review.prev"), lambda: self.step(-1), pygame.K_LEFT, "←", self.index > 0),
            (t("review.next"), lambda: self.step(1), pygame.K_RIGHT, "→",
             self.index + 1 < len(self.decisions)),
            (t("review.next_mistake"), lambda: self.next_mistake(1), pygame.K_n, "N",
             any(i > self.index for i in self.mistakes)),
        ]
        if len(self.players) > 1 and self.text:
            specs.append((t("review.player"), self.cycle_player, pygame.K_TAB, "Tab", True))
        specs.append((t("back"), self.close, pygame.K_ESCAPE, "Esc", True))
        bw = min(max(150, w // 7), (w * 9 // 10 - gap * (len(specs) - 1)) // len(specs))
        total = bw * len(specs) + gap * (len(specs) - 1)
        x0, y = (w - total) // 2, h - bh - h // 40
        self.group.set(button_row(specs, x0, y, bw, bh, gap))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.next_hand(1 if event.key == pygame.K_PAGEDOWN else -1)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.go(0 if event.key == pygame.K_HOME else len(self.decisions) - 1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.chart_rects):
                if rect.collidepoint(event.pos):
                    self._to_hand(i + 1)
                    return
        if self.group.handle(event):
            self.dirty = True

    def _to_hand(self, hand: int) -> None:
        """To the hand's worst decision (a click on its bar in the chart)."""
        found = [(d.loss, -i, i) for i, d in enumerate(self.decisions) if d.hand == hand]
        if found:
            self.go(max(found)[2])

    # ------------------------------------------------------------ drawing

    def unit(self) -> str:
        return t(f"review.unit.{self.review.unit}")

    def summary_text(self) -> str:
        r = self.review
        return t("review.summary", n=len(self.decisions), agreement=round(100 * r.agreement),
                 loss=amount(r.loss), unit=self.unit(), mistakes=len(self.mistakes))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        self.boxes.placed.clear()
        put = self.boxes.put
        w, h = surface.get_size()
        line = max(MIN_TEXT + 2, h // 34)
        pad = max(8, h // 60)
        put(surface, t("review.title", name=self.review.name),
            pygame.Rect(pad * 2, pad, w - pad * 4, tall(line * 2)), line * 2, ACCENT, bold=True)
        put(surface, self.summary_text(), pygame.Rect(pad * 2, pad + tall(line * 2),
                                                      w - pad * 4, tall(line)), line, TEXT)
        top = pad * 2 + tall(line * 2) + tall(line)
        bottom = self.group.buttons[0].rect.y - pad if self.group.buttons else h - pad
        left = pygame.Rect(pad * 2, top, w * 3 // 5 - pad * 3, bottom - top)
        right = pygame.Rect(left.right + pad * 2, top, w - left.right - pad * 4, bottom - top)
        for box in (left, right):
            pygame.draw.rect(surface, PANEL, box, border_radius=8)
            pygame.draw.rect(surface, FELT_DARK, box, 2, border_radius=8)
        d = self.decision
        if d is None:
            put(surface, t("review.none"), left.inflate(-pad * 2, -pad * 2), line, MUTED)
        else:
            self.draw_decision(surface, d, left.inflate(-pad * 2, -pad * 2), line)
        self.draw_chart(surface, right.inflate(-pad * 2, -pad * 2), line)
        self.group.draw(surface, self.ctx.fonts)
        self.dirty = False

    def draw_decision(self, surface: pygame.Surface, d: Decision, box: pygame.Rect,
                      line: int) -> None:
        put = self.boxes.put
        v = d.view
        head = t("review.decision", i=self.index + 1, n=len(self.decisions), hand=d.hand,
                 wind=t(f"wind.name.{d.seat}"), what=t(f"review.phase.{d.phase}"))
        put(surface, head, pygame.Rect(box.x, box.y, box.w, tall(line)), line, TEXT, bold=True)
        y = box.y + tall(line) + line // 4
        # the seat's tiles in the table's order (wilds first, at the left), the drawn one
        # set apart at the right, as at the table
        tiles = sorted_row(v.concealed, v.drawn, v.wild)
        count = len(tiles) + (1 if v.drawn is not None else 0)
        tw = max(16, min(box.w // (count + 2), round(box.h * 0.09)))
        x = box.x
        art = self.ctx.art
        th = tw
        self.hand_tiles = [*tiles, *([] if v.drawn is None else [v.drawn])]
        for kind in tiles:
            face = art.face(kind, tw, wild=kind == v.wild)
            surface.blit(face, (x, y))
            th = face.get_height()
            x += tw
        if v.drawn is not None:
            x += tw // 2
            face = art.face(v.drawn, tw, wild=v.drawn == v.wild)
            surface.blit(face, (x, y))
        y += th + line // 2
        if d.phase != "discard" and v.last_discard is not None:
            seat, tile = v.last_discard
            put(surface, t("review.answering", tile=tile_name(tile), wind=t(f"wind.name.{seat}")),
                pygame.Rect(box.x, y, box.w, tall(line)), line, MUTED)
            y += tall(line)
        if v.wild is not None:
            put(surface, t("review.wild", tile=tile_name(v.wild)),
                pygame.Rect(box.x, y, box.w, tall(line)), line, MUTED)
            y += tall(line)
        verdict = (t("review.agreed") if d.agreed
                   else t("review.lost", loss=amount(d.loss), unit=self.unit(),
                          best=action_text(d.best)))
        put(surface, verdict, pygame.Rect(box.x, y, box.w, tall(line)), line,
            GAIN if d.agreed else LOSS, bold=True)
        y += tall(line) + line // 4
        self.draw_bars(surface, d, pygame.Rect(box.x, y, box.w, box.bottom - y), line)

    def shown_options(self, d: Decision, most: int = MAX_BARS) -> list[tuple[Action, float]]:
        """The options drawn: the best `most`, the one taken always among them."""
        shown = list(d.options[:max(1, most)])
        if all(a != d.chosen for a, _ in shown):
            chosen = next(((a, x) for a, x in d.options if a == d.chosen), None)
            if chosen is not None:
                shown[-1] = chosen
        return shown

    def draw_bars(self, surface: pygame.Surface, d: Decision, box: pygame.Rect,
                  line: int) -> None:
        small = max(MIN_TEXT, line * 4 // 5)
        # the legend and the keys keep the panel's last two lines
        room = box.h - 2 * tall(small) - small // 2
        shown = self.shown_options(d, min(MAX_BARS, room // least_row(line)))
        self.bar_rects = []
        self.chosen_rect = None
        if not shown:
            return
        rows = [BarRow(action_text(a), x, best=i == 0, chosen=a == d.chosen)
                for i, (a, x) in enumerate(shown)]
        drawn = draw_bars(surface, self.boxes, self.ctx.fonts, rows, [x for _, x in d.options],
                          pygame.Rect(box.x, box.y, box.w, room), line)
        self.bar_rects = [(a, bar) for (a, _), bar in zip(shown, drawn.bars, strict=True)]
        self.chosen_rect = drawn.chosen
        put = self.boxes.put
        legend_y = min(box.bottom - 2 * tall(small), drawn.bottom + line // 4)
        put(surface, t("review.legend", unit=self.unit()),
            pygame.Rect(box.x, legend_y, box.w, tall(small)), small, MUTED)
        put(surface, t("review.keys"), pygame.Rect(box.x, box.bottom - tall(small), box.w,
                                                   tall(small)), small, MUTED)

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect, line: int) -> None:
        """Value lost per hand, one bar a hand, the hand on show marked."""
        put = self.boxes.put
        put(surface, t("review.chart", unit=self.unit()),
            pygame.Rect(box.x, box.y, box.w, tall(line)), line, TEXT, bold=True)
        hands = self.review.hands
        self.chart_rects = []
        if not hands:
            return
        small = max(MIN_TEXT, line * 4 // 5)
        plot = pygame.Rect(box.x + small * 3, box.y + tall(line) + small, box.w - small * 3,
                           box.h - tall(line) - small - tall(small) * 4)
        losses = [hr.loss for hr in hands]
        high = max(max(losses), 1.0)
        pygame.draw.line(surface, MUTED, (plot.x, plot.bottom), (plot.right, plot.bottom))
        put(surface, amount(high), pygame.Rect(box.x, plot.y - tall(small) // 2, small * 3 - 4,
                                               tall(small)), small, MUTED, align="right")
        put(surface, "0", pygame.Rect(box.x, plot.bottom - tall(small) // 2, small * 3 - 4,
                                      tall(small)), small, MUTED, align="right")
        n = len(hands)
        slot = plot.w / n
        current = self.decision.hand if self.decision is not None else 0
        for i, hr in enumerate(hands):
            x = plot.x + round(i * slot)
            bw = max(2, round(slot * 0.7))
            height = round(hr.loss / high * plot.h)
            rect = pygame.Rect(x + round(slot * 0.15), plot.bottom - height, bw, height)
            color = HIGHLIGHT if hr.hand == current else LOSS
            if height:
                pygame.draw.rect(surface, color, rect)
            self.chart_rects.append(pygame.Rect(x, plot.y, max(1, round(slot)), plot.h))
            if n <= 16 or i % max(1, n // 8) == 0:
                put(surface, str(hr.hand), pygame.Rect(x, plot.bottom + 2, max(small,
                                                                             round(slot)),
                                                        tall(small)), small,
                    HIGHLIGHT if hr.hand == current else MUTED, align="center")
        # the hand on show, in words, under the chart
        shown = next((x for x in hands if x.hand == current), None)
        y = plot.bottom + tall(small) + small // 2
        if shown is not None:
            put(surface, t("review.hand_line", hand=shown.hand, n=len(shown.decisions),
                           agreed=shown.agreed, loss=amount(shown.loss), unit=self.unit()),
                pygame.Rect(box.x, y, box.w, tall(small)), small, TEXT)
            y += tall(small)
        put(surface, t("review.ranker", name=t(f"review.ranker.{self.review.ranker}")
                       if self.review.ranker == "expert"
                       else self.review.ranker),
            pygame.Rect(box.x, y, box.w, tall(small)), small, MUTED)
