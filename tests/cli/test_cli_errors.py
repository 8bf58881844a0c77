"""Command-line mistakes print one clear line and exit 2; a file that cannot be used exits 1."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv, message", [
    (["play", "chess"], "unknown game 'chess'"),
    (["simulate", "chess", "--players", "3"], "unknown game 'chess'"),
    (["simulate"], "required"),
    (["frobnicate"], "invalid choice"),
    (["screenshot", "menu", "--out", "x.png", "--size", "big"], "--size must look like 1920x1080"),
])
def test_usage_errors_exit_2_with_one_line(argv, message, capsys):
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_help_documents_every_command():
    result = subprocess.run([sys.executable, "main.py", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0
    for command in ("play", "simulate", "variants --check", "screenshot", "replay", "hint", "review", "history",
                    "stats", "bench"):
        assert f"python main.py {command}" in result.stdout


def test_check_of_a_file_whose_game_cannot_be_told(tmp_path, capsys):
    path = tmp_path / "nowhere" / "mine.yaml"
    path.parent.mkdir()
    path.write_text("x: 1\n")
    assert run(["variants", "--check", str(path)]) == 2
    assert "use --game" in capsys.readouterr().err


def test_replay_of_a_missing_broken_or_foreign_file_says_which(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    foreign = tmp_path / "chess.json"
    foreign.write_text('{"version": 1, "game": "chess", "variant": "standard", "params": {}, "players": 2, '
                       '"seed": 1, "actions": []}', encoding="utf-8")
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"version": 1, "game": "trick-or-treat", "variant": "standard", "params": {}, '
                     '"players": 3, "seed": 1, "actions": ["fly away"]}', encoding="utf-8")
    for path, message in [(tmp_path / "none.json", "no such file"), (broken, "not a Hallowtable game record"),
                          (foreign, "unknown game 'chess'"), (wrong, "rule parameter")]:
        assert run(["replay", str(path)]) == 1
        err = capsys.readouterr().err
        assert str(path) in err and message in err and len(err.strip().splitlines()) == 1
