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
from game.scenes.common import MenuScene, draw_panel, picture_window
from game.scenes.navigation import router
from game.scenes.rich_text import Rich, draw_rich, wrap_rich
from game.scenes.tables import NoTableError
from game.ui import assets
from game.ui.app import App
from game.ui.choices import set_options, variant_options
from game.ui.layout import Layout
from game.ui.plates import medallion
from game.ui.text import draw_text, draw_wrapped, label_height, wrap
from game.ui.theme import TYPE, Colour, font
from game.ui.widgets import ARROW_GAP, LABEL_GAP, ROW_PAD, Button, Choice, TextField, Toggle, place_in_row
from game.variants.loader import STANDARD, Variant, VariantError, list_variants

DEFAULT_PLAYERS = 4
SEAT_ROW_H, SEAT_GAP = 40, 6
FIELD_Y, FIELD_STEP = 150, 52
LEVEL_TEXT, LEVEL_INDENT, LEVEL_GAP = 15, 16, 4
"""The AI levels' lines under the seats: font size, the indent of a wrapped line, the space between levels."""
GAME_PANEL, SEATS_PANEL = (88, 118, 480, 508), (584, 118, 608, 508)
"""The panels behind the game's choices and behind the seats at the smallest text (reference units): at a larger
text size the seats' panel widens leftwards as far as its rows need, and the game's panel narrows."""
GAME_LEAST = 400
"""The game's panel's narrowest (reference units): a long player's name is cut rather than narrow it further."""
PANEL_GAP, PANEL_INSET = 16, 22
"""Reference units between the two panels, and from a panel's left edge to its rows."""
KIND_W, NAME_W, NAME_GAP, ROWS_RIGHT = 290, 240, 4, 18
"""A seat's kind row and name row at the smallest text, the gap between them and the room right of the name
(reference units); each row is widened to hold its label and its value whole."""
ROW_EDGE = 2
"""Pixels at least above and below a seat row's letters, together (its border): rows grow with the text size."""
PANEL_BAND, PANEL_HEAD = 30, 17
"""The panels' title bands and their headings' font size."""
GAME_HEADING, SEATS_HEADING = "Game", "Seats"
PICTURE_Y, PICTURE_H = 436, 176
"""The game's picture at the foot of the game's panel (as wide as its rows), drawn when the choices and the words
above leave room."""
BAR = (200, 636, 880, 52)
"""The buttons' bar at the smallest text; it widens (up to the panels' width) for longer labels."""
BUTTON_GAP = 24
KIND_X, TOKEN_SHARE = 640, 0.9
"""Where a seat's row starts, right of its token (``plates.medallion``), and the token's size beside the row's
height."""


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
        self.seats_panel: tuple[float, ...] = SEATS_PANEL
        self.game_panel: tuple[float, ...] = GAME_PANEL
        self.rows_x, self.rows_w = GAME_PANEL[0] + PANEL_INSET, float(GAME_PANEL[2] - PANEL_INSET - ROWS_RIGHT)
        """The panels and the game's rows (reference units), set again in ``resize`` for the text size."""
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
        """Seat rows wide and tall enough for their labels and values at the text size (the seats' panel taking
        the room from the game's), and buttons as wide as their labels."""
        super().resize(layout)
        kind_w, name_w = self._seat_widths(layout)
        right = SEATS_PANEL[0] + SEATS_PANEL[2]
        seats_x = right - max(SEATS_PANEL[2], KIND_X - SEATS_PANEL[0] + kind_w + NAME_GAP + name_w + ROWS_RIGHT)
        seats_x = max(seats_x, GAME_PANEL[0] + GAME_LEAST + PANEL_GAP)
        name_w = right - ROWS_RIGHT - (seats_x + KIND_X - SEATS_PANEL[0]) - kind_w - NAME_GAP
        self.seats_panel = (seats_x, SEATS_PANEL[1], right - seats_x, SEATS_PANEL[3])
        self.game_panel = (GAME_PANEL[0], GAME_PANEL[1], seats_x - PANEL_GAP - GAME_PANEL[0], GAME_PANEL[3])
        self.rows_x = GAME_PANEL[0] + PANEL_INSET
        self.rows_w = self.game_panel[2] - PANEL_INSET - ROWS_RIGHT
        for index, widget in enumerate((self.players, self.variant, self.advanced, self.seed)):
            widget.rect = layout.box(self.rows_x, FIELD_Y + index * FIELD_STEP, self.rows_w, 44)
        rows = self.spec.max_players
        lowest = (label_height(layout.text_px(TYPE.label), 1, bold=True) + ROW_EDGE) / layout.scale
        row_h = max(lowest, min(SEAT_ROW_H, (440 - SEAT_GAP * (rows - 1)) / max(1, rows)))
        kind_x = seats_x + KIND_X - SEATS_PANEL[0]
        for index in range(rows):
            y = 150 + index * (row_h + SEAT_GAP)
            self.kinds[index].rect = layout.box(kind_x, y, kind_w, row_h)
            self.seat_names[index].rect = layout.box(kind_x + kind_w + NAME_GAP, y, name_w, row_h)
        buttons = (self.start_button, self.new_button, self.edit_button, self.back_button)
        place_in_row(buttons, layout.box(*BAR), layout.px(BUTTON_GAP), layout)

    def _seat_widths(self, layout: Layout) -> tuple[float, float]:
        """The reference widths of a seat's kind row and name row: at least the smallest text's, and enough
        for the longest seat label beside the longest kind, and "Name" beside the longest default name or the
        player's (up to the room ``GAME_LEAST`` leaves)."""
        size = layout.text_px(TYPE.label)
        plain, strong = font(size), font(size, bold=True)
        edges = 2 * layout.px(ROW_PAD) + 2 * strong.size(">")[0] + 2 * layout.px(ARROW_GAP) + layout.px(LABEL_GAP) + 1
        seat_label = max(plain.size(kind.label)[0] for kind in self.kinds)
        kind_value = max(strong.size(text)[0] for _, text in self.kinds[0].options)
        name_value = max(strong.size(name)[0] for name in (*DEFAULT_NAMES, self._default_name(0)))
        name_label = plain.size(self.seat_names[0].label)[0]
        return (max(KIND_W, (edges + seat_label + kind_value) / layout.scale),
                max(NAME_W, (edges + name_label + name_value) / layout.scale))

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        for box, heading in ((self.game_panel, GAME_HEADING), (self.seats_panel, SEATS_HEADING)):
            rect = lay.box(*box)
            draw_panel(surface, rect, pal, lay, band=lay.px(PANEL_BAND))
            draw_text(surface, heading, lay.text_px(PANEL_HEAD), pal.accent,
                      (rect.x + lay.px(16), rect.y + lay.px(PANEL_BAND) // 2), anchor="midleft", serif=True, bold=True)
        for seat, kind in enumerate(self.kinds[: self.players.value]):
            token = medallion(seat, int(kind.rect.h * TOKEN_SHARE))
            surface.blit(token, token.get_rect(center=(kind.rect.x - lay.px((KIND_X - SEATS_PANEL[0]) / 2),
                                                      kind.rect.centery)))
        self._draw_levels(surface)
        chosen = self.chosen_variant()
        y: float = FIELD_Y + (4 if self.advanced.value else 3) * FIELD_STEP + 6
        width = lay.px(self.rows_w)
        if chosen is not None and chosen.description:
            used = draw_wrapped(surface, chosen.description, lay.text_px(16), pal.text_dim,
                                lay.box(self.rows_x, y, self.rows_w, 90))
            y += used / lay.scale + 10
        if not self.variants:
            y += draw_lines(surface, f"No variants of {self.spec.title} were found, so it cannot start.",
                            lay.text_px(17), pal.danger, lay.point(self.rows_x, y), width) / lay.scale + 6
        if self.problems:
            y += draw_lines(surface, "Variant files with errors (not listed):", lay.text_px(17), pal.danger,
                            lay.point(self.rows_x, y), width, bold=True) / lay.scale
            text = "\n".join(self.problems[:8])
            y += draw_wrapped(surface, text, lay.text_px(15), pal.text, lay.box(self.rows_x, y, self.rows_w, 620 - y)) \
                / lay.scale
        if y + 10 <= PICTURE_Y:
            window = lay.box(self.rows_x, PICTURE_Y, self.rows_w, PICTURE_H)
            surface.blit(picture_window(window.size, lay.px(8), pal), window)
            picture = assets.game_picture(self.spec.name, window.inflate(-lay.px(8), -lay.px(8)).size)
            surface.blit(picture, picture.get_rect(center=window.center))

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
        """The AI levels under the seats in play, one line each (wrapped), the focused seat's in the accent colour.
        Where the seats leave too little room for every level (many seats at a large text size), the focused
        seat's level is kept and the others shown in order while they fit: never drawn past the panel."""
        lay, pal = self.layout, self.app.palette
        shown = self.kinds[: self.players.value]
        if not shown:
            return
        room = self.seat_names[0].rect.right - shown[0].rect.x
        size = lay.text_px(LEVEL_TEXT)
        step = font(size).get_linesize()
        chosen = self.focused_level()
        parts = {level: wrap_rich(Rich([(f"{line.partition(':')[0]}:", True), (line.partition(':')[2], False)]),
                                  size, room) for level, line in self.level_lines()}
        left = lay.box(*self.seats_panel).bottom - lay.px(8) - shown[-1].rect.bottom - lay.px(12)
        kept = [chosen] if chosen in parts else []
        for level in parts:
            used = sum(len(parts[other]) * step + lay.px(LEVEL_GAP) for other in kept)
            if level not in kept and used + len(parts[level]) * step <= left:
                kept.append(level)
        x, y = shown[0].rect.x, shown[-1].rect.bottom + lay.px(12)
        for level in (level for level in parts if level in kept):
            colour = pal.accent if level == chosen else pal.text_dim
            for index, part in enumerate(parts[level]):
                draw_rich(surface, part, size, colour, (x + (lay.px(LEVEL_INDENT) if index else 0), y),
                          bold_colour=pal.accent if level == chosen else pal.text)
                y += step
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


def draw_lines(surface: pygame.Surface, text: str, size: int, colour: Colour, pos: tuple[int, int], width: int, *,
               bold: bool = False) -> int:
    """``text`` wrapped to ``width`` from ``pos`` (a warning that must not run into the seats at a large text
    size); the pixels it took."""
    face = font(size, bold=bold)
    x, y = pos
    for line in wrap(text, face, width):
        y = draw_text(surface, line, size, colour, (x, y), bold=bold).bottom
    return y - pos[1]
