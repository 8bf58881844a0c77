"""Spectral Reapers by keyboard alone: Tab or the arrows reach every pit, lifted bead, place of the order and
button; Enter or Space uses it; Backspace takes the last bead back. A whole turn (lift, order every bead in a
chosen order, sow, capture) is played here with keys only."""

import pygame

from game.games.spectral_reapers.rules import CAPTURE, COLOUR_LETTERS, SOW
from game.games.spectral_reapers.table import match_order
from tests.app_input import key
from tests.spectral_reapers.test_table import make, on_board  # noqa: F401  (make is a fixture)

BOARD = ["RGBR", "G", "RRG", "GB", "B", "RB"]
"""Three players, the human (R) to move; lifting pit 1 sows R, G, B, R into pits 2 to 5."""


def focused_colour(table) -> str:  # noqa: ANN001
    kind, index = table.focus
    assert kind == "pool", table.focus
    return COLOUR_LETTERS[table.decision.colours[index]]


def order_by_keys(app, table, letters: str) -> None:  # noqa: ANN001
    """Put the lifted beads in the order ``letters``: Right to the bead of each colour, then Enter."""
    for letter in letters:
        for _ in range(len(table.decision.colours)):
            if focused_colour(table) == letter:
                break
            key(app, pygame.K_RIGHT)
        assert focused_colour(table) == letter
        key(app, pygame.K_RETURN)


def test_a_whole_turn_by_keys_alone(make):
    app, table = make(["human", "normal", "normal"])
    on_board(table, BOARD, to_move=0)
    before = table.state.clone()
    played = len(table.record.actions)
    key(app, pygame.K_TAB)
    assert table.focus == ("pit", 0)  # the first pit the human may lift
    key(app, pygame.K_RETURN)
    assert table.decision.origin == 0 and table.focus == ("pool", 0)  # the keys went on to the lifted beads
    order_by_keys(app, table, "BRGR")  # not the order the beads were lifted in
    assert table.decision.letters() == "BRGR" and table.focus == ("button", "sow")
    key(app, pygame.K_SPACE)
    expected = match_order(before, 0, "BRGR")
    assert expected is not None
    assert table.record.actions[played] == str(expected[0][0])  # the move that order makes


def test_enter_on_a_lifted_pit_orders_a_bead_instead_of_lifting_again(make):
    app, table = make(["human", "normal", "normal"])
    on_board(table, BOARD, to_move=0)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert table.decision.origin == 0 and len(table.decision.order) == 2


def test_backspace_and_enter_on_a_placed_bead_take_it_back(make):
    app, table = make(["human", "normal", "normal"])
    on_board(table, BOARD, to_move=0)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    order_by_keys(app, table, "GB")
    key(app, pygame.K_BACKSPACE)
    assert table.decision.letters() == "G" and focused_colour(table) == "B"  # the keys are on the bead put back
    key(app, pygame.K_DOWN)  # down to the order row
    assert table.focus == ("order", 0)
    key(app, pygame.K_RETURN)
    assert table.decision.order == [] and focused_colour(table) == "G"


def test_tab_and_shift_tab_cycle_through_what_can_be_used(make):
    app, table = make(["human", "normal", "normal"])
    on_board(table, BOARD, to_move=0)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    usable = [(t.kind, t.index) for t in table.targets() if t.enabled]
    assert ("button", "sow") not in usable  # nothing to sow yet
    seen = [table.focus]
    for _ in range(len(usable) - 1):
        key(app, pygame.K_TAB)
        seen.append(table.focus)
    assert sorted(map(str, seen)) == sorted(map(str, usable))
    key(app, pygame.K_TAB)
    assert table.focus == seen[0]  # round the end
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert table.focus == seen[-1]


def test_a_capture_is_chosen_by_keys(make):
    app, table = make(["human", "normal"])
    on_board(table, ["RG", "GG", "RG", "RRR"], to_move=0)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    order_by_keys(app, table, "GR")
    key(app, pygame.K_RETURN)
    assert table.state.phase == CAPTURE and table.seat_to_play == 0
    key(app, pygame.K_TAB)
    assert table.focus[0] in ("capbead", "chip")
    green = ("chip", COLOUR_LETTERS.index("G"))
    for _ in range(len(table.targets())):
        if table.focus == green:
            break
        key(app, pygame.K_TAB)
    assert table.focus == green, [(t.kind, t.index) for t in table.targets()]
    key(app, pygame.K_RETURN)
    assert table.record.actions[-1] == "capture 2 G"
    assert table.state.phase == SOW and table.state.current_player() == 0  # and the human moves again
