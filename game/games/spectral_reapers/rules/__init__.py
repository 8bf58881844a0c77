"""Spectral Reapers: the rules engine (pure Python, imports only ``game.core`` and the standard library).

Geometry, fixed once for the rules, the AI and the table:

* The board is a ring of ``pits_per_player * N`` pits numbered ``0 .. P-1``. Pit indices increase
  COUNTER-CLOCKWISE, the sowing direction: sowing from pit ``o`` drops beads in ``o+1, o+2, ...`` (mod P),
  skipping ``o`` itself on every lap. Drawn as two rows, pit 0 is the bottom-left pit, the bottom row runs
  left to right and the top row right to left.
* Seats are numbered CLOCKWISE around the table: when the turn passes clockwise it goes from seat ``s`` to
  seat ``(s + 1) % N``. Seat ``s`` plays colour ``s`` (letter ``COLOUR_LETTERS[s]``).

A sowing move names a pit and the ORDER of the lifted beads. Two orders are the same move when they leave
the same colours in every pit and the last bead has the same colour, so the legal actions are the distinct
outcomes, each shown by one canonical order (see ``orders``). When a pit holds so many beads that the
distinct outcomes of sowing all of them exceed ``order_choices_cap``, the order is chosen in parts: the
action orders the first ``k`` beads (the most whose distinct outcomes fit under the cap), those beads are
sown, and the same player orders the rest in a following ``sow-on`` decision. Every order of the rulebook
stays reachable; nothing is cut.

Modules: ``config`` (colours, phases, end reasons, ``Config`` and the schema), ``actions``, ``events``,
``orders`` (distinct-outcome enumeration of sowing orders, placements, landing pits), ``observe`` (the
observation) and ``state`` (the state, its moves, ``new_game`` and ``sample_state``).
"""

from __future__ import annotations

from .actions import Action, CaptureAction, PlaceAction, SowAction
from .config import (
    CAPTURE, COLOUR_LETTERS, COLOUR_NAMES, END_SAFETY, END_STUCK, END_THRESHOLD, OVER, PLACE, SCHEMA, SOW, Config,
)
from .events import (
    BeadCaptured, BeadSown, BeadsPlaced, CaptureEarned, ExtraTurn, GameEnded, PitLifted, SeatSkipped,
    SowingPaused, SowingPhaseBegan, TurnPassed,
)
from .observe import SpectralReapersObservation
from .orders import SowChoices, SowRun, outcome_key, pit_order
from .state import SpectralReapersState, new_game, sample_state

__all__ = [
    "Action", "CaptureAction", "PlaceAction", "SowAction",
    "CAPTURE", "COLOUR_LETTERS", "COLOUR_NAMES", "END_SAFETY", "END_STUCK", "END_THRESHOLD", "OVER", "PLACE",
    "SCHEMA", "SOW", "Config",
    "BeadCaptured", "BeadSown", "BeadsPlaced", "CaptureEarned", "ExtraTurn", "GameEnded", "PitLifted",
    "SeatSkipped", "SowingPaused", "SowingPhaseBegan", "TurnPassed",
    "SpectralReapersObservation",
    "SowChoices", "SowRun", "outcome_key", "pit_order",
    "SpectralReapersState", "new_game", "sample_state",
]
