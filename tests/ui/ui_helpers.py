"""Posting input to a headless app and running frames."""

from __future__ import annotations

import time

import pygame

from game.ui.app import App

FRAME_YIELD = 0.002  # seconds each frame gives up while waiting on background work


def key(app: App, code: int, mod: int = 0, frames: int = 1) -> None:
    """Press a key and run frames so the stack changes apply."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    run(app, frames)


def text(app: App, typed: str) -> None:
    """Type text into the focused field."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=typed))
    run(app, 1)


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(app, 1)


def run(app: App, frames: int = 1, dt: float = 1 / 60) -> None:
    """Run frames, then apply any stack change still pending."""
    for _ in range(frames):
        app.frame(dt)
    app.apply_pending()


def run_until(app: App, done, limit: int = 2000, dt: float = 1 / 60) -> int:  # noqa: ANN001
    """Run frames until ``done()``; the frames it took (fails the test past ``limit``)."""
    for count in range(limit):
        if done():
            return count
        app.frame(dt)
        app.apply_pending()
    raise AssertionError(f"condition not met after {limit} frames")


def run_while_working(app: App, done, seconds: float = 120.0, dt: float = 1 / 60) -> int:  # noqa: ANN001
    """Run frames until ``done()`` while background processes work; the frames it took.

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
