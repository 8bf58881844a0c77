"""Positions as data: a game in progress written out so that a test, a bug report or a puzzle can start there.

Chess has FEN; each of our games writes its whole state (every seat's cards, beads, candy or health, decks in
order, whose decision it is and the phase) as a plain mapping, which goes to disk as YAML. A document is the
game's own keys beside a few shared ones (``HEADER_KEYS``): the game, the format, the variant's name and its
full parameters, the number of players, and the seed every chance after the position is drawn from.

A game plugs in with ``GameSpec.position_of(state) -> dict`` and ``GameSpec.state_from_position(body,
params, players, seed)``; the second reads with a ``PositionReader`` so that every problem of a hand-written
position is reported at once, at its key, and nothing is half-loaded (``game/core/position_reader.py``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import yaml

from game.core.bounded import InputError, quote
from game.core.contracts import GameState
from game.core.params import split_path, text_problem, validate
from game.core.position_reader import PositionError, PositionProblem, PositionReader
from game.core.registry import GameSpec, UnknownGameError, get
from game.core.yaml_reader import YamlProblems, read_yaml_file

POSITION_FORMAT = 1
"""The version of the shared keys; a game's own keys are versioned by this too."""
HEADER_KEYS = ("game", "format", "variant", "params", "players", "seed")
"""Keys every position has; everything else is the game's."""
MAX_POSITION_BYTES = 2_000_000
"""Largest position file read: ours are a few kilobytes (a 6-player Nevermore with its whole deck)."""
MAX_SEED = 2**64 - 1
"""The largest seed a position, a record (whose seed may also be as far below 0) or the command line takes:
any 64-bit seed. ``make_rng`` takes any whole number, and every file keeps a seed as text (positions in YAML,
records in JSON, the history in its rows' record text), never in a fixed-width integer. The app draws its own
below 2**31."""
MAX_VARIANT_CHARS = 255
"""The longest variant name, as a game record allows: a variant is named by its file."""
__all__ = ["HEADER_KEYS", "MAX_POSITION_BYTES", "MAX_SEED", "POSITION_FORMAT", "Position", "PositionError",
           "PositionProblem", "PositionReader", "position_document", "position_text", "read_position",
           "state_from_document", "supports_positions"]


@dataclass(frozen=True)
class Position:
    """A loaded position: its game, variant and the state it describes."""

    spec: GameSpec
    variant: str
    params: dict[str, Any]
    players: int
    seed: int
    state: GameState


def supports_positions(spec: GameSpec) -> bool:
    """Whether ``spec`` writes and reads positions."""
    return spec.position_of is not None and spec.state_from_position is not None


def position_document(spec: GameSpec, state: GameState, variant: str, params: Mapping[str, Any],
                      seed: int = 0) -> dict[str, Any]:
    """The whole position of ``state``: the shared keys, then the game's own."""
    if spec.position_of is None:
        raise ValueError(f"{spec.title} has no position format")
    body = spec.position_of(state)
    clash = set(body) & set(HEADER_KEYS)
    if clash:  # a game's key may never hide a shared one
        raise ValueError(f"{spec.title}'s position uses the shared key(s) {', '.join(sorted(clash))}")
    header = {"game": spec.name, "format": POSITION_FORMAT, "variant": variant, "params": dict(params),
              "players": state.num_players, "seed": seed}
    return {**header, **body}


def position_text(document: Mapping[str, Any]) -> str:
    """A position as YAML, keys in the order the game gave them, readable by ``read_position``."""
    return yaml.safe_dump(dict(document), sort_keys=False, default_flow_style=None, allow_unicode=True, width=110)


def state_from_document(document: Any, game: str | None = None) -> Position:
    """A position's state from its parsed document; ``PositionError`` lists everything wrong with it."""
    reader = PositionReader()
    data = reader.mapping(document, ())
    reader.done()
    assert data is not None
    spec = _game_of(data, reader, game)
    variant = reader.field(data, "variant")
    if "variant" in data:
        wrong = text_problem(variant, MAX_VARIANT_CHARS) or ("must not be empty" if variant == "" else None)
        if wrong is not None:
            reader.problem(("variant",), f"(a variant's name) {wrong}")
    version = data.get("format", POSITION_FORMAT)
    if type(version) is not int or version != POSITION_FORMAT:
        reader.problem(("format",), f"must be {POSITION_FORMAT}: this version reads no other")
    seed = reader.whole(data.get("seed", 0), ("seed",), 0, MAX_SEED)
    players = None
    params = None
    if spec is not None:
        # a key given as null is refused as a value, not taken for a missing one (``field`` says None for both)
        players = reader.whole(data["players"], ("players",), spec.min_players, spec.max_players) \
            if "players" in data else reader.field(data, "players")
        raw_params = reader.mapping(data["params"], ("params",)) if "params" in data else \
            reader.field(data, "params")
        if raw_params is not None:
            for problem in validate(spec.schema, raw_params):
                reader.problem(("params",) + (problem.keys or split_path(problem.path)), problem.message)
            params = raw_params
    reader.done()
    assert spec is not None and players is not None and params is not None and spec.state_from_position
    # a copy: the state may keep the lists it is given, and the document (a record's) must not change with it
    body = copy.deepcopy({key: value for key, value in data.items() if key not in HEADER_KEYS})
    state = spec.state_from_position(body, params, players, seed or 0)
    return Position(spec, str(variant), dict(params), players, seed or 0, state)


def _game_of(data: Mapping[str, Any], reader: PositionReader, game: str | None) -> GameSpec | None:
    if "game" not in data:
        reader.field(data, "game")
        return None
    name = data["game"]
    if not isinstance(name, str):
        reader.problem(("game",), f"must be a game's name, not {quote(name)}")
        return None
    try:
        spec = get(name)
    except UnknownGameError as error:
        reader.problem(("game",), str(error))
        return None
    if game is not None and spec.name != game:
        reader.problem(("game",), f"is {spec.name}, not {game}")
        return None
    if not supports_positions(spec):
        reader.problem(("game",), f"{spec.title} has no position format")
        return None
    return spec


def read_position(path: Path, game: str | None = None) -> Position:
    """The position in the YAML file ``path``. Anything wrong raises ``InputError`` (``YamlProblems``) that
    names the file, the line and the key of every problem; nothing is half-loaded."""
    lined = read_yaml_file(path, MAX_POSITION_BYTES)
    try:
        return state_from_document(lined.value, game)
    except PositionError as error:
        raise YamlProblems([InputError(path, problem.message, lined.line_of(problem.keys), problem.key)
                            for problem in error.problems]) from None
