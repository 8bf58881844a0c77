"""Spectral Reapers' board kept clear: a footnote under it says what a pit's two numbers are (and the sowing
direction), clear of every pit and of a hand of lifted beads; the banner of what just happened shows over the
tray, not over the pits; the phase's long tip belongs to the tray's title, not to the whole tray."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import get
from game.core.settings import Settings
from game.core.setup import MatchSetup, default_names
from game.games.spectral_reapers.table import SpectralReapersTable
from game.games.spectral_reapers.view import cluster_spots, geometry
from game.games.spectral_reapers.words import BANNER_TIP, BOARD_NOTE, NOTE_TIP
from game.ui.app import App
from game.ui.layout import Layout
from game.variants.loader import load_variant
from tests.app_input import run

SIZES = [(1280, 720), (1920, 1080), (1024, 640)]
HAND = 14
"""Beads in the biggest hand a test lifts."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players, ring", [(2, 4), (3, 6), (4, 8), (6, 12), (4, 11)])
def test_the_footnote_lies_under_the_board_clear_of_pits_hands_and_tray(size, players, ring):
    lay = Layout(*size)
    table = pygame.Rect(0, 0, size[0] - lay.px(260), size[1] - lay.px(40))
    geo = geometry(lay, table, players, ring)
    assert geo.note.top >= geo.board.bottom and geo.note.bottom <= geo.tray.top
    assert not any(geo.note.colliderect(pit) for pit in geo.pits)
    side = max(8, round(geo.bead * 0.8))
    for pit in range(ring):
        spots = cluster_spots(geo.hover_point(pit), HAND, side)
        hand = pygame.Rect(spots[0], (0, 0)).unionall([pygame.Rect(s, (0, 0)) for s in spots])
        assert not hand.inflate(side + lay.px(12), side + lay.px(10)).colliderect(geo.note), pit


@pytest.fixture
def table():
    app = App(Settings(animation_speed="normal", ai_pause_ms=0), size=(1280, 720))
    spec = get("spectral-reapers")
    seats = ("random", "random")
    scene = SpectralReapersTable(app, MatchSetup(spec.name, "standard", load_variant(spec, "standard").params,
                                                 seats, default_names(seats), 3))
    scene.session.autosave = False
    app.push(scene)
    run(app)
    yield app, scene
    app.close()


def tip_rects(scene: SpectralReapersTable, text: str) -> list[pygame.Rect]:
    return [tip.rect for tip in scene.tips.tips if tip.text == text]


def test_the_footnote_is_drawn_and_the_tray_no_longer_repeats_it(table):
    app, scene = table
    app.draw()
    assert tip_rects(scene, NOTE_TIP) == [scene.geo.note]
    _, lines = scene.tray_text()
    assert not any("top-left" in words for words, _ in lines)
    assert "number top-left" in BOARD_NOTE and "bead count bottom-right" in BOARD_NOTE


def test_the_banner_shows_over_the_tray_while_the_ai_plays(table):
    app, scene = table
    for _ in range(20000):
        run(app)
        if scene.banner_text and scene.banner_alpha > 200 and not scene.humans:
            break
    else:
        raise AssertionError("no banner was shown")
    app.draw()
    banners = tip_rects(scene, BANNER_TIP)
    assert len(banners) == 1
    assert scene.geo.tray.contains(banners[0])
    assert not any(banners[0].colliderect(pit) for pit in scene.geo.pits)


def test_the_phase_tip_is_the_tray_titles_only(table):
    app, scene = table
    app.draw()
    tray = scene.geo.tray
    assert scene.tips.at(tray.center) is None, "the tray's empty middle explains nothing while the AI plays"
    title = scene.tips.at((tray.x + scene.layout.px(20), tray.y + scene.layout.px(18)))
    assert title is not None and title.text.startswith(("Phase 1", "Phase 2", "A capture"))
