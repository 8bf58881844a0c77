"""The draft: three secret, simultaneous passing rounds, the direction, and illegal actions."""

import pytest

from game.core.contracts import IllegalActionError
from game.games.nevermore.rules import events as ev
from game.games.nevermore.rules.actions import PassCards
from tests.nevermore.helpers import H, game, legal, of, play


def _draft_game():
    return game([H("AAAHH"), H("RRRVV"), H("XXXVA")], drafted=False)


def test_pass_options_are_distinct_sets_of_three():
    s = _draft_game()
    assert s.current_player() == 0
    assert legal(s) == ["pass attack+attack+attack", "pass attack+attack+healing", "pass attack+healing+healing"]


def test_passes_are_secret_until_everyone_commits_then_go_left():
    s = _draft_game()
    events = play(s, "pass attack+attack+attack")
    assert of(events, ev.PassCommitted) == [ev.PassCommitted(0, 0)]
    o1 = s.observation(1)
    assert o1.committed == (True, False, False) and o1.my_pass is None
    assert s.observation(0).my_pass == ("attack", "attack", "attack")
    assert o1.hand == ("radiance", "radiance", "radiance", "victory", "victory")
    play(s, "pass radiance+radiance+radiance")
    events = play(s, "pass raven+raven+raven")
    passed = of(events, ev.CardsPassed)
    assert {(e.giver, e.receiver) for e in passed} == {(0, 1), (1, 2), (2, 0)}
    assert s.hands[1].count("attack") == 3 and s.hands[0].count("raven") == 3
    assert all(len(h) == 5 for h in s.hands)
    # Seat 2 sees what it received, not what seat 0 passed to seat 1.
    seen = [e.seen_by(2) for e in passed]
    assert [e.cards for e in seen if (e.giver, e.receiver) == (0, 1)] == [None]
    assert [e.cards for e in seen if (e.giver, e.receiver) == (1, 2)] == [("radiance",) * 3]
    assert s.observation(2).pass_log == ((0, 1, 2, ("radiance",) * 3), (0, 2, 0, ("raven",) * 3))


def test_three_rounds_pass_three_two_one_then_resolution():
    s = _draft_game()
    play(s, "pass attack+attack+attack", "pass radiance+radiance+radiance", "pass raven+raven+raven")
    sizes = []
    for _ in range(3):
        sizes.append(len(s.legal_actions()[0].cards))
        s.apply(s.legal_actions()[0])
    assert sizes == [2, 2, 2]
    for _ in range(3):
        sizes.append(len(s.legal_actions()[0].cards))
        s.apply(s.legal_actions()[0])
    assert sizes[3:] == [1, 1, 1]
    assert s.draft_round == -1 and all(len(h) == 5 for h in s.hands)


def test_direction_flips_and_dealer_moves_each_hand():
    s = game([H("AAAHH"), H("RRRVV"), H("HHRVA")], dealer=2)
    assert (s.dealer, s.direction) == (2, 1)
    while s.hand_no == 1:
        s.apply(s.legal_actions()[0])
    assert (s.dealer, s.direction) == (0, -1)
    # Priority order now starts right of the dealer: seat 2 first, the dealer (0) last.
    assert s.order() == (2, 1, 0)
    assert all(len(h) == 5 for h in s.hands)


def test_illegal_action_raises_and_changes_nothing():
    s = _draft_game()
    before = [s.observation(i) for i in range(3)]
    with pytest.raises(IllegalActionError):
        s.apply(PassCards(("victory", "victory", "victory")))
    with pytest.raises(IllegalActionError):
        s.apply(PassCards(("attack", "attack")))
    assert [s.observation(i) for i in range(3)] == before


def test_illegal_attack_target_raises():
    s = game([H("AAAVV"), H("AHHRR"), H("HRRVV")])
    before = s.observation(0)
    with pytest.raises(IllegalActionError):
        play(s, "attack 0")
    assert s.observation(0) == before
