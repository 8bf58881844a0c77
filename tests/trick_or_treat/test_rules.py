"""Trick or Treat rules: a literal scenario for every rule and ruling, hidden information, illegal actions."""

from __future__ import annotations

import copy
import random

import pytest

from game.core.contracts import TERMINAL, IllegalActionError, find_action
from game.games.trick_or_treat.spec import SPEC
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.rules import new_game
from game.variants.loader import list_variants, load_variant


STANDARD = load_variant(SPEC, "standard").params
NASTY = load_variant(SPEC, "nasty-candy").params


def params(base=STANDARD, **changes):
    out = copy.deepcopy(base)
    out.update(changes)
    return out


def act(state, text):
    """Apply the legal action with this text; return its events."""
    return state.apply(find_action(state, text))


def play_trick(state, *labels):
    """Play one card per seat, dealer first, by rank label; return all events."""
    events = []
    for label in labels:
        events += act(state, f"play {label}")
    return events


def kinds_of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def shown(obs):
    """Every field of an observation but the list of unseen cards, as text."""
    return repr({f: getattr(obs, f) for f in obs.__dataclass_fields__ if f != "unseen"})


def snapshot(state):
    return ([state.observation(s) for s in range(state.num_players)], state.current_player(),
            [str(a) for a in state.legal_actions()], state.scores(), state.rng.getstate())


# ------------------------------------------------------------------------------------ set-up and deal


def test_stacked_hands_dealer_and_first_top_up():
    state = new_game(STANDARD, 3, 1, hands=[["5C"], ["9D"], ["2H"]], dealer=1, supply=["candy"] * 6)
    obs = state.observation(1)
    assert obs.dealer == 1 and obs.hand == ("9D",)
    assert obs.pot == (2,)  # one candy per player except the dealer
    assert obs.supply_size == 4
    assert state.current_player() == 1  # the dealer leads
    assert [str(a) for a in state.legal_actions()] == ["play 9"]
    assert any(isinstance(e, r.PotToppedUp) and e.pot_size == 2 for e in state.opening_events)


def test_deck_is_dealt_one_at_a_time_from_the_dealers_left_with_the_remainder_out_of_play():
    deck = [r.card_text(c) for c in range(54)]  # 2C 2D 2H 2S 3C ...
    state = new_game(STANDARD, 4, 3, deck=deck, dealer=2, supply=["candy"] * 40)
    assert state.observation(3).hand[:2] == ("2C", "3C")  # seat 3 is left of the dealer: cards 1, 5, 9...
    assert state.observation(0).hand[:2] == ("2D", "3D")
    for seat in range(4):
        assert len(state.observation(seat).hand) == 13
    assert state.observation(0).out_of_play == 2  # 54 = 4 x 13 + 2


@pytest.mark.parametrize("players,size,rest", [(2, 27, 0), (3, 18, 0), (4, 13, 2), (5, 10, 4), (7, 7, 5), (8, 6, 6)])
def test_every_player_gets_the_same_number_of_cards(players, size, rest):
    state = new_game(STANDARD, players, 5)
    obs = state.observation(0)
    assert obs.hand_sizes == (size,) * players
    assert obs.out_of_play == rest


def test_without_jokers_the_deck_has_52_cards():
    state = new_game(params(jokers=False), 4, 5)
    obs = state.observation(0)
    assert obs.hand_sizes == (13,) * 4 and obs.out_of_play == 0
    assert "CJ" not in obs.unseen + obs.hand and "BJ" not in obs.unseen + obs.hand


def test_first_dealer_is_random_from_the_seed_or_the_first_seat():
    dealers = {new_game(STANDARD, 5, seed).dealer for seed in range(40)}
    assert dealers == set(range(5))
    assert new_game(STANDARD, 5, 9).dealer == new_game(STANDARD, 5, 9).dealer
    assert {new_game(params(first_dealer="first-seat"), 5, seed).dealer for seed in range(10)} == {0}


def test_supply_is_ten_per_player_and_shared_by_count():
    state = new_game(STANDARD, 4, 2)
    assert len(state.supply) + sum(state.pot) == 40
    nasty = new_game(NASTY, 4, 2)
    counts = [0] * 4
    for k in nasty.supply:
        counts[k] += 1
    for k, c in enumerate(nasty.pot):
        counts[k] += c
    assert counts == [40, 8, 4, 4]  # 10 good and 4 gross pieces a player, in parts 10:2:1:1


def test_redeal_when_hands_are_empty():
    state = new_game(STANDARD, 4, 11, hands=[["3C"], ["KD"], ["7H"], ["9S"]], dealer=0, supply=["candy"] * 20)
    events = play_trick(state, "3", "K", "7", "9")
    dealt = kinds_of(events, r.Dealt)
    assert len(dealt) == 1 and dealt[0].deal == 2 and dealt[0].hand_size == 13 and dealt[0].dealer == 1
    assert state.observation(1).hand_sizes == (13,) * 4
    assert state.observation(1).seen_this_deal == ()  # memory starts again with the new deal


# ------------------------------------------------------------------------------------------ a trick


def test_plain_trick_winner_takes_nothing_others_pick_highest_first_and_winner_deals():
    state = new_game(NASTY, 3, 1, hands=[["5C", "2C"], ["9D", "2D"], ["2H", "3H"]], dealer=0,
                     supply=["candy", "warhead", "candy", "candy"])
    assert state.current_player() == 0
    act(state, "play 5")
    assert state.current_player() == 1  # to the left: the next seat
    act(state, "play 9")
    events = act(state, "play 2")
    assert kinds_of(events, r.CardsRevealed)[0].cards == ("5C", "9D", "2H")
    assert kinds_of(events, r.TrickWon)[0].seat == 1
    # Seat 0 (a 5) chooses first between two kinds: a real decision.
    assert state.phase == "pick" and state.current_player() == 0
    assert sorted(str(a) for a in state.legal_actions()) == ["take candy", "take warhead"]
    events = act(state, "take candy")
    taken = kinds_of(events, r.CandyTaken)
    assert [(e.seat, e.kind, e.auto) for e in taken] == [(0, "candy", False), (2, "warhead", True)]
    assert state.dealer == 1 and state.current_player() == 1
    assert state.scores() == [1.0, 0.0, -2.0]
    assert state.observation(0).pot == (2, 0, 0, 0)  # the next top-up: two good candies


def test_one_kind_in_the_pot_is_taken_without_asking():
    state = new_game(STANDARD, 3, 1, hands=[["5C"], ["9D"], ["2H"]], dealer=0, supply=["candy"] * 6)
    events = play_trick(state, "5", "9", "2")
    assert [(e.seat, e.auto) for e in kinds_of(events, r.CandyTaken)] == [(0, True), (2, True)]
    assert state.scores() == [1.0, 0.0, 1.0]


def test_every_tied_player_takes_no_candy_and_their_share_stays():
    state = new_game(STANDARD, 4, 1, hands=[["3C"], ["KD"], ["7H"], ["7S"]], dealer=0, supply=["candy"] * 12)
    events = play_trick(state, "3", "K", "7", "7")
    assert kinds_of(events, r.TiesFound)[0].seats == (2, 3)
    assert kinds_of(events, r.TrickWon)[0].seat == 1
    assert state.scores() == [1.0, 0.0, 0.0, 0.0]
    assert state.dealer == 1
    assert sum(state.pot) == 2 + 3  # two left over, then topped up for the next trick


def test_only_the_highest_tie_skips_when_every_tie_skips_is_off():
    state = new_game(params(every_tie_skips=False), 4, 1, hands=[["3C"], ["KD"], ["7H"], ["7S"]], dealer=0,
                     supply=["candy"] * 12)
    play_trick(state, "3", "K", "7", "7")
    assert state.scores() == [1.0, 0.0, 1.0, 1.0]


def test_dealer_tying_for_highest_is_a_jackpot_and_stays_dealer():
    state = new_game(STANDARD, 4, 1, hands=[["KC"], ["KD"], ["5H"], ["2S"]], dealer=0, supply=["candy"] * 12)
    events = play_trick(state, "K", "K", "5", "2")
    jackpot = kinds_of(events, r.Jackpot)
    assert jackpot and jackpot[0].seat == 0 and len(jackpot[0].kinds) == 3
    assert state.scores() == [3.0, 0.0, 0.0, 0.0]  # nobody else takes candy
    assert state.dealer == 0
    assert sum(state.pot) == 3


def test_highest_tied_without_the_dealer_no_winner_dealer_stays():
    state = new_game(STANDARD, 4, 1, hands=[["KC"], ["AD"], ["AH"], ["2S"]], dealer=1, supply=["candy"] * 12)
    # Dealer is seat 1: play order 1, 2, 3, 0.
    events = play_trick(state, "A", "A", "2", "K")
    assert kinds_of(events, r.Jackpot)  # the dealer (seat 1) tied for the highest
    state = new_game(STANDARD, 4, 1, hands=[["5C"], ["KD"], ["KH"], ["2S"]], dealer=0, supply=["candy"] * 12)
    events = play_trick(state, "5", "K", "K", "2")
    assert kinds_of(events, r.HighestTied)[0].seats == (1, 2)
    assert not kinds_of(events, r.TrickWon) and not kinds_of(events, r.Jackpot)
    assert state.scores() == [1.0, 0.0, 0.0, 1.0]
    assert state.dealer == 0


def test_joker_declared_low_ranks_below_a_two():
    state = new_game(NASTY, 3, 1, hands=[["CJ"], ["2D"], ["9H"]], dealer=0, supply=["candy", "warhead"])
    play_trick(state, "coloured joker", "2", "9")
    assert state.phase == "declare" and state.current_player() == 0
    assert [str(a) for a in state.legal_actions()] == ["declare low", "declare high"]
    events = act(state, "declare low")
    assert kinds_of(events, r.JokerDeclared)[0].high is False
    assert kinds_of(events, r.TrickWon)[0].seat == 2
    assert state.current_player() == 1  # the 2 outranks the low joker: it picks first
    events = act(state, "take candy")
    assert [(e.seat, e.kind) for e in kinds_of(events, r.CandyTaken)] == [(1, "candy"), (0, "warhead")]


def test_joker_declared_high_beats_an_ace_and_deals_next():
    state = new_game(STANDARD, 3, 1, hands=[["AC"], ["BJ"], ["3H"]], dealer=0, supply=["candy"] * 9)
    play_trick(state, "A", "black joker", "3")
    events = act(state, "declare high")
    assert kinds_of(events, r.TrickWon)[0].seat == 1
    assert state.scores() == [1.0, 0.0, 1.0]
    assert state.dealer == 1


def test_a_joker_never_ties_and_a_dealer_with_a_joker_cannot_jackpot():
    # Dealer's joker high: the dealer wins alone; the two Aces tie below it and take nothing.
    state = new_game(STANDARD, 3, 1, hands=[["CJ"], ["AD"], ["AH"]], dealer=0, supply=["candy"] * 9)
    play_trick(state, "coloured joker", "A", "A")
    events = act(state, "declare high")
    assert kinds_of(events, r.TrickWon)[0].seat == 0 and not kinds_of(events, r.Jackpot)
    assert state.scores() == [0.0, 0.0, 0.0] and state.dealer == 0
    # Declared low: the Aces tie for the highest (not the dealer): no winner; the low joker still picks.
    state = new_game(STANDARD, 3, 1, hands=[["CJ"], ["AD"], ["AH"]], dealer=0, supply=["candy"] * 9)
    play_trick(state, "coloured joker", "A", "A")
    events = act(state, "declare low")
    assert kinds_of(events, r.HighestTied) and state.scores() == [1.0, 0.0, 0.0] and state.dealer == 0


def test_two_jokers_are_a_joker_jackpot_split_coloured_first():
    state = new_game(NASTY, 4, 1, hands=[["5C"], ["BJ"], ["CJ"], ["9S"]], dealer=0,
                     supply=["warhead", "candy", "candy corn", "cough drop"])
    events = play_trick(state, "5", "black joker", "coloured joker", "9")
    assert kinds_of(events, r.JokerJackpot)[0] == r.JokerJackpot(2, 1, 3)
    assert state.phase == "pick" and state.current_player() == 2  # no declarations: they cannot matter
    act(state, "take candy")
    assert state.current_player() == 1
    events = act(state, "take candy corn")
    assert [(e.seat, e.kind) for e in kinds_of(events, r.CandyTaken)] == [(1, "candy corn"), (2, "warhead")]
    assert state.scores() == [0.0, 0.0, -1.0, 0.0]  # 1 - 2 for the coloured joker's player
    assert state.candy[2] == [1, 0, 0, 1] and state.candy[0] == [0] * 4 and state.candy[3] == [0] * 4
    assert state.dealer == 2  # the coloured joker's player deals


def test_joker_jackpot_dealer_stays_option():
    state = new_game(params(joker_jackpot_dealer="dealer-stays"), 4, 1, hands=[["5C"], ["BJ"], ["CJ"], ["9S"]],
                     dealer=0, supply=["candy"] * 12)
    play_trick(state, "5", "black joker", "coloured joker", "9")
    assert state.scores() == [0.0, 1.0, 2.0, 0.0] and state.dealer == 0


def test_bigger_jackpots_adds_the_pot_on_a_tie_before_picking():
    big = params(bigger_jackpots=True)
    state = new_game(big, 4, 1, hands=[["3C"], ["KD"], ["7H"], ["7S"]], dealer=0, supply=["candy"] * 12)
    events = play_trick(state, "3", "K", "7", "7")
    grew = kinds_of(events, r.PotGrew)
    assert grew and len(grew[0].kinds) == 3 and grew[0].pot_size == 6
    assert events.index(grew[0]) < events.index(kinds_of(events, r.CandyTaken)[0])
    assert state.scores() == [1.0, 0.0, 0.0, 0.0]
    assert sum(state.pot) == 5 + 3 and len(state.supply) == 12 - 3 - 3 - 3


def test_bigger_jackpots_takes_what_is_left_and_never_on_a_jackpot():
    big = params(bigger_jackpots=True)
    state = new_game(big, 4, 1, hands=[["3C"], ["KD"], ["7H"], ["7S"]], dealer=0, supply=["candy"] * 4)
    events = play_trick(state, "3", "K", "7", "7")
    assert len(kinds_of(events, r.PotGrew)[0].kinds) == 1
    state = new_game(big, 4, 1, hands=[["KC"], ["KD"], ["7H"], ["7S"]], dealer=0, supply=["candy"] * 12)
    events = play_trick(state, "K", "K", "7", "7")
    assert kinds_of(events, r.Jackpot) and not kinds_of(events, r.PotGrew)
    assert state.scores() == [3.0, 0.0, 0.0, 0.0]
    state = new_game(params(bigger_jackpots=False), 4, 1, hands=[["3C"], ["KD"], ["7H"], ["7S"]], dealer=0,
                     supply=["candy"] * 12)
    assert not kinds_of(play_trick(state, "3", "K", "7", "7"), r.PotGrew)


def test_bigger_jackpots_grows_the_pot_on_a_lower_tie_even_when_lower_ties_pick():
    rules = params(bigger_jackpots=True, every_tie_skips=False)
    state = new_game(rules, 4, 1, hands=[["AC"], ["5D"], ["5H"], ["2S"]], dealer=0, supply=["candy"] * 17)
    events = play_trick(state, "A", "5", "5", "2")
    assert kinds_of(events, r.TrickWon)[0].seat == 0 and not kinds_of(events, r.TiesFound)
    assert len(kinds_of(events, r.PotGrew)[0].kinds) == 3
    assert [e.seat for e in kinds_of(events, r.CandyTaken)] == [1, 2, 3]


def test_two_player_tie_is_always_a_dealer_jackpot():
    # Rule: with two players a tie always includes the dealer, so it is a jackpot: the dealer takes the
    # whole pot, nobody else takes candy, and the dealer stays the dealer.
    state = new_game(NASTY, 2, 1, hands=[["7C", "3C"], ["7D", "9D"]], dealer=1,
                     supply=["warhead", "candy", "candy corn"])
    assert state.pot == [0, 0, 0, 1]  # one piece for the one player who is not the dealer
    assert state.current_player() == 1  # the dealer plays first
    events = play_trick(state, "7", "7")
    assert kinds_of(events, r.TiesFound)[0].seats == (1, 0)
    assert kinds_of(events, r.Jackpot) == [r.Jackpot(1, ("warhead",), -2)]
    assert not kinds_of(events, r.TrickWon) and not kinds_of(events, r.HighestTied)
    assert not kinds_of(events, r.CandyTaken)
    assert kinds_of(events, r.DealerChanged) == [r.DealerChanged(1, True)]
    assert state.candy == [[0, 0, 0, 0], [0, 0, 0, 1]] and state.scores() == [0.0, -2.0]
    assert state.dealer == 1 and state.current_player() == 1
    assert state.pot == [1, 0, 0, 0] and len(state.supply) == 1  # the next top-up: one candy
    # The next trick: the dealer's 9 wins; seat 0 takes the candy.
    events = play_trick(state, "9", "3")
    assert kinds_of(events, r.TrickWon)[0].seat == 1
    assert [(e.seat, e.kind) for e in kinds_of(events, r.CandyTaken)] == [(0, "candy")]
    assert state.scores() == [1.0, -2.0]


def test_three_way_tie_for_highest_without_the_dealer_untied_pick_highest_first():
    # Ruling: a tie for the highest card without the dealer: nobody wins, every tied player takes nothing,
    # the dealer stays, and the untied players pick, highest card first (here a 5 before the dealer's 3).
    state = new_game(NASTY, 5, 1, hands=[["5S"], ["QH"], ["QS"], ["3C"], ["QD"]], dealer=3,
                     supply=["candy", "warhead", "candy", "candy"] + ["candy"] * 4)
    assert state.pot == [3, 0, 0, 1]
    events = play_trick(state, "3", "Q", "5", "Q", "Q")  # play order 3, 4, 0, 1, 2
    assert kinds_of(events, r.CardsRevealed)[0].cards == ("5S", "QH", "QS", "3C", "QD")
    assert kinds_of(events, r.TiesFound) == [r.TiesFound((4, 1, 2), ("Q",))]
    assert kinds_of(events, r.HighestTied) == [r.HighestTied((4, 1, 2))]
    assert not kinds_of(events, r.TrickWon) and not kinds_of(events, r.Jackpot)
    assert state.phase == "pick" and state.current_player() == 0  # the 5 picks first
    assert [str(a) for a in state.legal_actions()] == ["take candy", "take warhead"]
    act(state, "take candy")
    assert state.current_player() == 3  # then the dealer's 3
    events = act(state, "take warhead")
    assert [(e.seat, e.kind) for e in kinds_of(events, r.CandyTaken)] == [(3, "warhead")]
    assert kinds_of(events, r.DealerChanged) == [r.DealerChanged(3, True)]
    assert state.dealer == 3
    assert state.scores() == [1.0, 0.0, 0.0, -2.0, 0.0]
    assert state.candy[1] == state.candy[2] == state.candy[4] == [0, 0, 0, 0]
    assert state.pot == [2 + 4, 0, 0, 0] and len(state.supply) == 0  # two left, then topped up by four


def test_dealer_in_a_lower_tie_is_no_jackpot_and_both_tied_players_skip():
    # Rule: only a dealer tied for the HIGHEST card hits the jackpot. Here the dealer's 5 ties seat 2's 5
    # below the King: no jackpot; both 5s skip; the King wins; the 9 then the 7 pick.
    state = new_game(NASTY, 5, 1, hands=[["5C"], ["KD"], ["5H"], ["9S"], ["7C"]], dealer=0,
                     supply=["warhead", "candy", "candy", "cough drop"] + ["candy"] * 4)
    assert state.pot == [2, 0, 1, 1]
    events = play_trick(state, "5", "K", "5", "9", "7")
    assert kinds_of(events, r.TiesFound) == [r.TiesFound((0, 2), ("5",))]
    assert not kinds_of(events, r.Jackpot) and not kinds_of(events, r.HighestTied)
    assert kinds_of(events, r.TrickWon) == [r.TrickWon(1, "KD")]
    assert state.phase == "pick" and state.current_player() == 3
    assert [str(a) for a in state.legal_actions()] == ["take candy", "take cough drop", "take warhead"]
    act(state, "take candy")
    assert state.current_player() == 4
    events = act(state, "take cough drop")
    assert [(e.seat, e.kind) for e in kinds_of(events, r.CandyTaken)] == [(4, "cough drop")]
    assert kinds_of(events, r.DealerChanged) == [r.DealerChanged(1, False)]
    assert state.dealer == 1
    assert state.candy == [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0]]
    assert state.scores() == [0.0, 0.0, 0.0, 1.0, -1.0]
    assert state.pot == [1 + 4, 0, 0, 1]  # a candy and the warhead stay, then four candies


def test_bigger_jackpots_doubles_the_pot_on_a_highest_tie_without_the_dealer_leftovers_included():
    # Bigger Jackpots: a tie that is not a jackpot at once adds candy equal to the pot. Two tricks in a row
    # with the Kings, then the Aces, tied without the dealer: 3 -> 6, and 4 left + 3 topped up = 7 -> 14.
    big = params(bigger_jackpots=True)
    state = new_game(big, 4, 1, hands=[["5C", "4C"], ["KD", "AD"], ["KH", "AH"], ["2S", "3S"]], dealer=0,
                     supply=["candy"] * 20)
    assert sum(state.pot) == 3 and len(state.supply) == 17
    events = play_trick(state, "5", "K", "K", "2")
    assert kinds_of(events, r.PotGrew) == [r.PotGrew(("candy",) * 3, 6, 14)]
    assert kinds_of(events, r.HighestTied)[0].seats == (1, 2)
    assert [e.seat for e in kinds_of(events, r.CandyTaken)] == [0, 3]  # the 5, then the 2
    assert state.dealer == 0
    assert sum(state.pot) == 6 - 2 + 3 and len(state.supply) == 11
    events = play_trick(state, "4", "A", "A", "3")
    assert kinds_of(events, r.PotGrew) == [r.PotGrew(("candy",) * 7, 14, 4)]
    assert [e.seat for e in kinds_of(events, r.CandyTaken)] == [0, 3]
    assert state.dealer == 0
    assert state.scores() == [2.0, 0.0, 0.0, 2.0]
    assert sum(state.pot) == 14 - 2 + 3 and len(state.supply) == 1


def test_joker_jackpot_takes_the_candy_left_by_earlier_ties():
    # Rule: two jokers split the WHOLE pot (candy left by an earlier tie included), alternately, the coloured
    # joker first; nobody else takes candy; the coloured joker's player deals next.
    state = new_game(STANDARD, 4, 1, hands=[["5C", "2C"], ["KD", "9D"], ["7H", "BJ"], ["7S", "CJ"]], dealer=0,
                     supply=["candy"] * 12)
    play_trick(state, "5", "K", "7", "7")  # the 7s tie: only the 5 picks; 2 of 3 stay
    assert state.scores() == [1.0, 0.0, 0.0, 0.0] and state.dealer == 1
    assert sum(state.pot) == 2 + 3
    events = play_trick(state, "9", "black joker", "coloured joker", "2")  # play order 1, 2, 3, 0
    assert kinds_of(events, r.JokerJackpot) == [r.JokerJackpot(3, 2, 5)]
    assert not kinds_of(events, r.JokerDeclared) and not kinds_of(events, r.TrickWon)
    assert [e.seat for e in kinds_of(events, r.CandyTaken)] == [3, 2, 3, 2, 3]
    assert kinds_of(events, r.DealerChanged) == [r.DealerChanged(3, False)]
    assert state.scores() == [1.0, 0.0, 2.0, 3.0]
    assert state.dealer == 3
    assert sum(state.pot) == 3 and len(state.supply) == 3  # the pot was emptied, then topped up


def test_eight_player_trick_winner_and_picking_order():
    # Rule: eight players, dealer seat 5: play goes 5, 6, 7, 0, 1, 2, 3, 4. The Ace wins and takes nothing;
    # the seven others pick from a pot of seven, highest card first: J, 10, 9, 6, 4, 3, 2.
    state = new_game(STANDARD, 8, 1, hands=[["9C"], ["2D"], ["JH"], ["4S"], ["AC"], ["6D"], ["10H"], ["3S"]],
                     dealer=5, supply=["candy"] * 14)
    assert sum(state.pot) == 7 and len(state.supply) == 7
    events = []
    for seat, label in zip([5, 6, 7, 0, 1, 2, 3, 4], ["6", "10", "3", "9", "2", "J", "4", "A"]):
        assert state.current_player() == seat
        events += act(state, f"play {label}")
    assert kinds_of(events, r.CardsRevealed)[0].cards == ("9C", "2D", "JH", "4S", "AC", "6D", "10H", "3S")
    assert not kinds_of(events, r.TiesFound)
    assert kinds_of(events, r.TrickWon) == [r.TrickWon(4, "AC")]
    assert [e.seat for e in kinds_of(events, r.CandyTaken)] == [2, 6, 0, 5, 3, 7, 1]
    assert not kinds_of(events, r.PotRanOut)
    assert kinds_of(events, r.DealerChanged) == [r.DealerChanged(4, False)]
    assert state.scores() == [1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0]
    dealt = kinds_of(events, r.Dealt)[0]  # the hands are empty: the new dealer re-deals
    assert (dealt.dealer, dealt.hand_size, dealt.out_of_play) == (4, 6, 6)
    assert state.dealer == 4 and state.current_player() == 4
    assert sum(state.pot) == 7 and len(state.supply) == 0


# ---------------------------------------------------------------------------------------- the end


def test_short_supply_goes_all_in_then_the_game_ends():
    state = new_game(STANDARD, 4, 1, hands=[["3C", "4C"], ["KD", "4D"], ["7H", "5H"], ["9S", "6S"]], dealer=0,
                     supply=["candy"] * 4)
    assert sum(state.pot) == 3 and len(state.supply) == 1
    play_trick(state, "3", "K", "7", "9")
    assert sum(state.pot) == 1 and len(state.supply) == 0  # all of a short supply goes in
    events = play_trick(state, "4", "5", "6", "4")  # dealer seat 1: K won
    over = kinds_of(events, r.GameOver)
    assert over and state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == []
    assert state.scores() == [1.0, 0.0, 2.0, 1.0] and state.winners() == [2]  # the 4s tied, the 6 won
    assert over[0].pot_left == 0 and over[0].supply_left == 0
    assert SPEC.describe(over[0], ["A", "B", "C", "D"]) == "The supply is empty. Game over: C wins with 2."


def test_short_supply_ends_the_game_at_once_with_end_game():
    state = new_game(params(short_top_up="end-game"), 4, 1, hands=[["3C"], ["KD"], ["7H"], ["9S"]], dealer=0,
                     supply=["candy"] * 5)
    events = play_trick(state, "3", "K", "7", "9")
    assert state.is_terminal() and sum(state.pot) == 0 and len(state.supply) == 2
    over = kinds_of(events, r.GameOver)[0]
    assert over.supply_left == 2
    assert SPEC.describe(over, ["A", "B", "C", "D"]).startswith("The supply (2 left) cannot top up the pot.")


def test_pot_left_scores_for_nobody_and_equal_totals_share_the_win():
    state = new_game(STANDARD, 4, 1, hands=[["3C"], ["KD"], ["7H"], ["7S"]], dealer=0, supply=["candy"] * 3)
    events = play_trick(state, "3", "K", "7", "7")
    assert state.is_terminal()
    assert kinds_of(events, r.GameOver)[0].pot_left == 2
    assert state.scores() == [1.0, 0.0, 0.0, 0.0]
    state = new_game(STANDARD, 3, 1, hands=[["5C"], ["9D"], ["2H"]], dealer=0, supply=["candy"] * 2)
    play_trick(state, "5", "9", "2")
    assert state.is_terminal() and state.winners() == [0, 2] and state.returns() == [0.5, 0.0, 0.5]


def test_nasty_candy_can_score_below_zero():
    state = new_game(NASTY, 2, 1, hands=[["5C"], ["9D"]], dealer=0, supply=["warhead"])
    play_trick(state, "5", "9")
    assert state.is_terminal() and state.scores() == [-2.0, 0.0] and state.winners() == [1]


# -------------------------------------------------------------------------------- illegal actions


def test_illegal_actions_raise_and_change_nothing():
    state = new_game(NASTY, 3, 1, hands=[["5C", "6C"], ["9D", "7D"], ["2H", "3H"]], dealer=0,
                     supply=["candy", "warhead"] * 4)
    before = snapshot(state)
    for action in (r.PlayCard("A"), r.PlayCard("9"), r.Declare(True), r.TakeCandy("candy"),
                   r.PlayCard("coloured joker")):
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert snapshot(state) == before
    with pytest.raises(IllegalActionError):
        find_action(state, "play 9")
    with pytest.raises(IllegalActionError):
        state.apply("play 5")
    assert snapshot(state) == before
    play_trick(state, "5", "9", "2")
    assert state.phase == "pick"
    before = snapshot(state)
    for action in (r.PlayCard("6"), r.TakeCandy("cough drop"), r.TakeCandy("candy corn"), r.Declare(False)):
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert snapshot(state) == before


def test_no_action_after_the_end():
    state = new_game(STANDARD, 2, 1, hands=[["5C"], ["9D"]], dealer=0, supply=["candy"])
    play_trick(state, "5", "9")
    with pytest.raises(IllegalActionError):
        state.apply(r.PlayCard("5"))


# ----------------------------------------------------------------------------- hidden information


def test_face_down_cards_are_hidden_until_the_reveal():
    state = new_game(STANDARD, 3, 1, hands=[["5C", "6C"], ["9D", "7D"], ["2H", "3H"]], dealer=0,
                     supply=["candy"] * 9)
    events = act(state, "play 5")
    played = kinds_of(events, r.CardPlayed)[0]
    assert played.seen_by(0).card == "5C"
    assert played.seen_by(1).card is None and played.seen_by(None).card is None
    for seat in (1, 2):
        obs = state.observation(seat)
        assert obs.played == (True, False, False)
        assert obs.my_card is None and obs.table == (None, None, None)
        assert "5C" in obs.unseen and "5C" not in shown(obs)
    assert state.observation(0).my_card == "5C" and "5C" not in state.observation(0).unseen
    act(state, "play 9")
    assert state.observation(2).table == (None, None, None)
    assert "9D" not in shown(state.observation(2)) and "5C" not in shown(state.observation(2))
    act(state, "play 2")  # the reveal
    obs = state.observation(2)
    assert obs.seen_this_deal == ("5C", "9D", "2H")
    assert "5C" not in obs.unseen and "9D" not in obs.unseen
    assert set(obs.unseen) == {"6C", "7D"} | {r.card_text(c) for c in range(54)} - {
        "5C", "6C", "9D", "7D", "2H", "3H"}
    assert obs.hand == ("3H",)


def test_dealt_event_shows_only_the_own_hand():
    state = new_game(STANDARD, 4, 8)
    dealt = [e for e in state.opening_events if isinstance(e, r.Dealt)][0]
    seen = dealt.seen_by(2)
    assert seen.hands[2] == state.observation(2).hand
    assert seen.hands[0] is None and seen.hands[1] is None and seen.hands[3] is None
    assert all(h is None for h in dealt.seen_by(None).hands)


def test_observation_hides_other_hands():
    state = new_game(STANDARD, 4, 8)
    obs = state.observation(0)
    for seat in (1, 2, 3):
        for card in state.observation(seat).hand:
            assert card in obs.unseen
    assert len(obs.unseen) == 54 - 13


def test_players_after_the_pot_runs_out_get_nothing():
    state = new_game(STANDARD, 4, 1, hands=[["3C"], ["KD"], ["7H"], ["9S"]], dealer=0, supply=["candy"])
    assert sum(state.pot) == 1  # a short supply: all of it went in
    events = play_trick(state, "3", "K", "7", "9")
    assert [e.seat for e in kinds_of(events, r.CandyTaken)] == [3]
    assert kinds_of(events, r.PotRanOut)[0].seats == (2, 0)
    assert state.is_terminal() and state.winners() == [3]


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_the_rules_step_each_event_once_in_order_with_the_view_just_after_it(players):  # noqa: ANN001
    """``apply_steps``: one step per event, each event as the watcher sees it; the last view is the state's."""
    for variant in list_variants(SPEC)[0]:
        for seed in range(2):
            state = new_game(variant.params, players, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                watcher = rng.choice([None, *range(players)])
                legal = state.legal_actions()
                events, steps = state.apply_steps(legal[rng.randrange(len(legal))], watcher)
                assert [step.event for step in steps] == [event.seen_by(watcher) for event in events]
                assert steps[-1].view == state.observation(watcher)
