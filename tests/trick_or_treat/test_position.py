"""Trick or Treat positions: state -> position -> state round trips at every player count, the same
continuation, and hand-broken positions each refused with a clear message at its key."""

from __future__ import annotations

import pytest
import yaml

from game.core.position import PositionError, position_text, state_from_document
from game.games.trick_or_treat.spec import SPEC
from game.games.trick_or_treat.rules import DECLARE, OVER, PICK, PLAY
from game.variants.loader import load_variant
from tests import position_support as support

STANDARD = load_variant(SPEC, "standard").params
NASTY = load_variant(SPEC, "nasty-bigger-jackpots").params
VARIANTS = {"standard": STANDARD, "nasty-bigger-jackpots": NASTY}


def load(body, params=NASTY, players=4, seed=0):
    return SPEC.state_from_position(body, params, players, seed)


def playout(params, players, seed):
    return support.playout(SPEC, params, players, seed)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_round_trip_over_random_playouts(variant, players):
    pairs = support.round_trips(SPEC, VARIANTS[variant], players, range(3), lambda moves: max(1, moves // 25), variant)
    assert all(back.stats == state.stats for state, back in pairs)  # the running totals the figures report
    assert {PLAY, OVER} <= {state.phase for state, _ in pairs}


def test_round_trip_meets_every_phase_and_the_joker_jackpot():
    met = set()
    for seed in range(40):
        for state in playout(NASTY, 3, seed):
            kind = "joker jackpot" if state.joker_jackpot else state.phase
            if kind not in met or kind in (DECLARE, "joker jackpot"):
                support.round_trip(SPEC, state, NASTY, seed, "nasty-bigger-jackpots")
            met.add(kind)
        if met >= {PLAY, DECLARE, PICK, OVER, "joker jackpot"}:
            break
    assert met >= {PLAY, DECLARE, PICK, OVER, "joker jackpot"}


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_same_continuation_from_the_same_position_and_seed(players):
    states = playout(NASTY, players, 7)
    for state in states[1::max(1, len(states) // 6)]:
        support.same_continuation(SPEC, support.document(SPEC, state, NASTY, 99, "nasty-bigger-jackpots"), 5)


def test_a_position_goes_through_yaml_and_the_header():
    state = playout(NASTY, 4, 3)[37]
    document = support.document(SPEC, state, NASTY, 11, "nasty-bigger-jackpots")
    loaded = state_from_document(yaml.safe_load(position_text(document)), "trick-or-treat")
    assert loaded.players == 4 and loaded.seed == 11
    support.same_game(state, loaded.state)
    assert SPEC.position_of(loaded.state) == SPEC.position_of(state)


def test_the_documented_example_loads():
    example = support.documented_example("trick_or_treat")
    loaded = state_from_document(example, "trick-or-treat")
    assert SPEC.position_of(loaded.state) == support.own_keys(support.documented_example("trick_or_treat"))


def test_a_stacked_next_deal_is_kept_and_dealt():
    state = playout(STANDARD, 4, 1)[1]
    body = SPEC.position_of(state)
    assert body["next_deck"] is None
    deck = ["AS", "AH", "AD", "AC"] + [c for c in _deck() if c not in ("AS", "AH", "AD", "AC")]
    body["next_deck"] = deck
    loaded = load(body, STANDARD, 4)
    assert SPEC.position_of(loaded)["next_deck"] == deck
    while loaded.deal_number == 1:
        loaded.apply(loaded.legal_actions()[0])
    first = (loaded.dealer + 1) % 4
    assert "AS" in loaded.observation(first).hand or loaded.observation(first).my_card == "AS"


def _deck():
    return [r + s for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for s in "CDHS"] + [
        "CJ", "BJ"]


# ----------------------------------------------------------------------------------------- refusals

def reach(phase, *, played=None, jackpot=False, players=4):
    """The body of a position met in a random nasty game: in ``phase`` (with ``played`` cards on the trick)."""
    for seed in range(200):
        for state in playout(NASTY, players, seed):
            if state.phase != phase or state.joker_jackpot != jackpot:
                continue
            if played is not None and sum(c is not None for c in state.played) != played:
                continue
            if phase == PLAY and not state.seen:
                continue
            return SPEC.position_of(state)
    raise AssertionError(f"no {phase} position met")


def refused(body, players=4, params=NASTY):
    return support.refused(lambda: load(body, params, players))


def test_a_card_listed_twice():
    body = reach(PLAY, played=1)
    twice = body["seats"][0]["hand"][0]
    body["earlier_tricks"][0] = twice
    problems = refused(body)
    assert problems["earlier_tricks[0]"] == f"{twice} is listed twice (also at seats[0].hand[0])"


def test_a_card_missing():
    body = reach(PLAY, played=1)
    lost = body["out_of_play"].pop()
    assert f"the deck's {lost} is listed nowhere" in refused(body)[""]


def test_an_unknown_card_name():
    body = reach(PLAY, played=1)
    body["seats"][2]["hand"][1] = "11H"
    assert refused(body)["seats[2].hand[1]"].startswith("'11H' is not a card: write a rank and a suit")


def test_a_joker_in_a_deck_without_jokers():
    params = dict(STANDARD, jokers=False)
    body = SPEC.position_of(playout(params, 4, 0)[3])
    body["out_of_play"] = ["CJ"]
    assert "not in this variant's deck" in refused(body, params=params)["out_of_play[0]"]


def test_hands_that_do_not_add_up():
    body = reach(PLAY, played=1)
    body["seats"][1]["hand"].append(body["seats"][2]["hand"].pop())
    problems = refused(body)
    assert "seat 1 holds" in problems["seats[1].hand"] and "dealt alike" in problems["seats[1].hand"]


def test_earlier_tricks_that_are_not_whole_tricks():
    body = reach(PLAY, played=1)
    body["earlier_tricks"].append(body["out_of_play"].pop())
    assert refused(body)["earlier_tricks"].endswith("not whole tricks of 4 cards")


def test_more_tricks_this_deal_than_tricks_played():
    body = reach(PLAY, played=1)
    body["tricks_played"] = 0
    assert "earlier_tricks holds" in refused(body)["tricks_played"]


def test_a_seat_out_of_range():
    body = reach(PLAY, played=1)
    body["dealer"] = 4
    assert refused(body)["dealer"] == "must be from 0 to 3, not 4"


def test_the_wrong_number_of_seats():
    body = reach(PLAY, played=1)
    body["seats"].pop()
    assert refused(body)["seats"] == "must list the game's 4 seats (players: 4), not 3"


def test_an_unknown_phase():
    body = reach(PLAY, played=1)
    body["phase"] = "bidding"
    assert refused(body)["phase"].startswith("must be one of play, declare, pick, over")


def test_the_wrong_seat_to_move():
    body = reach(PLAY, played=1)
    body["to_move"] = body["dealer"]
    assert "the next seat from the dealer that has not played" in refused(body)["to_move"]


def test_a_card_played_out_of_turn():
    body = reach(PLAY, played=1)
    late = (body["dealer"] + 2) % 4
    body["seats"][late]["card"] = body["seats"][late]["hand"].pop()
    assert "played in turn from the dealer" in refused(body)[f"seats[{late}].card"]


def test_a_phase_that_does_not_fit_the_trick():
    body = reach(PLAY, played=1)
    body["phase"] = PICK
    problems = refused(body)
    assert any(key.endswith(".card") and "every seat has played" in message for key, message in problems.items())
    assert problems["trick.revealed"].startswith("must be true in the pick phase")


def test_a_declare_phase_without_a_lone_joker():
    body = reach(PICK)
    jokers = [s for s, seat in enumerate(body["seats"]) if seat["card"] in ("CJ", "BJ")]
    if jokers:  # make the trick plain: swap the joker for an out-of-play card
        seat = body["seats"][jokers[0]]
        seat["card"], body["out_of_play"][0], seat["joker"] = body["out_of_play"][0], seat["card"], None
    body["phase"] = DECLARE
    assert "only a lone joker is declared" in refused(body)["phase"]


def test_a_declaration_on_a_plain_card():
    body = reach(PLAY, played=1)
    body["seats"][body["dealer"]]["joker"] = "high"
    if body["seats"][body["dealer"]]["card"] in ("CJ", "BJ"):
        pytest.skip("the dealer led a joker")
    assert "only a played joker" in refused(body)[f"seats[{body['dealer']}].joker"]


def test_an_outcome_the_cards_do_not_make():
    body = reach(PICK)
    body["trick"]["next_dealer"] = (body["trick"]["next_dealer"] + 1) % 4
    assert refused(body)["trick.next_dealer"].endswith("that is what the trick's cards make it")


def test_a_winner_the_cards_do_not_make():
    body = reach(PICK)
    winner = body["trick"]["winner"]
    if winner is None:
        pytest.skip("the highest card tied")
    body["trick"]["winner"] = (winner + 1) % 4
    assert refused(body)["trick.winner"] == f"must be {winner}: that is what the trick's cards make it"


def test_pickers_out_of_order():
    body = reach(PICK)
    body["trick"]["pickers"] = list(reversed(body["trick"]["pickers"])) + [body["trick"]["pickers"][0]]
    problems = refused(body)
    assert "must be the last seats of the picking order" in problems["trick.pickers"]


def test_a_pick_from_a_pot_of_one_kind():
    body = reach(PICK)
    body["pot"] = {"candy": 3}
    assert "at least two kinds" in refused(body)["pot"]


def test_a_trick_to_play_from_empty_hands():
    body = reach(PLAY, played=0)
    for seat in body["seats"]:
        body["earlier_tricks"] += seat["hand"]
        seat["hand"] = []
    body["tricks_played"] += len(body["earlier_tricks"]) // 4
    assert refused(body)[f"seats[{body['dealer']}].hand"] == ("must hold a card: the seat to play has none (a new "
                                                             "deal comes before a trick when the hands are empty)")


def test_a_negative_and_an_unknown_candy():
    body = reach(PLAY, played=1)
    body["seats"][0]["candy"]["candy"] = -1
    body["pot"]["lollipop"] = 2
    body["supply"][0] = "gum"
    problems = refused(body)
    assert problems["seats[0].candy.candy"] == "must be from 0 to 56, not -1"  # nasty: 14 pieces a player, 4 players
    assert problems["pot.lollipop"].startswith("is not a key here; the keys are candy, candy corn")
    assert problems["supply[0]"].startswith("must be one of candy, candy corn")


def test_a_game_over_with_a_supply_left():
    body = reach(OVER)
    body["supply"] = ["candy"] * 5
    assert "must be empty" in refused(body)["supply"]


def test_unknown_and_missing_keys():
    support.assert_keys_checked(load, reach(PLAY, played=1), "dealer", "candy")


def test_a_next_deck_without_every_card():
    body = reach(PLAY, played=1)
    body["next_deck"] = _deck()[:-1] + ["2C"]
    assert refused(body)["next_deck"] == "must list each of the deck's 54 cards once (listed twice: 2C; missing: BJ)"


def test_every_problem_is_reported_at_once():
    body = reach(PLAY, played=1)
    body["dealer"] = -1
    body["deal"] = "two"
    body["totals"] = {"jackpots": -2}
    problems = refused(body)
    assert set(problems) >= {"dealer", "deal", "totals.jackpots"}


def test_garbage_in_any_key_is_refused_or_loads_and_plays_on():
    """Every value of good positions replaced by junk: a ``PositionError`` or a state that plays to the end."""
    junk = [None, -1, 9, "x", [], {}, True, ["candy"], {"candy": 1}]
    bodies = (reach(PLAY, played=2), reach(PICK), reach(DECLARE), reach(OVER))
    support.junk_everywhere(SPEC, bodies, junk, 3, 3, load)


def test_not_a_mapping():
    for body in (None, [], "play", 3):
        with pytest.raises(PositionError):
            load(body)
