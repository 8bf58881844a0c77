"""Headless test set-up: SDL's dummy drivers, and user directories redirected away from the real ones."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    """Every test gets fresh, private config, data and cache directories."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("HALLOWTABLE_CONFIG_DIR", str(config))
    monkeypatch.setenv("HALLOWTABLE_DATA_DIR", str(data))
    monkeypatch.setenv("HALLOWTABLE_CACHE_DIR", str(tmp_path / "cache"))
    return config, data


@pytest.fixture(autouse=True)
def app_router(monkeypatch):
    """Every app a test opens has the application's router, as ``game.scenes.launch.open_app`` gives it: its
    tables keep their games and open the pause menu, hand-offs and results."""
    from game.scenes.router import ROUTER
    from game.ui.app import App

    monkeypatch.setattr(App, "router", ROUTER)


@pytest.fixture
def app():
    """A headless 1280x720 app, animations off and no AI pause (tests/ui and tests/scenes have their own)."""
    from tests.app_input import make_app

    application = make_app()
    yield application
    application.close()
