"""hard plays for the best result in hand-made positions (issue 20): in Spectral Reapers and Nevermore the
game's end rarely follows a decision closely in played games, so these positions put it there. Each holds a
decision where one option is dominated for the mover (in every world its view allows, the game ends worse
for it than after another option) and both win the same share, so only place and score tell them apart:
``hard`` must never take the dominated one, whatever its own seed."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.match import make_agent
from game.core.position import state_from_document
from game.core.yaml_reader import parse_yaml
from tests.ai.dominated import dominated_at

AGENT_SEEDS = range(12)

SPECTRAL_PARAMS = {"beads_per_player": 11, "pits_per_player": 2, "placement_pits": 3, "placement_min": 3,
                   "placement_max": 4, "capture_count": 2, "end_threshold": 1, "safety_bound": 200,
                   "order_choices_cap": 120}


def _spectral(players: int, stores: list[dict[str, int]], pits: list[dict[str, int]]) -> dict[str, Any]:
    """Red (seat 0) to sow at the safety bound's last sowing: every sowing without a capture ends the game."""
    colours = ["red", "green", "blue", "yellow"][:players]
    return {"game": "spectral-reapers", "format": 1, "variant": "standard", "params": SPECTRAL_PARAMS,
            "players": players, "seed": 1, "phase": "sow", "to_move": 0, "starting_player": 0, "sowings": 250,
            "sowings_since_capture": 199, "capture_pit": None, "in_hand": None, "end": None,
            "seats": [{"colour": colour, "placed": True, "captured": store} for colour, store in zip(colours, stores)],
            "pits": pits}


SPECTRAL_THREE = _spectral(3, [{"red": 3, "green": 4, "blue": 4}, {"red": 3, "green": 3, "blue": 2},
                               {"red": 3, "green": 2, "blue": 3}],
                           [{"red": 1, "green": 2, "blue": 2}, {}, {}, {}, {}, {"red": 1}])
"""Red leads 11 to 8 and 8 and wins whatever it sows. Sowing pit 0 with red last puts a second red in pit 5:
the capture takes red down to one bead on the board and ends the game 12 to 8; the other 24 orders end it
at once, 11 to 8. The normal heuristic ranks those endings (a sure win) above the capture due."""

SPECTRAL_FOUR = _spectral(4, [{"red": 3, "green": 3, "blue": 3, "yellow": 3}] + [
    {"red": 2, "green": 2, "blue": 2, "yellow": 2}] * 3,
    [{"red": 1, "green": 2, "blue": 1, "yellow": 1}, {}, {}, {}, {}, {"red": 1}, {}, {"blue": 1, "yellow": 1}])
"""The same at four players: red leads 12 to 8, 8 and 8; pit 0 sown with red last captures in pit 5 and ends
the game 13 to 8, the other 48 orders of pit 0 and pit 5's bead end it 12 to 8."""

NEVERMORE = """
game: nevermore
format: 1
variant: standard
params: {start_health: 5, max_health: 5, vp_to_win: 6, attack_all_min: 4, attack_all_vp: 2, heal_bonus_min: 3,
  heal_bonus_vp: 1, radiance_bonus_cards: 5, radiance_bonus_heal: 2, radiance_bonus_vp: 1, transform_vp: 1,
  return_health: 4, conspiracy_damage: 1, conspiracy_draw: 1, conspiracy_vp: 1, first_hand_tokens: fixed,
  raven_blocks_suit: true, max_hands: 60,
  magick: {enabled: false, card_file: magick.yaml, starting_shadow: 1, one_vp_per_card: true, vp_ceiling: true,
    two_humans_remain: true, borrowed_power_cap: 1}}
players: 4
seed: 0
phase: resolution
hand_number: 8
dealer: 0
direction: -1
draft_step: null
decision: {kind: attack, seat: 2, power: 4}
seats:
- {health: 5, vp: 3, raven: false, hand: [Victory, Victory, Victory, Healing, Healing], magick: [], pass: null,
  kills: [], discarded: [], collected: [Healing, Healing, Victory, Victory, Victory], skulking: 0,
  knows_tokens: false, warded: false, shrouded: false, damaged: false, dealt_damage: false}
- {health: 1, vp: 3, raven: false, hand: [Victory, Victory, Radiance, Radiance, Healing], magick: [], pass: null,
  kills: [], discarded: [], collected: [Healing, Radiance, Radiance, Victory, Victory], skulking: 0,
  knows_tokens: false, warded: false, shrouded: false, damaged: false, dealt_damage: false}
- {health: 5, vp: 2, raven: false, hand: [Victory, Attack, Attack, Attack, Attack], magick: [], pass: null,
  kills: [], discarded: [], collected: [Attack, Attack, Attack, Attack, Victory], skulking: 0,
  knows_tokens: false, warded: false, shrouded: false, damaged: false, dealt_damage: false}
- {health: 2, vp: 3, raven: false, hand: [Victory, Victory, Radiance, Radiance, Raven], magick: [], pass: null,
  kills: [Radiance], discarded: [], collected: [Radiance, Radiance, Victory, Victory, Raven], skulking: 0,
  knows_tokens: false, warded: false, shrouded: false, damaged: false, dealt_damage: false}
tokens: [Attack, Healing, Radiance, Victory]
tokens_face_up: false
tokens_revealed: 1
current_suit: Attack
suit_counts: [0, 0, 4, 0]
conspiracy: false
kills_locked: true
deck: [Attack, Attack, Healing, Radiance, Attack, Raven, Healing, Healing, Raven, Victory, Attack, Healing, Raven,
  Raven, Radiance, Victory, Radiance, Healing, Healing, Radiance]
discard: [Radiance, Victory, Raven, Raven, Healing, Attack, Attack, Healing, Raven, Raven, Attack, Attack, Victory,
  Raven, Raven, Radiance, Radiance, Healing, Radiance, Raven]
light_deck: []
light_discard: []
shadow_deck: []
shadow_discard: []
passes:
- {round: 0, from: 3, to: 2, cards: [Attack, Attack, Radiance]}
- {round: 0, from: 2, to: 1, cards: [Healing, Healing, Raven]}
- {round: 0, from: 1, to: 0, cards: [Radiance, Radiance, Victory]}
- {round: 0, from: 0, to: 3, cards: [Attack, Attack, Healing]}
- {round: 1, from: 3, to: 2, cards: [Attack, Healing]}
- {round: 1, from: 2, to: 1, cards: [Radiance, Radiance]}
- {round: 1, from: 1, to: 0, cards: [Healing, Raven]}
- {round: 1, from: 0, to: 3, cards: [Radiance, Radiance]}
- {round: 2, from: 3, to: 2, cards: [Attack]}
- {round: 2, from: 2, to: 1, cards: [Healing]}
- {round: 2, from: 1, to: 0, cards: [Healing]}
- {round: 2, from: 0, to: 3, cards: [Raven]}
revealed_suits:
- {suit: Attack, played: [[], [], [Attack, Attack, Attack, Attack], []], killed: [[], [], [], []]}
peeks: []
borrowed: []
suit_vp: []
card_vp: []
magick_stack: []
incoming: []
batches: []
tasks: [[suit_resolved, attack], ['window', 'after_suit:attack', 0], [suit_done, attack], [suit, 1], [suit, 2],
  [suit, 3], [skulking], [window, end_of_resolution, 0], [returns], [cleanup]]
last_id: 14
stats: {hands: 7, transformations: 0, returns: 0, magick_played: 0}
end: null
"""
"""Four players without Magick, the eighth hand: seat 2 showed four Attack cards against none and assigns 4
damage (the cases below change its Victory Points and the others' Health)."""


def _nevermore(seats: dict[int, dict[str, Any]]) -> dict[str, Any]:
    document = parse_yaml(NEVERMORE).value
    for seat, changes in seats.items():
        document["seats"][seat].update(changes)
    return document


NEVERMORE_WIN = _nevermore({2: {"vp": 5}})
"""Seat 2 wins at once either way: attacking seat 1 (1 Health) or seat 3 (2 Health) makes a Raven of it, for
6 VP; attacking all (1 damage each) is worth 2 VP, 7 against the others' 3."""

NEVERMORE_LAST_HUMAN = _nevermore({0: {"health": -1, "raven": True}, 3: {"health": 0, "raven": True}})
"""Seats 0 and 3 are Ravens, seat 1 the only other human, at 1 Health: attacking it or attacking all makes a
Raven of it and seat 2 the last human, who wins at once; with 3 VP (tied with the Ravens' 3 and 3) after
attacking it, with 5 VP after attacking all."""


def _nevermore_last_hand() -> dict[str, Any]:
    """The sixtieth hand (the limit: the game ends with it, most VP winning) and Attack resolves last; seat 0
    has 5 VP and wins whatever seat 2 does. Attacking all is worth 2 VP (second place, 4 to 3 and 3),
    attacking one player (5 Health: no Raven made) leaves it last at 2."""
    document = _nevermore({0: {"vp": 5, "health": 5}, 1: {"health": 5}, 3: {"health": 5}})
    document.update(hand_number=60, tokens=["Healing", "Radiance", "Victory", "Attack"], tokens_revealed=4)
    document["stats"]["hands"] = 59
    seats = document["seats"]
    document["revealed_suits"] = [  # each seat played its cards of the suit, and a Raven for each it killed
        {"suit": suit,
         "played": [[card for card in seat["hand"] if card == suit] + ["Raven"] * seat["kills"].count(suit)
                    for seat in seats],
         "killed": [[card for card in seat["kills"] if card == suit] for seat in seats]}
        for suit in document["tokens"]]
    document["tasks"] = [["suit_resolved", "attack"], ["window", "after_suit:attack", 0], ["suit_done", "attack"],
                         ["skulking"], ["window", "end_of_resolution", 0], ["returns"], ["cleanup"]]
    return document


CASES = [("spectral-three", SPECTRAL_THREE), ("spectral-four", SPECTRAL_FOUR), ("nevermore-win", NEVERMORE_WIN),
         ("nevermore-last-human", NEVERMORE_LAST_HUMAN), ("nevermore-last-hand", _nevermore_last_hand())]


@pytest.mark.parametrize("document", [document for _, document in CASES], ids=[name for name, _ in CASES])
def test_hard_never_takes_the_dominated_option(document: dict[str, Any]) -> None:
    position = state_from_document(document)
    state = position.state
    decision = dominated_at(position.spec, state)
    assert decision is not None and decision.same_share, "the position must hold a dominated option of equal share"
    for seed in AGENT_SEEDS:
        hard = make_agent(position.spec, "hard", decision.seat, seed, position.params)
        choice = str(hard.choose(state.observation(decision.seat), state.legal_actions()))
        assert choice not in decision.worse, f"seed {seed}: hard chose {choice}, dominated by {decision.better}"
