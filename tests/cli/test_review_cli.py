"""``python main.py review FILE``: each decision of a record's human seats beside the hard AI's choice."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.cli import run
from game.core.match import play_match
from game.core.registry import get
from game.variants.loader import load_variant

BUDGET = "20"


def record_file(tmp_path, players: int = 3, candy: int = 4):  # noqa: ANN001, ANN201
    """A short seeded Trick or Treat game, seat 0 recorded as the human, written to a file."""
    spec = get("trick-or-treat")
    params = dict(load_variant(spec, "standard").params, supply_per_player=candy)
    record = play_match(spec, params, ["normal"] * players, 5).record
    record = dataclasses.replace(record, seats=("human",) + ("normal",) * (players - 1))
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    return path, record


def test_review_lists_each_decision_with_the_costliest_marked(tmp_path, capsys) -> None:
    path, record = record_file(tmp_path)
    # a search sure enough to call a mistake, at an analysis seed under which this game has one
    assert run(["review", str(path), "--budget", "200", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Trick or Treat (standard), {len(record.actions)} moves:")
    assert "of Morgan (seat 1) reviewed" in out[0]
    moves = [line for line in out[1:] if line[2:].startswith("move ")]
    assert len(moves) >= 4
    marked = [line for line in moves if line.startswith("*")]
    assert 1 <= len(marked) <= 3 and all("costliest" in line and "% win" in line for line in marked)
    assert sorted(line.rsplit("costliest ", 1)[1] for line in marked) == [str(n) for n in range(1, len(marked) + 1)]
    assert out[-1].startswith("The costliest: move ")


def test_review_json_is_a_list_of_index_seat_played_best_loss(tmp_path, capsys) -> None:
    path, record = record_file(tmp_path)
    assert run(["review", str(path), "--json", "--budget", BUDGET, "--seed", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, list) and data
    for entry in data:
        assert {"index", "seat", "played", "best", "loss"} <= set(entry)
        assert entry["seat"] == 0 and record.actions[entry["index"]] == entry["played"]
        assert 0 <= entry["loss"] <= 1 and isinstance(entry["best"], str)
        if entry["best"] == entry["played"]:
            assert entry["loss"] == 0
    assert sum(1 for entry in data if entry["costliest"]) <= 3
    assert run(["review", str(path), "--json", "--budget", BUDGET, "--seed", "4"]) == 0
    assert json.loads(capsys.readouterr().out) == data, "the same file and seed give the same review"


@pytest.mark.parametrize("content", ["not json at all", '{"game": "chess"}', ""])
def test_a_file_that_is_not_a_game_record_exits_2_with_one_line(tmp_path, capsys, content) -> None:
    path = tmp_path / "other.json"
    path.write_text(content)
    assert run(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is not a game record" in err and len(err.strip().splitlines()) == 1


def test_a_missing_file_exits_2_with_one_line(tmp_path, capsys) -> None:
    assert run(["review", str(tmp_path / "nothing.json")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
