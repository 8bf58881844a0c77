"""Reapers' fast paths (issue 18) give exactly what the plain ways they replace gave: the observation built
into ``__dict__``, the legality check without the list of legal actions, the shared action instances, and the
bots' ``_can_beat`` on suit tops and cached pile worths."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from game.core.contracts import Action, IllegalActionError
from game.core.registry import get
from game.games.reapers import bots
from game.games.reapers import rules as r
from game.games.reapers.rules import PlaceWager, PlayCard, ReapersObservation, TakePile
from game.games.reapers.rules.actions import WAGER_ACTIONS, play_card, take_pile
from game.games.reapers.rules.cards import DEMON_RANK, DEMON_VALUE, REAPER, SUITS, WAGERS, values_for
from game.variants.loader import load_variant

SPEC = get("reapers")
VARIANTS = ("standard", "open-wagers", "harvest")


def plain_observation(state: r.ReapersState, seat: int | None) -> ReapersObservation:
    """The observation as the dataclass's own ``__init__`` builds it (the way before issue 18)."""
    open_ = state.rules.open_wagers or state.phase == r.OVER
    return ReapersObservation(
        seat=seat, rules=state.rules, phase=state.phase, to_move=state.current_player(),
        hand=state.hands_played + (0 if state.phase in (r.OVER, r.HORIZON) else 1),
        hands_played=state.hands_played, extra_hands_played=state.extra_hands_played, dealer=state.dealer,
        trump=state.trump, trump_suit=state.trump_suit, reapers_returned=state.reapers_returned,
        piles=tuple(state.piles), draft_order=state.draft_order, picks_made=state.picks_made,
        pairs_taken=tuple(state.pairs_taken), drafted=tuple(tuple(d) for d in state.drafted),
        hands=tuple(tuple(h) for h in state.hands), graveyard=tuple(state.graveyard),
        graveyard_reapers=state.graveyard_reapers, wager_order=state.wager_order,
        wagered=tuple(w is not None for w in state.wagers),
        wagers=tuple(w if (s == seat or open_) else None for s, w in enumerate(state.wagers)),
        leader=state.leader, trick=tuple(state.trick), lead_suit=state.lead_suit, reaper_used=state.reaper_used,
        tricks_done=state.tricks_done, played=tuple(tuple(p) for p in state.played),
        score_piles=tuple(tuple(p) for p in state.score_piles), discards=tuple(state.discards),
        totals=tuple(state.totals), history=tuple(state.history), winners=tuple(state.winner_seats),
        stats=tuple(sorted(state.stats.items())),
    )


def candidates(state: r.ReapersState) -> list[Action]:
    """Every action of every kind that could be asked of the state, legal or not."""
    cards = sorted(set(state.rules.deck))
    return ([PlayCard(c) for c in cards] + [TakePile(slot) for slot in range(-1, 20)]
            + [PlaceWager(w) for w in (*WAGERS, "most")])


def playout_states(variant: str, players: int, seed: int) -> list[r.ReapersState]:
    """Every state of a random playout (cloned as it goes), up to the end of the game."""
    params = load_variant(SPEC, variant).params
    state = SPEC.new_game(params, players, seed)
    assert isinstance(state, r.ReapersState)
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 5])
def test_observation_is_the_plain_one_for_every_seat_and_a_spectator(variant: str, players: int) -> None:
    names = {f.name for f in fields(ReapersObservation)}
    for state in playout_states(variant, players, 7)[::3]:
        for seat in (*range(players), None):
            obs = state.observation(seat)
            assert set(vars(obs)) == names
            plain = plain_observation(state, seat)
            assert obs == plain and repr(obs) == repr(plain) and hash(obs.hands) == hash(plain.hands)
    with pytest.raises(AttributeError):
        obs.phase = "draft"  # type: ignore[misc]  # still frozen


@pytest.mark.parametrize("variant", VARIANTS)
def test_legality_check_agrees_with_the_legal_actions(variant: str) -> None:
    for state in playout_states(variant, 4, 11)[:-1:2]:
        legal = state.legal_actions()
        for action in candidates(state):
            assert state._allowed(action) == (action in legal), (state.phase, action)
        illegal = next(a for a in candidates(state) if a not in legal)
        with pytest.raises(IllegalActionError):
            state.clone().apply(illegal)


def test_actions_are_shared_and_equal_to_new_ones() -> None:
    assert play_card("D4") is play_card("D4") == PlayCard("D4")
    assert take_pile(3) is take_pile(3) == TakePile(3)
    assert WAGER_ACTIONS["fewest"] == PlaceWager("fewest")
    state = playout_states("standard", 4, 2)[30]
    assert all(a is play_card(a.card) for a in state.legal_actions() if isinstance(a, PlayCard))


def plain_can_beat(hand: list[str], card: str, lead: str, trump: str) -> bool:
    """``_can_beat`` as it was: ``_beats`` over the cards the hand may play to the trick."""
    vals = values_for(DEMON_VALUE)
    follow = [c for c in hand if c != REAPER and c[0] == lead]
    options = follow if follow else [c for c in hand if c != REAPER]
    return any(bots._beats(c, card, lead, trump, vals) for c in options)


def test_can_beat_on_suit_tops_agrees_with_card_by_card() -> None:
    deck = [f"{s}{v}" for s in SUITS for v in range(1, 11)] + [s + DEMON_RANK for s in SUITS] + [REAPER] * 4
    rng = random.Random(5)
    vals = values_for(DEMON_VALUE)
    answers = set()
    for _ in range(3000):
        hand = rng.sample(deck, rng.randrange(0, 8))
        card = rng.choice([c for c in deck if c != REAPER])
        lead, trump = rng.choice(SUITS), rng.choice(SUITS)
        want = plain_can_beat(hand, card, lead, trump)
        assert bots._can_beat(bots._suit_tops(hand, vals), card, lead, trump, vals) == want, (hand, card, lead, trump)
        answers.add(want)
    assert answers == {True, False}


def plain_choose_pile(piles: list[tuple[str, ...]], slots: list[int], hand: list[str], trump: str) -> int:
    """``choose_pile`` as it was: every card's worth summed again for every pile."""
    trumps = sum(1 for c in hand if c[0] == trump)
    best, best_score = slots[0], -1e9
    for slot in slots:
        pile = piles[slot]
        score = 0.1 * len(pile)
        more = 0
        for c in pile:
            score += bots.card_worth(c, trump)
            more += c[0] == trump
        score += 0.6 * (max(trumps + more - 2, 0) - max(trumps - 2, 0))
        if score > best_score:
            best, best_score = slot, score
    return best


def test_choose_pile_with_kept_worths_picks_as_before_and_keeps_few(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "PILE_WORTHS_KEPT", 50)
    monkeypatch.setattr(bots, "_PILE_WORTHS", {})
    deck = [f"{s}{v}" for s in SUITS for v in range(1, 11)] + [s + DEMON_RANK for s in SUITS] + [REAPER] * 4
    rng = random.Random(9)
    for _ in range(400):
        rng.shuffle(deck)
        piles = [tuple(deck[at:at + 3]) for at in range(0, 30, 3)] + [tuple(deck[at:at + 2]) for at in range(30, 40, 2)]
        slots = sorted(rng.sample(range(len(piles)), rng.randrange(1, len(piles))))
        hand, trump = deck[40:40 + rng.randrange(0, 9)], rng.choice(SUITS)
        assert bots.choose_pile(piles, slots, hand, trump) == plain_choose_pile(piles, slots, hand, trump)
        assert all(len(kept) <= 50 for kept in bots._PILE_WORTHS.values())
