"""The variant lab's scene as the modules beside it see it: its choices, what it holds and what it shows.

``scene.LabScene`` is the one lab page; the views, the notice and the way into the editor read it through
this, so none of them imports the scene that imports them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from game.core.registry import GameSpec
from game.lab.compare import Comparison
from game.lab.sweep import Sweep
from game.scenes.lab.run import LabRun
from game.scenes.lab.seats import SeatLevels
from game.scenes.lab.sweep_setup import SweepSetup
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.widgets import Choice, FocusGroup
from game.variants.loader import Variant


class LabPage(Protocol):
    """What the lab's views, notice and editor hand-off read and write of the scene."""

    app: App
    layout: Layout
    group: FocusGroup
    spec: GameSpec | None
    jobs: int | None
    players: Choice
    kind: Choice
    variant_a: Choice
    variant_b: Choice
    count: Choice
    sweep_setup: SweepSetup
    seats: SeatLevels
    variants: list[Variant]
    problems: list[str]
    error: str
    names: tuple[str, str]
    study: str
    run: LabRun | None
    result: Comparison | None
    sweep_result: Sweep | None
    scroll: int
    max_scroll: int
    saved: list[Path]
    notice: str
    notice_bad: bool
    notice_rect: pygame.Rect | None

    def chosen_variant(self) -> Variant | None:
        """Variant A (the sweep's base variant), or None."""

    def variant_folder(self) -> Path | None:
        """The user's variant folder of the chosen game."""
