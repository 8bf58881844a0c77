"""Every AI level plays legal moves; the heuristics beat random play."""

from game.core.match import make_agent, simulate
from tests.nevermore.helpers import SPEC, H, game, params


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
    s = game([H("AAAXV"), H("HHRRV"), H("RRVVH")], drafted=False)
    agent = make_agent(SPEC, "normal", 0, 1, params("no-magick"))
    action = agent.choose(s.observation(0), s.legal_actions())
    assert "raven" in action.cards and action.cards.count("attack") <= 1


def test_normal_attacks_the_vp_leader_or_a_player_it_can_finish():
    s = game([H("AAAVV"), H("HHRRV"), H("RRVVH"), H("RRVVH")], vp=[0, 1, 4, 2])
    agent = make_agent(SPEC, "normal", 0, 1, params("no-magick"))
    assert str(agent.choose(s.observation(0), s.legal_actions())) == "attack 2"
    s = game([H("AAAVV"), H("HHRRV"), H("RRVVH"), H("RRVVH")], vp=[0, 1, 2, 2], health=[5, 5, 5, 3])
    assert str(agent.choose(s.observation(0), s.legal_actions())) == "attack 3"
