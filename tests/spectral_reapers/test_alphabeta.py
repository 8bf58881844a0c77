"""game.ai.alphabeta on a tiny two-player game with extra turns, checked against plain minimax."""

from dataclasses import dataclass
from functools import lru_cache

import pytest

from game.ai.alphabeta import AlphaBetaSettings, search
from game.core.contracts import TERMINAL, GameState, Observation


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self):
        return f"take {self.n}"


class Pile(GameState):
    """Take 1, 2 or 3 tokens; taking the last token wins. Taking exactly 2 from an odd pile earns an
    extra turn (the same player moves again)."""

    num_players = 2

    def __init__(self, tokens, to_move=0):
        self.tokens, self.to_move, self.winner = tokens, to_move, None

    def current_player(self):
        return TERMINAL if self.winner is not None else self.to_move

    def legal_actions(self):
        return [] if self.winner is not None else [Take(n) for n in (1, 2, 3) if n <= self.tokens]

    def apply_legal(self, action):
        odd = self.tokens % 2 == 1
        self.tokens -= action.n
        if self.tokens == 0:
            self.winner = self.to_move
        elif not (action.n == 2 and odd):
            self.to_move = 1 - self.to_move
        return []

    def is_terminal(self):
        return self.winner is not None

    def scores(self):
        return [1.0 if self.winner == s else 0.0 for s in range(2)]

    def winners(self):
        return [] if self.winner is None else [self.winner]

    def observation(self, seat):
        return Observation(seat)

    def clone(self):
        other = Pile(self.tokens, self.to_move)
        other.winner = self.winner
        return other


def value(state, root):
    if state.is_terminal():
        return 100.0 if state.winner == root else -100.0
    return 0.0


@lru_cache(maxsize=None)
def minimax(tokens, to_move, root):
    """Exact value for ``root`` by plain minimax (extra turns included)."""
    if tokens == 0:
        return None
    results = []
    for n in (1, 2, 3):
        if n > tokens:
            continue
        left = tokens - n
        if left == 0:
            results.append(100.0 if to_move == root else -100.0)
            continue
        mover = to_move if (n == 2 and tokens % 2 == 1) else 1 - to_move
        results.append(minimax(left, mover, root))
    return max(results) if to_move == root else min(results)


@pytest.mark.parametrize("tokens", range(1, 16))
def test_deep_search_matches_minimax(tokens):
    state = Pile(tokens)
    result = search(state, value, AlphaBetaSettings(max_depth=20, node_budget=10**6))
    assert result.value == minimax(tokens, 0, 0)
    child = state.clone()
    child.apply_legal(result.action)
    after = 100.0 if child.is_terminal() else minimax(child.tokens, child.to_move, 0)
    assert after == result.value  # the move chosen achieves the value
    assert result.depth >= (1 if len(state.legal_actions()) > 1 else 0)


def test_extra_turns_are_maximised_not_minimised():
    # From 5 (odd) taking 2 leaves 3 with the SAME player to move, who then takes all 3 and wins.
    state = Pile(5)
    result = search(state, value, AlphaBetaSettings(max_depth=2, node_budget=1000))
    assert str(result.action) == "take 2" and result.value == 100.0


def test_the_node_budget_is_respected_and_a_legal_move_comes_back():
    state = Pile(40)
    result = search(state, value, AlphaBetaSettings(max_depth=30, node_budget=200))
    assert result.nodes <= 201
    assert result.action in state.legal_actions()


def test_a_solved_tree_stops_deepening():
    result = search(Pile(4), value, AlphaBetaSettings(max_depth=50, node_budget=10**6))
    assert result.depth < 50


def test_the_ordering_hook_is_used_and_may_narrow():
    calls = []

    def only_take_one(state, actions):
        calls.append(len(actions))
        return [a for a in actions if a.n == 1] or actions

    result = search(Pile(7), value, AlphaBetaSettings(max_depth=6, node_budget=10**5, order_moves=only_take_one))
    assert calls and str(result.action) == "take 1"


def test_transposition_table_gives_the_same_answer():
    for tokens in range(1, 14):
        plain = search(Pile(tokens), value, AlphaBetaSettings(max_depth=16, node_budget=10**6))
        keyed = search(Pile(tokens), value, AlphaBetaSettings(
            max_depth=16, node_budget=10**6, state_key=lambda s: (s.tokens, s.to_move)))
        assert plain.value == keyed.value
        assert keyed.nodes <= plain.nodes
