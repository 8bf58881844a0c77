"""Spectral Reapers AI: what a position is worth, the one-move scorer, normal's ranking, and the agents.

* ``easy``: takes an immediate capture when one of its pits offers one, otherwise plays at random.
* ``normal``: scores every candidate move by its result: a capture now (and the chance to capture again),
  captures it leaves the next player (avoided), capture chances it keeps for itself; captures the bead that
  helps most (ends the game when ahead, keeps it going when behind, leaves itself a target); places its
  beads in pits nobody else uses, spread around the ring.
* ``hard``: alpha-beta (``game.ai.alphabeta``) with iterative deepening over the normal heuristic's best
  moves, within a node budget; with 3+ players in its paranoid form (opponents play against us). An MCTS
  form (``game.ai.ismcts.search``, reward per seat, greedy rollouts) is kept as ``search="mcts"``.

The move scorer (``_Scorer``) is ``evaluate`` one move ahead without cloning the state. A bot scores dozens
of sowing orders a decision, most of them from the same few pits. What does not depend on a sowing's order is
worked out once per lifted pit and number of beads (a "group"): where the beads land, each pit's size
afterwards (so where its own sowing would end) and who moves next. When the beads land one per pit, the group
also holds how each landing colour changes every seat's capture chances, with the chances of all seats packed
into one integer (``WIDE`` bits a seat): an order's chances are then a sum of table entries, and its value is
looked up by that sum. A sowing that laps the ring works on pits packed the same way (``WIDE`` bits a colour),
testing every seat at once. A move that ends the game takes the full path (clone, play, ``evaluate``).
"""

from __future__ import annotations

import math
import random
import time
from functools import lru_cache
from itertools import groupby, repeat
from operator import attrgetter, getitem
from typing import NamedTuple, Sequence

from game.ai import alphabeta
from game.ai.ismcts import SearchSettings, analyse, search_with_effort
from game.core.agent import Agent, AgentContext
from game.core.analysis import Analysis
from game.core.contracts import Action, GameState, Observation
from game.core.draws import shuffle
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, PLACE, SOW, CaptureAction, PlaceAction, SowAction, SowChoices, SowRun,
    SpectralReapersObservation, SpectralReapersState,
)

# ------------------------------------------------------------------------ what a position is worth

WIN = 1000.0
"""A finished game's value for a win (alpha-beta): more than any margin of beads."""


def capture_counts(pits: Sequence[Sequence[int]], ring: int, players: int, capture_count: int) -> list[int]:
    """How many of each seat's pits can be sown (in some order) to end with a capture, in one pass over the
    ring (each pit's reach is worked out once)."""
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
    """A rough worth of the position for every seat in bead units x10, with one pass over the ring for all of
    them (``capture_counts``)."""
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
    values = _seat_values(state.pits, state.captured, state.ring, state.config.capture_count, state.phase,
                          state.to_move, state.hand is None)
    top = max(values)
    return [max(0.0, min(1.0, 0.5 + (v - top) / 60.0 + (0.15 if v == top else 0.0))) for v in values]

# --------------------------------------------------------------------------------- the move scorer

WIDE = 16
"""Bits of one colour's count in a packed pit, and of one seat's capture chances in a packed sum."""
WIDE_MASK = (1 << WIDE) - 1
UNIT = [1 << WIDE * c for c in range(len(COLOUR_LETTERS))]
"""One bead of each colour, packed (and one capture chance of each seat)."""
LOW = sum(((1 << WIDE - 1) - 1) << WIDE * c for c in range(len(COLOUR_LETTERS)))
HIGH = sum(1 << WIDE - 1 << WIDE * c for c in range(len(COLOUR_LETTERS)))
"""With ``LOW``, per field of a packed number: ``(((x & LOW) + LOW) | x) & HIGH`` sets a field's top bit
exactly when the field is not zero (no carry crosses into the next field)."""

_COLOUR_BYTES = bytes.maketrans(COLOUR_LETTERS.encode(), bytes(range(len(COLOUR_LETTERS))))
"""Translates an order's letters to its colours' numbers at once (``order.encode().translate``)."""


def _after(state: SpectralReapersState, action: Action) -> SpectralReapersState:
    """The state after ``action`` (the reference path the scorer must agree with)."""
    child = state.clone()
    child.apply_legal(action)
    return child


@lru_cache(maxsize=64)
def _every_field(value: int) -> int:
    """``value`` in the field of every colour of a packed pit."""
    return sum(value << WIDE * c for c in range(len(COLOUR_LETTERS)))


def _can_capture(own: int, need: int, visits: int, size: int) -> bool:
    """Whether a pit of ``size`` beads, ``own`` of them a seat's colour, can be sown to drop exactly ``need``
    more of that colour into its last pit (visited ``visits`` times) with that colour last."""
    return 1 <= need <= visits and need <= own and own - need <= size - visits and visits - need <= size - own


class _OneLap(NamedTuple):
    """A group whose beads land one per pit: the packed chances are ``base`` plus ``table[i][colour]`` for
    the colour landing ``i``-th, plus ``both[colour]`` of each (i, j, both) of ``cross`` when the same colour
    lands ``i``-th and ``j``-th (a pit and its last pit both land)."""

    base: int
    table: list[list[int]]
    cross: list[tuple[int, int, list[int]]]
    capture_colour: int
    """The last bead's colour that earns a capture (-1: none can)."""
    left: int


class _Laps(NamedTuple):
    """A group that laps the ring (every pit but the lifted one gets a bead). Pits are packed colour counts
    (``WIDE`` bits a colour); ``slots[t]`` is the landing pit of the ``t``-th bead as an index into the beads
    each pit receives (slot ``lap``: the lifted pit, which receives none). ``one_visit`` holds (packed pit,
    its slot, packed last pit, its slot) of each non-empty pit afterwards whose own sowing stays within a
    lap; ``visits`` the same of the others, with the fewest beads of a colour their last pit must then hold
    and the most that pit and its last pit may hold together (both in every field; see ``_laps``)."""

    slots: list[int]
    one_visit: list[tuple[int, int, int, int]]
    visits: list[tuple[int, int, int, int, int, int]]
    last: tuple[int, int]
    """The packed last landing pit and its slot (a capture needs the capture count of one's colour there)."""
    left: int


class _Scorer:
    """``evaluate`` after each of one position's moves, without cloning the state."""

    def __init__(self, state: SpectralReapersState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.players = state.num_players
        self.capture_count = state.config.capture_count
        self.base = [10.0 * sum(row) for row in state.captured]
        self.ends = state.since_capture + 1 >= state.config.safety_bound
        """Whether any whole sowing without a capture ends the game (the safety bound)."""
        self.groups: dict[tuple[int, int], _OneLap | _Laps] = {}
        self.capture_due: float | None = None
        self.next_mover: int | None = None
        self.part_values: dict[int, float] = {}
        self.whole_values: dict[int, float] = {}
        """Values already worked out, by packed chances."""
        self.packed: list[int] | None = None
        """Each pit's colour counts, packed (``WIDE`` bits a colour), made for the first lapping sowing."""
        self.sizes: list[int] | None = None
        """Each pit's beads, counted for the first group."""
        self.short: list[tuple[list[int], list[int]]] | None = None
        """See ``_short``."""
        self.ring = state.ring
        self.targets = _every_field(self.capture_count - 1)
        """``capture_count - 1`` in every field: XOR gives zero where a pit is one short of a capture."""
        self.counts = _every_field(self.capture_count)

    def score(self, action: Action) -> float:
        """``evaluate(_after(state, action), seat)``, by the cheap path whenever the game goes on."""
        state = self.state
        if isinstance(action, SowAction) and state.phase == SOW:
            return self.sow_scores(action.pit, [action.order], action.left, action.cont)[0]
        value = self._capture(action) if isinstance(action, CaptureAction) and state.phase == CAPTURE else None
        return evaluate(_after(state, action), self.seat) if value is None else value

    def sow_scores(self, pit: int, orders: Sequence[str], left: int = 0, cont: bool = False) -> list[float]:
        """``score`` of ``SowAction(pit, order, left, cont)`` for each of ``orders`` (one loop: a decision
        scores dozens; the action is made only for a sowing that ends the game). The usual one-lap sowing (see
        ``_OneLap``) is worked out here, without a call per order."""
        state = self.state
        origin = pit if state.hand is None else state.hand_origin
        values = []
        length = -1
        one_lap: _OneLap | None = None
        laps: _Laps | None = None
        cache = self.whole_values
        for order in orders:
            colours = order.encode().translate(_COLOUR_BYTES)
            if len(colours) != length:
                length = len(colours)
                group = self.groups.get((origin, length))
                if group is None:
                    group = self.groups[origin, length] = self._group(origin, length)
                one_lap, laps = (group, None) if isinstance(group, _OneLap) else (None, group)
                if one_lap is not None:
                    base, table, cross, capture_colour, part = one_lap
                    cache = self.part_values if part else self.whole_values
            value: float | None
            if one_lap is not None:
                total = base + sum(map(getitem, table, colours))
                for i, j, both in cross:
                    colour = colours[i]
                    if colour == colours[j]:
                        total += both[colour]
                if not part and colours[-1] == capture_colour:
                    value = self._capture_due()
                else:
                    value = cache.get(total)
                    if value is None:
                        value = self._packed_value(total, bool(part))
            else:
                assert laps is not None
                value = self._laps(laps, colours)
            if value is None:
                value = evaluate(_after(state, SowAction(pit, order, left, cont)), self.seat)
            values.append(value)
        return values

    def _laps(self, group: _Laps, colours: bytes) -> float | None:
        """The value of a lapping sowing. A pit of one visit offers a capture to each seat with a bead in it
        whose last pit is one short. A pit of more visits, with ``own`` beads of a colour and ``last`` in its
        last pit: ``last <= capture_count - 1``, ``last >= fewest``, ``own + last >= capture_count`` and
        ``own + last <= most`` (``_can_capture`` rewritten without ``need``), tested in every field at once
        (``((x | HIGH) - y) & HIGH`` sets a field's top bit when ``x >= y`` there)."""
        received = [0] * self.ring
        unit = UNIT
        for slot, colour in zip(group.slots, colours):
            received[slot] += unit[colour]
        targets, low, high = self.targets, LOW, HIGH
        total = 0
        for pit, slot, last, last_slot in group.one_visit:
            pit += received[slot]
            last = (last + received[last_slot]) ^ targets
            total += (((pit & low) + low) | pit) & ~(((last & low) + low) | last) & high
        for pit, slot, last, last_slot, fewest, most in group.visits:
            last += received[last_slot]
            both = pit + received[slot] + last
            total += (((targets | high) - last) & ((last | high) - fewest) & ((both | high) - self.counts)
                      & ((most | high) - both) & high)
        total >>= WIDE - 1
        if group.left:
            return self._packed_value(total, True)
        seat = self.seat
        if colours[-1] == seat and ((group.last[0] + received[group.last[1]]) >> WIDE * seat) & WIDE_MASK \
                == self.capture_count:
            return self._capture_due()
        return self._packed_value(total, False)

    def _packed_value(self, total: int, part: bool) -> float | None:
        """The value of a sowing-phase position with these packed capture chances after a part-sowing (the
        mover orders the rest) or a whole sowing without a capture (None: that ends the game); as ``_seat_values``
        works it out from the chances, in one pass over the packed fields."""
        values = self.part_values if part else self.whole_values
        value = values.get(total)
        if value is None:
            if part:
                to_move = -1  # the seat orders the rest of its beads: nobody has an empty hand to move with
            else:
                to_move = -1 if self.ends else self._mover()
                if to_move < 0:
                    return None
            seat = self.seat
            mine = best = -math.inf
            for s, base in enumerate(self.base):
                c = (total >> WIDE * s) & WIDE_MASK
                v = base + ((8.0 if c else 0.0) + 1.0 * c) if s == to_move else base + 1.5 * (c if c < 3 else 3)
                if s == seat:
                    mine = v
                elif v > best:
                    best = v
            value = values[total] = mine - best
        return value

    def _mover(self) -> int:
        """Who moves after a whole sowing without a capture: a whole sowing puts every bead on the board, so
        it does not depend on the pit or the order (-1: nobody can, the game ends)."""
        if self.next_mover is None:
            state = self.state
            on_board = [sum(column) for column in zip(*state.pits)]
            if state.hand is not None:
                on_board = [a + b for a, b in zip(on_board, state.hand)]
            self.next_mover = _next_mover(on_board, (self.seat + 1) % self.players)
        return self.next_mover

    def _capture_due(self) -> float:
        """The value when the sowing earns a capture: the capture phase counts only the capture due."""
        if self.capture_due is None:
            values = self.base[:]
            values[self.seat] += 9.0
            self.capture_due = _margin(values, self.seat)
        return self.capture_due

    def _group(self, origin: int, k: int) -> _OneLap | _Laps:
        """What ``k`` beads sown from ``origin`` (or from the hand) do whatever their order."""
        state = self.state
        ring = state.ring
        lap = ring - 1
        players = self.players
        pits = list(state.pits)
        if self.sizes is None:
            self.sizes = [sum(row) for row in pits]
        sizes = self.sizes[:]
        if state.hand is None:
            hand = pits[origin]
            pits[origin] = [0] * players
            sizes[origin] = 0
            slot = 0
        else:
            hand = state.hand
            slot = state.hand_slot
        landing = [(origin + 1 + (slot + i) % lap) % ring for i in range(k)]
        for pit in landing:
            sizes[pit] += 1
        left = sum(hand) - k
        if k <= lap:
            return self._one_lap_group(pits, origin, landing, sizes, left)
        cc = self.capture_count
        if self.packed is None:
            self.packed = [sum(x << WIDE * c for c, x in enumerate(row)) for row in state.pits]
        packed = self.packed[:]
        packed[origin] = 0  # lifted, or emptied by the sowing that put the beads in hand
        slot_of = [(pit - origin - 1) % ring for pit in range(ring)]
        slot_of[origin] = lap  # the lifted pit: its slot of received beads stays empty
        one_visit = []
        visits = []
        for p, n in enumerate(sizes):
            if n:
                q = (p + 1 + (n - 1) % lap) % ring
                if n <= lap:
                    one_visit.append((packed[p], slot_of[p], packed[q], slot_of[q]))
                else:
                    laps = (n - 1) // lap + 1
                    visits.append((packed[p], slot_of[p], packed[q], slot_of[q], _every_field(max(cc - laps, 0)),
                                   _every_field(n - laps + cc)))
        last = landing[-1]
        return _Laps([slot_of[pit] for pit in landing], one_visit, visits, (packed[last], slot_of[last]), left)

    def _one_lap_group(self, pits: list[list[int]], origin: int, landing: list[int], sizes: list[int],
                       left: int) -> _OneLap:
        """The packed-chance tables of a sowing that drops one bead in each landing pit.

        For each non-empty pit ``p`` afterwards and its last pit ``q``, seat ``s``'s chance depends on whether
        colour ``s`` lands in ``p`` (one more of its own beads) and in ``q`` (one fewer needed): the chance
        with neither goes into ``base``, the change when it lands in ``p`` alone or ``q`` alone into ``table``,
        and the correction when it lands in both into ``cross``. Within one visit a capture needs a bead of
        one's colour in ``p`` and ``q`` one short, so only the seats whose colour ``q`` holds one or two short
        of the capture count are looked at.
        """
        ring = len(pits)
        lap = ring - 1
        players = self.players
        cc = self.capture_count
        bits = UNIT[:players]
        short = self._short()
        emptied = ([s for s in range(players) if cc == 1], [s for s in range(players) if cc == 2])
        index = {pit: i for i, pit in enumerate(landing)}
        base = 0
        table = [[0] * players for _ in landing]
        cross: list[tuple[int, int, list[int]]] = []
        for p, n in enumerate(sizes):
            if not n:
                continue
            q = (p + 1 + (n - 1) % lap) % ring
            row = pits[p]
            i, j = index.get(p, -1), index.get(q, -1)
            if n <= lap:
                ones, twos = emptied if q == origin else short[q]
                if i < 0 and j < 0:  # neither pit gets a bead: the chances stay as they are
                    for s in ones:
                        if row[s]:
                            base += bits[s]
                    continue
            both = [0] * players
            if n <= lap:
                for s in ones:
                    bit = bits[s]
                    if row[s]:
                        base += bit
                        if j >= 0:
                            table[j][s] -= bit
                    elif i >= 0:
                        table[i][s] += bit
                        if j >= 0:
                            both[s] = -bit
                if j >= 0:
                    for s in twos:
                        if row[s]:
                            table[j][s] += bits[s]
                        elif i >= 0:
                            both[s] = bits[s]
            else:
                last = pits[q]
                visits = (n - 1) // lap + 1
                for s, bit in enumerate(bits):
                    own, need = row[s], cc - last[s]
                    alone = _can_capture(own, need, visits, n)
                    base += alone * bit
                    mine = theirs = 0
                    if i >= 0:
                        mine = _can_capture(own + 1, need, visits, n) - alone
                        table[i][s] += mine * bit
                    if j >= 0:
                        theirs = _can_capture(own, need - 1, visits, n) - alone
                        table[j][s] += theirs * bit
                        if i >= 0:
                            both[s] = (_can_capture(own + 1, need - 1, visits, n) - alone - mine - theirs) * bit
            if i >= 0 and j >= 0 and any(both):
                cross.append((i, j, both))
        seat = self.seat
        capture_colour = seat if pits[landing[-1]][seat] + 1 == cc else -1
        return _OneLap(base, table, cross, capture_colour, left)

    def _short(self) -> list[tuple[list[int], list[int]]]:
        """For each pit, the seats whose colour it holds one short of the capture count, and two short."""
        if self.short is None:
            one, two = self.capture_count - 1, self.capture_count - 2
            self.short = [([s for s, x in enumerate(row) if x == one], [s for s, x in enumerate(row) if x == two])
                          for row in self.state.pits]
        return self.short

    def _capture(self, action: CaptureAction) -> float | None:
        """As ``SpectralReapersState._apply_capture`` plays ``action``; ``None`` when it ends the game."""
        state = self.state
        seat = self.seat
        pits = list(state.pits)
        pits[action.pit] = pits[action.pit][:]
        pits[action.pit][action.colour] -= 1
        on_board = [sum(column) for column in zip(*pits)]
        if min(on_board) <= state.config.end_threshold:
            return None
        mover = _next_mover(on_board, seat)
        if mover < 0:
            return None
        captured = list(state.captured)
        captured[seat] = captured[seat][:]
        captured[seat][action.colour] += 1
        return _margin(_seat_values(pits, captured, self.ring, self.capture_count, SOW, mover, True), seat)


def _next_mover(on_board: Sequence[int], first: int) -> int:
    """The first seat from ``first`` on with a bead on the board (``on_board``: beads of each colour; -1:
    nobody can move, the game ends)."""
    players = len(on_board)
    return next((seat for seat in ((first + i) % players for i in range(players)) if on_board[seat]), -1)

# -------------------------------------------------------------------------------- normal's ranking

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
    colours = prefix.encode().translate(_COLOUR_BYTES)
    visits = [sorted(colours[j::lap]) for j in range(lap)]
    canonical = "".join(COLOUR_LETTERS[visits[t % lap][t // lap]] for t in range(len(colours)))
    return canonical if canonical[-1] == prefix[-1] else None


def _scores(state: SpectralReapersState, legal: Sequence[Action], rng: random.Random, extra: int) -> list[float]:
    """The normal heuristic's score of each legal action.

    A decision that orders only part of a big pit is scored by whole-pit orders: for each candidate whole
    order, the part of it this decision sows is the legal action that matches its outcome.
    """
    if state.phase == PLACE:
        return _placement_scores(state, [a for a in legal if isinstance(a, PlaceAction)])  # nothing else is legal
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
    scores = _scores(state, legal, rng, extra)
    draw = rng.random
    keys = [(score, draw()) for score in scores]
    ranked = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)  # stable: as sorting the actions
    return [(scores[i], legal[i]) for i in ranked[:count]]


def best_action(state: SpectralReapersState, legal: Sequence[Action], rng: random.Random) -> Action:
    """``rank_actions(...)[0][1]`` without sorting the rest (the first of equals, as the stable sort keeps)."""
    scores = _scores(state, legal, rng, 12)
    draw = rng.random
    _, _, index = max(zip(scores, [draw() for _ in scores], range(0, -len(scores), -1)))
    return legal[-index]


def _placement_scores(state: SpectralReapersState, actions: Sequence[PlaceAction]) -> list[float]:
    """Each placement's score: pits nobody else uses (only we can lift them) and pits spread around the ring,
    with a 4-bead pit, which reaches one pit further, on the pits with company. The part that depends only on
    the pits chosen is worked out once per set of pits (each is offered with several splits; hundreds of
    placements at six players)."""
    sizes = [sum(pit) for pit in state.pits]
    heads: dict[tuple[int, ...], float] = {}
    scores = []
    for action in actions:
        placements = action.placements
        pits = tuple([p for p, _ in placements])
        head = heads.get(pits)
        if head is None:
            head = heads[pits] = -3.0 * sum([sizes[p] for p in pits]) + _spread(pits, state.ring)
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


# -------------------------------------------------------------------------------------- the agents

ROLLOUT_DEPTH = 6
"""Rollout actions before MCTS scores a position (3+ players)."""


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


def capturing_sowings(state: SpectralReapersState, legal: Sequence[Action]) -> list[SowAction]:
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
        scores = _placement_scores(state, legal)
        return legal[max(range(len(legal)), key=lambda i: (scores[i], rng.random()))]
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
    scorer = _Scorer(state, seat)
    return max(candidates, key=lambda a: (scorer.score(a), rng.random()))
