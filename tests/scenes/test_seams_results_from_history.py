"""The last game's results can be seen again: S on a finished game of the statistics' list opens its results
screen, rebuilt from its record, and Back (or Esc) returns to the list."""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.results import INPUT_GRACE_SECONDS, ResultsScene
from tests.app_input import key, run
from tests.scenes.test_stats_scene import TOY, open_stats, record


def test_s_opens_the_chosen_finished_games_results_and_esc_comes_back(app: Any, toy_game: Any) -> None:
    games = [record(TOY, ("human", "easy"), won=False, score=1.0, seed=seed) for seed in (3, 4)]
    scene = open_stats(app)
    chosen = scene.view.games[scene.chosen].id
    key(app, pygame.K_s)
    results = app.top
    assert isinstance(results, ResultsScene) and results.reopened
    assert results.record in games
    assert results.humans == [0] and results.group.focused is None
    assert chosen == scene.view.games[scene.chosen].id  # the list did not move
    run(app, round(INPUT_GRACE_SECONDS * 60) + 1)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
