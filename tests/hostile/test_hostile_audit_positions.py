"""Hostile position files (issue 27): Trick or Treat candy and counts that cannot add up are refused at their
key in one line, as Reapers' and Nevermore's are; a position of 50,000 keys is refused for what it holds,
not taken for an alias bomb."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core.bounded import InputError
from game.core.position import position_document, position_text, read_position
from game.core.yaml_reader import MAX_VALUES
from game.games.trick_or_treat.spec import SPEC
from game.games.trick_or_treat.rules import OVER, PLAY
from game.variants.loader import load_variant
from tests import position_support as support

STANDARD = load_variant(SPEC, "standard").params
PLAYERS = 3
PIECES = STANDARD["supply_per_player"] * PLAYERS


def _body(phase: str = PLAY) -> dict[str, Any]:
    """A whole standard position of 3 players met in a random game, in ``phase``, past its first trick."""
    for seed in range(50):
        for state in support.playout(SPEC, STANDARD, PLAYERS, seed):
            if state.phase == phase and state.trick_number > 0:
                return position_document(SPEC, state, "standard", STANDARD, seed)
    raise AssertionError(f"no {phase} position met")


def _problems(tmp_path: Path, body: dict[str, Any]) -> list[str]:
    """Every line said of the position file holding ``body``; each names the file."""
    path = tmp_path / "position.yaml"
    path.write_text(position_text(body), encoding="utf-8")
    with pytest.raises(InputError) as refused:
        read_position(path, SPEC.name)
    lines = str(refused.value).splitlines()
    assert all(line.startswith(f"{path}:") for line in lines), lines
    return [line.split(": ", 1)[1] for line in lines]


def test_a_position_met_in_play_loads(tmp_path: Path) -> None:
    for phase in (PLAY, OVER):
        path = tmp_path / f"{phase}.yaml"
        path.write_text(position_text(_body(phase)), encoding="utf-8")
        assert read_position(path, SPEC.name).state.phase == phase


def test_a_pot_of_more_candy_than_the_game_has(tmp_path: Path) -> None:
    body = _body()
    body["pot"] = {"candy": 500}
    assert f"pot.candy: must be from 0 to {PIECES}, not 500" in _problems(tmp_path, body)


def test_candy_that_does_not_add_up(tmp_path: Path) -> None:
    body = _body()
    body["pot"]["candy"] += 1
    [problem] = _problems(tmp_path, body)
    assert problem.startswith("the candy does not add up: the seats hold ")
    assert problem.endswith(f"in all, but this game has {PIECES} (supply_per_player for 3 players, shared among "
                            "the kinds)")


def test_an_emptied_supply(tmp_path: Path) -> None:
    body = _body()
    body["supply"] = []
    assert any(problem.startswith("the candy does not add up") for problem in _problems(tmp_path, body))


def test_more_tricks_than_the_supply_could_start(tmp_path: Path) -> None:
    body = _body()
    body["tricks_played"] = 10**20
    assert f"tricks_played: must be from 0 to {PIECES}, not {10**20}" in _problems(tmp_path, body)
    body["tricks_played"] = PIECES
    taken = PIECES - len(body["supply"])
    assert _problems(tmp_path, body) == [f"tricks_played: is {PIECES}, but {PIECES + 1} tricks counting the trick in "
                                         f"play would have taken at least {PIECES + 1} candy from the supply, and "
                                         f"{taken} have left it"]


def test_more_deals_than_tricks(tmp_path: Path) -> None:
    body = _body()
    body["deal"] = body["tricks_played"] + 2
    assert _problems(tmp_path, body) == [f"deal: is {body['deal']}, but {body['tricks_played'] + 1} tricks counting "
                                         "the trick in play have begun, and every deal plays at least one"]


def test_running_totals_past_what_was_played(tmp_path: Path) -> None:
    body = _body(OVER)
    body["totals"]["jackpots"] = body["tricks_played"] + 1
    body["totals"]["jackpot_candy"] = PIECES
    taken = PIECES - len(body["supply"])
    problems = _problems(tmp_path, body)
    assert f"totals.jackpots: is {body['tricks_played'] + 1}, but only {body['tricks_played']} tricks have begun" \
        in problems
    assert (f"totals.jackpot_candy: is {PIECES}, but only {taken} candy have left the supply" in problems) == (
        taken < PIECES)


def test_fifty_thousand_keys_are_refused_for_what_they_hold(tmp_path: Path) -> None:
    path = tmp_path / "keys.yaml"
    path.write_text("game: trick-or-treat\n" + "".join(f"key{index}: {index}\n" for index in range(50_000)))
    with pytest.raises(InputError) as refused:
        read_position(path)
    line = MAX_VALUES // 2  # the document is one value, then a key and its value a line: 1 + 2 * 10,000
    assert str(refused.value) == (f"{path}:{line}: holds more than {MAX_VALUES:,} values (keys, list items and "
                                  f"texts); at most {MAX_VALUES:,} are read")
    assert "alias" not in str(refused.value)
