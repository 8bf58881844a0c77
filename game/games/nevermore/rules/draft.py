"""Dealing, the three secret draft rounds and the secret choice of Raven kills."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Iterable

from game.core.contracts import Action

from . import events as ev
from .actions import KillCards, PassCards
from .cards import PASSES, distinct_subsets, non_ravens, ravens_in, remove_cards, sort_cards
from .tasks import AskPass, Deal, Deliver, DraftRound, FinishLock, KillDecision, LockKills, PassDecision

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


def deal(state: NevermoreState, task: Deal) -> None:
    shown = tuple(state.tokens) if state.tokens_public else (None,) * len(state.tokens)
    state.emit(ev.HandStarted, state.hand_no, state.dealer, state.direction, shown)
    for seat in state.order():
        hand = state.hands[seat] = draw_main(state, HAND_SIZE)
        state.emit(ev.CardsDealt, seat, sort_cards(hand), len(hand), len(state.deck), len(state.discard))


def draft_round(state: NevermoreState, task: DraftRound) -> None:
    rnd = task.round
    state.draft_round = rnd
    state.pending_pass = [None] * state.num_players
    state.push(*[AskPass(rnd, i) for i in range(state.num_players)], Deliver(rnd))


def ask_pass(state: NevermoreState, task: AskPass) -> None:
    state.decision = PassDecision(state.order()[task.index], task.round)


def pass_legal(state: NevermoreState, decision: PassDecision) -> list[Action]:
    return list(passes_of(sort_cards(state.hands[decision.seat]), PASSES[decision.round]))


@lru_cache(maxsize=4096)
def passes_of(hand: tuple[str, ...], size: int) -> tuple[PassCards, ...]:
    """The passes of a sorted hand, made once (search asks for them at every pass of every rollout; the
    actions are frozen, so every state may share them)."""
    return tuple(PassCards(cards) for cards in distinct_subsets(hand, size))


def apply_pass(state: NevermoreState, decision: PassDecision, action: PassCards) -> None:
    state.pending_pass[decision.seat] = tuple(action.cards)
    state.emit(ev.PassCommitted, decision.seat, decision.round)


def deliver(state: NevermoreState, task: Deliver) -> None:
    rnd = task.round
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


@lru_cache(maxsize=4096)
def kill_options(hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The distinct sets of cards a hand's Ravens may kill (none for a Conspiracy), by hand: every seat's kills
    are worked out each hand of every search rollout."""
    ravens = ravens_in(hand)
    others = non_ravens(hand)
    if ravens >= 5 or ravens == 0:
        return ((),)
    return tuple(distinct_subsets(others, min(ravens, len(others))))


def lock_kills(state: NevermoreState, task: LockKills) -> None:
    """Settle each seat's kills from ``task.index`` in priority order, until a seat has a choice to make."""
    order, index = state.order(), task.index
    while index < len(order):
        seat = order[index]
        options = kill_options(tuple(state.hands[seat]))
        if len(options) > 1:
            state.decision = KillDecision(seat, index)
            return
        state.kills[seat] = list(options[0])
        if options[0]:
            state.emit(ev.KillsChosen, seat, options[0])
        index += 1


def kill_legal(state: NevermoreState, decision: KillDecision) -> list[Action]:
    return list(kills_of(tuple(state.hands[decision.seat])))


@lru_cache(maxsize=4096)
def kills_of(hand: tuple[str, ...]) -> tuple[KillCards, ...]:
    """The kill actions of a hand, made once (as ``passes_of``)."""
    return tuple(KillCards(cards) for cards in kill_options(hand))


def apply_kill(state: NevermoreState, decision: KillDecision, action: KillCards) -> None:
    state.kills[decision.seat] = list(action.cards)
    state.emit(ev.KillsChosen, decision.seat, tuple(action.cards))
    state.push(LockKills(decision.index + 1))  # the next seat's kills


def finish_lock(state: NevermoreState, task: FinishLock) -> None:
    """Kills are locked: remember each collected hand and its Skulking Ravens (R1)."""
    state.kills_locked = True
    for seat in range(state.num_players):
        collect(state, seat)


def collect(state: NevermoreState, seat: int) -> None:
    """Note ``seat``'s collected hand and its Skulking Ravens, those its kills leave over."""
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
