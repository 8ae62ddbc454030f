"""Synthesize the game's sounds into assets/sounds/ as small mono WAV files.

Plain additive synthesis with decaying sines and a little noise; only the standard library:

    uv run python tools/make_sounds.py
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050


def render(seconds: float, voice: Callable[[float], float]) -> list[float]:
    return [voice(i / RATE) for i in range(round(seconds * RATE))]


def tone(freq: float, start: float, decay: float, amp: float) -> Callable[[float], float]:
    """A sine from `start` s, fading by e every `decay` s, with a 4 ms attack (no click)."""

    def voice(t: float) -> float:
        if t < start:
            return 0.0
        u = t - start
        attack = min(1.0, u / 0.004)
        return amp * attack * math.exp(-u / decay) * math.sin(2 * math.pi * freq * u)

    return voice


def mix(*voices: Callable[[float], float]) -> Callable[[float], float]:
    return lambda t: sum(v(t) for v in voices)


def tile_click() -> list[float]:
    """Two hard tiles meeting: a noise tick and two short high partials."""
    rng = random.Random(7)
    noise = [rng.uniform(-1, 1) for _ in range(RATE)]

    def tick(t: float) -> float:
        return 0.5 * math.exp(-t / 0.004) * noise[int(t * RATE)]

    return render(0.09, mix(tick, tone(2350, 0, 0.012, 0.45), tone(3670, 0, 0.008, 0.25)))


def claim_call() -> list[float]:
    """A bright rising two-note call for chow, pong and kong."""
    return render(0.32, mix(tone(659.3, 0, 0.08, 0.4), tone(1318.5, 0, 0.05, 0.12),
                            tone(880.0, 0.09, 0.1, 0.45), tone(1760, 0.09, 0.06, 0.12)))


def win_chime() -> list[float]:
    """An arpeggio up a major chord, ringing out."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    voices = [tone(f, i * 0.11, 0.35, 0.28) for i, f in enumerate(notes)]
    voices += [tone(f * 2, i * 0.11, 0.15, 0.06) for i, f in enumerate(notes)]
    return render(1.1, mix(*voices))


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "tile": tile_click,
    "claim": claim_call,
    "win": win_chime,
}


def write_wav(path: Path, samples: Sequence[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.85 * 32767 / peak
    fade = min(len(samples), RATE // 100)  # 10 ms fade-out so the end does not click
    frames = bytearray()
    for i, s in enumerate(samples):
        left = len(samples) - i
        gain = left / fade if left < fade else 1.0
        frames += struct.pack("<h", round(s * scale * gain))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the WAV files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = args.out / f"{name}.wav"
        write_wav(path, make())
        print(f"{path}: {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
