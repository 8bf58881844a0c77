"""Positions, for every game that writes them (``GameSpec.position_of`` / ``state_from_position``).

Round trip: for states met in random playouts at every player count (sampled every few moves, the first
deal and the end included), the position loads to a state with the same position, the same observation for
every seat and the spectator, the same legal actions, current player and end, and the same continuation: two
loads of one position with one seed play the same random game on. Refusal: hand-broken positions (a key
deleted, a value of the wrong kind, a card listed twice or dropped, a seat out of range...) are each refused
with ``PositionError``, never another exception; a break that happens to give another valid position loads to
a state whose position says exactly what the broken document says (a key it left out may come back with its
default, ``next_deck: null``, and a list that is a set, a hand, may come back in the game's order; no value it
gives may change). Real positions (the round trip) must come back exactly, order and all.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest

from game.core.contracts import GameState
from game.core.position import (POSITION_FORMAT, PositionError, position_document, position_text,
                                state_from_document, supports_positions)
from game.core.registry import GameSpec, all_games
from game.core.yaml_reader import parse_yaml
from game.variants.loader import STANDARD, load_variant

GAMES = [spec for spec in all_games() if supports_positions(spec)]
CASES = [(spec, players) for spec in GAMES for players in range(spec.min_players, spec.max_players + 1)]
SEEDS = (3, 8)
"""Playouts per game and player count."""
SAMPLES = 8
"""States checked per playout besides the first deal and the end, evenly spread over the game."""
FULL_CONTINUATIONS = 2
"""Samples per playout whose two loads are played on to the end; the others for ``SHORT_CONTINUATION``."""
SHORT_CONTINUATION = 25
BREAKS = 200
"""Hand-broken positions per game."""
GARBAGE = 60
"""Random documents per game."""

needs_games = pytest.mark.skipif(not GAMES, reason="no registered game writes positions yet")


def _params(spec: GameSpec) -> dict[str, Any]:
    return dict(load_variant(spec, STANDARD).params)


def _document(spec: GameSpec, state: GameState, seed: int) -> dict[str, Any]:
    return position_document(spec, state, STANDARD, _params(spec), seed)


def _same(a: Any, b: Any) -> bool:
    """Equal as plain data, where ``True`` is not ``1`` nor ``1.0`` ``1``."""
    return _text(a) == _text(b)


def _playout(spec: GameSpec, players: int, seed: int) -> list[str]:
    """The actions of one random game."""
    state = spec.new_game(_params(spec), players, seed)
    rng = random.Random(seed)
    played: list[str] = []
    while not state.is_terminal():
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply_legal(action)
        played.append(str(action))
    return played


def _sampled_states(spec: GameSpec, players: int, seed: int):
    """(move number, live state) at the first deal, ``SAMPLES`` moves spread over a random game, and its end."""
    actions = _playout(spec, players, seed)
    step = max(1, len(actions) // (SAMPLES + 1))
    marks = set(range(0, len(actions), step)) | {len(actions)}
    state = spec.new_game(_params(spec), players, seed)
    for index in range(len(actions) + 1):
        if index in marks:
            yield index, state
        if index < len(actions):
            action = next(a for a in state.legal_actions() if str(a) == actions[index])
            state.apply_legal(action)


def _continue(state: GameState, seed: int, moves: int | None) -> tuple[list[str], Any, list[float], bool]:
    """Random actions (from ``seed``) for ``moves`` moves or to the end: what was played and where it got."""
    rng = random.Random(seed)
    played: list[str] = []
    while not state.is_terminal() and (moves is None or len(played) < moves):
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply_legal(action)
        played.append(str(action))
    return played, state.observation(None), state.scores(), state.is_terminal()


@needs_games
@pytest.mark.parametrize("spec, players", CASES, ids=[f"{spec.name}-{players}" for spec, players in CASES])
def test_a_position_loads_to_the_same_game(spec: GameSpec, players: int) -> None:
    seats = list(range(players)) + [None]
    for seed in SEEDS:
        for sample, (index, state) in enumerate(_sampled_states(spec, players, seed)):
            where = f"{spec.name}, {players} players, seed {seed}, move {index}"
            document = _document(spec, state, seed + index)
            assert parse_yaml(position_text(document)).value == document, f"{where}: the YAML does not read back"
            loaded = state_from_document(copy.deepcopy(document), spec.name).state
            assert _same(_document(spec, loaded, seed + index), document), f"{where}: another position"
            for seat in seats:
                assert loaded.observation(seat) == state.observation(seat), f"{where}: seat {seat}'s observation"
            assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in state.legal_actions()], where
            assert loaded.current_player() == state.current_player(), where
            assert loaded.is_terminal() == state.is_terminal(), where
            assert loaded.num_players == players, where
            moves = None if sample < FULL_CONTINUATIONS or sample % 4 == 3 else SHORT_CONTINUATION
            again = state_from_document(copy.deepcopy(document), spec.name).state
            first, second = _continue(loaded, index, moves), _continue(again, index, moves)
            assert first[0] == second[0], f"{where}: two loads play on differently"
            assert first[1:] == second[1:], f"{where}: two loads end differently"
            if moves is None:
                assert first[3], f"{where}: the game played on did not end"


# --- refusals ------------------------------------------------------------------------------------------------

def _positions(spec: GameSpec) -> list[dict[str, Any]]:
    """Real positions of every player count, from the first deal to the end."""
    documents = []
    for players in range(spec.min_players, spec.max_players + 1):
        for index, state in _sampled_states(spec, players, 11 + players):
            documents.append(_document(spec, state, index))
    return documents


def _paths(value: Any, keys: tuple = ()) -> list[tuple]:
    """Every key path inside ``value`` (not ``value`` itself)."""
    found = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found.append(keys + (key,))
        found.extend(_paths(item, keys + (key,)))
    return found


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return [text for item in items for text in _texts(item)]


WRONG_VALUES: list[Any] = [None, "", "x", "a\x00b", 3.5, True, False, -1, -(10**9), 10**30, 2**64, [], {},
                           [None], {"x": 1}, "0", "seat 1", ["x", "x"]]
Break = Callable[[Any, Any, random.Random, dict[str, Any]], str]


def _replace(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    new = copy.deepcopy(rng.choice(WRONG_VALUES))
    parent[key] = new
    return f"replaced by {new!r}"


def _delete(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    del parent[key]
    return "deleted"


def _duplicate(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    if isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
        return "listed twice"
    if isinstance(value, list) and value:
        value.append(copy.deepcopy(rng.choice(value)))
        return "an item of it listed twice"
    return _replace(parent, key, value, rng, document)


def _reshape(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    if isinstance(value, dict):
        parent[key] = list(value.values())
        return "a list where a mapping goes"
    if isinstance(value, list):
        parent[key] = {str(index): item for index, item in enumerate(value)}
        return "a mapping where a list goes"
    parent[key] = [value]
    return "a list of the value"


def _number(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        return _replace(parent, key, value, rng, document)
    players = document.get("players", 4)
    new = rng.choice([value + 1, value - 1, -value - 1, players, players + 3, 10**6, 2**63])
    parent[key] = new
    return f"{value} made {new}"


def _other_text(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    texts = _texts(document)
    new = rng.choice(texts) if texts and isinstance(value, str) and rng.random() < 0.7 else value
    new = new if new != value else f"{value}!" if isinstance(value, str) else "Nobody"
    parent[key] = new
    return f"made {new!r}"


def _extra_key(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    if isinstance(value, dict):
        value["bogus"] = 1
        return "given an unknown key"
    return _reshape(parent, key, value, rng, document)


def _swap(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    if isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
        return f"swapped with item {other}"
    return _delete(parent, key, value, rng, document)


def _move(parent: Any, key: Any, value: Any, rng: random.Random, document: dict[str, Any]) -> str:
    """An item of one list moved into another list of the position (a card from a hand to a pile)."""
    if not isinstance(parent, list):
        return _duplicate(parent, key, value, rng, document)
    lists = [path for path in _paths(document) if isinstance(_at(document, path), list)]
    target = _at(document, rng.choice(lists))
    parent.pop(key)
    target.insert(rng.randrange(len(target) + 1), value)
    return "moved to another list"


BREAKERS: list[Break] = [_replace, _replace, _delete, _duplicate, _reshape, _number, _number, _other_text,
                         _other_text, _extra_key, _swap, _move, _move]


def _at(document: Any, path: tuple) -> Any:
    for key in path:
        document = document[key]
    return document


def _broken(documents: list[dict[str, Any]], rng: random.Random) -> tuple[dict[str, Any], str]:
    document = copy.deepcopy(rng.choice(documents))
    paths = _paths(document)
    body = [path for path in paths if path[0] not in ("game", "format")]
    path = rng.choice(body if rng.random() < 0.95 else paths)
    parent = _at(document, path[:-1])
    breaker = rng.choice(BREAKERS)
    said = breaker(parent, path[-1], parent[path[-1]], rng, document)
    return document, f"{'.'.join(map(str, path))} {said}"


def _refused_or_exact(spec: GameSpec, document: dict[str, Any], what: str) -> bool:
    """Whether ``document`` was refused (else it loaded to exactly itself); any other exception fails."""
    try:
        loaded = state_from_document(copy.deepcopy(document), spec.name)
    except PositionError as error:
        assert error.problems and all(str(problem).strip() for problem in error.problems), what
        assert all(isinstance(key, (str, int)) for problem in error.problems for key in problem.keys), what
        return True
    except Exception as error:  # noqa: BLE001 - the point: nothing but PositionError may escape
        pytest.fail(f"{spec.name}: {what}: {type(error).__name__}: {error}")
    written = position_document(spec, loaded.state, loaded.variant, loaded.params, loaded.seed)
    assert _covers(written, {"format": POSITION_FORMAT, "seed": 0, **document}), \
        f"{spec.name}: {what}: loaded to another position"
    again = state_from_document(copy.deepcopy(written), spec.name).state
    assert _same(position_document(spec, again, loaded.variant, loaded.params, loaded.seed), written), what
    return False


def _covers(written: Any, given: Any) -> bool:
    """Whether the position ``written`` says all that ``given`` says: the same values at every key ``given``
    has (a key left out of a hand-written position may be written with its default: ``next_deck: null``)."""
    if isinstance(given, dict):
        return isinstance(written, dict) and all(key in written and _covers(written[key], value)
                                                 for key, value in given.items())
    if isinstance(given, list):
        if not isinstance(written, list) or len(written) != len(given):
            return False
        return all(_covers(one, other) for one, other in zip(written, given)) or \
            sorted(map(_text, written)) == sorted(map(_text, given))  # a hand, a set: written in the game's order
    return _same(written, given)


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


@needs_games
@pytest.mark.parametrize("spec", GAMES, ids=[spec.name for spec in GAMES])
def test_hand_broken_positions_are_refused_with_a_position_error(spec: GameSpec) -> None:
    rng = random.Random(spec.name)
    documents = _positions(spec)
    refused = 0
    for _ in range(BREAKS):
        document, what = _broken(documents, rng)
        refused += _refused_or_exact(spec, document, what)
    assert refused > BREAKS // 2  # most breaks break


def _garbage(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return rng.choice(WRONG_VALUES)
    if kind == 1:
        return rng.randrange(-3, 9)
    if kind == 2:
        return rng.choice(["seats", "hand", "x", "", "\x00", "Demon", "7 of Bones"])
    if kind in (3, 4):
        return rng.choice([True, None, 2**70])
    if kind == 5:
        return [_garbage(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["seats", "hand", "phase", "x", "turn"]): _garbage(rng, depth + 1)
            for _ in range(rng.randrange(4))}


@needs_games
@pytest.mark.parametrize("spec", GAMES, ids=[spec.name for spec in GAMES])
def test_garbage_is_refused_with_a_position_error(spec: GameSpec) -> None:
    rng = random.Random(f"garbage {spec.name}")
    real = _positions(spec)[0]
    header = {key: real[key] for key in ("game", "format", "variant", "params", "players", "seed")}
    own = sorted(set(real) - set(header))
    for _ in range(GARBAGE):
        body = {key: _garbage(rng) for key in rng.sample(own, min(2, len(own)))}
        if rng.random() < 0.5:  # garbage in a few keys of a real position, else nothing else
            body = {**{key: value for key, value in real.items() if key not in header}, **body}
        _refused_or_exact(spec, {**header, **body}, f"garbage {body!r:.200}")
    with pytest.raises(PositionError):
        state_from_document({**header}, spec.name)
