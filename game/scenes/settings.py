"""The settings scene: every player setting, saved with ``save_settings`` and applied at once; and
``remember``, which keeps what a screen opens on next time (the game last played, the lab's game).

The window sizes offered are those that fit the desktop (a bigger window would open off the screen). Under the
buttons: the version (what a bug report needs) and the credits for the pictures and the type."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

import pygame

from game import __version__
from game.core.names import MAX_NAME_LENGTH, NAME_CHARS
from game.core.settings import ANIMATION_SPEEDS
from game.scenes.common import MenuScene
from game.storage.settings import MAX_WINDOW, MIN_WINDOW, save_settings
from game.ui.app import App
from game.ui.layout import Layout, row
from game.ui.text import draw_text, fit_size
from game.ui.widgets import Button, Choice, Slider, TextField, Toggle, Widget

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
AI_PAUSES = (0, 300, 600, 1000, 1500)
SPEEDS_IN_ORDER = sorted(ANIMATION_SPEEDS, key=ANIMATION_SPEEDS.__getitem__)
"""Off, slow, normal, fast: ">" makes animations faster."""
MEMORY_AID_HELP = "In Reapers, list the cards each opponent drafted and has not played yet (M at the table)."
AI_PAUSE_HELP = "How long each AI player waits before it moves, so that you can follow its play."
FIELDS_X, FIELDS_Y, FIELDS_W = 320, 116, 640
FIELD_H, FIELD_GAP, HELP_H = 40, 6, 22
"""Reference units: a setting's row, the space between two, and the line of help under some."""
HELP_INSET = 14
BUTTONS_Y = 612
ABOUT_Y, ABOUT_W, ABOUT_LINE, ABOUT_TEXT = 683, 1000, 17, 13
"""Reference units: the top of the Save and Cancel buttons; the middle of the version's line (the credits' is the
next), their width, line and type."""
SOUND_OFF = "No sound device was found, so the game plays silently; the volume applies once there is one."
"""Said at start (once) and under the volume when the sound could not start."""
CREDITS = ("Cards, pictures and sounds: Hallowtable's own (MIT licence). Type: your system's own (DejaVu, "
           "Liberation, Georgia, Arial...), else pygame's FreeSans (GNU FreeFont).")


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
        self.speed = Choice("Animation speed", [(k, k.title()) for k in SPEEDS_IN_ORDER], s.animation_speed,
                            lambda v: self._set(animation_speed=v), wrap=False)
        self.memory_aid = Toggle("Memory aid", s.memory_aid, lambda v: self._set(memory_aid=v))
        self.volume = Slider("Volume", s.volume, lambda v: self._set(volume=v))
        self.ai_pause = Choice("AI pause", [(v, f"{v} ms") for v in pauses], s.ai_pause_ms,
                               lambda v: self._set(ai_pause_ms=v), wrap=False)
        self.fields: list[Widget] = [
            Choice("Window size", [(v, f"{v[0]} x {v[1]}") for v in sizes], size, self._size, wrap=False),
            Toggle("Fullscreen", s.fullscreen, lambda v: self._set(fullscreen=v)),
            self.speed,
            self.volume,
            Toggle("Mute", s.muted, lambda v: self._set(muted=v)),
            Toggle("Colour-blind palette", s.colour_blind_palette, lambda v: self._set(colour_blind_palette=v)),
            self.memory_aid,
            TextField("Your name", s.player_name, self._name, max_len=MAX_NAME_LENGTH, allowed=NAME_CHARS),
            self.ai_pause,
        ]
        self.help: dict[Widget, str] = {self.volume: SOUND_OFF} if not app.sound.available else {}
        self.help |= {self.memory_aid: MEMORY_AID_HELP, self.ai_pause: AI_PAUSE_HELP}
        """A line under the settings whose name alone does not say what they do, or that cannot do it now."""
        self.save_button = Button("Save", self.save)
        self.cancel_button = Button("Cancel", self.app.pop)
        self.group.widgets = [*self.fields, self.save_button, self.cancel_button]

    def _set(self, **values: Any) -> None:
        self.draft = replace(self.draft, **values)

    def _size(self, size: tuple[int, int]) -> None:
        width = min(MAX_WINDOW[0], max(MIN_WINDOW[0], size[0]))
        height = min(MAX_WINDOW[1], max(MIN_WINDOW[1], size[1]))
        self._set(window_width=width, window_height=height)

    def _name(self, text: str) -> None:
        if text.strip():
            self._set(player_name=text.strip())

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        y: float = FIELDS_Y
        for widget in self.fields:
            widget.rect = layout.box(FIELDS_X, y, FIELDS_W, FIELD_H)
            y += FIELD_H + FIELD_GAP + (HELP_H if widget in self.help else 0)
        bar = layout.box(420, BUTTONS_Y, 440, 52)
        for button, rect in zip((self.save_button, self.cancel_button), row(bar, 2, layout.px(24))):
            button.rect = rect

    def help_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Each line of help and where it goes: under its setting, in the gap left for it."""
        lay = self.layout
        return [(text, pygame.Rect(widget.rect.x + lay.px(HELP_INSET), widget.rect.bottom + lay.px(2),
                                   widget.rect.w - 2 * lay.px(HELP_INSET), lay.px(HELP_H)))
                for widget, text in self.help.items()]

    def about_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The version's line and the credits' under the buttons, and where each goes."""
        return [(text, self.layout.centred(ABOUT_W, ABOUT_LINE, cy=ABOUT_Y + index * ABOUT_LINE))
                for index, text in enumerate((version_line(), CREDITS))]

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        for text, rect in self.help_rects():
            draw_text(surface, text, fit_size(text, lay.text_px(15), rect.w), pal.text_dim, rect.midleft,
                      anchor="midleft")
        for text, line in self.about_rects():
            draw_text(surface, text, fit_size(text, lay.text_px(ABOUT_TEXT), line.w), pal.text_dim, line.center,
                      anchor="center")

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
