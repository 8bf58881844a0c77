"""Spectral Reapers AI: easy and normal heuristics, and the hard searcher.

* ``easy``: takes an immediate capture when one of its pits offers one, otherwise plays at random.
* ``normal``: scores every candidate move by its result: a capture now (and the chance to capture again),
  captures it leaves the next player (avoided), capture chances it keeps for itself; captures the bead that
  helps most (ends the game when ahead, keeps it going when behind, leaves itself a target); places its
  beads in pits nobody else uses, spread around the ring.
* ``hard``: alpha-beta (``game.ai.alphabeta``) with iterative deepening over the normal heuristic's best
  moves, within a node budget; with 3+ players in its paranoid form (opponents play against us). An MCTS
  form (``game.ai.ismcts.search``, reward per seat, greedy rollouts) is kept as ``search="mcts"``.

What a position is worth is in ``features``, the one-move scorer in ``scorer`` and normal's ranking of a
decision's moves in ``ranking``; this module holds the agents and the MCTS rollout policy.
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from game.ai import alphabeta
from game.ai.ismcts import SearchSettings, analyse, search_with_effort
from game.core.agent import Agent, AgentContext
from game.core.analysis import Analysis
from game.core.contracts import Action, GameState, Observation
from game.games.spectral_reapers.features import evaluate, rewards
from game.games.spectral_reapers.ranking import best_action, placement_score, rank_actions
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, PLACE, SOW, CaptureAction, PlaceAction, SowAction, SpectralReapersObservation,
    SpectralReapersState,
)
from game.games.spectral_reapers.scorer import _after, _Scorer

ROLLOUT_DEPTH = 6
"""Rollout actions before MCTS scores a position (3+ players)."""


def score_move(state: SpectralReapersState, seat: int, action: Action) -> float:
    """How good ``action`` looks for ``seat`` one move ahead."""
    return _Scorer(state, seat).score(action)


# ---------------------------------------------------------------------------------------------- agents


def _state(observation: Observation) -> SpectralReapersState:
    assert isinstance(observation, SpectralReapersObservation)
    return SpectralReapersState.from_observation(observation)


class EasyAgent(Agent):
    """Captures when a capture is on the board, otherwise plays at random."""

    level = "easy"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = _state(observation)
        if state.phase == SOW:
            good = capturing_sowings(state, legal)
            if good:
                return good[self.rng.randrange(len(good))]
        return legal[self.rng.randrange(len(legal))]


class NormalAgent(Agent):
    """The one-move-ahead heuristic of ``rank_actions``."""

    level = "normal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return best_action(_state(observation), legal, self.rng)


class HardAgent(Agent):
    """Search over the normal heuristic's best moves.

    Default (``search="alphabeta"``), at every player count: alpha-beta with iterative deepening
    (``game.ai.alphabeta``) over the ``width`` best moves by the normal heuristic at every node, within a
    node budget. With 3+ players it is the "paranoid" reduction: every opponent is assumed to play
    against us, and a position is worth our value minus the best opponent's (``evaluate``). Chains of
    captures (the same player moving again) are searched as the mover's own consecutive moves. At the safety
    bound's last sowing the moves that earn a capture are searched too (``_with_captures``).
    ``search="mcts"`` uses ``game.ai.ismcts.search`` (a reward per seat, greedy rollouts) instead; it was
    measured weaker than normal with 3 players (see the report), so it is not the default.
    Default budget: 1000 nodes over the 8 best moves with 2 players, 400 nodes over the 6 best with 3+
    (median about 0.15-0.25 s of CPU a decision, 95th percentile under 0.45 s); ``budget`` sets the nodes.
    """

    level = "hard"

    def __init__(self, context: AgentContext, *, nodes: int | None = None, iterations: int = 200,
                 width: int | None = None, search: str = "alphabeta") -> None:
        super().__init__(context)
        self.nodes_setting = nodes
        self.width_setting = width
        self.iterations = iterations if context.budget is None else context.budget
        self.search = search

    def _limits(self, players: int) -> tuple[int, int]:
        nodes, width = (1000, 8) if players == 2 else (400, 6)
        if self.nodes_setting is not None:
            nodes = self.nodes_setting
        if self.context.budget is not None:
            nodes = self.context.budget
        return nodes, self.width_setting or width

    def _candidates(self, state: SpectralReapersState, legal: Sequence[Action]) -> list[Action]:
        """The normal heuristic's ``width`` best moves: the only ones searched."""
        _, width = self._limits(state.num_players)
        return _with_captures(state, [a for _, a in rank_actions(state, legal, self.rng, count=width)], legal, width)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = _state(observation)
        candidates = self._candidates(state, legal)
        if isinstance(candidates[0], CaptureAction) or len(candidates) == 1:
            return candidates[0]
        if self.search == "mcts":
            action, self.effort = search_with_effort(observation, candidates, lambda rng: state.clone(),
                                                     self._mcts_settings(), self.rng)
            return action
        return self._alphabeta(state, candidates, self.context.time_limit)

    def _mcts_settings(self, time_limit: float | None = None) -> SearchSettings:
        return SearchSettings(iterations=self.iterations, exploration=0.5, rollout_policy=rollout_policy,
                              evaluate=rewards, rollout_depth=ROLLOUT_DEPTH,
                              time_limit=time_limit if time_limit is not None else self.context.time_limit)

    def _alphabeta(self, state: SpectralReapersState, candidates: list[Action], time_limit: float | None) -> Action:
        nodes, width = self._limits(state.num_players)

        def order(position: GameState, actions: Sequence[Action]) -> list[Action]:
            assert isinstance(position, SpectralReapersState)  # alpha-beta hands back the states it searches
            best = [a for _, a in rank_actions(position, actions, self.rng, extra=4, count=width)]
            return _with_captures(position, best, actions, width)

        settings = alphabeta.AlphaBetaSettings(max_depth=8, node_budget=nodes, order_moves=order,
                                               time_limit=time_limit)
        result = alphabeta.search(state, evaluate, settings, candidates)
        self.effort = result.nodes
        return result.action

    def analyse(self, observation: Observation, legal: Sequence[Action]) -> Analysis:
        """Alpha-beta's choice, as ``choose`` makes it; each candidate's chance of winning and score are
        estimated by the MCTS form over the same candidates (alpha-beta values are margins, not chances).
        With a time limit, alpha-beta gets half of it and the estimates what it leaves (alpha-beta takes about
        0.1 s, the estimates up to 0.9 s at four players)."""
        seat = observation.seat
        if seat is None:
            raise ValueError("a spectator's observation has no seat to analyse for")
        if len(legal) == 1:
            return Analysis(seat, legal[0], forced=True)
        state = _state(observation)
        candidates = self._candidates(state, legal)
        limit, start = self.context.time_limit, time.perf_counter()
        if isinstance(candidates[0], CaptureAction) or len(candidates) == 1:
            choice = candidates[0]
        else:
            choice = self._alphabeta(state, candidates, None if limit is None else limit / 2)
        left = None if limit is None else max(0.0, limit - (time.perf_counter() - start))
        estimates = analyse(observation, candidates, lambda rng: state.clone(), self._mcts_settings(left), self.rng)
        ranked = sorted(estimates.options, key=lambda option: (option.action != choice, -option.win))
        return Analysis(seat, choice, tuple(ranked))


def _with_captures(state: SpectralReapersState, best: list[Action], legal: Sequence[Action],
                   width: int) -> list[Action]:
    """``best`` (the heuristic's best moves), and at the safety bound's last sowing up to ``width`` more that
    earn a capture. There every whole sowing without a capture ends the game, which the heuristic ranks
    above any capture (it values a capture due, not the bead taken), so a search over its best moves alone
    would end the game a bead short of what a capture that also ends it scores (issue 20)."""
    if state.phase != SOW or state.since_capture + 1 < state.config.safety_bound:
        return best
    searched = set(best)
    return best + [a for a in capturing_sowings(state, legal) if a not in searched][:width]


def capturing_sowings(state: SpectralReapersState, legal: Sequence[Action]) -> list[Action]:
    """The whole sowings of ``legal`` that end on a capture."""
    return [a for a in legal if isinstance(a, SowAction) and not a.left and _after(state, a).phase == CAPTURE]


def _random_order(beads: list[int], rng: random.Random, last: int | None = None) -> str:
    beads = list(beads)
    if last is not None:
        beads.remove(last)
    rng.shuffle(beads)
    if last is not None:
        beads.append(last)
    return "".join(COLOUR_LETTERS[c] for c in beads)


def rollout_policy(state: GameState, rng: random.Random) -> Action:
    """A cheap greedy rollout move: a few candidate moves built directly (a capturing order for each pit
    that offers one, random orders otherwise), the best by ``evaluate`` one move ahead. A ``GameState``
    because the search passes its own states (always this game's)."""
    assert isinstance(state, SpectralReapersState)
    seat = state.to_move
    if state.phase == PLACE:
        legal = [a for a in state.legal_actions() if isinstance(a, PlaceAction)]  # all: nothing else is legal
        return max(legal, key=lambda a: (placement_score(state, seat, a), rng.random()))
    if state.hand is not None:
        beads = [c for c, n in enumerate(state.hand) for _ in range(n)]
        return SowAction(state.hand_origin, _random_order(beads, rng), 0, True)
    candidates: list[Action] = []
    if state.phase == CAPTURE:
        pit = state.pits[state.capture_pit]
        candidates = [CaptureAction(state.capture_pit, c) for c in range(state.num_players) if pit[c]]
    else:
        ring, lap, cc = state.ring, state.ring - 1, state.config.capture_count
        for p in state.own_pits(seat):
            pit = state.pits[p]
            beads = [c for c, k in enumerate(pit) for _ in range(k)]
            n = len(beads)
            last = (p + 1 + (n - 1) % lap) % ring
            if n <= lap and state.pits[last][seat] == cc - 1:
                candidates.append(SowAction(p, _random_order(beads, rng, seat)))
            candidates.append(SowAction(p, _random_order(beads, rng)))
    if len(candidates) == 1:
        return candidates[0]
    return max(candidates, key=lambda a: (score_move(state, seat, a), rng.random()))


HARD_SETTINGS = SearchSettings(iterations=200, exploration=0.5, rollout_policy=rollout_policy, evaluate=rewards,
                               rollout_depth=ROLLOUT_DEPTH)
"""MCTS settings for Spectral Reapers (``HardAgent(search="mcts")`` or a plain ``SearchAgent``)."""
