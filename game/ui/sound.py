"""Sound effects synthesised in code (no files to ship), played at the settings' volume.

Without an audio device, or if the mixer will not start, the board stays silent and never raises:
a missing sound card must not stop a card game. Nor does it fill the terminal: the sound library's C code
(ALSA) prints its complaints straight to the process's error output, so the mixer is opened with that output
hushed (``quiet_native_errors``).
"""

from __future__ import annotations

import math
import os
import random
import sys
from array import array
from contextlib import contextmanager
from typing import Iterator

import pygame

from game.core.settings import Settings

RATE = 22050
EFFECTS = ("deal", "play", "bead", "candy", "win", "click", "capture", "jackpot", "raven")
"""The effects a scene may ask for by name."""


def _envelope(i: int, n: int, attack: int = 40) -> float:
    return min(1.0, i / attack) * (1.0 - i / n) ** 2


def _samples(name: str, rate: int) -> list[float]:
    """The effect as floats in [-1, 1]: short, soft, and distinct from each other."""
    noise = random.Random(7)
    if name in ("deal", "play"):
        n = int(rate * (0.07 if name == "deal" else 0.11))
        tone = 0.0 if name == "deal" else 0.35
        return [(noise.uniform(-1, 1) * 0.6 + tone * math.sin(2 * math.pi * 180 * i / rate)) * _envelope(i, n)
                for i in range(n)]
    if name == "bead":
        n = int(rate * 0.12)
        return [math.sin(2 * math.pi * (900 - 3000 * i / n) * i / rate) * _envelope(i, n, 10) * 0.7
                for i in range(n)]
    if name == "candy":
        n = int(rate * 0.16)
        return [(math.sin(2 * math.pi * 660 * i / rate) + 0.5 * math.sin(2 * math.pi * 990 * i / rate))
                * 0.45 * _envelope(i, n) for i in range(n)]
    if name == "click":
        n = int(rate * 0.03)
        return [math.sin(2 * math.pi * 1400 * i / rate) * _envelope(i, n, 5) * 0.4 for i in range(n)]
    if name == "capture":  # a falling gulp
        n = int(rate * 0.2)
        return [math.sin(2 * math.pi * (700 - 1400 * i / n) * i / rate) * 0.55 * _envelope(i, n, 20)
                for i in range(n)]
    if name == "jackpot":  # coins ringing up a major arpeggio
        out: list[float] = []
        for freq in (1046.5, 1318.5, 1568.0, 2093.0):
            n = int(rate * 0.09)
            out += [(math.sin(2 * math.pi * freq * i / rate) + 0.3 * math.sin(2 * math.pi * freq * 2.01 * i / rate))
                    * 0.35 * _envelope(i, n, 8) for i in range(n)]
        return out
    if name == "raven":  # two hoarse caws
        n = int(rate * 0.16)
        caw = [(((i * 310 / rate) % 1.0) * 2 - 1 + noise.uniform(-0.4, 0.4))
               * (0.5 + 0.5 * math.sin(2 * math.pi * 23 * i / rate)) * 0.35 * _envelope(i, n, 30) for i in range(n)]
        return caw + [0.0] * int(rate * 0.06) + caw
    notes = (392.0, 466.2, 587.3, 784.0)  # a minor arpeggio, a little spooky
    step = int(rate * 0.13)
    out = []
    for index, freq in enumerate(notes):
        n = step * (3 if index == len(notes) - 1 else 1)
        out += [math.sin(2 * math.pi * freq * i / rate) * 0.5 * _envelope(i, n) for i in range(n)]
    return out


@contextmanager
def quiet_native_errors() -> Iterator[None]:
    """Send what C libraries print to file descriptor 2 to the null device while the block runs (ALSA's lines
    about a missing sound card, printed on every start); Python's own errors still raise as usual. Where the
    descriptor cannot be copied (no error output at all), the block simply runs."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class SoundBoard:
    """Plays the named effects; silent (not failing) without a mixer."""

    def __init__(self, settings: Settings) -> None:
        self.volume = 0.0
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = self._start_mixer()
        self.configure(settings)

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                with quiet_native_errors():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            return bool(pygame.mixer.get_init())
        except (pygame.error, NotImplementedError, OSError):
            return False

    def configure(self, settings: Settings) -> None:
        """Take volume and mute from the settings."""
        self.volume = 0.0 if settings.muted else settings.volume

    def _sound(self, name: str) -> pygame.mixer.Sound:
        if name not in self.sounds:
            rate, _, channels = pygame.mixer.get_init()
            data = array("h")
            for value in _samples(name, rate):
                data.extend([int(max(-1.0, min(1.0, value)) * 32000)] * channels)
            self.sounds[name] = pygame.mixer.Sound(buffer=data.tobytes())
        return self.sounds[name]

    def preload(self) -> None:
        """Synthesise every effect now (a table calls this on entering), not in the middle of a deal."""
        if not self.available:
            return
        try:
            for name in EFFECTS:
                self._sound(name)
        except (pygame.error, TypeError, ValueError):
            self.available = False

    def close(self) -> None:
        """Stop every effect, free them and close the mixer, before pygame shuts down: an effect still mixing
        on the audio thread as pygame quits, or freed after the mixer is gone, can crash the process."""
        if pygame.mixer.get_init():
            pygame.mixer.stop()
        self.sounds.clear()
        pygame.mixer.quit()
        self.available = False

    def play(self, name: str) -> bool:
        """Play an effect; False when silent (muted, no device, or the mixer failed)."""
        if name not in EFFECTS:
            raise ValueError(f"unknown sound {name!r}; sounds: {', '.join(EFFECTS)}")
        if not self.available or self.volume <= 0:
            return False
        try:
            sound = self._sound(name)
            sound.set_volume(self.volume)
            sound.play()
            return True
        except (pygame.error, TypeError, ValueError):
            self.available = False
            return False
