"""Spectral Reapers: a literal scenario for every rule."""

from dataclasses import replace

import pytest

from game.core.contracts import TERMINAL, IllegalActionError, find_action
from game.games.spectral_reapers.spec import SPEC
from game.games.spectral_reapers.rules import (
    CAPTURE, PLACE, SOW, BeadCaptured, BeadSown, BeadsPlaced, CaptureAction, CaptureEarned,
    ExtraTurn, GameEnded, PitLifted, PlaceAction, SowAction, SowingPhaseBegan,
    TurnPassed, new_game,
)
from game.games.spectral_reapers.rules.config import STANDARD
from tests.spectral_reapers.boards import from_board


def board(pits, **kw):
    kw.setdefault("players", 2)
    return from_board(pits, **kw)


def act(state, text):
    return state.apply(find_action(state, text))


# ------------------------------------------------------------------------------------------ placement


def test_placement_actions_are_three_distinct_pits_of_three_or_four():
    state = new_game(STANDARD, 2, 1, starting_player=0)
    legal = state.legal_actions()
    assert len(legal) == 4 * 3  # C(4,3) pit sets x (3,4,4) (4,3,4) (4,4,3)
    for action in legal:
        pits = [p for p, _ in action.placements]
        counts = [c for _, c in action.placements]
        assert len(set(pits)) == 3 and pits == sorted(pits)
        assert sorted(counts) == [3, 4, 4]
    six = new_game(STANDARD, 6, 1)
    assert len(six.legal_actions()) == 220 * 3


def test_placement_in_turn_then_the_starting_player_sows_first():
    state = new_game(STANDARD, 3, 5, starting_player=2)
    assert state.current_player() == 2 and state.phase == PLACE
    events = act(state, "place 0:4 1:3 2:4")
    assert events[0] == BeadsPlaced(2, 2, ((0, 4), (1, 3), (2, 4)))
    assert state.current_player() == 0  # clockwise: seat 2 -> seat 0
    act(state, "place 0:3 3:4 5:4")  # sharing pit 0 with another colour is allowed
    assert state.pits[0] == [3, 0, 4]
    events = act(state, "place 1:4 2:4 4:3")
    assert SowingPhaseBegan(2) in events
    assert state.phase == SOW and state.current_player() == 2
    assert [sum(p[c] for p in state.pits) for c in range(3)] == [11, 11, 11]


@pytest.mark.parametrize("placements", [
    ((0, 5), (1, 3), (2, 3)),          # five in one pit
    ((0, 4), (1, 4), (2, 2), (3, 1)),  # four pits
    ((0, 4), (1, 4)),                  # two pits, eight beads
    ((0, 4), (0, 3), (2, 4)),          # the same pit twice
    ((2, 4), (0, 3), (1, 4)),          # not in the canonical (sorted) form
])
def test_illegal_placements_raise_and_change_nothing(placements):
    state = new_game(STANDARD, 2, 1, starting_player=0)
    before = state.observation(0)
    with pytest.raises(IllegalActionError):
        state.apply(PlaceAction(placements))
    assert state.observation(0) == before


def test_placement_limits_follow_the_variant():
    state = new_game(replace(STANDARD, beads_per_player=14, placement_min=4, placement_max=5), 2, 1)
    assert {tuple(sorted(c for _, c in a.placements)) for a in state.legal_actions()} == {(4, 5, 5)}


# ---------------------------------------------------------------------------------------------- sowing


def test_a_lap_skips_the_emptied_pit_and_turn_passes_clockwise():
    state = board(["RRRGG", "G", "GG", "G"])
    legal = [a for a in state.legal_actions() if a.pit == 0]
    assert all(len(a.order) == 5 and not a.left for a in legal)
    events = act(state, "sow 0 order=RGRGR")
    sown = [e for e in events if isinstance(e, BeadSown)]
    assert events[0] == PitLifted(0, 0, (3, 2))
    assert [e.pit for e in sown] == [1, 2, 3, 1, 2]  # never back into pit 0
    assert [e.colour for e in sown] == [0, 1, 0, 1, 0]
    assert sown[-1].last and sown[-1].left == 0 and [e.index for e in sown] == [1, 2, 3, 4, 5]
    assert state.pits == [[0, 0], [1, 2], [1, 3], [1, 1]]
    # The last bead (R) made pit 2 hold one R: no capture, the turn passes clockwise.
    assert events[-1] == TurnPassed(0, 1) and state.current_player() == 1


def test_sowing_from_the_last_pit_wraps_to_pit_0_and_skips_the_lifted_pit():
    # Rule: sowing starts in the next pit counter-clockwise, so from the last pit (3 of 4) it wraps to pit 0;
    # five beads go round the three other pits and on: 0, 1, 2, 0, 1, never back into pit 3.
    state = board(["G", "GG", "G", "RRRGG"])
    events = act(state, "sow 3 order=RGRGR")
    assert events[0] == PitLifted(0, 3, (3, 2))
    sown = [e for e in events if isinstance(e, BeadSown)]
    assert [e.pit for e in sown] == [0, 1, 2, 0, 1]
    assert [e.colour for e in sown] == [0, 1, 0, 1, 0]
    assert [e.left for e in sown] == [4, 3, 2, 1, 0] and sown[-1].last
    assert state.pits == [[1, 2], [1, 3], [1, 1], [0, 0]]
    # The last bead (R) left pit 1 with one R: no capture, the turn passes.
    assert not any(isinstance(e, CaptureEarned) for e in events)
    assert events[-1] == TurnPassed(0, 1) and state.current_player() == 1


def test_capture_earned_by_the_last_bead_of_a_second_lap():
    # Rule: six beads from pit 1 go round the three other pits twice (2, 3, 0, 2, 3, 0), skipping pit 1 on
    # the second lap; the last bead (R) makes pit 0 hold exactly two R: a capture, then an extra turn.
    state = board(["RG", "RRRGGG", "G", "GG"])
    events = act(state, "sow 1 order=RRGGGR")
    sown = [e for e in events if isinstance(e, BeadSown)]
    assert [e.pit for e in sown] == [2, 3, 0, 2, 3, 0]
    assert [e.colour for e in sown] == [0, 0, 1, 1, 1, 0] and sown[-1].last
    assert state.pits == [[2, 2], [0, 0], [1, 2], [1, 3]]
    assert events[-1] == CaptureEarned(0, 0)
    assert state.phase == CAPTURE and state.current_player() == 0
    assert [str(a) for a in state.legal_actions()] == ["capture 0 R", "capture 0 G"]
    events = act(state, "capture 0 G")
    assert events == [BeadCaptured(0, 0, 1), ExtraTurn(0)]
    assert state.pits[0] == [2, 1] and state.captured == [[0, 1], [0, 0]]
    assert state.phase == SOW and state.current_player() == 0


def test_a_move_must_lift_a_pit_holding_ones_own_colour():
    state = board(["GG", "RR", "G", "RG"])
    assert {a.pit for a in state.legal_actions()} == {1, 3}
    before = state.observation(0)
    for bad in (SowAction(0, "GG"), SowAction(1, "R"), SowAction(1, "RRR"), SowAction(3, "RR"),
                CaptureAction(1, 0), PlaceAction(((0, 4), (1, 3), (2, 4)))):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert state.observation(0) == before


def test_capture_of_an_own_bead_then_an_extra_turn():
    state = board(["RG", "GG", "RG", "RRG"])
    events = act(state, "sow 0 order=GR")
    assert CaptureEarned(0, 2) in events
    assert state.phase == CAPTURE and state.current_player() == 0
    assert [str(a) for a in state.legal_actions()] == ["capture 2 R", "capture 2 G"]
    events = act(state, "capture 2 R")
    assert events == [BeadCaptured(0, 2, 0), ExtraTurn(0)]
    assert state.captured == [[1, 0], [0, 0]] and state.pits[2] == [1, 1]
    assert state.phase == SOW and state.current_player() == 0


def test_no_capture_when_the_last_bead_is_another_colour_or_the_count_is_not_two():
    state = board(["RG", "GG", "RG", "RRG"])
    act(state, "sow 0 order=RG")  # last bead G in pit 2
    assert state.phase == SOW and state.current_player() == 1
    state = board(["R", "GG", "GG", "RRG"])
    act(state, "sow 0 order=R")  # pit 1 now holds one R: no capture
    assert state.current_player() == 1
    state = board(["R", "RRG", "GG", "RG"])
    act(state, "sow 0 order=R")  # pit 1 now holds three R: no capture
    assert state.current_player() == 1


def test_capture_of_another_colour_and_a_chained_extra_turn():
    state = board(["RG", "GGG", "R", "RGG"])
    act(state, "sow 0 order=GR")
    act(state, "capture 2 R")
    assert state.current_player() == 0 and state.phase == SOW
    events = act(state, "sow 2 order=R")  # pit 3 becomes RRGG: capture again
    assert CaptureEarned(0, 3) in events
    events = act(state, "capture 3 G")
    assert events == [BeadCaptured(0, 3, 1), ExtraTurn(0)]
    assert state.captured == [[1, 1], [0, 0]] and state.current_player() == 0


def test_the_game_ends_in_the_middle_of_a_run_of_extra_turns():
    state = board(["RG", "GGG", "R", "RGG"])
    act(state, "sow 0 order=GR")
    act(state, "capture 2 R")
    act(state, "sow 2 order=R")
    events = act(state, "capture 3 R")  # red is down to one bead on the board: over at once
    assert isinstance(events[-1], GameEnded) and not any(isinstance(e, ExtraTurn) for e in events)
    assert events[-1] == GameEnded("threshold", 0, (2, 0), (0,), 1)
    assert state.is_terminal() and state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]
    assert sum(p[0] for p in state.pits) == 1
    with pytest.raises(IllegalActionError):
        state.apply(SowAction(3, "R"))


def test_a_capture_of_another_players_colour_can_end_the_game():
    state = board(["R", "RG", "G", "RR"])  # green has two beads on the board
    act(state, "sow 0 order=R")  # pit 1: RRG
    events = act(state, "capture 1 G")
    assert state.is_terminal() and events[-1] == GameEnded("threshold", 1, (1, 0), (0,), 1)
    state = board(["R", "RG", "GG", "RR"])
    act(state, "sow 0 order=R")
    events = act(state, "capture 1 G")
    assert not state.is_terminal() and events[-1] == ExtraTurn(0)


def test_a_raised_end_threshold_ends_the_game_at_that_many_beads_and_the_log_says_how_many():
    state = board(["R", "RG", "GG", "RR"], params={"end_threshold": 2})  # green: three beads on the board
    act(state, "sow 0 order=R")
    events = act(state, "capture 1 G")
    assert state.is_terminal() and events[-1] == GameEnded("threshold", 1, (1, 0), (0,), 2)
    assert SPEC.describe(events[-1], ["Ann", "Boris"]).startswith(
        "Game over: only two of Boris's beads are left on the board")


def test_equal_captures_share_the_win():
    state = board(["RG", "GGG", "R", "GG"], captured=[[0, 0], [1, 0]])
    act(state, "sow 0 order=GR")
    events = act(state, "capture 2 R")  # red down to one on the board, 1 - 1
    assert events[-1].winners == (0, 1)
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]


def test_the_safety_bound_ends_the_game_on_the_200th_sowing_without_capture():
    state = board(["RG", "GG", "G", "RRG"], since_capture=199)
    events = act(state, "sow 0 order=RG")
    assert state.is_terminal() and events[-1].reason == "safety"
    state = board(["RG", "GG", "G", "RRG"], since_capture=198)
    act(state, "sow 0 order=RG")
    assert not state.is_terminal() and state.since_capture == 199
    # A capture on what would be the 200th sowing resets the count instead.
    state = board(["RG", "GG", "RG", "RRG"], since_capture=199)
    act(state, "sow 0 order=GR")
    assert not state.is_terminal() and state.phase == CAPTURE
    act(state, "capture 2 G")
    assert state.since_capture == 0 and not state.is_terminal()


def test_safety_bound_is_a_variant_key():
    state = board(["RG", "GG", "G", "RRG"], params={"safety_bound": 10}, since_capture=9)
    act(state, "sow 0 order=RG")
    assert state.end_reason == "safety"


def test_capture_count_and_threshold_are_variant_keys():
    state = board(["RG", "GG", "RRG", "RRG"], params={"capture_count": 3})
    act(state, "sow 0 order=GR")  # pit 2: RRR
    assert state.phase == CAPTURE
    state = board(["RG", "GGG", "RG", "RRRG"], params={"end_threshold": 4})
    act(state, "sow 0 order=GR")
    act(state, "capture 2 R")
    assert state.end_reason == "threshold"


def test_new_game_draws_the_starting_player_from_the_seed():
    firsts = {new_game({}, 4, seed).current_player() for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game({}, 4, 7).current_player() == new_game({}, 4, 7).current_player()
