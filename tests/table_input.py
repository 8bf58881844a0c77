"""Input and frames for table-scene tests: a click also moves the mouse there, as a real click does."""

from __future__ import annotations

from typing import Callable

import pygame

from game.core.setup import MatchSetup, default_names
from game.storage.settings import Settings
from game.ui.app import App


def make_app(speed: str = "off", size: tuple[int, int] = (1280, 720)) -> App:
    """A headless app at ``size`` with animations at ``speed`` and no AI pause (close it when done)."""
    return App(Settings(animation_speed=speed, ai_pause_ms=0), size=size)


def run(app: App, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run frames, then apply any stack change still pending."""
    for _ in range(frames):
        app.frame(dt)
    app.apply_pending()


def run_until(app: App, done: Callable[[], bool], limit: int = 3000, dt: float = 1 / 60,
              each: Callable[[], None] | None = None) -> int:
    """Run frames until ``done()`` (calling ``each()`` after every frame); the frames it took."""
    for count in range(limit):
        if done():
            return count
        app.frame(dt)
        app.apply_pending()
        if each is not None:
            each()
    raise AssertionError(f"condition not met after {limit} frames")


def key(app: App, code: int) -> None:
    """Press a key and run a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    run(app)


def click(app: App, pos) -> None:  # noqa: ANN001  (any pair of numbers)
    """Move the mouse to ``pos`` and click there, then run a frame."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(app)


def open_table(app: App, scene: type, game: str, seats, params: dict, seed: int = 3, variant: str = "standard"):  # noqa: ANN001, ANN201
    """Push a table of ``game`` (autosave off) with default names and run a frame."""
    seats = tuple(seats)
    table = scene(app, MatchSetup(game, variant, params, seats, default_names(seats), seed))
    table.autosave = False
    app.push(table)
    run(app)
    return table
