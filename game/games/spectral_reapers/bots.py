"""Spectral Reapers AI: easy and normal heuristics, and the hard searcher.

* ``easy``: takes an immediate capture when one of its pits offers one, otherwise plays at random.
* ``normal``: scores every candidate move by its result: a capture now (and the chance to capture again),
  captures it leaves the next player (avoided), capture chances it keeps for itself; captures the bead that
  helps most (ends the game when ahead, keeps it going when behind, leaves itself a target); places its
  beads in pits nobody else uses, spread around the ring.
* ``hard``: alpha-beta (``game.ai.alphabeta``) with iterative deepening over the normal heuristic's best
  moves, within a node budget; with 3+ players in its paranoid form (opponents play against us). An MCTS
  form (``game.ai.ismcts.search``, reward per seat, greedy rollouts) is kept as ``search="mcts"``.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from operator import itemgetter
from typing import Sequence

from game.ai import alphabeta
from game.ai.ismcts import SearchSettings, analyse, search_with_effort
from game.core.agent import Agent, AgentContext
from game.core.analysis import Analysis
from game.core.contracts import Action, GameState, Observation
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, PLACE, SOW, CaptureAction, PlaceAction, SowAction, SpectralReapersObservation,
    SpectralReapersState,
)

WIN = 1000.0
ROLLOUT_DEPTH = 6
"""Rollout actions before MCTS scores a position (3+ players)."""


# ------------------------------------------------------------------------------------------ features


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


# ------------------------------------------------------------------------------------- normal's scores


def _full_order_candidates(state: SpectralReapersState, pit: int, rng: random.Random, extra: int) -> list[str]:
    """Whole-hand orders worth trying for a pit too big to list: random ones plus one per last colour."""
    hand = state.pits[pit] if state.hand is None else state.hand
    beads = [c for c, n in enumerate(hand) for _ in range(n)]
    found: set[str] = set()
    for colour in {c for c in beads}:
        rest = list(beads)
        rest.remove(colour)
        found.add("".join(COLOUR_LETTERS[c] for c in sorted(rest) + [colour]))
    for _ in range(extra):
        rng.shuffle(beads)
        found.add("".join(COLOUR_LETTERS[c] for c in beads))
    return sorted(found)


def _after(state: SpectralReapersState, action: Action) -> SpectralReapersState:
    child = state.clone()
    child.apply_legal(action)
    return child


def score_move(state: SpectralReapersState, seat: int, action: Action) -> float:
    """How good ``action`` looks for ``seat`` one move ahead."""
    return _Scorer(state, seat).score(action)


_COLOUR_INDEX = {letter: index for index, letter in enumerate(COLOUR_LETTERS)}


@lru_cache(maxsize=65536)
def _order_colours(order: str) -> tuple[int, ...]:
    """An order's colours as indices (the same orders come back every decision)."""
    return tuple(_COLOUR_INDEX[letter] for letter in order)


class _Scorer:
    """``evaluate`` after each of one position's moves, without cloning the state (a bot scores dozens).

    Sowings and captures are played on copies of the pits they touch. What does not depend on a sowing's
    order is worked out once per lifted pit: where the beads land, each pit's size afterwards (so where
    its own sowing would end) and who moves next. A move that ends the game takes the full path.
    """

    def __init__(self, state: SpectralReapersState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.players = state.num_players
        self.capture_count = state.config.capture_count
        self.base = [10.0 * sum(row) for row in state.captured]
        self.groups: dict[tuple[int, int], tuple] = {}

    def score(self, action: Action) -> float:
        """``evaluate(_after(state, action), seat)``, by the cheap path whenever the game goes on."""
        state = self.state
        value = None
        if isinstance(action, SowAction) and state.phase == SOW:
            value = self._sow(action)
        elif isinstance(action, CaptureAction) and state.phase == CAPTURE:
            value = self._capture(action)
        return evaluate(_after(state, action), self.seat) if value is None else value

    def _group(self, origin: int, k: int) -> tuple:
        """For ``k`` beads sown from ``origin`` (or from the hand): the pits before the first bead, the
        landing pits, those pits once each, the capture chances of the pits the sowing cannot change, the
        (index, last pit of its sowing, visits, size) afterwards of each non-empty pit it can change, beads
        left in hand, the next mover after a whole sowing (-1: the game ends) and, in the usual case where
        the chances can be counted with bit masks, those masks (see ``_masks``)."""
        state = self.state
        ring = state.ring
        lap = ring - 1
        pits = list(state.pits)
        if state.hand is None:
            hand = pits[origin]
            pits[origin] = [0] * self.players
            slot = 0
        else:
            hand = state.hand
            slot = state.hand_slot
        landing = [(origin + 1 + (slot + i) % lap) % ring for i in range(k)]
        sizes = [sum(row) for row in pits]
        for pit in landing:
            sizes[pit] += 1
        geometry = [(p, (p + 1 + (n - 1) % lap) % ring, (n - 1) // lap + 1, n) for p, n in enumerate(sizes) if n]
        touched = set(landing)
        changing = [g for g in geometry if g[0] in touched or g[1] in touched]
        fixed = self._chances(pits, [g for g in geometry if g[0] not in touched and g[1] not in touched],
                              [0] * self.players)
        left = sum(hand) - k
        mover = -1
        if not left:  # a whole sowing puts every bead on the board: who can move next does not depend on the order
            for i in range(1, self.players + 1):
                candidate = (self.seat + i) % self.players
                if hand[candidate] or any(row[candidate] for row in pits):
                    mover = candidate
                    break
        masks = self._masks(pits, landing, changing) if k <= lap else None
        group = (pits, landing, sorted(touched), fixed, changing, left, mover, masks)
        self.groups[(origin, k)] = group
        return group

    def _masks(self, pits: list[list[int]], landing: list[int], changing: list[tuple[int, int, int, int]]) -> tuple:
        """Bit masks that count the chances of the pits a sowing changes with a few integer operations.

        Only for sowings that drop at most one bead per pit. For a changed pit ``p`` whose own sowing stays
        inside one lap, seat ``s`` can capture from ``p`` exactly when ``p`` holds its colour and ``p``'s
        last pit holds ``capture_count - 1`` of it. Seat ``s`` owns bits ``4s`` to ``4s + 3``; a pit's
        "holds" mask ANDed with its last pit's "one short" mask adds 1 to each seat's field that can
        capture (at most 12 pits change, so no field overflows). Returns, per pit, the (holds, one short)
        masks after each colour lands there, the masks of the pits before the sowing, the (pit, last pit)
        pairs so counted and the changed pits of more than a lap, counted one by one.
        """
        players = self.players
        target = self.capture_count - 1
        bits = [1 << 4 * s for s in range(players)]
        holds = [0] * len(pits)
        short = [0] * len(pits)
        light = [(g[0], g[1]) for g in changing if g[2] == 1]
        for pit in {q for pair in light for q in pair} | set(landing):
            row = pits[pit]
            holds[pit] = sum(bit for bit, x in zip(bits, row) if x)
            short[pit] = sum(bit for bit, x in zip(bits, row) if x == target)
        table: list[list[tuple[int, int]]] = [[] for _ in pits]
        for pit in landing:
            row = pits[pit]
            h, sh = holds[pit], short[pit]
            table[pit] = [(h | bit, sh | bit if x + 1 == target else sh & ~bit if x == target else sh)
                          for bit, x in zip(bits, row)]
        return table, holds, short, light, [g for g in changing if g[2] > 1]

    def _sow(self, action: SowAction) -> float | None:
        """As ``SpectralReapersState._sow`` plays ``action``; ``None`` when it ends the game."""
        state = self.state
        seat = self.seat
        origin = action.pit if state.hand is None else state.hand_origin
        colours = _order_colours(action.order)
        group = self.groups.get((origin, len(colours))) or self._group(origin, len(colours))
        before, landing, touched, fixed, changing, left, mover, masks = group
        if masks is not None:
            table, holds, short, pairs, heavy = masks
            holds = holds[:]
            short = short[:]
            for pit, colour in zip(landing, colours):
                holds[pit], short[pit] = table[pit][colour]
            total = 0
            for p, last in pairs:
                total += holds[p] & short[last]
            chances = [f + ((total >> 4 * s) & 15) for s, f in enumerate(fixed)]
            if heavy:
                self._heavy_chances(before, dict(zip(landing, colours)), heavy, chances)
            captures = colours[-1] == seat and before[landing[-1]][seat] + 1 == self.capture_count
        else:
            pits = before[:]
            for pit in touched:
                pits[pit] = pits[pit][:]
            for pit, colour in zip(landing, colours):
                pits[pit][colour] += 1
            chances = self._chances(pits, changing, fixed[:])
            captures = colours[-1] == seat and pits[landing[-1]][seat] == self.capture_count
        if left:
            return self._value(chances, seat, False, self.base)
        if captures:
            values = self.base[:]  # the capture phase: only the capture due counts
            values[seat] += 9.0
            return values[seat] - max(v for s, v in enumerate(values) if s != seat)
        if state.since_capture + 1 >= state.config.safety_bound or mover < 0:
            return None
        return self._value(chances, mover, True, self.base)

    def _capture(self, action: CaptureAction) -> float | None:
        """As ``SpectralReapersState._capture`` plays ``action``; ``None`` when it ends the game."""
        state = self.state
        seat = self.seat
        pits = list(state.pits)
        pits[action.pit] = pits[action.pit][:]
        pits[action.pit][action.colour] -= 1
        threshold = state.config.end_threshold
        if any(sum(row[c] for row in pits) <= threshold for c in range(self.players)):
            return None
        mover = _next_mover(pits, seat, self.players)
        if mover < 0:
            return None
        base = self.base[:]
        base[seat] += 10.0
        lap = state.ring - 1
        geometry = [(p, (p + 1 + (n - 1) % lap) % state.ring, (n - 1) // lap + 1, n)
                    for p, n in enumerate(sum(row) for row in pits) if n]
        return self._value(self._chances(pits, geometry, [0] * self.players), mover, True, base)

    def _chances(self, pits: list[list[int]], geometry: list[tuple[int, int, int, int]],
                 chances: list[int]) -> list[int]:
        """``chances`` plus ``capture_counts`` over the pits in ``geometry`` (index, last pit, visits, size)."""
        players = self.players
        cc = self.capture_count
        target = cc - 1
        for p, lp, visits, n in geometry:
            pit = pits[p]
            last = pits[lp]
            if visits == 1:  # then the only way to capture is one bead short in the last pit
                if target not in last:
                    continue
                for s in range(players):
                    if pit[s] and last[s] == target:
                        chances[s] += 1
            else:
                for s in range(players):
                    own = pit[s]
                    if own:
                        need = cc - last[s]
                        if 1 <= need <= visits and need <= own and own - need <= n - visits \
                                and visits - need <= n - own:
                            chances[s] += 1
        return chances

    def _heavy_chances(self, before: list[list[int]], landed: dict[int, int],
                       heavy: list[tuple[int, int, int, int]], chances: list[int]) -> None:
        """``_chances`` for pits whose own sowing laps the ring, on the pits ``before`` a sowing that
        dropped one bead of colour ``landed[pit]`` into each landing pit (no rows copied)."""
        cc = self.capture_count
        for p, lp, visits, n in heavy:
            pit = before[p]
            last = before[lp]
            mine = landed.get(p, -1)
            theirs = landed.get(lp, -1)
            for s in range(self.players):
                own = pit[s] + (s == mine)
                if own:
                    need = cc - last[s] - (s == theirs)
                    if 1 <= need <= visits and need <= own and own - need <= n - visits and visits - need <= n - own:
                        chances[s] += 1

    def _value(self, chances: list[int], to_move: int, empty_hand: bool, base: list[float]) -> float:
        """``seat``'s ``seat_value`` minus the best opponent's in a sowing-phase position with these capture
        ``chances`` (``base``: each seat's captured beads x10)."""
        values = [b + 1.5 * (c if c < 3 else 3) for b, c in zip(base, chances)]
        if empty_hand:
            c = chances[to_move]
            values[to_move] = base[to_move] + ((8.0 if c else 0.0) + 1.0 * c)
        seat = self.seat
        mine = values[seat]
        values[seat] = -math.inf  # so that max() is the best opponent's
        return mine - max(values)


def _next_mover(pits: Sequence[Sequence[int]], first: int, players: int) -> int:
    """The first seat from ``first`` on with a bead on the board (-1: nobody can move, the game ends)."""
    for i in range(players):
        seat = (first + i) % players
        if any(pit[seat] for pit in pits):
            return seat
    return -1


def _landing_key(order: str, lap: int) -> str | tuple[tuple[str, ...], str]:
    """What an order sows where, for orders of one length from one pit: equal exactly when their
    ``outcome_key`` is (a pit receives the beads at positions ``j, j + lap, ...``), but cheaper."""
    if len(order) <= lap:
        return order
    return tuple("".join(sorted(order[j::lap])) for j in range(lap)), order[-1]


def rank_actions(state: SpectralReapersState, legal: Sequence[Action], rng: random.Random,
                 extra: int = 12) -> list[tuple[float, Action]]:
    """Legal actions with the normal heuristic's score, best first (ties in a random order).

    A decision that orders only part of a big pit is scored by whole-pit orders: for each candidate whole
    order, the part of it this decision sows is the legal action that matches its outcome.
    """
    seat = state.to_move
    scorer = _Scorer(state, seat)
    scored: list[tuple[float, float, Action]]
    if state.phase == PLACE:
        places = [a for a in legal if isinstance(a, PlaceAction)]  # all of them: the phase offers nothing else
        sizes = [sum(pit) for pit in state.pits]
        scored = [(_placement_score(sizes, state.ring, a), rng.random(), a) for a in places]
    elif state.phase == SOW and any(isinstance(a, SowAction) and a.left for a in legal):
        best_for: dict[Action, float] = {}
        by_pit: dict[int, list[SowAction]] = {}
        for a in legal:
            if isinstance(a, SowAction):
                by_pit.setdefault(a.pit, []).append(a)
        lap = state.ring - 1
        for pit in sorted(by_pit):
            actions = by_pit[pit]
            chunk = actions[0]
            if not chunk.left:
                for a in actions:
                    best_for[a] = scorer.score(a)
                continue
            k = len(chunk.order)
            by_key = {_landing_key(a.order, lap): a for a in actions}
            for order in _full_order_candidates(state, pit, rng, extra):
                value = scorer.score(SowAction(pit, order, 0, chunk.cont))
                match = by_key.get(_landing_key(order[:k], lap))
                if match is not None and value > best_for.get(match, -1e18):
                    best_for[match] = value
        scored = [(best_for.get(a, -1e9), rng.random(), a) for a in legal]
    else:
        scored = [(scorer.score(a), rng.random(), a) for a in legal]
    scored.sort(key=itemgetter(0, 1), reverse=True)
    return [(value, action) for value, _, action in scored]


def placement_score(state: SpectralReapersState, seat: int, action: PlaceAction) -> float:
    """Prefer pits nobody else uses (only we can lift them) and pits spread around the ring."""
    return _placement_score([sum(pit) for pit in state.pits], state.ring, action)


def _placement_score(sizes: Sequence[int], ring: int, action: PlaceAction) -> float:
    """``placement_score`` with the beads in each pit counted once for all the placements of a decision."""
    crowd = sum(sizes[p] for p, _ in action.placements)
    # a 4-bead pit reaches one pit further; put the bigger counts on the pits with company.
    weight = sum(count * (1 if sizes[p] else 0) for p, count in action.placements)
    return -3.0 * crowd + _spread(tuple(p for p, _ in action.placements), ring) + 0.1 * weight


@lru_cache(maxsize=4096)
def _spread(pits: tuple[int, ...], ring: int) -> float:
    """How far apart ``pits`` lie around the ring (each pair counts up to 3); the same sets recur."""
    spread = 0.0
    for i, a in enumerate(pits):
        for b in pits[i + 1:]:
            d = min((a - b) % ring, (b - a) % ring)
            spread += min(d, 3)
    return spread


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
            good = [a for a in legal if isinstance(a, SowAction) and not a.left
                    and _after(state, a).phase == CAPTURE]
            if good:
                return good[self.rng.randrange(len(good))]
        return legal[self.rng.randrange(len(legal))]


class NormalAgent(Agent):
    """The one-move-ahead heuristic of ``rank_actions``."""

    level = "normal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return rank_actions(_state(observation), legal, self.rng)[0][1]


class HardAgent(Agent):
    """Search over the normal heuristic's best moves.

    Default (``search="alphabeta"``), at every player count: alpha-beta with iterative deepening
    (``game.ai.alphabeta``) over the ``width`` best moves by the normal heuristic at every node, within a
    node budget. With 3+ players it is the "paranoid" reduction: every opponent is assumed to play
    against us, and a position is worth our value minus the best opponent's (``evaluate``). Chains of
    captures (the same player moving again) are searched as the mover's own consecutive moves.
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
        return [a for _, a in rank_actions(state, legal, self.rng)[:width]]

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

        def order(position: GameState, actions: list[Action]) -> list[Action]:
            assert isinstance(position, SpectralReapersState)  # alpha-beta hands back the states it searches
            return [a for _, a in rank_actions(position, actions, self.rng, extra=4)[:width]]

        settings = alphabeta.AlphaBetaSettings(max_depth=8, node_budget=nodes, order_moves=order,
                                               time_limit=time_limit)
        result = alphabeta.search(state, evaluate, settings, candidates)
        self.effort = result.nodes
        return result.action

    def analyse(self, observation: Observation, legal: Sequence[Action]) -> Analysis:
        """Alpha-beta's choice, as ``choose`` makes it; each candidate's chance of winning and score are
        estimated by the MCTS form over the same candidates (alpha-beta values are margins, not chances).
        With a time limit, each search gets half of it."""
        seat = observation.seat
        if seat is None:
            raise ValueError("a spectator's observation has no seat to analyse for")
        if len(legal) == 1:
            return Analysis(seat, legal[0], forced=True)
        state = _state(observation)
        candidates = self._candidates(state, legal)
        half = None if self.context.time_limit is None else self.context.time_limit / 2
        if isinstance(candidates[0], CaptureAction) or len(candidates) == 1:
            choice = candidates[0]
        else:
            choice = self._alphabeta(state, candidates, half)
        estimates = analyse(observation, candidates, lambda rng: state.clone(), self._mcts_settings(half), self.rng)
        ranked = sorted(estimates.options, key=lambda option: (option.action != choice, -option.win))
        return Analysis(seat, choice, tuple(ranked))


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
