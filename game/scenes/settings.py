"""The settings scene: every player setting, saved with ``save_settings`` and applied at once; and
``remember``, which keeps what a screen opens on next time (the game last played, the lab's game).

The settings stand in two columns, the screen and type on the left, sound, motion and play on the right, each
row as tall as the chosen text size needs; a change of text size shows here at once (Cancel forgets it). The
window sizes offered are those that fit the desktop (a bigger window would open off the screen). Under the
buttons: the version (what a bug report needs) and the credits for the pictures and the type."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

import pygame

from game import __version__
from game.core.names import MAX_NAME_LENGTH, NAME_CHARS
from game.core.settings import ANIMATION_SPEEDS, TEXT_SCALES
from game.scenes.common import MenuScene, draw_panel
from game.storage.settings import MAX_WINDOW, MIN_WINDOW, save_settings
from game.ui.app import App
from game.ui.layout import Layout, row
from game.ui.text import draw_text, wrap
from game.ui.theme import font
from game.ui.widgets import Button, Choice, Slider, TextField, Toggle, Widget

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
AI_PAUSES = (0, 300, 600, 1000, 1500)
SPEEDS_IN_ORDER = sorted(ANIMATION_SPEEDS, key=ANIMATION_SPEEDS.__getitem__)
"""Off, slow, normal, fast: ">" makes animations faster."""
MEMORY_AID_HELP = "In Reapers, list the cards each opponent drafted and has not played yet (M at the table)."
AI_PAUSE_HELP = "How long each AI player waits before it moves."
REDUCED_MOTION_HELP = "Keeps the moves, drops the celebrations."
HEADINGS = ("Screen and type", "Sound, motion and play")
PANELS_X, PANELS_Y, PANEL_W, PANEL_GAP = 40, 98, 592, 16
PANEL_BAND, PANEL_HEAD, PANEL_PAD = 30, 17, 12
"""Reference units: the two panels the columns stand in (left edge, top, width, the space between them), their
title bands, their headings' type, and the room round the settings inside them."""
COLUMNS_X, COLUMN_W, COLUMN_GAP = PANELS_X + PANEL_PAD, PANEL_W - 2 * PANEL_PAD, PANEL_GAP + 2 * PANEL_PAD
"""Reference units: the left column's left edge, each column's width, and the space between the two."""
FIELDS_Y, FIELD_H, FIELD_TEXT, FIELD_GAP = PANELS_Y + PANEL_BAND + PANEL_PAD, 40, 20, 6
"""Reference units: the top of the columns, a setting's row and its type at the normal text size (the row grows
as its type does), and the space between two."""
HELP_TEXT, HELP_INSET = 15, 14
"""A line of help under a setting: its type, and its indent from the row's edges (reference units)."""
BUTTONS_Y, BUTTONS_W, BUTTON_H, BUTTON_GAP = 612, 440, 52, 10
"""Reference units: the top of the Save and Cancel buttons (higher when the lines under them need the room), their
row's width, their height, and the space under them."""
ABOUT_BOTTOM, ABOUT_W, ABOUT_LINE, ABOUT_TEXT = 712, 1200, 17, 13
"""Reference units: the bottom of the version's and the credits' lines, their width, line and type (at the
normal text size; the credits wrap onto more lines at a larger one)."""
SOUND_OFF = "No sound device was found, so the game plays silently; the volume applies once there is one."
"""Said at start (once) and under the volume when the sound could not start."""
CREDITS = ("Type: Cinzel by Natanael Gama and Fira Sans by Carrois Apostrophe and Erik Spiekermann (SIL Open Font "
           "License). Card pictures: game-icons.net icons by Lorc, Delapouite, Caro Asercion, Zeromancer and Carl "
           "Olsen (CC BY 3.0). Everything else, music and sounds too: Hallowtable's own (MIT licence).")


class SettingsScene(MenuScene):
    """Edits a copy of the settings; Save writes and applies them, Cancel (or Esc) forgets them."""

    title = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.draft = app.settings
        s = self.draft
        size = (s.window_width, s.window_height)
        sizes = sorted({*fitting_sizes(desktop_size()), size})
        pauses = sorted(set(AI_PAUSES) | {s.ai_pause_ms})
        scales = sorted(set(TEXT_SCALES) | {s.text_scale})
        self.speed = Choice("Animation speed", [(k, k.title()) for k in SPEEDS_IN_ORDER], s.animation_speed,
                            lambda v: self._set(animation_speed=v), wrap=False)
        self.memory_aid = Toggle("Memory aid", s.memory_aid, lambda v: self._set(memory_aid=v))
        self.volume = Slider("Effects volume", s.volume, lambda v: self._set(volume=v))
        self.music_volume = Slider("Music volume", s.music_volume, lambda v: self._set(music_volume=v))
        self.ai_pause = Choice("AI pause", [(v, f"{v} ms") for v in pauses], s.ai_pause_ms,
                               lambda v: self._set(ai_pause_ms=v), wrap=False)
        self.text_size = Choice("Text size", [(v, f"{round(v * 100)}%") for v in scales], s.text_scale,
                                self._text_scale, wrap=False)
        self.reduced_motion = Toggle("Reduced motion", s.reduced_motion, lambda v: self._set(reduced_motion=v))
        self.columns: tuple[list[Widget], list[Widget]] = (
            [Choice("Window size", [(v, f"{v[0]} x {v[1]}") for v in sizes], size, self._size, wrap=False),
             Toggle("Fullscreen", s.fullscreen, lambda v: self._set(fullscreen=v)),
             self.text_size,
             Toggle("Colour-blind palette", s.colour_blind_palette, lambda v: self._set(colour_blind_palette=v)),
             TextField("Your name", s.player_name, self._name, max_len=MAX_NAME_LENGTH, allowed=NAME_CHARS),
             self.memory_aid],
            [self.volume,
             self.music_volume,
             Toggle("Mute", s.muted, lambda v: self._set(muted=v)),
             self.speed,
             self.reduced_motion,
             self.ai_pause])
        self.fields: list[Widget] = [*self.columns[0], *self.columns[1]]
        self.help: dict[Widget, str] = {self.volume: SOUND_OFF} if not app.sound.available else {}
        self.help |= {self.memory_aid: MEMORY_AID_HELP, self.reduced_motion: REDUCED_MOTION_HELP,
                      self.ai_pause: AI_PAUSE_HELP}
        """A line under the settings whose name alone does not say what they do, or that cannot do it now."""
        self.save_button = Button("Save", self.save)
        self.cancel_button = Button("Cancel", self.app.pop)
        self.group.widgets = [*self.fields, self.save_button, self.cancel_button]
        left, right = self.columns
        self.group.rows = [*zip(left, right), (self.save_button, self.cancel_button)]
        self.help_lines: list[tuple[Widget, list[str], pygame.Rect]] = []
        """Each setting's help as laid out: the lines it wraps to, and where they go."""
        self.panels: list[pygame.Rect] = []
        """The panel each column stands in (under ``HEADINGS``)."""

    def _set(self, **values: Any) -> None:
        self.draft = replace(self.draft, **values)

    def _size(self, size: tuple[int, int]) -> None:
        width = min(MAX_WINDOW[0], max(MIN_WINDOW[0], size[0]))
        height = min(MAX_WINDOW[1], max(MIN_WINDOW[1], size[1]))
        self._set(window_width=width, window_height=height)

    def _name(self, text: str) -> None:
        if text.strip():
            self._set(player_name=text.strip())

    def _text_scale(self, scale: float) -> None:
        """A new text size, shown on this screen at once (the others take it on Save)."""
        self._set(text_scale=scale)
        self.resize(self.layout)

    def resize(self, layout: Layout) -> None:
        """Lay the two columns out at the draft's text size: each row as tall as its type, each help wrapped
        to the lines it needs (never smaller type)."""
        lay = replace(layout, text_scale=self.draft.text_scale)
        super().resize(lay)
        face = font(lay.text_px(HELP_TEXT))
        row_h, gap = FIELD_H + FIELD_TEXT * (lay.text_scale - 1), FIELD_GAP
        self.help_lines = []
        bottom: float = FIELDS_Y
        for number, column in enumerate(self.columns):
            x = COLUMNS_X + number * (COLUMN_W + COLUMN_GAP)
            y: float = FIELDS_Y
            for widget in column:
                widget.rect = lay.box(x, y, COLUMN_W, row_h)
                y += row_h + gap
                if widget in self.help:
                    room = widget.rect.w - 2 * lay.px(HELP_INSET)
                    lines = wrap(self.help[widget], face, room)
                    height = len(lines) * face.get_linesize()
                    self.help_lines.append((widget, lines, pygame.Rect(widget.rect.x + lay.px(HELP_INSET),
                                                                       widget.rect.bottom + lay.px(2), room,
                                                                       height)))
                    y += (height + lay.px(2)) / lay.scale
            bottom = max(bottom, y - gap)
        self.panels = [lay.box(PANELS_X + number * (PANEL_W + PANEL_GAP), PANELS_Y, PANEL_W,
                               bottom + PANEL_PAD - PANELS_Y) for number in range(len(self.columns))]
        about_top = ABOUT_BOTTOM - sum(rect.h for _, rect in self._about_lines(lay)) / lay.scale
        bar = lay.centred(BUTTONS_W, BUTTON_H, cy=min(BUTTONS_Y, about_top - BUTTON_GAP - BUTTON_H) + BUTTON_H / 2)
        for button, rect in zip((self.save_button, self.cancel_button), row(bar, 2, lay.px(24))):
            button.rect = rect

    def help_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each setting's help and where it goes: under its setting, in the gap left for it."""
        return [(self.help[widget], rect) for widget, _, rect in self.help_lines]

    def about_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The version's line and the credits under the buttons, and where each goes (the credits' rect holds
        all the lines they wrap to)."""
        lay = self.layout
        placed: list[tuple[str, pygame.Rect]] = []
        bottom = lay.point(0, ABOUT_BOTTOM)[1]
        for text, rect in reversed(self._about_lines(lay)):
            rect.bottom = bottom
            bottom = rect.top
            placed.insert(0, (text, rect))
        return placed

    @staticmethod
    def _about_lines(lay: Layout) -> list[tuple[str, pygame.Rect]]:
        """The version's line and the credits, each in a rect as tall as the lines it wraps to (``about_rects``
        puts them at the bottom)."""
        face = font(lay.text_px(ABOUT_TEXT))
        line = max(lay.px(ABOUT_LINE), face.get_linesize())
        width = lay.px(ABOUT_W)
        return [(text, lay.box((1280 - ABOUT_W) / 2, 0, ABOUT_W, 0).inflate(0, len(wrap(text, face, width)) * line))
                for text in (version_line(), CREDITS)]

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        for rect, heading in zip(self.panels, HEADINGS):
            draw_panel(surface, rect, pal, lay, band=lay.px(PANEL_BAND))
            draw_text(surface, heading, lay.text_px(PANEL_HEAD), pal.accent,
                      (rect.x + lay.px(16), rect.y + lay.px(PANEL_BAND) // 2), anchor="midleft", serif=True, bold=True)
        face = font(lay.text_px(HELP_TEXT))
        for _, lines, rect in self.help_lines:
            for number, text in enumerate(lines):
                surface.blit(face.render(text, True, pal.text_dim), (rect.x, rect.y + number * face.get_linesize()))
        about = font(lay.text_px(ABOUT_TEXT))
        for text, rect in self.about_rects():
            lines = wrap(text, about, rect.w)
            step = rect.h // len(lines)
            for number, line in enumerate(lines):
                draw_text(surface, line, lay.text_px(ABOUT_TEXT), pal.text_dim,
                          (rect.centerx, rect.y + number * step + step // 2), anchor="center")

    def save(self) -> None:
        """Write the settings file, apply the settings, and go back."""
        try:
            save_settings(self.draft)
        except OSError as error:
            self.app.notify(f"The settings could not be saved: {error}")
            return
        self.app.apply_settings(self.draft)
        self.app.pop()


def version_line() -> str:
    """Hallowtable's version and what it runs on: the pygame in use (pygame or pygame-ce), SDL and Python."""
    flavour = "pygame-ce" if getattr(pygame, "IS_CE", False) else "pygame"
    sdl = ".".join(str(part) for part in pygame.get_sdl_version())
    python = ".".join(str(part) for part in sys.version_info[:3])
    return f"Hallowtable {__version__} \u00b7 {flavour} {pygame.version.ver} \u00b7 SDL {sdl} \u00b7 Python {python}"


def desktop_size() -> tuple[int, int] | None:
    """The largest desktop's size in pixels, or None when pygame cannot tell (no display)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return max(sizes, key=lambda size: size[0] * size[1]) if sizes else None


def fitting_sizes(desktop: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The window sizes that fit ``desktop`` (all of them when its size is not known; the smallest always,
    the app's least)."""
    if desktop is None:
        return list(WINDOW_SIZES)
    return [size for size in WINDOW_SIZES if size == WINDOW_SIZES[0] or (size[0] <= desktop[0] and
                                                                          size[1] <= desktop[1])]
