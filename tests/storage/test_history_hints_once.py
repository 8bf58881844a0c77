"""A hint is counted once: from a fresh data folder, H pressed once in the first Trick or Treat game, the game
finished: the statistics and ``stats`` say 1 hint. The game's row in the history is the one count (the old
statistics.json, imported into the history once, is no longer written at the table)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.cli import run as run_cli
from game.core.registry import get
from game.scenes.results import ResultsScene
from game.scenes.tables import table_class
from game.storage.history_stats import statistics
from game.storage.saves import load_statistics, statistics_path
from game.variants.loader import load_variant
from tests.app_input import key, make_app, open_table, run_while_working

GAME = "trick-or-treat"


def test_one_hint_in_the_first_game_is_one_hint_in_the_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    app = make_app()
    try:
        spec = get(GAME)
        table = open_table(app, table_class(spec), GAME, ["human", "normal"],
                           dict(load_variant(spec, "standard").params), seed=8)
        table.session.autosave = True  # a real game, as the app plays it
        run_while_working(app, lambda: table.seat_to_play is not None)
        key(app, pygame.K_h)
        run_while_working(app, lambda: table.hints.hint is not None)
        assert table.session.hints_used == 1

        def human_plays() -> bool:
            if table.seat_to_play is not None:
                table.submit(table.state.legal_actions()[0])
            return isinstance(app.top, ResultsScene)

        run_while_working(app, human_plays)
    finally:
        app.close()
    (one,), notices = statistics()
    assert (one.game, one.hints, one.games, notices) == (GAME, 1, 1, [])
    assert run_cli(["stats", "--json"]) == 0
    (shown,) = json.loads(capsys.readouterr().out)["games"]
    assert shown["hints"] == 1
    stats, _ = load_statistics()
    assert stats is not None and stats.hints == {}, f"{statistics_path()} counts no hint of its own"
