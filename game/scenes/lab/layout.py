"""Which of the variant lab's widgets each state shows, in focus order, and where they sit (the scene itself is
``scene``; how the rest is drawn, ``views``)."""

from __future__ import annotations

from game.scenes.lab.page import LabPage
from game.ui.layout import Layout, row
from game.ui.widgets import Widget


def study_widgets(scene: LabPage) -> list[Widget]:
    """Variants A and B, or the sweep's base variant and its rule's range."""
    if scene.kind.value == "sweep":
        return [scene.variant_a, *scene.sweep_setup.widgets]
    return [scene.variant_a, scene.variant_b]


def setup_widgets(scene: LabPage) -> list[Widget]:
    """The setup's widgets in focus order: the study's column, the seat levels, the folder's and the bar's
    buttons (the last five, as ``views.draw_setup`` counts them)."""
    return [scene.game, scene.players, scene.kind, *study_widgets(scene), scene.count, scene.seats.mode,
            *scene.seats.shown(scene.players.value or 0), scene.folder_button, scene.new_button, scene.edit_button,
            scene.run_button, scene.back_button]


def place(scene: LabPage, layout: Layout) -> None:
    """Every widget's rect, those of the states not shown too."""
    column = [scene.game, scene.players, scene.kind, *study_widgets(scene), scene.count]
    pitch = min(50.0, 450 / len(column))
    for index, widget in enumerate(column):
        widget.rect = layout.box(50, 140 + index * pitch, 420, pitch - 6)
    seats = scene.seats.shown(scene.players.value or 0)
    row_h = min(42.0, (440 - 8 * len(seats)) / max(1, len(seats) + 1))
    scene.seats.mode.rect = layout.box(500, 140, 330, row_h)
    for index, choice in enumerate(seats):
        choice.rect = layout.box(520, 140 + (index + 1) * (row_h + 8), 310, row_h)
    scene.folder_button.rect = layout.box(860, 140, 380, 42)
    scene.new_button.rect, scene.edit_button.rect = row(layout.box(860, 190, 380, 42), 2, layout.px(10))
    bar = layout.box(330, 640, 620, 52)
    for button, rect in zip((scene.run_button, scene.back_button), row(bar, 2, layout.px(24))):
        button.rect = rect
    scene.cancel_button.rect = layout.box(540, 470, 200, 52)
    bar = layout.box(170, 646, 940, 50)
    for button, rect in zip(scene.result_buttons, row(bar, 4, layout.px(18))):
        button.rect = rect
