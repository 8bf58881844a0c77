"""How a game went, on its results: the scores after each hand, deal or round read from the record (a pure
function, per game), each seat's best part, the chart drawn with every seat's plate and token, the win celebrated
once (and quietly with reduced motion or no animations), a human's loss met kindly, and all of it fitting the
panel at 1280x720 with eight seats and at 3840x2160."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

import pygame
import pytest

from game.core.match import play_match
from game.core.progress import BestPart, Progress, score_progress
from game.core.record import GameRecord
from game.core.registry import get
from game.core.setup import HUMAN
from game.scenes import results as results_module
from game.scenes.results import PANEL, ResultsScene, finished_results, progress_of
from game.scenes.results_chart import nice_step
from game.variants.loader import load_variant
from tests.app_input import make_app, run

GAMES = {"reapers": ("hand", 3), "nevermore": ("hand", 4), "trick-or-treat": ("deal", 8),
         "spectral-reapers": ("round", 3)}
"""Each game's word for a part, and the seats its example game is played with."""
SEED = 5


@lru_cache(maxsize=None)
def played(game: str) -> GameRecord:
    """A finished game of easy AIs with a fixed seed, its first seat a human's."""
    spec = get(game)
    record = play_match(spec, load_variant(spec, "standard").params, ["easy"] * GAMES[game][1], SEED).record
    return replace(record, seats=(HUMAN, *record.seats[1:]))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_games_progress_ends_at_its_final_scores_and_counts_its_parts(game: str) -> None:
    record = played(game)
    final = record.replay()
    progress = score_progress(record)
    assert progress is not None and progress.word == GAMES[game][0]
    assert progress.totals[0] == (0.0,) * record.players
    assert progress.totals[-1] == tuple(final.scores())
    assert all(len(totals) == record.players for totals in progress.totals)
    figures = get(game).figures
    assert figures is not None
    counted = figures(final)
    if game == "reapers":
        assert progress.parts == counted["hands"]
    elif game == "trick-or-treat":
        assert progress.parts == counted["deals"]
    elif game == "nevermore":
        assert progress.parts == counted["hands"]
    else:
        sowings = counted["sowings"]
        assert 0 < progress.parts <= sowings / record.players + 1  # every seat sows once a round (more on a capture)
    for seat in range(record.players):
        gains = progress.gains(seat)
        assert sum(gains) == pytest.approx(final.scores()[seat])
        best = progress.best(seat)
        assert best is None or (best.gain == max(gains) > 0 and gains[best.part - 1] == best.gain)


def test_the_best_part_is_the_latest_of_equal_gains_and_none_without_a_gain() -> None:
    progress = Progress("hand", ((0, 0, 0), (5, 0, 2), (7, -3, 2), (12, -3, 2)))
    assert progress.parts == 3
    assert progress.best(0) == BestPart(3, 5)
    assert progress.best(1) is None
    assert progress.best(2) == BestPart(1, 2)


def test_a_game_not_told_in_parts_has_no_progress(toy_game: Any) -> None:
    from tests.toygame import NAME

    assert score_progress(GameRecord(NAME, "standard", {"tricks": 3}, 2, 5)) is None
    assert progress_of(None) is None


def test_nice_steps_cut_a_span_into_few_labels() -> None:
    assert [nice_step(span, 5) for span in (0, 4, 5, 7, 24, 67, 140, 900)] == [1, 1, 1, 2, 5, 20, 50, 200]


def _scene(app: Any, game: str, **changes: Any) -> ResultsScene:
    record = played(game)
    final = record.replay()
    scene = ResultsScene(app, get(game).title, [f"Seat {seat}" for seat in range(record.players)], final.scores(),
                         final.winners(), ["A figure of the game."], record=record, humans=[0])
    for name, value in changes.items():
        setattr(scene, name, value)
    return scene


def test_every_seats_plate_is_drawn_with_its_token_and_its_best_part_in_words(app: Any, monkeypatch: Any) -> None:
    scene = _scene(app, "trick-or-treat")
    tokens: list[int] = []
    drawn = results_module.medallion
    monkeypatch.setattr(results_module, "medallion", lambda seat, side, turn=False: tokens.append(seat) or
                        drawn(seat, side, turn=turn))
    app.push(scene)
    run(app)
    assert sorted(tokens) == list(range(8))
    assert scene.progress is not None
    for seat in range(8):
        best = scene.progress.best(seat)
        assert scene.best_line(seat) == ("Scored in no deal" if best is None else
                                         f"Best: deal {best.part}, +{best.gain:g}")


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_eight_seats_and_the_chart_fit_the_panel_above_the_buttons(size: tuple[int, int], monkeypatch: Any) -> None:
    app = make_app(size=size)
    try:
        scene = _scene(app, "trick-or-treat")
        plates: list[pygame.Rect] = []
        charts: list[pygame.Rect] = []
        monkeypatch.setattr(results_module, "draw_plate", lambda surface, rect, pal, **kw: plates.append(rect))
        monkeypatch.setattr(results_module, "draw_chart", lambda surface, rect, *args: charts.append(rect))
        app.push(scene)
        run(app)
        box = app.layout.box(*PANEL)
        buttons = min(button.rect.top for button in scene.group.widgets)
        assert len(plates) == 8 and len(charts) == 1
        for rect in plates + charts:
            assert box.contains(rect) and rect.bottom < buttons
        assert not any(plate.colliderect(charts[0]) for plate in plates)
    finally:
        app.close()


def _sounds(app: Any, monkeypatch: Any) -> list[str]:
    played_sounds: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name: played_sounds.append(name) or True)
    return played_sounds


def test_a_win_throws_confetti_once_with_the_win_sound(monkeypatch: Any) -> None:
    app = make_app("normal")
    try:
        sounds = _sounds(app, monkeypatch)
        scene = _scene(app, "reapers")
        scene.winners = [0]  # the human's win
        app.push(scene)
        run(app)
        assert sounds == ["win"] and scene.confetti is not None and scene.needs_frame()
        run(app, frames=120)
        assert scene.confetti is None and not scene.needs_frame()
        scene.enter()  # back from the review over it
        assert sounds == ["win"] and scene.confetti is None
    finally:
        app.close()


@pytest.mark.parametrize("settings", [{"reduced_motion": True}, {"animation_speed": "off"}])
def test_reduced_motion_or_no_animation_keeps_the_win_sound_alone(settings: dict[str, Any], monkeypatch: Any) -> None:
    app = make_app("normal")
    try:
        app.settings = replace(app.settings, **settings)
        sounds = _sounds(app, monkeypatch)
        scene = _scene(app, "reapers")
        scene.winners = [0]
        app.push(scene)
        run(app)
        assert sounds == ["win"] and scene.confetti is None and not scene.needs_frame()
    finally:
        app.close()


def test_a_humans_loss_gets_a_kind_line_and_no_confetti(monkeypatch: Any) -> None:
    app = make_app("normal")
    try:
        sounds = _sounds(app, monkeypatch)
        scene = _scene(app, "reapers")
        scene.winners = [1]
        app.push(scene)
        run(app)
        assert sounds == [] and scene.confetti is None
        assert scene.kind_line() and "Seat 0" in scene.kind_line()
        scene.winners, scene.humans = [1], [0, 2]
        assert scene.kind_line() and "Seat 0" not in scene.kind_line()
        scene.humans = []
        assert scene.kind_line() == "" and scene.celebrates()
    finally:
        app.close()


def test_reopened_from_the_history_the_results_chart_the_same_game(app: Any) -> None:
    record = played("nevermore")
    reopened = finished_results(app, record)
    assert reopened.reopened and reopened.progress is not None
    assert reopened.progress == score_progress(record) == _scene(app, "nevermore").progress
    assert reopened.progress.parts > 1
