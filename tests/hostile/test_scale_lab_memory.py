"""The lab's memory: a study given up (Cancel, leaving the lab) ends its games under way at once.

Each process of a study is a copy of the app (about 60 MB) that grows with the AI's search; a pool only shut
down let every process finish its game, minutes with the hard AI, so a cancelled study's processes lived on
beside the next one's (the lab's process tree reached 245 MB in 100 s of random input)."""

from __future__ import annotations

import multiprocessing
import threading
import time
from typing import Any, Iterator

import pygame
import pytest

from game.core import match
from game.core.match import SimulationCancelled, simulate
from game.scenes.lab.scene import RUNNING, SETUP, LabScene
from game.scenes.menu import MainMenu
from game.ui.app import App
from tests.app_input import key, run, run_while_working
from tests.toygame import toy_game  # noqa: F401  (fixture)

HANG_SECONDS = 10.0
"""A guard against a hang, not a timing: a cancelled study stops within a tenth of a second."""


def a_game_of_an_hour(*args: Any) -> Any:
    """A game played in a worker process that a study would wait an hour for."""
    time.sleep(3600)


@pytest.fixture
def endless_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every game played in a process takes an hour, and a pool has two processes; any process left over is
    killed after the test (a failing one must not leave hour-long games behind)."""
    monkeypatch.setattr(match, "_play_by_name", a_game_of_an_hour)
    monkeypatch.setattr(match, "usable_cores", lambda: 2)
    yield
    for child in multiprocessing.active_children():
        child.kill()


def no_workers_left() -> bool:
    deadline = time.monotonic() + HANG_SECONDS
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not multiprocessing.active_children()


def test_a_cancelled_series_ends_its_games_under_way_at_once(toy_game, endless_games):
    cancel = threading.Event()
    stopped: list[BaseException] = []

    def series() -> None:
        try:
            simulate(toy_game, {}, ["random"] * 3, 10, 5, jobs=2, cancelled=cancel.is_set)
        except SimulationCancelled as error:
            stopped.append(error)

    worker = threading.Thread(target=series, daemon=True)
    worker.start()
    deadline = time.monotonic() + HANG_SECONDS
    while len(multiprocessing.active_children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(multiprocessing.active_children()) == 2
    cancel.set()
    worker.join(HANG_SECONDS)
    assert not worker.is_alive() and str(stopped[0]) == "cancelled after 0 of 10 games"
    assert no_workers_left()


def open_lab(app: App) -> LabScene:
    app.push(MainMenu(app))
    run(app)
    lab = LabScene(app)
    lab.jobs = 2
    app.push(lab)
    run(app)
    return lab


def test_cancel_in_the_lab_brings_the_setup_back_with_no_process_left(app, toy_game, endless_games):
    lab = open_lab(app)
    lab.start()
    assert lab.mode == RUNNING
    run_while_working(app, lambda: len(multiprocessing.active_children()) == 2, seconds=HANG_SECONDS)
    key(app, pygame.K_ESCAPE)  # Esc cancels
    run_while_working(app, lambda: lab.mode != RUNNING, seconds=HANG_SECONDS)
    assert lab.mode == SETUP and lab.error.startswith("Cancelled after 0 of ")
    assert no_workers_left()


def test_leaving_the_lab_mid_study_ends_its_processes(app, toy_game, endless_games):
    lab = open_lab(app)
    lab.start()
    run_while_working(app, lambda: len(multiprocessing.active_children()) == 2, seconds=HANG_SECONDS)
    app.pop()
    run(app)
    assert app.top is not lab and lab.run is not None
    lab.run.worker.join(HANG_SECONDS)
    assert lab.run.outcome is not None and lab.run.outcome[0] == "cancelled"
    assert no_workers_left()
