"""Undo at every game's table: refused, with the reason, once cards were revealed since the player's last
decision; before that, the move is taken back and the log reads as if it had never been made."""

from __future__ import annotations

import random

import pytest

from game.core.registry import all_games, get
from game.core.setup import MatchSetup, default_names
from game.core.undo import REVEALED
from game.scenes.tables import table_class
from game.variants.loader import STANDARD, load_variant
from tests.app_input import make_app, open_table

GAMES = all_games()
DECISIONS = 25
"""The player's decisions looked at per game."""


def _log_of(app, spec, seats, record):  # noqa: ANN001, ANN202
    """The log a table shows when it opens on ``record`` (as a resumed game does)."""
    table = table_class(spec)(app, table_setup(spec, seats), record)
    return list(table.log)


def table_setup(spec, seats):  # noqa: ANN001, ANN201
    return MatchSetup(spec.name, STANDARD, load_variant(spec, STANDARD).params, seats, default_names(seats), 11)


@pytest.mark.parametrize("name", [spec.name for spec in GAMES])
def test_undo_stops_at_a_reveal_and_otherwise_rebuilds_the_log(name: str) -> None:
    spec = get(name)
    seats = ("human", "normal", "normal", "normal")
    app = make_app("off")
    rng = random.Random(5)
    taken_back = refused = 0
    try:
        table = open_table(app, table_class(spec), spec.name, seats, load_variant(spec, STANDARD).params, 11)
        for _ in range(DECISIONS):
            table.play_instantly(500)
            if table.state.is_terminal():
                break
            record, log = table.record, list(table.log)
            legal = table.state.legal_actions()
            table.submit(legal[rng.randrange(len(legal))])
            table.play_instantly(500)
            if table.state.is_terminal():
                break
            if table.session.undo_refusal() == REVEALED:
                after = (table.record, list(table.log))
                assert not table.undo() and app.toasts[-1].text == REVEALED
                assert (table.record, list(table.log)) == after
                refused += 1
            else:
                assert table.undo()
                assert table.record == record and list(table.log) == log
                assert list(table.log) == _log_of(app, spec, seats, record)
                taken_back += 1
                table.submit(legal[rng.randrange(len(legal))])  # play on, maybe another way
    finally:
        app.close()
    assert taken_back > 0 or name == "trick-or-treat"  # every play there is followed by its reveal
    assert refused > 0 or name == "spectral-reapers"   # nothing is hidden there
