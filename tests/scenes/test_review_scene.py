"""The review screen, headless: a background review with a progress bar and Cancel, then the list of decisions
(keys, wheel and clicks), the replay at a move, and the results screen's Review button."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any, Iterator

import pygame
import pytest

import game.ai.review as review_module
from game.core.match import play_match
from game.core.record import GameRecord
from game.core.registry import get
from game.scenes.results import ResultsScene
from game.scenes.review import DONE, FAILED, RUNNING, ReviewScene
from game.ui.app import Scene
from game.ui.table import TableScene
from game.variants.loader import load_variant
from tests.app_input import click, key, run, run_while_working


def short_game(candy: int = 2, players: int = 2) -> GameRecord:
    """A seeded Trick or Treat game of few candies, seat 0 recorded as the human."""
    spec = get("trick-or-treat")
    params = dict(load_variant(spec, "standard").params, supply_per_player=candy)
    record = play_match(spec, params, ["normal"] * players, 5).record
    return dataclasses.replace(record, seats=("human",) + ("normal",) * (players - 1))


@pytest.fixture
def held(monkeypatch) -> Iterator[threading.Event]:  # noqa: ANN001
    """Every decision's search waits until the event is set (at most 5 s), so a test can look at the screen
    while the review is under way; cheap searches (a small budget) once it is set."""
    release = threading.Event()
    real = review_module.analyse_decision

    def slow(spec: Any, state: Any, seed: int, params: Any, **options: Any) -> Any:
        release.wait(5)
        return real(spec, state, seed, params, **dict(options, budget=20))

    monkeypatch.setattr(review_module, "analyse_decision", slow)
    yield release
    release.set()


def open_review(app, record: GameRecord) -> ReviewScene:  # noqa: ANN001
    scene = ReviewScene(app, record)
    app.push(scene)
    run(app)
    run_while_working(app, lambda: scene.progress[1] > 0, seconds=10)
    return scene


def bar_pixels(app, scene: ReviewScene) -> int:  # noqa: ANN001
    """Pixels of the accent colour in the progress bar (its filled part)."""
    app.draw()
    bar = scene.layout.box(340, 320, 600, 34)
    accent = pygame.Color(*app.palette.accent)
    return sum(app.screen.get_at((x, bar.centery)) == accent for x in range(bar.x, bar.right))


def test_the_progress_bar_fills_while_the_review_runs_and_the_list_follows(app, held) -> None:
    record = short_game()
    scene = open_review(app, record)
    assert scene.mode == RUNNING and scene.progress == (0, 4) and scene.needs_frame()
    assert bar_pixels(app, scene) == 0
    run(app, 5)  # the frame loop goes on while the search is held
    assert scene.mode == RUNNING
    held.set()
    run_while_working(app, lambda: scene.mode != RUNNING, seconds=30)
    assert scene.mode == DONE and not scene.needs_frame()
    assert scene.review is not None and not scene.review.cancelled
    assert [d.index for d in scene.decisions] == [0, 2, 4, 6]
    run(app)
    assert len(scene.row_rects) == 4
    assert scene.group.widgets == [scene.replay_button, scene.back_button]


def test_a_half_done_review_shows_a_partly_filled_bar(app, monkeypatch) -> None:
    release = threading.Event()
    real = review_module.analyse_decision
    calls = []

    def second_waits(*args: Any, **options: Any) -> Any:
        calls.append(1)
        if len(calls) > 2:
            release.wait(5)
        return real(*args, **dict(options, budget=20))

    monkeypatch.setattr(review_module, "analyse_decision", second_waits)
    scene = open_review(app, short_game())
    run_while_working(app, lambda: scene.progress[0] == 2, seconds=10)
    filled = bar_pixels(app, scene)
    assert scene.layout.px(600) * 0.4 < filled < scene.layout.px(600) * 0.6
    release.set()
    run_while_working(app, lambda: scene.mode != RUNNING, seconds=30)


def test_esc_or_cancel_stops_after_the_decision_under_way_and_shows_it(app, held) -> None:
    scene = open_review(app, short_game())
    key(app, pygame.K_ESCAPE)
    assert scene.cancel_flag.is_set() and app.top is scene and scene.cancel_button.label == "Stopping..."
    held.set()
    run_while_working(app, lambda: scene.mode != RUNNING, seconds=30)
    assert scene.review is not None and scene.review.cancelled and len(scene.decisions) == 1
    assert scene.summary().startswith("Stopped: 1 of 4 decisions reviewed")
    held.clear()  # the next review's searches wait again
    other = ReviewScene(app, short_game())
    app.push(other)
    run(app)
    click(app, other.cancel_button.rect.center)
    assert other.cancel_flag.is_set()
    held.set()
    run_while_working(app, lambda: other.mode != RUNNING, seconds=30)
    assert other.review is not None and other.review.cancelled and len(other.decisions) == 1


def test_leaving_while_it_runs_stops_the_review(app, held) -> None:
    scene = open_review(app, short_game())
    app.pop()
    run(app)
    assert scene.cancel_flag.is_set()
    held.set()
    scene.worker.join(10)
    assert not scene.worker.is_alive()


def test_the_list_is_walked_by_keys_wheel_and_clicks_and_opens_the_replay_at_a_move(app, held) -> None:
    held.set()
    record = short_game(candy=7)
    scene = open_review(app, record)
    run_while_working(app, lambda: scene.mode != RUNNING, seconds=60)
    run(app)
    count = len(scene.decisions)
    assert count > scene.visible_rows(), "more decisions than rows: the list scrolls"
    key(app, pygame.K_HOME)
    assert scene.selected == 0 and scene.scroll == 0
    key(app, pygame.K_DOWN)
    assert scene.selected == 1
    key(app, pygame.K_END)
    assert scene.selected == count - 1 and scene.scroll == count - scene.visible_rows()
    key(app, pygame.K_PAGEUP)
    assert scene.selected == count - 1 - 10
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5, flipped=False))
    run(app)
    assert scene.scroll == 0
    rect, number = scene.row_rects[2]
    click(app, rect.center)
    assert scene.selected == number == 2
    key(app, pygame.K_RETURN)  # "Show in replay" has the focus
    tables = [shown for shown in app.stack if isinstance(shown, TableScene)]
    assert len(tables) == 1 and tables[0].session.script is not None, "a replay, not a game"
    assert len(tables[0].record.actions) == scene.decisions[2].index, "at the move selected, before it is played"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene, "Esc leaves the replay for the review"
    click(app, scene.row_rects[3][0].center)
    assert scene.selected == 3 and app.top is scene, "a first click selects"
    click(app, scene.row_rects[3][0].center)
    tables = [shown for shown in app.stack if isinstance(shown, TableScene)]
    assert len(tables) == 1 and len(tables[0].record.actions) == scene.decisions[3].index, "a second one opens"


def test_the_results_offer_a_review_of_a_game_with_a_human(app, held) -> None:
    record = short_game()
    results = ResultsScene(app, "Trick or Treat", ["Morgan", "Boris"], [3, 1], [0], record=record, humans=[0])
    assert [button.label for button in results.group.widgets] == ["Review", "Watch replay", "Main menu"]
    without = ResultsScene(app, "Trick or Treat", ["Ann", "Boris"], [3, 1], [0], record=record, humans=[])
    assert "Review" not in [button.label for button in without.group.widgets]
    app.push(results)
    run(app)
    results.opened = 10.0  # the grace period is over
    click(app, results.group.widgets[0].rect.center)
    run(app)
    review = app.top
    assert isinstance(review, ReviewScene) and review.record is record and review.seats == (0,)
    held.set()
    run_while_working(app, lambda: review.mode != RUNNING, seconds=30)
    key(app, pygame.K_ESCAPE)
    assert app.top is results


def test_a_review_that_fails_says_why_and_goes_back(app, monkeypatch) -> None:
    def broken(*args: Any, **options: Any) -> Any:
        raise RuntimeError("no search today")

    monkeypatch.setattr(review_module, "analyse_decision", broken)
    below = Scene(app)
    app.push(below)
    scene = ReviewScene(app, short_game())
    app.push(scene)
    run(app)
    run_while_working(app, lambda: scene.mode != RUNNING, seconds=10)
    assert scene.mode == FAILED and "no search today" in scene.error
    assert scene.group.widgets == [scene.back_button]
    run(app)
    key(app, pygame.K_RETURN)
    assert app.top is below
