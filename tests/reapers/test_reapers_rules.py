"""Literal Reapers scenarios with stacked decks: every rule and ruling."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game.core.contracts import IllegalActionError
from game.core.params import merge
from game.core.registry import get
from game.games.reapers import rules as r
from game.games.reapers.rules import PlaceWager, PlayCard, TakePile, hand_points, make_config, wager_won
from game.games.reapers.rules import state as reapers_state_module
from game.variants.loader import load_variant

SPEC = get("reapers")
STANDARD = load_variant(SPEC, "standard").params


def cards(text: str) -> list[str]:
    return text.split()


def full_deck(players: int, params=STANDARD) -> list[str]:
    return list(make_config(params, players).deck)


def layout(players: int, hands: dict[int, str], graveyard: str, trump: str, *, params=STANDARD,
           wagers: dict[int, str] | None = None, dealer: int | None = None, later_decks=()) -> r.ReapersState:
    """A hand set up exactly: each seat drafts the piles that make up its hand (in the order written, in
    piles of 3, a 5-player pair last), the Graveyard pile is left, then every seat wagers (default none)."""
    cfg = make_config(params, players)
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
    state = r.ReapersState.new(params, players, 7, dealer=dealer, decks=[deck] + list(later_decks))
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


# Four players, pistols trump (the G9 turned up), Graveyard O2 P4 D*: every seat has one Reaper.
L1 = {
    0: "D9 D2 O3 O4 P5 P6 G2 G3 R",
    1: "D8 D3 O5 O6 P7 P8 G4 G5 R",
    2: "D7 D4 O7 O8 P9 P* G6 G7 R",
    3: "D6 D5 O9 O* P2 P3 G8 G* R",
}
# Four players, daggers trump (D9), Graveyard D2 D* G*: voids for trumping and off-suit play.
L2 = {
    0: "O2 O3 O5 O6 G6 G7 G8 G9 R",
    1: "D3 D4 D5 G5 G2 G3 G4 P9 R",
    2: "O* O4 O7 O8 O9 D6 D7 D8 R",
    3: "P* P4 P2 P3 P5 P6 P7 P8 R",
}
# Four players, daggers trump: seat 0 holds the top trumps and all four Reapers.
L3 = {
    0: "D* D8 D7 D6 D5 R R R R",
    1: "D4 O2 O3 O4 O5 O6 O7 O8 O9",
    2: "D3 P2 P3 P4 P5 P6 P7 P8 P9",
    3: "D2 G2 G3 G4 G5 G6 G7 G8 G9",
}


# ----------------------------------------------------------------------------------------- deck and deal


@pytest.mark.parametrize("players,size,tens", [(3, 40, False), (4, 40, False), (5, 44, True)])
def test_deck_composition(players, size, tens):
    deck = full_deck(players)
    assert len(deck) == size
    assert deck.count("R") == 4
    assert sorted(c for c in deck if c.endswith("*")) == ["D*", "G*", "O*", "P*"]
    assert any(c.endswith("10") for c in deck) is tens
    assert len(set(deck) - {"R"}) == size - 4


@pytest.mark.parametrize("players,threes,twos,hand", [(3, 13, 0, 12), (4, 13, 0, 9), (5, 11, 5, 8)])
def test_piles_and_hand_sizes(players, threes, twos, hand):
    state = SPEC.new_game(STANDARD, players, 3)
    sizes = Counter(len(p) for p in state.piles)
    assert sizes[3] == threes and sizes[2] == twos
    while state.phase == r.DRAFT:
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [hand] * players


def test_stacked_deck_gives_exact_trump_and_piles():
    deck = full_deck(3)
    deck.remove("P*")
    deck = ["P*"] + deck
    state = r.ReapersState.new(STANDARD, 3, 1, decks=[deck])
    assert state.trump == "P*" and state.trump_suit == "P"  # a Demon turned up makes its suit trump
    assert state.piles[0] == tuple(deck[1:4]) and state.piles[12] == tuple(deck[37:40])
    assert "P*" not in state.all_cards()[1:]  # the turned card stays out of play


def test_turned_up_reaper_is_shuffled_back():
    deck = full_deck(4)
    deck.remove("R")
    deck = ["R"] + deck
    state = r.ReapersState.new(STANDARD, 4, 5, decks=[deck])
    assert state.trump != "R" and state.reapers_returned == 1
    in_piles = [c for p in state.piles for c in p]
    assert in_piles.count("R") == 4 and state.trump not in in_piles


class _UnshufflingRng(random.Random):
    """A generator whose ``shuffle`` leaves the deck as it is and records the deck it was given, so a
    stacked deck's order survives a Reaper being shuffled back."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shuffled: list[list[str]] = []

    def shuffle(self, x, *args) -> None:  # noqa: ANN001
        self.shuffled.append(list(x))


def test_several_turned_up_reapers_are_each_shuffled_back(monkeypatch):
    # Rule: a Reaper turned up for trump is shuffled back and another card turned; Reapers are never trump.
    # Three Reapers on top: each goes back into the deck (40 cards, all 4 Reapers, at every shuffle), and the
    # first non-Reaper card, G5, sets trump. The state's shuffle is made order-keeping so the result is exact:
    # each Reaper returns to the bottom, so the 36 cards after G5 make piles 0-11 and pile 12 is R R R.
    rng = _UnshufflingRng(5)
    monkeypatch.setattr(reapers_state_module, "make_rng", lambda seed: rng)
    rest = full_deck(4)
    for card in ("R", "R", "R", "G5"):
        rest.remove(card)
    deck = ["R", "R", "R", "G5"] + rest
    state = r.ReapersState.new(STANDARD, 4, 5, decks=[deck])
    assert state.rng is rng
    assert (state.trump, state.trump_suit, state.reapers_returned) == ("G5", "G", 3)
    assert of(state.opening_events, r.TrumpTurned) == [r.TrumpTurned("G5", "G", 3)]
    assert len(rng.shuffled) == 3
    for shuffled in rng.shuffled:
        assert len(shuffled) == 40 and shuffled.count("R") == 4
    assert [list(p) for p in state.piles[:12]] == [rest[at:at + 3] for at in range(0, 36, 3)]
    assert state.piles[12] == ("R", "R", "R")
    assert "G5" not in [c for p in state.piles for c in p]  # the trump card stays out of play


def test_stacked_deck_must_be_the_deck():
    with pytest.raises(ValueError, match="missing"):
        r.ReapersState.new(STANDARD, 3, 1, decks=[full_deck(3)[1:]])


def test_snake_draft_from_dealers_left():
    state = SPEC.new_game(STANDARD, 3, 2)
    assert state.dealer == 2
    assert state.draft_order == (0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0)
    state = r.ReapersState.new(STANDARD, 4, 2, dealer=1)
    assert state.draft_order == (2, 3, 0, 1, 1, 0, 3, 2, 2, 3, 0, 1)


def test_graveyard_sorted_lowest_first_reapers_discarded():
    hands = {
        0: "D2 D3 D4 D5 D6 D7 D8 D9 O2",
        1: "O3 O4 O5 O6 O7 O8 O9 P2 P3",
        2: "P4 P5 P6 P7 P8 P9 P* G2 G3",
        3: "G4 G5 G6 G7 G8 G9 R R R",
    }
    # The pile left is O* D* R (G* turned up for trump).
    state = layout(4, hands, "O* D* R", "G*")
    assert state.graveyard == ["D*", "O*"]  # equal values in suit order, Demons count 11
    assert state.graveyard_reapers == 1 and state.discards == ["R"]


# ----------------------------------------------------------------------------------------- 5-player pairs


def test_five_player_pair_rules():
    state = SPEC.new_game(STANDARD, 5, 11)
    assert state.draft_order == (0, 1, 2, 3, 4, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4)
    pairs = [i for i, p in enumerate(state.piles) if len(p) == 2]
    triples = [i for i, p in enumerate(state.piles) if len(p) == 3]
    state.apply(TakePile(triples[0]))  # seat 0: a pile of 3
    state.apply(TakePile(pairs[0]))  # seat 1: a pair
    for seat in (2, 3, 4, 4, 3, 2):
        state.apply(TakePile(next(i for i in triples if state.piles[i] is not None)))
    assert state.current_player() == 1
    before = state.observation(1)
    legal = {a.pile for a in state.legal_actions()}
    assert legal and not legal & set(pairs)  # seat 1 already has its pair
    with pytest.raises(IllegalActionError, match="only one pair"):
        state.apply(TakePile(pairs[1]))
    assert state.observation(1) == before
    state.apply(TakePile(next(i for i in triples if state.piles[i] is not None)))
    assert state.current_player() == 0  # seat 0 picks twice at the turn of the snake
    state.apply(TakePile(next(i for i in triples if state.piles[i] is not None)))
    assert state.current_player() == 0
    legal = {a.pile for a in state.legal_actions()}
    assert legal == {i for i in pairs if state.piles[i] is not None}  # last pick without a pair: a pair
    with pytest.raises(IllegalActionError, match="must be a pair"):
        state.apply(TakePile(next(i for i in triples if state.piles[i] is not None)))
    state.apply(TakePile(min(legal)))
    while state.phase == r.DRAFT:
        state.apply(state.legal_actions()[0])
    assert state.pairs_taken == [1] * 5
    assert [len(h) for h in state.hands] == [8] * 5
    assert len(state.graveyard) + state.graveyard_reapers in (2, 3)


# ----------------------------------------------------------------------------------------- wagers


def test_wagers_are_secret_until_the_hand_is_scored():
    state = SPEC.new_game(STANDARD, 3, 9)
    while state.phase == r.DRAFT:
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 0 and state.wager_order == (0, 1, 2)
    events = state.apply(PlaceWager("fewest"))
    assert events[0].seen_by(0).wager == "fewest"
    assert events[0].seen_by(1).wager is None and events[0].seen_by(None).wager is None
    obs1 = state.observation(1)
    assert obs1.wagers == (None, None, None) and obs1.wagered == (True, False, False)
    assert state.observation(0).wagers == ("fewest", None, None)
    state.apply(PlaceWager("second"))
    state.apply(PlaceWager("none"))
    assert state.observation(2).wagers == (None, None, "none")
    shown = repr(replace(state.observation(2), config=None))
    assert "'fewest'" not in shown and "'second'" not in shown
    scored = []
    while state.hands_played == 0:
        scored += of(state.apply(state.legal_actions()[0]), r.HandScored)
    assert scored[0].wagers == ("fewest", "second", "none")
    assert state.observation(2).history[0].wagers == ("fewest", "second", "none")


def test_open_wagers_variant_shows_wagers():
    params = load_variant(SPEC, "open-wagers").params
    state = SPEC.new_game(params, 3, 9)
    while state.phase == r.DRAFT:
        state.apply(state.legal_actions()[0])
    events = state.apply(PlaceWager("fewest"))
    assert events[0].seen_by(1).wager == "fewest"
    assert state.observation(1).wagers[0] == "fewest"


@pytest.mark.parametrize("players,bonuses", [(3, (20, 9, 4)), (4, (15, 7, 3)), (5, (10, 5, 2))])
def test_wager_bonuses_per_player_count(players, bonuses):
    cfg = make_config(STANDARD, players)
    assert (cfg.bonus("fewest"), cfg.bonus("second"), cfg.bonus("none")) == bonuses


@pytest.mark.parametrize("points,fewest,second", [
    ((10, 5, 7), {1}, {2}),
    ((10, 5, 5), {1, 2}, {1, 2}),  # tied for fewest share it; each has exactly one above (1-2-2)
    ((10, 10, 5), {2}, set()),  # 1-1-3: nobody is second
    ((4, 4, 4), {0, 1, 2}, set()),
    ((12, 9, 9, 3), {3}, {1, 2}),
    ((12, 12, 9, 3), {3}, set()),
    ((12, 9, 3, 3), {2, 3}, {1}),
    ((20, 15, 10, 5, 0), {4}, {1}),
    ((20, 15, 15, 0, 0), {3, 4}, {1, 2}),
    ((20, 20, 15, 5, 5), {3, 4}, set()),
])
def test_wager_outcomes_with_ties(points, fewest, second):
    cfg = make_config(STANDARD, len(points))
    seats = range(len(points))
    assert {s for s in seats if wager_won("fewest", s, points, cfg)} == fewest
    assert {s for s in seats if wager_won("second", s, points, cfg)} == second
    assert all(wager_won("none", s, points, cfg) for s in seats)


def test_dense_second_and_unshared_fewest_are_choices():
    params = merge(STANDARD, {"wagers": {"second_rule": "dense", "fewest_ties_share": False}})
    cfg = make_config(params, 4)
    assert {s for s in range(4) if wager_won("second", s, (12, 12, 9, 3), cfg)} == {2}
    assert not any(wager_won("fewest", s, (12, 9, 3, 3), cfg) for s in range(4))


# ----------------------------------------------------------------------------------------- tricks


def test_follow_suit_lowest_card_taken_winner_leads():
    state = layout(4, L1, "O2 P4 D*", "G9")
    assert state.trump_suit == "G" and state.graveyard == ["O2", "P4", "D*"]
    assert state.current_player() == 0  # left of the dealer leads
    assert [a.card for a in state.legal_actions()] == cards("D2 D9 O3 O4 P5 P6 G2 G3")  # no Reaper lead
    play(state, "D2")
    assert [a.card for a in state.legal_actions()] == ["D3", "D8", "R"]  # follow, or a Reaper
    events = play(state, "D8", "D7", "D6")
    won = of(events, r.TrickWon)[0]
    assert (won.winner, won.taken, won.next_leader) == (1, "D2", 1)
    assert sorted(won.discarded) == ["D6", "D7", "D8"]
    assert state.score_piles[1] == ["D2"] and state.current_player() == 1


def test_illegal_play_raises_and_changes_nothing():
    state = layout(4, L1, "O2 P4 D*", "G9")
    before = [state.observation(s) for s in range(4)]
    with pytest.raises(IllegalActionError, match="Reaper may be led only"):
        state.apply(PlayCard("R"))
    play(state, "D2")
    before = [state.observation(s) for s in range(4)]
    with pytest.raises(IllegalActionError, match="must follow"):
        state.apply(PlayCard("O5"))
    with pytest.raises(IllegalActionError, match="not in"):
        state.apply(PlayCard("D9"))
    with pytest.raises(IllegalActionError):
        state.apply(TakePile(0))
    with pytest.raises(IllegalActionError):
        state.apply(PlaceWager("none"))
    assert [state.observation(s) for s in range(4)] == before


def test_reaper_takes_lowest_graveyard_card_only_the_first():
    state = layout(4, L1, "O2 P4 D*", "G9")
    events = play(state, "D2", "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(1, "O2")]
    events = play(state, "R")
    assert of(events, r.ReaperTook) == []  # a second Reaper does nothing
    events = play(state, "D6")
    won = of(events, r.TrickWon)[0]
    assert (won.winner, won.taken) == (3, "D2")  # Reapers never win and have no value
    assert state.graveyard == ["P4", "D*"] and state.score_piles[1] == ["O2"]


def test_harvest_variant_every_reaper_takes():
    params = load_variant(SPEC, "harvest").params
    state = layout(4, L1, "O2 P4 D*", "G9", params=params)
    events = play(state, "D2", "R", "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(1, "O2"), r.ReaperTook(2, "P4")]


def test_trump_wins_demon_taken_even_losing_first_of_two_demons():
    state = layout(4, L2, "D2 D* G*", "D9")
    assert state.graveyard == ["D2", "D*", "G*"]
    play(state, "O2")
    assert [a.card for a in state.legal_actions()] == cards("D3 D4 D5 P9 G2 G3 G4 G5 R")  # void: anything
    events = play(state, "D3", "O*", "P*")  # trump, a following Demon, an off-suit Demon
    won = of(events, r.TrickWon)[0]
    assert (won.winner, won.taken) == (1, "O*")
    assert sorted(won.discarded) == ["D3", "O2", "P*"]


def test_equal_lowest_values_first_played_is_taken_and_off_suit_never_wins():
    state = layout(4, L2, "D2 D* G*", "D9")
    play(state, "O2", "D3", "O*", "P*")
    events = play(state, "G5", "O4", "P4", "G6")  # O4 and P4 off-suit (not trump)
    won = of(events, r.TrickWon)[0]
    assert (won.winner, won.taken) == (0, "O4")


def test_led_suit_high_card_wins_demon_winner():
    state = layout(4, L1, "O2 P4 D*", "G9")
    events = play(state, "O3", "O5", "O7", "O*")
    won = of(events, r.TrickWon)[0]
    assert (won.winner, won.taken) == (3, "O*")


def _win_five_trumps(state):
    play(state, "D*", "D4", "D3", "D2")
    for lead in ("D8", "D7", "D6", "D5"):
        play(state, lead)
        for seat in (1, 2, 3):
            play(state, state.legal_actions()[0].card)
    assert state.hands[0] == ["R", "R", "R", "R"]


def test_led_reaper_passes_the_lead_and_takes_nothing():
    state = layout(4, L3, "O* P* G*", "D9")
    _win_five_trumps(state)
    assert state.score_piles[0][0] == "D*"
    assert [a.card for a in state.legal_actions()] == ["R"]  # nothing but Reapers: a Reaper may be led
    events = play(state, "R")
    assert of(events, r.LeadPassed) == [r.LeadPassed(0, 1)] and not of(events, r.ReaperTook)
    assert of(events, r.CardPlayed)[0].leads
    assert state.current_player() == 1
    events = play(state, "O9")
    assert of(events, r.CardPlayed)[0].leads and state.lead_suit == "O"
    events = play(state, "P9", "G9")
    won = of(events, r.TrickWon)[0]
    assert (won.winner, won.taken, won.next_leader) == (1, "O9", 1)  # the Reaper has no value
    assert state.graveyard == ["O*", "P*", "G*"]
    events = play(state, "O8", "P8", "G8", "R")  # a Reaper after the lead takes
    assert of(events, r.ReaperTook) == [r.ReaperTook(0, "O*")]


L3B = {
    0: "D* D8 D7 D6 D5 D4 R R R",
    1: "R O2 O3 O4 O5 O6 O7 O8 O9",
    2: "D3 P2 P3 P4 P5 P6 P7 P8 P9",
    3: "D2 G2 G3 G4 G5 G6 G7 G8 G9",
}


def _win_six_trumps(state):
    for lead in ("D*", "D8", "D7", "D6", "D5", "D4"):
        play(state, lead)
        for seat in (1, 2, 3):
            play(state, next(a.card for a in state.legal_actions() if a.card != "R"))
    assert state.hands[0] == ["R", "R", "R"]


def test_player_the_lead_passed_to_is_leading():
    state = layout(4, L3B, "O* P* G*", "D9")
    _win_six_trumps(state)
    play(state, "R")
    assert "R" not in [a.card for a in state.legal_actions()]  # holds other cards: no Reaper
    with pytest.raises(IllegalActionError):
        state.apply(PlayCard("R"))


def test_passed_lead_reading_is_a_variant_key():
    params = merge(STANDARD, {"reapers": {"passed_lead_is_lead": False}})
    state = layout(4, L3B, "O* P* G*", "D9", params=params)
    _win_six_trumps(state)
    play(state, "R")
    assert "R" in [a.card for a in state.legal_actions()]
    events = play(state, "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(1, "O*")]


def test_all_reaper_last_trick_scores_nothing():
    state = layout(4, L1, "O2 P4 D*", "G9")
    while state.tricks_done < 8:
        play(state, next(a.card for a in state.legal_actions() if a.card != "R"))
    assert state.hands == [["R"]] * 4
    leader = state.current_player()
    piles_before = [list(p) for p in state.score_piles]
    events = play(state, "R", "R", "R", "R")
    assert len(of(events, r.LeadPassed)) == 3 and not of(events, r.ReaperTook)
    won = of(events, r.TrickWon)[0]
    assert won.winner is None and won.taken is None and won.next_leader == leader
    assert sorted(won.discarded) == ["R"] * 4
    scored = of(events, r.HandScored)[0]
    assert list(scored.card_points) == [hand_points(p) for p in piles_before]
    assert state.history[0].hand_scores == scored.hand_scores


# Four players, pistols trump (G9), the pile left is O2 R R: a Graveyard of one card, two Reapers in hands.
L4 = {
    0: "D2 D3 D4 O3 O4 P2 P3 G2 G3",
    1: "D5 D6 O5 O6 P4 P5 G4 G5 R",
    2: "D7 D8 O7 O8 P6 P7 G6 G7 R",
    3: "D9 D* O9 O* P8 P9 P* G8 G*",
}


def test_reaper_after_the_graveyard_ran_out_takes_nothing():
    # Rule: the first Reaper after the led suit is set takes the lowest Graveyard card, nothing if the
    # Graveyard is empty. Trick 1: seat 1's Reaper takes the only Graveyard card, O2; D9 wins and takes D2.
    # Trick 2: seat 2's Reaper is the first of its trick but the Graveyard is empty: ReaperTook(2, None);
    # P8 wins and takes P2, the Reaper goes to the discards.
    state = layout(4, L4, "O2 R R", "G9")
    assert state.graveyard == ["O2"] and state.discards == ["R", "R"]
    events = play(state, "D2", "R", "D7", "D9")
    assert of(events, r.ReaperTook) == [r.ReaperTook(1, "O2")]
    assert of(events, r.TrickWon) == [r.TrickWon(1, 3, "D2", ("R", "D7", "D9"), 3)]
    assert state.graveyard == []
    play(state, "P8", "P2", "P4")
    assert [a.card for a in state.legal_actions()] == ["P6", "P7", "R"]
    events = play(state, "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(2, None)]
    assert of(events, r.TrickWon) == [r.TrickWon(2, 3, "P2", ("P8", "P4", "R"), 3)]
    assert state.graveyard == []
    assert state.score_piles == [[], ["O2"], [], ["D2", "P2"]]
    assert state.discards == ["R", "R", "R", "D7", "D9", "P8", "P4", "R"]
    assert Counter(state.all_cards()) == Counter(full_deck(4))


# Four players, daggers trump (D9), Graveyard O2 G4 P*: seat 0 wins six trump leads and is left with three
# Reapers; seat 3 keeps a Reaper for the trick seat 0 must lead with one.
L5 = {
    0: "D* D8 D7 D6 D5 D4 R R R",
    1: "D3 O3 O4 O5 O6 O7 O8 O9 O*",
    2: "D2 P2 P3 P4 P5 P6 P7 P8 P9",
    3: "G2 G3 G5 G6 G7 G8 G9 G* R",
}


def test_reaper_after_a_led_reaper_takes_from_the_graveyard():
    # Rule: a led Reaper passes the lead and takes nothing; the next player's card sets the suit; the first
    # Reaper played after that takes the lowest Graveyard card. Six trump leads: seat 0 takes D* (a Demon),
    # then the lowest card each time: P2, P3, P4, D5, D4. Trick 7: R (led, nothing), O8 sets poison, P7
    # (off-suit), R (takes O2). O8 wins; the lowest non-Reaper card is P7, so seat 1 takes P7.
    state = layout(4, L5, "G4 O2 P*", "D9")
    assert state.graveyard == ["O2", "G4", "P*"]
    play(state, "D*")
    assert [a.card for a in state.legal_actions()] == ["D3"]  # must follow; no Reaper to play instead
    taken = []
    for trick in ("D3 D2 G2", "D8 O3 P2 G3", "D7 O4 P3 G5", "D6 O5 P4 G6", "D5 O6 P6 G7", "D4 O7 P5 G8"):
        won = of(play(state, *cards(trick)), r.TrickWon)[0]
        assert won.winner == 0
        taken.append(won.taken)
    assert taken == ["D*", "P2", "P3", "P4", "D5", "D4"]
    assert state.hands == [["R", "R", "R"], cards("O8 O9 O*"), cards("P7 P8 P9"), cards("G9 G* R")]
    assert state.current_player() == 0 and [a.card for a in state.legal_actions()] == ["R"]
    events = play(state, "R")
    assert events == [r.CardPlayed(0, "R", True), r.LeadPassed(0, 1)]
    events = play(state, "O8")
    assert events == [r.CardPlayed(1, "O8", True)] and state.lead_suit == "O"
    play(state, "P7")
    assert [a.card for a in state.legal_actions()] == ["G9", "G*", "R"]  # void in poison: anything
    events = play(state, "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(3, "O2")]
    assert of(events, r.TrickWon) == [r.TrickWon(7, 1, "P7", ("R", "O8", "R"), 1)]
    assert state.graveyard == ["G4", "P*"]
    assert state.score_piles == [cards("D* P2 P3 P4 D5 D4"), ["P7"], [], ["O2"]]


# Three players, daggers trump (D2 turned up), Graveyard G8 G9 G*: seat 0 wins ten tricks and is left with
# two Reapers; seat 1 also ends with two Reapers.
L6 = {
    0: "D3 D4 D5 D6 D7 D8 D9 D* O9 O* R R",
    1: "P2 P3 P4 P5 P6 P7 P8 P9 P* G2 R R",
    2: "O2 O3 O4 O5 O6 O7 O8 G3 G4 G5 G6 G7",
}


def test_lead_passes_twice_when_two_players_in_a_row_hold_only_reapers():
    # Ruling: the player the lead passed to is leading too; holding only Reapers they lead a Reaper and the
    # lead passes on again. Trick 11: seat 0 R, seat 1 R (both count as led, take nothing), seat 2's O7 sets
    # the suit and wins, taking O7 (the Reapers have no value). Trick 12: O8 led; seat 0's Reaper is the
    # first after the suit is set and takes G8, seat 1's does nothing.
    # Hand: seat 0 takes D* O3 O4 G3 G4 P4 P3 P2 O* G2 and G8: 3+4+3+4+4+3+2+2+8 = 33, two Demons double
    # the 8 and a 4: 45. Seat 1 nothing: 0. Seat 2 O7 O8: 15. No wager pays 4 each: 49, 4, 19.
    state = layout(3, L6, "G8 G9 G*", "D2")
    assert state.trump_suit == "D" and state.graveyard == ["G8", "G9", "G*"]
    taken = []
    for trick in ("D* P9 O2", "D9 P8 O3", "D8 P7 O4", "D7 P6 G3", "D6 P5 G4", "D5 P4 G5", "D4 P3 G6",
                  "D3 P2 G7", "O* P* O5", "O9 G2 O6"):
        won = of(play(state, *cards(trick)), r.TrickWon)[0]
        assert won.winner == 0
        taken.append(won.taken)
    assert taken == cards("D* O3 O4 G3 G4 P4 P3 P2 O* G2")
    assert state.hands == [["R", "R"], ["R", "R"], ["O7", "O8"]]
    assert state.current_player() == 0 and [a.card for a in state.legal_actions()] == ["R"]
    events = play(state, "R")
    assert events == [r.CardPlayed(0, "R", True), r.LeadPassed(0, 1)]
    assert [a.card for a in state.legal_actions()] == ["R"]
    events = play(state, "R")
    assert events == [r.CardPlayed(1, "R", True), r.LeadPassed(1, 2)]
    assert state.current_player() == 2 and [a.card for a in state.legal_actions()] == ["O7", "O8"]
    events = play(state, "O7")
    assert events == [r.CardPlayed(2, "O7", True), r.TrickWon(11, 2, "O7", ("R", "R"), 2)]
    assert state.graveyard == ["G8", "G9", "G*"]
    events = play(state, "O8", "R", "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(0, "G8")]
    assert of(events, r.TrickWon) == [r.TrickWon(12, 2, "O8", ("R", "R"), 2)]
    scored = of(events, r.HandScored)[0]
    assert scored.card_points == (45, 0, 15)
    assert scored.hand_scores == (49, 4, 19)


def test_losing_off_suit_demon_is_taken_by_the_winner_without_trump():
    # Rule: if any Demon is in the trick, winning or not, the winner takes the Demon and nothing else; an
    # off-suit card that is not trump cannot win. Pistols led (G6), seat 1 follows (G5), seat 2 is void and
    # throws the Demon of poison, seat 3 is void and throws P2; no trump (daggers) is played. G6 wins and
    # seat 0 takes O*: not the lowest card (P2), not its own G6.
    state = layout(4, L2, "D2 D* G*", "D9")
    play(state, "G6")
    assert [a.card for a in state.legal_actions()] == ["G2", "G3", "G4", "G5", "R"]
    play(state, "G5")
    assert "O*" in [a.card for a in state.legal_actions()]
    events = play(state, "O*", "P2")
    assert of(events, r.TrickWon) == [r.TrickWon(1, 0, "O*", ("G6", "G5", "P2"), 0)]
    assert state.score_piles == [["O*"], [], [], []]


# Five players, plague trump (P10), Graveyard D2 O7 G* (a pile of 3): seats 3 and 4 are void in daggers.
L7 = {
    0: "D10 D3 D4 O2 O3 P2 G2 R",
    1: "D6 D7 D5 O4 O5 P3 P4 G3",
    2: "D8 D9 D* O6 O8 P5 G4 R",
    3: "O9 O10 P6 P7 P8 G5 G6 R",
    4: "O* P9 P* G7 G8 G9 G10 R",
}


def test_five_player_trick_trump_reaper_and_off_suit_ten():
    # Rules at 5 players (10s in play, Graveyard of 3): seat 0 leads D10, seat 1 follows D6, seat 2 plays a
    # Reaper instead of following (takes D2, the Graveyard's lowest), seat 3 trumps with P7, seat 4 throws
    # the off-suit G10. The only trump, P7, wins; the lowest non-Reaper card is D6, which seat 3 takes; D10,
    # the Reaper, P7 and G10 are discarded. Seat 3 leads next.
    state = layout(5, L7, "O7 D2 G*", "P10")
    assert state.trump_suit == "P" and state.graveyard == ["D2", "O7", "G*"]
    assert state.current_player() == 0
    play(state, "D10")
    assert [a.card for a in state.legal_actions()] == ["D5", "D6", "D7"]
    play(state, "D6")
    assert [a.card for a in state.legal_actions()] == ["D8", "D9", "D*", "R"]
    events = play(state, "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(2, "D2")]
    assert [a.card for a in state.legal_actions()] == cards("O9 O10 P6 P7 P8 G5 G6 R")
    events = play(state, "P7", "G10")
    assert of(events, r.TrickWon) == [r.TrickWon(1, 3, "D6", ("D10", "R", "P7", "G10"), 3)]
    assert state.score_piles == [[], [], ["D2"], ["D6"], []]
    assert state.graveyard == ["O7", "G*"]
    assert state.current_player() == 3


# Three players, poison trump (O9), the pile left is G2 G3 R: seat 2 is void in plague.
L8 = {
    0: "D2 D5 O2 O3 P2 P3 P4 P9 P* G4 G5 R",
    1: "D3 D6 D7 O4 O5 P5 P6 P7 P8 G6 G7 R",
    2: "D4 D8 D9 D* O6 O7 O8 O* G8 G9 G* R",
}


def test_three_player_trick_follow_suit_enforced():
    # Rule: a player must follow the led suit if able, except that a Reaper may always be played instead; a
    # player who cannot follow plays any card. Seat 0 leads P4 (it may not lead its Reaper). Seat 1 holds
    # plague: only P5-P8 or the Reaper; neither a dagger nor a trump. Seat 2 is void: anything. Seat 2
    # trumps with O6 and wins; the lowest card, P4, is taken; P6 and O6 are discarded.
    state = layout(3, L8, "G2 G3 R", "O9")
    assert state.graveyard == ["G2", "G3"] and state.discards == ["R"]
    assert [a.card for a in state.legal_actions()] == cards("D2 D5 O2 O3 P2 P3 P4 P9 P* G4 G5")
    play(state, "P4")
    assert [a.card for a in state.legal_actions()] == cards("P5 P6 P7 P8 R")
    for card in ("D3", "O4", "G6"):
        with pytest.raises(IllegalActionError, match="must follow"):
            state.apply(PlayCard(card))
    play(state, "P6")
    assert [a.card for a in state.legal_actions()] == cards("D4 D8 D9 D* O6 O7 O8 O* G8 G9 G* R")
    events = play(state, "O6")
    assert of(events, r.TrickWon) == [r.TrickWon(1, 2, "P4", ("P6", "O6"), 2)]
    assert state.score_piles == [[], [], ["P4"]]
    assert state.current_player() == 2


# ----------------------------------------------------------------------------------------- scoring


@pytest.mark.parametrize("pile,points", [
    ("D5", 5),
    ("D5 O7 P*", 19),  # one Demon doubles the highest card
    ("D5 O7 G3 P* O*", 27),  # two Demons double the highest and the second-highest
    ("D5 P* O*", 10),  # a Demon never doubles a card twice
    ("P* O*", 0),  # Demons alone score nothing
    ("", 0),
])
def test_demon_doubling(pile, points):
    assert hand_points(cards(pile)) == points


# Four players, daggers trump (D9), the pile left is O* R R: the Graveyard is the Demon of poison alone.
L9 = {
    0: "D* D8 D7 D6 D5 D4 D3 D2 G8",
    1: "O2 O3 O4 O5 O6 O7 O8 O9 R",
    2: "P2 P3 P4 P5 P6 P7 P8 P9 P*",
    3: "G2 G3 G4 G5 G6 G7 G9 G* R",
}


def test_graveyard_demon_taken_by_a_reaper_doubles_at_hand_scoring():
    # Rule: a Demon taken from the Graveyard is a Demon in the score pile and doubles the highest card.
    # Trick 1: seat 3's Reaper takes O*. Seat 0 wins the eight trump tricks (taking D*, G2, O3, G3, G4, D4,
    # D3, P*); seat 1's Reaper in trick 2 finds the Graveyard empty. Trick 9: G8 led, seat 3's G9 wins and
    # takes G8. Seat 3: O* doubles G8: 16, and its 2nd wager is right (only 27 above): 16 + 7 = 23.
    # Seat 0: 2+3+3+4+4+3 = 19, two Demons double a 4 and a 4: 27, + 3. Seats 1 and 2: 0 + 3.
    state = layout(4, L9, "O* R R", "D9", wagers={3: "second"})
    assert state.graveyard == ["O*"]
    events = play(state, "D*", "O2", "P2", "R")
    assert of(events, r.ReaperTook) == [r.ReaperTook(3, "O*")]
    assert of(events, r.TrickWon) == [r.TrickWon(1, 0, "D*", ("O2", "P2", "R"), 0)]
    events = play(state, "D8", "R", "P3", "G2")
    assert of(events, r.ReaperTook) == [r.ReaperTook(1, None)]
    for trick in ("D7 O3 P4 G5", "D6 O4 P5 G3", "D5 O5 P6 G4", "D4 O6 P7 G6", "D3 O7 P8 G7", "D2 O8 P* G*"):
        assert of(play(state, *cards(trick)), r.TrickWon)[0].winner == 0
    assert state.score_piles == [cards("D* G2 O3 G3 G4 D4 D3 P*"), [], [], ["O*"]]
    events = play(state, "G8", "O9", "P9", "G9")
    assert of(events, r.TrickWon) == [r.TrickWon(9, 3, "G8", ("O9", "P9", "G9"), 3)]
    scored = of(events, r.HandScored)[0]
    assert scored.card_points == (27, 0, 0, 16)
    assert scored.wager_won == (True, True, True, True)
    assert scored.bonuses == (3, 3, 3, 7)
    assert scored.hand_scores == (30, 3, 3, 23)


def test_hand_score_adds_wager_bonus_and_dealer_moves_left():
    state = layout(3, {
        0: "D2 D3 D4 D5 D6 D7 D8 D9 D* O2 O3 O4",
        1: "O5 O6 O7 O8 O9 O* P2 P3 P4 P5 P6 P7",
        2: "P8 P9 P* G2 G3 G4 G5 G6 G7 G8 R R",
    }, "G* R R", "G9", wagers={0: "none", 1: "fewest", 2: "second"})
    assert state.graveyard == ["G*"] and state.graveyard_reapers == 2
    events = []
    while state.hands_played == 0:
        events += state.apply(state.legal_actions()[0])
    scored = of(events, r.HandScored)[0]
    cfg = state.cfg
    for seat, wager in enumerate(("none", "fewest", "second")):
        won = wager_won(wager, seat, scored.card_points, cfg)
        assert scored.wager_won[seat] == won
        assert scored.bonuses[seat] == (cfg.bonus(wager) if won else 0)
        assert scored.hand_scores[seat] == scored.card_points[seat] + scored.bonuses[seat]
    assert state.totals == list(scored.hand_scores)
    assert state.dealer == 0 and state.current_player() == 1  # the next dealer's left drafts first
    started = of(events, r.HandStarted)
    assert started[-1].hand == 2 and started[-1].dealer == 0


def test_game_of_n_hands():
    for players, hands in ((3, 6), (4, 4), (5, 5)):
        state = SPEC.new_game(STANDARD, players, 4)
        dealers = []
        while not state.is_terminal():
            if state.phase == r.DRAFT and state.picks_made == 0:
                dealers.append(state.dealer)
            state.apply(state.legal_actions()[-1])
        assert state.hands_played >= hands
        assert dealers[:hands] == [(players - 1 + i) % players for i in range(hands)]
        top = max(state.totals)
        assert state.winners() == [s for s in range(players) if state.totals[s] == top]
        assert len(state.winners()) == 1


TIE_PARAMS = merge(STANDARD, {"players_3": {"hands": 1}})


def test_extra_hand_on_tied_top_score():
    state = SPEC.new_game(TIE_PARAMS, 3, 4)
    events = []
    while state.hands_played < 1:
        events += state.apply(state.legal_actions()[0])
    assert state.history[0].hand_scores == (28, 12, 28)
    assert of(events, r.ExtraHand) == [r.ExtraHand((0, 2))]
    assert not state.is_terminal() and state.phase == r.DRAFT
    assert of(events, r.HandStarted)[-1] == r.HandStarted(2, 0, True)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert len(state.winners()) == 1 and state.stats["extra_hands"] == state.extra_hands_played >= 1


def test_tie_shared_when_extra_hands_are_off():
    params = merge(TIE_PARAMS, {"game": {"extra_hands_on_tie": False}})
    state = SPEC.new_game(params, 3, 4)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.winners() == [0, 2] and state.returns() == [0.5, 0.0, 0.5]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_wager_is_paid_as_ruled_at_every_player_count(players):
    kinds = ("fewest", "second", "none", "fewest", "second")
    cfg = make_config(STANDARD, players)
    for seed in range(4):
        state = SPEC.new_game(STANDARD, players, seed)
        while state.phase == r.DRAFT:
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        for seat in state.wager_order:
            state.apply(PlaceWager(kinds[(seat + seed) % players]))
        events = []
        while state.hands_played == 0:
            events += state.apply(state.legal_actions()[-1])
        scored = of(events, r.HandScored)[0]
        for seat in range(players):
            wager = kinds[(seat + seed) % players]
            points = scored.card_points
            expected = {
                "fewest": points[seat] == min(points),
                "second": sum(1 for p in points if p > points[seat]) == 1,
                "none": True,
            }[wager]
            assert scored.wager_won[seat] is expected
            assert scored.bonuses[seat] == (cfg.bonus(wager) if expected else 0)
        assert tuple(state.totals) == scored.hand_scores == scored.totals
