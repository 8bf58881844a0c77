"""What the menu-like scenes share: a backdrop, a title over a gold rule, panels, and a focus group of widgets
(the look is ``art/STYLE.md``'s)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import assets
from game.ui.app import App, Scene
from game.ui.layout import Layout
from game.ui.popup import draw_popup, shade
from game.ui.text import draw_text
from game.ui.theme import Palette, blend
from game.ui.widgets import FocusGroup

DIM_ALPHA = 150
"""How much of the light ``dim`` takes away (of 255)."""
PANEL_RADIUS, PANEL_LIFT = 10, 6
"""A screen's panel: its corners' radius and how far its shadow reaches (reference units)."""
WINDOW_LIGHT, WINDOW_RINGS = 0.55, 16
"""How far the light behind a game's picture leans from the background toward the table's felt, and the rings
it is drawn in."""
RULE_STEPS = 12
"""The shades a rule fades out in."""
RULE_W, RULE_GAP = 120, 18
"""The gold rules each side of a screen's title: how far each reaches, and its gap from the title (reference
units)."""


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
        """The app screens' ground: the table's cloth in the dark, so text reads well."""
        surface.blit(assets.backdrop(self.layout.size), (0, 0))

    def draw_title(self, surface: pygame.Surface) -> None:
        """The scene's title (and subtitle) at the top, a gold rule on each side of the title."""
        lay, pal = self.layout, self.app.palette
        size = lay.text_px(self.title_size)
        centre = lay.point(640, self.title_y)
        drawn = draw_text(surface, self.title, size, pal.accent, centre, anchor="center", serif=True, bold=True)
        draw_rules(surface, pal, drawn, lay.px(RULE_GAP), lay.px(RULE_W))
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
    """Darken whatever is already drawn by ``alpha`` of 255 (a pop-up over the table stands out from it)."""
    shade(surface, 1 - alpha / 255)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, lay: Layout, *, band: int = 0,
               radius: int = PANEL_RADIUS) -> None:
    """A screen's panel: solid, lit from above, on a soft shadow, with a title band ``band`` pixels tall."""
    draw_popup(surface, rect, pal, radius=lay.px(radius), band=band, lift=lay.px(PANEL_LIFT),
               border=max(1, lay.px(2)))


def draw_rules(surface: pygame.Surface, pal: Palette, title: pygame.Rect, gap: int, reach: int) -> None:
    """Gold rules each side of a title drawn in ``title``: a small diamond ``gap`` from it, then a line fading
    out ``reach`` pixels, so a title is set like a printed heading."""
    y = title.centery
    size = max(3, gap // 4)
    for side, start in ((-1, title.left - gap), (1, title.right + gap)):
        pygame.draw.polygon(surface, pal.focus, [(start, y - size), (start + size, y), (start, y + size),
                                                 (start - size, y)])
        for i in range(RULE_STEPS):
            near = start + side * (2 * size + reach * i // RULE_STEPS)
            far = start + side * (2 * size + reach * (i + 1) // RULE_STEPS)
            pygame.draw.line(surface, blend(pal.accent, pal.background, i / RULE_STEPS), (near, y), (far, y),
                             max(1, size // 3))


@lru_cache(maxsize=16)
def picture_window(size: tuple[int, int], radius: int, pal: Palette) -> pygame.Surface:
    """The window a game's picture stands in (a menu tile, the set-up): dark at its edges, a pool of candlelight
    behind the picture, a thin gold frame."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(image, pal.background, image.get_rect(), border_radius=radius)
    light = blend(pal.background, blend(pal.table, pal.accent, 0.2), WINDOW_LIGHT)
    for ring in range(WINDOW_RINGS):
        t = ring / (WINDOW_RINGS - 1)
        oval = pygame.Rect(0, 0, int(size[0] * (1.2 - 0.9 * t)), int(size[1] * (1.3 - 1.0 * t)))
        oval.center = (size[0] // 2, size[1] // 2)
        pygame.draw.ellipse(image, blend(pal.background, light, t ** 0.8), oval)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(image, blend(pal.accent, pal.panel, 0.45), image.get_rect(), 1, border_radius=radius)
    return image
