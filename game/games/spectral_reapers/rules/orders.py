"""Spectral Reapers rules: the legal choices, enumerated.

The distinct outcomes of sowing a hand (one canonical order each, in chunks under ``order_choices_cap``),
the sow actions they make, the landing pits of an order, and the legal placements of phase 1.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb

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


@lru_cache(maxsize=65536)
def _sequences(hand: tuple[int, ...], k: int) -> tuple[str, ...]:
    """Every distinct colour sequence of length ``k`` from ``hand``, in colour order (cached: the same
    smaller hands recur inside every bigger one)."""
    if k == 0:
        return ("",)
    out: list[str] = []
    for colour, have in enumerate(hand):
        if have:
            rest = hand[:colour] + (have - 1,) + hand[colour + 1:]
            letter = COLOUR_LETTERS[colour]
            out.extend(letter + tail for tail in _sequences(rest, k - 1))
    return tuple(out)


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
        return k, _sequences(hand, k)
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
def _sow_actions(pit: int, hand: tuple[int, ...], lap: int, cap: int, cont: bool) -> tuple[SowAction, ...]:
    """The sow actions of one pit (or of the beads in hand).

    A big pit offers up to ``cap`` of them and a game lists thousands, so each is made by filling its fields
    at once rather than through the frozen dataclass's ``__init__``, which sets them one by one.
    """
    k, orders = _chunk_orders(hand, lap, cap)
    left = sum(hand) - k
    make = object.__new__
    actions = []
    for order in orders:
        action = make(SowAction)
        action.__dict__.update(pit=pit, order=order, left=left, cont=cont)
        actions.append(action)
    return tuple(actions)


@lru_cache(maxsize=8192)
def _order_set(hand: tuple[int, ...], lap: int, cap: int) -> tuple[int, frozenset[str]]:
    """``(beads left after the decision, the canonical orders)`` of a hand, for legality checks (the same
    for every pit holding this hand)."""
    k, orders = _chunk_orders(hand, lap, cap)
    return sum(hand) - k, frozenset(orders)


def is_sow_action(action: SowAction, pit: int, hand: tuple[int, ...], lap: int, cap: int, cont: bool) -> bool:
    """Whether ``action`` is one of ``_sow_actions(pit, hand, lap, cap, cont)``, without building them."""
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


def placement_count(ring: int, config: Config) -> int:
    """How many placements ``_placements`` lists, counted without listing them: the choices of pits times
    the ways to split the beads among them."""
    splits = [1] + [0] * config.beads_per_player  # splits[b]: ways to share b beads among the pits so far
    for _ in range(config.placement_pits):
        splits = [sum(splits[b - c] for c in range(config.placement_min, config.placement_max + 1) if c <= b)
                  for b in range(config.beads_per_player + 1)]
    return comb(ring, config.placement_pits) * splits[config.beads_per_player]


def pit_order(ring: int, origin: int, count: int, slot: int = 0) -> list[int]:
    """The pits that ``count`` beads sown from ``origin`` land in, starting at landing slot ``slot``."""
    lap = ring - 1
    return [(origin + 1 + (slot + i) % lap) % ring for i in range(count)]
