"""Scene test fixtures: the toy game from tests/ui and a headless app."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from game.storage.settings import Settings  # noqa: E402
from game.ui.app import App  # noqa: E402
from ui_toygame import toy_game  # noqa: E402,F401  (fixture)


@pytest.fixture
def app():
    """A headless 1280x720 app with instant animations and no AI pause."""
    application = App(Settings(animation_speed="off", ai_pause_ms=0), size=(1280, 720))
    yield application
    application.close()
