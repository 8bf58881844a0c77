"""Spectral Reapers AI: what a position is worth (capture chances per seat, the evaluation of alpha-beta and
the rewards of MCTS), shared by the move scorer, the ranking and the searchers."""

from __future__ import annotations

from typing import Sequence

from game.core.contracts import GameState
from game.games.spectral_reapers.rules import CAPTURE, SpectralReapersState

WIN = 1000.0
"""A finished game's value for a win (alpha-beta): more than any margin of beads."""


def capture_pits(pits: Sequence[Sequence[int]], ring: int, seat: int, capture_count: int) -> int:
    """How many of ``seat``'s pits can be sown (in some order) to end with a capture."""
    lap = ring - 1
    found = 0
    for p in range(ring):
        pit = pits[p]
        own = pit[seat]
        if not own:
            continue
        n = sum(pit)
        last = (p + 1 + (n - 1) % lap) % ring
        visits = (n - 1) // lap + 1
        need = capture_count - pits[last][seat]
        if 1 <= need <= min(visits, own) and own - need <= n - visits and visits - need <= n - own:
            found += 1
    return found


def capture_counts(pits: Sequence[Sequence[int]], ring: int, players: int, capture_count: int) -> list[int]:
    """``capture_pits`` for every seat in one pass over the ring (each pit's reach is worked out once)."""
    lap = ring - 1
    found = [0] * players
    for p in range(ring):
        pit = pits[p]
        n = sum(pit)
        if not n:
            continue
        last = pits[(p + 1 + (n - 1) % lap) % ring]
        visits = (n - 1) // lap + 1
        for seat in range(players):
            own = pit[seat]
            if own:
                need = capture_count - last[seat]
                if 1 <= need <= visits and need <= own and own - need <= n - visits and visits - need <= n - own:
                    found[seat] += 1
    return found


def seat_value(state: SpectralReapersState, seat: int) -> float:
    """A rough worth of ``state`` for ``seat`` in bead units x10."""
    value = 10.0 * sum(state.captured[seat])
    cc = state.config.capture_count
    if state.phase == CAPTURE:
        if state.to_move == seat:
            value += 9.0
        return value
    chances = capture_pits(state.pits, state.ring, seat, cc)
    if state.to_move == seat and state.hand is None:
        value += (8.0 if chances else 0.0) + 1.0 * chances
    else:
        value += 1.5 * min(chances, 3)
    return value


def evaluate(state: GameState, seat: int) -> float:
    """``seat``'s value minus the best opponent's (finished games: +/- ``WIN`` plus the bead margin).

    Takes any ``GameState`` because alpha-beta calls it with the states it searches (always this game's).
    """
    assert isinstance(state, SpectralReapersState)
    if state.is_terminal():
        totals = state.scores()
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        share = state.returns()[seat]
        return (WIN * (2 * share - 1) if share < 1 else WIN) + (totals[seat] - best_other)
    return _margin(_seat_values(state.pits, state.captured, state.ring, state.config.capture_count, state.phase,
                                state.to_move, state.hand is None), seat)


def _seat_values(pits: Sequence[Sequence[int]], captured: Sequence[Sequence[int]], ring: int, capture_count: int,
                 phase: str, to_move: int, empty_hand: bool) -> list[float]:
    """``seat_value`` of every seat, with one pass over the ring for all of them (``capture_counts``)."""
    players = len(captured)
    values = [10.0 * sum(captured[s]) for s in range(players)]
    if phase == CAPTURE:
        values[to_move] += 9.0
        return values
    chances = capture_counts(pits, ring, players, capture_count)
    for s in range(players):
        if s == to_move and empty_hand:
            values[s] += (8.0 if chances[s] else 0.0) + 1.0 * chances[s]
        else:
            values[s] += 1.5 * min(chances[s], 3)
    return values


def _margin(values: list[float], seat: int) -> float:
    """``seat``'s value minus the best opponent's."""
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def rewards(state: GameState) -> list[float]:
    """A reward per seat in [0, 1] for MCTS (exact returns when the game is over); a ``GameState``
    because the search passes its own states (always this game's)."""
    assert isinstance(state, SpectralReapersState)
    if state.is_terminal():
        return state.returns()
    values = [seat_value(state, s) for s in range(state.num_players)]
    top = max(values)
    return [max(0.0, min(1.0, 0.5 + (v - top) / 60.0 + (0.15 if v == top else 0.0))) for v in values]
