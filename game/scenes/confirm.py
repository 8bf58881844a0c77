"""A yes/no question over the scene below it (dimmed): the app asks before anything is lost.

Keyboard: Left / Right or Tab between the answers, Enter or Space answers, Y and N answer at once, Esc is No.
The mouse: click an answer. The safe answer, No, has the focus when the dialog opens."""

from __future__ import annotations

from typing import Callable

import pygame

from game.scenes.common import dim
from game.ui.popup import draw_popup
from game.ui.app import App, Scene
from game.ui.layout import Layout
from game.ui.text import draw_text, draw_wrapped
from game.ui.theme import font
from game.ui.widgets import Button, FocusGroup, place_in_row

PANEL_W, PANEL_H = 640, 260
QUESTION_TEXT, TITLE_TEXT = 21, 30
BUTTON_H, BUTTON_W, MARGIN = 54, 420, 40
BAND_PAD, LIFT, RADIUS = 14, 14, 14
"""Room above and below the title in its band, the pop-up's shadow and its corners' radius (reference units)."""
YES_KEYS, NO_KEYS = (pygame.K_y,), (pygame.K_n,)


class ConfirmScene(Scene):
    """Ask ``question``; Yes closes the dialog and runs ``on_yes``, No (or Esc) closes it and runs
    ``on_no`` if given. The scene below stays visible, so the player sees what the question is about."""

    opaque = False

    def __init__(self, app: App, title: str, question: str, on_yes: Callable[[], None],
                 on_no: Callable[[], None] | None = None, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(app)
        self.title = title
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_button = Button(yes, self.answer_yes)
        self.no_button = Button(no, self.answer_no)
        self.group = FocusGroup([self.yes_button, self.no_button])
        self.group.rows = [[self.yes_button, self.no_button]]
        self.group.focus(self.no_button)
        self.box = pygame.Rect(0, 0, 0, 0)

    def answer_yes(self) -> None:
        """Close the dialog, then do what was asked (stack changes made by ``on_yes`` apply after it closes)."""
        self.app.pop()
        self.on_yes()

    def answer_no(self) -> None:
        """Close the dialog; nothing was done."""
        self.app.pop()
        if self.on_no is not None:
            self.on_no()

    def back(self) -> None:
        self.answer_no()

    def resize(self, layout: Layout) -> None:
        self.box = layout.centred(PANEL_W, PANEL_H)
        bar = layout.box(0, 0, BUTTON_W, BUTTON_H)
        bar.midbottom = (self.box.centerx, self.box.bottom - layout.px(28))
        place_in_row((self.yes_button, self.no_button), bar, layout.px(24), layout)

    def keep_clear(self) -> list[pygame.Rect]:
        return [self.box]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in YES_KEYS:
            self.answer_yes()
        elif event.type == pygame.KEYDOWN and event.key in NO_KEYS:
            self.answer_no()
        else:
            self.group.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.app.layout, self.app.palette
        dim(surface)
        line = font(lay.text_px(TITLE_TEXT), serif=True, bold=True).get_linesize()
        band = line + 2 * lay.px(BAND_PAD)
        draw_popup(surface, self.box, pal, radius=lay.px(RADIUS), band=band, lift=lay.px(LIFT), border=lay.px(2))
        draw_text(surface, self.title, lay.text_px(TITLE_TEXT), pal.accent, (self.box.centerx, self.box.y + band // 2),
                  anchor="center", serif=True, bold=True)
        top = self.box.y + band + lay.px(14)
        text = pygame.Rect(self.box.x + lay.px(MARGIN), top, self.box.w - 2 * lay.px(MARGIN),
                           self.yes_button.rect.y - top - lay.px(12))
        draw_wrapped(surface, self.question, lay.text_px(QUESTION_TEXT), pal.text, text, centre=True)
        self.group.draw(surface, pal, lay)
