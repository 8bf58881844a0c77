"""The main menu: one tile per registered game (picture, title, tagline), then Continue, Rules, Statistics,
Variants (make your own), Variant lab, Settings, Quit.

Continue is there when a game is in progress: the line over the buttons says which ("Reapers, hand 2 of 4,
you vs 3 AI (hard), 12 min ago"), and the tile of a game in progress says so. One game in progress: Continue
opens it; several: Continue lists them to pick one.

The arrow keys walk it as it lies: Left / Right along the tiles or the buttons, Up / Down between the two."""

from __future__ import annotations

from functools import partial
from typing import Callable

import pygame

from game.core.registry import GameEntry, all_entries, get
from game.scenes.common import MenuScene, picture_window
from game.scenes.navigation import router
from game.scenes.tables import open_saved, read_saves
from game.storage.saves import SavedGame
from game.ui import assets
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.popup import draw_glow, draw_popup
from game.ui.text import draw_text, draw_wrapped, fit_size, fit_text, panel, wrap
from game.ui.theme import Palette, font
from game.ui.widgets import Button, place_in_row

TILE_W, TILE_H, TILE_GAP = 270, 330, 24
BAR_X = 60
"""Reference units from each side to the row of buttons (each button as wide as its label needs)."""
MENU_Y = 150
SAVES_LINE_Y, SAVES_TEXT = 499, 17
"""The line between the tiles and the buttons that says which games are in progress."""
BADGE_LABEL, BADGE_TEXT = "In progress", 14
"""The badge on the tile of a game in progress, and its font size."""
TILE_RADIUS, TILE_LIFT, TILE_GLOW = 12, 8, 12
"""A tile's corners, its shadow and the glow around the focused one (reference units)."""
PICTURE_SHARE = 0.52
"""How much of a tile's height its picture's window takes."""
MIN_PICTURE_SHARE = 0.3
"""The least of a tile's height its picture keeps when a larger text size needs the room for the words."""
TILE_GROWTH = 180
"""Reference units the tiles grow by (and the buttons under them move down by) per unit of text scale above 1:
the room below the buttons goes to the tiles' words."""


class GameTile(Button):
    """A game's picture, title and tagline (its entry: the menu imports no game's rules); pressing it opens the
    game's setup."""

    def __init__(self, entry: GameEntry, action: Callable[[], None]) -> None:
        super().__init__(entry.title, action)
        self.entry = entry
        self.in_progress = False
        """Whether a game of this kind is saved in progress (a badge on the picture says so)."""

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        radius = lay.px(TILE_RADIUS)
        if focused:
            draw_glow(surface, self.rect, radius, lay.px(TILE_GLOW), pal.focus)
        draw_popup(surface, self.rect, pal, radius=radius, edge=pal.focus if focused else pal.panel_edge,
                   border=lay.px(3) if focused else lay.px(2), lift=0 if focused else lay.px(TILE_LIFT))
        inner = self.rect.inflate(-lay.px(16), -lay.px(16))
        size = fit_size(self.entry.title, lay.text_px(25), inner.w, serif=True, bold=True)
        title_h = font(size, serif=True, bold=True).get_linesize() + lay.px(6)
        face, small = font(lay.text_px(16)), font(lay.text_px(15))
        text_h = len(wrap(self.entry.tagline, face, inner.w)) * face.get_linesize()
        words_h = lay.px(10) + title_h + text_h + small.get_linesize()
        picture_h = max(int(inner.h * MIN_PICTURE_SHARE), min(int(inner.h * PICTURE_SHARE), inner.h - words_h))
        window = pygame.Rect(inner.x, inner.y, inner.w, picture_h)
        surface.blit(picture_window(window.size, lay.px(8), pal), window)
        picture = assets.game_picture(self.entry.name, window.inflate(-lay.px(8), -lay.px(8)).size)
        surface.blit(picture, picture.get_rect(center=window.center))
        if self.in_progress:
            self._draw_badge(surface, pal, lay, inner)
        y = window.bottom + lay.px(10)
        draw_text(surface, self.entry.title, size, pal.accent if focused else pal.text, (inner.centerx, y),
                  anchor="midtop", serif=True, bold=True)
        y += title_h
        text = pygame.Rect(inner.x, y, inner.w, inner.bottom - small.get_linesize() - y)
        draw_wrapped(surface, self.entry.tagline, lay.text_px(16), pal.text_dim, text, centre=True)
        players = f"{self.entry.min_players}-{self.entry.max_players} players"
        draw_text(surface, players, lay.text_px(15), pal.text_dim, (inner.centerx, inner.bottom), anchor="midbottom")

    def _draw_badge(self, surface: pygame.Surface, pal: Palette, lay: Layout, inner: pygame.Rect) -> None:
        """The "In progress" badge in the picture's top right corner."""
        face = font(lay.text_px(BADGE_TEXT), bold=True)
        image = face.render(BADGE_LABEL, True, pal.background)
        badge = image.get_rect().inflate(lay.px(14), lay.px(6))
        badge.topright = (inner.right - lay.px(6), inner.y + lay.px(6))
        panel(surface, badge, pal.accent, pal.accent, radius=lay.px(6))
        surface.blit(image, image.get_rect(center=badge.center))


class MainMenu(MenuScene):
    """The first scene."""

    title = "Hallowtable"
    subtitle = "Four spooky games for one table"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = all_entries()
        self.tiles = [GameTile(entry, partial(self.open_setup, entry)) for entry in self.games]
        self.buttons: list[Button] = []
        self.saves: list[SavedGame] = []
        """The games in progress, the most recently played first."""
        self._build_buttons()

    def _build_buttons(self) -> None:
        self.saves = read_saves(self.app)
        saved_kinds = {saved.record.game for saved in self.saves}
        for tile in self.tiles:
            tile.in_progress = tile.entry.name in saved_kinds
        self.buttons = []
        if self.saves:
            self.buttons.append(Button("Continue", self.continue_game))
        self.buttons += [Button("Rules", self.open_rules), Button("Statistics", self.open_stats),
                         Button("Variants", self.open_variants), Button("Variant lab", self.open_lab),
                         Button("Settings", self.open_settings),
                         Button("Quit", self.app.quit)]
        self.group.widgets = [*self.tiles, *self.buttons]
        self.group.rows = [self.tiles, self.buttons]
        self.group.index = min(self.group.index, len(self.group.widgets) - 1)

    def resume(self) -> None:
        self._build_buttons()
        self.resize(self.app.layout)

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        count = max(1, len(self.tiles))
        width = min(TILE_W, (1280 - 80 - TILE_GAP * (count - 1)) / count)
        total = count * width + TILE_GAP * (count - 1)
        grow = round((layout.text_scale - 1) * TILE_GROWTH)
        for index, tile in enumerate(self.tiles):
            tile.rect = layout.box((1280 - total) / 2 + index * (width + TILE_GAP), MENU_Y, width, TILE_H + grow)
        place_in_row(self.buttons, layout.box(BAR_X, 520 + grow, 1280 - 2 * BAR_X, 54), layout.px(18), layout)
        self.saves_centre = layout.point(640, SAVES_LINE_Y + grow)
        """Where the line of games in progress goes: between the tiles and the buttons."""

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        if not self.games:
            draw_text(surface, "No games are installed.", lay.text_px(24), pal.text, lay.point(640, 300),
                      anchor="center")
        if self.saves:
            shown, size = fit_text(self.saves_line(), lay.text_px(SAVES_TEXT), lay.px(1180))
            draw_text(surface, shown, size, pal.text_dim, self.saves_centre, anchor="center")

    def saves_line(self) -> str:
        """Which games are in progress: the one's whole label, or how many and of what."""
        if len(self.saves) == 1:
            return f"In progress: {self.saves[0].label()}"
        titles = ", ".join(saved.title for saved in self.saves)
        return f"{len(self.saves)} games in progress: {titles}"

    def open_setup(self, entry: GameEntry) -> None:
        """A game tile was pressed: its rules are imported now, if they were not."""
        self.app.push(router(self.app).setup(self.app, get(entry.name)))

    def open_rules(self) -> None:
        """The rules reader."""
        self.app.push(router(self.app).rules(self.app))

    def open_stats(self) -> None:
        """Your statistics and finished games, from the game history."""
        self.app.push(router(self.app).stats(self.app))

    def open_variants(self) -> None:
        """Make or edit a variant: pick a game and a variant to start from, then the variant editor."""
        self.app.push(router(self.app).variants(self.app))

    def open_lab(self) -> None:
        """The variant lab: compare two variants by simulation."""
        self.app.push(router(self.app).lab(self.app))

    def open_settings(self) -> None:
        """The settings scene."""
        self.app.push(router(self.app).settings(self.app))

    def continue_game(self) -> None:
        """Resume the one game in progress, or list them when there are several (or say why not)."""
        self._build_buttons()
        self.resize(self.layout)
        if len(self.saves) == 1:
            open_saved(self.app, self.saves[0])
        elif self.saves:
            self.app.push(router(self.app).continue_menu(self.app))
