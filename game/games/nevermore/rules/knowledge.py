"""What a seat can still place in other hands this hand: the cards it passed, the hands it peeked.

A player at the table remembers that the three cards it passed left are in its neighbour's hand, and that
after the neighbour passed two onward at least one of them is probably still there. Search must sample
worlds that keep this, or ``hard`` would forget its own passes and waste what Augur's Lantern showed it.

The seat's facts are replayed in time order, where time counts the pass rounds delivered so far this hand:
a hand seen at time T, the seat's own pass arriving at time r + 1. Each later round, every other seat passes
its round's count onward: cards passed to this seat are seen exactly; cards passed elsewhere are drawn at
random from the passer's hand (the passer's choice is a secret, so any of its cards may be the ones that
left). Cards of a suit are alike, so a card counts as known while the hand must still hold one of its
suit. Magick that moves hidden cards between two other hands is not seen and not modelled; the caller
trims what no longer fits a hand.
"""

from __future__ import annotations

import random
from collections import Counter

from typing import TYPE_CHECKING

from game.core.draws import sample

from .cards import PASSES
from .draft import HAND_SIZE

if TYPE_CHECKING:
    from .observe import NevermoreObservation


def rounds_delivered(pass_log: list[tuple] | tuple[tuple, ...]) -> int:
    """Pass rounds already delivered this hand (every seat passes each round, so it is the rounds logged)."""
    return len({entry[0] for entry in pass_log})


class PassMemory:
    """The facts of one observation that ``tracked`` replays, gathered once (search draws a history for
    every world it deals)."""

    def __init__(self, obs: NevermoreObservation) -> None:
        self.players, self.me, self.direction, self.hand_sizes = obs.players, obs.me, obs.direction, obs.hand_sizes
        me = self.me
        self.now = rounds_delivered(obs.pass_log)
        arriving: dict[int, list[tuple[int, list[str], bool]]] = {}
        for rnd, giver, receiver, cards in obs.pass_log:
            if giver == me:
                arriving.setdefault(rnd + 1, []).append((receiver, list(cards), False))
        for _, target, cards, seen_at in obs.peeks:
            arriving.setdefault(seen_at, []).append((target, list(cards), True))
        self.arriving = arriving
        self.received: dict[tuple[int, int], dict[str, int]] = {
            (rnd, giver): dict(Counter(cards)) for rnd, giver, receiver, cards in obs.pass_log if receiver == me}
        """What each seat passed to this one, by (round, giver): counts of each card."""

    def tracked(self, rng: random.Random) -> list[list[str]]:
        """Per seat, cards this seat can place in that seat's hand now (empty for itself), one random
        history."""
        held: list[list[str]] = [[] for _ in range(self.players)]
        for rnd in range(self.now + 1):
            for seat, cards, whole_hand in self.arriving.get(rnd, ()):
                if whole_hand:
                    held[seat] = []
                held[seat] += cards
            if rnd == self.now:
                break
            held = self._pass_round(held, rnd, rng)
        held[self.me] = []
        return held

    def _pass_round(self, held: list[list[str]], rnd: int, rng: random.Random) -> list[list[str]]:
        n, me, count = len(held), self.me, PASSES[rnd]
        after: list[list[str]] = [[] for _ in range(n)]
        for seat in range(n):
            if seat == me:
                continue
            receiver = (seat + self.direction) % n
            cards = held[seat]
            if receiver == me:
                kept = _without(cards, self.received.get((rnd, seat), {}))
            else:
                size = max(self.hand_sizes[seat], HAND_SIZE, len(cards), count)
                leaving = sample(range(size), count, rng)  # drawn even for no cards: the same draws
                if not cards:
                    continue
                kept = [c for i, c in enumerate(cards) if i not in leaving]
                after[receiver] += [c for i, c in enumerate(cards) if i in leaving]
            after[seat] += kept
        return after


def _without(cards: list[str], gone: dict[str, int]) -> list[str]:
    """``cards`` less one copy of each card counted in ``gone`` (cards of a suit are alike, so this keeps
    what is still certain)."""
    left = dict(gone)
    out = []
    for card in cards:
        if left.get(card, 0) > 0:
            left[card] -= 1
        else:
            out.append(card)
    return out
