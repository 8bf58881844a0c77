"""The Spectral Reapers table at every text size: the plates, the tray's title, rows, buttons, pit cards and
notes get the room their text needs, so no label runs into another (checked on the rects the table explains
as it draws, not on pixels)."""

from __future__ import annotations

from itertools import combinations
from typing import Callable

import pygame
import pytest

from game.games.spectral_reapers.table import SpectralReapersTable
from game.games.spectral_reapers.view import BUTTON_TEXT, BUTTONS, PLATE_LINE_TEXT, PLATE_NAME_TEXT, ROW_LABEL_TEXT, \
    ROW_LABELS, bands, fit, plate_line_w, store_well, tray_areas
from game.games.spectral_reapers.words import IN_HAND_TIP, LIFTED_ROW_TIP, ORDER_ROW_TIP, TRAY_LINES_TIP, \
    choices_tip_head
from game.ui.app import App
from game.ui.theme import font
from tests.app_input import click
from tests.spectral_reapers.boards import from_board
from tests.spectral_reapers.test_table import make  # noqa: F401  (fixture)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SIZES = [(1280, 720), (1920, 1080)]
SCALES = [1.0, 1.15, 1.3, 1.5]


Make = Callable[..., tuple[App, SpectralReapersTable]]


def drawn(app: App, table: SpectralReapersTable) -> list[tuple[pygame.Rect, str]]:
    table.draw(app.screen)
    return [(tip.rect, tip.text) for tip in table.tips.tips]


def disjoint(rects: list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for a, b in combinations(rects, 2))


def tray_text_apart(app: App, table: SpectralReapersTable) -> None:
    """The tray's title, notes, rows, labels, buttons and pit cards: inside the tray, none over another."""
    tips = drawn(app, table)
    tray = table.geo.tray
    title = [rect for rect, text in tips if text.startswith("Phase ")]
    notes = [rect for rect, text in tips if text == TRAY_LINES_TIP]
    parts = [rect for rect, text in tips if text in (IN_HAND_TIP, LIFTED_ROW_TIP, ORDER_ROW_TIP)
             or text.startswith(tuple(choices_tip_head(who) for who in [*table.names, "you"]))]
    buttons = [t.rect for t in table.targets() if t.kind == "button"]
    rects = title + notes + buttons + parts
    assert title and all(tray.contains(rect) for rect in rects)
    assert disjoint(title + notes + buttons) and disjoint(notes + parts) and disjoint(title + parts)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_plates_hold_their_name_and_line(make: Make, players: int, scale: float, size: tuple[int, int]) -> None:
    app, table = make(["normal"] * players, size=size, text_scale=scale)
    geo, lay = table.geo, app.layout
    assert disjoint(geo.plates) and all(geo.table.contains(p) for p in geo.plates)
    name_y, line_y, _ = bands(lay).plate
    name_h = font(lay.text_px(PLATE_NAME_TEXT), bold=True).get_height()
    line_h = font(lay.text_px(PLATE_LINE_TEXT)).get_height()
    for plate in geo.plates:
        well = store_well(plate, lay)
        assert name_y - name_h // 2 >= 0 and line_y - name_y >= (name_h + line_h) // 2 - 1
        assert plate.y + line_y + (geo.plate_lines - 1) * line_h + line_h // 2 <= well.y
    if scale > 1:  # a narrow plate's line goes onto two rows rather than shrink
        width = geo.plates[0].w - min(lay.px(46), geo.plates[0].w // 5) - lay.px(22)
        one_row = plate_line_w(lay) <= width
        assert geo.plate_lines == (1 if one_row else 2)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_tray_buttons_and_row_labels_fit(make: Make, scale: float, size: tuple[int, int]) -> None:
    app, table = make(["human", "normal"], size=size, text_scale=scale)
    lay, tray = app.layout, table.geo.tray
    pool, order = tray_areas(tray, lay)
    for word in ROW_LABELS:
        assert tray.x + lay.px(14) + font(lay.text_px(ROW_LABEL_TEXT)).size(word)[0] < pool.x
    width, height = bands(lay).button
    for label in BUTTONS.values():
        size_ = fit(label, lay.text_px(BUTTON_TEXT), width - lay.px(12), serif=True, bold=True)
        assert scale == 1.0 or size_ == lay.text_px(BUTTON_TEXT)
    assert height >= font(lay.text_px(BUTTON_TEXT), serif=True, bold=True).get_height()
    assert tray.contains(order)


@pytest.mark.parametrize("scale", SCALES)
def test_tray_text_stays_apart_through_a_turn(make: Make, scale: float) -> None:
    app, table = make(["human", "normal"], text_scale=scale)
    tray_text_apart(app, table)  # placing: the beads in hand, the buttons, the notes
    table.state = from_board(["RG", "GG", "RG", "RRR"], players=2, to_move=0)
    table.build()
    tray_text_apart(app, table)  # choosing a pit: the pit cards over the notes
    cards = sum(text.startswith(choices_tip_head("you")) for _, text in drawn(app, table))
    assert cards == len(table.state.own_pits(0))
    click(app, table.geo.pits[0].center)
    tray_text_apart(app, table)  # ordering: the lifted and order rows, four buttons, the preview


@pytest.mark.parametrize("scale", [1.3, 1.5])
def test_six_bots_keep_the_tray_apart(make: Make, scale: float) -> None:
    app, table = make(["normal"] * 6, text_scale=scale)
    table.play_instantly(23)
    tray_text_apart(app, table)
