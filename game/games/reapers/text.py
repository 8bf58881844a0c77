"""Reapers in words: events for the log panel, and the table's prompt."""

from __future__ import annotations

from typing import Sequence

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, TRICK, Chapter
from game.games.reapers import rules as r
from game.games.reapers.cards import REAPER, SUIT_NAMES, WAGER_SIGNS, card_name
from game.games.reapers.tips import WAGER_NAMES, reaper_effect


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


def chapter(event: Event) -> Chapter | None:
    """The part of the game an event begins, as the table names it: a hand when it is dealt ("Hand 2 of 4",
    "Extra hand 5"), a trick when its first card is played ("Trick 5")."""
    if isinstance(event, r.HandStarted):
        if event.extra or not event.hands:
            return Chapter(HAND, f"{'Extra hand' if event.extra else 'Hand'} {event.hand}")
        return Chapter(HAND, f"Hand {event.hand} of {event.hands}")
    if isinstance(event, r.CardPlayed) and event.trick:
        return Chapter(TRICK, f"Trick {event.trick}")
    return None


def name_action(action: Action, observation: Observation, names: list[str]) -> str:
    """A move as the player to make it would say it: "Take pile 4 (...)", "Wager: fewest points", "Play the
    Reaper (takes ...)". Piles are numbered from 1, as the table labels them."""
    if isinstance(action, r.TakePile):
        pile = observation.piles[action.pile] if isinstance(observation, r.ReapersObservation) and \
            0 <= action.pile < len(observation.piles) else None
        cards = f" ({_cards(pile)})" if pile else ""
        return f"Take pile {action.pile + 1}{cards}"
    if isinstance(action, r.PlaceWager):
        return "No wager" if action.wager == "none" else f"Wager: {WAGER_NAMES[action.wager]}"
    if isinstance(action, r.PlayCard):
        played = f"Play the {card_name(action.card)}"
        if action.card == REAPER and isinstance(observation, r.ReapersObservation) and observation.phase == r.PLAY:
            return f"{played} ({reaper_effect(observation)})"
        return played
    return str(action)


def aid_heading(count: int, drafting: bool) -> str:
    """The memory aid's line over an opponent's cards: how many they still hold, or why they hold none (no
    pile taken yet in the draft, or every card played)."""
    if count:
        return f"Still holds {count}:"
    return "No cards yet" if drafting else "Every card played"


def prompt_lines(obs: r.ReapersObservation, names: Sequence[str], deciding: bool) -> tuple[str, str]:
    """The table's prompt for the view it shows: a line over the centre and one of detail (the pair rule,
    the led suit). ``deciding``: the viewer is to act. A view with nobody to act is a moment between turns
    (a complete trick not yet won, the Graveyard being formed, a hand played out)."""
    cfg = obs.config
    acting = 0 <= obs.to_move < len(names)
    name = names[obs.to_move] if acting else ""
    if obs.phase == r.DRAFT:
        if not acting:
            return "The draft is over", "The last pile left becomes the Graveyard."
        pair_rule = ""
        if cfg.pairs_per_player:
            seat = obs.to_move
            picks_left = cfg.picks_each - len(obs.drafted[seat])
            owed = cfg.pairs_per_player - obs.pairs_taken[seat]
            who = "You" if deciding else name
            if owed <= 0:
                pair_rule = f"Pair rule: {who} already took a pile of 2, so only piles of 3 now."
            elif owed >= picks_left:
                pair_rule = f"Pair rule: {who} must take a pile of 2 with this last pick."
            else:
                pair_rule = "Pair rule: every player takes exactly one pile of 2."
        head = "Take a pile into your hand" if deciding else f"Draft: {name} is choosing a pile"
        return head, pair_rule or "Piles are face up; the last pile left becomes the Graveyard."
    if obs.phase == r.WAGER:
        how = "face up, in turn" if cfg.open_wagers else "face down"
        if deciding:
            shown = "Everyone sees it at once." if cfg.open_wagers else "Revealed when the hand is scored."
            return f"Choose your wager, {how}", shown
        waiting = [names[s] for s in obs.wager_order if not obs.wagered[s]]
        return f"Wagers are placed {how}", "Waiting for " + ", ".join(waiting)
    if obs.phase == r.PLAY:
        trump = f"Trump: {SUIT_NAMES.get(obs.trump_suit, '')}"
        if not acting and not obs.trick:
            kind = "Extra hand" if obs.hand > cfg.hands else "Hand"
            return f"{kind} {obs.hand} is played out", f"{trump} · {obs.tricks_done} tricks"
        led = SUIT_NAMES.get(obs.lead_suit or "", "")
        detail = trump + (f" · led: {led}" if led else "") + f" · trick {obs.tricks_done + 1}"
        if not acting:
            return f"Trick {obs.tricks_done + 1} is complete", detail
        return ("Play a card" if deciding else f"{name} to play"), detail
    return "Game over", ""
