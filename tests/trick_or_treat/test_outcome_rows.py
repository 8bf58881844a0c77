"""The normal bot's outcome rows (every card of mine at once, cached across decisions) agree with
``trick_outcome`` card by card."""

import itertools
import random

from game.games.trick_or_treat.bots import TAKES, outcome_row, trick_outcome
from game.games.trick_or_treat.rules import JOKER_HIGH, JOKER_LOW


def _expected(key: tuple[int, ...], me: int, ets: bool, slot: int) -> int:
    n = len(key) + 1
    jokers = key.count(JOKER_LOW)
    joker = slot in (0, 15)
    if joker and jokers:
        return TAKES + 2 * n + (0 if slot == 0 else 1)
    if jokers == 2:
        return 0
    ranks = list(key)
    ranks.insert(me, JOKER_LOW if joker else slot)
    if not joker:
        return trick_outcome(ranks, me, 0, ets)
    high = list(ranks)
    high[me] = JOKER_HIGH
    assert trick_outcome(high, me, 0, ets) == 1  # a lone joker declared high wins alone and deals
    return TAKES + 2 * n + 2 + trick_outcome(ranks, me, 0, ets)


def _check(key: tuple[int, ...], ets: bool) -> None:
    if key.count(JOKER_LOW) > 2:
        return
    for me in range(len(key) + 1):
        row = outcome_row(key, me, ets)
        slots = range(16) if key.count(JOKER_LOW) < 2 else range(2, 15)
        for slot in slots:
            if slot != 1:
                assert row[slot] == _expected(key, me, ets, slot), (key, me, ets, slot)


def test_rows_match_trick_outcome_for_every_small_table() -> None:
    for others in (1, 2, 3):
        for key in itertools.product(range(1, 15), repeat=others):
            for ets in (True, False):
                _check(key, ets)


def test_rows_match_trick_outcome_at_large_tables() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        key = tuple(rng.choice(range(1, 15)) for _ in range(rng.randint(4, 7)))
        _check(key, rng.random() < 0.5)
