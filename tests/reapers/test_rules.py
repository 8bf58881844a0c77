"""Literal Reapers scenarios with stacked decks: the deck and deal, the draft, wagers and scoring."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game.core.contracts import IllegalActionError
from game.core.params import merge
from game.games.reapers import rules as r
from game.games.reapers.rules import PlaceWager, TakePile
from game.games.reapers.rules.cards import hand_points
from game.games.reapers.rules.state import wager_won
from game.games.reapers.rules import state as reapers_state_module
from game.variants.loader import load_variant
from tests.reapers.helpers import SPEC, STANDARD, all_cards, cards, full_deck, layout, play, of


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
    state = r.new_game(STANDARD, 3, 1, decks=[deck])
    assert state.trump == "P*" and state.trump_suit == "P"  # a Demon turned up makes its suit trump
    assert state.piles[0] == tuple(deck[1:4]) and state.piles[12] == tuple(deck[37:40])
    assert "P*" not in all_cards(state)[1:]  # the turned card stays out of play


def test_turned_up_reaper_is_shuffled_back():
    deck = full_deck(4)
    deck.remove("R")
    deck = ["R"] + deck
    state = r.new_game(STANDARD, 4, 5, decks=[deck])
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
    state = r.new_game(STANDARD, 4, 5, decks=[deck])
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
        r.new_game(STANDARD, 3, 1, decks=[full_deck(3)[1:]])


def test_snake_draft_from_dealers_left():
    state = SPEC.new_game(STANDARD, 3, 2)
    assert state.dealer == 2
    assert state.draft_order == (0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0)
    state = r.new_game(STANDARD, 4, 2, dealer=1)
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
    shown = repr(replace(state.observation(2), rules=None))
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
    cfg = r.Rules.of(STANDARD, players)
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
    cfg = r.Rules.of(STANDARD, len(points))
    seats = range(len(points))
    assert {s for s in seats if wager_won("fewest", s, points, cfg)} == fewest
    assert {s for s in seats if wager_won("second", s, points, cfg)} == second
    assert all(wager_won("none", s, points, cfg) for s in seats)


def test_dense_second_and_unshared_fewest_are_choices():
    params = merge(STANDARD, {"wagers": {"second_rule": "dense", "fewest_ties_share": False}})
    cfg = r.Rules.of(params, 4)
    assert {s for s in range(4) if wager_won("second", s, (12, 12, 9, 3), cfg)} == {2}
    assert not any(wager_won("fewest", s, (12, 9, 3, 3), cfg) for s in range(4))


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
    cfg = state.rules
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


def test_unlimited_extra_hands_still_end_at_the_safety_bound():
    from game.games.reapers.rules.state import EXTRA_HANDS_SAFETY_BOUND

    # The first deal of this game ties 28-12-28 (above); load it as the hundredth extra hand, as if a hundred
    # hands had all tied before it.
    body = SPEC.position_of(SPEC.new_game(TIE_PARAMS, 3, 4))
    body["hand"] = EXTRA_HANDS_SAFETY_BOUND + 1
    body["history"] = [{"hand": k + 1, "dealer": (body["dealer"] - EXTRA_HANDS_SAFETY_BOUND + k) % 3,
                        "trump": "2 of daggers", "wagers": ["none"] * 3, "card_points": [24, 8, 24],
                        "wager_won": [True] * 3, "hand_scores": [28, 12, 28]} for k in range(EXTRA_HANDS_SAFETY_BOUND)]
    for seat, total in zip(body["seats"], (2800, 1200, 2800)):
        seat["total"] = total
    state = SPEC.state_from_position(body, TIE_PARAMS, 3, 4)
    assert state.extra_hands_played == EXTRA_HANDS_SAFETY_BOUND
    events = []
    while state.hands_played < EXTRA_HANDS_SAFETY_BOUND + 1:
        events += state.apply(state.legal_actions()[0])
    assert state.history[-1].hand_scores == (28, 12, 28)
    assert of(events, r.ExtraHand) == [] and state.is_terminal()
    assert state.winners() == [0, 2] and state.returns() == [0.5, 0.0, 0.5]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_wager_is_paid_as_ruled_at_every_player_count(players):
    kinds = ("fewest", "second", "none", "fewest", "second")
    cfg = r.Rules.of(STANDARD, players)
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
