"""Spectral Reapers AI: the normal heuristic's ranking of a decision's legal moves (normal plays the best one,
hard searches the best few)."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import groupby, repeat
from operator import attrgetter
from typing import Sequence

from game.core.contracts import Action
from game.core.draws import shuffle
from game.games.spectral_reapers.rules import (
    COLOUR_LETTERS, PLACE, SOW, PlaceAction, SowAction, SowChoices, SowRun, SpectralReapersState,
)
from game.games.spectral_reapers.scorer import _order_colours, _Scorer

UNSCORED = -1e9
"""The score of a part-order that no whole order tried matches (ranked last)."""


def _full_order_candidates(state: SpectralReapersState, pit: int, rng: random.Random, extra: int) -> list[str]:
    """Whole-hand orders worth trying for a pit too big to list: random ones plus one per last colour."""
    hand = state.pits[pit] if state.hand is None else state.hand
    letters = [COLOUR_LETTERS[c] for c, n in enumerate(hand) for _ in range(n)]
    found: set[str] = set()
    for colour, n in enumerate(hand):
        if n:
            rest = letters[:]
            rest.remove(COLOUR_LETTERS[colour])
            found.add("".join(rest) + COLOUR_LETTERS[colour])
    for _ in range(extra):
        shuffle(letters, rng)  # the same draws and permutations as shuffling the beads' colour numbers
        found.add("".join(letters))
    return sorted(found)


def _part_order(prefix: str, lap: int) -> str | None:
    """The canonical order of a part-sowing (``prefix``: the first beads of a whole order) that sows the same
    colours into each landing pit with the same last bead, or None when the canonical order of that outcome
    ends with another colour (so no part-order matches it)."""
    if len(prefix) <= lap:
        return prefix
    colours = _order_colours(prefix)
    visits = [sorted(colours[j::lap]) for j in range(lap)]
    canonical = "".join(COLOUR_LETTERS[visits[t % lap][t // lap]] for t in range(len(colours)))
    return canonical if canonical[-1] == prefix[-1] else None


def _scores(state: SpectralReapersState, legal: Sequence[Action], rng: random.Random, extra: int) -> list[float]:
    """The normal heuristic's score of each legal action.

    A decision that orders only part of a big pit is scored by whole-pit orders: for each candidate whole
    order, the part of it this decision sows is the legal action that matches its outcome.
    """
    if state.phase == PLACE:
        sizes = [sum(pit) for pit in state.pits]
        return _placement_scores(sizes, state.ring, [a for a in legal if isinstance(a, PlaceAction)])
    scorer = _Scorer(state, state.to_move)
    runs = _sow_runs(legal) if state.phase == SOW else None
    if runs is None:
        return [scorer.score(a) for a in legal]
    by_pit: dict[int, list[str]] = {}
    first: dict[int, SowRun] = {}  # each pit's first run tells how many beads it sows
    for run in runs:
        by_pit.setdefault(run.pit, []).extend(run.orders)
        first.setdefault(run.pit, run)
    lap = state.ring - 1
    best: dict[int, dict[str, float]] = {}
    for pit in sorted(by_pit):
        orders = by_pit[pit]
        chunk = first[pit]
        if not chunk.left:
            best[pit] = dict(zip(orders, scorer.sow_scores(pit, orders, 0, chunk.cont)))
            continue
        values = best[pit] = {}
        k = len(chunk.orders[0])
        offered = set(orders)
        candidates = _full_order_candidates(state, pit, rng, extra)
        for order, value in zip(candidates, scorer.sow_scores(pit, candidates, 0, chunk.cont)):
            match = _part_order(order[:k], lap)
            if match in offered and value > values.get(match, -1e18):
                values[match] = value
    scores: list[float] = []
    for run in runs:
        scores.extend(map(best[run.pit].get, run.orders, repeat(UNSCORED)))
    return scores


def _sow_runs(legal: Sequence[Action]) -> Sequence[SowRun] | None:
    """A sowing decision's actions as runs of one pit's orders, read from ``SowChoices`` without making the
    actions (or gathered from a list of them); None when not all are sow actions."""
    if isinstance(legal, SowChoices):
        return legal.runs
    sows = [a for a in legal if isinstance(a, SowAction)]
    if len(sows) < len(legal):
        return None
    runs = []
    for pit, group in groupby(sows, key=attrgetter("pit")):
        run = list(group)
        runs.append(SowRun(pit, tuple([a.order for a in run]), run[0].left, run[0].cont))
    return runs


def rank_actions(state: SpectralReapersState, legal: Sequence[Action], rng: random.Random,
                 extra: int = 12, count: int | None = None) -> list[tuple[float, Action]]:
    """Legal actions with the normal heuristic's score, best first (ties in a random order); with ``count``,
    only the best ``count`` (the others' actions are never made)."""
    if state.phase == PLACE:
        legal = [a for a in legal if isinstance(a, PlaceAction)]  # all of them: the phase offers nothing else
    scores = _scores(state, legal, rng, extra)
    draw = rng.random
    keys = [(score, draw()) for score in scores]
    ranked = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)  # stable: as sorting the actions
    return [(scores[i], legal[i]) for i in ranked[:count]]


def best_action(state: SpectralReapersState, legal: Sequence[Action], rng: random.Random) -> Action:
    """``rank_actions(...)[0][1]`` without sorting the rest (the first of equals, as the stable sort keeps)."""
    if state.phase == PLACE:
        legal = [a for a in legal if isinstance(a, PlaceAction)]
    scores = _scores(state, legal, rng, 12)
    draw = rng.random
    _, _, index = max(zip(scores, [draw() for _ in scores], range(0, -len(scores), -1)))
    return legal[-index]


def placement_score(state: SpectralReapersState, seat: int, action: PlaceAction) -> float:
    """Prefer pits nobody else uses (only we can lift them) and pits spread around the ring."""
    return _placement_score([sum(pit) for pit in state.pits], state.ring, action)


def _placement_score(sizes: Sequence[int], ring: int, action: PlaceAction) -> float:
    """``placement_score`` with the beads in each pit counted once for all the placements of a decision."""
    crowd = sum(sizes[p] for p, _ in action.placements)
    # a 4-bead pit reaches one pit further; put the bigger counts on the pits with company.
    weight = sum(count * (1 if sizes[p] else 0) for p, count in action.placements)
    return -3.0 * crowd + _spread(tuple(p for p, _ in action.placements), ring) + 0.1 * weight


def _placement_scores(sizes: Sequence[int], ring: int, actions: Sequence[PlaceAction]) -> list[float]:
    """``_placement_score`` of each of a decision's placements (hundreds at six players), with the part that
    depends only on the pits chosen worked out once per set of pits (each is offered with several splits)."""
    heads: dict[tuple[int, ...], float] = {}
    scores = []
    for action in actions:
        placements = action.placements
        pits = tuple([p for p, _ in placements])
        head = heads.get(pits)
        if head is None:
            head = heads[pits] = -3.0 * sum([sizes[p] for p in pits]) + _spread(pits, ring)
        scores.append(head + 0.1 * sum([count for p, count in placements if sizes[p]]))
    return scores


@lru_cache(maxsize=4096)
def _spread(pits: tuple[int, ...], ring: int) -> float:
    """How far apart ``pits`` lie around the ring (each pair counts up to 3); the same sets recur."""
    spread = 0.0
    for i, a in enumerate(pits):
        for b in pits[i + 1:]:
            d = min((a - b) % ring, (b - a) % ring)
            spread += min(d, 3)
    return spread
