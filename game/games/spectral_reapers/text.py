"""Spectral Reapers events in words, for the log panel."""

from __future__ import annotations

from game.core.contracts import Event
from game.games.spectral_reapers.rules import (
    END_SAFETY, END_THRESHOLD, BeadCaptured, BeadSown, BeadsPlaced, CaptureEarned, ExtraTurn,
    GameEnded, PitLifted, SeatSkipped, SowingPaused, SowingPhaseBegan, TurnPassed,
)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _whose(names: list[str], colour: int) -> str:
    """A bead colour in words: each seat plays its own colour, and the screen decides how colours look
    (the colour-blind palette differs), so the log names the owner rather than a colour."""
    return f"{_name(names, colour)}'s"


NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def beads_left(n: int) -> str:
    """``only one``, ``only two``: the beads of a colour a threshold ending left (``end_threshold`` >= 1)."""
    return f"only {NUMBER_WORDS[n - 1] if 1 <= n <= len(NUMBER_WORDS) else n}"


def _counts(names: list[str], counts: tuple[int, ...]) -> str:
    parts = [f"{n} of {_whose(names, c)}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def describe(event: Event, names: list[str]) -> str:
    """One event in words."""
    if isinstance(event, BeadsPlaced):
        where = ", ".join(f"{count} in pit {pit + 1}" for pit, count in event.placements)
        return f"{_name(names, event.seat)} places their beads: {where}."
    if isinstance(event, SowingPhaseBegan):
        return f"All beads are placed. {_name(names, event.first)} sows first."
    if isinstance(event, PitLifted):
        return f"{_name(names, event.seat)} lifts pit {event.pit + 1} ({_counts(names, event.counts)})."
    if isinstance(event, BeadSown):
        tail = ", the last bead" if event.last else ""
        return f"One of {_whose(names, event.colour)} beads goes into pit {event.pit + 1}{tail}."
    if isinstance(event, SowingPaused):
        return f"{_name(names, event.seat)} has {event.left} beads left in hand to order."
    if isinstance(event, CaptureEarned):
        return f"The last bead lands in pit {event.pit + 1}: {_name(names, event.seat)} captures!"
    if isinstance(event, BeadCaptured):
        owner = "one of their own beads" if event.colour == event.seat else f"one of {_whose(names, event.colour)} beads"
        return f"{_name(names, event.seat)} captures {owner} from pit {event.pit + 1}."
    if isinstance(event, ExtraTurn):
        return f"{_name(names, event.seat)} moves again."
    if isinstance(event, TurnPassed):
        return f"{_name(names, event.seat)} to move."
    if isinstance(event, SeatSkipped):
        return f"{_name(names, event.seat)} has no pit to sow and is skipped."
    if isinstance(event, GameEnded):
        if event.reason == END_THRESHOLD:
            verb = "are" if event.on_board > 1 else "is"
            why = f"{beads_left(event.on_board)} of {_whose(names, event.seat)} beads {verb} left on the board"
        elif event.reason == END_SAFETY:
            why = "too many sowings passed without a capture"
        else:
            why = "nobody can move"
        won = " and ".join(_name(names, s) for s in event.winners)
        verb = "share the win" if len(event.winners) > 1 else "wins"
        return f"Game over: {why}. {won} {verb}."
    return str(event)
