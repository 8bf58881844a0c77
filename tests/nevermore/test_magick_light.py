"""Every Light Magick card, through the data-driven interpreter."""

import random

from game.games.nevermore.rules import events as ev
from tests.nevermore.helpers import asked, game, H, legal, of, play, settle, SPEC


def mgame(hands, magick, **kw):
    return game(hands, variant="standard", magick=magick, **kw)


def test_mourning_rose_counts_as_two_healing():
    s = mgame([H("HAVRR"), H("HHAAV"), H("RRVVA")], [["mourning_rose"], [], []], health=[2, 5, 5])
    assert asked(s)[:3] == ("magick", 0, "after_draft")
    assert legal(s) == ["play mourning_rose", "no magick"]
    events = play(s, "play mourning_rose")
    assert of(events, ev.CardAdded)[0].card == "m:mourning_rose:healing:2"
    events += play(s, "attack 2") if asked(s) and asked(s)[0] == "attack" else []
    # Healing: seat 0 counts 3 vs 2 -> heals 1.
    healed = [e for e in of(events + settle(s), ev.Healed) if e.seat == 0]
    assert healed and healed[0].amount == 1


def test_dawnglass_shard_counts_as_one_radiance():
    s = mgame([H("RAAHV"), H("HHAVV"), H("HAAVV")], [["dawnglass_shard"], [], []],
              tokens=("radiance", "attack", "healing", "victory"))
    events = play(s, "play dawnglass_shard")
    played = of(events, ev.SuitPlayed)[0]
    assert played.counts == (2, 0, 0) and len(s.magick[0]) == 2  # drew 2 Light


def test_pilgrims_chalice_borrowed_power_caps_victory_vp_at_one():
    s = mgame([H("VVVAA"), H("HHRRA"), H("HRRAH")], [["pilgrims_chalice"], [], []],
              tokens=("victory", "attack", "healing", "radiance"))
    events = play(s, "play pilgrims_chalice")
    assert of(events, ev.SuitPlayed)[0].power == 4
    assert s.vp[0] == 1


def test_vigil_candle_prevents_two_of_an_attack():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["vigil_candle"], [], []])
    play(s, "attack 0")
    assert asked(s)[:3] == ("respond", 0, "respond_damage")
    events = play(s, "play vigil_candle")
    assert [e.amount for e in of(events, ev.DamagePrevented)] == [2]
    assert [e.amount for e in of(events, ev.Damaged)] == [1]


def test_vigil_candle_raven_shields_a_human():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [[], [], ["vigil_candle"]], ravens=[False, False, True])
    play(s, "attack 0")
    assert asked(s)[:2] == ("respond", 2)
    events = play(s, "play vigil_candle")
    assert of(events, ev.MagickPlayed)[0].raven
    assert [e.amount for e in of(events, ev.Damaged)] == [1]


def test_seraphs_feather_only_against_transforming_damage():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["seraphs_feather"], [], []], health=[2, 5, 5])
    play(s, "attack 0")
    events = play(s, "play seraphs_feather")
    assert not of(events, ev.Damaged) and not s.raven[0]
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["seraphs_feather"], [], []], health=[5, 5, 5])
    events = play(s, "attack 0")
    assert of(events, ev.Damaged)[0].amount == 3  # not offered: it would not transform


def test_shroud_of_sanctuary_blocks_attack_damage():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["shroud_of_sanctuary"], [], []])
    assert asked(s)[:3] == ("magick", 0, "before_suit:attack")
    play(s, "play shroud_of_sanctuary")
    events = play(s, "attack 0")
    assert not of(events, ev.Damaged) and of(events, ev.DamagePrevented)
    assert s.health[0] == 5


def test_hallowed_threshold_wards_against_targeting():
    s = mgame([H("HHRRV"), H("AHRVV"), H("HRRVA")], [["hallowed_threshold"], ["midnight_thorn"], []])
    play(s, "play hallowed_threshold")
    assert asked(s)[:2] == ("magick", 1)
    assert legal(s) == ["play midnight_thorn on 2", "no magick"]


def test_hallowed_threshold_raven_wards_a_human():
    s = mgame([H("HHRRV"), H("AHRVV"), H("HRRVA")], [["hallowed_threshold"], [], []],
              ravens=[True, False, False])
    assert legal(s) == ["play hallowed_threshold on 1", "play hallowed_threshold on 2", "no magick"]
    play(s, "play hallowed_threshold on 2")
    assert s.wards == {2}


def test_purifying_flame_burns_a_raven_before_kills():
    s = mgame([H("AAAXV"), H("HHRRV"), H("HRRVV")], [["purifying_flame"], [], []])
    events = play(s, "play purifying_flame")
    assert of(events, ev.CardsDiscarded)[0].cards == ("raven",)
    assert "raven" not in s.hands[0] and s.kills[0] == []
    assert asked(s)[:2] == ("attack", 0) and asked(s)[2] == 3


def test_purifying_flame_raven_presses_a_raven_on_a_human():
    s = mgame([H("AAXXV"), H("HHRRV"), H("HRRVV")], [["purifying_flame"], [], []], ravens=[True, False, False])
    play(s, "play purifying_flame on 1")
    assert s.hands[1].count("raven") == 1 and s.hands[0].count("raven") == 1


def test_tincture_of_dawn_heals_two_between_suits():
    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHV")], [["tincture_of_dawn"], [], []], health=[2, 5, 5])
    assert asked(s)[:3] == ("magick", 0, "before_suit:attack")
    events = play(s, "play tincture_of_dawn")
    assert of(events, ev.Healed)[0].amount == 2


def test_tincture_of_dawn_raven_sees_hidden_tokens():
    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHV")], [["tincture_of_dawn"], [], []], ravens=[True, False, False],
              tokens_face_up=False)
    assert s.observation(0).tokens[1] is None
    play(s, "play tincture_of_dawn")
    assert s.observation(0).tokens == tuple(s.tokens) and s.observation(1).tokens[1] is None


def test_laurel_of_the_unbroken_at_end_of_resolution():
    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHV")], [["laurel_of_the_unbroken"], [], []])
    play(s, "attack 2")  # seat 1 attacks seat 2, seat 0 is unharmed
    while asked(s) and asked(s)[:3] != ("magick", 0, "end_of_resolution"):
        s.apply(s.legal_actions()[-1])
    vp = s.vp[0]
    play(s, "play laurel_of_the_unbroken")
    assert s.vp[0] == vp + 1


def test_laurel_not_offered_when_harmed():
    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHV")], [["laurel_of_the_unbroken"], [], []])
    play(s, "attack 0")
    while s.hand_no == 1:
        if asked(s)[:2] == ("magick", 0):
            assert "play laurel_of_the_unbroken" not in legal(s)
        s.apply(s.legal_actions()[-1])


def test_augurs_lantern_sees_tokens_and_a_hand_during_the_draft():
    s = mgame([H("AAAHH"), H("RRRVV"), H("XXXVA")], [["augurs_lantern"], [], []], drafted=False,
              tokens_face_up=False)
    assert asked(s)[:3] == ("magick", 0, "draft")
    assert legal(s) == ["play augurs_lantern on 1", "play augurs_lantern on 2", "no magick"]
    events = play(s, "play augurs_lantern on 2")
    seen = of(events, ev.HandSeen)[0]
    assert seen.cards == ("victory", "attack", "raven", "raven", "raven") or sorted(seen.cards) == sorted(H("XXXVA"))
    assert seen.seen_by(1).cards is None
    assert s.observation(0).tokens == tuple(s.tokens)
    assert s.observation(0).peeks[0][1] == 2


def test_lamp_in_the_window_heals_self_and_another():
    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHV")], [["lamp_in_the_window"], [], []], health=[3, 3, 5])
    assert legal(s)[:2] == ["play lamp_in_the_window on 1", "play lamp_in_the_window on 2"]
    events = play(s, "play lamp_in_the_window on 1")
    assert [(e.seat, e.amount) for e in of(events, ev.Healed)] == [(0, 1), (1, 1)]


def test_lamp_in_the_window_raven_adds_a_wild():
    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHX")], [["lamp_in_the_window"], [], []], ravens=[True, False, False])
    assert "play lamp_in_the_window as attack" in legal(s)
    play(s, "play lamp_in_the_window as attack")
    assert "m:lamp_in_the_window:attack:1:named" in s.hands[0]
    assert s.observation(0).added[0] == ("m:lamp_in_the_window:attack:1:named",)


def test_a_suit_named_in_secret_stays_hidden_from_the_others_until_it_is_called():
    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHX")], [["lamp_in_the_window"], [], []], ravens=[True, False, False])
    events = play(s, "play lamp_in_the_window as victory")
    names = ["Ann", "Boris", "Cleo"]
    assert "Lamp in the Window (a suit named in secret x1) joins Ann's hand." in \
        [SPEC.describe(e.seen_by(1), names) for e in events]
    for seat in (1, 2, None):
        assert "victory" not in repr([e.seen_by(seat) for e in events])
        view = s.observation(seat)
        assert view.added[0] == ("m:lamp_in_the_window:?:1:named",) and "lamp_in_the_window:victory" not in repr(view)
    worlds = [SPEC.sample_state(s.observation(1), random.Random(seed)) for seed in range(40)]
    guessed = {next(c for c in w.hands[0] if c.startswith("m:")) for w in worlds}
    assert len(guessed) > 1 and all(w.observation(1) == s.observation(1) for w in worlds)
    settle(s)
    while s.current_suit != "victory" and asked(s) is not None:
        s.apply(s.legal_actions()[0])
    shown = [played[0] for suit, played, _ in s.observation(1).revealed_log if suit == "victory"]
    assert shown and "m:lamp_in_the_window:victory:1:named" in shown[0]


def test_windows_skip_seats_with_nothing_playable():
    # Only PLAY AT ANY TIME cards in hand: no window asks anybody; the first decision is the Attack.
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["vigil_candle"], ["hush_of_the_crypt"], []])
    assert asked(s)[0] == "attack"


def test_ward_keeps_a_player_out_of_every_other_human_damage():
    s = mgame([H("HRRVV"), H("AHHVV"), H("ARRHV")], [["crimson_miasma"], ["hallowed_threshold"], []],
              tokens=("attack", "healing", "radiance", "victory"))
    play(s, "play hallowed_threshold")
    events = play(s, "play crimson_miasma")
    assert [e.target for e in of(events, ev.Damaged)] == [2]


def test_mirror_cannot_strike_back_at_a_warded_source():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["drowned_mirror"], ["hallowed_threshold"], []])
    play(s, "play hallowed_threshold")
    play(s, "attack 0")
    events = play(s, "play drowned_mirror")
    assert [(e.target, e.amount) for e in of(events, ev.Damaged)] == [(0, 2)]


def test_shroud_of_sanctuary_ends_when_attack_has_resolved():
    s = mgame([H("HHRRV"), H("AAAVV"), H("HRRVV")], [["shroud_of_sanctuary"], ["midnight_thorn"], []])
    play(s, "play shroud_of_sanctuary")
    settle(s)
    play(s, "attack 0")
    assert s.health[0] == 5
    while not (asked(s)[:2] == ("magick", 1) and asked(s)[2] == "after_suit:attack"):
        play(s, "no magick")
    events = play(s, "play midnight_thorn on 0")
    events += settle(s)
    assert [(e.target, e.amount) for e in of(events, ev.Damaged)] == [(0, 1)] and not of(events, ev.DamagePrevented)


def test_every_level_plays_on_with_a_card_named_in_secret_in_a_hand():
    from game.core.config import params_of
    from game.core.match import make_agent

    s = mgame([H("HRRVV"), H("AAHVV"), H("ARRHX")], [["lamp_in_the_window"], [], []], ravens=[True, False, False])
    params = params_of(s.config)
    play(s, "play lamp_in_the_window as victory")
    for level in ("easy", "normal", "hard"):
        world = s.clone()
        agents = [make_agent(SPEC, level, seat, 1, params, budget=8) for seat in range(3)]
        for _ in range(40):
            if world.is_terminal():
                break
            seat = world.current_player()
            world.apply(agents[seat].choose(world.observation(seat), world.legal_actions()))
