"""Dealing, the three secret draft rounds and the secret choice of Raven kills."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Sequence

from . import events as ev
from .actions import KillCards, PassCards
from .cards import PASSES, distinct_subsets, non_ravens, ravens_in, remove_cards, sort_cards
from .flow import decision, push, task

if TYPE_CHECKING:
    from .state import NevermoreState

HAND_SIZE = 5


def draw_main(state: NevermoreState, n: int) -> list[str]:
    """Draw from the Main deck; when it runs out its discards are shuffled into a new deck."""
    out = []
    for _ in range(n):
        if not state.deck:
            if not state.discard:
                break
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
        out.append(state.deck.pop(0))
    return out


@task("deal")
def deal(state: NevermoreState) -> None:
    shown = tuple(state.tokens) if state.tokens_public else (None,) * len(state.tokens)
    state.emit(ev.HandStarted, state.hand_no, state.dealer, state.direction, shown)
    for seat in state.order():
        hand = state.hands[seat] = draw_main(state, HAND_SIZE)
        state.emit(ev.CardsDealt, seat, sort_cards(hand), len(hand), len(state.deck), len(state.discard))


@task("draft_round")
def draft_round(state: NevermoreState, rnd: int) -> None:
    state.draft_round = rnd
    state.pending_pass = [None] * state.num_players
    push(state, *[("ask_pass", rnd, i) for i in range(state.num_players)], ("deliver", rnd))


@task("ask_pass")
def ask_pass(state: NevermoreState, rnd: int, index: int) -> None:
    state.pending = ("pass", state.order()[index], rnd)


def _pass_legal(state: NevermoreState, pending: tuple) -> list:
    _, seat, rnd = pending
    return list(passes_of(sort_cards(state.hands[seat]), PASSES[rnd]))


@lru_cache(maxsize=4096)
def passes_of(hand: tuple[str, ...], size: int) -> tuple[PassCards, ...]:
    """The passes of a sorted hand, made once (search asks for them at every pass of every rollout; the
    actions are frozen, so every state may share them)."""
    return tuple(PassCards(cards) for cards in distinct_subsets(hand, size))


@decision("pass", _pass_legal)
def apply_pass(state: NevermoreState, pending: tuple, action: PassCards) -> None:
    _, seat, rnd = pending
    state.pending_pass[seat] = tuple(action.cards)
    state.emit(ev.PassCommitted, seat, rnd)


@task("deliver")
def deliver(state: NevermoreState, rnd: int) -> None:
    n = state.num_players
    passes = [p for p in state.pending_pass if p is not None]
    assert len(passes) == n  # delivery runs once every seat has committed its pass
    for seat in range(n):
        remove_cards(state.hands[seat], passes[seat])
    for seat in state.order():
        receiver = (seat + state.direction) % n
        state.hands[receiver].extend(passes[seat])
        state.pass_log.append((rnd, seat, receiver, tuple(passes[seat])))
        state.emit(ev.CardsPassed, rnd, seat, receiver, tuple(passes[seat]), len(passes[seat]))
    state.pending_pass = [None] * n
    state.draft_round = rnd + 1 if rnd + 1 < len(PASSES) else -1


def kill_options(hand: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct sets of cards a hand's Ravens may kill (none for a Conspiracy)."""
    return list(_kill_options(tuple(hand)))


@lru_cache(maxsize=4096)
def _kill_options(hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``kill_options`` by hand: every seat's kills are worked out each hand of every search rollout."""
    ravens = ravens_in(hand)
    others = non_ravens(hand)
    if ravens >= 5 or ravens == 0:
        return ((),)
    return tuple(distinct_subsets(others, min(ravens, len(others))))


@task("lock_kills")
def lock_kills(state: NevermoreState, index: int) -> None:
    order = state.order()
    while index < len(order):
        seat = order[index]
        options = _kill_options(tuple(state.hands[seat]))
        if len(options) > 1:
            state.pending = ("kill", seat, index)
            return
        state.kills[seat] = list(options[0])
        if options[0]:
            state.emit(ev.KillsChosen, seat, options[0])
        index += 1


def _kill_legal(state: NevermoreState, pending: tuple) -> list:
    return list(kills_of(tuple(state.hands[pending[1]])))


@lru_cache(maxsize=4096)
def kills_of(hand: tuple[str, ...]) -> tuple[KillCards, ...]:
    """The kill actions of a hand, made once (as ``passes_of``)."""
    return tuple(KillCards(cards) for cards in _kill_options(hand))


@decision("kill", _kill_legal)
def apply_kill(state: NevermoreState, pending: tuple, action: KillCards) -> None:
    _, seat, index = pending
    state.kills[seat] = list(action.cards)
    state.emit(ev.KillsChosen, seat, tuple(action.cards))
    lock_kills(state, index + 1)  # the next seat's kills (what ``run`` would do next)


@task("finish_lock")
def finish_lock(state: NevermoreState) -> None:
    """Kills are locked: remember each collected hand and its Skulking Ravens (R1)."""
    state.kills_locked = True
    for seat in range(state.num_players):
        hand = state.hands[seat]
        state.collected[seat] = sort_cards(hand + state.discarded[seat])
        ravens = ravens_in(hand)
        state.skulk[seat] = max(0, ravens - len(non_ravens(hand))) if ravens < 5 else 0


def discard_from_hand(state: NevermoreState, seat: int, cards: Iterable[str]) -> None:
    """Turn cards face down in front of their owner (they stay until clean-up)."""
    remove_cards(state.hands[seat], cards)
    state.discarded[seat].extend(cards)
    for card in cards:
        if card in state.kills[seat]:
            state.kills[seat].remove(card)
