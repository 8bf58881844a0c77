"""Reapers' draft log in step with the piles: a pick's line is written once its pile has left the table, never
while the pile still lies there and the prompt says its taker is still choosing."""

from __future__ import annotations

import re

import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.settings import Settings
from game.core.setup import MatchSetup
from game.games.reapers import rules as r
from game.games.reapers.table import ReapersTable
from game.ui.app import App
from tests.app_input import run
from tests.reapers.helpers import STANDARD

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ("Ann", "Boris", "Cleo")
DT = 1 / 60
PICK = re.compile(r"^(\w+) takes the (?:pile|pair) ")


def picks_logged(table: ReapersTable) -> int:
    """Picks the log has told of since the hand's deal (the log starts with the first hand)."""
    return sum(bool(PICK.search(line)) for line in table.log)


def test_each_pick_is_logged_when_its_pile_has_left_the_table():
    app = App(Settings(animation_speed="normal", ai_pause_ms=100), size=(1280, 720))
    try:
        table = ReapersTable(app, MatchSetup("reapers", "standard", dict(STANDARD), ("random",) * 3, NAMES, 4))
        table.session.autosave = False
        app.push(table)
        run(app)
        moving_frames = 0
        for _ in range(5000):
            run(app, 1, DT)
            view = table.view
            assert view is not None
            if view.phase != r.DRAFT:
                break
            assert picks_logged(table) == view.picks_made, (table.log[-1], view.picks_made)
            newest = PICK.search(table.log[-1])
            picks_again = view.picks_made < len(view.draft_order) and \
                NAMES[view.draft_order[view.picks_made]] == (newest.group(1) if newest else "")
            if newest is not None and not picks_again:
                assert table.status_text() != f"Draft: {newest.group(1)} is choosing a pile", table.log[-1]
            moving_frames += table.tweens.busy
        else:
            raise AssertionError("the draft never ended")
        assert moving_frames > 60, "the picks were animated"
        assert picks_logged(table) == table.state.rules.picks_each * 3
    finally:
        app.close()
