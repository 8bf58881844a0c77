"""Every way a game of Nevermore ends."""

from tests.nevermore.helpers import H, game, play


def test_six_vp_wins_at_once():
    s = game([H("VVAAH"), H("HHRRA"), H("RRHAV")], vp=[5, 0, 0],
             tokens=("victory", "attack", "healing", "radiance"))
    assert s.is_terminal() and s.winners() == [0] and s.end_reason == "vp"
    assert s.revealed == 1  # nothing after Victory resolved


def test_simultaneous_six_vp_more_vp_wins():
    s = game([H("VVAAH"), H("VVRRA"), H("RRHAH")], vp=[5, 4, 0],
             tokens=("victory", "attack", "healing", "radiance"))
    assert s.winners() == [0]


def test_tie_on_vp_broken_by_health():
    s = game([H("VVAAH"), H("VVRRA"), H("RRHAH")], vp=[5, 5, 0], health=[3, 4, 5],
             tokens=("victory", "attack", "healing", "radiance"))
    assert s.winners() == [1]


def test_full_tie_plays_on():
    s = game([H("VVRRH"), H("VVRRH"), H("RAAAH")], vp=[4, 4, 0], health=[4, 4, 5],
             tokens=("victory", "radiance", "attack", "healing"))
    assert not s.is_terminal()
    assert s.vp[:2] == [6, 6]
    # Seat 2 attacks seat 1: 3 vs 0 -> the tie breaks on Health at once.
    play(s, "attack 1")
    assert s.winners() == [0]


def test_last_human_standing_wins():
    s = game([H("AAAVV"), H("HHRRV"), H("HRRVV")], health=[5, 3, 5], ravens=[False, False, True])
    play(s, "attack 1")
    assert s.winners() == [0] and s.end_reason == "last_human"


def test_peck_removing_the_last_humans_wins_for_the_raven():
    s = game([H("AAAVV"), H("HHRRV"), H("HRRVV")], health=[0, 1, 1], ravens=[True, False, False])
    play(s, "peck")
    assert s.winners() == [0] and s.end_reason == "peck" and not s.raven[0]


def test_no_humans_left_most_vp_wins():
    # A Raven's Conspiracy removes the last two humans: most VP wins.
    s = game([H("XXXXX"), H("AAHHV"), H("RRVVH")], health=[0, 1, 1], ravens=[True, False, False],
             vp=[0, 4, 1])
    # the Raven ends on 3 VP: 1 for each human it turns, and the Conspiracy's own 1 (which counts)
    assert s.is_terminal() and s.end_reason == "no_humans" and s.winners() == [1] and s.vp[0] == 3


def test_a_returning_raven_with_six_vp_wins():
    s = game([H("AHRVX"), H("AAHRR"), H("HHRVV")], ravens=[True, False, False], vp=[6, 0, 0])
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.winners() == [0] and s.end_reason == "vp" and s.hand_no == 1 and not s.raven[0]


def test_pecking_raven_transformation_vp_is_frozen_not_a_win():
    s = game([H("AAAVV"), H("HHRRV"), H("HRRVV"), H("RRVVH"), H("RRHHV")], health=[0, 1, 1, 5, 5],
             vp=[5, 0, 0, 0, 0], ravens=[True, False, False, False, False])
    play(s, "peck")  # uncontested: pecks every human; seats 1 and 2 fall
    assert s.vp[0] == 7 and not s.is_terminal() and s.raven[0]
