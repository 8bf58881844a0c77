"""Reapers test set-ups: a hand laid out exactly from stacked piles, and small helpers for literal scenarios."""

from __future__ import annotations

from collections import Counter

from game.core.registry import get
from game.games.reapers import rules as r
from game.games.reapers.rules import PlaceWager, PlayCard, TakePile
from game.variants.loader import load_variant

SPEC = get("reapers")
STANDARD = load_variant(SPEC, "standard").params


def cards(text: str) -> list[str]:
    return text.split()


def full_deck(players: int, params=STANDARD) -> list[str]:
    return list(r.Rules.of(params, players).deck)


def layout(players: int, hands: dict[int, str], graveyard: str, trump: str, *, params=STANDARD,
           wagers: dict[int, str] | None = None, dealer: int | None = None, later_decks=()) -> r.ReapersState:
    """A hand set up exactly: each seat drafts the piles that make up its hand (in the order written, in
    piles of 3, a 5-player pair last), the Graveyard pile is left, then every seat wagers (default none)."""
    cfg = r.Rules.of(params, players)
    state_dealer = players - 1 if dealer is None else dealer
    first = (state_dealer + 1) % players
    forward = [(first + i) % players for i in range(players)]
    order: list[int] = []
    for round_ in range(cfg.picks_each):
        order += forward if round_ % 2 == 0 else forward[::-1]
    seat_piles: dict[int, list[list[str]]] = {}
    for seat in range(players):
        hand = cards(hands[seat])
        piles = []
        pairs = cfg.pairs_per_player
        triples = len(hand) - 2 * pairs
        for at in range(0, triples, 3):
            piles.append(hand[at:at + 3])
        for at in range(triples, len(hand), 2):
            piles.append(hand[at:at + 2])
        seat_piles[seat] = piles
    triple_slots: list[list[str]] = []
    pair_slots: list[list[str]] = []
    taken = Counter()
    for seat in order:
        pile = seat_piles[seat][taken[seat]]
        taken[seat] += 1
        (pair_slots if len(pile) == 2 else triple_slots).append(pile)
    grave = cards(graveyard)
    if len(grave) == 3:
        triple_slots.append(grave)
    else:
        pair_slots.append(grave)
    slots = triple_slots + pair_slots
    deck = [trump] + [c for pile in slots for c in pile]
    assert Counter(deck) == Counter(full_deck(players, params)), (
        Counter(full_deck(players, params)) - Counter(deck), Counter(deck) - Counter(full_deck(players, params)))
    state = r.new_game(params, players, 7, dealer=dealer, decks=[deck] + list(later_decks))
    used: set[int] = set()
    for seat in order:
        want = seat_piles[seat].pop(0)
        slot = next(i for i, p in enumerate(state.piles) if p is not None and list(p) == want and i not in used)
        used.add(slot)
        assert state.current_player() == seat
        state.apply(TakePile(slot))
    for seat in state.wager_order:
        state.apply(PlaceWager((wagers or {}).get(seat, "none")))
    assert state.phase == r.PLAY
    for seat in range(players):
        assert Counter(state.hands[seat]) == Counter(cards(hands[seat]))
    return state


def play(state: r.ReapersState, *plays: str) -> list:
    events = []
    for card in plays:
        events += state.apply(PlayCard(card))
    return events


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def all_cards(state: r.ReapersState) -> list[str]:
    """Every card of the hand's deck, wherever it is (trump, piles, hands, trick, Graveyard, score piles,
    discards): the invariant is that this is always exactly the deck."""
    cards = [state.trump] if state.trump else []
    for pile in state.piles:
        if pile is not None:
            cards += pile
    for hand in state.hands:
        cards += hand
    cards += [c for _, c in state.trick]
    cards += state.graveyard
    for score_pile in state.score_piles:
        cards += score_pile
    cards += state.discards
    return cards
