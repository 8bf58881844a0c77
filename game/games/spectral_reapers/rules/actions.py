"""Spectral Reapers rules: the actions (placing, sowing an order, capturing)."""

from __future__ import annotations

from dataclasses import dataclass

from .config import COLOUR_LETTERS


@dataclass(frozen=True)
class PlaceAction:
    """Phase 1: all of the mover's beads into distinct pits; ``placements`` is ((pit, count), ...) by pit."""

    placements: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return "place " + " ".join(f"{pit}:{count}" for pit, count in self.placements)


@dataclass(frozen=True)
class SowAction:
    """Phase 2: lift ``pit`` (or, with ``cont``, go on sowing the beads lifted from it) and sow ``order``.

    ``order`` is colour letters in sowing order. ``left`` is how many lifted beads stay in hand after this
    action (ordered by the following ``sow-on`` decision); 0 for a whole sowing.
    Text: ``sow 3 order=RRGBR``, ``sow 3 order=RGBYP+6`` (6 left), ``sow-on 3 order=GBRYRR``.
    """

    pit: int
    order: str
    left: int = 0
    cont: bool = False

    def __str__(self) -> str:
        head = "sow-on" if self.cont else "sow"
        tail = f"+{self.left}" if self.left else ""
        return f"{head} {self.pit} order={self.order}{tail}"


@dataclass(frozen=True)
class CaptureAction:
    """The capture a sowing earned: one bead of ``colour`` from ``pit``. Text: ``capture 5 G``."""

    pit: int
    colour: int

    def __str__(self) -> str:
        return f"capture {self.pit} {COLOUR_LETTERS[self.colour]}"


Action = PlaceAction | SowAction | CaptureAction
