"""The Hint button and H at every game's table: the hard AI's view of the human's decision, on the worker
thread (the frame loop keeps drawing), from that seat's observation, shown with estimates, gone after a move."""

from __future__ import annotations

import threading
from typing import Any

import pygame
import pytest

from game.core.analysis import Analysis
from game.core.contracts import Observation
from game.core.registry import all_games, get
from game.scenes.tables import table_class
from game.storage.saves import load_statistics
from game.variants.loader import load_variant
from tests.app_input import key, make_app, open_table, run, run_while_working

GAMES = [spec.name for spec in all_games()]


def human_table(app: Any, game: str) -> Any:
    spec = get(game)
    players = max(spec.min_players, 3) if game != "spectral-reapers" else 2
    table = open_table(app, table_class(spec), game, ["human"] + ["normal"] * (players - 1),
                       dict(load_variant(spec, "standard").params), seed=8)
    run_while_working(app, lambda: table.seat_to_play is not None)
    return table


@pytest.mark.parametrize("game", GAMES)
def test_h_asks_the_hard_ai_and_the_panel_shows_its_top_options(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    try:
        table = human_table(app, game)
        seen: list[Observation] = []
        from game.ai import hints

        original = hints.hint_agent

        def spying_agent(*args: Any, **kwargs: Any) -> Any:
            agent = original(*args, **kwargs)
            analyse = agent.analyse

            def spy(observation: Observation, legal: Any) -> Analysis:
                seen.append(observation)
                return analyse(observation, legal)

            agent.analyse = spy
            return agent

        monkeypatch.setattr("game.ui.table_hints.hint_agent", spying_agent)
        seat = table.seat_to_play
        key(app, pygame.K_h)
        run_while_working(app, lambda: table.hints.hint is not None or table.hints.error is not None)
        assert table.hints.error is None
        assert seen == [table.state.observation(seat)], "the hint thinks from the player's own observation"
        assert table.hinted() in table.state.legal_actions()
        lines = table.hints.lines(table.hints.observation or table.observation())
        assert lines[0].startswith("Best: ") or lines[0].startswith("Only one move")
        assert len(lines) <= 3 and all("% win" in line for line in lines if not line.startswith("Only"))
        app.draw()
        legal = table.state.legal_actions()
        table.submit(legal[0])
        assert table.hinted() is None, "a move ends the hint"
        run(app)
        assert table.hints.hint is None
    finally:
        app.close()


def test_the_frame_loop_keeps_drawing_while_a_hint_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    release = threading.Event()
    try:
        table = human_table(app, "nevermore")
        from game.ai import hints

        original = hints.hint_agent

        def slow_agent(*args: Any, **kwargs: Any) -> Any:
            agent = original(*args, **kwargs)
            analyse = agent.analyse

            def slow(observation: Observation, legal: Any) -> Analysis:
                release.wait(5)
                return analyse(observation, legal)

            agent.analyse = slow
            return agent

        monkeypatch.setattr("game.ui.table_hints.hint_agent", slow_agent)
        key(app, pygame.K_h)
        frames = app.frames
        for _ in range(20):
            app.frame(1 / 60)
        assert app.frames == frames + 20 and table.hints.hint is None
        assert table.hints.lines(table.hints.observation or table.observation()) == ["Thinking about your move..."]
        release.set()
        run_while_working(app, lambda: table.hints.hint is not None)
    finally:
        release.set()
        app.close()


def test_a_hint_is_refused_with_a_reason_when_it_is_not_your_turn_and_counted_when_given() -> None:
    app = make_app()
    try:
        table = human_table(app, "nevermore")
        table.session.autosave = True  # a real game: hints are counted, for the game's row in the history
        assert table.ask_hint()
        run_while_working(app, lambda: table.hints.hint is not None)
        assert table.ask_hint(), "asking again for the same decision shows the same hint"
        stats, _ = load_statistics()
        assert table.session.hints_used == 1 and stats is not None and stats.hints == {}, "the history alone counts it"
        table.submit(table.state.legal_actions()[0])
        table.awaiting_handoff = True  # no decision of the human's is awaited now
        app.toasts.clear()
        assert not table.ask_hint()
        assert any("your own decision" in toast.text for toast in app.toasts)
    finally:
        app.close()


def test_a_finished_game_goes_into_the_history_with_its_hints() -> None:
    from game.scenes.results import ResultsScene
    from game.storage.history import finished_games

    app = make_app()
    try:
        spec = get("trick-or-treat")
        table = open_table(app, table_class(spec), "trick-or-treat", ["human", "normal"],
                           dict(load_variant(spec, "standard").params), seed=8)
        table.session.autosave = True
        run_while_working(app, lambda: table.seat_to_play is not None)
        assert table.ask_hint()
        run_while_working(app, lambda: table.hints.hint is not None)

        def human_plays() -> bool:
            if table.seat_to_play is not None:
                table.submit(table.state.legal_actions()[0])
            return isinstance(app.top, ResultsScene)

        run_while_working(app, human_plays)
        (entry,), notices = finished_games()
        assert not notices
        assert (entry.game, entry.finished, entry.hints, entry.humans) == ("trick-or-treat", True, 1, (0,))
        assert entry.actions == len(table.record.actions) and list(entry.winners) == table.state.winners()
    finally:
        app.close()
