"""``simulate --log``: a stopped series carries on from its log and totals exactly as one uninterrupted run."""

import json
from pathlib import Path

import pytest

from game.cli import run
from game.core import match

ARGS = ["simulate", "trick-or-treat", "--players", "3", "--seats", "normal,random,easy", "--seed", "7", "--json"]


def simulate(capsys, *extra: str) -> dict:
    assert run(ARGS + list(extra)) == 0
    return json.loads(capsys.readouterr().out)


def counting_games(monkeypatch) -> list[int]:
    """Count the games really played (not read back from a log)."""
    seeds: list[int] = []
    real = match.play_match

    def play(spec, params, levels, seed, **kwargs):
        seeds.append(seed)
        return real(spec, params, levels, seed, **kwargs)

    monkeypatch.setattr(match, "play_match", play)
    return seeds


def test_a_series_stopped_and_carried_on_totals_as_one_run(tmp_path: Path, capsys, monkeypatch):
    whole = simulate(capsys, "--games", "10")
    log = tmp_path / "series.jsonl"
    simulate(capsys, "--games", "4", "--log", str(log))
    played = counting_games(monkeypatch)
    carried_on = simulate(capsys, "--games", "10", "--log", str(log))
    assert played == match.series_seeds(7, 10)[4:]  # only the six new games were played
    assert {k: carried_on[k] for k in ("games", "wins", "mean_score", "mean_actions")} == \
        {k: whole[k] for k in ("games", "wins", "mean_score", "mean_actions")}
    assert len(log.read_text().splitlines()) == 1 + 10


def test_a_game_cut_off_mid_line_is_played_again(tmp_path: Path, capsys, monkeypatch):
    log = tmp_path / "series.jsonl"
    simulate(capsys, "--games", "3", "--log", str(log))
    text = log.read_text()
    log.write_text(text[: text.rstrip("\n").rfind("\n") + 1] + text.splitlines()[-1][:20])  # the last line cut
    played = counting_games(monkeypatch)
    assert simulate(capsys, "--games", "3", "--log", str(log))["games"] == 3
    assert played == match.series_seeds(7, 3)[2:]


@pytest.mark.parametrize("change", [["--seed", "8"], ["--seats", "random,random,easy"], ["--budget", "5"]])
def test_a_log_of_another_series_is_refused_and_kept(tmp_path: Path, capsys, change):
    log = tmp_path / "series.jsonl"
    simulate(capsys, "--games", "2", "--log", str(log))
    before = log.read_text()
    args = list(ARGS)
    for flag, value in zip(change[::2], change[1::2]):
        if flag in args:
            args[args.index(flag) + 1] = value
        else:
            args += [flag, value]
    assert run(args + ["--games", "2", "--log", str(log)]) == 2
    error = capsys.readouterr().err
    assert f"{log}:1: this log holds another series" in error and "new file" in error
    assert log.read_text() == before


def test_a_damaged_line_is_named_by_file_and_line(tmp_path: Path, capsys):
    log = tmp_path / "series.jsonl"
    simulate(capsys, "--games", "3", "--log", str(log))
    lines = log.read_text().splitlines()
    lines[2] = '{"game": 1, "scores": "oops"}'
    log.write_text("\n".join(lines) + "\n")
    assert run(ARGS + ["--games", "3", "--log", str(log)]) == 1
    assert f"{log}:3: not a finished game" in capsys.readouterr().err
