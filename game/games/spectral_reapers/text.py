"""Spectral Reapers events and moves in words, for the log panel and the hints."""

from __future__ import annotations

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, Chapter
from game.games.spectral_reapers.rules import (
    COLOUR_LETTERS, END_SAFETY, END_THRESHOLD, BeadCaptured, BeadSown, BeadsPlaced, CaptureAction,
    CaptureEarned, ExtraTurn, GameEnded, PitLifted, PlaceAction, SeatSkipped, SowAction, SowingPaused,
    SowingPhaseBegan, SpectralReapersObservation, TurnPassed, pit_order,
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
        beads = sum(event.counts)
        return (f"{_name(names, event.seat)} sows pit {event.pit + 1}: {beads} bead{'s' if beads != 1 else ''} "
                f"({_counts(names, event.counts)}).")
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


def chapter(event: Event) -> Chapter | None:
    """The part of the game an event begins: the placing of the beads ("Placing", at the first placement) and
    the sowing once every bead is placed ("Sowing")."""
    if isinstance(event, BeadsPlaced) and event.first:
        return Chapter(HAND, "Placing")
    if isinstance(event, SowingPhaseBegan):
        return Chapter(HAND, "Sowing")
    return None


def is_step(event: Event) -> bool:
    """Whether the event is one step of a sowing (a bead dropped into a pit): the log folds these under the
    line of the lift (or of the pause before a big pit's next beads), which opens on a click."""
    return isinstance(event, BeadSown)


def _bead_owner(names: list[str], colour: int, you: int | None) -> str:
    """A bead by its owner, as the mover reads it: ``yours`` or ``Boris's`` (the palette is the screen's, so
    words name owners, as the log does)."""
    return "yours" if colour == you else _whose(names, colour)


def _order_words(order: str, names: list[str], you: int | None) -> str:
    """An order as owners in sowing order, a run of one owner's beads counted: ``yours, Boris's x2, yours``."""
    runs: list[tuple[int, int]] = []
    for letter in order:
        colour = COLOUR_LETTERS.index(letter)
        if runs and runs[-1][0] == colour:
            runs[-1] = (colour, runs[-1][1] + 1)
        else:
            runs.append((colour, 1))
    return ", ".join(_bead_owner(names, c, you) + (f" x{n}" if n > 1 else "") for c, n in runs)


def _sow_words(action: SowAction, observation: SpectralReapersObservation, names: list[str]) -> str:
    """A sowing (or one part of a big one) with its order, and where it ends or how many beads wait."""
    you = observation.seat
    ring = len(observation.pits)
    slot = observation.hand_slot if action.cont else 0
    pit = action.pit + 1
    words = _order_words(action.order, names, you)
    if action.left:
        head = (f"Sow the next {len(action.order)} from pit {pit}" if action.cont
                else f"Lift pit {pit} and sow the first {len(action.order)}")
        return f"{head}: {words} (then order the other {action.left})"
    head = f"Sow the rest from pit {pit}: " if action.cont else f"Lift pit {pit} and sow "
    last = pit_order(ring, action.pit, len(action.order), slot)[-1] + 1
    owner = _bead_owner(names, COLOUR_LETTERS.index(action.order[-1]), you)
    return f"{head}{words} (ends on {owner} in pit {last})"


def name_action(action: Action, observation: Observation, names: list[str]) -> str:
    """A move as its player would say it: the pit and the order, a placement, or a capture."""
    assert isinstance(observation, SpectralReapersObservation)
    if isinstance(action, PlaceAction):
        parts = [f"{count} {'beads ' if i == 0 else ''}in pit {pit + 1}"
                 for i, (pit, count) in enumerate(action.placements)]
        if len(parts) < 2:
            return f"Place {''.join(parts) or 'no beads'}"
        return f"Place {', '.join(parts[:-1])} and {parts[-1]}"
    if isinstance(action, SowAction):
        return _sow_words(action, observation, names)
    if isinstance(action, CaptureAction):
        you = observation.seat
        whose = "your own beads" if action.colour == you else f"{_whose(names, action.colour)} beads"
        return f"Capture one of {whose} from pit {action.pit + 1}"
    return str(action)
