"""Undo never shows a seat what it could not know, in every game, checked against the game's own worlds.

Whenever the ledger lets seat 0 take its last decision back, the moves it would take back must have shown
seat 0 nothing hidden: replayed in any world seat 0 thought possible at that decision (other hands, other
secrets, another shuffle to come), they must leave seat 0 seeing exactly what it sees now. A deal, a turned
card, a pass received or a wager shown would differ between worlds, so a reveal the rules did not mark fails.
Seats are asked one by one for a simultaneous secret choice or a chance to play a card, so where a world asks a
seat that truth passed over, that seat makes a move seat 0 cannot see (a secret choice, a pass) before the world
is compared; a world where no such move exists is one seat 0 could tell apart and is not compared.
"""

from __future__ import annotations

import random

import pytest

from game.core.contracts import GameState, IllegalActionError, find_action
from game.core.registry import GameSpec, all_games
from game.core.undo import REVEALED, UndoLedger
from game.variants.loader import STANDARD, load_variant

GAMES = all_games()
WORLDS = 6
"""Worlds sampled from seat 0's view at each decision it may take back."""
SEEDS = (1, 2)
MAX_TRIED = 40
"""Moves tried when looking for one that seat 0 cannot see."""
MAX_STEPS = 400
"""Moves looked at per game (the checks are costly; the early hands hold every kind of reveal)."""


def _unseen_move(world: GameState) -> bool:
    """Make a move in ``world`` that seat 0 cannot see (another seat's secret choice, or a pass); False when
    every move the seat to play could make would show seat 0 something."""
    before = world.observation(0)
    for action in list(world.legal_actions())[:MAX_TRIED]:
        trial = world.clone()
        trial.apply_legal(action)
        if trial.observation(0) == before:
            world.apply_legal(action)
            return True
    return False


def _caught_up(world: GameState, seat: int) -> bool:
    """Whether ``world`` reaches ``seat``'s turn through moves seat 0 cannot see."""
    while not world.is_terminal() and world.current_player() != seat:
        if not _unseen_move(world):
            return False
    return not world.is_terminal()


def _branch_shows_nothing_hidden(spec: GameSpec, at_decision: GameState, branch: list[tuple[int, str]],
                                 now: GameState, rng: random.Random) -> int:
    """How many sampled worlds replayed ``branch`` (each move by the seat that made it in truth); each must
    then look to seat 0 as ``now`` does."""
    replayed = 0
    for _ in range(WORLDS):
        world = spec.sample_state(at_decision.observation(0), rng)
        try:
            for mover, text in branch:
                if not _caught_up(world, mover):
                    raise ValueError("this world asks other seats first")
                world.apply_legal(find_action(world, text))
            if not _caught_up(world, 0):
                raise ValueError("this world does not come back to seat 0 unseen")
        except (IllegalActionError, ValueError):
            continue  # another seat's hidden move that this world's hands cannot make
        assert world.observation(0) == now.observation(0), f"the moves {branch} showed seat 0 something hidden"
        replayed += 1
    return replayed


@pytest.mark.parametrize("spec", GAMES, ids=[spec.name for spec in GAMES])
def test_undo_is_allowed_only_while_nothing_hidden_was_shown(spec: GameSpec) -> None:
    params = load_variant(spec, STANDARD).params
    players = 4
    allowed = refused = checked = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = spec.new_game(params, players, seed)
        ledger = UndoLedger(0)
        texts: list[str] = []
        decisions: dict[int, GameState] = {}
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            mover = state.current_player()
            if mover == 0:
                if ledger.refusal() is None:
                    allowed += 1
                    keep = ledger.last_decision()
                    assert keep is not None
                    branch = list(zip(ledger.movers[keep:], texts[keep:]))
                    checked += _branch_shows_nothing_hidden(spec, decisions[keep], branch, state, rng)
                elif ledger.refusal() == REVEALED:
                    refused += 1
                decisions[len(texts)] = state.clone()
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            texts.append(str(action))
            ledger.note(mover, state.apply(action))
    assert checked > 0 and allowed > 0
    if spec.name != "spectral-reapers":  # the one game with nothing hidden never refuses
        assert refused > 0
    else:
        assert refused == 0
