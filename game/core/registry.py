"""The registry of games. Each game's package registers one ``GameEntry``; nothing else names a game.

``game.games`` imports every package below it, so a fifth game is a folder (and its YAML), with no
change here or in the UI. A package registers only what the menu shows (``GameEntry``: name, title, tagline,
players, order), so the first frame imports no game's rules; the whole ``GameSpec`` (rules, bots, words) is
built by the module the entry names, imported when the game is first needed (``get``, ``all_games``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, TypeVar

from game.core.bounded import quote

if TYPE_CHECKING:  # the types of a whole spec; listing the games for the menu needs none of them
    import random

    from game.core.agent import AgentFactory
    from game.core.contracts import Action, Event, GameState, Observation
    from game.core.params import Record

NewGame = Callable[[Mapping[str, Any], int, int], "GameState"]
"""``new_game(params, players, seed)``: a fresh game of a validated variant."""


@dataclass(frozen=True)
class Chapter:
    """A part of a game an event begins: ``level`` 0 for the largest (a hand, a deal, a round), 1 for the
    parts of it (a trick, a turn); ``title`` is its heading in the log ("Hand 2", "Trick 5")."""

    level: int
    title: str


HAND, TRICK = 0, 1
"""Chapter levels: a hand (deal, round) and a trick (turn) within it."""


@dataclass(frozen=True, kw_only=True)
class GameEntry:
    """What the menu shows of a game, and where the rest of it is: all a game's package registers, so that
    listing the games imports none of their rules."""

    name: str
    """Command-line name, e.g. ``trick-or-treat``; also the variant folder's name."""
    title: str
    tagline: str
    min_players: int
    max_players: int
    order: int = 100
    """Position in menus (the product lists Reapers, Spectral Reapers, Nevermore, Trick or Treat)."""
    spec_module: str = ""
    """The module that builds this game's whole ``GameSpec`` as ``SPEC`` (``game.games.<pkg>.spec``),
    imported when the game is first needed; ``""`` for a spec registered whole."""

    def players_ok(self, players: int) -> bool:
        """Whether the rulebook allows this many players."""
        return self.min_players <= players <= self.max_players

    @property
    def module_name(self) -> str:
        """The Python package name (``trick_or_treat``) for a command-line name."""
        return self.name.replace("-", "_")


@dataclass(frozen=True, kw_only=True)
class GameSpec(GameEntry):
    """Everything the rest of the app needs to know about one game: its entry, its rules, bots and words."""

    schema: Record
    new_game: NewGame
    sample_state: Callable[[Observation, random.Random], GameState]
    """A full state consistent with what the observation's seat knows (hidden facts drawn from ``rng``)."""
    agents: Mapping[str, AgentFactory]
    describe: Callable[[Event, list[str]], str]
    """One event in words for the log panel, given the seats' names."""
    scene: str = ""
    """``module:Class`` of the table scene, imported only by the app (rules stay free of pygame)."""
    figures: Callable[[GameState], Mapping[str, float]] | None = None
    """The game's telling figures of a finished game (jackpots, captures...) for simulations."""
    name_action: Callable[[Action, Observation, list[str]], str] | None = None
    """``name_action(action, observation, names)``: a move in the game's own words ("Take pile 4"), as the
    observation's seat would say it (hints, the command line's ``hint``); ``None``: its record text."""

    chapter: Callable[[Event], Chapter | None] | None = None
    """``chapter(event)``: the part of the game this event begins (a hand, a trick, a turn), or None; the
    log groups its lines under these headings and the replay viewer jumps by them. ``None``: no parts."""

    part_begins: Callable[[Event, GameState], str | None] | None = None
    """``part_begins(event, state)``: the game's word for the part of a game (a hand, a deal, a round) that
    ``event`` begins (``state``: the game just after its move), or None; the results chart each seat's score at
    the end of every part. ``None``: a game not played in parts."""

    position_of: Callable[[GameState], dict[str, Any]] | None = None
    """``position_of(state)``: the game's own keys of a position (``game/core/position.py``): everything about
    the game in progress, in plain YAML values and the rules text's names; ``None``: no position format."""
    state_from_position: Callable[[Mapping[str, Any], Mapping[str, Any], int, int], GameState] | None = None
    """``state_from_position(body, params, players, seed)``: the state a position's own keys describe, chance
    after it drawn from ``make_rng(seed)``; raises ``PositionError`` listing every problem, building nothing."""

    def action_words(self, action: Action, observation: Observation, names: list[str]) -> str:
        """``action`` as a player would say it."""
        return self.name_action(action, observation, names) if self.name_action is not None else str(action)


Entry = TypeVar("Entry", bound=GameEntry)
_GAMES: dict[str, GameEntry] = {}
"""Each game's entry, replaced by its whole ``GameSpec`` once that is built."""
GAMES_PACKAGE = "game.games"
"""The package that imports every game's package (``game/games/__init__.py``)."""
SPEC_NAME = "SPEC"
"""The name of the whole ``GameSpec`` in the module a ``GameEntry`` names."""


class UnknownGameError(KeyError):
    """No game of that name is registered."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(entry: Entry) -> Entry:
    """Add a game (its entry, or its whole spec); a second registration under the same name replaces the first
    (module reloads). An entry alone must name the module that builds its spec."""
    if not isinstance(entry, GameSpec) and not entry.spec_module:
        raise ValueError(f"the entry of {quote(entry.name)} names no spec_module to load its rules from")
    _GAMES[entry.name] = entry
    return entry


def get(name: str) -> GameSpec:
    """The game named ``name``, whole (its rules imported now if they were not); a clear error lists the known
    names otherwise."""
    load_all()
    try:
        entry = _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"unknown game {quote(name)}; known games: {known}") from None
    return _whole(entry)


def all_entries() -> list[GameEntry]:
    """Every registered game as the menu shows it, in a stable order, without importing any game's rules."""
    load_all()
    return sorted(_GAMES.values(), key=lambda entry: (entry.order, entry.name))


def all_games() -> list[GameSpec]:
    """Every registered game, whole, in a stable order."""
    return [_whole(entry) for entry in all_entries()]


def _whole(entry: GameEntry) -> GameSpec:
    """``entry``'s whole spec: imports the module it names the first time, which builds it."""
    if isinstance(entry, GameSpec):
        return entry
    spec = getattr(importlib.import_module(entry.spec_module), SPEC_NAME, None)
    if not isinstance(spec, GameSpec) or spec.name != entry.name:
        raise TypeError(f"{entry.spec_module}.{SPEC_NAME} is not the GameSpec of {quote(entry.name)}")
    _GAMES[entry.name] = spec
    return spec


def load_all() -> None:
    """Import every game package so that each registers its entry. The games are found by their package's name,
    as the app finds a table scene by its ``module:Class``: the registry sits below every game and imports
    none of them."""
    importlib.import_module(GAMES_PACKAGE)
