"""Spectral Reapers: a long capture chain of an AI's turn plays each further sowing faster, down to a floor, so
a turn of a dozen sowings no longer takes over a minute; the first sowing, and a human's, keep full time."""

from __future__ import annotations

import pytest

from game.core.contracts import Event, Step
from game.games.spectral_reapers.rules import SowAction, SpectralReapersState
from game.games.spectral_reapers.table import CHAIN_FLOOR, CHAIN_STEP, SpectralReapersTable
from tests.spectral_reapers.boards import from_board
from tests.spectral_reapers.test_suggest import open_human_table

DT = 1 / 120
BOARD = ["RRGG", "RG", "RRG", "GGR"]


@pytest.fixture
def table():
    scene = open_human_table("normal")
    scene.tweens.skip()
    yield scene
    scene.app.close()


def sowing(seat: int, action: SowAction) -> tuple[SpectralReapersState, list[Event], list[Step]]:
    """The board before ``seat`` sows ``action``, and the events and steps (as seat 0 sees them) of that sowing."""
    state = from_board(BOARD, players=2, to_move=seat)
    events, steps = state.clone().apply_steps(action, 0)
    return state.clone(), events, steps


def seconds_shown(table: SpectralReapersTable, seat: int, action: SowAction) -> float:
    """Seconds the table animates ``seat``'s sowing of ``action`` from the board."""
    before, _, steps = sowing(seat, action)
    table.state = before
    table.build()
    table.on_steps(steps)
    seconds = 0.0
    while table.tweens.busy:
        table.tweens.update(DT)
        seconds += DT
    return seconds


def test_each_further_sowing_of_an_ai_turn_is_faster_down_to_the_floor(table):
    action = SowAction(0, "RRGG")
    first = seconds_shown(table, 1, action)
    assert first > 1.0
    shares = []
    for again in range(1, 8):
        table.chain_seat, table.chain_again = 1, again  # the AI captured and moved again ``again`` times
        shares.append(seconds_shown(table, 1, action) / first)
    wanted = [max(CHAIN_FLOOR, CHAIN_STEP ** again) for again in range(1, 8)]
    assert shares == pytest.approx(wanted, abs=0.03)
    assert shares[-1] == pytest.approx(CHAIN_FLOOR, abs=0.03)


def test_a_humans_chain_and_a_new_turn_keep_full_time(table):
    action = SowAction(0, "RRGG")
    human, ai = seconds_shown(table, 0, action), seconds_shown(table, 1, action)
    table.chain_seat, table.chain_again = 0, 4
    assert seconds_shown(table, 0, action) == pytest.approx(human, abs=0.02)
    table.chain_seat, table.chain_again = 0, 4  # the AI's turn comes after the human's chain
    assert seconds_shown(table, 1, action) == pytest.approx(ai, abs=0.02)


def test_the_count_follows_captures_that_move_again(table):
    _, events, _ = sowing(1, SowAction(0, "RRGG"))  # a capture is earned
    assert table.chain_speed(events) == 1.0
    capture = from_board(BOARD, players=2, to_move=1)
    capture.apply(SowAction(0, "RRGG"))
    moved_again = capture.apply(capture.legal_actions()[0])
    assert table.chain_speed(moved_again) == 1.0 and table.chain_again == 1
    assert table.chain_speed(events) == pytest.approx(1 / CHAIN_STEP)


def test_an_ais_pause_shortens_in_its_chain_as_its_sowings_do(table):
    table.state = from_board(BOARD, players=2, to_move=1)
    assert table.ai_pause_share() == 1.0  # a new turn waits the whole pause
    table.chain_seat, table.chain_again = 1, 3
    assert table.ai_pause_share() == pytest.approx(max(CHAIN_FLOOR, CHAIN_STEP ** 3))
    table.state = from_board(BOARD, players=2, to_move=0)
    table.chain_seat = 0
    assert table.ai_pause_share() == 1.0  # a human's chain is never hurried
