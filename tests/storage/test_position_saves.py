"""A table opened at a position (``play GAME --position FILE``) saves, resumes, undoes and reports like any
game: its record carries the position it started from. On the first real game that writes positions."""

from __future__ import annotations

import json

import pytest

from game.core.match import make_agent
from game.core.position import position_document, state_from_document, supports_positions
from game.core.record import START_KEY, GameRecord
from game.core.registry import all_games
from game.core.setup import MatchSetup
from game.scenes.tables import open_table
from game.storage.reports import save_report
from game.storage.saves import load_game
from game.variants.loader import STANDARD, load_variant
from tests.app_input import run

GAMES = [spec for spec in all_games() if supports_positions(spec)]
pytestmark = pytest.mark.skipif(not GAMES, reason="no registered game writes positions yet")
MOVES = 12
"""Moves of normal AIs before the position is taken."""


def start(spec, players: int = 3, seed: int = 21) -> dict:
    params = load_variant(spec, STANDARD).params
    state = spec.new_game(params, players, seed)
    agents = [make_agent(spec, "normal", seat, seed, params) for seat in range(players)]
    for _ in range(MOVES):
        seat = state.current_player()
        state.apply(agents[seat].choose(state.observation(seat), state.legal_actions()))
    return position_document(spec, state, STANDARD, params, 5)


def test_a_table_at_a_position_saves_resumes_undoes_and_reports_from_there(app):
    spec = GAMES[0]
    position = start(spec)
    loaded = state_from_document(position).state
    mover = loaded.current_player()
    seats = tuple("human" if seat == mover else "normal" for seat in range(3))
    setup = MatchSetup(spec.name, STANDARD, position["params"], seats, ("Ann", "Boris", "Cleo"), 5, position)
    table = open_table(app, setup, first_guide=True)
    app.push(table)
    run(app, 2)
    assert table.state.observation(mover) == loaded.observation(mover)
    assert table.seat_to_play == mover
    mine = table.state.legal_actions()[-1]
    table.submit(mine)
    table.play_instantly(50)
    saved, notices = load_game(spec.name)
    assert saved is not None and not notices
    assert saved.position == position and saved.actions == table.record.actions
    assert saved.replay().observation(None) == table.state.observation(None)
    resumed = open_table(app, MatchSetup.from_record(saved), saved)
    assert resumed.state.observation(mover) == table.state.observation(mover)
    assert table.undo() and table.state.observation(mover) == loaded.observation(mover)
    assert load_game(spec.name)[0].actions == ()
    report = json.loads(save_report(table.record, table.log).read_text(encoding="utf-8"))
    assert report[START_KEY] == position
    assert report["position"] == position_document(spec, loaded, STANDARD, position["params"], 5)
    assert GameRecord.from_json(json.dumps(report)).position == position
