"""``sweep`` on the command line: the JSON a script reads, the table a person reads, one-line mistakes."""

import json

import pytest

from game.cli import run


def test_sweep_prints_json_with_an_entry_per_value(capsys):
    assert run(["sweep", "trick-or-treat", "--players", "3", "--param", "supply_per_player", "--values", "6..10:4",
                "--games", "6", "--seats", "normal,random,easy", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["param"] == "supply_per_player" and data["seats"] == ["normal", "random", "easy"]
    assert [entry["value"] for entry in data["values"]] == [6, 10]
    six, ten = data["values"]
    assert ten["base"] and not six["base"] and six["seed"] == ten["seed"] == 3
    assert abs(sum(six["wins"]) - 6) < 1e-9 and len(six["win_share"]) == 3
    assert six["mean_actions"] < ten["mean_actions"]
    assert "tricks" in six["figures"] and six["differs"]["game length"] is True


def test_sweep_of_a_nested_key_prints_a_table(capsys):
    assert run(["sweep", "trick-or-treat", "--players", "2", "--param", "candy[0].value", "--values", "1,2",
                "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "candy[0].value:" in out and "4 games per value" in out
    assert [line.split()[0] for line in out.splitlines() if line.strip()[:1].isdigit()] == ["1b", "2"]


@pytest.mark.parametrize("args, words", [
    (["--param", "supply_per_playr", "--values", "6"], "did you mean 'supply_per_player'?"),
    (["--param", "jokers", "--values", "1"], "jokers is a switch, not a number"),
    (["--param", "supply_per_player", "--values", "40,500"], "value 500 of supply_per_player: must be at most 200"),
    (["--param", "supply_per_player", "--values", "6..16"], "'6..16' in the values"),
    (["--param", "supply_per_player", "--values", "1..30:1", "--games", "99999"], "more than"),
])
def test_a_mistake_is_one_line_and_exit_2(capsys, args, words):
    assert run(["sweep", "trick-or-treat", "--players", "3", "--games", "2", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
