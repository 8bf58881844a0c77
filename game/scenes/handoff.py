"""The hot-seat hand-off: an opaque screen that hides every private thing until the next player is ready."""

from __future__ import annotations

from typing import Callable

import pygame

from game.scenes.navigation import router
from game.ui import assets
from game.ui.app import App, Scene
from game.ui.glyphs import draw_glyph
from game.ui.popup import draw_popup
from game.ui.text import draw_text, ellipsize
from game.ui.theme import blend, font

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CARD = (200, 120, 880, 440)
"""The pop-up that asks for the next player, in reference units."""
LINE_WIDTH = 820
"""Reference width a line may take: the pop-up less its margins (a longer name is cut)."""
LIFT, RADIUS = 16, 16


class HandoffScene(Scene):
    """"Pass to Ann - click when ready". Opaque, so nothing of the table shows through."""

    opaque = True

    def __init__(self, app: App, name: str, on_ready: Callable[[], None], table: Scene | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.table = table
        """The table waiting under the hand-off, for the pause menu's rules and bug report."""
        self.done = False

    def ready(self) -> None:
        """The next player took the screen."""
        if not self.done:
            self.done = True
            self.on_ready()
            self.app.pop()

    def back(self) -> None:
        """Esc opens the pause menu over this screen: nothing private is revealed, and resuming comes back
        here (only the next player's click reveals the table)."""
        self.app.push(router(self.app).pause_over_hand_off(self, self.table))

    def handle(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in READY_KEYS):
            self.ready()

    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.app.layout, self.app.palette
        surface.blit(assets.backdrop(lay.size), (0, 0))
        draw_popup(surface, lay.box(*CARD), pal, radius=lay.px(RADIUS), lift=lay.px(LIFT), border=lay.px(2))
        art = lay.box(580, 160, 120, 120)
        pygame.draw.circle(surface, blend(pal.panel, pal.background, 0.6), art.center, art.w * 3 // 4)
        pygame.draw.circle(surface, pal.accent, art.center, art.w * 3 // 4, max(1, lay.px(2)))
        draw_glyph(surface, "reaper", art, pal.panel_edge, pal.background)
        room = lay.px(LINE_WIDTH)
        title = font(lay.text_px(52), serif=True, bold=True)
        draw_text(surface, ellipsize(f"Pass to {self.name}", title, room), lay.text_px(52), pal.accent,
                  lay.point(640, 380), anchor="center", serif=True, bold=True)
        draw_text(surface, "Everything private is hidden until they are ready.", lay.text_px(20), pal.text,
                  lay.point(640, 440), anchor="center")
        ready, face = ": click or press Enter when ready", font(lay.text_px(20))
        name = ellipsize(self.name, face, room - face.size(ready)[0])
        draw_text(surface, name + ready, lay.text_px(20), pal.text_dim, lay.point(640, 490), anchor="center")
