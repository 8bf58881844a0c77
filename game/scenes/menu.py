"""The main menu: one tile per registered game (picture, title, tagline), then Continue, Rules, Settings, Quit.

The arrow keys walk it as it lies: Left / Right along the tiles or the buttons, Up / Down between the two."""

from __future__ import annotations

from functools import partial
from typing import Callable

import pygame

from game.core.registry import GameSpec, all_games
from game.core.setup import MatchSetup
from game.scenes.common import MenuScene
from game.scenes.tables import NoTableError, open_table
from game.storage.saves import has_game, load_game
from game.ui import assets
from game.ui.app import App
from game.ui.layout import Layout, row
from game.ui.text import draw_text, draw_wrapped, fit_size, panel
from game.ui.theme import Palette, blend, font
from game.ui.widgets import Button

TILE_W, TILE_H, TILE_GAP = 270, 330, 24
MENU_Y = 150


class GameTile(Button):
    """A game's picture, title and tagline; pressing it opens the game's setup."""

    def __init__(self, spec: GameSpec, action: Callable[[], None]) -> None:
        super().__init__(spec.title, action)
        self.spec = spec

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        fill = blend(pal.panel, pal.accent, 0.18) if focused else pal.panel
        panel(surface, self.rect, fill, pal.focus if focused else pal.panel_edge, radius=lay.px(10), alpha=235)
        inner = self.rect.inflate(-lay.px(16), -lay.px(16))
        picture = assets.game_picture(self.spec.name, (inner.w, int(inner.h * 0.52)))
        surface.blit(picture, (inner.x, inner.y))
        y = inner.y + picture.get_height() + lay.px(10)
        size = fit_size(self.spec.title, lay.text_px(25), inner.w, serif=True, bold=True)
        draw_text(surface, self.spec.title, size, pal.accent if focused else pal.text, (inner.centerx, y),
                  anchor="midtop", serif=True, bold=True)
        y += font(size, serif=True, bold=True).get_linesize() + lay.px(6)
        text = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        draw_wrapped(surface, self.spec.tagline, lay.text_px(16), pal.text_dim, text, centre=True)
        players = f"{self.spec.min_players}-{self.spec.max_players} players"
        draw_text(surface, players, lay.text_px(15), pal.text_dim, (inner.centerx, inner.bottom), anchor="midbottom")


class MainMenu(MenuScene):
    """The first scene."""

    title = "Hallowtable"
    subtitle = "Four spooky games for one table"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.games = all_games()
        self.tiles = [GameTile(spec, partial(self.open_setup, spec)) for spec in self.games]
        self.buttons: list[Button] = []
        self._build_buttons()

    def _build_buttons(self) -> None:
        self.buttons = []
        if has_game():
            self.buttons.append(Button("Continue", self.continue_game))
        self.buttons += [Button("Rules", self.open_rules), Button("Variant lab", self.open_lab),
                         Button("Settings", self.open_settings), Button("Quit", self.app.quit)]
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
        for index, tile in enumerate(self.tiles):
            tile.rect = layout.box((1280 - total) / 2 + index * (width + TILE_GAP), MENU_Y, width, TILE_H)
        bar = layout.box(240, 520, 800, 54)
        for button, rect in zip(self.buttons, row(bar, len(self.buttons), layout.px(18))):
            button.rect = rect

    def draw_content(self, surface: pygame.Surface) -> None:
        if not self.games:
            lay, pal = self.layout, self.app.palette
            draw_text(surface, "No games are installed.", lay.text_px(24), pal.text, lay.point(640, 300),
                      anchor="center")

    def open_setup(self, spec: GameSpec) -> None:
        """A game tile was pressed."""
        from game.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, spec))

    def open_rules(self) -> None:
        """The rules reader."""
        from game.scenes.rulebook import RulesScene

        self.app.push(RulesScene(self.app))

    def open_lab(self) -> None:
        """The variant lab: compare two variants by simulation."""
        from game.scenes.lab import LabScene

        self.app.push(LabScene(self.app))

    def open_settings(self) -> None:
        """The settings scene."""
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def continue_game(self) -> None:
        """Resume the autosaved game (or say why not)."""
        record, notices = load_game()
        for notice in notices:
            self.app.notify(notice)
        if record is None:
            self._build_buttons()
            self.resize(self.layout)
            return
        try:
            self.app.push(open_table(self.app, MatchSetup.from_record(record), record))
        except (NoTableError, KeyError) as error:
            self.app.notify(str(error))
