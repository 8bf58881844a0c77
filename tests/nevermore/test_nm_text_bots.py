"""Every event reads as words; every AI level plays legal moves; the heuristics beat random play."""

import random
import dataclasses

from game.core.match import make_agent, simulate
from game.games.nevermore.rules import events as ev
from nm_helpers import SPEC, params

NAMES = ["Ann", "Boris", "Cleo", "Dmitri"]


def _example(cls):
    values = {}
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        if "tuple" in kind:
            values[f.name] = ("attack", "raven") if "str" in kind else (0, 1)
        elif "bool" in kind:
            values[f.name] = True
        elif "str" in kind:
            values[f.name] = "attack"
        else:
            values[f.name] = 1
    return cls(**values)


def test_every_event_is_described():
    kinds = [c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event) and c is not ev.Event]
    assert len(kinds) >= 30
    for cls in kinds:
        event = _example(cls)
        for seat in (None, 0, 3):
            text = SPEC.describe(event.seen_by(seat), NAMES)
            assert isinstance(text, str) and text and not text.startswith(cls.__name__)


def test_events_of_real_games_are_described():
    s = SPEC.new_game(params("standard"), 4, 3)
    rng = random.Random(3)
    while not s.is_terminal():
        actions = s.legal_actions()
        for event in s.apply(actions[rng.randrange(len(actions))]):
            assert SPEC.describe(event.seen_by(0), NAMES)


def test_every_level_plays_legal_moves():
    p = params("standard")
    s = SPEC.new_game(p, 4, 9)
    agents = [make_agent(SPEC, level, seat, 9, p, budget=8) for seat, level in
              enumerate(["easy", "normal", "hard", "random"])]
    steps = 0
    while not s.is_terminal() and steps < 150:
        seat = s.current_player()
        legal = s.legal_actions()
        action = agents[seat].choose(s.observation(seat), legal)
        assert action in legal
        s.apply(action)
        steps += 1


def test_normal_beats_random():
    result = simulate(SPEC, params("standard"), ["normal", "random", "random"], 12, 5)
    assert result.wins[0] >= 8


def test_normal_keeps_its_majority_and_passes_a_lone_raven():
    from nm_helpers import H, game

    s = game([H("AAAXV"), H("HHRRV"), H("RRVVH")], drafted=False)
    agent = make_agent(SPEC, "normal", 0, 1, params("no-magick"))
    action = agent.choose(s.observation(0), s.legal_actions())
    assert "raven" in action.cards and action.cards.count("attack") <= 1


def test_normal_attacks_the_vp_leader_or_a_player_it_can_finish():
    from nm_helpers import H, game

    s = game([H("AAAVV"), H("HHRRV"), H("RRVVH"), H("RRVVH")], vp=[0, 1, 4, 2])
    agent = make_agent(SPEC, "normal", 0, 1, params("no-magick"))
    assert str(agent.choose(s.observation(0), s.legal_actions())) == "attack 2"
    s = game([H("AAAVV"), H("HHRRV"), H("RRVVH"), H("RRVVH")], vp=[0, 1, 2, 2], health=[5, 5, 5, 3])
    assert str(agent.choose(s.observation(0), s.legal_actions())) == "attack 3"
