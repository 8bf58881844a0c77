"""The Spectral Reapers table's look, headless: every plate carries its seat's medallion and store well, a
capture throws its flourish in the capturer's colour over the pit (only its sound with reduced motion), and the
tray shows what the player chooses from instead of an empty panel."""

from __future__ import annotations

import pytest

from game.games.spectral_reapers.table import SpectralReapersTable
from game.games.spectral_reapers.view import store_well
from game.games.spectral_reapers.words import IN_HAND_TIP, choices_tip_head, marker_tip
from game.ui.app import App
from tests.app_input import click, run_until
from tests.spectral_reapers.boards import from_board
from tests.spectral_reapers.test_table import make  # noqa: F401  (fixture)


def tips(app: App, table: SpectralReapersTable) -> list[str]:
    """Every tooltip of the table as drawn now."""
    table.draw(app.screen)
    return [tip.text for tip in table.tips.tips]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_plate_shows_its_medallion_and_its_store_well(make, players):
    app, table = make(["normal"] * players)
    said = tips(app, table)
    for seat in range(players):
        assert marker_tip(table.names[seat], table.bead_name(seat)) in said
        plate = table.geo.plates[seat]
        well = store_well(plate, table.layout)
        assert plate.contains(well) and well.w > 0


def capture_board(table: SpectralReapersTable) -> None:
    table.state = from_board(["RG", "GG", "RG", "RRR"], players=2, to_move=0)
    table.build()


def sow_for_capture(app: App, table: SpectralReapersTable) -> None:
    click(app, table.geo.pits[0].center)
    for colour in (1, 0):
        pool = next(t for t in table.targets() if t.kind == "pool" and table.decision.colours[t.index] == colour)
        click(app, pool.rect.center)
    sow = next(t for t in table.targets() if t.index == "sow")
    click(app, sow.rect.center)


def test_a_capture_throws_its_flourish_over_the_pit_in_the_capturers_colour(make):
    app, table = make(["human", "normal"], speed="normal")
    capture_board(table)
    sow_for_capture(app, table)
    run_until(app, lambda: bool(table.flourishes), limit=600)
    effect = table.flourishes[0]
    assert effect.kind == "capture" and effect.colour == app.palette.seats[0]
    assert effect.centre == table.geo.pits[2].center


def test_reduced_motion_keeps_the_capture_sound_but_not_its_effect(make):
    app, table = make(["human", "normal"], speed="normal", reduced_motion=True)
    capture_board(table)
    played: list[str] = []
    app.sound.play = lambda name: played.append(name) or True  # type: ignore[method-assign]
    sow_for_capture(app, table)
    run_until(app, lambda: table.seat_to_play == 0, limit=600)
    assert "capture" in played and not table.flourishes


def test_the_tray_shows_the_beads_in_hand_then_the_pits_to_lift(make):
    app, table = make(["human", "normal"])
    assert IN_HAND_TIP in tips(app, table)
    capture_board(table)
    said = tips(app, table)
    liftable = table.state.own_pits(0)
    head = choices_tip_head("you")
    assert sum(text.startswith(head) for text in said) == len(liftable)
    for pit in liftable:
        assert head + table.pit_tip(pit) in said
