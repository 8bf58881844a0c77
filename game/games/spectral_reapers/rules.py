"""Spectral Reapers: the rules engine (pure Python, imports only ``game.core`` and the standard library).

Geometry, fixed once for the rules, the AI and the scene:

* The board is a ring of ``pits_per_player * N`` pits numbered ``0 .. P-1``. Pit indices increase
  COUNTER-CLOCKWISE, the sowing direction: sowing from pit ``o`` drops beads in ``o+1, o+2, ...`` (mod P),
  skipping ``o`` itself on every lap. Drawn as two rows, pit 0 is the bottom-left pit, the bottom row runs
  left to right and the top row right to left.
* Seats are numbered CLOCKWISE around the table: when the turn passes clockwise it goes from seat ``s`` to
  seat ``(s + 1) % N``. Seat ``s`` plays colour ``s`` (letter ``COLOUR_LETTERS[s]``).

A sowing move names a pit and the ORDER of the lifted beads. Two orders are the same move when they leave
the same colours in every pit and the last bead has the same colour, so the legal actions are the distinct
outcomes, each shown by one canonical order (see ``_chunk_orders``). When a pit holds so many beads that the
distinct outcomes of sowing all of them exceed ``order_choices_cap``, the order is chosen in parts: the
action orders the first ``k`` beads (the most whose distinct outcomes fit under the cap), those beads are
sown, and the same player orders the rest in a following ``sow-on`` decision. Every order of the rulebook
stays reachable; nothing is cut.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import combinations
from typing import Any, Mapping, Sequence

from game.core.contracts import TERMINAL, Event, GameState, IllegalActionError, Observation, make_rng

COLOUR_LETTERS = "RGBYPW"
COLOUR_NAMES = ("red", "green", "blue", "yellow", "purple", "white")

PLACE = "place"
SOW = "sow"
CAPTURE = "capture"
OVER = "over"

END_THRESHOLD = "threshold"
END_SAFETY = "safety"
END_STUCK = "stuck"


@dataclass(frozen=True)
class Config:
    """The rule parameters of one game (the variant's keys, as numbers)."""

    beads_per_player: int = 11
    pits_per_player: int = 2
    placement_pits: int = 3
    placement_min: int = 3
    placement_max: int = 4
    capture_count: int = 2
    end_threshold: int = 1
    safety_bound: int = 200
    order_choices_cap: int = 120

    @classmethod
    def from_params(cls, params: Mapping[str, Any] | None) -> "Config":
        """The config of a variant's parameters (missing keys take the standard value)."""
        params = params or {}
        return cls(**{f.name: int(params[f.name]) for f in fields(cls) if f.name in params})

    def as_params(self) -> dict[str, int]:
        """The variant parameters of this config."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


# --------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class PlaceAction:
    """Phase 1: all of the mover's beads into distinct pits; ``placements`` is ((pit, count), ...) by pit."""

    placements: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "place " + " ".join(f"{pit}:{count}" for pit, count in self.placements)


@dataclass(frozen=True)
class SowAction:
    """Phase 2: lift ``pit`` (or, with ``cont``, go on sowing the beads lifted from it) and sow ``order``.

    ``order`` is colour letters in sowing order. ``left`` is how many lifted beads stay in hand after this
    action (ordered by the following ``sow-on`` decision); 0 for a whole sowing.
    Text: ``sow 3 order=RRGBR``, ``sow 3 order=RGBYP+6`` (6 left), ``sow-on 3 order=GBRYRR``.
    """

    pit: int
    order: str
    left: int = 0
    cont: bool = False

    def __str__(self) -> str:
        head = "sow-on" if self.cont else "sow"
        tail = f"+{self.left}" if self.left else ""
        return f"{head} {self.pit} order={self.order}{tail}"


@dataclass(frozen=True)
class CaptureAction:
    """The capture a sowing earned: one bead of ``colour`` from ``pit``. Text: ``capture 5 G``."""

    pit: int
    colour: int

    def __str__(self) -> str:
        return f"capture {self.pit} {COLOUR_LETTERS[self.colour]}"


Action = PlaceAction | SowAction | CaptureAction


# ---------------------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class BeadsPlaced(Event):
    """Phase 1: ``seat`` put ``count`` beads of ``colour`` into each ``pit`` of ``placements``."""

    seat: int
    colour: int
    placements: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class SowingPhaseBegan(Event):
    """Everyone has placed; ``first`` (the starting player of phase 1) sows first."""

    first: int


@dataclass(frozen=True)
class PitLifted(Event):
    """``seat`` lifted every bead from ``pit``: ``counts[c]`` beads of colour ``c``."""

    seat: int
    pit: int
    counts: tuple[int, ...]


@dataclass(frozen=True)
class BeadSown(Event):
    """One bead of ``colour`` dropped into ``pit`` (events come in sowing order, bead by bead).

    ``origin`` is the lifted pit, ``index`` counts beads of this sowing from 1, ``left`` is the beads still
    in hand afterwards, ``last`` marks the last bead of the whole sowing.
    """

    seat: int
    origin: int
    pit: int
    colour: int
    index: int
    left: int
    last: bool


@dataclass(frozen=True)
class SowingPaused(Event):
    """``seat`` has ``left`` beads from ``origin`` still in hand and orders them next (big pits only)."""

    seat: int
    origin: int
    left: int


@dataclass(frozen=True)
class CaptureEarned(Event):
    """The last bead made ``pit`` hold exactly the capture count of ``seat``'s colour."""

    seat: int
    pit: int


@dataclass(frozen=True)
class BeadCaptured(Event):
    """``seat`` took one bead of ``colour`` from ``pit`` into their store."""

    seat: int
    pit: int
    colour: int


@dataclass(frozen=True)
class ExtraTurn(Event):
    """``seat`` captured and moves again."""

    seat: int


@dataclass(frozen=True)
class TurnPassed(Event):
    """The turn passed clockwise from ``previous`` to ``seat``."""

    previous: int
    seat: int


@dataclass(frozen=True)
class SeatSkipped(Event):
    """``seat`` has no pit holding their colour and cannot move (only possible with unusual variants)."""

    seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over. ``reason``: ``threshold`` (``seat`` is down to the end threshold of beads on the
    board), ``safety`` (the safety bound of sowings without a capture) or ``stuck`` (nobody can move)."""

    reason: str
    seat: int
    captured: tuple[int, ...]
    winners: tuple[int, ...]


# --------------------------------------------------------------------------------------------- orders


def _multisets(hand: tuple[int, ...], size: int, start: int = 0):
    """Every count vector ``a <= hand`` with ``sum(a) == size`` (colours from ``start`` on), lexicographic."""
    if size == 0:
        yield (0,) * (len(hand) - start)
        return
    if start == len(hand):
        return
    rest_total = sum(hand[start + 1:])
    low = max(0, size - rest_total)
    for take in range(min(hand[start], size), low - 1, -1):
        for tail in _multisets(hand, size - take, start + 1):
            yield (take,) + tail


def _group_sizes(k: int, lap: int) -> list[int]:
    """Visits of each landing pit (by first visit) among the first ``k`` slots of a ring of ``lap`` pits."""
    sizes = [0] * min(k, lap)
    for t in range(k):
        sizes[t % lap] += 1
    return sizes


def _count_outcomes(hand: tuple[int, ...], k: int, lap: int, final: bool, limit: int) -> int:
    """Distinct outcomes of sowing ``k`` beads from ``hand`` into the next ``k`` slots, saturating at
    ``limit``. ``final``: the k beads are the whole hand and the last bead's colour counts too."""
    sizes = _group_sizes(k, lap)
    last_group = (k - 1) % lap
    order = [g for g in range(len(sizes)) if not (final and g == last_group)]
    if final:
        order.append(last_group)
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def count(i: int, h: tuple[int, ...]) -> int:
        if i == len(order):
            return 1
        key = (i, h)
        if key in memo:
            return memo[key]
        total = 0
        is_last = final and i == len(order) - 1
        for a in _multisets(h, sizes[order[i]]):
            if is_last:
                total += sum(1 for x in a if x)
            else:
                total += count(i + 1, tuple(x - y for x, y in zip(h, a)))
            if total >= limit:
                total = limit
                break
        memo[key] = total
        return total

    return count(0, hand)


_FACT = [1.0]
for _i in range(1, 200):
    _FACT.append(_FACT[-1] * _i)


def _sequence_count(hand: tuple[int, ...], k: int) -> float:
    """Distinct colour sequences of length ``k`` drawn from ``hand`` (no lap: each is its own outcome)."""
    poly = [1.0]
    for have in hand:
        if not have:
            continue
        grown = [0.0] * min(len(poly) + have, k + 1)
        for j, value in enumerate(poly):
            if value:
                for i in range(min(have, k - j) + 1):
                    grown[j + i] += value / _FACT[i]
        poly = grown
    return poly[k] * _FACT[k] if k < len(poly) else 0.0


def _sequences(hand: list[int], k: int, prefix: list[str], out: list[str]) -> None:
    """Every distinct colour sequence of length ``k`` from ``hand``, in colour order."""
    if k == 0:
        out.append("".join(prefix))
        return
    for colour, have in enumerate(hand):
        if have:
            hand[colour] -= 1
            prefix.append(COLOUR_LETTERS[colour])
            _sequences(hand, k - 1, prefix, out)
            prefix.pop()
            hand[colour] += 1


def _fits(hand: tuple[int, ...], k: int, lap: int, final: bool, cap: int) -> bool:
    if k <= lap:
        return round(_sequence_count(hand, k)) <= cap
    return _count_outcomes(hand, k, lap, final, cap + 1) <= cap


@lru_cache(maxsize=8192)
def _chunk_orders(hand: tuple[int, ...], lap: int, cap: int) -> tuple[int, tuple[str, ...]]:
    """``(k, orders)``: how many beads of ``hand`` the next decision orders, and one canonical order per
    distinct outcome of those ``k`` beads, sowing into ``lap`` distinct landing pits in turn.

    The outcome of a decision is which colours each landing pit receives (and, when the decision sows the
    last bead of the hand, that bead's colour). Outcomes are enumerated as assignments of colour multisets
    to landing pits, never as permutations. The canonical order of an outcome sows each pit's colours in
    colour order (R, G, B, ...) over its visits, except that the colour of the last bead goes last.
    Orders are listed in colour order (R before G before B ... at the first difference).
    ``k`` is the whole hand unless that has more than ``cap`` outcomes; then it is the largest prefix whose
    outcomes fit under ``cap`` (at least 1: one bead has at most six outcomes).
    """
    n = sum(hand)
    if _fits(hand, n, lap, True, cap):
        k = n
    else:
        low, high = 1, n - 1  # largest k in [low, high] with count <= cap; count(1) <= 6 <= cap
        while low < high:
            mid = (low + high + 1) // 2
            if _fits(hand, mid, lap, False, cap):
                low = mid
            else:
                high = mid - 1
        k = low
    if k <= lap:  # no lap within this decision: the outcomes are the distinct colour sequences
        found: list[str] = []
        _sequences(list(hand), k, [], found)
        return k, tuple(found)
    final = k == n
    sizes = _group_sizes(k, lap)
    last_group = (k - 1) % lap
    groups = [g for g in range(len(sizes)) if not (final and g == last_group)]
    if final:
        groups.append(last_group)
    orders: list[str] = []

    def emit(assign: dict[int, tuple[int, ...]], last_colour: int) -> None:
        queues: list[list[int]] = []
        for g in range(len(sizes)):
            a = assign[g]
            colours = [c for c, times in enumerate(a) for _ in range(times)]
            if final and g == last_group:
                colours.remove(last_colour)
                colours.append(last_colour)
            queues.append(colours)
        positions = [0] * len(sizes)
        letters = []
        for t in range(k):
            g = t % lap
            letters.append(COLOUR_LETTERS[queues[g][positions[g]]])
            positions[g] += 1
        orders.append("".join(letters))

    def walk(i: int, h: tuple[int, ...], assign: dict[int, tuple[int, ...]]) -> None:
        if i == len(groups):
            emit(assign, -1)
            return
        g = groups[i]
        is_last = final and i == len(groups) - 1
        for a in _multisets(h, sizes[g]):
            assign[g] = a
            if is_last:
                for colour, times in enumerate(a):
                    if times:
                        emit(assign, colour)
            else:
                walk(i + 1, tuple(x - y for x, y in zip(h, a)), assign)
        assign.pop(g, None)

    walk(0, hand, {})
    orders.sort(key=lambda order: [COLOUR_LETTERS.index(letter) for letter in order])
    return k, tuple(orders)


@lru_cache(maxsize=16384)
def _sow_actions(pit: int, hand: tuple[int, ...], lap: int, cap: int, cont: bool) -> tuple[tuple[SowAction, ...],
                                                                                          frozenset]:
    """The sow actions of one pit (or of the beads in hand) and the same as a set, for quick checks."""
    k, orders = _chunk_orders(hand, lap, cap)
    left = sum(hand) - k
    actions = tuple(SowAction(pit, order, left, cont) for order in orders)
    return actions, frozenset(actions)


def outcome_key(origin: int, slot: int, order: str, ring: int) -> tuple:
    """What an order does (for tests and the UI): ((pit, sorted colour letters), ...) and the last letter."""
    lap = ring - 1
    got: dict[int, list[str]] = {}
    for i, letter in enumerate(order):
        pit = (origin + 1 + (slot + i) % lap) % ring
        got.setdefault(pit, []).append(letter)
    return tuple(sorted((pit, "".join(sorted(v))) for pit, v in got.items())), order[-1] if order else ""


@lru_cache(maxsize=64)
def _placements(ring: int, config: Config) -> tuple[PlaceAction, ...]:
    """Every legal placement on a ring of ``ring`` pits, in a stable order."""
    counts: list[tuple[int, ...]] = []

    def parts(left: int, slots: int, prefix: tuple[int, ...]) -> None:
        if slots == 0:
            if left == 0:
                counts.append(prefix)
            return
        for c in range(config.placement_min, config.placement_max + 1):
            if c <= left:
                parts(left - c, slots - 1, prefix + (c,))

    parts(config.beads_per_player, config.placement_pits, ())
    actions = []
    for pits in combinations(range(ring), config.placement_pits):
        for split in counts:
            actions.append(PlaceAction(tuple(zip(pits, split))))
    return tuple(actions)


# ---------------------------------------------------------------------------------------- observation


@dataclass(frozen=True)
class SpectralReapersObservation(Observation):
    """The whole public state (Spectral Reapers has no hidden information).

    ``pits[p][c]`` is the number of beads of colour ``c`` in pit ``p``; ``captured[s][c]`` the beads of
    colour ``c`` in seat ``s``'s store. ``hand`` is the colour counts still to sow after a partial ``sow``
    (empty tuple otherwise), from ``hand_origin`` at slot ``hand_slot``. ``capture_pit`` is the pit of a
    pending capture (-1 when none).
    """

    num_players: int
    config: Config
    phase: str
    to_move: int
    starting_player: int
    placed: int
    pits: tuple[tuple[int, ...], ...]
    captured: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_origin: int
    hand_slot: int
    capture_pit: int
    since_capture: int
    sowings: int
    end_reason: str
    ended_by: int


# ---------------------------------------------------------------------------------------------- state


class SpectralReapersState(GameState):
    """One game of Spectral Reapers."""

    def __init__(self, config: Config, players: int, seed: int = 0, *, starting_player: int | None = None) -> None:
        if not 2 <= players <= len(COLOUR_LETTERS):
            raise ValueError(f"Spectral Reapers is for 2 to {len(COLOUR_LETTERS)} players, not {players}")
        self.config = config
        self.num_players = players
        self.ring = config.pits_per_player * players
        if self.ring < config.placement_pits or self.ring < 3:
            raise ValueError(f"a ring of {self.ring} pits is too small for this variant")
        self.rng = make_rng(seed)
        self.starting_player = self.rng.randrange(players) if starting_player is None else starting_player
        self.pits: list[list[int]] = [[0] * players for _ in range(self.ring)]
        self.captured: list[list[int]] = [[0] * players for _ in range(players)]
        self.phase = PLACE
        self.to_move = self.starting_player
        self.placed = 0
        self.hand: list[int] | None = None
        self.hand_origin = -1
        self.hand_slot = 0
        self.capture_pit = -1
        self.since_capture = 0
        self.sowings = 0
        self.end_reason = ""
        self.ended_by = -1

    # ---------------------------------------------------------------- construction for tests and search

    @classmethod
    def from_board(cls, pits: Sequence[Sequence[int] | str], *, players: int | None = None,
                   params: Mapping[str, Any] | None = None, captured: Sequence[Sequence[int]] | None = None,
                   to_move: int = 0, starting_player: int | None = None, phase: str = SOW,
                   capture_pit: int = -1, since_capture: int = 0, seed: int = 0) -> "SpectralReapersState":
        """A game set up on a given board (phase 2 by default).

        ``pits`` holds one entry per pit: a colour-count sequence (``[2, 0, 1]``) or a string of colour
        letters (``"RRB"``, ``""`` for an empty pit). ``players`` defaults to the length of a count
        sequence (with only strings: the highest colour letter used, at least 2); ``captured[s][c]`` is seat ``s``'s captured beads of colour ``c``. With ``phase="capture"``
        give ``capture_pit``. The end conditions are checked at once (a board already at the threshold
        starts finished).
        """
        config = Config.from_params(params)
        if players is None:
            first = next((p for p in pits if not isinstance(p, str)), None)
            if first is not None:
                players = len(first)
            else:
                letters = "".join(p for p in pits if isinstance(p, str)).upper()
                players = max([2] + [COLOUR_LETTERS.index(x) + 1 for x in letters])
        state = cls(config, players, seed, starting_player=to_move if starting_player is None else starting_player)
        if len(pits) != state.ring:
            raise ValueError(f"{players} players need {state.ring} pits, not {len(pits)}")
        for index, pit in enumerate(pits):
            if isinstance(pit, str):
                counts = [0] * players
                for letter in pit:
                    colour = COLOUR_LETTERS.index(letter.upper())
                    if colour >= players:
                        raise ValueError(f"colour {letter} is not in a {players}-player game")
                    counts[colour] += 1
            else:
                counts = [int(x) for x in pit]
                if len(counts) != players or min(counts) < 0:
                    raise ValueError(f"pit {index}: need {players} non-negative counts, got {pit!r}")
            state.pits[index] = counts
        if captured is not None:
            state.captured = [[int(x) for x in row] for row in captured]
        state.to_move = to_move
        state.phase = phase
        if phase == PLACE:
            state.placed = sum(1 for s in range(players) if any(pit[s] for pit in state.pits))
        else:
            state.placed = players
        if phase == CAPTURE:
            if not 0 <= capture_pit < state.ring:
                raise ValueError("phase 'capture' needs capture_pit")
            state.capture_pit = capture_pit
        state.since_capture = since_capture
        if phase in (SOW, CAPTURE):
            state._check_threshold([])
        return state

    @classmethod
    def from_observation(cls, obs: SpectralReapersObservation) -> "SpectralReapersState":
        """The exact state an observation shows (perfect information)."""
        state = cls(obs.config, obs.num_players, 0, starting_player=obs.starting_player)
        state.pits = [list(p) for p in obs.pits]
        state.captured = [list(c) for c in obs.captured]
        state.phase = obs.phase
        state.to_move = obs.to_move
        state.placed = obs.placed
        state.hand = list(obs.hand) if obs.hand else None
        state.hand_origin = obs.hand_origin
        state.hand_slot = obs.hand_slot
        state.capture_pit = obs.capture_pit
        state.since_capture = obs.since_capture
        state.sowings = obs.sowings
        state.end_reason = obs.end_reason
        state.ended_by = obs.ended_by
        return state

    def clone(self) -> "SpectralReapersState":
        other = SpectralReapersState.__new__(SpectralReapersState)
        other.__dict__.update(self.__dict__)
        other.pits = [p[:] for p in self.pits]
        other.captured = [c[:] for c in self.captured]
        other.hand = None if self.hand is None else self.hand[:]
        other.rng = make_rng(0)
        other.rng.setstate(self.rng.getstate())
        return other

    # ----------------------------------------------------------------------------------- contract

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def on_board(self, colour: int) -> int:
        """Beads of ``colour`` still on the board."""
        return sum(pit[colour] for pit in self.pits)

    def captured_total(self, seat: int) -> int:
        """Beads (any colour) in ``seat``'s store."""
        return sum(self.captured[seat])

    def scores(self) -> list[float]:
        return [float(self.captured_total(s)) for s in range(self.num_players)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        totals = self.scores()
        best = max(totals)
        return [s for s in range(self.num_players) if totals[s] == best]

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == PLACE:
            return list(_placements(self.ring, self.config))
        if self.phase == CAPTURE:
            pit = self.pits[self.capture_pit]
            return [CaptureAction(self.capture_pit, c) for c in range(self.num_players) if pit[c]]
        seat = self.to_move
        cap = self.config.order_choices_cap
        lap = self.ring - 1
        if self.hand is not None:
            return list(_sow_actions(self.hand_origin, tuple(self.hand), lap, cap, True)[0])
        actions: list[Action] = []
        for index, pit in enumerate(self.pits):
            if pit[seat]:
                actions.extend(_sow_actions(index, tuple(pit), lap, cap, False)[0])
        return actions

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now (without listing every legal action)."""
        if self.phase == SOW and isinstance(action, SowAction):
            lap, cap = self.ring - 1, self.config.order_choices_cap
            if self.hand is not None:
                if not action.cont or action.pit != self.hand_origin:
                    return False
                return action in _sow_actions(self.hand_origin, tuple(self.hand), lap, cap, True)[1]
            if action.cont or not isinstance(action.pit, int) or not 0 <= action.pit < self.ring:
                return False
            pit = self.pits[action.pit]
            return bool(pit[self.to_move]) and action in _sow_actions(action.pit, tuple(pit), lap, cap, False)[1]
        try:
            return action in self.legal_actions()
        except TypeError:
            return False

    def own_pits(self, seat: int) -> list[int]:
        """The pits holding at least one bead of ``seat``'s colour."""
        return [i for i, pit in enumerate(self.pits) if pit[seat]]

    def check_action(self, action: Action) -> None:
        """Raise ``IllegalActionError`` with the reason when ``action`` is not legal now."""
        if self.phase == OVER:
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        if not self.is_legal(action):
            raise IllegalActionError(f"{action} is not legal for seat {self.to_move} now: {self._why(action)}")

    def _why(self, action: Action) -> str:
        if self.phase == PLACE:
            if not isinstance(action, PlaceAction):
                return "every player must first place their beads"
            c = self.config
            return (f"put all {c.beads_per_player} beads into exactly {c.placement_pits} distinct pits, "
                    f"{c.placement_min} to {c.placement_max} in each, pits listed in increasing order")
        if self.phase == CAPTURE:
            if not isinstance(action, CaptureAction):
                return f"a capture from pit {self.capture_pit} is due first"
            return f"capture one bead present in pit {self.capture_pit}"
        if not isinstance(action, SowAction):
            return "it is the sowing phase"
        if self.hand is not None:
            return f"go on sowing the beads lifted from pit {self.hand_origin} (sow-on)"
        if action.cont:
            return "there are no beads in hand"
        if not 0 <= action.pit < self.ring or not self.pits[action.pit][self.to_move]:
            return "lift a pit holding at least one bead of your colour"
        return "the order must use exactly the lifted beads, written in its canonical form"

    def apply(self, action: Action) -> list[Event]:  # a clearer message than the generic one
        self.check_action(action)
        return self.apply_legal(action)

    def apply_legal(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, PlaceAction):
            self._place(action, events)
        elif isinstance(action, SowAction):
            self._sow(action, events)
        elif isinstance(action, CaptureAction):
            self._capture(action, events)
        else:
            raise IllegalActionError(f"not a Spectral Reapers action: {action!r}")
        return events

    # -------------------------------------------------------------------------------------- moves

    def _place(self, action: PlaceAction, events: list[Event]) -> None:
        seat = self.to_move
        for pit, count in action.placements:
            self.pits[pit][seat] += count
        events.append(BeadsPlaced(seat, seat, action.placements))
        self.placed += 1
        nxt = (seat + 1) % self.num_players
        if self.placed >= self.num_players:
            self.phase = SOW
            self.to_move = self.starting_player
            events.append(SowingPhaseBegan(self.starting_player))
            self._ensure_can_move(events)
        else:
            self.to_move = nxt
            events.append(TurnPassed(seat, nxt))

    def _sow(self, action: SowAction, events: list[Event]) -> None:
        seat = self.to_move
        ring = self.ring
        lap = ring - 1
        if self.hand is None:
            origin = action.pit
            hand = self.pits[origin]
            self.pits[origin] = [0] * self.num_players
            events.append(PitLifted(seat, origin, tuple(hand)))
            slot = 0
        else:
            origin = self.hand_origin
            hand = self.hand
            slot = self.hand_slot
        left = sum(hand)
        pit = origin
        colour = -1
        for letter in action.order:
            colour = COLOUR_LETTERS.index(letter)
            pit = (origin + 1 + slot % lap) % ring
            self.pits[pit][colour] += 1
            hand[colour] -= 1
            left -= 1
            slot += 1
            events.append(BeadSown(seat, origin, pit, colour, slot, left, left == 0))
        if left:
            self.hand, self.hand_origin, self.hand_slot = hand, origin, slot
            events.append(SowingPaused(seat, origin, left))
            return
        self.hand, self.hand_origin, self.hand_slot = None, -1, 0
        self.sowings += 1
        if colour == seat and self.pits[pit][seat] == self.config.capture_count:
            self.phase = CAPTURE
            self.capture_pit = pit
            events.append(CaptureEarned(seat, pit))
            return
        self.since_capture += 1
        if self.since_capture >= self.config.safety_bound:
            self._end(END_SAFETY, -1, events)
            return
        self._pass_turn(events)

    def _capture(self, action: CaptureAction, events: list[Event]) -> None:
        seat = self.to_move
        self.pits[action.pit][action.colour] -= 1
        self.captured[seat][action.colour] += 1
        events.append(BeadCaptured(seat, action.pit, action.colour))
        self.capture_pit = -1
        self.since_capture = 0
        self.phase = SOW
        if self._check_threshold(events):
            return
        events.append(ExtraTurn(seat))
        self._ensure_can_move(events)

    def _check_threshold(self, events: list[Event]) -> bool:
        threshold = self.config.end_threshold
        for colour in range(self.num_players):
            if self.on_board(colour) <= threshold:
                self._end(END_THRESHOLD, colour, events)
                return True
        return False

    def _pass_turn(self, events: list[Event]) -> None:
        previous = self.to_move
        self.to_move = (previous + 1) % self.num_players
        events.append(TurnPassed(previous, self.to_move))
        self._ensure_can_move(events)

    def _ensure_can_move(self, events: list[Event]) -> None:
        """Skip seats without a pit of their colour (impossible with threshold >= 1; kept for variants)."""
        for _ in range(self.num_players):
            if any(pit[self.to_move] for pit in self.pits):
                return
            events.append(SeatSkipped(self.to_move))
            previous = self.to_move
            self.to_move = (previous + 1) % self.num_players
            events.append(TurnPassed(previous, self.to_move))
        self._end(END_STUCK, -1, events)

    def _end(self, reason: str, seat: int, events: list[Event]) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.ended_by = seat
        self.hand = None
        self.capture_pit = -1
        events.append(GameEnded(reason, seat, tuple(self.captured_total(s) for s in range(self.num_players)),
                                tuple(self.winners())))

    # ----------------------------------------------------------------------------------- observation

    def observation(self, seat: int) -> SpectralReapersObservation:
        return SpectralReapersObservation(
            seat=seat,
            num_players=self.num_players,
            config=self.config,
            phase=self.phase,
            to_move=self.to_move,
            starting_player=self.starting_player,
            placed=self.placed,
            pits=tuple(tuple(p) for p in self.pits),
            captured=tuple(tuple(c) for c in self.captured),
            hand=tuple(self.hand) if self.hand is not None else (),
            hand_origin=self.hand_origin,
            hand_slot=self.hand_slot,
            capture_pit=self.capture_pit,
            since_capture=self.since_capture,
            sowings=self.sowings,
            end_reason=self.end_reason,
            ended_by=self.ended_by,
        )

    def __repr__(self) -> str:
        board = " ".join(
            f"{i}:" + ("".join(COLOUR_LETTERS[c] * n for c, n in enumerate(p)) or "-") for i, p in enumerate(self.pits)
        )
        return f"<SpectralReapers {self.phase} to_move={self.to_move} {board} captured={self.captured}>"


def new_game(params: Mapping[str, Any], players: int, seed: int) -> SpectralReapersState:
    """A fresh game; the starting player is drawn from the seed (the rulebook's 'any fair method')."""
    return SpectralReapersState(Config.from_params(params), players, seed)


def sample_state(observation: Observation, rng: Any) -> SpectralReapersState:
    """Perfect information: the true state, rebuilt exactly."""
    assert isinstance(observation, SpectralReapersObservation)
    return SpectralReapersState.from_observation(observation)


def pit_order(ring: int, origin: int, count: int, slot: int = 0) -> list[int]:
    """The pits that ``count`` beads sown from ``origin`` land in, starting at landing slot ``slot``."""
    lap = ring - 1
    return [(origin + 1 + (slot + i) % lap) % ring for i in range(count)]
