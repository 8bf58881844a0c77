"""The music: a quiet loop per game, synthesised in steps no frame waits for, kept between runs, played on its
own channel at the music volume while a table is open, silent (never failing) without a mixer."""

from __future__ import annotations

import io
from array import array
from itertools import pairwise

import pygame
import pytest

from game.core.setup import MatchSetup
from game.core.settings import Settings
from game.ui import kept, music, sound
from game.ui.music import MUSIC_RATE, STEP_SAMPLES, STYLES, as_wav, loop_seconds, render, rendering, style_for
from game.ui.sound import MUSIC_CHANNEL, SoundBoard
from tests.app_input import run
from tests.toygame import NAME, ToyTable

SHORT = array("h", [0, 900, 1800, 900, 0, -900, -1800, -900] * 400)
"""A stand-in loop, quick to make."""


def short_rendering(name: str, rate: int = MUSIC_RATE) -> music.Steps:
    yield
    yield
    return SHORT


class Shelf:
    """A kept-between-runs store in memory."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load(self, key: str) -> bytes | None:
        return self.kept.get(key)

    def save(self, key: str, data: bytes) -> None:
        self.kept[key] = data


@pytest.fixture
def fresh(monkeypatch):
    """No loop made in this run yet, the quick stand-in synthesis, and a store in memory."""
    monkeypatch.setattr(sound, "_loops_made", {})
    monkeypatch.setattr(sound, "_loops_heard", {})
    monkeypatch.setattr(sound, "_loops_in_making", {})
    monkeypatch.setattr(sound, "rendering", short_rendering)
    shelf = Shelf()
    kept.use_store(shelf)
    yield shelf
    kept.use_store(None)


def board_or_skip(settings: Settings) -> SoundBoard:
    board = SoundBoard(settings)
    if not board.available:
        pytest.skip("no mixer, even the dummy one")
    return board


def make(board: SoundBoard, frames: int = 50) -> None:
    for _ in range(frames):
        board.update()


def test_each_game_has_its_own_loop_and_any_other_game_one_from_its_name():
    games = list(STYLES)
    assert len({(style.tempo, style.mode, style.pad, style.bell) for style in STYLES.values()}) == len(games)
    assert all(style.mode[2] == 3 for style in STYLES.values())  # a minor third: every game in a minor key
    assert style_for("toy-hidden") == style_for("toy-hidden") and style_for("toy-hidden") not in STYLES.values()


def test_a_loop_is_a_few_bars_that_join_without_a_click_and_are_not_loud():
    samples = render("trick-or-treat")
    assert len(samples) == round(loop_seconds(STYLES["trick-or-treat"]) * MUSIC_RATE)
    assert 15 <= len(samples) / MUSIC_RATE <= 40
    steps = sorted(abs(b - a) for a, b in pairwise(samples))
    assert abs(samples[0] - samples[-1]) <= steps[len(steps) * 99 // 100]  # the seam is a step like most others
    assert max(map(abs, samples)) <= round(music.PEAK * 32767) + 1
    other = render("nevermore")
    assert other[:len(samples)] != samples[:len(other)]


def test_synthesis_goes_in_small_steps_and_gives_what_render_gives():
    steps = rendering("reapers")
    count = 0
    while True:
        try:
            next(steps)
            count += 1
        except StopIteration as done:
            made = done.value
            break
    assert count >= len(made) // STEP_SAMPLES  # never the whole loop in one go
    assert made == render("reapers")


def test_a_loop_loads_into_the_mixer_at_its_length():
    board = board_or_skip(Settings())
    loop = pygame.mixer.Sound(file=io.BytesIO(as_wav(SHORT)))
    assert loop.get_length() == pytest.approx(len(SHORT) / MUSIC_RATE, rel=0.02)
    board.close()


def test_a_table_plays_its_music_once_made_on_its_own_channel_and_fades_it_when_gone(fresh):
    board = board_or_skip(Settings(music_volume=0.5))
    board.start_music("reapers")
    assert board.playing is None and "reapers" in sound._loops_in_making  # made over the next frames
    make(board)
    channel = pygame.mixer.Channel(MUSIC_CHANNEL)
    assert board.playing == "reapers" and channel.get_busy()
    for name in sound.EFFECTS * 3:  # the effects never take the music's channel
        board.play(name)
    assert channel.get_sound() is board.loops["reapers"]
    assert any(key.startswith(sound.MUSIC_KEPT) for key in fresh.kept)  # kept for the next run
    board.stop_music()
    assert board.playing is None and board.tune is None
    board.close()


def test_a_loop_kept_from_another_run_plays_at_once(fresh, monkeypatch):
    board = board_or_skip(Settings(music_volume=0.5))
    board.start_music("nevermore")
    make(board)
    board.close()
    monkeypatch.setattr(sound, "_loops_made", {})  # a new run: only the store remembers
    monkeypatch.setattr(sound, "_loops_heard", {})
    board = board_or_skip(Settings(music_volume=0.5))
    board.start_music("nevermore")
    assert board.playing == "nevermore" and not sound._loops_in_making
    board.close()


def test_mute_or_no_music_volume_makes_and_plays_nothing_and_the_music_follows_the_settings(fresh):
    board = board_or_skip(Settings(muted=True, music_volume=0.5))
    board.start_music("reapers")
    make(board)
    assert board.playing is None and "reapers" not in sound._loops_made
    board.configure(Settings(music_volume=0.0))
    make(board)
    assert board.playing is None
    board.configure(Settings(music_volume=0.4))
    make(board)
    assert board.playing == "reapers"
    board.configure(Settings(muted=True))
    assert board.playing is None
    board.close()


def test_a_damaged_kept_loop_is_made_again(fresh):
    board = board_or_skip(Settings(music_volume=0.5))
    fresh.kept[sound._music_key("reapers")] = b"not a sound"
    board.start_music("reapers")
    assert board.playing is None
    make(board)
    assert board.playing == "reapers" and fresh.kept[sound._music_key("reapers")].startswith(b"RIFF")
    board.close()


def test_without_a_mixer_the_music_is_silent_and_never_fails(fresh, monkeypatch):
    pygame.mixer.quit()

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    board = SoundBoard(Settings(music_volume=1.0))
    assert not board.available
    board.start_music("reapers")
    make(board)
    board.configure(Settings(music_volume=0.5))
    board.stop_music()
    assert board.playing is None and not sound._loops_in_making


def test_entering_a_table_starts_its_games_music_and_leaving_it_stops_it(app, toy_game, fresh):
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("normal", "normal"), ("Ann", "Boris"), 3)
    app.push(ToyTable(app, setup))
    run(app)
    assert app.sound.tune == NAME
    if app.sound.available:
        assert app.sound.playing == NAME  # made on the frames run, no file needed
    app.pop()
    run(app)
    assert app.sound.tune is None and app.sound.playing is None
