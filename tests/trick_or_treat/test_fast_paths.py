"""Trick or Treat fast paths (issue 18): ``apply`` judges an action without building the legal actions and
``observation`` builds its fields in bulk; both must say exactly what the plain definitions say."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from game.core.contracts import GameState, IllegalActionError
from game.games.trick_or_treat.spec import SPEC
from game.games.trick_or_treat.rules import (
    CARD_TEXTS, DECLARE, PICK, PLAY, Declare, PlayCard, TakeCandy, TrickOrTreatObservation, TrickOrTreatState,
    new_game,
)
from game.variants.loader import load_variant

STANDARD = load_variant(SPEC, "standard").params
NASTY = load_variant(SPEC, "nasty-candy").params
"""Several kinds of candy: the only variant here whose players pick (the standard pot holds one kind)."""


def states(players: int, games: int = 4, params: dict = NASTY) -> list[TrickOrTreatState]:
    """Every state of a few games of random play, jokers, jackpots and picks included."""
    out = []
    for seed in range(games):
        state = new_game(params, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        out.append(state)
    return out


def plain_observation(state: TrickOrTreatState, seat: int | None) -> dict[str, object]:
    """The observation's fields by their plain definitions, one card at a time."""
    n = state.num_players
    own = None if seat is None else state.played[seat]
    hand = [] if seat is None else sorted(state.hands[seat])
    known = set(hand) | set(state.seen) | ({own} if own is not None else set())
    return {
        "seat": seat, "players": n, "config": state.config, "phase": state.phase,
        "current": state.current_player(), "dealer": state.dealer, "deal_number": state.deal_number,
        "trick_number": state.trick_number, "hand": tuple(CARD_TEXTS[c] for c in hand),
        "hand_sizes": tuple(len(h) for h in state.hands), "played": tuple(c is not None for c in state.played),
        "my_card": None if own is None else CARD_TEXTS[own],
        "table": tuple(None if c is None or not state.revealed else CARD_TEXTS[c] for c in state.played),
        "declarations": tuple(None if d is None else ("high" if d else "low") for d in state.declared),
        "pot": tuple(state.pot), "supply_size": len(state.supply),
        "supply_counts": tuple(state.supply.count(k) for k in range(len(state.config.kinds))),
        "candy": tuple(tuple(c) for c in state.candy), "scores": tuple(int(s) for s in state.scores()),
        "pickers": tuple(state.pickers), "trick_winner": state.trick_winner, "tied": state.tied,
        "joker_jackpot": state.joker_jackpot, "next_dealer": state.next_dealer,
        "seen_this_deal": tuple(CARD_TEXTS[c] for c in state.seen),
        "unseen": tuple(CARD_TEXTS[c] for c in range(state.config.deck_size) if c not in known),
        "out_of_play": len(state.out_of_play),
        "tricks_left_in_deal": len(state.hands[state.dealer]) + (state.played[state.dealer] is not None),
    }


@pytest.mark.parametrize("players, params", [(2, NASTY), (5, NASTY), (8, NASTY), (4, STANDARD)])
def test_observation_says_what_its_plain_definition_says(players, params):
    for state in states(players, params=params):
        for seat in [None, *range(players)]:
            observation = state.observation(seat)
            expected = plain_observation(state, seat)
            assert [f.name for f in fields(TrickOrTreatObservation)] == list(expected)
            got = {f.name: getattr(observation, f.name) for f in fields(TrickOrTreatObservation)}
            assert got == expected
            assert [type(v) for v in got.values()] == [type(v) for v in expected.values()]
            assert observation == TrickOrTreatObservation(**expected)  # a real instance of the class
            with pytest.raises(AttributeError):
                observation.phase = "over"  # still frozen


def candidates(state: TrickOrTreatState) -> list[object]:
    """Actions of every kind, legal now or not."""
    labels = ["2", "7", "10", "A", "coloured joker", "black joker", "11", ""]
    return ([PlayCard(label) for label in labels] + [Declare(True), Declare(False)]
            + [TakeCandy(kind) for kind in (*state.config.kinds, "nothing")] + ["play 7"])


def test_apply_accepts_exactly_the_legal_actions_and_leaves_a_refused_state_unchanged():
    phases = set()
    for state in states(4, games=2):
        if state.is_terminal():
            continue
        phases.add(state.phase)
        legal = state.legal_actions()
        for action in candidates(state):
            trial = state.clone()
            if action in legal:
                events = trial.apply(action)
                reference = state.clone()
                assert events == GameState.apply(reference, action)
                assert {k: v for k, v in vars(trial).items() if k != "rng"} == \
                    {k: v for k, v in vars(reference).items() if k != "rng"}
                assert trial.rng.getstate() == reference.rng.getstate()
            else:
                before = plain_observation(trial, None)
                with pytest.raises(IllegalActionError):
                    trial.apply(action)
                assert plain_observation(trial, None) == before
    assert phases == {PLAY, DECLARE, PICK}


class OddPlay(PlayCard):
    """A subclass is never equal to a legal ``PlayCard``, so it is never legal."""


def test_apply_refuses_lookalikes_as_before():
    state = new_game(STANDARD, 4, 1)
    label = state.legal_actions()[0].label
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply(OddPlay(label))
    with pytest.raises(IllegalActionError, match="action object"):
        state.apply(f"play {label}")
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply(Declare(True))
