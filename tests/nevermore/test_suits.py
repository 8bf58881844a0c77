"""Literal scenarios for each suit and each special hand (no Magick)."""

from game.games.nevermore.rules import events as ev
from tests.nevermore.helpers import H, game, legal, of, play


def test_attack_power_is_most_minus_next_and_leader_chooses_target():
    # Seat 0: 3 Attack, seat 1: 1 Attack, seat 2: none.
    s = game([H("AAAVV"), H("AHHRR"), H("HHRRV")])
    assert s.current_player() == 0
    assert legal(s) == ["attack 1", "attack 2"]
    events = play(s, "attack 2")
    dmg = of(events, ev.Damaged)[0]
    assert (dmg.source, dmg.target, dmg.amount, dmg.health) == (0, 2, 2, 3)
    assert s.health == [5, 5, 5]  # Healing follows: seats 1 and 2 tie on 2 and heal 2


def test_tied_leaders_act_nearest_dealer_first_dealer_last():
    # Dealer is seat 1, passing left: order 2, 0, 1. Seats 0 and 1 tie on 2 Attack; seat 2 has 1.
    s = game([H("AARRV"), H("AAHHV"), H("AHHRV")], dealer=1)
    assert s.current_player() == 0  # seat 2 is not a leader; 0 precedes the dealer (1)
    first = play(s, "attack 2")
    assert s.current_player() == 1
    second = play(s, "attack 2")
    assert [e.health for e in of(first + second, ev.Damaged)] == [4, 3]


def test_second_most_ties_do_not_matter_and_attack_all_option():
    # 5 Attack vs 1 and 1: power 4 offers 1 damage to all for 2 VP.
    s = game([H("AAAAA"), H("AHHRV"), H("AHRVV"), H("HHRRV")])
    assert legal(s) == ["attack 1", "attack 2", "attack 3", "attack all"]
    events = play(s, "attack all")
    assert [(e.target, e.amount) for e in of(events, ev.Damaged)] == [(1, 1), (2, 1), (3, 1)]
    assert [e.amount for e in of(events, ev.VPGained) if e.seat == 0] == [2]
    assert s.vp[0] == 2


def test_attack_transformation_gives_vp():
    s = game([H("AAAVV"), H("HHRRV"), H("HRRVV")], health=[5, 2, 5])
    events = play(s, "attack 1")
    assert s.raven[1] and of(events, ev.BecameRaven)[0].by == 0
    assert s.vp[0] == 1 + 0  # the transformation VP; Victory later
    assert s.health[1] <= 0


def test_healing_capped_at_max_and_full_health_bonus():
    # Seat 0: 4 Healing vs 1 => heals 3 from 5 -> stays 5, gains 1 VP. Seat 1 at 3 Health.
    s = game([H("HHHHV"), H("HAARR"), H("ARRVV")], health=[5, 3, 5])
    events = play(s, "attack 0")  # seat 1 leads Attack with 2 vs 0 -> attacks seat 0 for 2
    # Healing: seat 0 at 3 heals 3 -> 5 (not at full before, so no bonus).
    assert s.health[0] == 5
    assert not [e for e in of(events, ev.VPGained) if e.cause == "healing_bonus"]


def test_healing_bonus_at_full_health():
    s = game([H("HHHAV"), H("ARRVV"), H("ARRVV")], tokens=("healing", "attack", "radiance", "victory"))
    # Healing resolves first (tokens given): seat 0 has 3 vs 0, already at 5.
    assert s.vp[0] == 1
    assert s.health[0] == 5


def test_healing_partial_heal():
    s = game([H("HHRRV"), H("HAAVV"), H("ARRVV")], health=[2, 5, 5],
             tokens=("healing", "attack", "radiance", "victory"))
    assert s.health[0] == 3  # 2 vs 1 => heals 1


def test_radiance_draws_light_magick_and_five_radiance_bonus():
    s = game([H("RRRRR"), H("RAHVV"), H("AAHHV")], variant="standard", health=[3, 5, 5],
             tokens=("radiance", "attack", "healing", "victory"), magick=[[], [], []])
    # Radiance resolves first: seat 0 has 5 vs 1 -> draws 4 Light; plays 5 => heals 2, 1 VP.
    assert len(s.magick[0]) == 4
    assert s.health[0] == 5 and s.vp[0] >= 1


def test_victory_tied_leaders_each_gain():
    s = game([H("VAAHH"), H("VRRHH"), H("VRRAA")], tokens=("victory", "attack", "healing", "radiance"))
    assert s.vp == [1, 1, 1]


def test_victory_margin():
    s = game([H("VVVAA"), H("VRRHH"), H("RRAAH")], tokens=("victory", "attack", "healing", "radiance"))
    assert s.vp[0] == 2 and s.vp[1] == 0


def test_no_cards_of_a_suit_means_no_power():
    s = game([H("VVVRR"), H("VRRHH"), H("RRHHV")], tokens=("attack", "victory", "healing", "radiance"))
    assert s.health == [5, 5, 5]
    assert s.vp == [2, 0, 0]  # 3 Victory vs 1 and 1: power 2
