"""The lab's line of news: what became of the last folder or export request (the notice, in a place no button
is in), and on a results screen what the exports wrote, or what they would."""

from __future__ import annotations

import pygame

from game.scenes.lab.page import LabPage
from game.ui.text import draw_text, draw_wrapped, fit_size


def draw_notice(scene: LabPage, surface: pygame.Surface, room: pygame.Rect) -> int:
    """The scene's notice wrapped into ``room`` (a place no button is in); the height used."""
    pal = scene.app.palette
    used = draw_wrapped(surface, scene.notice, scene.layout.text_px(15), pal.danger if scene.notice_bad else pal.good,
                        room)
    scene.notice_rect = pygame.Rect(room.x, room.y, room.w, used)
    return used


def saved_line(scene: LabPage, surface: pygame.Surface, exports: str) -> None:
    """Above the result buttons: the notice, else the files exported last, else what the exports write
    (``exports``)."""
    lay, pal = scene.layout, scene.app.palette
    if scene.notice:
        draw_notice(scene, surface, lay.box(30, 606, 1220, 36))  # two lines at most, above the buttons
    elif scene.saved:
        text = f"Saved in {scene.saved[-1].parent}: " + ", ".join(path.name for path in scene.saved[-2:])
        draw_text(surface, text, fit_size(text, lay.text_px(15), lay.px(1220)), pal.good, lay.point(30, 626),
                  anchor="midleft")
    else:
        draw_text(surface, exports, lay.text_px(15), pal.text_dim, lay.point(30, 626), anchor="midleft")
