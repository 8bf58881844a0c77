"""A finished Spectral Reapers game's replay has no "Hands" toggle: every bead is on the board in view of all,
so there is nothing to turn face up (a Reapers replay keeps it)."""

from __future__ import annotations

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.match import play_match
from game.core.registry import get
from game.scenes.replay import ReplayScene
from game.scenes.tables import open_replay
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import key, make_app, run

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def open_viewer(app: App, name: str, players: int) -> ReplayScene:
    spec = get(name)
    record = play_match(spec, load_variant(spec, "standard").params, ("random",) * players, 7).record
    app.push(open_replay(app, record))
    run(app, 2)
    viewer = app.top
    assert isinstance(viewer, ReplayScene) and viewer.ended
    viewer.playing = False
    return viewer


def test_a_spectral_replay_offers_no_face_up_toggle():
    app = make_app()
    try:
        viewer = open_viewer(app, "spectral-reapers", 2)
        assert viewer.face_up_rect.w == 0
        app.toasts.clear()
        key(app, pygame.K_f)
        assert not viewer.table.show_all_hands
        assert any("Nothing is hidden" in toast.text for toast in app.toasts)
        app.draw()
    finally:
        app.close()


def test_a_reapers_replay_keeps_it():
    app = make_app()
    try:
        viewer = open_viewer(app, "reapers", 3)
        assert viewer.face_up_rect.w > 0
        key(app, pygame.K_f)
        assert viewer.table.show_all_hands
    finally:
        app.close()
