"""Sound effects from assets/sounds (made by tools/make_sounds.py). Without an audio device,
or with SDL_AUDIODRIVER=dummy, the game simply stays silent."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pygame

from game.assets import asset_path

SOUND_DIR = asset_path("sounds")
NAMES = ("tile", "claim", "win")


class Sounds:
    """Named effects at one volume; every method is safe when the mixer could not open."""

    def __init__(self, sounds: dict[str, pygame.mixer.Sound] | None = None,
                 volume: float = 0.7) -> None:
        self.sounds = sounds or {}
        self.volume = volume
        self.set_volume(volume)

    @classmethod
    def silent(cls) -> Sounds:
        return cls()

    @classmethod
    def open(cls, volume: float, folder: Path = SOUND_DIR) -> Sounds:
        """Open the mixer and load the effects; silence if either fails."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(22050, -16, 1, 512)
        except (pygame.error, OSError):
            return cls.silent()
        sounds: dict[str, pygame.mixer.Sound] = {}
        for name in NAMES:
            try:
                sounds[name] = pygame.mixer.Sound(str(folder / f"{name}.wav"))
            except (pygame.error, OSError, FileNotFoundError):
                continue  # a missing file costs that one sound, not the game
        return cls(sounds, volume)

    @property
    def enabled(self) -> bool:
        return bool(self.sounds)

    def set_volume(self, volume: float) -> None:
        self.volume = min(max(volume, 0.0), 1.0)
        for sound in self.sounds.values():
            sound.set_volume(self.volume)

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is None or self.volume <= 0:
            return
        with contextlib.suppress(pygame.error):
            sound.play()
