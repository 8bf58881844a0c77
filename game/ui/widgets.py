"""Menu widgets and the focus ring that makes every menu work by keyboard as well as by mouse.

Tab / Shift+Tab and Up / Down move the focus, Left / Right change a choice or slider, Enter or Space
press a button or flip a toggle; the mouse hovers (which also focuses) and clicks. Scenes give each
widget its ``rect`` in ``resize`` and let a ``FocusGroup`` route the events. Widgets laid out in rows
(a group's ``rows``) are walked as they lie: Left / Right along a row, Up / Down from row to row.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.ui.layout import Layout
from game.ui.text import draw_label, label_height, panel
from game.ui.theme import TYPE, Palette, blend, font

ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
NO_FOCUS = -1
"""A ``FocusGroup``'s index when no widget has the focus yet."""
BUTTON_PAD = 16
"""Reference units of a button's width beside its label."""
BUTTON_EDGE = 8
"""Reference units of a button's height above and below its label's letters, together."""
ROW_PAD = 14
"""Reference units from a menu row's edges to its label on the left and its ">" on the right."""
ARROW_GAP = 8
"""Reference units between a value and the "<" or ">" that steps it."""
LABEL_GAP = 16
"""Reference units at least between a menu row's label and its value (with its "<")."""


class Widget:
    """Something in a menu: it has a rect, may take focus, and reacts to keys and clicks."""

    focusable = True

    def __init__(self, label: str) -> None:
        self.label = label
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.left_hit = pygame.Rect(0, 0, 0, 0)
        """Where a click steps a choice backwards (set when drawn)."""
        self.value_box = pygame.Rect(0, 0, 0, 0)
        """Where the value was drawn last (a text field rings it when the whole text is chosen)."""
        self.enabled = True

    def activate(self) -> None:
        """Enter / Space."""

    def adjust(self, step: int) -> bool:
        """Left (-1) / Right (+1); whether the widget used it."""
        return False

    def can_step(self, step: int) -> bool:
        """Whether ``adjust(step)`` would change the value (its arrow is dimmed when not)."""
        return True

    def click(self, pos: tuple[int, int]) -> None:
        """A left click inside ``rect``."""
        self.activate()

    def text_input(self, text: str) -> bool:
        """Typed text; whether the widget took it."""
        return False

    def key(self, key: int) -> bool:
        """Any other key while focused; whether the widget used it."""
        return False

    def value_text(self) -> str:
        """The current value as shown on the right."""
        return ""

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        """A panel with the label left and the value right, each at the label size: one that needs more room
        than it gets wraps (or, where the row is one line tall, is cut) rather than shrinks."""
        fill = blend(pal.panel, pal.panel_edge, 0.35 if focused else 0.0)
        panel(surface, self.rect, fill, pal.focus if focused else pal.panel_edge, radius=lay.px(8))
        colour = pal.text if self.enabled else pal.text_dim
        size = lay.text_px(TYPE.label)
        strong = font(size, bold=True)  # the value's face, and the arrows'
        arrow_w = strong.size(">")[0]
        left, right = self.rect.x + lay.px(ROW_PAD), self.rect.right - lay.px(ROW_PAD) - arrow_w - lay.px(ARROW_GAP)
        value = self.value_text()
        inner = right - left - arrow_w - lay.px(ARROW_GAP + LABEL_GAP)
        label_w, value_w = split_room(font(size).size(self.label)[0], strong.size(value)[0] if value else 0, inner)
        draw_label(surface, self.label, size, colour, pygame.Rect(left, self.rect.y, label_w, self.rect.h),
                   align="left")
        if not value:
            return
        lines = draw_label(surface, value, size, pal.accent if focused else colour,
                           pygame.Rect(right - value_w, self.rect.y, value_w, self.rect.h), align="right", bold=True)
        self.value_box = lines[0].unionall(lines[1:])
        if isinstance(self, (Choice, Slider)):
            back = strong.render("<", True, colour if self.can_step(-1) else pal.text_dim)
            forth = strong.render(">", True, colour if self.can_step(1) else pal.text_dim)
            surface.blit(forth, forth.get_rect(midright=(self.rect.right - lay.px(ROW_PAD), self.rect.centery)))
            back_rect = back.get_rect(midright=(self.value_box.x - lay.px(ARROW_GAP), self.rect.centery))
            surface.blit(back, back_rect)
            self.left_hit = pygame.Rect(back_rect.x - lay.px(8), self.rect.y, back_rect.w + lay.px(16), self.rect.h)


class Button(Widget):
    """Runs ``action`` when pressed."""

    def __init__(self, label: str, action: Callable[[], object]) -> None:
        super().__init__(label)
        self.action = action

    def activate(self) -> None:
        if self.enabled:
            self.action()

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        """The label centred at the label size, on two lines rather than smaller when one is too narrow for it."""
        fill = blend(pal.panel, pal.accent, 0.3 if focused else 0.0)
        panel(surface, self.rect, fill, pal.focus if focused else pal.panel_edge, radius=lay.px(8))
        draw_label(surface, self.label, lay.text_px(TYPE.label), pal.text if self.enabled else pal.text_dim,
                   self.rect.inflate(-lay.px(BUTTON_PAD), -lay.px(BUTTON_EDGE)), serif=True, bold=True)


class Choice(Widget):
    """One of several options, stepped with Left/Right (Enter steps forward, a click on a side steps that way).

    Options that form a scale (sizes, speeds, times) are given in order with ``wrap=False``: ">" always
    means more, and stops at the most rather than jumping back to the least."""

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, wrap: bool = True) -> None:
        super().__init__(label)
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.wrap = wrap

    @property
    def value(self) -> Any:
        """The chosen option's value."""
        return self.options[self.index][0]

    def value_text(self) -> str:
        return self.options[self.index][1] if self.options else ""

    def can_step(self, step: int) -> bool:
        return self.wrap or 0 <= self.index + step < len(self.options)

    def adjust(self, step: int) -> bool:
        if not self.options or not self.enabled:
            return False
        if self.can_step(step):
            self.index = (self.index + step) % len(self.options)
            if self.on_change is not None:
                self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.adjust(1)

    def click(self, pos: tuple[int, int]) -> None:
        self.adjust(-1 if self.left_hit.collidepoint(pos) else 1)


class Toggle(Widget):
    """On or off; shown as a word and a tick box, never colour alone."""

    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None] | None = None) -> None:
        super().__init__(label)
        self.value = value
        self.on_change = on_change

    def value_text(self) -> str:
        return "[x] On" if self.value else "[ ] Off"

    def activate(self) -> None:
        if self.enabled:
            self.value = not self.value
            if self.on_change is not None:
                self.on_change(self.value)

    def adjust(self, step: int) -> bool:
        self.activate()
        return True


class Slider(Widget):
    """A value from 0 to 1 in steps, shown as a percentage and a bar."""

    def __init__(self, label: str, value: float, on_change: Callable[[float], None] | None = None,
                 step: float = 0.1) -> None:
        super().__init__(label)
        self.value = value
        self.step = step
        self.on_change = on_change

    def value_text(self) -> str:
        return f"{round(self.value * 100)}%"

    def set(self, value: float) -> None:
        """Set and report a new value (clamped, rounded to the step)."""
        value = round(max(0.0, min(1.0, value)) / self.step) * self.step
        self.value = round(value, 4)
        if self.on_change is not None:
            self.on_change(self.value)

    def adjust(self, step: int) -> bool:
        self.set(self.value + step * self.step)
        return True

    def can_step(self, step: int) -> bool:
        return self.value > 0.0 if step < 0 else self.value < 1.0

    def click(self, pos: tuple[int, int]) -> None:
        bar = self._bar()
        if bar.collidepoint(pos[0], bar.centery):
            self.set((pos[0] - bar.x) / max(1, bar.w))

    def _bar(self) -> pygame.Rect:
        return pygame.Rect(self.rect.centerx - self.rect.w // 10, self.rect.centery - 3, self.rect.w // 5, 6)

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        super().draw(surface, pal, lay, focused)
        bar = self._bar()
        pygame.draw.rect(surface, pal.text_dim, bar, border_radius=3)
        pygame.draw.rect(surface, pal.accent, (bar.x, bar.y, round(bar.w * self.value), bar.h), border_radius=3)


class TextField(Widget):
    """A short line of text (a name, a seed); only ``allowed`` characters are taken."""

    def __init__(self, label: str, text: str, on_change: Callable[[str], None] | None = None,
                 max_len: int = 20, allowed: str | None = None, placeholder: str = "") -> None:
        super().__init__(label)
        self.text = text
        self.on_change = on_change
        self.max_len = max_len
        self.allowed = allowed
        self.placeholder = placeholder
        self.focused = False
        self.selected = False
        """Ctrl+A chose the whole text: typing replaces it, Backspace clears it."""

    def value_text(self) -> str:
        caret = "_" if self.focused and not self.selected else ""
        return (self.text + caret) if self.text or self.focused else self.placeholder

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        """As every widget; the whole text ringed while Ctrl+A has it chosen."""
        super().draw(surface, pal, lay, focused)
        if self.selected and focused and self.text:
            chosen = self.value_box.inflate(lay.px(6), lay.px(4))
            pygame.draw.rect(surface, pal.focus, chosen, max(1, lay.px(2)), border_radius=lay.px(3))

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def text_input(self, text: str) -> bool:
        kept = "".join(ch for ch in text if ch.isprintable() and (self.allowed is None or ch in self.allowed))
        if not kept:
            return bool(text)
        self.text = (("" if self.selected else self.text) + kept)[: self.max_len]
        self.selected = False
        self._changed()
        return True

    def key(self, key: int) -> bool:
        if key == pygame.K_a and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.selected = bool(self.text)
            return True
        selected, self.selected = self.selected, False
        if key == pygame.K_BACKSPACE:
            self.text = "" if selected else self.text[:-1]
            self._changed()
            return True
        return False


class FocusGroup:
    """The widgets of a menu in focus order; routes keys and mouse events and draws the focus ring."""

    def __init__(self, widgets: Sequence[Widget] = (), *, focused: bool = True) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.index = 0 if focused else NO_FOCUS
        """The focused widget's place in ``widgets``; ``NO_FOCUS`` until the player moves the focus or points at
        a widget (a screen where Enter must not answer for the player before they chose)."""
        self.rows: list[Sequence[Widget]] = []
        """Widgets that lie side by side, each row left to right and the rows top to bottom (a menu's game
        cards over its buttons); Left / Right move along a row and Up / Down to the nearest widget of the
        next row. Widgets in no row are walked in focus order."""

    @property
    def focused(self) -> Widget | None:
        """The widget with the focus ring."""
        usable = [w for w in self.widgets if w.focusable]
        if not usable or self.index == NO_FOCUS:
            return None
        return self.widgets[self.index] if self.index < len(self.widgets) else usable[0]

    def focus(self, widget: Widget) -> None:
        """Move the ring to ``widget``."""
        if widget in self.widgets:
            self.index = self.widgets.index(widget)

    def move(self, step: int) -> None:
        """Next (+1) or previous (-1) focusable, enabled widget, wrapping around."""
        count = len(self.widgets)
        start = self.index if self.index != NO_FOCUS else (-1 if step > 0 else count)
        for offset in range(1, count + 1):
            index = (start + step * offset) % count
            if self._usable(self.widgets[index]):
                self.index = index
                return

    def _usable(self, widget: Widget) -> bool:
        return widget in self.widgets and widget.focusable and widget.enabled

    def _row_of(self, widget: Widget | None) -> int | None:
        return next((number for number, line in enumerate(self.rows) if widget in line), None)

    def move_along_row(self, step: int) -> bool:
        """Focus the next (+1) or previous (-1) usable widget in the focused one's row, wrapping around;
        whether the focused widget is in a row."""
        current = self.focused
        number = self._row_of(current)
        if current is None or number is None:
            return False
        line = self.rows[number]
        start = line.index(current)
        for offset in range(1, len(line)):
            widget = line[(start + step * offset) % len(line)]
            if self._usable(widget):
                self.focus(widget)
                break
        return True

    def move_across_rows(self, step: int) -> bool:
        """Focus the widget nearest the focused one's centre in the next row down (+1) or up (-1) that has a
        usable one, wrapping around; whether it did (not when the focused widget is in no row, or its row is
        the only one with usable widgets)."""
        current = self.focused
        number = self._row_of(current)
        if current is None or number is None:
            return False
        x = current.rect.centerx
        for offset in range(1, len(self.rows)):
            usable = [w for w in self.rows[(number + step * offset) % len(self.rows)] if self._usable(w)]
            if usable:
                self.focus(min(usable, key=lambda w: abs(w.rect.centerx - x)))
                return True
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        """Route one event; whether it was used."""
        current = self.focused
        for widget in self.widgets:
            if isinstance(widget, TextField):
                widget.focused = widget is current
        if event.type == pygame.KEYDOWN:
            return self._key(event, current)
        if event.type == pygame.TEXTINPUT and current is not None:
            return current.text_input(event.text)
        if event.type == pygame.MOUSEMOTION:
            for widget in self.widgets:
                if widget.focusable and widget.enabled and widget.rect.collidepoint(event.pos):
                    self.focus(widget)
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for widget in self.widgets:
                if widget.focusable and widget.enabled and widget.rect.collidepoint(event.pos):
                    self.focus(widget)
                    widget.click(event.pos)
                    return True
        return False

    def _key(self, event: pygame.event.Event, current: Widget | None) -> bool:
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            if not self.move_across_rows(step):
                self.move(step)
            return True
        if current is None:
            return False
        if isinstance(current, TextField) and event.key == pygame.K_SPACE:
            return True  # the space arrives as text input
        if event.key in ACTIVATE:
            current.activate()
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            return current.adjust(step) or self.move_along_row(step)
        return current.key(event.key)

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout) -> None:
        """Every widget, the focused one with a ring."""
        current = self.focused
        for widget in self.widgets:
            widget.draw(surface, pal, lay, widget is current)
        if current is not None:
            ring = current.rect.inflate(lay.px(8), lay.px(8))
            pygame.draw.rect(surface, pal.focus, ring, max(2, lay.px(3)), border_radius=lay.px(11))


def split_room(label_w: int, value_w: int, room: int) -> tuple[int, int]:
    """The pixels a widget's label and value get of ``room``: each what it needs when both fit, else the one
    that needs less keeps all of it (up to half the room) and the other gets the rest."""
    if label_w + value_w <= room:
        return room - value_w, value_w
    if label_w <= value_w:
        label = min(label_w, room // 2)
        return label, room - label
    value = min(value_w, room // 2)
    return room - value, value


def button_width(label: str, lay: Layout) -> int:
    """The pixels a button needs for ``label`` on one line at the label size."""
    return font(lay.text_px(TYPE.label), serif=True, bold=True).size(label)[0] + lay.px(BUTTON_PAD)


def place_in_row(buttons: Sequence[Widget], bar: pygame.Rect, gap: int, lay: Layout) -> None:
    """Lay ``buttons`` side by side across ``bar``, each as wide as its label needs on one line and the room
    left over shared equally. When the labels need more than the bar, the narrow ones still get all they need
    and the widest share what is left equally, so as few labels as can be wrap (onto two lines, never smaller);
    the row grows about the bar's middle where the bar is too low for its labels (a larger text size)."""
    if not buttons:
        return
    needs = [button_width(button.label, lay) for button in buttons]
    room = bar.w - gap * (len(buttons) - 1)
    spare = room - sum(needs)
    widths = [need + spare / len(needs) for need in needs] if spare >= 0 else _capped(needs, room)
    size = lay.text_px(TYPE.label)
    lines = 2 if any(need > width + 0.5 for need, width in zip(needs, widths)) else 1
    height = max(bar.h, label_height(size, lines, serif=True, bold=True) + lay.px(BUTTON_EDGE))
    x = float(bar.x)
    for button, width in zip(buttons, widths):
        button.rect = pygame.Rect(round(x), bar.centery - height // 2, round(x + width) - round(x), height)
        x += width + gap


def _capped(needs: Sequence[int], room: float) -> list[float]:
    """``needs`` cut to share ``room``: every need at most one cap, the cap as large as the room allows."""
    left, cap = room, room / len(needs)
    for count, need in enumerate(sorted(needs)):
        share = left / (len(needs) - count)
        if need > share:
            cap = share
            break
        left -= need
    return [min(need, cap) for need in needs]


def draw_progress(surface: pygame.Surface, bar: pygame.Rect, done: int, total: int, pal: Palette,
                  lay: Layout) -> None:
    """A progress bar filled ``done`` of ``total`` (the lab's games, a review's decisions)."""
    pygame.draw.rect(surface, blend(pal.panel, pal.background, 0.5), bar, border_radius=lay.px(6))
    filled = bar.copy()
    filled.w = round(bar.w * min(1.0, done / max(1, total)))
    if filled.w > 0:
        pygame.draw.rect(surface, pal.accent, filled, border_radius=lay.px(6))
    pygame.draw.rect(surface, pal.panel_edge, bar, 2, border_radius=lay.px(6))
