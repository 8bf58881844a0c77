"""The undo ledger: a player takes back to their own last decision, never past a move that revealed something."""

from dataclasses import dataclass

import pytest

from game.core.contracts import Event
from game.core.undo import NOTHING_YET, REVEALED, UndoLedger


@dataclass(frozen=True)
class Shown(Event):
    """A card turned up for ``to`` only."""

    to: int

    def reveals(self, seat: int) -> bool:
        return seat == self.to


def test_nothing_to_take_back_before_the_player_decides() -> None:
    ledger = UndoLedger(0)
    ledger.note(1, [])
    assert ledger.refusal() == NOTHING_YET
    with pytest.raises(ValueError):
        ledger.take_back()


def test_takes_back_to_the_last_decision_of_the_player() -> None:
    ledger = UndoLedger(0)
    for mover in (0, 1, 0, 1, 2):
        ledger.note(mover, [])
    assert ledger.refusal() is None and ledger.take_back() == 2
    assert ledger.movers == [0, 1] and ledger.take_back() == 0 and ledger.refusal() == NOTHING_YET


def test_a_reveal_to_the_player_settles_every_move_before_it() -> None:
    ledger = UndoLedger(0)
    ledger.note(0, [])
    ledger.note(1, [Shown(to=0)])
    assert ledger.refusal() == REVEALED
    ledger.note(0, [])
    ledger.note(2, [])
    assert ledger.refusal() is None and ledger.take_back() == 2
    assert ledger.refusal() == REVEALED


def test_a_reveal_to_another_seat_does_not_settle_anything() -> None:
    ledger = UndoLedger(0)
    ledger.note(0, [Shown(to=1)])
    assert ledger.refusal() is None


def test_a_reveal_caused_by_the_players_own_move_settles_it() -> None:
    ledger = UndoLedger(0)
    ledger.note(0, [Shown(to=0)])
    assert ledger.refusal() == REVEALED


def test_nobody_may_take_back_without_a_player() -> None:
    ledger = UndoLedger(None)
    ledger.note(0, [Shown(to=0)])
    assert ledger.refusal() == NOTHING_YET
