"""Main menu, new-game setup and settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import i18n
from game.client.context import Context
from game.client.i18n import LANGUAGES, aside, labelled, t
from game.client.options import BOT_LEVELS, RULESETS
from game.client.screens.rule_options import (
    defaults,
    option_help,
    option_label,
    setup_options,
    stepper,
    value_text,
)
from game.client.settings import ANIMATION_SPEEDS, KEEP_LOGS, VOLUMES
from game.client.ui.menu_scene import MenuScene
from game.client.ui.widgets import (
    MUTED,
    Button,
    TextField,
)
from game.rules.base import Option

MATCH_LENGTHS = (1, 4, 8, 16)


class MainMenu(MenuScene):
    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            *self.saved_match(),
            (t("menu.solo"), lambda: self.ctx.stack.push(SetupScene(self.ctx, hotseat=False))),
            (t("menu.hotseat"), lambda: self.ctx.stack.push(SetupScene(self.ctx, hotseat=True))),
            (t("menu.lessons"), self.open_lessons),
            (t("menu.host"), self.open_host),
            (t("menu.join"), self.open_join),
            (t("menu.replays"), self.open_replays),
            (t("menu.stats"), self.open_stats),
            (t("menu.calculator"), self.open_calculator),
            (t("menu.drills"), self.open_drills),
            (t("menu.rules"), self.open_rules),
            (t("menu.settings"), lambda: self.ctx.stack.push(SettingsScene(self.ctx))),
            (t("menu.quit"), self.ctx.quit),
        ]

    def back(self) -> None:
        self.ctx.quit()

    def open_host(self) -> None:
        self.ctx.stack.open("host")  # networking loads only when asked

    def open_join(self) -> None:
        self.ctx.stack.open("join")

    def saved_match(self) -> list[tuple[str, Callable[[], None]]]:
        """"Continue" first when a match in progress was saved, else nothing."""
        if self.ctx.data_dir is None:
            return []
        from game.client.sessions.resume import continue_label  # the save reader: load late

        label = continue_label(self.ctx.data_dir)
        return [] if label is None else [(label, self.resume)]

    def resume(self) -> None:
        from game.client.sessions.resume import resume_match

        resume_match(self.ctx)
        self.layout()  # a save that failed to load no longer offers Continue

    def open_replays(self) -> None:
        self.ctx.stack.open("replays")

    def open_lessons(self) -> None:
        self.ctx.stack.open("lessons", ruleset=self.ctx.options.ruleset)

    def open_stats(self) -> None:
        self.ctx.stack.open("stats")

    def open_calculator(self) -> None:
        self.ctx.stack.open("calculator")

    def open_drills(self) -> None:
        self.ctx.stack.open("drills")

    def open_rules(self) -> None:
        self.ctx.stack.open("rules", ruleset=self.ctx.options.ruleset)


class SettingsScene(MenuScene):
    title_key = "settings.title"

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        s = self.ctx.settings
        onoff = {True: t("on"), False: t("off")}
        return [
            (labelled(t('settings.language'), t('lang.' + i18n.language())), self.toggle_language),
            (labelled(t('settings.speed'), f"×{s.animation_speed:g}"), self.cycle_speed),
            (labelled(t('settings.hints'), onoff[s.hints]), self.toggle_hints),
            (labelled(t('settings.volume'), f"{round(s.volume * 100)}%"), self.cycle_volume),
            (labelled(t('settings.timers'), onoff[s.timers]), self.toggle_timers),
            (labelled(t('settings.fullscreen'), onoff[s.fullscreen]), self.toggle_fullscreen),
            (labelled(t('settings.keep_logs'), t('settings.keep_logs_value', n=s.keep_logs)),
             self.cycle_keep_logs),
            (labelled(t('settings.large_tiles'), onoff[s.large_tiles]), self.toggle_large_tiles),
            (t("back"), self.back),
        ]

    def changed(self) -> None:
        self.ctx.save_settings()
        focus = self.group.focus
        self.layout()
        self.group.focus = focus
        self.dirty = True

    def toggle_language(self) -> None:
        """The next of 简体, 繁體, English; every screen reads it from the next frame on."""
        now = LANGUAGES.index(i18n.language())
        self.ctx.settings.language = LANGUAGES[(now + 1) % len(LANGUAGES)]
        i18n.set_language(self.ctx.settings.language)
        self.changed()

    def cycle_speed(self) -> None:
        speeds = list(ANIMATION_SPEEDS)
        current = self.ctx.settings.animation_speed
        index = speeds.index(current) if current in speeds else 0
        self.ctx.settings.animation_speed = speeds[(index + 1) % len(speeds)]
        self.changed()

    def toggle_hints(self) -> None:
        self.ctx.settings.hints = not self.ctx.settings.hints
        self.changed()

    def cycle_volume(self) -> None:
        volumes = list(VOLUMES)
        current = self.ctx.settings.volume
        index = volumes.index(current) if current in volumes else 0
        self.ctx.settings.volume = volumes[(index + 1) % len(volumes)]
        self.changed()
        self.ctx.sounds.set_volume(self.ctx.settings.volume)
        self.ctx.sounds.play("tile")

    def toggle_large_tiles(self) -> None:
        self.ctx.settings.large_tiles = not self.ctx.settings.large_tiles
        self.changed()

    def toggle_timers(self) -> None:
        self.ctx.settings.timers = not self.ctx.settings.timers
        self.changed()

    def cycle_keep_logs(self) -> None:
        limits = list(KEEP_LOGS)
        current = self.ctx.settings.keep_logs
        index = limits.index(current) if current in limits else -1
        self.ctx.settings.keep_logs = limits[(index + 1) % len(limits)]
        self.changed()

    def toggle_fullscreen(self) -> None:
        self.ctx.settings.fullscreen = not self.ctx.settings.fullscreen
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"fullscreen": True}))
        self.changed()


class SetupScene(MenuScene):
    """Ruleset, four seats (human or bot with a level), names and match length."""

    title_key = "setup.title"

    def __init__(self, ctx: Context, hotseat: bool) -> None:
        self.ruleset = ctx.options.ruleset
        self.kinds = ["human", "human", "bot", "bot"] if hotseat else ["human", "bot", "bot", "bot"]
        self.levels = [ctx.options.bots] * 4
        self.names = _default_names(self.kinds)
        self.hands = 8
        self.editing = -1
        self.name_field = TextField("", 12)
        """The name being typed while `editing` is a seat (IME composition and paste work)."""
        self.rule_values: dict[str, dict[str, Any]] = {rs: defaults(rs) for rs in RULESETS}
        """Each ruleset's table options as set here (kept while the ruleset cycles)."""
        self.option_rows: dict[int, Option] = {}
        """Item index → the option that row changes (for ←/→)."""
        super().__init__(ctx)

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        out: list[tuple[str, Callable[[], None]]] = [
            (labelled(t('setup.ruleset'), t('ruleset.' + self.ruleset)), self.cycle_ruleset)
        ]
        for i in range(4):
            kind = t("seat." + self.kinds[i])
            level = f" · {t('level.' + self.levels[i])}" if self.kinds[i] == "bot" else ""
            name = self.name_field.shown() if self.editing == i else self.names[i]
            # numbered, not by wind: the first-dealer roll at the table decides the seats
            out.append((f"{t('setup.player', n=i + 1)}  {aside(name, kind + level)}",
                        self.seat_action(i)))
        out.append((labelled(t('setup.length'), t('setup.hands', n=self.hands)), self.cycle_length))
        self.option_rows = {}
        values = self.rule_values[self.ruleset]
        for option in setup_options(self.ruleset):
            self.option_rows[len(out)] = option
            label = labelled(option_label(option), value_text(values[option.name]))
            out.append((label, self.option_action(option, 1)))
        out.append((t("start"), self.start))
        out.append((t("back"), self.back))
        return out

    def layout(self) -> None:
        """Players on the left, the ruleset's options on the right, Start and Back below."""
        items = self.items()
        if not self.option_rows:
            super().layout()
            return
        w, h = self.ctx.size
        first = min(self.option_rows)
        left, right = items[:first], items[first:-2]
        top = int(h * 0.22)
        gap = max(12, w // 40)
        cw = min(max(300, (w - 3 * gap) // 2), 520)
        bottom_h = max(34, min(52, h // 14))
        area_h = h - top - bottom_h - max(40, h // 10)
        # the options sit beside the seats, from the row under the ruleset that decides them
        rows = max(len(left), len(right) + 1)
        bh = max(30, min(52, area_h // rows - 6))
        while bh > 24 and rows * bh + (rows - 1) * (bh // 4) > area_h:
            bh -= 1
        step = bh + bh // 4
        y0 = top + (area_h - (rows * step - bh // 4)) // 2
        x0 = (w - 2 * cw - gap) // 2
        rects = [pygame.Rect(x0, y0 + i * step, cw, bh) for i in range(len(left))]
        rects += [pygame.Rect(x0 + cw + gap, y0 + (i + 1) * step, cw, bh)
                  for i in range(len(right))]
        bw = max(160, cw // 2)
        y = y0 + rows * step + bh // 3
        rects += [pygame.Rect(w // 2 - bw - gap // 2, y, bw, bottom_h),
                  pygame.Rect(w // 2 + gap // 2, y, bw, bottom_h)]
        self.group.set([Button(r, label, act) for r, (label, act) in zip(rects, items,
                                                                          strict=True)])

    def option_action(self, option: Option, step: int) -> Callable[[], None]:
        return stepper(self.rule_values[self.ruleset], option, step, self.refresh)

    def chosen_options(self) -> dict[str, Any]:
        """The current ruleset's options as set on this screen, for the Match."""
        return dict(self.rule_values[self.ruleset])

    def refresh(self) -> None:
        focus = self.group.focus
        self.layout()
        self.group.focus = focus
        self.dirty = True
        if self.editing >= 0:  # the input method's candidates open beside the seat's row
            self.name_field.place(self.group.buttons[self.editing + 1].rect)

    def cycle_ruleset(self) -> None:
        self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
        self.refresh()

    def cycle_length(self) -> None:
        self.hands = MATCH_LENGTHS[(MATCH_LENGTHS.index(self.hands) + 1) % len(MATCH_LENGTHS)]
        self.refresh()

    def seat_action(self, seat: int) -> Callable[[], None]:
        def act() -> None:
            # click cycles human → bot levels → human; F2 or double use renames (see handle)
            if self.kinds[seat] == "human":
                self.kinds[seat] = "bot"
                self.levels[seat] = "random"
            else:
                index = BOT_LEVELS.index(self.levels[seat]) + 1
                if index >= len(BOT_LEVELS):
                    self.kinds[seat] = "human"
                else:
                    self.levels[seat] = BOT_LEVELS[index]
            self.refresh()

        return act

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing >= 0:
            self.edit_name(event)
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_F2, pygame.K_n)
            and 1 <= self.group.focus <= 4
        ):
            self.editing = self.group.focus - 1
            self.name_field = TextField(self.names[self.editing], 12)
            self.name_field.start()
            self.refresh()
            return
        option = self.option_rows.get(self.group.focus)
        if (option is not None and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_LEFT, pygame.K_RIGHT)):
            self.option_action(option, -1 if event.key == pygame.K_LEFT else 1)()
            return
        super().handle(event)

    def edit_name(self, event: pygame.event.Event) -> None:
        seat = self.editing
        if not self.name_field.handle(event):
            return
        self.names[seat] = self.name_field.text
        if not self.name_field.active:  # Enter, Esc or Tab: done
            self.names[seat] = self.names[seat].strip() or _default_names(self.kinds)[seat]
            self.editing = -1
        self.refresh()

    def tip(self) -> str:
        """The line under the buttons: the focused option's whole description (the button
        holds a short form), or the focused bot's style and strength (issue 15)."""
        option = self.option_rows.get(self.group.focus)
        seat = self.group.focus - 1  # rows 1-4 are the seats
        if option is not None:
            return f"{option_help(option)}  ·  {t('setup.option_keys')}"
        if 0 <= seat < 4 and self.kinds[seat] == "bot":
            return f"{t('level.' + self.levels[seat] + '.help')}  ·  {t('setup.rename')}"
        return t("setup.rename")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        tip = self.tip()
        size = self.ctx.fonts.fit(tip, max(13, h // 48), w - 24)
        img = self.ctx.fonts.render(tip, size, MUTED)
        surface.blit(img, img.get_rect(midbottom=(w // 2, h - 8)))

    def start(self) -> None:
        """Start the match; when an unfinished one is saved, ask first (it would be replaced)."""
        from game.client.sessions.resume import continue_label

        saved = continue_label(self.ctx.data_dir) if self.ctx.data_dir is not None else None
        if saved is None:
            self.start_now()
            return
        from game.client.ui.notice import ConfirmScene

        detail = saved.split(" · ", 1)[-1]
        self.ctx.stack.push(ConfirmScene(self.ctx, t("new.title"),
                                         t("new.body", detail=detail), t("new.confirm"),
                                         self.start_now))

    def start_now(self) -> None:
        from game.client.sessions.local import open_table  # the engine: load late

        seats = [k if k == "human" else "bot" for k in self.kinds]
        open_table(
            self.ctx,
            ruleset=self.ruleset,
            seats=seats,
            levels=list(self.levels),
            names=list(self.names),
            hands=self.hands,
            seed=self.ctx.options.seed,
            replace=False,
            options=self.chosen_options(),
        )


def _default_names(kinds: list[str]) -> list[str]:
    return [t(f"name.{'human' if kind == 'human' else 'bot'}.{i}") for i, kind in enumerate(kinds)]
