"""The variant editor: every rule parameter of a game with the widget its type calls for, its help from the
game's ``standard.yaml`` beside the focused one, grouped as that file is, the changed ones marked with their
standard value ("was 10"). Save writes the player's own variant (``game.storage.user_variants``); an error
shows beside its field; Play it and Try it in the lab save first.

Keyboard: Tab / Up / Down move between fields (the list scrolls to follow), Left / Right change a value,
digits type a number, Enter presses a button, Esc goes back (asking first when changes are unsaved). The
mouse: hover and click as in every menu, the wheel scrolls."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Callable

import pygame

from game.core.params import Param, split_path
from game.core.registry import GameSpec
from game.scenes.common import MenuScene
from game.scenes.confirm import ConfirmScene
from game.scenes.navigation import router
from game.scenes.variant_editor_fields import Keys, LongTextField, Row, RowBuilder, describe, value_at
from game.storage.user_variants import (BuiltinNameError, NameTakenError, VariantDraft, save_variant, slug,
                                        taken)
from game.ui.app import App, Scene
from game.ui.layout import Layout, row
from game.ui.text import draw_text, draw_wrapped, fit_text, panel
from game.ui.theme import font
from game.ui.widgets import Button, TextField, Widget
from game.variants.help import player_help, player_words
from game.variants.loader import (MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS, STANDARD, Variant, VariantError,
                                  load_file, load_variant)

VIEW_X, VIEW_Y, VIEW_W, VIEW_H = 40, 122, 760, 500
"""The scrolling list of fields, in reference units."""
FIELD_X, FIELD_W, INDENT = 56, 500, 26
MARK_X, MARK_W = 572, 220
"""Where "was 10" goes, right of its field."""
HEADING_H, FIELD_H, GAP, ERROR_H = 34, 38, 6, 22
DESCRIPTION_H = 140
"""The description's field: its label over the whole text, wrapped (300 characters of words fit)."""
BLANK_H = 12
"""The space between two groups of the file that have no heading."""
SIDE_X, SIDE_W, SIDE_H = 380, 176, 30
HELP_BOX = (820, 122, 420, 500)
BAR = (100, 642, 1080, 52)
WHEEL_STEP = 48
TITLE_HELP = "The name shown in the setup screen and the lab; your file is named after it: {name}.yaml."
DESCRIPTION_HELP = "A line or two about the variant, shown under its name in the setup screen."
LEAVE_QUESTION = "Your changes to this variant are not saved. Leave the editor and lose them?"
COPY_MARK = "mine"
"""A copy's title is its base's with this mark, numbered when an earlier copy has it: 'Nasty Candy (mine 2)'."""
NOTICE_Y = 628
"""Where the editor says what became of a save (above the buttons, clear of the title)."""


class VariantEditorScene(MenuScene):
    """Make a variant of ``spec`` from ``base``; with ``edit`` (the player's own variants only) change
    ``base`` itself, which then overwrites its file without asking. A built-in one is always copied."""

    def __init__(self, app: App, spec: GameSpec, base: Variant, *, edit: bool = False) -> None:
        super().__init__(app)
        self.spec = spec
        self.help = player_help(spec)
        self.edit = edit and not base.builtin
        self.parent = load_variant(spec, base.chain[0]) if self.edit and base.chain else base
        self.standard = load_variant(spec, STANDARD)
        self.own_name = base.name if self.edit else None
        """The name of the file this editor writes without asking (the one edited, or once saved)."""
        self.title = f"Edit {base.title}" if self.edit else "New variant"
        self.subtitle = f"{spec.title}: a variant of {self.parent.title}"
        self.params: dict[str, Any] = copy.deepcopy(base.params)
        default_title = base.title if self.edit else copy_title(spec, base.title)
        self.title_field = TextField("Title", default_title, lambda _: self.changed(), max_len=MAX_TITLE_CHARS)
        self.description = LongTextField("Description", base.description.replace("\n", " "),
                                     lambda _: self.changed(), max_len=MAX_DESCRIPTION_CHARS)
        self.buttons = [Button("Save", self.save), Button("Play it", self.play),
                        Button("Try it in the lab", self.try_in_lab), Button("Back", self.back)]
        self.saved: Variant | None = base if self.edit else None
        self.snapshot = self.draft_values()
        self.errors: dict[Keys, str] = {}
        self.general_error = ""
        self.notice = ""
        """What became of the last save, said where the errors go."""
        self.scroll = 0.0
        self.rows: list[Row] = []
        self.places: list[tuple[Row, float, float]] = []
        """Each row's top and height in reference units, before scrolling."""
        self.build()

    # --- rows ------------------------------------------------------------------------------------------
    def build(self, focus: Keys | None = None) -> None:
        """Lay the rows out again from the working parameters (after an item was added or removed)."""
        builder = RowBuilder(self.params, self.help, self.changed, self.build)
        about = [Row((), heading="About this variant"), Row(("title",), self.title_field),
                 Row(("description",), self.description, height=DESCRIPTION_H)]
        self.rows = about + builder.rows(self.spec.schema)
        widgets: list[Widget] = []
        for line in self.rows:
            widgets += [w for w in (line.widget, line.side) if w is not None]
        self.group.widgets = [*widgets, *self.buttons]
        self.group.rows = [self.buttons]
        target = next((line for line in self.rows if line.keys == focus and (line.widget or line.side)), None)
        if target is not None:
            self.group.focus(target.widget or target.side)  # type: ignore[arg-type]
        self.resize(self.layout)

    def changed(self) -> None:
        """An edit: its field's error (if any) and the last save's notice are stale now."""
        self.general_error = self.notice = ""
        focused = self.focused_row()
        if focused is not None:
            self.errors.pop(focused.keys, None)

    def focused_row(self) -> Row | None:
        """The row of the focused widget, or None (the buttons)."""
        current = self.group.focused
        return next((line for line in self.rows if current is not None and current in (line.widget, line.side)),
                    None)

    def draft_values(self) -> tuple[str, str, Any]:
        return self.title_field.text, self.description.text, copy.deepcopy(self.params)

    def dirty(self) -> bool:
        """Whether anything changed since the editor opened or last saved."""
        return self.draft_values() != self.snapshot

    def mark(self, line: Row) -> str:
        """"was 10" beside a parameter (or list) whose value is not the standard one."""
        if line.widget is None or not (line.param is not None or line.items is not None):
            return ""
        now, before = value_at(self.params, line.keys), value_at(self.standard.params, line.keys)
        if now == before:
            return ""
        return "new" if before is None else f"was {describe(before)}"

    # --- layout ----------------------------------------------------------------------------------------
    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        self.places = []
        y = 0.0
        for line in self.rows:
            height = (line.height or FIELD_H) + GAP if line.widget is not None else \
                HEADING_H if line.heading else BLANK_H
            height += ERROR_H if line.keys in self.errors else 0
            self.places.append((line, y, height))
            y += height
        self.content_h = y
        self.scroll = max(0.0, min(self.scroll, self.content_h - VIEW_H))
        self.place()
        for button, rect in zip(self.buttons, row(layout.box(*BAR), len(self.buttons), layout.px(18))):
            button.rect = rect

    def place(self) -> None:
        """Put the rows' widgets where the scroll shows them; those out of view get no area (no clicks)."""
        lay = self.layout
        view = self.view()
        for line, top, _ in self.places:
            y = VIEW_Y + top - self.scroll
            x = FIELD_X + INDENT * line.indent
            if line.widget is not None:
                line.widget.rect = lay.box(x, y, FIELD_W - INDENT * line.indent, line.height or FIELD_H)
            if line.side is not None:
                line.side.rect = lay.box(SIDE_X, y + (HEADING_H - SIDE_H) / 2, SIDE_W, SIDE_H)
            for widget in (line.widget, line.side):
                if widget is not None and not view.colliderect(widget.rect):
                    widget.rect = pygame.Rect(widget.rect.x, widget.rect.y, 0, 0)

    def view(self) -> pygame.Rect:
        return self.layout.box(VIEW_X, VIEW_Y, VIEW_W, VIEW_H)

    def scroll_to(self, line: Row) -> None:
        """Scroll so ``line`` (and the heading above an item's first field) is in view."""
        for placed, top, height in self.places:
            if placed is line:
                if top - HEADING_H < self.scroll:
                    self.scroll = max(0.0, top - HEADING_H)
                elif top + height > self.scroll + VIEW_H:
                    self.scroll = top + height - VIEW_H
        self.place()

    def keep_clear(self) -> list[pygame.Rect]:
        return [self.view(), self.layout.box(*HELP_BOX), *(b.rect for b in self.buttons)]

    # --- input -----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * WHEEL_STEP)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(VIEW_H * (1 if event.key == pygame.K_PAGEDOWN else -1))
        else:
            self.group.handle(event)
            focused = self.focused_row()
            if event.type == pygame.KEYDOWN and focused is not None:  # the list follows the focus a key moved
                self.scroll_to(focused)

    def scroll_by(self, units: float) -> None:
        """Scroll the list, clamped to the rows."""
        self.scroll = max(0.0, min(self.scroll + units, self.content_h - VIEW_H))
        self.place()

    def back(self) -> None:
        """Esc or Back: leave, asking first when there are unsaved changes."""
        if self.dirty():
            self.app.push(ConfirmScene(self.app, "Unsaved changes", LEAVE_QUESTION, self.app.pop))
        else:
            self.app.pop()

    # --- saving ----------------------------------------------------------------------------------------
    def draft(self) -> VariantDraft:
        return VariantDraft(self.title_field.text, self.description.text, self.parent, copy.deepcopy(self.params))

    def save(self, then: Callable[[Variant], None] | None = None) -> None:
        """Validate and write the variant; a taken name asks first; errors show beside their fields."""
        name = slug(self.title_field.text)
        self.write(then, overwrite=name == self.own_name)

    def write(self, then: Callable[[Variant], None] | None, overwrite: bool) -> None:
        draft = self.draft()
        self.errors, self.general_error = {}, ""
        try:
            variant = save_variant(self.spec, draft, overwrite=overwrite)
        except NameTakenError as clash:
            question = (f"You have a variant called \u201c{self.title_of(clash.path)}\u201d already "
                        f"({clash.path.name}). Replace it with this one?")
            self.app.push(ConfirmScene(self.app, "Replace a variant?", question,
                                       lambda: self.write(then, overwrite=True)))
            return
        except BuiltinNameError as error:
            self.show_errors({("title",): str(error)})
            return
        except VariantError as error:
            self.show_errors({self.row_keys(split_path(p.key)): f"{player_words(p.key)}: {p.message}"
                              if p.key else p.message for p in error.problems})
            return
        except OSError as error:
            self.general_error = f"The variant could not be saved: {error}"
            return
        self.saved, self.own_name = variant, variant.name
        self.snapshot = self.draft_values()
        self.title = f"Edit {variant.title}"
        self.notice = f"Saved {variant.title} as {variant.path}"
        if then is not None:
            then(variant)

    def title_of(self, path: Path) -> str:
        """The title of the player's variant file at ``path`` (its name when it cannot be read)."""
        try:
            return load_file(self.spec, path).title
        except VariantError:
            return path.stem

    def row_keys(self, keys: tuple[str | int, ...]) -> Keys:
        """The row an error at ``keys`` shows beside: its own, else the nearest enclosing one; () for none."""
        known = {line.keys for line in self.rows if line.keys}
        for end in range(len(keys), 0, -1):
            if keys[:end] in known:
                return keys[:end]
        return ()

    def show_errors(self, errors: dict[Keys, str]) -> None:
        """Show each error under its field, scroll to the first and focus it."""
        self.general_error = errors.pop((), "")
        self.errors = errors
        self.resize(self.layout)
        first = next((line for line in self.rows if line.keys in errors and (line.widget or line.side)), None)
        if first is not None:
            self.group.focus(first.widget or first.side)  # type: ignore[arg-type]
            self.scroll_to(first)

    def play(self) -> None:
        """Save (if needed), then the setup screen with this variant chosen."""
        self.saved_then(self.open_setup)

    def try_in_lab(self) -> None:
        """Save (if needed), then the lab comparing this variant with its parent."""
        self.saved_then(lambda variant: self.app.push(self.lab(variant)))

    def saved_then(self, then: Callable[[Variant], None]) -> None:
        if self.saved is None or self.dirty():
            self.save(then)
        else:
            then(self.saved)

    def lab(self, variant: Variant) -> Scene:
        return router(self.app).lab(self.app, self.spec, compare=(self.parent.name, variant.name))

    def open_setup(self, variant: Variant) -> None:
        """Back to the setup screen below (its list reloaded, this variant chosen), or a new one here."""
        below = router(self.app).setup_below_top(self.app)
        if below is not None and below.spec.name == self.spec.name:
            below.reload_variants(variant.name)
            self.app.pop()
        else:
            self.app.replace(router(self.app).setup(self.app, self.spec, variant=variant.name))

    # --- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        self.draw_backdrop(surface)
        self.draw_title(surface)
        view = self.view()
        panel(surface, view.inflate(lay.px(12), lay.px(8)), pal.panel, pal.panel_edge, radius=lay.px(10), alpha=150)
        surface.set_clip(view)
        current = self.group.focused
        for line, top, _ in self.places:
            y = VIEW_Y + top - self.scroll
            if y > VIEW_Y + VIEW_H or y + (line.height or FIELD_H) + ERROR_H < VIEW_Y:
                continue
            self.draw_row(surface, line, y, current)
        surface.set_clip(None)
        self.draw_scrollbar(surface, view)
        for button in self.buttons:
            button.draw(surface, pal, lay, button is current)
        if current is not None and current.rect.w:
            ring = current.rect.inflate(lay.px(8), lay.px(8))
            surface.set_clip(view if current not in self.buttons else None)
            pygame.draw.rect(surface, pal.focus, ring, max(2, lay.px(3)), border_radius=lay.px(11))
            surface.set_clip(None)
        self.draw_help(surface)
        if self.general_error or self.notice:
            text = self.general_error or self.notice
            shown, size = fit_text(text, lay.text_px(16), lay.px(1180))
            draw_text(surface, shown, size, pal.danger if self.general_error else pal.good, lay.point(640, NOTICE_Y),
                      anchor="center")

    def draw_row(self, surface: pygame.Surface, line: Row, y: float, current: Widget | None) -> None:
        lay, pal = self.layout, self.app.palette
        x = FIELD_X + INDENT * line.indent
        if line.widget is None:
            if line.heading:
                colour = pal.accent if line.indent == 0 else pal.text
                draw_text(surface, line.heading, lay.text_px(21 if line.indent == 0 else 18), colour,
                          lay.point(x, y + HEADING_H / 2), anchor="midleft", serif=True, bold=True)
            if line.side is not None and line.side.rect.w:
                line.side.draw(surface, pal, lay, line.side is current)
            bottom = y + HEADING_H
        elif line.widget.rect.w:
            line.widget.draw(surface, pal, lay, line.widget is current)
            mark = self.mark(line)
            if mark:
                shown, size = fit_text(mark, lay.text_px(16), lay.px(MARK_W))
                draw_text(surface, shown, size, pal.accent, lay.point(MARK_X, y + FIELD_H / 2), anchor="midleft",
                          bold=True)
            bottom = y + (line.height or FIELD_H)
        else:
            return
        error = self.errors.get(line.keys) if line.keys else None
        if error:
            shown, size = fit_text(error, lay.text_px(15), lay.px(VIEW_W - (x - VIEW_X) - 10))
            draw_text(surface, shown, size, pal.danger, lay.point(x + 8, bottom + 2), bold=True)

    def draw_scrollbar(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        if self.content_h <= VIEW_H:
            return
        lay, pal = self.layout, self.app.palette
        track = pygame.Rect(view.right - lay.px(6), view.y, lay.px(4), view.h)
        thumb_h = max(lay.px(24), round(view.h * VIEW_H / self.content_h))
        thumb_y = view.y + round((view.h - thumb_h) * self.scroll / max(1.0, self.content_h - VIEW_H))
        pygame.draw.rect(surface, pal.panel_edge, track, border_radius=2)
        pygame.draw.rect(surface, pal.accent, (track.x, thumb_y, track.w, thumb_h), border_radius=2)

    def help_lines(self) -> tuple[str, list[str]]:
        """The focused field's name and what to say about it: its help, its range, its standard value."""
        line = self.focused_row()
        if line is None:
            return "Your variant", ["Save writes it to your variants folder; Play it and Try it in the lab "
                                    "save it first."]
        if line.keys == ("title",):
            return "Title", [TITLE_HELP.format(name=slug(self.title_field.text) or "?")]
        if line.keys == ("description",):
            return "Description", [self.description.text, DESCRIPTION_HELP]
        name = line.widget.label if line.widget is not None and line.param is not None else line.heading
        lines = [line.help] if line.help else []
        if line.param is not None:
            lines.append(allowed(line.param))
        elif line.items is not None:
            most = "" if line.items.max_len is None else f" and at most {line.items.max_len}"
            lines.append(f"At least {line.items.min_len}{most} items.")
        standard = value_at(self.standard.params, line.keys)
        if standard is not None and not isinstance(standard, dict):
            lines.append(f"Standard: {describe(standard)}.")
        return self.where(line) + (name or player_words(str(line.keys[0]))), lines

    @staticmethod
    def where(line: Row) -> str:
        """'Players 4: ' or 'Candy 2: ' before the name of a field inside a group's record or a list item."""
        if len(line.keys) < 2 or line.widget is None or line.param is None:
            return ""
        item = f"[{line.keys[1]}]" if isinstance(line.keys[1], int) else ""
        return f"{player_words(f'{line.keys[0]}{item}')}: "

    def draw_help(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        box = lay.box(*HELP_BOX)
        panel(surface, box, pal.panel, pal.panel_edge, radius=lay.px(10), alpha=220)
        inner = box.inflate(-lay.px(32), -lay.px(32))
        name, lines = self.help_lines()
        shown, size = fit_text(name, lay.text_px(24), inner.w, serif=True, bold=True)
        draw_text(surface, shown, size, pal.accent, inner.topleft, serif=True, bold=True)
        y = inner.y + font(size, serif=True, bold=True).get_linesize() + lay.px(10)
        for index, text in enumerate(lines):
            used = draw_wrapped(surface, text, lay.text_px(18 if index == 0 else 16),
                                pal.text if index == 0 else pal.text_dim, pygame.Rect(inner.x, y, inner.w,
                                                                                      inner.bottom - y))
            y += used + lay.px(12)


def allowed(param: Param) -> str:
    """What a parameter may be, in words."""
    if param.type is bool:
        return "On or off."
    if param.choices is not None:
        return f"One of: {', '.join(player_words(choice, param) for choice in param.choices)}."
    if param.type is str:
        return f"Text of at most {param.max_chars} characters."
    low = "" if param.min is None else f" from {param.min:g}"
    high = "" if param.max is None else f" to {param.max:g}"
    return f"A whole number{low}{high}."


def copy_title(spec: GameSpec, title: str) -> str:
    """The title of a new copy of the variant titled ``title``: marked as the player's, numbered past the
    copies they have already (a second copy never meets the first's file)."""
    for number in range(1, 1000):
        mark = COPY_MARK if number == 1 else f"{COPY_MARK} {number}"
        suffix = f" ({mark})"
        candidate = title[:MAX_TITLE_CHARS - len(suffix)] + suffix
        try:
            if taken(spec, slug(candidate)) is None:
                return candidate
        except BuiltinNameError:
            continue
    return f"{title} ({COPY_MARK})"[:MAX_TITLE_CHARS]
