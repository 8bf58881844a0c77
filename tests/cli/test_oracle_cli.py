"""The measuring options of simulate: the oracle level and a table's time limit."""

from __future__ import annotations

import json

import pytest

from game.cli import run


def test_simulate_seats_an_oracle(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["simulate", "trick-or-treat", "--players", "3", "--seats", "oracle,normal,normal", "--games", "2",
                "--budget", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"] == ["oracle", "normal", "normal"]


def test_a_table_may_not_seat_an_oracle(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["play", "trick-or-treat", "--seats", "human,oracle,normal"]) == 2
    assert "oracle" in capsys.readouterr().err


def test_simulate_takes_a_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["simulate", "reapers", "--players", "3", "--seats", "hard,normal,normal", "--games", "1",
                "--budget", "20", "--time-limit", "0.25", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "61", "1e3", "", "abc", "9" * 500])
def test_a_time_limit_out_of_range_is_one_line(capsys: pytest.CaptureFixture[str], value: str) -> None:
    assert run(["simulate", "reapers", "--players", "3", "--time-limit", value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--time-limit" in err
