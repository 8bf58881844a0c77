"""A quiet music loop for each game, synthesised in code (no files to ship): a soft minor-key pad under a
sparse melody, a few bars that loop without a seam, each game in its own tempo, mode and instrument.

Synthesis is plain Python with no pygame, done in small steps (``rendering`` yields after each, about a
millisecond) so that the frame loop does a few each frame and no frame waits for the whole: a second or so of
work, once per game (the sound board keeps the result between runs). It stays that cheap because every tone is a
short exactly-periodic table repeated at C speed, and only envelopes and the mix are worked sample by sample,
through ``map``.
"""

from __future__ import annotations

import hashlib
import io
import math
import operator
import random
import sys
import wave
from array import array
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import repeat
from typing import Callable, Generator, Iterable

MUSIC_RATE = 22050
"""Samples a second the loop is synthesised at (the mixer converts it to its own rate)."""
STEP_SAMPLES = 2048
"""Samples worked in one step of ``rendering``: about a millisecond."""
BARS, BEATS_A_BAR, BARS_A_CHORD = 8, 4, 2
EIGHTHS_A_BAR = 2 * BEATS_A_BAR
"""Where a melody note may start."""
TABLE_SAMPLES = 1200
"""About how long one tone's repeating table is: long enough that its pitch is within a cent of the note's."""
PEAK = 0.6
"""The loop's loudest sample as a share of full scale (the music volume then makes it quieter still)."""
PAD_ATTACK, PAD_RELEASE = 0.9, 1.6
"""Seconds a pad chord takes to swell and to fade (the fade runs under the next chord, and past the loop's end
into its start, so the loop has no seam)."""
DETUNE = 1.004
PAD_VOICES = ((0, 1.0, 0.5), (0, DETUNE, 0.3), (2, 1.0, 0.4), (4, 1.0, 0.4))
"""A pad chord's voices: (scale steps above the chord's, pitch factor, loudness). The root doubled a little
sharper (``DETUNE``) beats slowly, which makes the pad breathe."""
BELL_LEVEL, BELL_STRIKE = 0.45, 0.012
"""The melody's loudness against the pad's voices, and the seconds a note takes to sound."""
MELODY_OCTAVES = 2
"""How far above the pad the melody sings."""
CHORD_TONE_SHARE = 0.6
"""How often a melody note is one of the chord's; the rest step from the note before."""
MELODY_STEPS = (-2, 9)
"""The lowest and highest scale steps the melody reaches (0: the tonic, MELODY_OCTAVES above the pad's)."""
OTHER_TEMPOS, OTHER_TONIC = (52, 88), 73.42
"""Another game's loop: its tempo between these, its tonic within the octave above this (D2)."""
NATURAL_MINOR = (0, 2, 3, 5, 7, 8, 10)
HARMONIC_MINOR = (0, 2, 3, 5, 7, 8, 11)
DORIAN = (0, 2, 3, 5, 7, 9, 10)
PHRYGIAN = (0, 1, 3, 5, 7, 8, 10)

Steps = Generator[None, None, array]
"""Work done in steps: it yields after each, and returns the samples made."""


@dataclass(frozen=True)
class Style:
    """What makes one game's loop its own."""

    tempo: float
    """Beats a minute."""
    tonic: float
    """The key's tonic in Hz, in the pad's register (the melody sings ``MELODY_OCTAVES`` up)."""
    mode: tuple[int, ...]
    """Semitones of the seven steps of the scale."""
    chords: tuple[int, ...]
    """The scale step each chord is built on, ``BARS_A_CHORD`` bars each (``BARS / BARS_A_CHORD`` of them)."""
    pad: tuple[float, ...]
    """Loudness of the pad's harmonics (the first is the note itself)."""
    bell: tuple[float, ...]
    """Loudness of the melody's harmonics."""
    ring: float
    """Seconds a melody note takes to fade to a third."""
    notes_a_bar: int
    """How many melody notes a bar holds (on eighths), so that it stays sparse."""


STYLES: dict[str, Style] = {
    "reapers": Style(66, 110.0, NATURAL_MINOR, (0, 5, 3, 4), pad=(1.0, 0.35, 0.12), bell=(1.0, 0.0, 0.25, 0.0, 0.1),
                     ring=0.55, notes_a_bar=3),
    "spectral-reapers": Style(56, 98.0, PHRYGIAN, (0, 1, 5, 0), pad=(1.0, 0.15, 0.3, 0.0, 0.1),
                              bell=(1.0, 0.5, 0.0, 0.2), ring=0.9, notes_a_bar=2),
    "nevermore": Style(60, 73.42, HARMONIC_MINOR, (0, 3, 5, 4), pad=(1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14),
                       bell=(1.0, 0.0, 0.4, 0.0, 0.15), ring=0.7, notes_a_bar=2),
    "trick-or-treat": Style(84, 82.41, DORIAN, (0, 3, 0, 4), pad=(1.0, 0.5, 0.2), bell=(1.0, 0.0, 0.0, 0.35, 0.0, 0.2),
                            ring=0.35, notes_a_bar=4),
}
"""The four games' loops; any other game gets a loop of its own drawn from its name (``style_for``)."""


def style_for(name: str) -> Style:
    """The loop's style for the game ``name``: its own, or one varied from its name's digest."""
    if name in STYLES:
        return STYLES[name]
    digest = hashlib.sha256(name.encode()).digest()
    base = list(STYLES.values())[digest[0] % len(STYLES)]
    low, high = OTHER_TEMPOS
    return replace(base, tempo=low + digest[1] % (high - low), tonic=OTHER_TONIC * 2 ** ((digest[2] % 12) / 12))


def loop_seconds(style: Style) -> float:
    """How long one pass of the loop lasts."""
    return BARS * BEATS_A_BAR * 60.0 / style.tempo


def rendering(name: str, rate: int = MUSIC_RATE) -> Steps:
    """The game's loop as signed 16-bit mono samples at ``rate``, ready to repeat end to start, worked out in
    steps of ``STEP_SAMPLES`` (drive it with ``next`` until it returns)."""
    style = style_for(name)
    total = round(loop_seconds(style) * rate)
    mix = [0.0] * total
    chord_len = total * BARS_A_CHORD // BARS
    attack, release = round(PAD_ATTACK * rate), round(PAD_RELEASE * rate)
    rise = yield from _curve(lambda i: math.sin(math.pi / 2 * i / attack) ** 2, attack)
    fall = yield from _curve(lambda i: math.cos(math.pi / 2 * i / release) ** 2, release)
    pad = rise + array("d", [1.0]) * max(0, chord_len - attack) + fall
    for index, step in enumerate(style.chords):
        voices = []
        for shift, detune, level in PAD_VOICES:  # a step each: one voice is as long as a chord
            voices.append(_tone(_pitch(style, step + shift) * detune, style.pad, rate, len(pad), level))
            yield
        for at in range(0, len(pad), STEP_SAMPLES):
            part = slice(at, at + STEP_SAMPLES)
            chord = voices[0][part]
            for voice in voices[1:]:
                chord = array("d", map(operator.add, chord, voice[part]))
            _add(mix, map(operator.mul, chord, pad[part]), index * chord_len + at)
            yield
    strike, ring = max(1, round(BELL_STRIKE * rate)), style.ring * rate
    bell = yield from _curve(lambda i: min(1.0, i / strike) * math.exp(-i / ring) * (1.0 - i / (3 * ring)),
                             round(3 * ring))
    eighth = total // (BARS * EIGHTHS_A_BAR)
    for start, step in _melody(name, style):
        tone = _tone(_pitch(style, step) * 2 ** MELODY_OCTAVES, style.bell, rate, len(bell), BELL_LEVEL)
        for at in range(0, len(bell), STEP_SAMPLES):
            _add(mix, map(operator.mul, tone[at:at + STEP_SAMPLES], bell[at:at + STEP_SAMPLES]), start * eighth + at)
            yield
    loudest = 0.0
    for at in range(0, total, STEP_SAMPLES):
        loudest = max(loudest, max(map(abs, mix[at:at + STEP_SAMPLES])))
        yield
    gain = repeat(PEAK * 32767 / (loudest or 1.0))
    samples = array("h")
    for at in range(0, total, STEP_SAMPLES):
        samples.extend(map(round, map(operator.mul, mix[at:at + STEP_SAMPLES], gain)))
        yield
    return samples


def render(name: str, rate: int = MUSIC_RATE) -> array:
    """The game's loop in one go (``rendering`` without the steps)."""
    steps = rendering(name, rate)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            samples: array = done.value
            return samples


def as_wav(samples: array, rate: int = MUSIC_RATE) -> bytes:
    """Mono 16-bit samples as a WAV file's bytes, which the mixer loads at its own rate and channels."""
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        frames = array("h", samples)
        if sys.byteorder == "big":  # a WAV file's samples are little-endian
            frames.byteswap()
        wav.writeframes(frames.tobytes())
    return out.getvalue()


def _pitch(style: Style, step: int) -> float:
    """The frequency of scale step ``step`` (0 the tonic; 7 the tonic an octave up; may be negative)."""
    octave, degree = divmod(step, len(style.mode))
    return style.tonic * 2 ** (octave + style.mode[degree] / 12)


def _melody(name: str, style: Style) -> list[tuple[int, int]]:
    """The sparse tune: (start in eighths, scale step) of each note, drawn from the game's name so that it is
    the same every time; it leans on the chord's notes and moves mostly by step. Each note rings out by itself."""
    rng = random.Random(name)
    notes: list[tuple[int, int]] = []
    step = 0
    for bar in range(BARS):
        chord = style.chords[bar // BARS_A_CHORD]
        for slot in sorted(rng.sample(range(EIGHTHS_A_BAR), style.notes_a_bar)):
            if rng.random() < CHORD_TONE_SHARE:
                step = chord + rng.choice((0, 2, 4))
            else:
                step = max(MELODY_STEPS[0], min(MELODY_STEPS[1], step + rng.choice((-2, -1, 1, 2))))
            notes.append((bar * EIGHTHS_A_BAR + slot, step))
    return notes


@lru_cache(maxsize=64)
def _table(freq: float, partials: tuple[float, ...], rate: int, level: float) -> array:
    """One exact period block of the tone: a whole number of cycles in a whole number of samples, so that it
    repeats without a click; its pitch is within a cent of ``freq``. Harmonic k is the sine's block repeated k
    times and read every k-th sample, at C speed."""
    cycles = max(1, round(TABLE_SAMPLES * freq / rate))
    period = max(1, round(cycles * rate / freq))
    sine = array("d", [math.sin(2 * math.pi * cycles * i / period) for i in range(period)])
    weight = level / sum(partials)
    block = [0.0] * period
    for k, share in enumerate(partials, 1):
        if share:
            block = list(map(operator.add, block, map(operator.mul, (sine * k)[::k], repeat(share * weight))))
    return array("d", block)


def _tone(freq: float, partials: tuple[float, ...], rate: int, n: int, level: float) -> array:
    """``n`` samples of a steady tone whose loudest sample is at most ``level``."""
    table = _table(freq, partials, rate, level)
    return (table * (n // len(table) + 1))[:n]


def _curve(shape: Callable[[int], float], n: int) -> Steps:
    """``shape(i)`` for the first ``n`` samples, in steps."""
    out = array("d")
    for at in range(0, n, STEP_SAMPLES):
        out.extend(map(shape, range(at, min(n, at + STEP_SAMPLES))))
        yield
    return out


def _add(mix: list[float], sound: Iterable[float], start: int) -> None:
    """Mix ``sound`` into ``mix`` from ``start``, what runs past the end coming round to the start (the loop's
    seam is then heard as any other moment)."""
    samples = list(sound)
    total = len(mix)
    at = start % total
    while samples:
        part, samples = samples[:total - at], samples[total - at:]
        end = at + len(part)
        mix[at:end] = map(operator.add, mix[at:end], part)
        at = 0
