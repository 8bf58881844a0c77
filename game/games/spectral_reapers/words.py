"""Spectral Reapers in words: events and moves for the log panel and the hints, and the table's tooltips
(what each thing on the table is, and what it means for the viewer now).

In tips, beads are named as the screen draws them (the palette's colour word and shape, which the table
passes in as ``BeadWords``) together with their owner, so a tip matches both the picture and the log. The game
has no hidden information: every tip may say everything it sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, Chapter
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, END_SAFETY, END_THRESHOLD, OVER, PLACE, BeadCaptured, BeadSown, BeadsPlaced,
    CaptureAction, CaptureEarned, Config, ExtraTurn, GameEnded, PitLifted, PlaceAction, SeatSkipped, SowAction,
    SowingPaused, SowingPhaseBegan, SpectralReapersObservation, TurnPassed, pit_order,
)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _whose(names: Sequence[str], colour: int) -> str:
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
        owner = ("one of their own beads" if event.colour == event.seat
                 else f"one of {_whose(names, event.colour)} beads")
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


def owner_word(names: Sequence[str], colour: int, viewer: int | None) -> str:
    """A bead by its owner, as the viewer reads it: ``yours`` or ``Boris's`` (the palette is the screen's, so
    words name owners, as the log does)."""
    return "yours" if colour == viewer else _whose(names, colour)


def _order_words(order: str, names: list[str], you: int | None) -> str:
    """An order as owners in sowing order, a run of one owner's beads counted: ``yours, Boris's x2, yours``."""
    runs: list[tuple[int, int]] = []
    for letter in order:
        colour = COLOUR_LETTERS.index(letter)
        if runs and runs[-1][0] == colour:
            runs[-1] = (colour, runs[-1][1] + 1)
        else:
            runs.append((colour, 1))
    return ", ".join(owner_word(names, c, you) + (f" x{n}" if n > 1 else "") for c, n in runs)


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
    owner = owner_word(names, COLOUR_LETTERS.index(action.order[-1]), you)
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


# ------------------------------------------------------------------------------------ tooltips


@dataclass(frozen=True)
class BeadWords:
    """How the viewer's screen names each colour: ``looks[c]`` ("red round") and ``owners[c]`` ("yours",
    "Boris's")."""

    looks: tuple[str, ...]
    owners: tuple[str, ...]

    def one(self, colour: int) -> str:
        """``red round bead (Boris's)``."""
        return f"{self.looks[colour]} bead ({self.owners[colour]})"

    def many(self, colour: int, count: int) -> str:
        """``3 red round beads (Boris's)``."""
        return f"{count} {self.looks[colour]} {'bead' if count == 1 else 'beads'} ({self.owners[colour]})"

    def counted(self, counts: Sequence[int]) -> str:
        """Every colour of ``counts`` that is there: ``3 red round beads (yours), 1 orange square bead (Boris's)``."""
        return ", ".join(self.many(c, n) for c, n in enumerate(counts) if n)


def _beads(count: int) -> str:
    return f"{count} bead{'s' if count != 1 else ''}"


BOARD_TIP = ("The board: a ring of pits that belongs to no one. Sowing runs counter-clockwise - along the bottom "
             "row to the right, then back along the top row - one bead per pit, skipping the lifted pit on "
             "every lap.")
BOARD_NOTE = "Each pit: its number top-left, its bead count bottom-right. Sowing runs counter-clockwise."
"""The footnote under the board: what the two numbers on a pit are."""
NOTE_TIP = ("A pit's small number top-left names it (the log and the hints say \"pit 3\"); the number bottom-right "
            "counts its beads - hover a pit to count them by colour.")
BANNER_TIP = "What just happened on the board; the log on the right keeps every move."
TRAY_LINES_TIP = ("The tray's notes: the newest moves while others play (the log on the right keeps every one), "
                  "or what your choice does. The title's tip explains the phase.")


def pit_contents(pit: int, counts: Sequence[int], words: BeadWords) -> str:
    """``Pit 5: 4 beads - 3 red round beads (yours), 1 orange square bead (Boris's).``"""
    total = sum(counts)
    if not total:
        return f"Pit {pit + 1}: empty."
    return f"Pit {pit + 1}: {_beads(total)} - {words.counted(counts)}."


def lift_note(may_lift: bool, your_turn: bool) -> str:
    """Whether the viewer may lift a pit in phase 2 (a pit holding their colour)."""
    if not may_lift:
        return "You may not lift it: it holds none of your beads."
    if your_turn:
        return "You may lift it: it holds your beads."
    return "It holds your beads: you may lift it on your turn."


def ends_note(total: int, last: int) -> str:
    """Where the last bead of a pit's sowing lands (the lifted pit is skipped on every lap)."""
    if total == 1:
        return f"Sown from here, its one bead lands in pit {last + 1}."
    return f"Sown from here, its {total} beads end in pit {last + 1}."


def place_note(planned: int, config: Config) -> str:
    """A pit in the viewer's placing turn: what a click plans there."""
    steps = ", then ".join(str(n) for n in range(config.placement_min, config.placement_max + 1))
    now = f"{planned} planned now" if planned else "none planned now"
    return f"Each click here plans {steps}, then none of your beads ({now})."


def capture_note(sower: str) -> str:
    """The pit of a pending capture."""
    return f"The last bead landed here: {sower} must capture one bead from this pit, any colour."


def capture_banner(pit: int, name: str) -> str:
    """The banner over the tray as the last bead of a sowing earns a capture."""
    return f"Pit {pit + 1}: a capture for {name}!"


IN_HAND_LABEL = "In hand"
LIFTED_LABEL = "Lifted"
ORDER_LABEL = "Order"
IN_HAND_TIP = ("Your beads still to place: each pit you plan takes some of them (shown faint once planned); "
               "all of them go onto the board.")


def choices_tip_head(who: str) -> str:
    """The head of the tip of a liftable pit's card in the tray (``who``: "you" or the sower's name)."""
    return f"A pit {who} may lift, as the board holds it now: "


def choice_head(pit: int, total: int) -> str:
    """The head of a liftable pit's card in the tray: ``Pit 3 · 13``."""
    return f"Pit {pit + 1} \u00b7 {total}"


def choice_end(last: int) -> str:
    """Where a liftable pit's last bead lands, on its card in the tray."""
    return f"last \u2192 pit {last + 1}"


LIFTED_NOTE = "Lifted: its beads wait in the tray below for your order."


def landing_tip(place: int, pit: int, chosen: str | None, last: bool, need: int) -> str:
    """A numbered place of the order, shown in the pit it sows into."""
    what = f": a {chosen}" if chosen else " (no bead chosen for it yet)"
    tip = f"Bead {place} of your order is sown into pit {pit + 1}{what}."
    if last:
        tip += f" It is the last bead: it captures if it is yours and makes exactly {need} of yours there."
    return tip


def outcome_tip(outcome: str, pit: int, need: int) -> str:
    """The tag on the pit the last bead lands in: ``captures``, ``none`` or ``open`` (order not finished)."""
    if outcome == "captures":
        return (f"This order captures: the last bead is yours and makes exactly {need} of yours in pit "
                f"{pit + 1}. You take one bead from there and move again.")
    if outcome == "none":
        return f"This order ends in pit {pit + 1} without a capture: the turn passes."
    return (f"The last bead lands in pit {pit + 1}. It captures if it is yours and makes exactly {need} of "
            f"yours there.")


def phase_tip(phase: str, config: Config, capture_pit: int, sower: str) -> str:
    """The tray's title: what this phase is about (and whose turn a capture is)."""
    if phase == PLACE:
        return (f"Phase 1, placing: in turn, each player puts all {config.beads_per_player} of their beads into "
                f"exactly {config.placement_pits} different pits, {config.placement_min} to "
                f"{config.placement_max} in each. Other colours in a pit do not matter. Then the sowing begins.")
    if phase == CAPTURE:
        return (f"A capture: {sower} must take one bead from pit {capture_pit + 1} into the store - any colour, "
                f"one's own included - and then moves again.")
    if phase == OVER:
        return "The game is over: whoever captured the most beads wins; equal totals share the win."
    return (f"Phase 2, sowing: lift every bead from a pit holding your colour and sow them one per pit, "
            f"counter-clockwise, in any order you choose. If the last bead is yours and makes exactly "
            f"{config.capture_count} of yours in its pit, you capture one bead there and move again. The game "
            f"ends the moment any colour is down to {config.end_threshold} on the board.")


def button_tip(name: str, phase: str, config: Config, enabled: bool) -> str:
    """A tray button: what it does, and why it waits when it is greyed out."""
    if name == "place":
        tip = "Place beads: put your beads into the pits as planned."
        return tip if enabled else (f"{tip} It works once {config.placement_pits} pits hold "
                                    f"{config.placement_min} to {config.placement_max} each, all "
                                    f"{config.beads_per_player} beads used.")
    if name == "clear":
        return ("Clear: forget the planned placement." if phase == PLACE
                else "Clear: take every bead back out of the order.")
    if name == "sow":
        tip = "Sow: play the order, one bead per pit from the next pit on."
        return tip if enabled else f"{tip} It works once every lifted bead has its place in the order."
    if name == "suggest":
        return ("Suggest: fill the order for you, with a capture if this pit has one. A hint (H) also picks "
                "the pit, with the computer's reasons.")
    return "Other pit: put these beads back and choose another pit to lift."


LIFTED_ROW_TIP = "Lifted: the beads in your hand that have no place in the order yet."
ORDER_ROW_TIP = ("Order: the beads in the order they are sown, one per pit counter-clockwise; the arrow under "
                 "each place names its pit. Only the colours each pit gets and the last bead matter.")


def arrow_tip(place: int, pit: int) -> str:
    """The pit number under a place of the order."""
    return f"The bead in place {place} of the order is sown into pit {pit + 1}."


def pool_tip(bead: str, place: int, pit: int) -> str:
    """A lifted bead not yet in the order."""
    return f"A lifted {bead}. Click it (or Enter) to sow it next: bead {place} of the order, into pit {pit + 1}."


def order_tip(place: int, bead: str, pit: int) -> str:
    """A bead already in the order."""
    return f"Bead {place} of the order: a {bead}, sown into pit {pit + 1}. Click to take it back out."


def empty_place_tip(place: int, pit: int, last: bool) -> str:
    """A place of the order with no bead yet."""
    tip = f"Place {place} of the order, still empty: the bead put here is sown into pit {pit + 1}."
    return tip + (" It is the last bead, the one that may capture." if last else "")


def chip_tip(bead: str, count: int, pit: int) -> str:
    """A capture choice in the tray: one colour of the capture pit."""
    return f"Capture a {bead} from pit {pit + 1} ({count} there): it goes to your store, and you move again."


def capbead_tip(bead: str, pit: int) -> str:
    """A bead in the capture pit, clickable."""
    return f"Capture this {bead} from pit {pit + 1} into your store; then you move again."


def hand_tip(origin: int, counts: Sequence[int], words: BeadWords, yours: bool) -> str:
    """The beads lifted and not yet sown, hovering over their pit."""
    who = "you choose in the tray" if yours else "its player chooses"
    return (f"In hand: {_beads(sum(counts))} lifted from pit {origin + 1}, not yet sown ({words.counted(counts)}). "
            f"They are sown one per pit, in the order {who}.")


def flying_tip(bead: str) -> str:
    """A bead moving across the table (an animation)."""
    return f"A {bead} on its way."


def marker_tip(name: str, look: str) -> str:
    """A plate's bead marker."""
    return (f"{name}'s colour: {look} beads. {name} may lift only a pit holding one, and captures when the "
            f"last bead sown is one.")


def store_tip(name: str, captured: str) -> str:
    """One colour in a player's store (``captured``: ``2 red round beads (yours)``)."""
    return f"{name} has captured {captured}. Every captured bead counts one, whatever its colour."


def plate_line(store: int, on_board: int) -> tuple[str, str]:
    """A plate's public line in its two halves, shown on one line (`` · `` between) or two when narrow."""
    return (f"store {store}", f"board {on_board}")


PLATE_LINE_JOIN = " \u00b7 "


def plate_line_tip(name: str, store: int, on_board: int, placing: bool, config: Config) -> str:
    """What the public line of a plate means: ``store 3 · board 9`` (or ``11 to place``)."""
    tip = f"Store {store}: the beads {name} has captured, any colour; the most captured wins."
    if placing:
        return tip + f" {config.beads_per_player} to place: beads still to put on the board in phase 1."
    return tip + (f" Board {on_board}: {name}'s beads still on the board; the game ends the moment any colour "
                  f"is down to {config.end_threshold}.")
