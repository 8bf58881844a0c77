"""``python main.py hint FILE``: the decision a record stops at, as the hard AI sees it."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.cli import run
from game.core.match import play_match
from game.core.registry import get
from game.variants.loader import load_variant


def record_file(tmp_path, game: str = "trick-or-treat", players: int = 3, moves: int | None = 7):
    spec = get(game)
    record = play_match(spec, load_variant(spec, "standard").params, ["normal"] * players, 5).record
    if moves is not None:
        record = dataclasses.replace(record, actions=record.actions[:moves])
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    return path, record


def test_hint_prints_the_options_best_first_with_the_choice_marked(tmp_path, capsys):
    path, record = record_file(tmp_path)
    assert run(["hint", str(path), "--budget", "40"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Trick or Treat, move {len(record.actions) + 1}:")
    options = [line for line in out[1:] if "% win" in line]
    assert len(options) >= 2 and options[0].startswith("*")
    assert sum(line.startswith("*") for line in options) == 1


def test_hint_json_has_seat_options_and_choice(tmp_path, capsys):
    path, record = record_file(tmp_path, "reapers", 3, 20)
    assert run(["hint", str(path), "--json", "--budget", "40"]) == 0
    data = json.loads(capsys.readouterr().out)
    state = record.replay()
    legal = {str(action) for action in state.legal_actions()}
    assert data["seat"] == state.current_player()
    assert data["choice"] == data["options"][0]["action"] and data["choice"] in legal
    for option in data["options"]:
        assert option["action"] in legal and 0 <= option["win"] <= 1 and isinstance(option["score"], float)
    assert run(["hint", str(path), "--json", "--budget", "40"]) == 0
    assert json.loads(capsys.readouterr().out) == data, "the same file and seed give the same hint"


@pytest.mark.parametrize("content", ["not json at all", '{"game": "chess"}', ""])
def test_a_file_that_is_not_a_game_record_exits_2_with_one_line(tmp_path, capsys, content):
    path = tmp_path / "other.json"
    path.write_text(content)
    assert run(["hint", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is not a game record" in err and len(err.strip().splitlines()) == 1


def test_a_missing_file_and_a_finished_game_exit_2(tmp_path, capsys):
    assert run(["hint", str(tmp_path / "nothing.json")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    path, _ = record_file(tmp_path, moves=None)
    assert run(["hint", str(path)]) == 2
    assert "the game is over" in capsys.readouterr().err
