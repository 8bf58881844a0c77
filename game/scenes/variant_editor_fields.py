"""The variant editor's rows: one widget per rule parameter, the widget its type calls for, grouped as the
game's ``standard.yaml`` is, with the list editors (candy kinds) that add and remove items.

Every widget writes its value straight into the editor's working parameters (``set_at``), so the rows can be
rebuilt (an item added or removed) without losing anything typed."""

from __future__ import annotations

import copy
from functools import partial
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.core.params import ListOf, Param, Record, Spec
from game.ui.assets import CANDY_SHAPES
from game.ui.layout import Layout
from game.ui.text import draw_text, fit_text, panel, wrap_cached
from game.ui.theme import GOTHIC, Palette, blend, font
from game.ui.widgets import Button, Choice, TextField, Toggle, Widget
from game.variants.help import Group, VariantHelp, player_words

Keys = tuple[str | int, ...]
NUMBER_CHARS = "-0123456789"
LOOK_KEY = "look"
"""The key of a candy's look (``<colour>-<shape>``, game/ui/README.md): offered as the looks the table draws."""
DRAWN_LOOKS = tuple(f"{colour}-{shape}" for colour in GOTHIC.candies for shape in CANDY_SHAPES)
"""Every look the table draws as asked, each colour in each shape."""
LONG_TEXT_SIZES = (16, 15, 14)
"""Font sizes a long text tries, largest first, until the whole of it fits its field (14: the smallest text
the app draws)."""


class NumberField(Widget):
    """A whole number in its range: Left / Right step by one (stopping at the ends), digits typed replace
    it, Backspace takes the last digit. A number typed out of range is kept, so saving can say why not."""

    def __init__(self, label: str, value: int, param: Param, on_change: Callable[[Any], None]) -> None:
        super().__init__(label)
        self.text = str(value)
        self.param = param
        self.on_change = on_change
        self.focused = False
        self.typing = False
        """Whether digits typed now go on the end of the number (after the first one replaced it)."""

    @property
    def value(self) -> Any:
        """The number, or the text when it is not one (saving then reports it beside the field)."""
        try:
            return int(self.text)
        except ValueError:
            return self.text

    def value_text(self) -> str:
        return self.text + ("_" if self.focused and self.typing else "")

    def _set(self, text: str) -> None:
        self.text = text
        self.on_change(self.value)

    def can_step(self, step: int) -> bool:
        value = self.value
        if not isinstance(value, int):
            return True
        limit = self.param.max if step > 0 else self.param.min
        return limit is None or (value < limit if step > 0 else value > limit)

    def adjust(self, step: int) -> bool:
        value = self.value
        low = int(self.param.min) if self.param.min is not None else None
        high = int(self.param.max) if self.param.max is not None else None
        new = (value + step) if isinstance(value, int) else (low if low is not None else 0)
        if low is not None:
            new = max(low, new)
        if high is not None:
            new = min(high, new)
        self.typing = False
        self._set(str(new))
        return True

    def text_input(self, text: str) -> bool:
        kept = "".join(ch for ch in text if ch in NUMBER_CHARS)
        if kept:
            self._set(((self.text if self.typing else "") + kept)[:12])
            self.typing = True
        return bool(text)

    def key(self, key: int) -> bool:
        if key == pygame.K_BACKSPACE:
            self.typing = True
            self._set(self.text[:-1])
            return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        self.adjust(-1 if self.left_hit.collidepoint(pos) else 1)

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        """As a choice: the number between arrows, an arrow dimmed at the end of the range."""
        super().draw(surface, pal, lay, focused)
        arrow = font(lay.text_px(20), bold=True)
        value = font(lay.text_px(20), bold=True).size(self.value_text())[0]
        right = arrow.render(">", True, pal.text if self.can_step(1) else pal.text_dim)
        left = arrow.render("<", True, pal.text if self.can_step(-1) else pal.text_dim)
        surface.blit(right, right.get_rect(midright=(self.rect.right - lay.px(12), self.rect.centery)))
        left_rect = left.get_rect(midright=(self.rect.right - lay.px(42) - value, self.rect.centery))
        surface.blit(left, left_rect)
        self.left_hit = pygame.Rect(left_rect.x - lay.px(8), self.rect.y, left_rect.w + lay.px(16), self.rect.h)


class LongTextField(TextField):
    """A text longer than one line (a description): its field is taller and shows the whole of it, wrapped
    under the label, in the largest size that fits."""

    def draw(self, surface: pygame.Surface, pal: Palette, lay: Layout, focused: bool) -> None:
        fill = blend(pal.panel, pal.panel_edge, 0.35 if focused else 0.0)
        panel(surface, self.rect, fill, pal.focus if focused else pal.panel_edge, radius=lay.px(8))
        inner = self.rect.inflate(-lay.px(28), -lay.px(12))
        label, size = fit_text(self.label, lay.text_px(20), inner.w)
        top = draw_text(surface, label, size, pal.text, inner.topleft).bottom + lay.px(2)
        text = self.value_text()
        colour = pal.focus if self.selected and focused else pal.accent if focused else pal.text
        for size in LONG_TEXT_SIZES:
            face = font(lay.text_px(size))
            lines = wrap_cached(text, lay.text_px(size), inner.w)
            if len(lines) * face.get_linesize() <= inner.bottom - top or size == LONG_TEXT_SIZES[-1]:
                break
        for line in lines:
            if top + face.get_linesize() > inner.bottom + lay.px(4):
                break
            top = draw_text(surface, line, lay.text_px(size), colour, (inner.x, top)).bottom


@dataclass
class Row:
    """One line of the editor: a heading (no widget), a parameter, or a button (add / remove an item)."""

    keys: Keys
    """The parameter's (or the list's) key path, list indices included; () for a plain heading."""
    widget: Widget | None = None
    heading: str = ""
    param: Param | None = None
    indent: int = 0
    help: str = ""
    height: float = 0.0
    """A field's height in reference units when it is not the usual one (a description's)."""
    side: Widget | None = None
    """A second widget on the same line (an item's Remove button)."""
    items: ListOf | None = None
    """The list an Add button grows."""


def value_at(params: Any, keys: Keys) -> Any:
    """The value at ``keys`` in nested parameters, or None when there is none (an item the base lacks)."""
    for key in keys:
        try:
            params = params[key]
        except (KeyError, IndexError, TypeError):
            return None
    return params


def set_at(params: dict[str, Any], keys: Keys, value: Any) -> None:
    """Set the value at ``keys`` in nested parameters."""
    target: Any = params
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value


def describe(value: Any) -> str:
    """A value as the editor shows it: true / false as On / Off, a list by its length."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, list):
        return f"{len(value)} item{'s' if len(value) != 1 else ''}"
    return str(value)


def param_widget(param: Param, key: str, value: Any, on_change: Callable[[Any], None]) -> Widget:
    """The widget a parameter's type calls for: a switch, a choice named in player words, a number in its
    range, a candy's look among those the table draws, or a text."""
    label = player_words(key)
    if param.type is bool:
        return Toggle(label, bool(value), on_change)
    if param.choices is not None:
        return Choice(label, [(c, player_words(c, param)) for c in param.choices], value, on_change)
    if key == LOOK_KEY and param.type is str:
        looks = DRAWN_LOOKS if value in DRAWN_LOOKS else (str(value), *DRAWN_LOOKS)
        return Choice(label, [(look, player_words(look)) for look in looks], value, on_change)
    if param.type in (int, float):
        return NumberField(label, value, param, on_change)
    return TextField(label, str(value), on_change, max_len=param.max_chars)


class RowBuilder:
    """Builds the rows of a schema over the working parameters; ``changed`` is called after each edit, and
    ``add`` / ``remove`` after a list grew or shrank (the rows must be built again)."""

    def __init__(self, params: dict[str, Any], help_: VariantHelp, changed: Callable[[], None],
                 relist: Callable[[Keys], None]) -> None:
        self.params = params
        self.help = help_
        self.changed = changed
        self.relist = relist

    def _setter(self, keys: Keys) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            set_at(self.params, keys, value)
            self.changed()
        return set_value

    def rows(self, schema: Record) -> list[Row]:
        """Every group of the file, its heading, then its parameters."""
        rows: list[Row] = []
        grouped = [key for group in self.help.groups for key in group.keys if key in schema.fields]
        # keys the file lacks (none in ours; the help tests check it) are still edited, under 'Other rules'
        others = tuple(key for key in schema.fields if key not in grouped)
        for group in [*self.help.groups, *([Group("Other rules", others)] if others else [])]:
            rows.append(Row((), heading=group.title))
            for key in group.keys:
                if key in schema.fields:
                    rows += self._rows_of(schema.fields[key], (key,), 0)
        return rows

    def _rows_of(self, spec: Spec, keys: Keys, indent: int) -> list[Row]:
        text = self.help.text(keys)
        if len(keys) > 2 and isinstance(keys[1], int):
            text = " ".join(part if part.endswith((".", "!", "?")) else part + "."
                            for part in (text, self.help.text(keys[:1])) if part)
        if isinstance(spec, Param):
            widget = param_widget(spec, str(keys[-1]), value_at(self.params, keys), self._setter(keys))
            return [Row(keys, widget, param=spec, indent=indent, help=text)]
        if isinstance(spec, Record):
            # a record inside a group's record gets a heading of its own; a list item has its own already
            nested = indent > 0 and isinstance(keys[-1], str)
            out = [Row(keys, heading=player_words(str(keys[-1])), indent=indent, help=text)] if nested else []
            for key, sub in spec.fields.items():
                out += self._rows_of(sub, keys + (key,), indent + (1 if nested else 0))
            return out
        return self._list_rows(spec, keys, indent, text)

    def _list_rows(self, spec: ListOf, keys: Keys, indent: int, text: str) -> list[Row]:
        items = value_at(self.params, keys)
        word = player_words(str(keys[-1])).lower()
        out: list[Row] = []
        for index, _ in enumerate(items):
            remove = Button(f"Remove {word} {index + 1}", partial(self._remove, keys, index))
            remove.enabled = len(items) > spec.min_len
            out.append(Row(keys + (index,), heading=player_words(f"{keys[-1]}[{index}]"), indent=indent,
                           help=text, side=remove))
            out += self._rows_of(spec.item, keys + (index,), indent + 1)
        add = Button(f"Add a {word} kind", lambda: self._add(keys))
        add.enabled = spec.max_len is None or len(items) < spec.max_len
        out.append(Row(keys, add, indent=indent, help=text, items=spec))
        return out

    def _add(self, keys: Keys) -> None:
        """A new item, a copy of the last one under a name not yet used (names must be unique)."""
        items = value_at(self.params, keys)
        item = copy.deepcopy(items[-1]) if items else {}
        if isinstance(item.get("name"), str):
            names = {other.get("name") for other in items}
            number = len(items) + 1
            while f"{item['name']} {number}"[:40] in names:
                number += 1
            item["name"] = f"{item['name']} {number}"[:40]
        items.append(item)
        self.changed()
        self.relist(keys + (len(items) - 1,))

    def _remove(self, keys: Keys, index: int) -> None:
        items = value_at(self.params, keys)
        del items[index]
        self.changed()
        self.relist(keys + (max(0, index - 1),) if items else keys)
