"""Sound effects and each game's music loop, synthesised in code (no files to ship), played at the settings'
volumes: the effects at ``volume``, the music on its own channel at ``music_volume``; ``muted`` silences both.

The music is synthesised once per game in small steps, a few milliseconds' worth each frame (``update``), so
that no frame waits for it (the first time a game opens, its music fades in after some seconds); the loop is
kept between runs through ``kept``, and read back at once after that.

Without an audio device, or if the mixer will not start, the board stays silent and never raises:
a missing sound card must not stop a card game. Nor does it fill the terminal: the sound library's C code
(ALSA) prints its complaints straight to the process's error output, so the mixer is opened with that output
hushed (``quiet_native_errors``).
"""

from __future__ import annotations

import math
import os
import io
import random
import sys
import time
from array import array
from contextlib import contextmanager
from functools import lru_cache
from typing import Iterator

import pygame

from game.core.settings import Settings
from game.ui import kept
from game.ui.music import MUSIC_RATE, Steps, as_wav, rendering

RATE = 22050
EFFECTS = ("deal", "play", "bead", "candy", "win", "click", "capture", "jackpot", "raven", "joker")
"""The effects a scene may ask for by name."""
MUSIC_CHANNEL = 0
"""The mixer channel kept for the music (``set_reserved``), so that no effect takes it."""
MUSIC_FADE_IN_MS, MUSIC_FADE_OUT_MS = 2500, 1200
MUSIC_KEPT = "music-1"
"""The version of the music's synthesis in the key of the loops kept between runs: a change to ``music`` that
changes the sound bumps it."""
MUSIC_BUDGET_SECONDS = 0.003
"""The time a frame gives to synthesising music (a step or two of ``rendering``)."""
_loops_made: dict[str, bytes] = {}
"""Each loop made or read in this run (a WAV file's bytes, by game), for the next board (a new window) to
reuse."""
_loops_heard: dict[tuple[str, tuple[int, int, int]], bytes] = {}
"""Each loop as the mixer plays it (by game and mixer format): a board opened later makes its sound from these
samples at once, without reading the WAV again."""
_loops_in_making: dict[str, Steps] = {}
"""The loops begun and not yet done (their steps left, by game), which any board goes on with."""


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
    if name == "joker":  # a wobbling slide up, like a jester's whistle
        n = int(rate * 0.26)
        phase = 0.0
        whistle: list[float] = []
        for i in range(n):
            phase += 2 * math.pi * (320 + 700 * i / n + 60 * math.sin(2 * math.pi * 16 * i / rate)) / rate
            whistle.append(math.sin(phase) * 0.4 * _envelope(i, n, 15))
        return whistle
    notes = (392.0, 466.2, 587.3, 784.0)  # a minor arpeggio, a little spooky
    step = int(rate * 0.13)
    out = []
    for index, freq in enumerate(notes):
        n = step * (3 if index == len(notes) - 1 else 1)
        out += [math.sin(2 * math.pi * freq * i / rate) * 0.5 * _envelope(i, n) for i in range(n)]
    return out


@lru_cache(maxsize=None)
def _pcm(name: str, rate: int, channels: int) -> bytes:
    """The effect as the mixer's 16-bit samples, each channel the same: synthesised once a run, since every
    board (a new window, each test's app) plays the same effects."""
    mono = array("h", (int(max(-1.0, min(1.0, value)) * 32000) for value in _samples(name, rate)))
    frames = array("h", bytes(len(mono) * 2 * channels))
    for channel in range(channels):
        frames[channel::channels] = mono
    return frames.tobytes()


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
    """Plays the named effects and a game's music loop; silent (not failing) without a mixer."""

    def __init__(self, settings: Settings) -> None:
        self.volume = 0.0
        self.music_volume = 0.0
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.tune: str | None = None
        """The game whose music is wanted now (a table is open), or None."""
        self.playing: str | None = None
        """The game whose music the music channel plays, or None."""
        self.loops: dict[str, pygame.mixer.Sound] = {}
        self.available = self._start_mixer()
        self.configure(settings)

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                with quiet_native_errors():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_init():
                pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)
            return bool(pygame.mixer.get_init())
        except (pygame.error, NotImplementedError, OSError):
            return False

    def configure(self, settings: Settings) -> None:
        """Take the volumes and mute from the settings (the music follows at once)."""
        self.volume = 0.0 if settings.muted else settings.volume
        self.music_volume = 0.0 if settings.muted else settings.music_volume
        self._follow_music()

    def _sound(self, name: str) -> pygame.mixer.Sound:
        if name not in self.sounds:
            rate, _, channels = pygame.mixer.get_init()
            self.sounds[name] = pygame.mixer.Sound(buffer=_pcm(name, rate, channels))
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
        """Stop every effect and the music, free them and close the mixer, before pygame shuts down: a sound
        still mixing on the audio thread as pygame quits, or freed after the mixer is gone, can crash the
        process. A loop still being synthesised stays half made, to go on when a board wants it again."""
        if pygame.mixer.get_init():
            pygame.mixer.stop()
        self.sounds.clear()
        self.loops.clear()
        self.tune = self.playing = None
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

    # --- music ---------------------------------------------------------------------------------------
    def start_music(self, game: str) -> None:
        """Play ``game``'s loop from now on (a table opens), fading in: at once if it was made before, else once
        ``update`` has made it."""
        self.tune = game
        self._follow_music()

    def stop_music(self) -> None:
        """Fade the music out (a table closes)."""
        self.tune = None
        self._follow_music()

    @property
    def making_music(self) -> bool:
        """Whether the loop wanted now is still being synthesised (the first time a game's table opens)."""
        return self.tune is not None and self.tune in _loops_in_making and self.music_volume > 0 and self.available

    def update(self) -> None:
        """Once a frame: a few milliseconds of synthesis of the music wanted, if it is being made and can be
        heard; playing it when done. A loop no longer wanted waits, half made, until it is wanted again."""
        game = self.tune
        if game is None or not self.making_music:
            return
        until = time.perf_counter() + MUSIC_BUDGET_SECONDS
        try:
            while time.perf_counter() < until:
                next(_loops_in_making[game])
        except StopIteration as done:
            del _loops_in_making[game]
            _loops_made[game] = wav = as_wav(done.value)
            kept.save(_music_key(game), wav)
            self._follow_music()

    def _follow_music(self) -> None:
        """Make the music channel play what is wanted at the music volume: the wanted loop (synthesised first
        if need be), or silence."""
        if not self.available:
            return
        try:
            channel = pygame.mixer.Channel(MUSIC_CHANNEL)
            audible = self.tune if self.music_volume > 0 else None
            if audible != self.playing and self.playing is not None:
                channel.fadeout(MUSIC_FADE_OUT_MS)
                self.playing = None
            channel.set_volume(self.music_volume)
            if audible is None or audible == self.playing:
                return
            loop = self.loops[audible] if audible in self.loops else self._loop(audible)
            if loop is None:
                return
            channel.play(loop, loops=-1, fade_ms=MUSIC_FADE_IN_MS)
            self.playing = audible
        except (pygame.error, TypeError, ValueError):
            self.available = False

    def _loop(self, game: str) -> pygame.mixer.Sound | None:
        """``game``'s loop as a sound if it was made before (in this run, or kept from another); else None, and
        its synthesis is started (``update`` goes on with it)."""
        heard = _loops_heard.get((game, pygame.mixer.get_init()))
        if heard is not None:
            self.loops[game] = pygame.mixer.Sound(buffer=heard)
            return self.loops[game]
        wav = _loops_made.get(game) or kept.load(_music_key(game))
        if wav is None:
            _loops_in_making.setdefault(game, rendering(game))
            return None
        try:
            loop = pygame.mixer.Sound(file=io.BytesIO(wav))
        except pygame.error:  # a kept copy that is damaged: made again
            _loops_made.pop(game, None)
            _loops_in_making.setdefault(game, rendering(game))
            return None
        _loops_made[game] = wav
        _loops_heard[(game, pygame.mixer.get_init())] = loop.get_raw()
        self.loops[game] = loop
        return loop


def _music_key(game: str) -> str:
    """The key of ``game``'s loop among the things kept between runs."""
    return kept.key(MUSIC_KEPT, game.encode(), str(MUSIC_RATE).encode())
