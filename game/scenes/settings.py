"""The settings scene: every player setting, saved with ``save_settings`` and applied at once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.scenes.common import MenuScene
from game.storage.settings import ANIMATION_SPEEDS, MAX_WINDOW, MIN_WINDOW, save_settings
from game.ui.app import App
from game.ui.layout import Layout, column, row
from game.ui.widgets import Button, Choice, Slider, TextField, Toggle

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
AI_PAUSES = (0, 300, 600, 1000, 1500)
NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'."


class SettingsScene(MenuScene):
    """Edits a copy of the settings; Save writes and applies them, Cancel (or Esc) forgets them."""

    title = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.draft = app.settings
        s = self.draft
        size = (s.window_width, s.window_height)
        sizes = list(WINDOW_SIZES) if size in WINDOW_SIZES else sorted([*WINDOW_SIZES, size])
        pauses = sorted(set(AI_PAUSES) | {s.ai_pause_ms})
        self.fields = [
            Choice("Window size", [(v, f"{v[0]} x {v[1]}") for v in sizes], size, self._size),
            Toggle("Fullscreen", s.fullscreen, lambda v: self._set(fullscreen=v)),
            Choice("Animation speed", [(k, k.title()) for k in ANIMATION_SPEEDS], s.animation_speed,
                   lambda v: self._set(animation_speed=v)),
            Slider("Volume", s.volume, lambda v: self._set(volume=v)),
            Toggle("Mute", s.muted, lambda v: self._set(muted=v)),
            Toggle("Colour-blind palette", s.colour_blind_palette, lambda v: self._set(colour_blind_palette=v)),
            Toggle("Memory aid", s.memory_aid, lambda v: self._set(memory_aid=v)),
            TextField("Your name", s.player_name, self._name, max_len=16, allowed=NAME_CHARS),
            Choice("AI pause", [(v, f"{v} ms") for v in pauses], s.ai_pause_ms, lambda v: self._set(ai_pause_ms=v)),
        ]
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
        area = layout.box(320, 130, 640, 0)
        for widget, rect in zip(self.fields, column(area, len(self.fields), layout.px(44), layout.px(8))):
            widget.rect = rect
        bar = layout.box(420, 628, 440, 52)
        for button, rect in zip((self.save_button, self.cancel_button), row(bar, 2, layout.px(24))):
            button.rect = rect

    def save(self) -> None:
        """Write the settings file, apply the settings, and go back."""
        try:
            save_settings(self.draft)
        except OSError as error:
            self.app.notify(f"The settings could not be saved: {error}")
            return
        self.app.apply_settings(self.draft)
        self.app.pop()
