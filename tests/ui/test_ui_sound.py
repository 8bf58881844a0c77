"""Sound: synthesised effects, volume and mute from settings, silence (never a crash) without a device."""

import pygame
import pytest

from game.core.settings import Settings
from game.ui.sound import EFFECTS, SoundBoard


def test_silent_when_the_mixer_cannot_start(monkeypatch):
    pygame.mixer.quit()

    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    board = SoundBoard(Settings())
    assert not board.available
    assert all(board.play(name) is False for name in EFFECTS)


def test_muted_or_zero_volume_is_silent(monkeypatch):
    board = SoundBoard(Settings(muted=True))
    assert board.play("deal") is False
    board.configure(Settings(volume=0.0))
    assert board.play("win") is False


def test_plays_with_a_device_and_rejects_unknown_names():
    board = SoundBoard(Settings(volume=0.5))
    if board.available:
        assert board.play("candy") is True
    with pytest.raises(ValueError):
        board.play("explosion")


def test_preload_synthesises_every_effect_once():
    board = SoundBoard(Settings(volume=0.5))
    if not board.available:
        pytest.skip("no mixer, even the dummy one")
    board.preload()
    assert set(board.sounds) == set(EFFECTS)
    first = dict(board.sounds)
    board.preload()
    assert all(board.sounds[name] is first[name] for name in EFFECTS)


def test_closing_stops_and_frees_every_effect_before_pygame_quits():
    board = SoundBoard(Settings(volume=0.5))
    if not board.available:
        pytest.skip("no mixer on this machine")
    board.preload()
    board.play("deal")
    board.close()
    assert board.sounds == {} and not board.available and not pygame.mixer.get_init()
    assert board.play("deal") is False
