"""The end of a Nevermore hand on screen: what the hand did to each seat, and the score table that shows it.

The figures are counted from the rules' events of that hand (``Damaged``, ``Healed``, ``VPGained``,
``MagickDrawn``, ``BecameRaven``, ``ReturnedToHuman``); nothing here decides a rule. The table holds play
until a player dismisses it, over the table as the hand left it: the next hand's events wait with their log
lines (``HandEnd``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from game.core.contracts import Event, find_action
from game.core.record import GameRecord
from game.ui.layout import Layout
from game.ui.score_table import CONTINUE, Column, Line, column_rects, draw_score_table, overlay_rect
from game.ui.theme import Colour, Palette

from .rules import events as ev
from .scene_view import Shown
from .tips import SUMMARY_COLUMN_TIPS, summary_tip
from .text import NONE_WORD, SUMMARY_COLUMNS, SUMMARY_RESULTS, magick_words, raven_words, summary_note, \
    summary_title

COLUMN_WIDTHS = (150, 116, 80, 92, 150, 250)
Explain = Callable[[pygame.Rect, str], None]
"""The scene's ``explain``: a drawn thing's rect and its tooltip."""


@dataclass
class SeatFigures:
    """What one hand did to one seat."""

    damage: int = 0
    healed: int = 0
    vp: int = 0
    light: int = 0
    shadow: int = 0
    """Magick cards drawn from each deck."""
    became_raven: bool = False
    returned: bool = False
    made: list[int] = field(default_factory=list)
    """The seats this one turned into Ravens."""


@dataclass
class HandSummary:
    hand: int
    seats: list[SeatFigures]
    conspirators: list[int] = field(default_factory=list)
    winners: tuple[int, ...] | None = None
    """The winners when the game ended in this hand (None: it goes on)."""


def summarise(events: Sequence[Event], players: int, hand: int) -> HandSummary:
    """The figures of one hand from its events (from its ``HandStarted`` to its end); ``hand`` is its number
    unless an event says it."""
    seats = [SeatFigures() for _ in range(players)]
    summary = HandSummary(hand, seats)
    for e in events:
        if isinstance(e, (ev.HandStarted, ev.HandEnded)):
            summary.hand = e.hand
        elif isinstance(e, ev.Damaged):
            seats[e.target].damage += e.amount
        elif isinstance(e, ev.Healed):
            seats[e.seat].healed += e.amount
        elif isinstance(e, ev.VPGained):
            seats[e.seat].vp += e.amount
        elif isinstance(e, ev.MagickDrawn):
            if e.deck == "light":
                seats[e.seat].light += e.count
            else:
                seats[e.seat].shadow += e.count
        elif isinstance(e, ev.BecameRaven):
            seats[e.seat].became_raven = True
            if 0 <= e.by < players and e.by != e.seat:
                seats[e.by].made.append(e.seat)
        elif isinstance(e, ev.ReturnedToHuman):
            seats[e.seat].returned = True
        elif isinstance(e, ev.Conspiracy):
            summary.conspirators.append(e.seat)
        elif isinstance(e, ev.GameOver):
            summary.winners = e.winners
    return summary


def hand_end_cut(events: Sequence[Event]) -> int | None:
    """Where a batch of events leaves a hand that ended (or ended the game) in it: the index of the next
    hand's first event, or the batch's length; None when no hand ended."""
    ends = [i for i, e in enumerate(events) if isinstance(e, (ev.HandEnded, ev.GameOver))]
    if not ends:
        return None
    return next((i for i in range(ends[0], len(events)) if isinstance(events[i], ev.HandStarted)), len(events))


def played_events(record: GameRecord) -> list[Event]:
    """Every event of a recorded game in order (a resumed hand's events, found again)."""
    state = record.new_state()
    events = list(state.opening_events)
    for text in record.actions:
        events += state.apply_legal(find_action(state, text))
    return events


def since_hand_start(events: Sequence[Event]) -> list[Event]:
    """The events from the last ``HandStarted`` on (all of them if none)."""
    starts = [i for i, e in enumerate(events) if isinstance(e, ev.HandStarted)]
    return list(events[starts[-1]:] if starts else events)


@dataclass
class HandEnd:
    """A hand's summary waiting on screen until a player dismisses it."""

    summary: HandSummary
    at: int
    """Moves recorded when the hand ended (taking one of them back closes the summary)."""
    next_hand: list[Event]
    """The next hand's events, animated once the summary is dismissed."""
    lines: tuple[str, ...]
    """Their log lines, written as they are animated."""
    table: Shown | None = None
    """The table as the hand left it, drawn under the summary (the state has dealt on)."""
    shown_for: float = 0.0


def _figure(n: int, pal: Palette, sign: str = "", ink: Colour | None = None) -> tuple[str, Colour]:
    """A number for a cell (a dim dash for none)."""
    return (f"{sign}{n}", ink or pal.text) if n else (NONE_WORD, pal.text_dim)


def _words(text: str, pal: Palette) -> tuple[str, Colour]:
    return text, pal.text if text != NONE_WORD else pal.text_dim


def draw_summary(surface: pygame.Surface, lay: Layout, pal: Palette, table: pygame.Rect, names: Sequence[str],
                 summary: HandSummary, viewer: int | None, explain: Explain) -> pygame.Rect:
    """The summary as a score table: one row per seat, the viewer's boxed; the overlay and each column
    explained."""
    columns = [Column(label, width, bold=i == 0)
               for i, (label, width) in enumerate(zip(SUMMARY_COLUMNS, COLUMN_WIDTHS))]
    lines = []
    for seat, fig in enumerate(summary.seats):
        ravens = raven_words(fig.became_raven, [names[s] for s in fig.made], fig.returned)
        lines.append(Line([names[seat], _figure(fig.damage, pal, ink=pal.danger), _figure(fig.healed, pal, "+"),
                           _figure(fig.vp, pal, "+"), _words(magick_words(fig.light, fig.shadow), pal),
                           _words(ravens, pal)], mine=seat == viewer))
    winners = [names[s] for s in summary.winners] if summary.winners is not None else None
    note = summary_note([names[s] for s in summary.conspirators], winners)
    explain(table, summary_tip(summary.hand))
    explain(overlay_rect(lay, table, columns, len(lines)), summary_tip(summary.hand))
    for column, rect in zip(columns, column_rects(lay, table, columns, len(lines))):
        explain(rect, SUMMARY_COLUMN_TIPS.get(column.label, ""))
    return draw_score_table(surface, lay, pal, table, summary_title(summary.hand, winners is not None), columns,
                            lines, note=note, footer=CONTINUE if winners is None else SUMMARY_RESULTS)
