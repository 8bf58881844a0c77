"""Trick or Treat: random-playout invariants, records, variants, sampling for search, text and bots."""

from __future__ import annotations

import random

import pytest

from game.core.agent import LEVELS
from game.core.contracts import find_action
from game.core.match import make_agent, play_match, simulate
from game.core.record import GameRecord
from game.games.trick_or_treat.spec import SPEC
from game.games.trick_or_treat.bots import trick_gain
from game.games.trick_or_treat.rules import new_game
from game.variants.loader import list_variants


VARIANTS = {v.name: v.params for v in list_variants(SPEC)[0]}


def candy_total(state):
    return len(state.supply) + sum(state.pot) + sum(sum(c) for c in state.candy)


def test_spec_is_registered():
    assert SPEC.title == "Trick or Treat" and (SPEC.min_players, SPEC.max_players) == (2, 8)
    assert SPEC.order == 40 and SPEC.scene == "game.games.trick_or_treat.table:TrickOrTreatTable"
    assert set(LEVELS) <= set(SPEC.agents)


def test_every_shipped_variant_loads():
    variants, errors = list_variants(SPEC)
    assert not errors
    names = {v.name for v in variants}
    assert {"standard", "bigger-jackpots", "nasty-candy", "nasty-bigger-jackpots"} <= names
    assert VARIANTS["bigger-jackpots"]["bigger_jackpots"] is True
    nasty = VARIANTS["nasty-candy"]["candy"]
    assert sum(1 for kind in nasty if kind["value"] <= 0) >= 3
    both = VARIANTS["nasty-bigger-jackpots"]
    assert both["bigger_jackpots"] is True and both["candy"] == nasty
    assert VARIANTS["standard"]["supply_per_player"] == 10 and VARIANTS["standard"]["jokers"] is True


def test_duplicate_candy_names_are_rejected(tmp_path):
    from game.variants.loader import VariantError, load_file
    path = tmp_path / "twice.yaml"
    path.write_text("candy:\n  - {name: gum, value: 1, count: 1, look: pink}\n"
                    "  - {name: gum, value: 0, count: 1, look: grey}\n")
    with pytest.raises(VariantError, match="used twice"):
        load_file(SPEC, path)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_random_playouts_keep_the_invariants(variant):
    params = VARIANTS[variant]
    for seed in range(24):
        players = 2 + seed % 7
        rng = random.Random(seed)
        state = new_game(params, players, seed)
        total = candy_total(state)
        assert total == params["supply_per_player"] * players
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "a legal action always exists before the end"
            assert len({str(a) for a in legal}) == len(legal)
            seat = state.current_player()
            assert 0 <= seat < players
            state.apply(legal[rng.randrange(len(legal))])
            assert candy_total(state) == total
            hands = [len(h) for h in state.hands]
            assert len(set(hands)) <= 2  # mid-trick, the players still to play hold one card more
            steps += 1
            assert steps < 5000
        assert state.legal_actions() == []
        assert state.winners() and sum(state.returns()) == pytest.approx(1.0)
        assert len(state.supply) == 0 or params["short_top_up"] == "end-game"


def test_recorded_game_replays_to_the_same_state(monkeypatch):
    # GameRecord finds its game in the registry; name ours directly so that another game's package,
    # unfinished in a shared checkout, cannot break this test.
    monkeypatch.setattr("game.core.record.get", lambda name: SPEC if name == SPEC.name else None)
    params = VARIANTS["nasty-bigger-jackpots"]
    result = play_match(SPEC, params, ["easy", "random", "normal"], 12345, variant="nasty-bigger-jackpots")
    record = GameRecord.from_json(result.record.to_json())
    state = record.replay()
    assert state.is_terminal()
    assert state.scores() == result.scores and state.winners() == result.winners
    again = record.new_state()
    for text in record.actions:
        again.apply(find_action(again, text))
    assert [again.observation(s) for s in range(3)] == [state.observation(s) for s in range(3)]


def test_same_seed_same_game_and_clone_is_independent():
    a = new_game(VARIANTS["standard"], 4, 77)
    b = new_game(VARIANTS["standard"], 4, 77)
    assert [a.observation(s) for s in range(4)] == [b.observation(s) for s in range(4)]
    c = a.clone()
    rng = random.Random(1)
    while not c.is_terminal():
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
    assert not a.is_terminal() and a.observation(0) == b.observation(0)


def test_sample_state_is_consistent_with_the_observation():
    rng = random.Random(3)
    for seed in range(12):
        players = 2 + seed % 7
        params = VARIANTS["nasty-candy"]
        state = new_game(params, players, seed)
        steps = 0
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            world = SPEC.sample_state(obs, rng)
            assert world.observation(seat) == obs
            assert [str(a) for a in world.legal_actions()] == [str(a) for a in state.legal_actions()]
            if steps % 7 == 0:  # the sampled world plays on to a legal end
                sim = world.clone()
                while not sim.is_terminal():
                    legal = sim.legal_actions()
                    sim.apply(legal[rng.randrange(len(legal))])
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1


def test_sample_state_deals_unseen_cards_at_random():
    state = new_game(VARIANTS["standard"], 4, 5)
    obs = state.observation(0)
    hands = {tuple(SPEC.sample_state(obs, random.Random(i)).hands[1]) for i in range(10)}
    assert len(hands) > 1
    world = SPEC.sample_state(obs, random.Random(0))
    cards = sorted(c for h in world.hands for c in h) + sorted(world.out_of_play)
    assert sorted(cards) == list(range(54))


def test_every_event_has_words():
    names = ["Ann", "Boris", "Cleo", "Dmitri"]
    params = VARIANTS["nasty-bigger-jackpots"]
    seen = set()
    for seed in range(30):
        state = new_game(params, 4, seed)
        events = list(state.opening_events)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            events += state.apply(legal[rng.randrange(len(legal))])
        for event in events:
            text = SPEC.describe(event, names)
            assert text and not text.startswith(type(event).__name__ + "(")
            assert SPEC.describe(event.seen_by(1), names)
            seen.add(type(event).__name__)
    assert {"Dealt", "PotToppedUp", "CardPlayed", "CardsRevealed", "TrickWon", "CandyTaken", "GameOver",
            "TiesFound", "Jackpot", "PotGrew", "JokerDeclared", "DealerChanged"} <= seen


def test_figures_of_a_finished_game():
    result = play_match(SPEC, VARIANTS["standard"], ["random"] * 4, 3)
    figures = result.figures
    assert figures["tricks"] >= 13 and figures["deals"] >= 1
    for key in ("jackpots", "joker_jackpots", "tie_tricks", "redeals", "pot_left"):
        assert key in figures


# ---------------------------------------------------------------------------------------------- bots


def test_trick_gain_arithmetic():
    pot = [2.0, 1.0, -1.0]
    # Dealer 0. 5, K, 7, 2: K wins, the 7 picks first, then the 5, then the 2.
    assert trick_gain([5, 13, 7, 2], 2, 0, pot) == (2.0, False)
    assert trick_gain([5, 13, 7, 2], 0, 0, pot) == (1.0, False)
    assert trick_gain([5, 13, 7, 2], 3, 0, pot) == (-1.0, False)
    assert trick_gain([5, 13, 7, 2], 1, 0, pot) == (0.0, True)
    assert trick_gain([13, 13, 7, 2], 0, 0, pot) == (2.0, True)  # the dealer's jackpot
    assert trick_gain([5, 5, 7, 2], 3, 0, pot) == (2.0, False)  # the tied 5s skip
    # Only ties for the highest skip, and Bigger Jackpots grows the pot on the lower tie as the rules do:
    # dealer 1, 5, 9, 3, 3: the 9 wins, the 5 picks first, then the 3 played first (seat 2).
    assert trick_gain([5, 9, 3, 3], 2, 1, [2.0, 1.0, 1.0], every_tie_skips=False) == (1.0, False)
    assert trick_gain([5, 9, 3, 3], 2, 1, [2.0, 1.0, 1.0], every_tie_skips=False, bigger=1.5) == (1.5, False)


def test_every_level_plays_legal_moves_on_every_variant():
    for variant, params in sorted(VARIANTS.items()):
        levels = ["random", "easy", "normal", "hard"]
        result = play_match(SPEC, params, levels, 9, variant=variant, budget=20)
        assert result.record.replay().is_terminal()


def test_normal_declares_a_joker_for_the_better_result():
    params = VARIANTS["standard"]
    # Seat 0's joker low makes the 9 the winner and takes candy; high would win the trick for nothing.
    state = new_game(params, 3, 1, hands=[["CJ", "5C"], ["9D", "5D"], ["2H", "5H"]], dealer=0,
                     supply=["candy"] * 12)
    for text in ("play coloured joker", "play 9", "play 2"):
        state.apply(find_action(state, text))
    agent = make_agent(SPEC, "normal", 0, 1, params)
    assert str(agent.choose(state.observation(0), state.legal_actions())) == "declare low"
    # With a rich pot after ties, a joker high wins the deal... but low still takes candy; with a nasty pot
    # the joker goes high to take nothing.
    nasty = VARIANTS["nasty-candy"]
    state = new_game(nasty, 3, 1, hands=[["CJ", "5C"], ["9D", "5D"], ["2H", "5H"]], dealer=0,
                     supply=["warhead", "cough drop"] * 6)
    for text in ("play coloured joker", "play 9", "play 2"):
        state.apply(find_action(state, text))
    agent = make_agent(SPEC, "normal", 0, 1, nasty)
    assert str(agent.choose(state.observation(0), state.legal_actions())) == "declare high"


def test_normal_takes_the_best_candy():
    nasty = VARIANTS["nasty-candy"]
    state = new_game(nasty, 3, 1, hands=[["5C"], ["9D"], ["2H"]], dealer=0, supply=["warhead", "candy"])
    for text in ("play 5", "play 9", "play 2"):
        state.apply(find_action(state, text))
    agent = make_agent(SPEC, "normal", 0, 1, nasty)
    assert str(agent.choose(state.observation(0), state.legal_actions())) == "take candy"


def test_normal_beats_random():
    series = simulate(SPEC, VARIANTS["standard"], ["normal", "random", "random", "random"], 100, 2024)
    assert series.wins[0] / series.games > 0.27
    means = series.mean_scores()
    assert means[0] > max(means[1:]) + 0.3


def test_normal_dumps_its_ace_into_a_nasty_pot_and_keeps_it_for_a_sweet_one():
    nasty = VARIANTS["nasty-candy"]
    hands = [["AC", "2C", "6C"], ["9D", "5D", "8D"], ["3H", "4H", "7H"]]
    state = new_game(nasty, 3, 1, hands=hands, dealer=0, supply=["warhead", "cough drop"] + ["candy"] * 20)
    agent = make_agent(SPEC, "normal", 0, 1, nasty)
    assert str(agent.choose(state.observation(0), state.legal_actions())) == "play A"
    state = new_game(nasty, 3, 1, hands=hands, dealer=0, supply=["candy", "candy"] + ["warhead"] * 20)
    assert str(agent.choose(state.observation(0), state.legal_actions())) != "play A"
