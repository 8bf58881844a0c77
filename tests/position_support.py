"""Positions for the games' own position tests: random playouts, the round trip state -> position -> state,
the same continuation from two loads, the documented example, junk in every key, and the assertion that a
position is refused with a message at a key. ``tests/games/test_positions.py`` checks every game alike; these
help each game's tests check what is its own."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import pytest

from game.core.contracts import GameState
from game.core.position import HEADER_KEYS, PositionError, PositionProblem, position_document, position_text, \
    state_from_document
from game.core.registry import GameSpec
from game.core.yaml_reader import parse_yaml
from game.variants.loader import STANDARD

ROOT = Path(__file__).resolve().parents[1]


def states(spec: GameSpec, params: dict[str, Any], players: int, seed: int) -> Iterator[GameState]:
    """Every state of one random game, first to last: the one live state, after each move."""
    state = spec.new_game(params, players, seed)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_legal(actions[rng.randrange(len(actions))])
        yield state


def playout(spec: GameSpec, params: dict[str, Any], players: int, seed: int) -> list[GameState]:
    """Every state of one random game, first to last, each kept (a copy)."""
    return [state.clone() for state in states(spec, params, players, seed)]


def play_on(spec: GameSpec, state: GameState, seed: int) -> tuple[list[str], Any]:
    """The rest of a random game from ``state``: its actions, and where it ends (the whole table as the
    spectator sees it, the scores, the winners and the game's figures)."""
    rng = random.Random(seed)
    played = []
    while not state.is_terminal():
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply_legal(action)
        played.append(str(action))
    figures = spec.figures(state) if spec.figures else {}
    return played, (state.observation(None), state.scores(), state.winners(), figures)


def same_game(one: GameState, other: GameState) -> None:
    """The same to every seat and the spectator, with the same decision, end, scores and winners."""
    seats = [None, *range(one.num_players)]
    assert [one.observation(seat) for seat in seats] == [other.observation(seat) for seat in seats]
    assert [str(action) for action in one.legal_actions()] == [str(action) for action in other.legal_actions()]
    assert one.current_player() == other.current_player() and one.is_terminal() == other.is_terminal()
    assert one.scores() == other.scores() and one.winners() == other.winners()


def document(spec: GameSpec, state: GameState, params: dict[str, Any], seed: int = 0,
             variant: str = STANDARD) -> dict[str, Any]:
    """The whole position of ``state``, header and all."""
    return position_document(spec, state, variant, params, seed)


def load(spec: GameSpec, data: dict[str, Any]) -> GameState:
    """The state of a position document (a copy is read: the test keeps its document)."""
    return state_from_document(copy.deepcopy(data), spec.name).state


def round_trip(spec: GameSpec, state: GameState, params: dict[str, Any], seed: int = 0,
               variant: str = STANDARD, text: bool = False) -> GameState:
    """``state``'s position loaded again: the same position, the same game to every seat; the loaded state.
    With ``text``, the position is also written as YAML and must read back the same (slow: a few states)."""
    data = document(spec, state, params, seed, variant)
    if text:
        assert parse_yaml(position_text(data)).value == data
    loaded = load(spec, data)
    assert document(spec, loaded, params, seed, variant) == data
    same_game(state, loaded)
    return loaded


def round_trips(spec: GameSpec, params: dict[str, Any], players: int, seeds: Iterable[int],
                step: Callable[[int], int], variant: str = STANDARD) -> list[tuple[GameState, GameState]]:
    """``round_trip`` of every ``step(moves)``-th state of random games (one per seed) and of each end: the
    pairs (state played to, state loaded)."""
    pairs = []
    for seed in seeds:
        played = playout(spec, params, players, seed)
        for state in played[::step(len(played))] + [played[-1]]:
            pairs.append((state, round_trip(spec, state, params, seed, variant)))
    return pairs


def same_continuation(spec: GameSpec, data: dict[str, Any], seed: int) -> None:
    """Two loads of one position, played on with the same random choices, play the same game to the same end."""
    assert play_on(spec, load(spec, data), seed) == play_on(spec, load(spec, data), seed)


def documented_example(package: str) -> dict[str, Any]:
    """The YAML example of ``game/games/<package>/POSITIONS.md``."""
    text = (ROOT / "game" / "games" / package / "POSITIONS.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block is not None, f"{package}/POSITIONS.md has no yaml example"
    return parse_yaml(block.group(1)).value


def own_keys(data: dict[str, Any]) -> dict[str, Any]:
    """A position document's game keys, the header left out (what ``GameSpec.position_of`` writes)."""
    return {key: value for key, value in data.items() if key not in HEADER_KEYS}


def problems_of(loading: Callable[[], Any]) -> list[PositionProblem]:
    """The problems of a position that ``loading`` must refuse."""
    with pytest.raises(PositionError) as caught:
        loading()
    return caught.value.problems


def refused(loading: Callable[[], Any]) -> dict[str, str]:
    """The problems of a position that ``loading`` must refuse, as ``{key: message}`` (``seats[0].hand``)."""
    return {problem.key: problem.message for problem in problems_of(loading)}


def assert_refused_at(loading: Callable[[], Any], keys: tuple, message: str) -> None:
    """``loading`` refuses its position with a problem at the key path ``keys`` whose message holds ``message``."""
    problems = [(problem.keys, problem.message) for problem in problems_of(loading)]
    assert any(found == keys and message in said for found, said in problems), problems


def assert_keys_checked(loading: Callable[[dict[str, Any]], Any], body: dict[str, Any], key: str,
                        seat_key: str) -> None:
    """A game's keys are checked by name: an unknown key (``bets``) is refused, and so are its ``key`` and seat
    1's ``seat_key`` left out."""
    body["bets"] = 3
    del body[key]
    del body["seats"][1][seat_key]
    problems = refused(lambda: loading(body))
    assert problems["bets"].startswith("is not a key here")
    assert problems[key] == "is missing" and problems[f"seats[1].{seat_key}"] == "is missing"


def leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """The key path of every value inside ``value`` (lists and mappings, and what they hold)."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else None
    if items is None:
        return [path]
    found = [path] if path else []
    for key, item in list(items):
        found += leaves(item, path + (key,))
    return found


def set_at(data: Any, path: tuple, value: Any) -> None:
    """Put ``value`` at the key path ``path`` of ``data``."""
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def junk_everywhere(spec: GameSpec, bodies: Iterable[dict[str, Any]], junk: list[Any], each: int, seed: int,
                    loading: Callable[[dict[str, Any]], GameState]) -> None:
    """Every value of good positions replaced by ``each`` values of ``junk`` in turn: each broken position is
    refused with a ``PositionError`` that says something, or loads to a state that plays to the end."""
    rng = random.Random(seed)
    for body in bodies:
        for path in leaves(body):
            for value in rng.sample(junk, each):
                broken = copy.deepcopy(body)
                set_at(broken, path, value)
                try:
                    state = loading(broken)
                except PositionError as error:
                    assert error.problems and all(problem.message for problem in error.problems)
                    continue
                play_on(spec, state, 0)
