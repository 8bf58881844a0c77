"""Spectral Reapers rules: the observation (the whole public state)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.contracts import Observation

from .config import Config


@dataclass(frozen=True)
class SpectralReapersObservation(Observation):
    """The whole public state (Spectral Reapers has no hidden information).

    ``pits[p][c]`` is the number of beads of colour ``c`` in pit ``p``; ``captured[s][c]`` the beads of
    colour ``c`` in seat ``s``'s store. ``hand`` is the colour counts still to sow after a partial ``sow``
    (empty tuple otherwise), from ``hand_origin`` at slot ``hand_slot``. ``capture_pit`` is the pit of a
    pending capture (-1 when none).
    """

    num_players: int
    config: Config
    phase: str
    to_move: int
    starting_player: int
    placed: int
    pits: tuple[tuple[int, ...], ...]
    captured: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_origin: int
    hand_slot: int
    capture_pit: int
    since_capture: int
    sowings: int
    end_reason: str
    ended_by: int
