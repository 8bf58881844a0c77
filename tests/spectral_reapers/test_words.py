"""Spectral Reapers explains itself: moves in words (hints), pit tips, the keyboard's focus and the hint ring."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.core.analysis import Analysis
from game.core.registry import get
from game.games.spectral_reapers.rules import (
    CaptureAction, PlaceAction, SowAction, new_game,
)
from game.games.spectral_reapers.table import SpectralReapersTable
from game.games.spectral_reapers.words import name_action
from game.ui.app import App
from game.variants.loader import load_variant
from tests.app_input import make_app, open_table
from tests.spectral_reapers.boards import from_board

NAMES = ["Morgan", "Boris", "Cleo"]
BOARD = ["RRGB", "RBG", "R", "GG", "B", "RB"]
"""Three players on six pits; Morgan (seat 0, red) to move."""


def test_a_placement_names_each_pit_and_count() -> None:
    state = new_game({}, 3, seed=1)
    observation = state.observation(state.current_player())
    action = PlaceAction(((1, 4), (2, 3), (7, 4)))
    assert name_action(action, observation, NAMES) == "Place 4 beads in pit 2, 3 in pit 3 and 4 in pit 8"


def test_a_sowing_names_the_pit_the_order_and_where_it_ends() -> None:
    state = from_board(BOARD, players=3)
    observation = state.observation(0)
    assert SowAction(0, "RGRB") in state.legal_actions()
    words = name_action(SowAction(0, "RGRB"), observation, NAMES)
    assert words == "Lift pit 1 and sow yours, Boris's, yours, Cleo's (ends on Cleo's in pit 5)"
    assert name_action(SowAction(0, "RRGB"), observation, NAMES).startswith("Lift pit 1 and sow yours x2, ")


def test_a_big_sowing_is_named_part_by_part() -> None:
    state = from_board(["RRRRRRRGGGGGGGBBBBBB", "R", "G", "B", "RG", "B"], players=3)
    first = next(a for a in state.legal_actions() if isinstance(a, SowAction) and a.left)
    words = name_action(first, state.observation(0), NAMES)
    assert words.startswith(f"Lift pit 1 and sow the first {len(first.order)}: ")
    assert words.endswith(f"(then order the other {first.left})")
    state.apply(first)
    more = state.legal_actions()[0]
    assert isinstance(more, SowAction) and more.cont
    words = name_action(more, state.observation(0), NAMES)
    assert words.startswith("Sow the next " if more.left else "Sow the rest from pit 1: ")


def test_a_capture_names_whose_bead_and_the_pit() -> None:
    state = from_board(BOARD, players=3, phase="capture", capture_pit=1)
    observation = state.observation(0)
    assert name_action(CaptureAction(1, 1), observation, NAMES) == "Capture one of Boris's beads from pit 2"
    assert name_action(CaptureAction(1, 0), observation, NAMES) == "Capture one of your own beads from pit 2"


@pytest.fixture
def table() -> Iterator[tuple[App, SpectralReapersTable]]:
    spec = get("spectral-reapers")
    app = make_app()
    scene = open_table(app, SpectralReapersTable, spec.name, ["human", "random", "random"],
                       dict(load_variant(spec, "standard").params))
    scene.state = from_board(BOARD, players=3)
    scene.build()
    yield app, scene
    app.close()


def test_pits_explain_themselves_and_the_hint_rings_the_pit_it_lifts(table, monkeypatch) -> None:  # noqa: ANN001
    app, scene = table
    rings: list[pygame.Rect] = []
    monkeypatch.setattr(scene, "draw_hint_ring", lambda surface, rect, oval=False: rings.append(pygame.Rect(rect)))
    scene.hints.hint = Analysis(0, SowAction(5, "RB"))
    scene.hints.version = len(scene.record.actions)
    scene.draw(pygame.Surface(app.screen.get_size()))
    assert rings == [scene.geo.pits[5]]
    tip = scene.tips.at(scene.geo.pits[3].center)
    assert tip is not None and tip.text.startswith("Pit 4: 2 beads - 2 ")
    assert "You may not lift it" in tip.text
    tip = scene.tips.at(scene.geo.pits[0].center)
    assert tip is not None and "You may lift it" in tip.text and "end in pit 5" in tip.text


def test_the_focus_rect_follows_the_keyboard(table) -> None:  # noqa: ANN001
    app, scene = table
    assert scene.focus_rect() is None
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert scene.focus is not None and scene.focus[0] == "pit"
    assert scene.focus_rect() == scene.geo.pits[int(scene.focus[1])]
