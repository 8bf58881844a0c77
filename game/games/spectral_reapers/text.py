"""Spectral Reapers events in words, for the log panel."""

from __future__ import annotations

from game.core.contracts import Event
from game.games.spectral_reapers.rules import (
    COLOUR_NAMES, END_SAFETY, END_THRESHOLD, BeadCaptured, BeadSown, BeadsPlaced, CaptureEarned, ExtraTurn,
    GameEnded, PitLifted, SeatSkipped, SowingPaused, SowingPhaseBegan, TurnPassed,
)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _counts(counts: tuple[int, ...]) -> str:
    parts = [f"{n} {COLOUR_NAMES[c]}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def describe(event: Event, names: list[str]) -> str:
    """One event in words."""
    if isinstance(event, BeadsPlaced):
        where = ", ".join(f"{count} in pit {pit + 1}" for pit, count in event.placements)
        return f"{_name(names, event.seat)} places {COLOUR_NAMES[event.colour]} beads: {where}."
    if isinstance(event, SowingPhaseBegan):
        return f"All beads are placed. {_name(names, event.first)} sows first."
    if isinstance(event, PitLifted):
        return f"{_name(names, event.seat)} lifts pit {event.pit + 1} ({_counts(event.counts)})."
    if isinstance(event, BeadSown):
        tail = " - the last bead" if event.last else ""
        return f"A {COLOUR_NAMES[event.colour]} bead goes into pit {event.pit + 1}{tail}."
    if isinstance(event, SowingPaused):
        return f"{_name(names, event.seat)} has {event.left} beads left in hand to order."
    if isinstance(event, CaptureEarned):
        return f"The last bead lands in pit {event.pit + 1}: {_name(names, event.seat)} captures!"
    if isinstance(event, BeadCaptured):
        return f"{_name(names, event.seat)} captures a {COLOUR_NAMES[event.colour]} bead from pit {event.pit + 1}."
    if isinstance(event, ExtraTurn):
        return f"{_name(names, event.seat)} moves again."
    if isinstance(event, TurnPassed):
        return f"{_name(names, event.seat)} to move."
    if isinstance(event, SeatSkipped):
        return f"{_name(names, event.seat)} has no pit to sow and is skipped."
    if isinstance(event, GameEnded):
        if event.reason == END_THRESHOLD:
            why = f"only one {COLOUR_NAMES[event.seat]} bead is left on the board"
        elif event.reason == END_SAFETY:
            why = "too many sowings passed without a capture"
        else:
            why = "nobody can move"
        won = " and ".join(_name(names, s) for s in event.winners)
        verb = "share the win" if len(event.winners) > 1 else "wins"
        return f"Game over: {why}. {won} {verb}."
    return str(event)
