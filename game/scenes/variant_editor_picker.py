"""Variants, from the main menu: pick a game and one of its variants, then make a new variant from it or
edit it (the player's own in place, a built-in one as a copy).

The list shows each variant by its title alone (``variant_titles``): a player may keep 2,000 of them, and
validating every file to list them froze this screen for seconds. The chosen one is read in full as it is
chosen, so a damaged file says what is wrong with it then. The list is read again on coming back only when
a file of the folders changed, so a variant just saved is there."""

from __future__ import annotations

import pygame

from game.core.registry import GameSpec, all_games
from game.scenes.common import MenuScene
from game.scenes.lab.variants import problem_line, variants_signature
from game.scenes.navigation import router
from game.ui.app import App
from game.ui.choices import set_options, variant_options
from game.ui.layout import Layout, row
from game.ui.text import draw_text, draw_wrapped
from game.ui.widgets import Button, Choice
from game.variants.loader import (STANDARD, ListedVariant, Variant, VariantError, VariantProblem, load_file,
                                  variant_titles)

FIELDS_X, FIELDS_Y, FIELDS_W, FIELD_H, FIELD_STEP = 340, 170, 600, 44, 56
EXPLAIN = ("Make a variant of a game's rules: start from any variant, change its numbers and rulings, save it "
           "as your own, then play it or try it in the Variant lab.")
PROBLEM_CHARS = 160
"""Most of a problem drawn on its one line under the explanation."""


class VariantsScene(MenuScene):
    """Which game and which variant to start the variant editor from."""

    title = "Variants"
    subtitle = "Make your own rules"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.specs = all_games()
        self.listed: list[ListedVariant] = []
        self.unread: list[VariantProblem] = []
        """The files of the chosen game whose titles cannot be read (they are not in the list)."""
        self.listings: dict[str, tuple[tuple, list[ListedVariant], list[VariantProblem]]] = {}
        """Each game's list as last read, with the signature of its folders then."""
        self.loaded: Variant | None = None
        """The chosen variant, read and validated in full; None when it cannot be used."""
        self.problem = ""
        self.game = Choice("Game", [(spec.name, spec.title) for spec in self.specs] or [(None, "none")],
                           self.specs[0].name if self.specs else None, lambda _: self.reload())
        self.variant = Choice("From variant", [(None, "none found")], None, lambda _: self.choose())
        self.new_button = Button("New variant", self.new_variant)
        self.edit_button = Button("Edit variant", self.edit_variant)
        self.back_button = Button("Back", self.app.pop)
        bar = [self.new_button, self.edit_button, self.back_button]
        self.group.widgets = [self.game, self.variant, *bar]
        self.group.rows = [bar]
        self.reload()

    def spec(self) -> GameSpec | None:
        return next((spec for spec in self.specs if spec.name == self.game.value), None)

    def reload(self) -> None:
        """List the chosen game's variants by title (again only when a file changed), keeping the chosen one
        when it is still there."""
        spec, kept = self.spec(), self.variant.value
        self.listed, self.unread = [], []
        if spec is not None:
            signature = variants_signature(spec)
            listing = self.listings.get(spec.name)
            if listing is None or listing[0] != signature:
                listing = (signature, *variant_titles(spec))
                self.listings[spec.name] = listing
            _, self.listed, self.unread = listing
        wanted = kept if any(v.name == kept for v in self.listed) else STANDARD
        set_options(self.variant, variant_options(self.listed), wanted)
        self.choose()

    def choose(self) -> None:
        """Read the chosen variant in full: the editor starts from it, and a damaged file says why here."""
        spec, listed = self.spec(), self.chosen()
        self.loaded, self.problem = None, ""
        if spec is not None and listed is not None:
            try:
                self.loaded = load_file(spec, listed.path, builtin=listed.builtin)
            except VariantError as error:
                self.problem = problem_line(spec, error.problems[0])
        if spec is not None and not self.problem and self.unread:
            count = len(self.unread)
            self.problem = (f"{count:,} variant file{'s' if count > 1 else ''} cannot be read: "
                            f"{problem_line(spec, self.unread[0])}")
        self.new_button.enabled = self.edit_button.enabled = self.loaded is not None

    def resume(self) -> None:
        self.reload()

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        for index, widget in enumerate((self.game, self.variant)):
            widget.rect = layout.box(FIELDS_X, FIELDS_Y + index * FIELD_STEP, FIELDS_W, FIELD_H)
        bar = layout.box(250, 560, 780, 54)
        for button, rect in zip((self.new_button, self.edit_button, self.back_button), row(bar, 3, layout.px(24))):
            button.rect = rect

    def chosen(self) -> ListedVariant | None:
        return next((v for v in self.listed if v.name == self.variant.value), None)

    def new_variant(self) -> None:
        """The editor, making a new variant from the chosen one."""
        self._open(edit=False)

    def edit_variant(self) -> None:
        """The editor on the chosen variant (a built-in one is copied first)."""
        self._open(edit=True)

    def _open(self, edit: bool) -> None:
        spec = self.spec()
        if spec is not None and self.loaded is not None:
            self.app.push(router(self.app).variant_editor(self.app, spec, self.loaded, edit=edit))

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        y: float = FIELDS_Y + 2 * FIELD_STEP + 10
        chosen = self.chosen()
        if chosen is not None and chosen.description:
            y += draw_wrapped(surface, chosen.description, lay.text_px(17), pal.text_dim,
                              lay.box(FIELDS_X, y, FIELDS_W, 80)) / lay.scale + 16
        draw_wrapped(surface, EXPLAIN, lay.text_px(17), pal.text, lay.box(FIELDS_X, y, FIELDS_W, 100))
        if self.problem:
            draw_text(surface, self.problem[:PROBLEM_CHARS], lay.text_px(15), pal.danger, lay.point(640, 530),
                      anchor="center")
