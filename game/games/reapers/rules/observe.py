"""What a seat may know: ``ReapersObservation`` (the state builds it, ``ReapersState.observation``, and builds a
state back from it, ``ReapersState.from_observation``; both live with the state, which this module must not
import)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.contracts import Observation

from .config import Rules
from .events import HandResult


@dataclass(frozen=True)
class ReapersObservation(Observation):
    """Everything ``seat`` may know. After the draft every hand is known to a player with perfect memory
    (the piles were face up), so ``hands`` shows every seat's hand, to a spectator too; only the other
    seats' wagers of the current hand are hidden (``None``) until the hand is scored."""

    rules: Rules
    phase: str
    to_move: int
    hand: int
    """Number of the hand in play, from 1."""
    hands_played: int
    extra_hands_played: int
    dealer: int
    trump: str
    trump_suit: str
    reapers_returned: int
    piles: tuple[tuple[str, ...] | None, ...]
    """Face-up piles by slot; ``None`` once taken (or once the last became the Graveyard)."""
    draft_order: tuple[int, ...]
    picks_made: int
    pairs_taken: tuple[int, ...]
    drafted: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...]
    """Per seat, the (slot, cards) of every pile drafted this hand."""
    hands: tuple[tuple[str, ...], ...]
    graveyard: tuple[str, ...]
    """The Graveyard's cards left, lowest (the next a Reaper takes) first."""
    graveyard_reapers: int
    wager_order: tuple[int, ...]
    wagered: tuple[bool, ...]
    wagers: tuple[str | None, ...]
    """This seat's wager, and others' when open; ``None`` for the rest."""
    leader: int
    trick: tuple[tuple[int, str], ...]
    """(seat, card) in play order."""
    lead_suit: str | None
    reaper_used: bool
    tricks_done: int
    played: tuple[tuple[str, ...], ...]
    """Per seat, the cards played this hand in order."""
    score_piles: tuple[tuple[str, ...], ...]
    discards: tuple[str, ...]
    totals: tuple[int, ...]
    history: tuple[HandResult, ...]
    winners: tuple[int, ...]
    stats: tuple[tuple[str, int], ...]
