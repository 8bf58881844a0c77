"""``random.Random``'s shuffle and sample, the same draws giving the same results, without a method call per
item: searches deal hundreds of worlds a decision and bots sample and shuffle thousands of times a game, and
the library's calls were a tenth to a third of that work. Every game draws through these.

Both follow CPython's ``Random.shuffle`` and ``Random.sample`` (a uniform index below ``n``: ``getrandbits``
of ``n``'s bit length, drawn again while too large); tests compare them with the library's. Another kind of
generator than ``random.Random`` draws its own way.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


def shuffle(items: list, rng: random.Random) -> None:
    """``rng.shuffle(items)``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
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
    if not 0 <= k <= len(population) or type(rng) is not random.Random:
        return rng.sample(population, k)  # its own error, or another generator's own way
    return sample_bits(rng.getrandbits, population, k)


def sample_bits(getrandbits: Callable[[int], int], population: Sequence[T], k: int) -> list[T]:
    """``Random.sample(population, k)`` of the generator whose ``getrandbits`` this is (``0 <= k <=
    len(population)``): for a caller that samples so often that even looking the method up counts."""
    n = len(population)
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:
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
    bits = n.bit_length()
    picked: list[int] = []  # few picks from a large population: a list beats a set
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in picked:
            j = getrandbits(bits)
        picked.append(j)
    return [population[j] for j in picked]
