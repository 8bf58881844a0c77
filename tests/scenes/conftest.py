"""Scene test fixtures: the toy game (tests/toygame.py) and a headless app."""

from __future__ import annotations

import pytest

from game.core.settings import Settings
from game.ui.app import App
from tests.toygame import toy_game  # noqa: F401  (fixture)


@pytest.fixture
def app():
    """A headless 1280x720 app with instant animations and no AI pause."""
    application = App(Settings(animation_speed="off", ai_pause_ms=0), size=(1280, 720))
    yield application
    application.close()
