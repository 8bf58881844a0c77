"""Trick or Treat positions: state -> position -> state round trips at every player count, the same
continuation, and hand-broken positions each refused with a clear message at its key."""

from __future__ import annotations

import copy
import random

import pytest
import yaml

from game.core.position import PositionError, position_document, position_text, state_from_document
from game.games.trick_or_treat import SPEC
from game.games.trick_or_treat.rules import DECLARE, OVER, PICK, PLAY
from game.variants.loader import load_variant

STANDARD = load_variant(SPEC, "standard").params
NASTY = load_variant(SPEC, "nasty-bigger-jackpots").params
VARIANTS = {"standard": STANDARD, "nasty-bigger-jackpots": NASTY}


def load(body, params=NASTY, players=4, seed=0):
    return SPEC.state_from_position(body, params, players, seed)


def playout(params, players, seed):
    """Every state of one random game, first to last."""
    rng = random.Random(seed)
    state = SPEC.new_game(params, players, seed)
    states = [state.clone()]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def same_game(one, other):
    """The same to every seat and the spectator, with the same decision."""
    n = one.num_players
    assert [one.observation(s) for s in [None, *range(n)]] == [other.observation(s) for s in [None, *range(n)]]
    assert [str(a) for a in one.legal_actions()] == [str(a) for a in other.legal_actions()]
    assert one.current_player() == other.current_player() and one.is_terminal() == other.is_terminal()
    assert one.scores() == other.scores() and one.winners() == other.winners()


def play_on(state, seed):
    """The rest of a random game from ``state``: its actions and final scores."""
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        actions.append(str(action))
        state.apply(action)
    return actions, state.scores(), dict(state.stats)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_round_trip_over_random_playouts(variant, players):
    params = VARIANTS[variant]
    phases = set()
    for seed in range(3):
        states = playout(params, players, seed)
        for state in states[:: max(1, len(states) // 25)] + [states[-1]]:
            phases.add(state.phase)
            body = SPEC.position_of(state)
            back = load(body, params, players, seed)
            assert SPEC.position_of(back) == body
            same_game(state, back)
            assert back.stats == state.stats  # the running totals a finished game's figures report
    assert {PLAY, OVER} <= phases


def test_round_trip_meets_every_phase_and_the_joker_jackpot():
    met = set()
    for seed in range(40):
        for state in playout(NASTY, 3, seed):
            kind = "joker jackpot" if state.joker_jackpot else state.phase
            if kind not in met or kind in (DECLARE, "joker jackpot"):
                back = load(SPEC.position_of(state), NASTY, 3, seed)
                assert SPEC.position_of(back) == SPEC.position_of(state)
                same_game(state, back)
            met.add(kind)
        if met >= {PLAY, DECLARE, PICK, OVER, "joker jackpot"}:
            break
    assert met >= {PLAY, DECLARE, PICK, OVER, "joker jackpot"}


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_same_continuation_from_the_same_position_and_seed(players):
    states = playout(NASTY, players, 7)
    for state in states[1::max(1, len(states) // 6)]:
        body = SPEC.position_of(state)
        one, other = load(body, NASTY, players, 99), load(copy.deepcopy(body), NASTY, players, 99)
        assert play_on(one, 5) == play_on(other, 5)


def test_a_position_goes_through_yaml_and_the_header():
    state = playout(NASTY, 4, 3)[37]
    document = position_document(SPEC, state, "nasty-bigger-jackpots", NASTY, seed=11)
    loaded = state_from_document(yaml.safe_load(position_text(document)), "trick-or-treat")
    assert loaded.players == 4 and loaded.seed == 11
    same_game(state, loaded.state)
    assert SPEC.position_of(loaded.state) == SPEC.position_of(state)


def test_the_documented_example_loads():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "game/games/trick_or_treat/POSITIONS.md").read_text()
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    loaded = state_from_document(yaml.safe_load(example), "trick-or-treat")
    assert SPEC.position_of(loaded.state) == {k: v for k, v in yaml.safe_load(example).items()
                                              if k not in ("game", "format", "variant", "params", "players", "seed")}


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
    with pytest.raises(PositionError) as caught:
        load(body, params, players)
    return {problem.key: problem.message for problem in caught.value.problems}


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
    assert refused(body) == {f"seats[{body['dealer']}].hand": "must hold a card: the seat to play has none (a new "
                                                             "deal comes before a trick when the hands are empty)"}


def test_a_negative_and_an_unknown_candy():
    body = reach(PLAY, played=1)
    body["seats"][0]["candy"]["candy"] = -1
    body["pot"]["lollipop"] = 2
    body["supply"][0] = "gum"
    problems = refused(body)
    assert problems["seats[0].candy.candy"] == "must be at least 0, not -1"
    assert problems["pot.lollipop"].startswith("is not a key here; the keys are candy, candy corn")
    assert problems["supply[0]"].startswith("must be one of candy, candy corn")


def test_a_game_over_with_a_supply_left():
    body = reach(OVER)
    body["supply"] = ["candy"] * 5
    assert "must be empty" in refused(body)["supply"]


def test_unknown_and_missing_keys():
    body = reach(PLAY, played=1)
    body["bets"] = 3
    del body["dealer"]
    del body["seats"][1]["candy"]
    problems = refused(body)
    assert problems["bets"].startswith("is not a key here")
    assert problems["dealer"] == "is missing" and problems["seats[1].candy"] == "is missing"


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
    rng = random.Random(3)
    for body in (reach(PLAY, played=2), reach(PICK), reach(DECLARE), reach(OVER)):
        for path in _leaves(body):
            for value in rng.sample(junk, 3):
                broken = copy.deepcopy(body)
                _set(broken, path, value)
                try:
                    state = load(broken)
                except PositionError as error:
                    assert error.problems and all(p.message for p in error.problems)
                    continue
                play_on(state, 0)


def test_not_a_mapping():
    for body in (None, [], "play", 3):
        with pytest.raises(PositionError):
            load(body)


def _leaves(value, path=()):
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return [path]
    found = [path] if path else []
    for key, item in items:
        found += _leaves(item, path + (key,))
    return found


def _set(body, path, value):
    for key in path[:-1]:
        body = body[key]
    body[path[-1]] = value
