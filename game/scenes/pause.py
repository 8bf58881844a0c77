"""The pause menu over a table: resume, rules and the first-game guide, settings, a bug report, quit to the
menu (the game stays autosaved)."""

from __future__ import annotations

from typing import Sequence

import pygame

from game.scenes.common import dim
from game.ui.popup import draw_popup
from game.scenes.guide_content import has_guide
from game.scenes.navigation import router
from game.storage.reports import save_report
from game.ui import assets
from game.ui.app import App, Scene
from game.ui.layout import Layout, column, row
from game.ui.table import TableScene
from game.ui.text import draw_text
from game.ui.widgets import Button, FocusGroup, Widget

PANEL = (440, 125, 400, 454)
BAND, LIFT, RADIUS = 78, 14, 14
"""The pop-up's title band and shadow, its corners' radius (reference units)."""
GUIDE_LABEL = "How to play"


class PauseScene(Scene):
    """An overlay: the table stays visible, dimmed, and does not move, unless a private hand could show.

    Opened from a hot-seat hand-off (``cover``) it draws that screen under itself; opened from a table whose
    screen several humans share, it draws the bare backdrop, since whoever looks may not be the seat whose
    hand is shown. Either way it is opaque, so the table under it is not drawn."""

    def __init__(self, app: App, table: Scene | None = None, game: str | None = None,
                 cover: Scene | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.cover = cover
        self.opaque = cover is not None or (isinstance(table, TableScene) and len(table.humans) > 1)
        self.game = game or getattr(getattr(table, "spec", None), "name", None)
        self.guide_button = Button(GUIDE_LABEL, self.guide)
        self.guide_button.enabled = self.game is not None and has_guide(self.game)
        lines: list[Sequence[Widget]] = [[Button("Resume", self.app.pop)],
                                         [Button("Rules", self.rules), self.guide_button],
                                         [Button("Settings", self.settings)]]
        if isinstance(table, TableScene):
            lines.append([Button("Save a bug report", self.report)])
        lines.append([Button("Quit to menu", self.quit_to_menu)])
        self.group = FocusGroup([button for line in lines for button in line])
        self.group.rows = lines
        """The rules and the guide share a line: Up / Down walk the lines, Left / Right the pair."""

    def resize(self, layout: Layout) -> None:
        box = layout.box(*PANEL)
        inner = box.inflate(-layout.px(60), -layout.px(120))
        inner.y = box.y + layout.px(90)
        gap = layout.px(16)
        for line, rect in zip(self.group.rows, column(inner, len(self.group.rows), layout.px(54), gap)):
            for button, part in zip(line, row(rect, len(line), gap)):
                button.rect = part

    def rules(self) -> None:
        """The rules of this game."""
        self.app.push(router(self.app).rules(self.app, self.game))

    def guide(self) -> None:
        """This game's first-game guide."""
        if self.game is not None:
            self.app.push(router(self.app).guide(self.app, self.game))

    def settings(self) -> None:
        """The settings scene."""
        self.app.push(router(self.app).settings(self.app))

    def report(self) -> None:
        """Save the game so far, its log and the machine's details, for whoever fixes the bug."""
        assert isinstance(self.table, TableScene)
        try:
            path = save_report(self.table.record, self.table.log)
        except OSError as error:
            self.app.notify(f"The bug report could not be saved: {error}")
            return
        self.app.notify(f"Bug report saved as {path}; 'python main.py replay' plays it back.")

    def quit_to_menu(self) -> None:
        """Back to the main menu; the autosave lets the player continue later."""
        self.app.reset(router(self.app).menu(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.app.layout, self.app.palette
        if self.cover is not None:
            self.cover.draw(surface)
        elif self.opaque:
            surface.blit(assets.backdrop(lay.size), (0, 0))
        dim(surface)
        box = lay.box(*PANEL)
        band = lay.px(BAND)
        draw_popup(surface, box, pal, radius=lay.px(RADIUS), band=band, lift=lay.px(LIFT), border=lay.px(2))
        draw_text(surface, "Paused", lay.text_px(38), pal.accent, (box.centerx, box.y + band // 2), anchor="center",
                  serif=True, bold=True)
        self.group.draw(surface, pal, lay)
