"""Variants, from the main menu: pick a game and one of its variants, then make a new variant from it or
edit it (the player's own in place, a built-in one as a copy). The list is read again on coming back, so a
variant just saved is there."""

from __future__ import annotations

import pygame

from game.core.registry import GameSpec, all_games
from game.scenes.common import MenuScene
from game.ui.app import App
from game.ui.choices import set_options, variant_options
from game.ui.layout import Layout, row
from game.ui.text import draw_text, draw_wrapped
from game.ui.widgets import Button, Choice
from game.variants.loader import STANDARD, Variant, VariantError, list_variants

FIELDS_X, FIELDS_Y, FIELDS_W, FIELD_H, FIELD_STEP = 340, 170, 600, 44, 56
EXPLAIN = ("Make a variant of a game's rules: start from any variant, change its numbers and rulings, save it "
           "as your own, then play it or try it in the Variant lab.")


class VariantsScene(MenuScene):
    """Which game and which variant to start the variant editor from."""

    title = "Variants"
    subtitle = "Make your own rules"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.specs = all_games()
        self.variants: list[Variant] = []
        self.problem = ""
        self.game = Choice("Game", [(spec.name, spec.title) for spec in self.specs] or [(None, "none")],
                           self.specs[0].name if self.specs else None, lambda _: self.reload())
        self.variant = Choice("From variant", [(None, "none found")], None)
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
        """List the chosen game's variants (keeping the chosen one when it is still there)."""
        spec, kept = self.spec(), self.variant.value
        self.variants, self.problem = [], ""
        if spec is not None:
            try:
                self.variants, _ = list_variants(spec)
            except VariantError as error:
                self.problem = str(error.problems[0])
        wanted = kept if any(v.name == kept for v in self.variants) else STANDARD
        set_options(self.variant, variant_options(self.variants), wanted)
        self.new_button.enabled = self.edit_button.enabled = bool(self.variants)

    def resume(self) -> None:
        self.reload()

    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        for index, widget in enumerate((self.game, self.variant)):
            widget.rect = layout.box(FIELDS_X, FIELDS_Y + index * FIELD_STEP, FIELDS_W, FIELD_H)
        bar = layout.box(250, 560, 780, 54)
        for button, rect in zip((self.new_button, self.edit_button, self.back_button), row(bar, 3, layout.px(24))):
            button.rect = rect

    def chosen(self) -> Variant | None:
        return next((v for v in self.variants if v.name == self.variant.value), None)

    def new_variant(self) -> None:
        """The editor, making a new variant from the chosen one."""
        self._open(edit=False)

    def edit_variant(self) -> None:
        """The editor on the chosen variant (a built-in one is copied first)."""
        self._open(edit=True)

    def _open(self, edit: bool) -> None:
        from game.scenes.variant_editor import VariantEditorScene

        spec, chosen = self.spec(), self.chosen()
        if spec is not None and chosen is not None:
            self.app.push(VariantEditorScene(self.app, spec, chosen, edit=edit))

    def draw_content(self, surface: pygame.Surface) -> None:
        lay, pal = self.layout, self.app.palette
        y: float = FIELDS_Y + 2 * FIELD_STEP + 10
        chosen = self.chosen()
        if chosen is not None and chosen.description:
            y += draw_wrapped(surface, chosen.description, lay.text_px(17), pal.text_dim,
                              lay.box(FIELDS_X, y, FIELDS_W, 80)) / lay.scale + 16
        draw_wrapped(surface, EXPLAIN, lay.text_px(17), pal.text, lay.box(FIELDS_X, y, FIELDS_W, 100))
        if self.problem:
            draw_text(surface, self.problem[:160], lay.text_px(15), pal.danger, lay.point(640, 530), anchor="center")
