"""What the menu-like scenes share: a backdrop, a title, and a focus group of widgets."""

from __future__ import annotations

import pygame

from game.ui import assets
from game.ui.app import App, Scene
from game.ui.layout import Layout
from game.ui.text import draw_text
from game.ui.widgets import FocusGroup

DIM_ALPHA = 150


class MenuScene(Scene):
    """A scene made of widgets over the dimmed table; subclasses place widgets in ``resize``."""

    title = ""
    subtitle = ""
    title_size, title_y = 44, 58
    """The title's font size and the reference height of its centre."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.group = FocusGroup()
        self.layout = app.layout

    def resize(self, layout: Layout) -> None:
        self.layout = layout

    def handle(self, event: pygame.event.Event) -> None:
        self.group.handle(event)

    def keep_clear(self) -> list[pygame.Rect]:
        """Every widget shown: a notice must not hide a button or a choice."""
        return [widget.rect for widget in self.group.widgets if widget.rect.w and widget.rect.h]

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The table background, darkened so text reads well."""
        surface.blit(assets.background(self.layout.size), (0, 0))
        dim = pygame.Surface(self.layout.size, pygame.SRCALPHA)
        dim.fill((0, 0, 0, DIM_ALPHA))
        surface.blit(dim, (0, 0))

    def draw_title(self, surface: pygame.Surface) -> None:
        """The scene's title (and subtitle) at the top."""
        lay, pal = self.layout, self.app.palette
        draw_text(surface, self.title, lay.text_px(self.title_size), pal.accent, lay.point(640, self.title_y),
                  anchor="center", serif=True, bold=True)
        if self.subtitle:
            draw_text(surface, self.subtitle, lay.text_px(19), pal.text_dim, lay.point(640, 100), anchor="center")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_title(surface)
        self.draw_content(surface)
        self.group.draw(surface, self.app.palette, self.layout)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything besides the widgets (explanations, errors)."""


def dim(surface: pygame.Surface, alpha: int = DIM_ALPHA) -> None:
    """Darken whatever is already drawn (overlays over the table)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))
