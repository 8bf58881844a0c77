"""``random.Random``'s shuffle and small samples, the same draws giving the same results, without a method
call per card: search deals hundreds of worlds a decision, and these were a tenth of dealing one.

Both follow CPython's ``Random.shuffle`` and ``Random.sample`` (a uniform index below ``n``: ``getrandbits``
of ``n``'s bit length, drawn again while too large); tests compare them with the library's.
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

T = TypeVar("T")

SMALL_POOL = 21
"""The largest population ``Random.sample`` draws from a list of what is left (for at most five picks)."""
SMALL_PICKS = 5


def shuffle(items: list, rng: random.Random) -> None:
    """``rng.shuffle(items)``."""
    getrandbits = rng.getrandbits
    for i, bits in _steps(len(items)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


MAX_STEPS = 256
"""The longest list whose shuffle steps are remembered (decks and hands are far shorter)."""
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """A shuffle's steps for a list of ``size``: each index from the last down to 1 and the bit length of the
    count of places it may swap with (itself and those before it)."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        if size <= MAX_STEPS:
            _STEPS[size] = steps
    return steps


def sample(population: Sequence[T], k: int, rng: random.Random) -> list[T]:
    """``rng.sample(population, k)``."""
    n = len(population)
    if n > SMALL_POOL or k > SMALL_PICKS or not 0 <= k <= n:
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    pool = list(population)
    result = []
    for i in range(k):
        left = n - i
        bits = left.bit_length()
        j = getrandbits(bits)
        while j >= left:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[left - 1]
    return result
