"""Spectral Reapers rules: the events a move reports, in the order they happen."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.contracts import Event


@dataclass(frozen=True)
class BeadsPlaced(Event):
    """Phase 1: ``seat`` put ``count`` beads of ``colour`` into each ``pit`` of ``placements``."""

    seat: int
    colour: int
    placements: tuple[tuple[int, int], ...]
    first: bool = field(default=False, compare=False)
    """The game's first placement (the log's "Placing" heading; not compared)."""


@dataclass(frozen=True)
class SowingPhaseBegan(Event):
    """Everyone has placed; ``first`` (the starting player of phase 1) sows first."""

    first: int


@dataclass(frozen=True)
class PitLifted(Event):
    """``seat`` lifted every bead from ``pit``: ``counts[c]`` beads of colour ``c``."""

    seat: int
    pit: int
    counts: tuple[int, ...]


@dataclass(frozen=True)
class BeadSown(Event):
    """One bead of ``colour`` dropped into ``pit`` (events come in sowing order, bead by bead).

    ``origin`` is the lifted pit, ``index`` counts beads of this sowing from 1, ``left`` is the beads still
    in hand afterwards, ``last`` marks the last bead of the whole sowing.
    """

    seat: int
    origin: int
    pit: int
    colour: int
    index: int
    left: int
    last: bool


@dataclass(frozen=True)
class SowingPaused(Event):
    """``seat`` has ``left`` beads from ``origin`` still in hand and orders them next (big pits only)."""

    seat: int
    origin: int
    left: int


@dataclass(frozen=True)
class CaptureEarned(Event):
    """The last bead made ``pit`` hold exactly the capture count of ``seat``'s colour."""

    seat: int
    pit: int


@dataclass(frozen=True)
class BeadCaptured(Event):
    """``seat`` took one bead of ``colour`` from ``pit`` into their store."""

    seat: int
    pit: int
    colour: int


@dataclass(frozen=True)
class ExtraTurn(Event):
    """``seat`` captured and moves again."""

    seat: int


@dataclass(frozen=True)
class TurnPassed(Event):
    """The turn passed clockwise from ``previous`` to ``seat``."""

    previous: int
    seat: int


@dataclass(frozen=True)
class SeatSkipped(Event):
    """``seat`` has no pit holding their colour and cannot move (only possible with unusual variants)."""

    seat: int


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over. ``reason``: ``threshold`` (``seat`` is down to the end threshold of beads on the
    board), ``safety`` (the safety bound of sowings without a capture) or ``stuck`` (nobody can move)."""

    reason: str
    seat: int
    captured: tuple[int, ...]
    winners: tuple[int, ...]
    on_board: int
    """Beads of ``seat``'s colour left on the board (a threshold ending; 0 otherwise)."""
