"""The statistics screen: an empty history, the figures of several games at two kinds of table as
``statistics()`` gives them, the chart of results over time, a row opening its game in the replay viewer, a
damaged row or an unreadable history met with a notice, and thousands of games drawn a screenful at a time."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pygame
import pytest

from game.core.match import play_match
from game.core.record import GameRecord
from game.core.registry import register
from game.scenes import stats as stats_scene
from game.scenes import tables
from game.scenes.lab.charts import A_COLOUR
from game.scenes.stats import CHART_H, CHART_Y, RIGHT_W, RIGHT_X, StatsScene, tally_cells
from game.storage.history import finished_games, record_game
from game.storage.history_db import history_path
from game.storage.history_records import load_record
from game.storage.history_stats import statistics
from game.ui.app import Scene
from tests.app_input import click, key, run
from tests.core import secret_numbers

TOY = "toy-hidden"


def record(spec_name: str, seats: tuple[str, ...], *, won: bool, score: float, seed: int = 1) -> GameRecord:
    """A real game of the toy (so it replays) in the history, with the outcome given: the human (seat 0)
    wins it alone or comes last."""
    from game.core.registry import get

    spec = get(spec_name)
    params = {"tricks": 3} if spec_name == TOY else dict(secret_numbers.STANDARD)
    game = replace(play_match(spec, params, ["random"] * len(seats), seed).record, seats=seats)
    others = [score - 1.0] * (len(seats) - 1) if won else [score + 1.0] * (len(seats) - 1)
    assert record_game(game, finished=True, scores=[score, *others], winners=[0] if won else [1],
                       figures={"rounds": 3.0} if spec_name != TOY else {}, hints=0, seconds=None) == (True, [])
    return game


def open_stats(app) -> StatsScene:  # noqa: ANN001  (the app fixture)
    app.push(Scene(app))  # the menu under it
    scene = StatsScene(app)
    app.push(scene)
    run(app, 2)
    return scene


def test_an_empty_history_shows_the_screen_and_opens_nothing(app, toy_game):
    scene = open_stats(app)
    assert scene.view.problem is None and scene.view.games == [] and scene.kinds() == []
    for code in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_RETURN, pygame.K_RIGHT):
        key(app, code)
    assert app.top is scene and app.toasts == []


def test_the_figures_shown_are_the_history_statistics_per_kind_of_table(app, toy_game):
    outcomes = [(True, 5.0), (False, 2.0), (True, 4.0), (True, 7.0), (False, 1.0)]
    for index, (won, score) in enumerate(outcomes):  # oldest first
        record(TOY, ("human", "easy"), won=won, score=score, seed=index)
    record(TOY, ("human", "normal", "normal"), won=False, score=3.0, seed=9)
    record(TOY, ("human", "human"), won=True, score=3.0, seed=10)  # hot seat: listed, not counted
    scene = open_stats(app)
    (expected,), _ = statistics(TOY)
    labels = [label for label, _ in scene.kinds()]
    assert labels == ["all tables", "2 players vs easy", "3 players vs normal"]
    easy = dict(scene.kinds())["2 players vs easy"]
    assert tally_cells(easy) == ["5", "3", "60%", "3.80", "7", "0 / 2", tally_cells(easy)[-1]]
    for label, tally in scene.kinds()[1:]:
        figures = expected.tables[label].to_json_dict()
        assert tally_cells(tally)[:3] == [str(figures["games"]), stats_scene.number(figures["wins"]),
                                          f"{figures['win_rate'] * 100:.0f}%"]
        assert tally_cells(tally)[-1] == stats_scene.number(figures["average_actions"])
    assert scene.view.stats is not None and scene.view.stats.overall.games == 6
    assert [entry.id for entry in scene.view.games] == [entry.id for entry in finished_games(TOY)[0]]
    assert stats_scene.game_cells(scene.view.games[0])[1:3] == ["2 players, hot seat", "-"]
    assert stats_scene.game_cells(scene.view.games[1])[1:3] == ["3 players vs normal", "3rd of 3"]


def test_the_chart_shows_each_result_and_the_running_win_rate(app, toy_game, monkeypatch):
    for index, won in enumerate((True, False, False, True)):
        record(TOY, ("human", "hard"), won=won, score=2.0, seed=index)
    drawn: list[tuple[list[float], list[float]]] = []
    chart = stats_scene.timeline_chart

    def spy(surface, rect, lay, pal, title, bars, line, **options):  # noqa: ANN001, ANN202
        drawn.append((list(bars), list(line)))
        return chart(surface, rect, lay, pal, title, bars, line, **options)

    monkeypatch.setattr(stats_scene, "timeline_chart", spy)
    scene = open_stats(app)
    app.redraw()
    run(app)
    assert drawn[-1] == ([1.0, 0.0, 0.0, 1.0], [1.0, 0.5, 1 / 3, 0.5])
    area = app.screen.subsurface(scene.layout.box(RIGHT_X, CHART_Y, RIGHT_W, CHART_H))
    bars = sum(1 for x in range(area.get_width()) for y in range(0, area.get_height(), 4)
               if tuple(area.get_at((x, y)))[:3] == A_COLOUR)
    assert bars > 100


def test_a_row_opens_its_game_in_the_replay_viewer(app, toy_game, monkeypatch):
    games = [record(TOY, ("human", "easy"), won=False, score=1.0, seed=seed) for seed in (3, 4, 5)]
    opened: list[GameRecord] = []
    real = tables.open_replay

    def spy(app_, game):  # noqa: ANN001, ANN202
        opened.append(game)
        return real(app_, game)

    monkeypatch.setattr(tables, "open_replay", spy)
    scene = open_stats(app)
    newest = scene.view.games
    assert [load_record(entry.id) for entry in newest] == games[::-1]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert opened == [games[1]] and app.top is not scene
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    body = scene.games_body()
    click(app, (body.centerx, body.y + scene.line_h() // 2))
    assert opened[-1] == games[2] and app.top is not scene


def test_a_damaged_record_is_a_notice_not_a_crash(app, toy_game):
    record(TOY, ("human", "easy"), won=True, score=2.0)
    with sqlite3.connect(history_path()) as connection:
        connection.execute("UPDATE games SET record = '{\"version\": 1}'")
    scene = open_stats(app)
    key(app, pygame.K_RETURN)
    assert app.top is scene
    assert any("cannot be replayed" in toast.text and "game" in toast.text for toast in app.toasts)


def test_a_history_that_cannot_be_read_shows_why(app, toy_game):
    record(TOY, ("human", "easy"), won=True, score=2.0)
    with sqlite3.connect(history_path()) as connection:
        connection.execute("PRAGMA user_version = 99")
    scene = open_stats(app)
    assert scene.view.problem is not None and "newer version" in scene.view.problem
    for code in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_LEFT):
        key(app, code)
    assert app.top is scene


def test_thousands_of_games_draw_a_screenful_and_scroll(app, toy_game, monkeypatch):
    record(TOY, ("human", "easy"), won=True, score=2.0)
    with sqlite3.connect(history_path()) as connection:
        columns = ("played_at, game, variant, params, players, seats, names, humans, finished, scores, winners, "
                   "actions, seconds, hints, figures, record")
        for _ in range(11):  # 2,048 games
            connection.execute(f"INSERT INTO games ({columns}) SELECT {columns} FROM games")
    cells: list[int] = []
    real = stats_scene.game_cells
    monkeypatch.setattr(stats_scene, "game_cells",
                        lambda entry, variant: cells.append(entry.id) or real(entry, variant))
    scene = open_stats(app)
    assert len(scene.view.games) == 2048
    cells.clear()
    app.redraw()
    run(app)
    assert 0 < len(cells) == scene.rows_shown()
    key(app, pygame.K_END)
    assert scene.chosen == 2047 and scene.first == 2048 - scene.rows_shown()
    key(app, pygame.K_PAGEUP)
    assert scene.chosen == scene.first == 2047 - scene.rows_shown()
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3))
    run(app)
    assert scene.first == 2047 - scene.rows_shown() - 3


def test_left_right_and_the_tabs_choose_the_game_and_esc_goes_back(app, toy_game):
    register(secret_numbers.make_spec())
    record("secret-numbers", ("human", "hard"), won=True, score=3.0)
    scene = open_stats(app)
    names = [spec.name for spec in scene.games]
    click(app, scene.tabs[names.index(TOY)].rect.center)
    assert names[scene.current] == TOY and scene.view.games == []
    key(app, pygame.K_RIGHT if names.index("secret-numbers") == 1 else pygame.K_LEFT)
    assert names[scene.current] == "secret-numbers" and len(scene.view.games) == 1
    assert scene.view.stats is not None and scene.view.stats.figures() == {"rounds": 3.0}
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


@pytest.mark.parametrize(("place", "words"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"),
                                              (12, "12th"), (21, "21st")])
def test_places_read_as_ordinals(place, words):
    assert stats_scene.ordinal(place) == words


def test_r_reviews_the_chosen_game(app, toy_game):
    from game.scenes.review import ReviewScene

    games = [record(TOY, ("human", "easy"), won=False, score=1.0, seed=seed) for seed in (3, 4)]
    scene = open_stats(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_r)
    assert isinstance(app.top, ReviewScene) and app.top.record == games[0]
    app.pop()  # leaving stops the review
    run(app)
    assert app.top is scene
