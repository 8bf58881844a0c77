"""Reapers positions: state -> position -> state round trips at every player count, the same continuation,
and hand-broken positions each refused with a clear message at its key."""

from __future__ import annotations

import pytest
import yaml

from game.core.position import PositionError, position_text, state_from_document
from game.games.reapers.spec import SPEC
from game.games.reapers import rules as r
from game.games.reapers.rules.cards import card_name
from game.games.reapers.position import card_code
from game.variants.loader import load_variant
from tests import position_support as support

STANDARD = load_variant(SPEC, "standard").params
VARIANTS = {name: load_variant(SPEC, name).params for name in ("standard", "harvest", "open-wagers")}


def load(body, params=STANDARD, players=4, seed=0):
    return SPEC.state_from_position(body, params, players, seed)


def playout(params, players, seed):
    return support.playout(SPEC, params, players, seed)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_round_trip_over_random_playouts(variant, players):
    pairs = support.round_trips(SPEC, VARIANTS[variant], players, range(2), lambda moves: 4, variant)
    assert all(back.stats == state.stats for state, back in pairs)
    assert {state.phase for state, _ in pairs} == {r.DRAFT, r.WAGER, r.PLAY, r.OVER}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_same_continuation_from_the_same_position_and_seed(players):
    states = playout(STANDARD, players, 3)
    for state in states[1::max(1, len(states) // 5)]:
        support.same_continuation(SPEC, support.document(SPEC, state, STANDARD, 42), 9)


def test_a_position_goes_through_yaml_and_the_header():
    state = playout(STANDARD, 5, 2)[60]
    document = support.document(SPEC, state, STANDARD, seed=11)
    loaded = state_from_document(yaml.safe_load(position_text(document)), "reapers")
    assert loaded.players == 5 and loaded.seed == 11
    support.same_game(state, loaded.state)


def test_the_documented_example_loads():
    example = support.documented_example("reapers")
    loaded = state_from_document(example, "reapers")
    assert SPEC.position_of(loaded.state) == support.own_keys(example)
    assert loaded.state.lead_suit == "D" and loaded.state.current_player() == 0


def test_stacked_next_decks_are_kept_and_dealt():
    state = playout(STANDARD, 3, 1)[2]
    body = SPEC.position_of(state)
    deck = [card_name(c) for c in r.Rules.of(STANDARD, 3).deck]  # the deck in its box order
    body["next_decks"] = [deck]
    loaded = load(body, STANDARD, 3)
    assert SPEC.position_of(loaded)["next_decks"] == [deck]
    while loaded.hands_played == 0:
        loaded.apply(loaded.legal_actions()[0])
    assert card_name(loaded.trump) == deck[0] and loaded.piles[0] == tuple(card_code(c) for c in deck[1:4])


# ----------------------------------------------------------------------------------------- refusals

def reach(phase, players=4, *, when=lambda state: True):
    """The body of a position met in a random standard game, in ``phase``."""
    for seed in range(50):
        for state in playout(STANDARD, players, seed):
            if state.phase == phase and when(state):
                return SPEC.position_of(state)
    raise AssertionError(f"no {phase} position met")


def mid_play():
    return reach(r.PLAY, when=lambda s: s.hands_played == 1 and s.tricks_done == 3 and len(s.trick) == 2)


def refused(body, players=4, params=STANDARD):
    return support.refused(lambda: load(body, params, players))


def test_a_card_listed_twice():
    body = mid_play()
    twice = body["seats"][0]["hand"][0]
    body["discards"].append(twice)
    problems = refused(body)
    key = f"discards[{len(body['discards']) - 1}]"
    assert problems[key] == f"the {twice} is listed twice (also at seats[0].hand[0])"


def test_a_fifth_reaper():
    body = mid_play()
    body["discards"] += ["Reaper"] * 5
    assert any(message == "a Reaper more than the deck's 4" for message in refused(body).values())


def test_a_card_missing():
    body = mid_play()
    lost = body["seats"][1]["hand"].pop()
    assert f"the deck's {lost} is listed nowhere" in refused(body)[""]


def test_an_unknown_card_name_and_a_card_not_in_this_deck():
    body = mid_play()
    body["seats"][2]["hand"][0] = "11 of swords"
    body["trump"] = "10 of daggers"  # the 10s are out with 4 players
    problems = refused(body)
    assert problems["seats[2].hand[0]"].startswith("'11 of swords' is not a card: write e.g. '7 of daggers'")
    assert problems["trump"] == "the 10 of daggers is not in this variant's deck for 4 players"


def test_a_rank_of_thousands_of_digits_is_not_a_card():
    body = mid_play()
    body["trump"] = "9" * 5000 + " of daggers"  # past what int() reads: once a traceback, now a problem
    assert "is not a card: write e.g. '7 of daggers'" in refused(body)["trump"]


def test_a_reaper_for_trump():
    body = mid_play()
    holder = next(seat for seat in body["seats"] if "Reaper" in seat["hand"])
    at = holder["hand"].index("Reaper")
    body["trump"], holder["hand"][at] = "Reaper", body["trump"]
    assert refused(body)["trump"].startswith("cannot be a Reaper")


def test_a_seat_out_of_range_and_the_wrong_number_of_seats():
    body = mid_play()
    body["dealer"] = 4
    assert refused(body)["dealer"] == "must be from 0 to 3, not 4"
    body = mid_play()
    body["seats"].pop()
    assert refused(body)["seats"] == "must list the game's 4 seats (players: 4), not 3"


def test_a_hand_that_is_not_its_drafted_piles():
    body = mid_play()
    body["seats"][0]["hand"], body["seats"][1]["hand"] = body["seats"][1]["hand"], body["seats"][0]["hand"]
    problems = refused(body)
    assert problems["seats[0].hand"] == "with the seat's played cards must be the cards of its drafted piles"


def test_the_wrong_draft_order():
    body = mid_play()
    body["draft_order"] = list(reversed(body["draft_order"]))
    assert refused(body)["draft_order"].endswith("the snake from the dealer's left")


def test_a_pile_drafted_twice():
    body = reach(r.DRAFT, when=lambda s: s.picks_made == 3)
    first = body["seats"][body["draft_order"][0]]["drafted"][0]
    second = body["seats"][body["draft_order"][1]]["drafted"][0]
    second["pile"] = first["pile"]
    problems = refused(body)
    key = f"seats[{body['draft_order'][1]}].drafted[0].pile"
    assert problems[key].startswith(f"pile {first['pile']} was drafted twice")


def test_a_draft_against_the_pair_rule():
    body = reach(r.WAGER, players=5)
    one, other = body["seats"][0], body["seats"][1]
    pair = next(i for i, pile in enumerate(one["drafted"]) if len(pile["cards"]) == 2)
    triple = next(i for i, pile in enumerate(other["drafted"]) if len(pile["cards"]) == 3)
    one["drafted"][pair], other["drafted"][triple] = other["drafted"][triple], one["drafted"][pair]
    for seat in (one, other):
        seat["hand"] = [card for pile in seat["drafted"] for card in pile["cards"]]
    problems = refused(body, 5)
    assert problems["seats[0].drafted"] == ("holds 0 pair(s) and 3 pile(s) of 3: a seat takes 1 pair(s) and 2 "
                                            "pile(s) of 3")
    assert problems["seats[1].drafted"].startswith("holds 2 pair(s) and 1 pile(s) of 3")


def test_a_wager_before_the_draft_ends():
    body = reach(r.DRAFT, when=lambda s: s.picks_made == 3)
    body["seats"][1]["wager"] = "fewest"
    assert refused(body)["seats[1].wager"] == "must be null: wagers are placed after the draft"


def test_wagers_out_of_turn():
    body = reach(r.WAGER, when=lambda s: sum(w is None for w in s.wagers) == 4)
    late = (body["dealer"] + 3) % 4
    body["seats"][late]["wager"] = "second"
    assert "wagers are placed in turn" in refused(body)["seats"]


def test_a_trick_out_of_turn_and_the_wrong_seat_to_move():
    body = mid_play()
    body["trick"][1]["seat"] = (body["trick"][1]["seat"] + 1) % 4
    assert "the trick is played in turn from the leader" in refused(body)["trick[1].seat"]
    body = mid_play()
    body["to_move"] = body["leader"]
    assert refused(body)["to_move"].endswith("the next seat to play to the trick")


def test_played_cards_that_do_not_add_up():
    body = mid_play()
    body["tricks_done"] = 2
    assert "one for each of the 2 tricks done" in next(iter(refused(body).values()))


def test_history_that_does_not_add_up():
    body = reach(r.PLAY, when=lambda s: s.hands_played == 2)
    entry = body["history"][1]
    entry["hand_scores"][0] += 1
    body["seats"][2]["total"] += 5
    problems = refused(body)
    assert problems["history[1].hand_scores[0]"].endswith("the card points plus the bonus of a wager paid")
    assert problems["seats[2].total"].endswith("the sum of the seat's hand scores in history")


def test_a_wager_paid_against_the_rules():
    body = reach(r.PLAY, when=lambda s: s.hands_played == 1)
    entry = body["history"][0]
    seat = next(s for s, wager in enumerate(entry["wagers"]) if wager != "none")
    entry["wager_won"][seat] = not entry["wager_won"][seat]
    assert "that is how the rules pay" in refused(body)[f"history[0].wager_won[{seat}]"]


def test_a_game_over_too_soon_and_a_game_not_over():
    body = reach(r.OVER)  # keep only the last hand: as if the game had ended after its first hand
    last = dict(body["history"][-1], hand=1)
    body["history"], body["hand"] = [last], 1
    for seat, score in zip(body["seats"], last["hand_scores"]):
        seat["total"] = score
    with pytest.raises(PositionError) as caught:
        load(body)
    assert str(caught.value) == "phase: cannot be over after 1 of the 4 hands"
    over = reach(r.OVER)
    over["phase"], over["hand"] = r.PLAY, over["hand"] + 1
    with pytest.raises(PositionError) as caught:
        load(over)
    assert any(str(p).startswith("phase: must be over: the rules end the game") for p in caught.value.problems)


def test_unknown_and_missing_keys():
    support.assert_keys_checked(load, mid_play(), "trump", "score_pile")


def test_a_next_deck_without_every_card():
    body = mid_play()
    body["next_decks"] = [[card_name(c) for c in r.Rules.of(STANDARD, 4).deck][1:]]
    assert refused(body)["next_decks[0]"].startswith("must list each of the deck's 40 cards once (missing: 2 of")


def test_garbage_in_any_key_is_refused_or_loads_and_plays_on():
    """Every value of good positions replaced by junk: a ``PositionError`` or a state that plays to the end."""
    junk = [None, -1, 7, "x", [], {}, True, ["Reaper"], {"pile": 0}]
    bodies = (reach(r.DRAFT, when=lambda s: s.picks_made == 5), reach(r.WAGER, when=lambda s: s.wagers[1] is not None),
              mid_play(), reach(r.OVER))
    support.junk_everywhere(SPEC, bodies, junk, 2, 5, load)


def test_not_a_mapping():
    for body in (None, [], "play", 3):
        with pytest.raises(PositionError):
            load(body)


def test_a_history_as_long_as_the_hands_scored():
    body = mid_play()
    body["hand"] = 3
    assert refused(body)["history"] == "must hold the 2 scored hand(s) before this one, not 1"
