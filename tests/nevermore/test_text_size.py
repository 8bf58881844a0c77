"""The Nevermore table at every text size: the piles' labels and counts, the plates' rows, the suit board's
rows and heading and the prompt get the room their text needs, so no label runs into another (checked on the
rects the table explains as it draws, not on pixels)."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

import game.games  # noqa: F401  (registers every game)
from game.core.params import merge
from game.core.registry import get
from game.core.settings import Settings
from game.games.nevermore.table import NevermoreTable
from game.games.nevermore.view import BOARD_NAME_TEXT, BUTTON_TEXT, PLATE_TEXT, PROMPT_TITLE_TEXT, Button, \
    Geometry, place_prompt
from game.games.nevermore.words import PASSED_TIP
from game.ui.app import App
from game.ui.text import wrap_cached
from game.ui.theme import font
from game.variants.loader import load_variant
from tests.app_input import open_table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SIZES = [(1280, 720), (1920, 1080)]
SCALES = [1.0, 1.15, 1.3, 1.5]
PILE_TIPS = ("The main deck", "The discard pile", "The Light Magick deck", "The Shadow Magick deck")


def table_at(scale: float, size: tuple[int, int], players: int, moves: int) -> tuple[App, NevermoreTable, Geometry]:
    """A table of ``players`` bots at text size ``scale``, ``moves`` moves in, drawn once, and its geometry."""
    app = App(Settings(animation_speed="off", ai_pause_ms=0, text_scale=scale), size=size)
    params = merge(load_variant(get("nevermore"), "standard").params, {})
    table = open_table(app, NevermoreTable, "nevermore", ["normal"] * players, params, 5)
    table.play_instantly(moves)
    table.draw(app.screen)
    assert table.geo is not None
    return app, table, table.geo


def disjoint(rects: list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for a, b in combinations(rects, 2))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_plates_and_piles_hold_their_text(players: int, scale: float, size: tuple[int, int]) -> None:
    app, table, geo = table_at(scale, size, players, 11)
    try:
        tips = table.tips.tips
        plates = list(geo.plates.values())
        assert disjoint(plates)
        piles = [tip.rect for tip in tips if tip.text.startswith(PILE_TIPS)]
        assert len(piles) == len(geo.piles) and disjoint(piles)
        for rect in piles:  # each pile with its label and count: on the table, clear of the plates and the board
            assert geo.table.contains(rect) and rect.collidelist(plates) < 0 and not rect.colliderect(geo.board)
        for plate in plates:  # a plate's rows (Health, VP, cards, Magick, "passed") stay apart and inside it
            inside = [tip.rect for tip in tips if tip.rect != plate and plate.contains(tip.rect)]
            assert disjoint(inside), (scale, size, players)
            assert not any(tip.rect.colliderect(plate) and not plate.contains(tip.rect) for tip in tips
                           if tip.text == PASSED_TIP)
        line = max((tip.rect for tip in tips if "as the arrows on the ring show" in tip.text), key=lambda rect: rect.w)
        assert line.collidelist(plates) < 0  # the direction line over the tokens shows whole
        assert geo.board_row(players - 1).bottom <= geo.board.bottom  # every seat keeps its row on the board
        small_h = font(app.layout.text_px(PLATE_TEXT)).get_height()
        rows = geo.plate_rows
        assert all(b - a >= small_h for a, b in zip(rows[1:], rows[2:]))
        assert rows[3] + small_h // 2 <= geo.plate_size[1]
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("players", [3, 4])
def test_suit_board_rows_fit_their_names(players: int, scale: float, size: tuple[int, int]) -> None:
    app, _, geo = table_at(scale, size, players, 3)
    try:
        lay = app.layout
        name_h = font(lay.text_px(BOARD_NAME_TEXT)).get_height()
        rows = [geo.board_row(seat) for seat in range(players)]
        assert all(row.h >= name_h for row in rows)
        assert rows[0].y >= geo.board.y + geo.board_header and rows[-1].bottom <= geo.board.bottom
        assert geo.board.bottom <= geo.caption.y
    finally:
        app.close()


@pytest.mark.parametrize("scale", SCALES)
def test_prompt_buttons_and_title_get_their_height(scale: float) -> None:
    app = App(Settings(animation_speed="off", ai_pause_ms=0, text_scale=scale), size=(1280, 720))
    try:
        lay = app.layout
        table = pygame.Rect(15, 15, 990, 650)
        buttons = [Button("Pass these"), Button("Pilgrim's Chalice"), Button("Keep it")]
        rect = place_prompt(lay, table, 520, buttons, lambda row: False, "Choose 2 cards to pass", "", True)
        face = font(lay.text_px(BUTTON_TEXT), bold=True)
        placed = [b.rect for b in buttons if b.rect is not None]
        assert len(placed) == 3 and disjoint(placed)
        for b in placed:
            assert rect.contains(b) and b.h >= face.get_height()
        title_h = font(lay.text_px(PROMPT_TITLE_TEXT), bold=True).get_height()
        assert min(b.y for b in placed) - rect.y >= title_h  # the title's line is above the buttons
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_a_popped_up_magick_card_holds_its_whole_text(scale: float, size: tuple[int, int]) -> None:
    app, table, geo = table_at(scale, size, 4, 3)
    try:
        paint, lay = table.painter(), app.layout
        cards = table.state.cards
        for card_id, card in cards.items():
            width, height = paint.popup_size(card_id, "Boris plays it on Cleo.")
            room = width - lay.px(40) - lay.card_size(142)[0]
            lines = len(wrap_cached(card.text, lay.text_px(15), room)) + 1
            assert height >= lay.px(58) + lines * font(lay.text_px(14)).get_linesize()
            assert width <= geo.table.w
        table.popup, table.popup_alpha = (next(iter(cards)), "Boris plays it on Cleo."), 255.0
        table.draw(app.screen)
        shown = [tip.rect for tip in table.tips.tips if tip.text.startswith(next(iter(cards.values())).name)]
        assert shown and geo.table.contains(shown[-1])
    finally:
        app.close()
