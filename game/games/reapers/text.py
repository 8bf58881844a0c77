"""Reapers events in words for the log panel."""

from __future__ import annotations

from typing import Sequence

from game.core.contracts import Event
from game.games.reapers import rules as r
from game.games.reapers.cards import SUIT_NAMES, WAGER_SIGNS, card_name


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else "nothing"


def _name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def describe(event: Event, names: list[str]) -> str:
    """One event in words."""
    if isinstance(event, r.HandStarted):
        kind = "Extra hand" if event.extra else "Hand"
        return f"{kind} {event.hand}: {_name(names, event.dealer)} deals."
    if isinstance(event, r.TrumpTurned):
        again = ""
        if event.reapers_returned:
            again = f" ({event.reapers_returned} Reaper{'s' if event.reapers_returned > 1 else ''} shuffled back)"
        return f"The {card_name(event.card)} is turned up: {SUIT_NAMES[event.suit]} are trump{again}."
    if isinstance(event, r.PilesDealt):
        return f"{len(event.piles)} piles are dealt face up."
    if isinstance(event, r.PileTaken):
        kind = "pair" if event.pair else "pile"
        return f"{_name(names, event.seat)} takes the {kind} {_cards(event.cards)}."
    if isinstance(event, r.GraveyardFormed):
        gone = ""
        if event.reapers_discarded:
            gone = f"; {event.reapers_discarded} Reaper{'s' if event.reapers_discarded > 1 else ''} discarded"
        return f"The Graveyard holds {_cards(event.cards)}{gone}."
    if isinstance(event, r.WagerPlaced):
        if event.wager is None:
            return f"{_name(names, event.seat)} places a wager face down."
        return f"{_name(names, event.seat)} wagers {WAGER_SIGNS[event.wager]}."
    if isinstance(event, r.CardPlayed):
        verb = "leads" if event.leads else "plays"
        return f"{_name(names, event.seat)} {verb} the {card_name(event.card)}."
    if isinstance(event, r.LeadPassed):
        return f"A Reaper was led: the lead passes to {_name(names, event.to_seat)}."
    if isinstance(event, r.ReaperTook):
        if event.card is None:
            return f"{_name(names, event.seat)}'s Reaper finds the Graveyard empty."
        return f"{_name(names, event.seat)}'s Reaper takes the {card_name(event.card)} from the Graveyard."
    if isinstance(event, r.TrickWon):
        if event.winner is None or event.taken is None:  # both or neither: a trick of nothing but Reapers
            return "Nothing but Reapers: nobody wins the trick."
        return f"{_name(names, event.winner)} wins trick {event.trick} and takes the {card_name(event.taken)}."
    if isinstance(event, r.HandScored):
        parts = []
        for seat, wager in enumerate(event.wagers):
            result = "" if wager == "none" else (" won" if event.wager_won[seat] else " lost")
            parts.append(f"{_name(names, seat)} {event.card_points[seat]} + {event.bonuses[seat]} "
                         f"({WAGER_SIGNS[wager]}{result}) = {event.hand_scores[seat]}")
        return f"Hand {event.hand} scored: " + "; ".join(parts) + "."
    if isinstance(event, r.ExtraHand):
        tied = " and ".join(_name(names, s) for s in event.tied)
        return f"{tied} are tied for the lead: an extra hand is played."
    if isinstance(event, r.GameOver):
        won = " and ".join(_name(names, s) for s in event.winners)
        return f"Game over: {won} win{'s' if len(event.winners) == 1 else ''} with {max(event.totals)} points."
    return str(event)
