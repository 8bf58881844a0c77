"""Literal Reapers tricks from exact hands: following suit, winning, taking, Demons, Reapers and the Graveyard."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core.contracts import IllegalActionError
from game.core.params import merge
from game.games.reapers import rules as r
from game.games.reapers.rules import PlaceWager, PlayCard, TakePile
from game.games.reapers.rules.cards import hand_points
from game.variants.loader import load_variant
from tests.reapers.helpers import SPEC, STANDARD, all_cards, cards, full_deck, layout, play, of


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
    assert Counter(all_cards(state)) == Counter(full_deck(4))


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
