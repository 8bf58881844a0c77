"""Dark Omen kills, Conspiracy of Ravens, Skulking Ravens, Raven players, pecks and the return to human form."""

from game.games.nevermore.rules import events as ev
from tests.nevermore.helpers import asked, game, H, legal, of, play, settle


def test_dark_omen_kill_is_chosen_secretly_and_cancels_a_card():
    s = game([H("AHRVX"), H("AAHRR"), H("HHRVV")])
    assert s.current_player() == 0
    assert legal(s) == ["kill attack", "kill healing", "kill radiance", "kill victory"]
    obs1 = s.observation(1)
    play(s, "kill victory")
    assert s.observation(1).my_kills == () and s.observation(0).my_kills == ("victory",)
    assert obs1.kills_locked is False
    # Attack: seat 1 has 2, seat 0 has 1 -> seat 1 attacks for 1.
    events = play(s, "attack 2")
    # Victory: seat 0's Victory card is killed; seat 2 leads with 2 alone.
    victory = [e for e in of(s.events + events, ev.SuitPlayed) if e.suit == "victory"]
    assert [e.leaders for e in victory] == [(2,)]
    assert s.vp[2] == 2 and s.vp[0] == 0


def test_only_one_kill_option_is_not_asked():
    s = game([H("AAAXX"), H("AHHRR"), H("HRRVV")])
    # Seat 0's two Ravens must kill two Attack cards: 1 Attack counts, tying seat 1.
    assert s.kills[0] == ["attack", "attack"]
    assert s.current_player() == 0 and legal(s) == ["attack 1", "attack 2"]  # tied with seat 1


def test_suit_played_reveals_kills_and_counts():
    s = game([H("AAAXX"), H("AHHRR"), H("HRRVV")])
    played = of(s.opening_events, ev.SuitPlayed)[0]
    assert played.suit == "attack"
    assert played.played[0] == ("attack", "attack", "attack")
    assert played.killed[0] == ("attack", "attack")
    assert played.counts == (1, 1, 0) and played.leaders == (0, 1) and played.power == 1


def test_conspiracy_of_ravens_ends_the_hand():
    s = game([H("XXXXX"), H("AAAHH"), H("VVVRR")], variant="standard", magick=[[], [], []])
    # Hand 1 was resolved at once: no suit was revealed, 1 damage to each other human, 1 Shadow, 1 VP.
    assert s.hand_no == 2
    assert s.health == [5, 4, 4]
    assert s.vp == [1, 0, 0]
    assert len(s.magick[0]) == 1 and s.stats["hands"] == 1


def test_two_conspiracies_both_resolve():
    s = game([H("XXXXX"), H("XXXXX"), H("AAAHH"), H("VVVRR")], variant="standard",
             magick=[[], [], [], []])
    assert s.vp[:2] == [1, 1]
    assert s.health == [4, 4, 3, 3]


def test_skulking_ravens_draw_shadow_by_margin():
    s = game([H("XXXAV"), H("XXXXA"), H("HHRRV")], variant="standard", magick=[[], [], []],
             tokens=("healing", "radiance", "victory", "attack"))
    # Seat 0: 3 Ravens kill A and V -> 1 skulking; seat 1: 4 kill A -> 3 skulking: draws 3 - 1 = 2 Shadow.
    skulking = of(s.opening_events, ev.SkulkingRavens)[0]
    assert skulking.remaining == (1, 3, 0) and skulking.leaders == (1,) and skulking.power == 2
    settle(s)
    assert s.hand_no == 2
    assert len(s.magick[1]) == 2 and len(s.magick[0]) == 0


def test_raven_leader_blocks_and_pecks_second_most():
    s = game([H("AAAVV"), H("AHHRR"), H("HRRVV")], ravens=[True, False, False])
    assert s.current_player() == 0 and legal(s) == ["peck", "no peck"]
    events = play(s, "peck")
    assert [(e.target, e.amount, e.cause) for e in of(events, ev.Damaged)] == [(1, 1, "peck")]


def test_uncontested_raven_pecks_every_human_all_or_none():
    s = game([H("AAAVV"), H("HHHRR"), H("HRRVV")], ravens=[True, False, False])
    assert asked(s)[3] == (1, 2)
    events = play(s, "no peck")
    assert not of(events, ev.Damaged)


def test_raven_leading_victory_blocks_human_vp():
    s = game([H("VVAHR"), H("VVHHR"), H("VRRAH")], ravens=[True, False, False],
             tokens=("victory", "attack", "healing", "radiance"))
    assert asked(s)[0] == "peck" and asked(s)[3] == (2,)
    play(s, "no peck")
    assert s.vp == [0, 0, 0]


def test_raven_draws_light_for_radiance_but_no_peck():
    s = game([H("RRRAA"), H("RHHVV"), H("AHHVV")], variant="standard", ravens=[True, False, False],
             tokens=("radiance", "victory", "attack", "healing"), magick=[[], [], []])
    assert len(s.magick[0]) == 2


def test_raven_returns_with_one_of_each_suit():
    s = game([H("AHRVX"), H("AAHRR"), H("HHRVV")], ravens=[True, False, False], vp=[3, 0, 0])
    while not s.hand_no == 2:
        s.apply(s.legal_actions()[0])
    assert not s.raven[0] and s.health[0] == 4 and s.vp[0] == 3


def test_raven_returns_with_five_of_a_kind():
    s = game([H("AAAAA"), H("HHRRV"), H("HRRVV")], ravens=[True, False, False])
    # Uncontested Raven Attack: peck all or none.
    play(s, "no peck")
    assert s.hand_no == 2 and not s.raven[0]


def test_raven_vp_is_frozen_until_return():
    s = game([H("VVVAA"), H("HHRRA"), H("HRRAV")], ravens=[True, False, False], vp=[6, 0, 0],
             tokens=("victory", "attack", "healing", "radiance"))
    assert not s.is_terminal()
    assert s.vp[0] == 6
