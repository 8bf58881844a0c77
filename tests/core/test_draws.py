"""The draws every game makes through ``game.core.draws`` are exactly the library's: the same results and
the generator left in the same state, for every size a game uses and beyond."""

from __future__ import annotations

import random

import pytest

from game.core.draws import sample, sample_bits, shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 21, 22, 40, 54, 85, 86, 300])
def test_sample_draws_as_the_library(size: int) -> None:
    population = list(range(100, 100 + size))
    for seed in range(12):
        for k in sorted({0, 1, 2, 5, 6, size // 2, size}):
            if k > size:
                continue
            mine, theirs = random.Random(seed), random.Random(seed)
            assert sample(population, k, mine) == theirs.sample(population, k)
            assert sample_bits(mine.getrandbits, population, k) == theirs.sample(population, k)
            assert mine.random() == theirs.random()


def test_sample_refuses_as_the_library() -> None:
    with pytest.raises(ValueError):
        sample([1, 2], 3, random.Random(1))


@pytest.mark.parametrize("size", [0, 1, 2, 7, 54, 300])
def test_shuffle_draws_as_the_library(size: int) -> None:
    for seed in range(12):
        mine, theirs = random.Random(seed), random.Random(seed)
        items, copy = list(range(size)), list(range(size))
        shuffle(items, mine)
        theirs.shuffle(copy)
        assert items == copy and mine.random() == theirs.random()


def test_another_generator_draws_its_own_way() -> None:
    class Loaded(random.Random):
        def shuffle(self, items: list) -> None:  # type: ignore[override]
            items.reverse()

    items = [1, 2, 3]
    shuffle(items, Loaded(1))
    assert items == [3, 2, 1]
