"""The Reapers table's view stepped through events: what the table shows once an event's animation has played.

The rules apply an action whole (the last card of a hand plays, wins the trick, scores the hand and deals the
next at once); the table shows it event by event. Each event's facts move the view on, so the prompt, the
seat panels and the memory aid describe the cards on the table, never a state the animations have not
reached. A new hand's events change nothing here: the table builds the new hand from the state when it deals.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence, TypeVar, cast

from game.core.contracts import Event
from game.games.reapers import rules as r
from game.games.reapers.cards import REAPER, sort_key

NOBODY = -1
"""``to_move`` of a view where no seat is to act: a complete trick not yet won, a played-out hand."""

T = TypeVar("T")


def _set(items: Sequence[T], index: int, value: T) -> tuple[T, ...]:
    return tuple(value if i == index else item for i, item in enumerate(items))


def _without(cards: Sequence[str], card: str) -> tuple[str, ...]:
    """``cards`` less one ``card`` (or one unseen card: a face-down hand holds ``None`` for each)."""
    out = list(cards)
    out.remove(card if card in out else out[-1])
    return tuple(out)


def shown_after(view: r.ReapersObservation, event: Event, face_down: bool | None = None) -> r.ReapersObservation:
    """``view`` once ``event`` has been shown; a face-down view keeps its hands face down. ``face_down``:
    whether the view's hands are face down (by default, a spectator's are; a finished game's replay shows
    them all)."""
    if isinstance(event, r.PileTaken):
        return _pile_taken(view, event, view.seat is None if face_down is None else face_down)
    if isinstance(event, r.GraveyardFormed):
        piles = view.piles if event.pile < 0 else _set(view.piles, event.pile, None)
        return replace(view, phase=r.WAGER, piles=piles, graveyard=event.cards,
                       graveyard_reapers=event.reapers_discarded,
                       discards=view.discards + (REAPER,) * event.reapers_discarded, to_move=view.wager_order[0])
    if isinstance(event, r.WagerPlaced):
        wagered = _set(view.wagered, event.seat, True)
        seat = next((s for s in view.wager_order if not wagered[s]), None)
        return replace(view, wagered=wagered, wagers=_set(view.wagers, event.seat, event.wager),
                       phase=r.WAGER if seat is not None else r.PLAY,
                       to_move=seat if seat is not None else view.leader)
    if isinstance(event, r.CardPlayed):
        return _card_played(view, event)
    if isinstance(event, r.LeadPassed):
        return replace(view, to_move=event.to_seat)
    if isinstance(event, r.ReaperTook):
        if event.card is None:
            return replace(view, reaper_used=True)
        return replace(view, reaper_used=True, graveyard=_without(view.graveyard, event.card),
                       score_piles=_set(view.score_piles, event.seat, view.score_piles[event.seat] + (event.card,)))
    if isinstance(event, r.TrickWon):
        scored = view.score_piles
        if event.winner is not None and event.taken is not None:
            scored = _set(scored, event.winner, scored[event.winner] + (event.taken,))
        return replace(view, trick=(), lead_suit=None, reaper_used=False, tricks_done=event.trick,
                       leader=event.next_leader, to_move=event.next_leader, score_piles=scored,
                       discards=view.discards + event.discarded)
    if isinstance(event, r.HandScored):
        return replace(view, to_move=NOBODY, totals=event.totals, hands_played=event.hand, wagers=event.wagers,
                       wagered=(True,) * len(event.wagers))
    return view


def _pile_taken(view: r.ReapersObservation, event: r.PileTaken, face_down: bool) -> r.ReapersObservation:
    seat = event.seat
    hand = view.hands[seat]
    if face_down:  # the spectator's table shows hands face down: ``None`` for each card
        held = hand + cast("tuple[str, ...]", (None,) * len(event.cards))
    else:
        held = tuple(sorted(hand + event.cards, key=sort_key))
    picks = view.picks_made + 1
    return replace(view, piles=_set(view.piles, event.pile, None), picks_made=picks,
                   hands=_set(view.hands, seat, held),
                   drafted=_set(view.drafted, seat, view.drafted[seat] + ((event.pile, event.cards),)),
                   pairs_taken=_set(view.pairs_taken, seat, view.pairs_taken[seat] + int(event.pair)),
                   to_move=view.draft_order[picks] if picks < len(view.draft_order) else NOBODY)


def _card_played(view: r.ReapersObservation, event: r.CardPlayed) -> r.ReapersObservation:
    seat, card = event.seat, event.card
    trick = view.trick + ((seat, card),)
    lead = view.lead_suit if view.lead_suit is not None or card == REAPER else card[0]
    players = len(view.hands)
    return replace(view, trick=trick, lead_suit=lead,
                   hands=_set(view.hands, seat, _without(view.hands[seat], card)),
                   played=_set(view.played, seat, view.played[seat] + (card,)),
                   to_move=(seat + 1) % players if len(trick) < players else NOBODY)
