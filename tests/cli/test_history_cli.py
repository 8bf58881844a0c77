"""``history`` and ``stats`` on the command line: text and JSON, an unknown game, an unusable history."""

from __future__ import annotations

import json
import sqlite3

import pytest

from game.cli import run
from game.core.record import GameRecord
from game.core.registry import register
from game.storage.history import record_game
from game.storage.history_db import SCHEMA_VERSION, history_path
from game.storage.saves import Statistics, save_statistics

from tests.core.secret_numbers import STANDARD, make_spec

GAME = "secret-numbers"


@pytest.fixture(autouse=True)
def played() -> None:
    """Three games of Secret Numbers (won, lost, shared) and one abandoned, after 4 from statistics.json."""
    register(make_spec())
    save_statistics(Statistics({GAME: 4}, {GAME: 1.0}, {GAME: 2}))
    seats = ("human", "hard", "hard")
    for winners, scores in [((0,), (3.0, 1.0, 0.0)), ((2,), (1.0, 0.0, 2.0)), ((0, 1), (2.0, 2.0, 1.0))]:
        record = GameRecord(GAME, "standard", dict(STANDARD), 3, 5, actions=("pick 1",) * 9,
                            names=("Morgan", "Boris", "Cleo"), seats=seats)
        assert record_game(record, finished=True, scores=scores, winners=winners, figures={"rounds": 3.0},
                           hints=1, seconds=120.0)[0]
    assert record_game(record.undone(4), finished=False, scores=[0.0] * 3, winners=[], figures={}, hints=0,
                       seconds=None)[0]


def test_history_lists_finished_games_newest_first(capsys):
    assert run(["history", "--game", GAME]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert err == "" and len(lines) == 3
    assert "Secret Numbers (standard): Morgan, Boris (hard), Cleo (hard); you 1st with 2; won by Morgan and " \
           "Boris; 9 actions, 2 min" in lines[0]
    assert "you 2nd with 1; won by Cleo" in lines[1] and "you 1st with 3; won by Morgan;" in lines[2]


def test_history_as_json(capsys):
    assert run(["history", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["notices"] == [] and [game["winners"] for game in data["games"]] == [[0, 1], [2], [0]]
    assert data["games"][0]["names"] == ["Morgan", "Boris", "Cleo"] and data["games"][0]["seconds"] == 120.0


def test_stats_add_the_imported_totals_and_show_the_table(capsys):
    assert run(["stats", "--game", GAME]) == 0
    out = capsys.readouterr().out
    assert "Secret Numbers: 7 games (of which 4 from before the history), 2.5 won (35.7%); 5 hints; 1 abandoned" \
           in out
    (row,) = [line for line in out.splitlines() if "3 players vs hard" in line]
    assert row.split()[4:] == ["3", "1.5", "50%", "2.0", "3", "1", "1", "9.0"]
    assert "figures, a game on average over 3 finished: rounds 3.00" in out


def test_stats_as_json(capsys):
    assert run(["stats", "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)["games"]
    assert (game["game"], game["games"], game["wins"], game["abandoned"]) == (GAME, 7, 2.5, 1)
    table = game["tables"]["3 players vs hard"]
    assert (table["best_score"], table["current_streak"], table["longest_streak"]) == (3.0, 1, 1)
    assert game["recorded"]["win_rate"] == 0.5 and game["figures"] == {"rounds": 3.0}


@pytest.mark.parametrize("command", ["history", "stats"])
def test_an_unknown_game_is_one_line_and_exit_2(command, capsys):
    assert run([command, "--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["history", "stats"])
def test_a_history_from_a_newer_app_is_reported_with_exit_1(command, capsys):
    with sqlite3.connect(history_path()) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    assert run([command]) == 1
    err = capsys.readouterr().err
    assert "newer version" in err and len(err.strip().splitlines()) == 1


def test_a_skipped_row_is_said_on_stderr_and_the_rest_listed(capsys):
    with sqlite3.connect(history_path()) as connection:
        connection.execute("UPDATE games SET scores = '[1e999, 0, 0]' WHERE id = 1")
    connection.close()
    assert run(["history"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2 and "Row 1 of the game history was skipped" in err


@pytest.mark.parametrize("offset", ["9223372036854775808", "99999999999999999999"])
def test_an_offset_past_any_row_id_is_one_line_and_exit_2(offset, capsys):
    """SQLite takes an offset of 64 bits at most: a larger one is refused by argparse, not raised by SQLite."""
    assert run(["history", "--offset", offset]) == 2
    err = capsys.readouterr().err
    assert "--offset" in err and "Traceback" not in err


def test_the_largest_offset_lists_nothing(capsys):
    assert run(["history", "--offset", "9223372036854775807"]) == 0
    assert "none past the first" in capsys.readouterr().out
