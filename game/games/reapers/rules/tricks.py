"""Tricks: which cards may be played, Reapers and the Graveyard, and who wins a trick."""

from __future__ import annotations

from typing import Sequence

from game.core.contracts import Event
from game.games.reapers.cards import DEMON_RANK, REAPER, SUITS

from .base import ReapersStateBase
from .events import CardPlayed, LeadPassed, ReaperTook, TrickWon

_VALUES: dict[int, dict[str, int]] = {}


def values_for(demon_value: int) -> dict[str, int]:
    """Card -> value for every card code (Reapers 0), for a Demon value."""
    table = _VALUES.get(demon_value)
    if table is None:
        table = {REAPER: 0}
        for suit in SUITS:
            for rank in range(0, 41):
                table[f"{suit}{rank}"] = rank
            table[suit + DEMON_RANK] = demon_value
        _VALUES[demon_value] = table
    return table


def _distinct(hand: Sequence[str]) -> list[str]:
    if hand.count(REAPER) > 1:
        out = [c for c in hand if c != REAPER]
        out.append(REAPER)
        return out
    return list(hand)


class TrickMixin(ReapersStateBase):
    """``ReapersState``'s trick methods."""

    def playable(self, seat: int) -> list[str]:
        """The distinct cards ``seat`` may play to the trick now."""
        hand = self.hands[seat]
        if self.lead_suit is None:
            if seat == self.leader or self.cfg.passed_lead_is_lead:
                cards = [c for c in hand if c != REAPER]
                return cards if cards else [REAPER]
            return _distinct(hand)
        suit = self.lead_suit
        follow = [c for c in hand if c[0] == suit]
        if follow:
            if REAPER in hand:
                follow.append(REAPER)
            return follow
        return _distinct(hand)

    def _play_card(self, card: str) -> list[Event]:
        seat = self.to_move
        cfg = self.cfg
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        leads = self.lead_suit is None
        self.trick.append((seat, card))
        events: list[Event] = [CardPlayed(seat, card, leads, self.tricks_done + 1 if len(self.trick) == 1 else 0)]
        nxt = (seat + 1) % cfg.players
        if card == REAPER:
            counts_as_led = leads and (seat == self.leader or cfg.passed_lead_is_lead)
            if counts_as_led:
                if len(self.trick) < cfg.players:
                    events.append(LeadPassed(seat, nxt))
            elif not self.reaper_used or cfg.every_reaper_takes:
                self.reaper_used = True
                taken = self.graveyard.pop(0) if self.graveyard else None
                if taken is not None:
                    self.score_piles[seat].append(taken)
                    self._count("reaper_takes")
                events.append(ReaperTook(seat, taken))
        elif leads:
            self.lead_suit = card[0]
        self.to_move = nxt
        if len(self.trick) == cfg.players:
            events += self._finish_trick()
        return events

    def _finish_trick(self) -> list[Event]:
        values = values_for(self.cfg.demon_value)
        trick = self.trick
        trump, lead = self.trump_suit, self.lead_suit
        winner: int | None = None
        taken: str | None = None
        best_key = -1
        demon: str | None = None
        lowest: str | None = None
        for seat, card in trick:
            if card == REAPER:
                continue
            value = values[card]
            suit = card[0]
            key = (200 if suit == trump else 100 if suit == lead else -1000) + value
            if key > best_key:
                winner, best_key = seat, key
            if demon is None and card[1] == DEMON_RANK:
                demon = card
            if lowest is None or value < values[lowest]:
                lowest = card
        if winner is not None:
            if demon is not None:
                taken = demon
                self._count("demons_taken")
            else:
                assert lowest is not None  # the winner played a suit card, so the trick has a lowest
                taken = lowest
            self.score_piles[winner].append(taken)
        discarded = [c for _, c in trick]
        if taken is not None:
            discarded.remove(taken)
        self.discards += discarded
        self.tricks_done += 1
        if winner is not None:
            self.leader = winner
        self.to_move = self.leader
        self.trick = []
        self.lead_suit = None
        self.reaper_used = False
        events: list[Event] = [TrickWon(self.tricks_done, winner, taken, tuple(discarded), self.leader)]
        if not any(self.hands):
            events += self._score_hand()
        return events
