"""``simulate`` on the command line: the JSON a script reads and the table a person reads."""

import json

from game.cli import run


def test_simulate_prints_json_whose_wins_add_up(capsys):
    assert run(["simulate", "trick-or-treat", "--players", "3", "--games", "6", "--seats", "normal,random,easy",
                "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 6 and result["seats"] == ["normal", "random", "easy"]
    assert abs(sum(result["wins"]) - 6) < 1e-9


def test_simulate_table_gives_each_win_share_with_its_margin(capsys):
    assert run(["simulate", "trick-or-treat", "--players", "4", "--games", "8"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line[:1].isdigit()]
    assert [row[0] for row in rows] == ["0", "1", "2", "3"]
    assert all(row[4].startswith("+/-") for row in rows)
    assert "fair share 25.0% a seat" in out
