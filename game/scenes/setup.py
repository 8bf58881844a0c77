"""New-game setup: player count, each seat's kind and name, the variant (built-in or the player's own)
and, behind the Advanced toggle, an optional seed. Under the seats a line per AI level says what it does and
how strong it is, the focused seat's level picked out. Broken user variants are listed with their
file:line messages, not fatal.

Start asks first when a game of that kind is in progress (``game.scenes.abandon``)."""

from __future__ import annotations

import pygame

from game.core.agent import LEVEL_LINES, LEVELS
from game.core.names import MAX_NAME_LENGTH, NAME_CHARS
from game.core.registry import GameSpec
from game.core.setup import DEFAULT_NAMES, HUMAN, MatchSetup, new_seed
from game.scenes.abandon import ask_before_abandoning
from game.scenes.common import MenuScene
from game.scenes.navigation import router
from game.scenes.rich_text import Rich, draw_rich, wrap_rich
from game.scenes.tables import NoTableError
from game.ui.app import App
from game.ui.choices import set_options, variant_options
from game.ui.layout import Layout, row
from game.ui.text import draw_text, draw_wrapped
from game.ui.theme import font
from game.ui.widgets import Button, Choice, TextField, Toggle
from game.variants.loader import STANDARD, Variant, VariantError, list_variants

DEFAULT_PLAYERS = 4
SEAT_ROW_H, SEAT_GAP = 40, 6
FIELD_Y, FIELD_STEP = 150, 52
LEVEL_TEXT, LEVEL_INDENT, LEVEL_GAP = 15, 16, 4
"""The AI levels' lines under the seats: font size, the indent of a wrapped line, the space between levels."""


class SetupScene(MenuScene):
    """Choose how to play ``spec``; Start opens its table."""

    def __init__(self, app: App, spec: GameSpec, *, variant: str = STANDARD) -> None:
        super().__init__(app)
        self.spec = spec
        self.title = spec.title
        self.subtitle = "New game"
        self.variants: list[Variant] = []
        self.problems: list[str] = []
        self.variant = Choice("Variant", [(None, "none found")], None)
        players = min(spec.max_players, max(spec.min_players, DEFAULT_PLAYERS))
        self.players = Choice("Players", [(n, str(n)) for n in range(spec.min_players, spec.max_players + 1)],
                              players, lambda _: self._arrange())
        kinds = [(HUMAN, "Human")] + [(level, f"AI: {level}") for level in LEVELS if level in spec.agents]
        self.kinds = [Choice(f"Seat {i + 1}", kinds, HUMAN if i == 0 else "normal") for i in range(spec.max_players)]
        self.seat_names = [TextField("Name", self._default_name(i), max_len=MAX_NAME_LENGTH, allowed=NAME_CHARS)
                           for i in range(spec.max_players)]
        self.advanced = Toggle("Advanced", False, lambda _: self._arrange())
        """Shows the seed: most players never need it, so it stays out of the way."""
        self.seed = TextField("Seed", "", max_len=10, allowed="0123456789", placeholder="random")
        self.start_button = Button("Start", self.start)
        self.new_button = Button("New variant", self.new_variant)
        self.edit_button = Button("Edit variant", self.edit_variant)
        self.back_button = Button("Back", self.app.pop)
        self.reload_variants(variant)

    def reload_variants(self, choose: str | None = None) -> None:
        """List the variants again (the player may have made one) and choose ``choose``, else keep the
        chosen one, else standard."""
        self.problems = []
        try:
            self.variants, errors = list_variants(self.spec)
            self.problems = [str(problem) for error in errors for problem in error.problems]
        except VariantError as error:
            self.variants = []
            self.problems = [str(problem) for problem in error.problems]
        names = [v.name for v in self.variants]
        wanted = next((n for n in (choose, self.variant.value) if n in names), STANDARD)
        set_options(self.variant, variant_options(self.variants), wanted)
        for button in (self.start_button, self.new_button, self.edit_button):
            button.enabled = bool(self.variants)
        self._arrange()

    def resume(self) -> None:
        """Back from the variant editor: list the variants again, a new one among them."""
        self.reload_variants()
        self.resize(self.layout)

    def _default_name(self, seat: int) -> str:
        return self.app.settings.player_name if seat == 0 else DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]

    def _arrange(self) -> None:
        """Show and focus only the seats in play."""
        count = self.players.value
        seats: list = []
        for index in range(self.spec.max_players):
            shown = index < count
            self.kinds[index].focusable = self.seat_names[index].focusable = shown
            if shown:
                seats += [self.kinds[index], self.seat_names[index]]
        focused = self.group.focused
        fields = [self.players, self.variant, self.advanced] + ([self.seed] if self.advanced.value else [])
        bar = [self.start_button, self.new_button, self.edit_button, self.back_button]
        self.group.widgets = [*fields, *seats, *bar]
        self.group.rows = [bar]
        if focused in self.group.widgets:
            self.group.focus(focused)
        else:
            self.group.index = 0

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        for index, widget in enumerate((self.players, self.variant, self.advanced, self.seed)):
            widget.rect = layout.box(110, FIELD_Y + index * FIELD_STEP, 440, 44)
        rows = self.spec.max_players
        row_h = min(SEAT_ROW_H, (440 - SEAT_GAP * (rows - 1)) / max(1, rows))
        for index in range(rows):
            y = 150 + index * (row_h + SEAT_GAP)
            self.kinds[index].rect = layout.box(600, y, 320, row_h)
            self.seat_names[index].rect = layout.box(930, y, 240, row_h)
        bar = layout.box(200, 636, 880, 52)
        buttons = (self.start_button, self.new_button, self.edit_button, self.back_button)
        for button, rect in zip(buttons, row(bar, len(buttons), layout.px(24))):
            button.rect = rect

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        self._draw_levels(surface)
        chosen = self.chosen_variant()
        y: float = FIELD_Y + (4 if self.advanced.value else 3) * FIELD_STEP + 6
        if chosen is not None and chosen.description:
            used = draw_wrapped(surface, chosen.description, lay.text_px(16), pal.text_dim, lay.box(110, y, 440, 90))
            y += used / lay.scale + 10
        if not self.variants:
            draw_text(surface, f"No variants of {self.spec.title} were found, so it cannot start.", lay.text_px(17),
                      pal.danger, lay.point(110, y))
            y += 30
        if self.problems:
            draw_text(surface, "Variant files with errors (not listed):", lay.text_px(17), pal.danger,
                      lay.point(110, y), bold=True)
            text = "\n".join(self.problems[:8])
            draw_wrapped(surface, text, lay.text_px(15), pal.text, lay.box(110, y + 28, 460, 620 - y - 28))

    def level_lines(self) -> list[tuple[str, str]]:
        """(level, line) for each AI level this game offers, weakest first."""
        return [(level, LEVEL_LINES[level]) for level, _ in self.kinds[0].options if level in LEVEL_LINES]

    def focused_level(self) -> str | None:
        """The AI level of the seat with the focus, or None (a human seat, or the focus off the seats)."""
        focused = self.group.focused
        if focused in self.kinds and isinstance(focused, Choice) and focused.value in LEVEL_LINES:
            return str(focused.value)
        return None

    def _draw_levels(self, surface: pygame.Surface) -> None:
        """The AI levels under the seats in play, one line each, the focused seat's in the accent colour."""
        lay, pal = self.layout, self.app.palette
        shown = self.kinds[: self.players.value]
        if not shown:
            return
        room = self.seat_names[0].rect.right - shown[0].rect.x
        size = lay.text_px(LEVEL_TEXT)
        x, y = shown[0].rect.x, shown[-1].rect.bottom + lay.px(12)
        chosen = self.focused_level()
        for level, line in self.level_lines():
            name, _, rest = line.partition(":")
            colour = pal.accent if level == chosen else pal.text_dim
            for index, part in enumerate(wrap_rich(Rich([(f"{name}:", True), (rest, False)]), size, room)):
                draw_rich(surface, part, size, colour, (x + (lay.px(LEVEL_INDENT) if index else 0), y),
                          bold_colour=pal.accent if level == chosen else pal.text)
                y += font(size).get_linesize()
            y += lay.px(LEVEL_GAP)

    def chosen_variant(self) -> Variant | None:
        """The variant chosen on this screen, if any."""
        return next((v for v in self.variants if v.name == self.variant.value), None)

    def new_variant(self) -> None:
        """The variant editor, making a new variant from the chosen one."""
        self._open_editor(edit=False)

    def edit_variant(self) -> None:
        """The variant editor on the chosen variant: the player's own is changed in place, a built-in one is
        copied into a new variant (built-in files are never changed)."""
        self._open_editor(edit=True)

    def _open_editor(self, edit: bool) -> None:
        chosen = self.chosen_variant()
        if chosen is not None:
            self.app.push(router(self.app).variant_editor(self.app, self.spec, chosen, edit=edit))

    def setup(self) -> MatchSetup:
        """The table chosen on this screen."""
        count = self.players.value
        variant = next(v for v in self.variants if v.name == self.variant.value)
        seats = tuple(self.kinds[i].value for i in range(count))
        names = tuple(self.seat_names[i].text.strip() or self._default_name(i) for i in range(count))
        seed = int(self.seed.text) if self.seed.text and self.advanced.value else new_seed()
        return MatchSetup(self.spec.name, variant.name, dict(variant.params), seats, names, seed)

    def start(self) -> None:
        """Open the table in place of this screen (once the player agrees to abandon a game in progress)."""
        ask_before_abandoning(self.app, self.spec.name, self.open_new_table)

    def open_new_table(self) -> None:
        """The new game's table, in place of this screen."""
        try:
            self.app.replace(router(self.app).table(self.app, self.setup(), first_guide=True))
        except NoTableError as error:
            self.app.notify(str(error))
