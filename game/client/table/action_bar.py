"""The action bar: a button per legal claim or declaration (its tiles shown), with key bindings.

Pass is always the rightmost button, at the bar's right end; the other calls run leftward from
it by strength (win, kong, pong, chow: issue 28, as players expect of mahjong software), so
the button in a given place keeps its meaning. Digits 1-9 pick by position from the left and a
letter per kind (W, K, P, C, X) picks the first button of that kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeAlias

import pygame

from game.actions import Action, ActionKind
from game.client.i18n import t
from game.client.table.layout import full_height
from game.client.ui.fonts import Fonts
from game.client.ui.tile_art import TileArt
from game.client.ui.widgets import TEXT, Button
from game.tiles import Tile

Callback: TypeAlias = Callable[[], None]

KIND_KEYS = {
    ActionKind.WIN: pygame.K_w,
    ActionKind.PONG: pygame.K_p,
    ActionKind.KONG: pygame.K_k,
    ActionKind.ADDED_KONG: pygame.K_k,
    ActionKind.CONCEALED_KONG: pygame.K_k,
    ActionKind.CHOW: pygame.K_c,
    ActionKind.PASS: pygame.K_x,
}
KIND_ORDER = {
    ActionKind.PASS: -1,
    ActionKind.WIN: 0,
    ActionKind.KONG: 1,
    ActionKind.ADDED_KONG: 1,
    ActionKind.CONCEALED_KONG: 1,
    ActionKind.PONG: 2,
    ActionKind.CHOW: 3,
}
"""Place from the bar's right end: Pass, then the stronger calls nearer it."""


def label_width(fonts: Fonts, label: str, height: int) -> int:
    """Room for a tile button's label at half the button's height, padded, at least square."""
    text_w = fonts.font(int(height * 0.5)).size(label)[0]
    return max(height, text_w + height // 3)


def hint_width(fonts: Fonts, hint: str, height: int) -> int:
    """Room for a key hint in a button's bottom-right corner (as widgets.Button draws it)."""
    return fonts.font(max(11, height // 4)).size(hint)[0] + 8 if hint else 0


class TileButton(Button):
    """An action button that shows its tiles (each chow option as tiles)."""

    def __init__(self, rect: pygame.Rect, label: str, action: Callback, key: int | None,
                 hint: str, tiles: tuple[Tile, ...], art: TileArt) -> None:
        super().__init__(rect, label, action, key, hint=hint)
        self.tiles = tiles
        self.art = art

    def draw(self, surface: pygame.Surface, fonts: Fonts, hot: bool = False) -> None:
        if not self.tiles:
            # the label is centred in the part left of the key hint, so the two never meet
            saved = self.label
            self.label = ""
            super().draw(surface, fonts, hot)
            self.label = saved
            room = pygame.Rect(self.rect.x, self.rect.y, self.rect.w - hint_width(
                fonts, self.hint, self.rect.h), self.rect.h)
            size = fonts.fit(self.label, int(self.rect.h * 0.5), room.w - 8)
            img = fonts.render(self.label, size, TEXT)
            surface.blit(img, img.get_rect(center=room.center))
            return
        text_rect = pygame.Rect(self.rect.x, self.rect.y, label_width(fonts, self.label,
                                                                      self.rect.h),
                                self.rect.h)
        saved = self.label
        self.label = ""
        super().draw(surface, fonts, hot)
        self.label = saved
        img = fonts.render(self.label, int(self.rect.h * 0.5), TEXT)
        surface.blit(img, img.get_rect(center=text_rect.center))
        tw = max(10, round(self.rect.h * 0.6) - 2)
        x = text_rect.right
        y = self.rect.centery - full_height(tw) // 2
        for tile in self.tiles:
            surface.blit(self.art.face(tile, tw), (x, y))
            x += tw + 1


def action_buttons(legal: Iterable[Action], area: pygame.Rect, fonts: Fonts, art: TileArt,
                   submitter: Callable[[Action], Callback]) -> list[Button]:
    """The bar's buttons for the legal actions other than discards, right-aligned in `area`,
    plus an invisible button per kind letter (the first action of each kind takes it)."""
    buttons: list[Button] = []
    actions = sorted((a for a in legal if a.kind is not ActionKind.DISCARD),
                     key=lambda a: KIND_ORDER.get(a.kind, 9))
    bh = area.h
    x = area.right
    for place, action in enumerate(actions):  # from the right end leftward
        n = len(actions) - 1 - place  # its number counts from the left
        label = t("action." + action.kind.value)
        tiles = action.tiles or ((action.tile,) if action.tile is not None
                                 and action.kind is not ActionKind.WIN else ())
        label_w = label_width(fonts, label, bh) if tiles else 0
        key = pygame.K_1 + n if n < 9 else None
        letter = KIND_KEYS.get(action.kind)
        hint = f"{n + 1}" + (f"/{pygame.key.name(letter).upper()}" if letter else "")
        # the key hint sits in the bottom-right corner: the tiles stop short of it
        hint_w = hint_width(fonts, hint, bh)
        if tiles:
            bw = max(bh * 2, label_w + len(tiles) * round(bh * 0.6) + bh // 6 + hint_w)
        else:  # the label beside the hint, never under it
            bw = max(bh * 2, fonts.font(int(bh * 0.5)).size(label)[0] + 16 + hint_w)
        x -= bw + 6
        buttons.append(TileButton(pygame.Rect(x, area.y, bw, bh), label, submitter(action), key,
                                  hint=hint, tiles=tuple(tiles), art=art))
        if letter is not None and not any(b.key == letter for b in buttons[:-1]):
            buttons.append(Button(pygame.Rect(0, 0, 0, 0), "", submitter(action), letter))
    return buttons
