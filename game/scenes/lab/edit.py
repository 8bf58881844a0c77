"""The variant lab's way into the variant editor: "New variant" copies variant A (the sweep's base); "Edit
variant" opens the player's own variant among those chosen, whether it is A or B, and asks which when both are
theirs (asked over the lab, never guessed, so a comparison never opens the wrong file)."""

from __future__ import annotations

from typing import Callable

import pygame

from game.scenes.confirm import ConfirmScene
from game.scenes.lab.page import LabPage
from game.scenes.navigation import router
from game.ui.app import App
from game.variants.loader import Variant

PICK_KEYS = {pygame.K_a: 0, pygame.K_b: 1}
"""A and B pick at once (Y and N, the yes/no dialog's keys, mean nothing here)."""


def editable(scene: LabPage) -> list[Variant]:
    """The player's own variants among those chosen: the sweep's base, or A and B (the same one once)."""
    names = [scene.variant_a.value] if scene.kind.value == "sweep" else [scene.variant_a.value, scene.variant_b.value]
    return [v for name in dict.fromkeys(names) for v in scene.variants if v.name == name and not v.builtin]


def new_variant(scene: LabPage) -> None:
    """The variant editor on a copy of variant A (the sweep's base)."""
    base = scene.chosen_variant()
    if base is not None:
        open_editor(scene, base, edit=False)


def edit_variant(scene: LabPage) -> None:
    """The variant editor on the player's variant among those chosen; when A and B are both theirs, the
    question which."""
    mine = editable(scene)
    if len(mine) == 2:
        scene.app.push(WhichVariantScene(scene.app, mine[0], mine[1], lambda v: open_editor(scene, v, edit=True)))
    elif mine:
        open_editor(scene, mine[0], edit=True)


def open_editor(scene: LabPage, base: Variant, edit: bool) -> None:
    """The editor on ``base`` (a copy of it, or itself when ``edit``); the lab lists the variants again when it
    comes back."""
    if scene.spec is None:
        return
    scene.app.push(router(scene.app).variant_editor(scene.app, scene.spec, base, edit=edit))


class WhichVariantScene(ConfirmScene):
    """Edit variant A or B: Left / Right or Tab between them, Enter or a click picks one, A or B picks at once,
    Esc closes the question with neither opened. A has the focus when it opens."""

    def __init__(self, app: App, first: Variant, second: Variant, edit: Callable[[Variant], None]) -> None:
        question = f"A ({first.title}) and B ({second.title}) are both yours. Which one do you want to edit?"
        super().__init__(app, "Edit which variant?", question, lambda: edit(first), lambda: edit(second),
                         yes="Variant A", no="Variant B")
        self.group.focus(self.yes_button)

    def back(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in PICK_KEYS:
            (self.answer_yes, self.answer_no)[PICK_KEYS[event.key]]()
        elif event.type != pygame.KEYDOWN or event.key not in (pygame.K_y, pygame.K_n):
            self.group.handle(event)
