"""Input and frames for headless app tests: a click also moves the mouse there, as a real click does."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

import pygame

from game.core.settings import Settings
from game.core.setup import MatchSetup, default_names
from game.ui.app import App

FRAME_YIELD = 0.002  # seconds each frame gives up while waiting on background work


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


def run_while_working(app: App, done: Callable[[], bool], seconds: float = 120.0, dt: float = 1 / 60) -> int:
    """Run frames until ``done()`` while background threads or processes work; the frames it took.

    Work off the frame loop takes wall-clock time, not frames, so the limit is in seconds; each frame yields
    the CPU briefly, as the app's frame clock does, so a busy machine's workers are not starved by the test."""
    deadline = time.monotonic() + seconds
    count = 0
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met after {seconds:g} s ({count} frames)")
        app.frame(dt)
        app.apply_pending()
        time.sleep(FRAME_YIELD)
        count += 1
    return count


def key(app: App, code: int, mod: int = 0, frames: int = 1) -> None:
    """Press a key and run frames so the stack changes apply."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    run(app, frames)


def text(app: App, typed: str) -> None:
    """Type text into the focused field."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
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
    table.session.autosave = False
    app.push(table)
    run(app)
    return table


def hold_agents(agents: Any, release: threading.Event) -> None:
    """Make every AI in ``agents`` (a table's seat -> agent mapping) think until ``release`` is set (at
    most 5 s), so a test can look at the table while a decision is under way."""
    for agent in agents.values():
        original = agent.choose

        def slow_choose(observation: Any, legal: Any, original: Callable[..., Any] = original) -> Any:
            release.wait(5)
            return original(observation, legal)

        agent.choose = slow_choose
