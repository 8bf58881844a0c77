"""Spectral Reapers AI: the move scorer, ``evaluate`` one move ahead without cloning the state.

A bot scores dozens of sowing orders a decision, most of them from the same few pits. What does not depend
on a sowing's order is worked out once per lifted pit and number of beads (a "group"): where the beads
land, each pit's size afterwards (so where its own sowing would end) and who moves next. When the beads
land one per pit, the group also holds how each landing colour changes every seat's capture chances, with
the chances of all seats packed into one integer (``WIDE`` bits a seat): an order's chances are then a sum
of table entries, and its value is looked up by that sum. A sowing that laps the ring works on pits packed
the same way (``WIDE`` bits a colour), testing every seat at once. A move that ends the game takes the full
path (clone, play, ``evaluate``).
"""

from __future__ import annotations

import math
from functools import lru_cache
from operator import getitem
from typing import NamedTuple, Sequence

from game.core.contracts import Action
from game.games.spectral_reapers.features import evaluate
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, SOW, CaptureAction, SowAction, SpectralReapersState,
)

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


def _order_colours(order: str) -> bytes:
    """An order's colours as indices (bytes: each letter translated to its colour's number at once)."""
    return order.encode().translate(_COLOUR_BYTES)


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
        value = None
        if isinstance(action, SowAction) and state.phase == SOW:
            value = self.sow_value(action.pit, action.order)
        elif isinstance(action, CaptureAction) and state.phase == CAPTURE:
            value = self._capture(action)
        return evaluate(_after(state, action), self.seat) if value is None else value

    def sow_scores(self, pit: int, orders: Sequence[str], left: int = 0, cont: bool = False) -> list[float]:
        """``score`` of ``SowAction(pit, order, left, cont)`` for each of ``orders`` (one loop: a decision
        scores dozens; the action is made only for a sowing that ends the game). The usual one-lap sowing is
        worked out here, as ``_one_lap`` does."""
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

    def sow_value(self, pit: int, order: str) -> float | None:
        """The value of sowing ``order`` from ``pit`` (or from the hand), as ``SpectralReapersState._sow``
        plays it; ``None`` when it ends the game."""
        state = self.state
        origin = pit if state.hand is None else state.hand_origin
        colours = _order_colours(order)
        k = len(colours)
        group = self.groups.get((origin, k))
        if group is None:
            group = self._group(origin, k)
            self.groups[(origin, k)] = group
        if isinstance(group, _OneLap):
            return self._one_lap(group, colours)
        return self._laps(group, colours)

    def _one_lap(self, group: _OneLap, colours: bytes) -> float | None:
        """The value of a sowing that drops one bead in each landing pit (see ``_OneLap``)."""
        total = group.base + sum(map(getitem, group.table, colours))
        for i, j, both in group.cross:
            colour = colours[i]
            if colour == colours[j]:
                total += both[colour]
        if group.left:
            return self._packed_value(total, True)
        if colours[-1] == group.capture_colour:
            return self._capture_due()
        return self._packed_value(total, False)

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
        mover orders the rest) or a whole sowing without a capture (None: that ends the game); as ``_value``
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
            players = self.players
            self.next_mover = next((seat for seat in ((self.seat + i) % players for i in range(1, players + 1))
                                    if on_board[seat]), -1)
        return self.next_mover

    def _capture_due(self) -> float:
        """The value when the sowing earns a capture: the capture phase counts only the capture due."""
        if self.capture_due is None:
            seat = self.seat
            values = self.base[:]
            values[seat] += 9.0
            self.capture_due = values[seat] - max(v for s, v in enumerate(values) if s != seat)
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
