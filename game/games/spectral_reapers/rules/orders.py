"""Spectral Reapers rules: the legal choices, enumerated.

The distinct outcomes of sowing a hand (one canonical order each, in chunks under ``order_choices_cap``),
the sow actions they make (a decision's made one at a time, when asked for, by ``SowChoices``), the landing
pits of an order, and the legal placements of phase 1.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from itertools import combinations
from typing import Iterator, NamedTuple, Sequence, overload

from .actions import PlaceAction, SowAction
from .config import COLOUR_LETTERS, Config


@lru_cache(maxsize=65536)
def _multisets(hand: tuple[int, ...], size: int, start: int = 0) -> tuple[tuple[int, ...], ...]:
    """Every count vector ``a <= hand`` with ``sum(a) == size`` (colours from ``start`` on), lexicographic
    (cached: counting a big hand's outcomes asks for the same ones again and again)."""
    if size == 0:
        return ((0,) * (len(hand) - start),)
    if start == len(hand):
        return ()
    rest_total = sum(hand[start + 1:])
    low = max(0, size - rest_total)
    return tuple((take,) + tail for take in range(min(hand[start], size), low - 1, -1)
                 for tail in _multisets(hand, size - take, start + 1))


def _groups(k: int, lap: int, final: bool) -> tuple[list[int], list[int]]:
    """``(sizes, groups)``: the visits of each landing pit (by first visit) among the first ``k`` slots of a
    ring of ``lap`` pits, and the pits in the order they are filled: by first visit, except that with ``final``
    (the k beads are the whole hand, whose last bead's colour counts too) the last bead's pit comes last."""
    sizes = [0] * min(k, lap)
    for t in range(k):
        sizes[t % lap] += 1
    last_group = (k - 1) % lap
    groups = [g for g in range(len(sizes)) if not (final and g == last_group)]
    if final:
        groups.append(last_group)
    return sizes, groups


def _count_outcomes(hand: tuple[int, ...], k: int, lap: int, final: bool, limit: int) -> int:
    """Distinct outcomes of sowing ``k`` beads from ``hand`` into the next ``k`` slots, saturating at
    ``limit``. ``final``: the k beads are the whole hand and the last bead's colour counts too."""
    sizes, groups = _groups(k, lap, final)
    return _count_groups(tuple([sizes[g] for g in groups]), _shape(hand), final, limit)


def _shape(hand: Sequence[int]) -> tuple[int, ...]:
    """A hand's non-zero colour counts, sorted: all a count of outcomes depends on (which colours they are
    does not matter), so hands of the same shape share their counts."""
    return tuple(sorted([have for have in hand if have]))


@lru_cache(maxsize=65536)
def _count_groups(sizes: tuple[int, ...], shape: tuple[int, ...], final: bool, limit: int) -> int:
    """Distinct ways to fill landing pits visited ``sizes`` times each, in turn, from a hand of ``shape``,
    saturating at ``limit`` (``min(count, limit)``, whatever the order of the sums). ``final``: the last pit
    gets the last bead, whose colour counts too. Cached: the same rest of a sowing recurs in many hands."""
    if not sizes:
        return 1
    size, rest = sizes[0], sizes[1:]
    last = final and not rest
    total = 0
    for a in _multisets(shape, size):
        if last:
            total += len(a) - a.count(0)
        else:
            total += _count_groups(rest, _shape([x - y for x, y in zip(shape, a)]), final, limit)
        if total >= limit:
            return limit
    return total


_FACT = [1.0]
for _i in range(1, 200):
    _FACT.append(_FACT[-1] * _i)


@lru_cache(maxsize=65536)
def _count_sequences(counts: tuple[int, ...], k: int) -> float:
    """Distinct colour sequences of length ``k`` drawn from a hand's non-zero colour ``counts`` (no lap: each is
    its own outcome; which colours they are does not matter; cached: a search for the chunk size asks for
    several ``k`` of the same hand, and hands recur)."""
    poly = [1.0]
    for have in counts:
        grown = [0.0] * min(len(poly) + have, k + 1)
        for j, value in enumerate(poly):
            if value:
                for i in range(min(have, k - j) + 1):
                    grown[j + i] += value / _FACT[i]
        poly = grown
    return poly[k] * _FACT[k] if k < len(poly) else 0.0


@lru_cache(maxsize=65536)
def _sequences(hand: tuple[int, ...], k: int) -> tuple[str, ...]:
    """Every distinct colour sequence of length ``k`` from ``hand``, in colour order: the sequences of the
    hand's non-zero counts, each letter translated to its colour's (which colours they are changes only
    the letters, in the same order)."""
    colours = [colour for colour, have in enumerate(hand) if have]
    patterns = _patterns(tuple([hand[colour] for colour in colours]), k)
    if colours == list(range(len(colours))):
        return patterns
    table = str.maketrans(COLOUR_LETTERS[:len(colours)], "".join([COLOUR_LETTERS[c] for c in colours]))
    return tuple([pattern.translate(table) for pattern in patterns])


@lru_cache(maxsize=65536)
def _patterns(counts: tuple[int, ...], k: int) -> tuple[str, ...]:
    """Every distinct sequence of length ``k`` of the first colours, ``counts[c]`` of colour ``c`` (some may be
    used up), in colour order (cached: the same smaller hands recur inside every bigger one)."""
    if k == 0:
        return ("",)
    out: list[str] = []
    for colour, have in enumerate(counts):
        if have:
            rest = counts[:colour] + (have - 1,) + counts[colour + 1:]
            letter = COLOUR_LETTERS[colour]
            out.extend([letter + tail for tail in _patterns(rest, k - 1)])
    return tuple(out)


def _fits(hand: tuple[int, ...], k: int, lap: int, final: bool, cap: int) -> bool:
    if k <= lap:
        return round(_count_sequences(tuple([have for have in hand if have]), k)) <= cap
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
        return k, _sequences(hand, k)
    final = k == n
    sizes, groups = _groups(k, lap, final)
    last_group = (k - 1) % lap
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


def _sow_action(pit: int, order: str, left: int, cont: bool) -> SowAction:
    """``SowAction(pit, order, left, cont)``, its fields filled at once rather than one by one through the
    frozen dataclass's ``__init__`` (a bot asks for one of a decision's actions per decision)."""
    action = object.__new__(SowAction)
    action.__dict__.update(pit=pit, order=order, left=left, cont=cont)
    return action


class SowRun(NamedTuple):
    """The sow actions of one pit (or of the beads in hand): one per order, all with the same fields else."""

    pit: int
    orders: tuple[str, ...]
    left: int
    cont: bool


class SowChoices(Sequence[SowAction]):
    """A sowing decision's legal actions, in the legal order, each made only when asked for.

    A decision offers up to ``order_choices_cap`` orders for each pit, thousands in a game, and the bots
    score them by their orders (``runs``) and ask only for the actions they keep, so most are never made.
    Immutable, like the tuple it stands for (so one may be shared).
    """

    __slots__ = ("runs", "_ends")

    def __init__(self, runs: tuple[SowRun, ...]) -> None:
        self.runs = runs
        ends: list[int] = []
        total = 0
        for run in runs:
            total += len(run.orders)
            ends.append(total)
        self._ends = ends

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> SowAction: ...

    @overload
    def __getitem__(self, index: slice) -> list[SowAction]: ...

    def __getitem__(self, index: int | slice) -> SowAction | list[SowAction]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("sow choice index out of range")
        r = bisect_right(self._ends, index)
        pit, orders, left, cont = self.runs[r]
        return _sow_action(pit, orders[index - self._ends[r] + len(orders)], left, cont)

    def __iter__(self) -> Iterator[SowAction]:
        for pit, orders, left, cont in self.runs:
            for order in orders:
                yield _sow_action(pit, order, left, cont)

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, SowAction):
            return False
        return any(action.pit == run.pit and action.left == run.left and action.cont == run.cont
                   and action.order in run.orders for run in self.runs)

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same actions (as the list it stands for would be)."""
        if isinstance(other, SowChoices):
            return self.runs == other.runs
        return isinstance(other, (list, tuple)) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"SowChoices({list(self)!r})"


def sow_actions(pit: int, hand: tuple[int, ...], lap: int, cap: int, cont: bool) -> SowChoices:
    """The sow actions of one pit (or of the beads in hand)."""
    return SowChoices((sow_run(pit, hand, lap, cap, cont),))


def sow_run(pit: int, hand: tuple[int, ...], lap: int, cap: int, cont: bool) -> SowRun:
    """The orders of one pit (or of the beads in hand), as one run of a decision's ``SowChoices``."""
    k, orders = _chunk_orders(hand, lap, cap)
    return SowRun(pit, orders, sum(hand) - k, cont)


@lru_cache(maxsize=8192)
def _order_set(hand: tuple[int, ...], lap: int, cap: int) -> tuple[int, frozenset[str]]:
    """``(beads left after the decision, the canonical orders)`` of a hand, for legality checks (the same
    for every pit holding this hand)."""
    k, orders = _chunk_orders(hand, lap, cap)
    return sum(hand) - k, frozenset(orders)


def is_sow_action(action: SowAction, pit: int, hand: tuple[int, ...], lap: int, cap: int, cont: bool) -> bool:
    """Whether ``action`` is one of ``sow_actions(pit, hand, lap, cap, cont)``, without building them."""
    left, orders = _order_set(hand, lap, cap)
    return action.pit == pit and action.left == left and action.cont == cont and action.order in orders


@lru_cache(maxsize=65536)
def outcome_key(origin: int, slot: int, order: str, ring: int) -> tuple:
    """What an order does (for tests, the UI and the bots, which ask again for the same orders every
    decision, hence the cache): ((pit, sorted colour letters), ...) and the last letter."""
    lap = ring - 1
    got: dict[int, list[str]] = {}
    for i, letter in enumerate(order):
        pit = (origin + 1 + (slot + i) % lap) % ring
        got.setdefault(pit, []).append(letter)
    return tuple(sorted((pit, "".join(sorted(v))) for pit, v in got.items())), order[-1] if order else ""


@lru_cache(maxsize=64)
def placements(ring: int, config: Config) -> tuple[PlaceAction, ...]:
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


def pit_order(ring: int, origin: int, count: int, slot: int = 0) -> list[int]:
    """The pits that ``count`` beads sown from ``origin`` land in, starting at landing slot ``slot``."""
    lap = ring - 1
    return [(origin + 1 + (slot + i) % lap) % ring for i in range(count)]
