"""An effect that ends the game resolves in full first (issue 19): a Conspiracy of Ravens keeps its Shadow draw
and VP, a 1-to-all Attack its 2 VP, a two-part Magick card both parts, and a card played in answer to an
effect's damage does not end the game before that effect has resolved."""

from __future__ import annotations

from game.games.nevermore.rules import NevermoreState
from game.games.nevermore.rules import events as ev
from tests.nevermore.helpers import asked, game, H, legal, of, play

SHADOW = ["midnight_thorn", "hush_of_the_crypt"]
"""A stacked Shadow deck: a Conspiracy draws the Thorn."""


def magick_game(hands: list[list[str]], magick: list[list[str]], **situation: object) -> NevermoreState:
    return game(hands, variant="standard", magick=magick, **situation)


def kinds(state: NevermoreState) -> list[str]:
    """The setting-up events by kind, to show the order the effect's parts came in."""
    return [type(e).__name__ for e in state.opening_events if not isinstance(e, (ev.HandStarted, ev.CardsDealt))]


def test_ravens_conspiracy_that_leaves_no_human_draws_and_scores_before_most_vp_wins() -> None:
    s = magick_game([H("XXXXX"), H("AAHHV"), H("RRVVH")], [[], [], []], shadow_deck=SHADOW,
                    ravens=[True, False, False], health=[0, 1, 1], vp=[3, 5, 4])
    # Both humans fall: 2 transformation VP (3 -> 5), then the Conspiracy's own VP (-> 6): seat 0 has the
    # most VP alone. Cut short after the damage, seat 0 would share the win with seat 1 at 5.
    assert s.is_terminal() and s.end_reason == "no_humans"
    assert s.vp == [6, 5, 4] and s.winners() == [0]
    assert s.magick[0] == ["midnight_thorn"] and s.sdeck == ["hush_of_the_crypt"]
    assert s.raven == [True, True, True]
    assert kinds(s)[-6:] == ["BecameRaven", "BecameRaven", "VPGained", "MagickDrawn", "VPGained", "GameOver"]


def test_humans_conspiracy_that_leaves_them_the_last_human_draws_and_scores() -> None:
    s = magick_game([H("XXXXX"), H("AAHHV"), H("RRVVH")], [[], [], []], shadow_deck=SHADOW,
                    ravens=[False, False, True], health=[2, 1, 0], vp=[4, 2, 3])
    # Seat 1 falls (4 -> 5 VP for seat 0), then the draw and the Conspiracy's VP (-> 6); seat 0 wins.
    assert s.is_terminal() and s.winners() == [0]
    assert s.vp == [6, 2, 3] and s.health == [2, 0, 0]
    assert s.magick[0] == ["midnight_thorn"] and s.sdeck == ["hush_of_the_crypt"]
    assert [(e.seat, e.amount, e.cause) for e in of(s.opening_events, ev.VPGained)] == [
        (0, 1, "transformation"), (0, 1, "conspiracy")]


def test_conspiracy_with_empty_shadow_deck_and_discards_draws_nothing_but_scores() -> None:
    s = magick_game([H("XXXXX"), H("AAHHV"), H("RRVVH")], [[], [], []], shadow_deck=[],
                    ravens=[True, False, False], health=[0, 1, 1], vp=[3, 5, 4])
    assert s.magick[0] == [] and not of(s.opening_events, ev.MagickDrawn)
    assert s.vp == [6, 5, 4] and s.winners() == [0]


def test_conspiracy_with_empty_shadow_deck_draws_from_its_shuffled_discards() -> None:
    s = magick_game([H("XXXXX"), H("AAHHV"), H("RRVVH")], [[], ["sextons_toll"], []], shadow_deck=[],
                    ravens=[True, False, False], health=[0, 1, 1], vp=[3, 5, 4])
    toll = next(a for a in legal(s) if a.startswith("play sextons_toll"))
    play(s, toll)  # the Toll goes to the Shadow discards; the Conspiracy's draw rebuilds the deck from them
    assert s.is_terminal() and s.winners() == [0] and s.vp == [6, 5, 4]
    assert s.magick[0] == ["sextons_toll"] and s.sdeck == [] and s.sdisc == []


def test_attack_all_that_leaves_the_attacker_last_human_keeps_its_two_vp() -> None:
    s = game([H("AAAAA"), H("HHRRV"), H("RRVVH")], health=[5, 1, 1])
    play(s, "attack all")
    # Two transformations (+2), then the 1-to-all choice's own 2 VP.
    assert s.is_terminal() and s.winners() == [0] and s.vp == [4, 0, 0]


def test_attack_all_vp_counts_before_a_tie_on_six_vp_is_broken_by_its_damage() -> None:
    s = magick_game([H("AAAAA"), H("HHRRV"), H("RRVVH"), H("HRRVV")], [[], ["vigil_candle"], [], []],
                    vp=[5, 6, 6, 0], health=[5, 3, 3, 5])
    play(s, "attack all", "play vigil_candle")
    # Seats 1 and 2 were tied (6 VP, 3 Health); the Candle keeps seat 1 at 3 while seat 2 drops to 2. Checked
    # mid-effect, seat 1 would win on Health; the whole effect gives seat 0 its 2 VP first: 7 VP wins.
    assert s.is_terminal() and s.winners() == [0] and s.vp[0] == 7


def test_lamp_in_the_window_heals_both_before_the_win_check() -> None:
    s = magick_game([H("HHRRV"), H("HRRVV"), H("AAAAH")], [["lamp_in_the_window"], [], []],
                    vp=[6, 6, 0], health=[3, 3, 5])
    play(s, "play lamp_in_the_window on 1")
    # Seats 0 and 1 tie on 6 VP and 3 Health. The card heals both by 1 as one effect, so the tie holds and
    # play goes on; a check between its two heals would have given seat 0 the game on Health.
    assert not s.is_terminal() and s.health == [4, 4, 5]
    assert asked(s) is not None and asked(s)[:2] == ("attack", 2)


def test_mirror_answering_a_conspiracy_does_not_end_the_game_before_it_resolves() -> None:
    s = magick_game([H("XXXXX"), H("AAHHV"), H("RRVVH")], [[], ["drowned_mirror"], []], shadow_deck=SHADOW,
                    vp=[6, 6, 0], health=[5, 5, 5])
    assert asked(s) is not None and asked(s)[:2] == ("respond", 1)
    play(s, "play drowned_mirror")
    # Seats 0 and 1 were tied (6 VP, 5 Health). The Mirror turns the Conspiracy's point on seat 1 back on
    # seat 0 (4 Health), which would break the tie for seat 1, but the Conspiracy is still resolving: its
    # draw and VP come first, and seat 0 wins on 7 VP.
    assert s.is_terminal() and s.winners() == [0]
    assert s.vp == [7, 6, 0] and s.health == [4, 5, 4] and s.magick[0] == ["midnight_thorn"]
