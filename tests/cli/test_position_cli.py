"""The command line of positions: ``position`` writes one, ``play --position`` opens a table at one and
``simulate --position`` plays many games on from one (on the toy game of tests/toygame.py)."""

from __future__ import annotations

import json

import pytest
import yaml

from game.cli import run
from game.core.match import play_match
from game.core.position import MAX_SEED, position_text, read_position, state_from_document, supports_positions
from game.core.registry import all_games
from game.scenes import launch
from tests.toygame import NAME, toy_game  # noqa: F401 (a fixture)


@pytest.fixture
def opened(monkeypatch):
    """The setups ``play`` opens a table with (no window)."""
    setups = []
    monkeypatch.setattr(launch, "run_app", lambda setup: setups.append(setup) or 0)
    return setups


def written(tmp_path, capsys, *options: str):
    path = tmp_path / "start.yaml"
    assert run(["position", NAME, "--players", "3", "--out", str(path), *options]) == 0
    assert capsys.readouterr().out == f"wrote {path}\n"
    return path


def fails(capsys, argv, status: int) -> str:
    assert run(argv) == status
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) >= 1 and "Traceback" not in err
    return err.strip()


def test_position_writes_the_position_after_the_moves_of_a_seeded_game_of_normal_ais(toy_game, tmp_path,
                                                                                      capsys):
    path = written(tmp_path, capsys, "--seed", "4", "--moves", "3")
    loaded = read_position(path)
    record = play_match(toy_game, {"tricks": 3}, ["normal"] * 3, 4).record
    assert loaded.players == 3 and loaded.seed == 4 and loaded.variant == "standard"
    assert loaded.state.observation(None) == record.undone(len(record.actions) - 3).replay().observation(None)
    assert run(["position", NAME, "--players", "3", "--seed", "4", "--moves", "3"]) == 0
    assert capsys.readouterr().out == path.read_text(encoding="utf-8")  # printed without --out, the same
    first = yaml.safe_load(written(tmp_path, capsys).read_text(encoding="utf-8"))  # no moves: the first deal
    assert first["table"] == [] and first["seed"] == 1
    assert position_text(first) == path.read_text(encoding="utf-8")


def test_position_refuses_what_it_cannot_write_in_one_line(toy_game, tmp_path, capsys):
    err = fails(capsys, ["position", NAME, "--players", "2", "--moves", "500"], 2)
    assert err.startswith("error: the game (seed 1) is over after 6 moves, before move 500") and "\n" not in err
    assert fails(capsys, ["position", NAME, "--players", "7"], 2) == \
        "error: Toy Hidden is for 2 to 4 players, not 7"
    assert "is a folder" in fails(capsys, ["position", NAME, "--players", "2", "--out", str(tmp_path)], 2)
    assert "no folder" in fails(capsys, ["position", NAME, "--players", "2", "--out", str(tmp_path / "a" / "b")],
                                2)
    assert "unknown game" in fails(capsys, ["position", "chess", "--players", "2"], 2)
    assert not [path for path in tmp_path.rglob("*") if path.is_file() and "config" not in path.parts]


def test_a_game_without_a_position_format_is_a_mistake_for_every_command(toy_game, tmp_path, capsys, opened):
    from dataclasses import replace

    from game.core import registry

    path = written(tmp_path, capsys)
    registry.register(replace(toy_game, position_of=None, state_from_position=None))
    for argv in (["position", NAME, "--players", "2"], ["play", NAME, "--position", str(path)],
                 ["simulate", NAME, "--position", str(path)]):
        assert fails(capsys, argv, 2) == "error: Toy Hidden has no position format yet"
    assert not opened


def test_play_opens_the_table_at_the_position_with_the_human_in_the_seat_to_move(toy_game, tmp_path,
                                                                                  capsys, opened):
    path = written(tmp_path, capsys, "--moves", "4")
    loaded = read_position(path)
    mover = loaded.state.current_player()
    assert run(["play", NAME, "--position", str(path)]) == 0
    setup = opened.pop()
    assert setup.seats[mover] == "human" and setup.seats.count("human") == 1 and len(setup.seats) == 3
    assert setup.seed == 1 and setup.params == {"tricks": 3} and setup.variant == "standard"
    assert setup.record().new_state().observation(mover) == loaded.state.observation(mover)
    assert run(["play", NAME, "--position", str(path), "--seats", "normal,normal,human", "--seed", "99",
                "--players", "3"]) == 0
    setup = opened.pop()
    assert setup.seats == ("normal", "normal", "human") and setup.seed == 99 and setup.position["seed"] == 99
    assert setup.record().new_state().observation(None) == loaded.state.observation(None)


def test_play_refuses_options_that_do_not_fit_the_position(toy_game, tmp_path, capsys, opened):
    path = written(tmp_path, capsys)
    assert fails(capsys, ["play", NAME, "--position", str(path), "--players", "4"], 2) == \
        f"error: --players 4: the position in {path} is for 3 players"
    assert fails(capsys, ["play", NAME, "--position", str(path), "--seats", "human,normal"], 2) == \
        "error: --seats lists 2 seats but there are 3 players"
    assert "--variant cannot be given with --position" in \
        fails(capsys, ["play", NAME, "--position", str(path), "--variant", "standard"], 2)
    assert "--seed: must be a whole number from 0 to" in \
        fails(capsys, ["play", NAME, "--position", str(path), "--seed", str(MAX_SEED + 1)], 2)
    assert not opened


def test_a_bad_position_file_says_file_line_key_message_and_exits_1(toy_game, tmp_path, capsys, opened):
    path = written(tmp_path, capsys)
    text = path.read_text(encoding="utf-8").replace("table: []", "table: 8")
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("table: 8") + 1
    for argv in (["play", NAME, "--position", str(path)], ["simulate", NAME, "--position", str(path)]):
        assert fails(capsys, argv, 1) == f"{path}:{line}: table: must be a list, not 8"
    path.write_bytes(b"x" * 3_000_000)
    assert "more than the" in fails(capsys, ["play", NAME, "--position", str(path)], 1)
    assert "no such file" in fails(capsys, ["play", NAME, "--position", str(tmp_path / "nope.yaml")], 1)
    assert not opened


def test_simulate_plays_every_game_on_from_the_position(toy_game, tmp_path, capsys):
    path = written(tmp_path, capsys, "--moves", "5")
    assert run(["simulate", NAME, "--position", str(path), "--games", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"] == 3 and result["games"] == 5 and result["seats"] == ["normal"] * 3
    loaded = read_position(path).state
    assert result["mean_actions"] == sum(len(hand) for hand in loaded.hands)  # the moves left from there
    assert run(["simulate", NAME, "--position", str(path), "--games", "3", "--seats", "random,easy,random"]) == 0
    assert f"from the position in {path}" in capsys.readouterr().out
    assert fails(capsys, ["simulate", NAME, "--position", str(path), "--players", "2"], 2) == \
        f"error: --players 2: the position in {path} is for 3 players"
    assert "required: --players" in fails(capsys, ["simulate", NAME], 2)


def test_simulate_from_a_position_logs_its_own_series(toy_game, tmp_path, capsys):
    path = written(tmp_path, capsys, "--moves", "2")
    log = tmp_path / "series.log"
    assert run(["simulate", NAME, "--position", str(path), "--games", "3", "--log", str(log), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert run(["simulate", NAME, "--position", str(path), "--games", "3", "--log", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wins"] == first["wins"]
    other = written(tmp_path, capsys, "--moves", "4")
    err = fails(capsys, ["simulate", NAME, "--position", str(other), "--games", "3", "--log", str(log)], 2)
    assert err.startswith("error:") and "\n" not in err
    assert fails(capsys, ["simulate", NAME, "--players", "3", "--games", "3", "--log", str(log)], 2) \
        .startswith("error:")
    assert state_from_document(yaml.safe_load(other.read_text(encoding="utf-8"))).players == 3


def test_hint_analyses_the_decision_of_a_position(toy_game, tmp_path, capsys):
    path = written(tmp_path, capsys, "--moves", "2")
    assert run(["hint", "--position", str(path), "--json", "--budget", "20"]) == 0
    analysis = json.loads(capsys.readouterr().out)
    loaded = read_position(path).state
    assert analysis["seat"] == loaded.current_player()
    assert analysis["choice"] in map(str, loaded.legal_actions())
    assert "one of them" in fails(capsys, ["hint"], 2)
    assert "one of them" in fails(capsys, ["hint", str(path), "--position", str(path)], 2)
    end = written(tmp_path, capsys, "--moves", "9")
    assert "the game is over after 0 moves" in fails(capsys, ["hint", "--position", str(end)], 2)


@pytest.mark.parametrize("game", [spec.name for spec in all_games() if supports_positions(spec)])
def test_every_game_with_positions_writes_one_and_plays_on_from_it(game, tmp_path, capsys):
    path = tmp_path / "start.yaml"
    assert run(["position", game, "--players", "3", "--moves", "10", "--out", str(path)]) == 0
    capsys.readouterr()
    assert run(["simulate", game, "--position", str(path), "--games", "2", "--seats", "random,random,random",
                "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
