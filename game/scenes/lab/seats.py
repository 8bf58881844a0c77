"""The AI level of each seat the variant lab plays: one level for all seats, or one per seat, offered from the
levels the chosen game's AIs have."""

from __future__ import annotations

from typing import Callable

from game.core.agent import LEVELS
from game.core.registry import GameSpec
from game.ui.choices import set_options
from game.ui.widgets import Choice

SAME, EACH = "same", "each"


class SeatLevels:
    """The lab's seat-level choices: ``mode`` (the same for all, or per seat), then those it shows."""

    def __init__(self, most: int, changed: Callable[[], None]) -> None:
        self.mode = Choice("Seat levels", [(SAME, "Same for all"), (EACH, "Per seat")], SAME, self._mode_changed)
        self.all = Choice("All seats", [(None, "none")], None)
        self.each = [Choice(f"Seat {i + 1}", [(None, "none")], None) for i in range(most)]
        self.changed = changed
        """Called when the choices shown change (the mode was stepped)."""

    def shown(self, players: int) -> list[Choice]:
        """The level for all seats, or one for each of ``players`` seats."""
        return [self.all] if self.mode.value == SAME else self.each[:players]

    def levels(self, players: int) -> list[str]:
        """The chosen AI level of each of ``players`` seats."""
        if self.mode.value == SAME:
            return [self.all.value] * players
        return [self.each[i].value for i in range(players)]

    def offer(self, spec: GameSpec) -> None:
        """The levels of ``spec``'s AIs, weakest first (the level chosen kept when the game has it, else
        normal)."""
        levels = [level for level in LEVELS if level in spec.agents]
        levels += sorted(level for level in spec.agents if level not in levels)
        options = [(level, level) for level in levels]
        default = "normal" if "normal" in levels else (levels[0] if levels else None)
        set_options(self.all, options, self.all.value if self.all.value in levels else default)
        for choice in self.each:
            set_options(choice, options, self.all.value)

    def _mode_changed(self, mode: str) -> None:
        if mode == EACH:  # each seat starts from the level all seats had
            for choice in self.each:
                set_options(choice, choice.options, self.all.value)
        self.changed()
