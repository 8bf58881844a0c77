"""Every Shadow Magick card, and the global Magick rules G1-G6 and open rulings R1-R14 that the engine keeps."""

from game.games.nevermore.rules import events as ev
from tests.nevermore.helpers import asked, game, H, legal, of, play, settle


def mgame(hands, magick, **kw):
    return game(hands, variant="standard", magick=magick, **kw)


def test_gravediggers_blade_counts_as_two_attack():
    s = mgame([H("AHRVV"), H("AAHRV"), H("HRRVV")], [["gravediggers_blade"], [], []])
    events = play(s, "play gravediggers_blade")
    played = of(events, ev.SuitPlayed)[0]
    assert played.counts == (3, 2, 0) and played.leaders == (0,) and played.power == 1


def test_gravediggers_blade_one_raven_kill_removes_both_counts():
    s = mgame([H("AXRVV"), H("AAHRV"), H("HRRVV")], [["gravediggers_blade"], [], []])
    play(s, "play gravediggers_blade")
    play(s, "kill m:gravediggers_blade:attack:2")
    assert s.suit_counts[0] == 1 or s.revealed_log[0][2][0] == ("m:gravediggers_blade:attack:2",)


def test_unbidden_guest_plants_a_raven_in_another_hand():
    s = mgame([H("AHRVV"), H("AAHRV"), H("HRRVV")], [["unbidden_guest"], [], []])
    assert legal(s)[:3] == ["play unbidden_guest on 0", "play unbidden_guest on 1", "play unbidden_guest on 2"]
    play(s, "play unbidden_guest on 1")
    assert "m:unbidden_guest:raven:1" in s.hands[1] and len(s.hands[1]) == 6
    assert asked(s)[:2] == ("kill", 1)  # seat 1's new Raven must kill one of its cards


def test_unbidden_guest_raven_keeps_it_as_any_suit():
    s = mgame([H("AHRVX"), H("AAHRV"), H("HRRVV")], [["unbidden_guest"], [], []], ravens=[True, False, False])
    assert "play unbidden_guest as victory" in legal(s)
    play(s, "play unbidden_guest as victory")
    assert "m:unbidden_guest:victory:1:named" in s.hands[0]


def test_midnight_thorn_deals_one_between_suits():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV")], [["midnight_thorn"], [], []])
    assert asked(s)[:3] == ("magick", 0, "before_suit:attack")
    events = play(s, "play midnight_thorn on 2")
    assert [(e.source, e.target, e.amount) for e in of(events, ev.Damaged)][0] == (0, 2, 1)
    assert 0 in s.dealt


def test_black_quill_only_at_players_with_as_many_vp():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV")], [["black_quill"], [], []], vp=[2, 1, 3])
    assert legal(s) == ["play black_quill on 2", "no magick"]
    events = play(s, "play black_quill on 2")
    assert of(events, ev.Damaged)[0].amount == 2


def test_crimson_miasma_hits_every_other_human():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV"), H("RRHHV")], [["crimson_miasma"], [], [], []],
              ravens=[False, False, False, True])
    events = play(s, "play crimson_miasma")
    assert [e.target for e in of(events, ev.Damaged)] == [1, 2]


def test_g5_two_humans_remain():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV")], [["crimson_miasma"], [], []], health=[5, 1, 1])
    events = play(s, "play crimson_miasma")
    assert not s.raven[1] and not s.raven[2] and s.health[1:] == [1, 1]
    assert len(of(events, ev.SpareFromRaven)) == 2


def test_g3_g4_magick_transformation_vp_is_capped():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV"), H("AHRVV")], [["crimson_miasma"], [], [], []],
              health=[5, 1, 1, 5], vp=[3, 0, 0, 0])
    play(s, "play crimson_miasma")
    assert s.raven[1] and s.raven[2]
    assert s.vp[0] == 4  # two transformations, one VP per card (G3)
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV"), H("AHRVV")], [["midnight_thorn"], [], [], []],
              health=[5, 1, 5, 5], vp=[5, 0, 0, 0])
    play(s, "play midnight_thorn on 1")
    assert s.raven[1] and s.vp[0] == 5 and not s.is_terminal()  # G4: not above 5 from Magick


def test_hush_cancels_and_hush_answers_hush_lifo():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV")], [["midnight_thorn"], ["hush_of_the_crypt"],
                                                      ["hush_of_the_crypt"]])
    play(s, "play midnight_thorn on 1")
    assert asked(s)[:3] == ("respond", 1, "respond_magick")
    play(s, "play hush_of_the_crypt")
    # Seat 2 may answer seat 1's Hush (seat 0 holds nothing).
    assert asked(s)[:3] == ("respond", 2, "respond_magick")
    events = play(s, "play hush_of_the_crypt")
    cancelled = of(events, ev.MagickCancelled)
    assert [(c.seat, c.card) for c in cancelled] == [(1, "hush_of_the_crypt")]
    assert [e.target for e in of(events, ev.Damaged)] == [1]


def test_hush_cancels_a_thorn():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV")], [["midnight_thorn"], ["hush_of_the_crypt"], []])
    play(s, "play midnight_thorn on 1")
    events = play(s, "play hush_of_the_crypt")
    assert of(events, ev.MagickCancelled) and not of(events, ev.Damaged)
    assert "midnight_thorn" in s.sdisc and "hush_of_the_crypt" in s.sdisc


def test_drowned_mirror_strikes_back_at_the_source():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["drowned_mirror"], [], []])
    play(s, "attack 0")
    events = play(s, "play drowned_mirror")
    assert sorted((e.source, e.target, e.amount) for e in of(events, ev.Damaged)) == [(0, 1, 1), (1, 0, 2)]


def test_drowned_mirror_raven_shifts_onto_another_human():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV"), H("HRRVA")], [[], [], ["drowned_mirror"], []],
              ravens=[False, False, True, False])
    play(s, "attack 0")
    assert legal(s) == ["play drowned_mirror on 1", "play drowned_mirror on 3", "no magick"]
    events = play(s, "play drowned_mirror on 3")
    assert sorted((e.target, e.amount) for e in of(events, ev.Damaged)) == [(0, 1), (3, 1)]


def test_pall_of_silence_empties_the_called_suit_and_spends_kills():
    s = mgame([H("AXHRV"), H("AAAHV"), H("HRRVV")], [["pall_of_silence"], [], []])
    play(s, "kill healing")
    assert asked(s)[:3] == ("magick", 0, "before_suit:attack")
    events = play(s, "play pall_of_silence")
    played = of(events, ev.SuitPlayed)[0]
    assert played.counts == (0, 0, 0) and played.leaders == ()
    assert s.skulk[0] == 0


def test_turning_wind_passes_every_hand_left():
    s = mgame([H("AAAAA"), H("HHHHH"), H("VVVVV")], [["turning_wind"], [], []])
    play(s, "play turning_wind")
    assert s.hands[1] == H("AAAAA") and s.hands[2] == H("HHHHH") and s.hands[0] == H("VVVVV")


def test_changelings_bargain_swaps_hands():
    s = mgame([H("AAAAA"), H("HHHHH"), H("VVVVV")], [["changelings_bargain"], [], []])
    play(s, "play changelings_bargain on 2")
    assert s.hands[0] == H("VVVVV") and s.hands[2] == H("AAAAA")


def test_sextons_toll_reorders_tokens_secretly():
    s = mgame([H("AAHRV"), H("HHRVV"), H("RAHVV")], [["sextons_toll"], [], []], tokens_face_up=False)
    assert "play sextons_toll as victory,attack,healing,radiance" in legal(s)
    events = play(s, "play sextons_toll as victory,attack,healing,radiance")
    assert s.tokens[0] == "victory" or s.revealed >= 1
    assert of(events, ev.TokenRevealed)[0].suit == "victory"
    assert s.revealed == 2  # Victory resolved, Attack revealed
    assert s.observation(1).tokens[2] is None and s.observation(0).tokens[2] == "healing"
    assert of(events, ev.MagickPlayed)[0].seen_by(1).choice == ""


def test_cutpurse_crow_steals_a_random_card():
    s = mgame([H("AAHRV"), H("HHHHH"), H("RAHVV")], [["cutpurse_crow"], [], []])
    play(s, "play cutpurse_crow on 1")
    assert len(s.hands[0]) == 6 and s.hands[0].count("healing") == 2 and len(s.hands[1]) == 4


def test_cutpurse_crow_raven_steals_magick():
    s = mgame([H("AAHRV"), H("HHHHV"), H("RAHVV")], [["cutpurse_crow"], ["black_quill"], []],
              ravens=[True, False, False])
    play(s, "play cutpurse_crow on 1")
    assert s.magick[0] == ["black_quill"] and s.magick[1] == []


def test_blood_tithe_after_dealing_damage():
    s = mgame([H("AAARV"), H("HHRRV"), H("RRHVV")], [["blood_tithe"], [], []])
    play(s, "attack 1")
    while asked(s) and asked(s)[:3] != ("magick", 0, "end_of_resolution"):
        s.apply(s.legal_actions()[-1])
    before = s.vp[0]
    play(s, "play blood_tithe")
    assert s.vp[0] == before + 1


def test_blood_tithe_raven_draws_shadow():
    s = mgame([H("AAARV"), H("HHRRV"), H("RRHVV")], [["blood_tithe"], [], []], ravens=[True, False, False])
    play(s, "peck")  # uncontested: pecks both humans, so it dealt damage this hand
    while asked(s) and asked(s)[:3] != ("magick", 0, "end_of_resolution"):
        s.apply(s.legal_actions()[-1])
    n = len(s.magick[0])
    play(s, "play blood_tithe")
    assert len(s.magick[0]) == n  # drew one Shadow, spent the Tithe


def test_conspiracy_skips_suit_windows_but_not_end_of_resolution():
    s = mgame([H("XXXXX"), H("AAHHV"), H("RRVVH")], [["midnight_thorn"], [], []])
    # The Thorn is a between-suits card: no window opens. The Conspiracy drew a card; at the end of
    # resolution only end_of_resolution cards may be played.
    assert s.revealed == 0
    if asked(s)[:3] == ("magick", 0, "end_of_resolution"):
        assert "play midnight_thorn on 1" not in legal(s)
    settle(s)
    assert s.hand_no == 2


def test_g6_borrowed_attack_all_gives_at_most_one_vp():
    s = mgame([H("AAAVH"), H("HHRRV"), H("HRRVV"), H("RRVVH")], [["gravediggers_blade"], [], [], []])
    play(s, "play gravediggers_blade")
    assert asked(s)[:3] == ("attack", 0, 5)
    events = play(s, "attack all")
    assert [e.amount for e in of(events, ev.VPGained) if e.seat == 0] == [1]


def test_r7_attack_all_vp_even_when_all_damage_is_prevented():
    s = mgame([H("AAAAA"), H("HHRRV"), H("HRRVV"), H("RRVVH")], [[], ["vigil_candle"], ["vigil_candle"],
                                                                 ["vigil_candle"]])
    play(s, "attack all")
    events = settle_respond(s)
    assert s.vp[0] == 2 and not of(events, ev.Damaged)


def settle_respond(s):
    out = []
    while asked(s) is not None and asked(s)[0] == "respond":
        out += play(s, legal(s)[0])
    return out
