"""The games in progress, to pick one to continue: one row each, the most recently played first, labelled as a
player would say it (the game's title and its variant's, then "hand 2 of 4, you vs 3 AI (hard), 12 min ago").

Up / Down (or Tab) walk the rows, Enter opens one, Esc goes back; a click opens a row."""

from __future__ import annotations

from functools import partial
from typing import Callable

import pygame

from game.core.registry import get
from game.scenes.common import MenuScene
from game.scenes.tables import open_saved, read_saves
from game.storage.saves import SavedGame, seats_words, time_ago
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.popup import draw_glow, draw_popup
from game.ui.text import draw_text, fit_text
from game.ui.theme import Palette
from game.ui.widgets import Button
from game.variants.help import variant_words

LIST_X, LIST_Y, LIST_W, LIST_BOTTOM = 190, 150, 900, 590
ROW_H, ROW_GAP = 78, 12
FOCUS_GLOW = 10
"""Reference units of the glow around the focused row."""
TITLE_TEXT, DETAIL_TEXT = 24, 17
BACK_BOX = (540, 620, 200, 52)


class SaveRow(Button):
    """One game in progress: its title (and its variant's, but the standard game's), where it stands, who
    plays and when it was last played."""

    def __init__(self, saved: SavedGame, action: Callable[[], object]) -> None:
        variant = variant_words(get(saved.record.game), saved.record.variant)
        super().__init__(f"{saved.title}: {variant}" if variant else saved.title, action)
        self.saved = saved

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        if focused:
            draw_glow(surface, self.rect, lay.px(10), lay.px(FOCUS_GLOW), pal.focus)
        draw_popup(surface, self.rect, pal, radius=lay.px(10), edge=pal.focus if focused else pal.panel_edge,
                   border=lay.px(3) if focused else lay.px(2), lift=0 if focused else lay.px(6))
        left, width = self.rect.x + lay.px(20), self.rect.w - lay.px(40)
        title, size = fit_text(self.label, lay.text_px(TITLE_TEXT), width * 3 // 4, serif=True, bold=True)
        draw_text(surface, title, size, pal.accent if focused else pal.text,
                  (left, self.rect.y + lay.px(10)), serif=True, bold=True)
        when = time_ago(self.saved.modified)
        draw_text(surface, when, lay.text_px(DETAIL_TEXT), pal.text_dim,
                  (self.rect.right - lay.px(20), self.rect.y + lay.px(14)), anchor="topright")
        detail = f"{self.saved.progress[:1].upper()}{self.saved.progress[1:]}, {seats_words(self.saved.record)}"
        shown, size = fit_text(detail, lay.text_px(DETAIL_TEXT), width)
        draw_text(surface, shown, size, pal.text, (left, self.rect.bottom - lay.px(10)), anchor="bottomleft")


class ContinueMenu(MenuScene):
    """Pick a game in progress; it opens in place of this list."""

    title = "Continue"
    subtitle = "Games in progress"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[SaveRow] = []
        self.back_button = Button("Back", self.app.pop)
        self._build()

    def _build(self) -> None:
        self.rows = [SaveRow(saved, partial(self.open, saved)) for saved in read_saves(self.app)]
        self.group.widgets = [*self.rows, self.back_button]
        self.group.index = min(self.group.index, len(self.group.widgets) - 1)

    def resume(self) -> None:
        self._build()
        self.resize(self.app.layout)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        count = max(1, len(self.rows))
        row_h = min(ROW_H, (LIST_BOTTOM - LIST_Y - ROW_GAP * (count - 1)) / count)
        for index, row in enumerate(self.rows):
            row.rect = layout.box(LIST_X, LIST_Y + index * (row_h + ROW_GAP), LIST_W, row_h)
        self.back_button.rect = layout.box(*BACK_BOX)

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.rows:
            lay, pal = self.layout, self.app.palette
            draw_text(surface, "No game is in progress.", lay.text_px(22), pal.text, lay.point(640, 300),
                      anchor="center")

    def open(self, saved: SavedGame) -> None:
        """A row was chosen: its game, in place of this list."""
        open_saved(self.app, saved, replace=True)
