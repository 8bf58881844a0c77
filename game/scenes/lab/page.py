"""The variant lab's scene as the modules beside it see it: its choices, what it holds and what it shows.

``scene.LabScene`` is the one lab page; the layout, the views and the way into the editor read it through
this, so none of them imports the scene that imports them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from game.core.registry import GameSpec
from game.lab.compare import Comparison
from game.lab.sweep import Sweep
from game.scenes.lab.seats import SeatLevels
from game.scenes.lab.sweep_setup import SweepSetup
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.widgets import Button, Choice, FocusGroup
from game.variants.loader import Variant


class LabPage(Protocol):
    """What the lab's layout, views and editor hand-off read and write of the scene."""

    app: App
    layout: Layout
    group: FocusGroup
    spec: GameSpec | None
    jobs: int | None
    game: Choice
    players: Choice
    kind: Choice
    variant_a: Choice
    variant_b: Choice
    count: Choice
    sweep_setup: SweepSetup
    seats: SeatLevels
    folder_button: Button
    new_button: Button
    edit_button: Button
    run_button: Button
    back_button: Button
    cancel_button: Button
    result_buttons: list[Button]
    variants: list[Variant]
    problems: list[str]
    error: str
    names: tuple[str, str]
    study: str
    result: Comparison | None
    sweep_result: Sweep | None
    scroll: int
    max_scroll: int
    saved: list[Path]
    notice: str
    notice_bad: bool
    notice_rect: pygame.Rect | None

    @property
    def seat_mode(self) -> Choice:
        """The seat levels' first choice."""

    @property
    def progress(self) -> tuple[int, int]:
        """Games played of all in the study under way."""

    @property
    def started(self) -> float:
        """When the study under way started."""

    def eta(self) -> str:
        """The estimated time left of the study under way."""

    def chosen_variant(self) -> Variant | None:
        """Variant A (the sweep's base variant), or None."""

    def variant_folder(self) -> Path | None:
        """The user's variant folder of the chosen game."""
