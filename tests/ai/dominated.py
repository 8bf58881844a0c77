"""Finding decisions with a dominated move: an option that, in every world the seat thinks possible, ends the
game worse for it than another option does (a smaller win share, or the same share with a worse place or
score). A player never takes it; neither may ``hard``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai.reward import ranked_rewards
from game.core.contracts import Action, GameState
from game.core.match import make_agent
from game.core.registry import GameSpec

WORLDS = 16
"""Worlds drawn from the seat's view, beside the true one, in which a dominated option must end worse."""


@dataclass(frozen=True)
class Dominated:
    """A decision of ``seat`` in ``state`` whose options ``worse`` are each dominated by ``better``."""

    state: GameState
    seat: int
    better: str
    worse: frozenset[str]
    same_share: bool
    """Whether ``better`` and every one of ``worse`` win the same share in every world: only place and score
    tell them apart (the choice the issue's Trick or Treat example got wrong)."""


OWN_DEPTH = 3
"""Decisions of the seat itself followed after an option (a capture choice, an extra turn), at most."""
OWN_WIDTH = 8
"""Options of such a decision followed, at most."""


def _end(state: GameState, action: Action, seat: int, depth: int = OWN_DEPTH) -> tuple[float, float] | None:
    """(win share, ranked reward) of ``seat`` when ``action`` is played and the game goes on by forced moves
    and the seat's own best choices to its end; None when another seat has a choice first (or the seat's
    own choices go deeper or wider than followed)."""
    state = state.clone()
    state.apply_legal(action)
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_legal(legal[0])
            continue
        if state.current_player() != seat or depth == 0 or len(legal) > OWN_WIDTH:
            return None
        ends = [_end(state, option, seat, depth - 1) for option in legal]
        known = [end for end in ends if end is not None]
        return None if len(known) < len(ends) else max(known, key=lambda end: end[1])
    return state.returns()[seat], ranked_rewards(state.returns(), state.scores())[seat]


def _ends(state: GameState, seat: int) -> dict[str, tuple[float, float]]:
    return {str(a): end for a in state.legal_actions() if (end := _end(state, a, seat)) is not None}


def _dominated(spec: GameSpec, state: GameState, rng: random.Random) -> Dominated | None:
    """The decision's dominated options, if any (by the option that ends best in the true world)."""
    seat = state.current_player()
    worlds = [_ends(state, seat)]
    if len(worlds[0]) < 2:
        return None
    observation = state.observation(seat)
    worlds += [_ends(spec.sample_state(observation, rng), seat) for _ in range(WORLDS)]
    options = set.intersection(*(set(ends) for ends in worlds))
    if len(options) < 2:
        return None
    better = max(sorted(options), key=lambda text: worlds[0][text][1])
    worse = frozenset(text for text in options
                      if all(ends[text][1] < ends[better][1] for ends in worlds))
    if not worse:
        return None
    same = all(ends[text][0] == ends[better][0] for ends in worlds for text in worse)
    return Dominated(state.clone(), seat, better, worse, same)


def find_dominated(spec: GameSpec, players: int, params: dict, seeds: range, level: str = "normal",
                   wanted: int = 3) -> list[Dominated]:
    """Up to ``wanted`` decisions with a dominated option met in ``level`` games of the given seeds (one a
    game: the next decisions of a game are much like it)."""
    found: list[Dominated] = []
    rng = random.Random(0)
    for seed in seeds:
        state = spec.new_game(params, players, seed)
        agents = [make_agent(spec, level, seat, seed, params) for seat in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            decision = _dominated(spec, state, rng) if len(legal) > 1 else None
            if decision is not None:
                found.append(decision)
                if len(found) >= wanted:
                    return found
                break
            state.apply_legal(agents[seat].choose(state.observation(seat), legal))
    return found


def dominated_at(spec: GameSpec, state: GameState, seed: int = 0) -> Dominated | None:
    """The dominated options of the decision in ``state`` (a hand-made position), if any; ``seed`` draws the
    worlds of the mover's view."""
    return _dominated(spec, state, random.Random(seed))
