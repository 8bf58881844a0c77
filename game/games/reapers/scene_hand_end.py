"""The end of a Reapers hand on screen: the score breakdown overlay, and the lines for the results screen.

Everything shown comes from the rules' ``HandScored``/``ExtraHand``/``GameOver`` events (revealed wagers
included) and the score piles of the table's view followed through the public ``TrickWon``/``ReaperTook``
events (``scene_step``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

import pygame

from game.games.reapers.cards import DEMON_RANK, WAGER_SIGNS, card_value
from game.games.reapers.rules import Config, HandScored, ReapersObservation, ReapersState
from game.games.reapers.scene_view import CHIP_H, CHIP_W, chip
from game.games.reapers.tips import breakdown_chip_tip, breakdown_tip, column_tip
from game.ui.layout import Layout
from game.ui.score_table import CONTINUE, Column, Line, column_rects, draw_score_table, overlay_rect
from game.ui.text import draw_text
from game.ui.theme import Palette

Explain = Callable[[pygame.Rect, str], None]
"""The scene's ``explain``: a drawn thing's rect and its tooltip."""
WAGER_WORDS = {"fewest": "< fewest", "second": "2nd most", "none": "no wager"}


@dataclass
class Row:
    """One seat's line of the breakdown."""

    seat: int
    pile: tuple[str, ...]
    cards: int
    """The non-Demon cards' values."""
    demons: int
    doubled: int
    """What the Demons added by doubling the highest cards."""
    wager: str
    won: bool
    bonus: int
    hand: int
    total: int


@dataclass
class Breakdown:
    """A scored hand, waiting on screen until the player dismisses it."""

    hand: int
    extra_hand: bool
    rows: list[Row]
    table: ReapersObservation | None = None
    """The view of the played-out hand the overlay lies over (the state has dealt on)."""
    tied: tuple[int, ...] = ()
    """Seats tied for the lead after the last regular hand (an extra hand follows)."""
    winners: tuple[int, ...] = ()
    over: bool = False
    shown_for: float = 0.0
    deal_after: bool = False
    """A new hand was dealt: animate its piles once the overlay is dismissed."""
    next_hand_lines: tuple[str, ...] = ()
    """The new hand's log lines, held until its deal is shown."""
    at: int = 0
    """How many moves the game record held when the hand ended: undo below it takes the overlay away."""


def make_breakdown(event: HandScored, piles: Sequence[Sequence[str]], demon_value: int, extra: bool) -> Breakdown:
    """The breakdown of ``event`` from the seats' score piles at the end of the hand."""
    rows = []
    for seat in range(len(event.wagers)):
        pile = tuple(piles[seat]) if seat < len(piles) else ()
        values = sorted((card_value(c, demon_value) for c in pile if not c.endswith(DEMON_RANK)), reverse=True)
        demons = sum(1 for c in pile if c.endswith(DEMON_RANK))
        doubled = sum(values[:demons])
        cards = sum(values)
        if cards + doubled != event.card_points[seat]:  # the piles were not followed (a resumed game)
            cards, doubled = event.card_points[seat], 0
        rows.append(Row(seat, pile, cards, demons, doubled, event.wagers[seat], event.wager_won[seat],
                        event.bonuses[seat], event.hand_scores[seat], event.totals[seat]))
    return Breakdown(event.hand, extra, rows)


COLUMNS = (Column("Player", 150, bold=True), Column("Score pile", 320), Column("Cards", 64), Column("Demons", 78),
           Column("Wager", 124), Column("Bonus", 62), Column("Hand", 62), Column("Total", 70, bold=True))


def draw_pile(pile: tuple[str, ...], name: str, demon_value: int, explain: Explain, lay: Layout, pal: Palette,
              surface: pygame.Surface, cell: pygame.Rect) -> None:
    """A score pile as card chips in its cell of the breakdown (overlapping when many), each explained."""
    u = lay.px
    area = pygame.Rect(cell.x, cell.y + u(9), cell.w, u(CHIP_H))
    step: float = u(CHIP_W) + u(2)
    if len(pile) > 1:
        step = min(step, (area.w - u(CHIP_W)) / (len(pile) - 1))
    for i, card in enumerate(pile):
        at = surface.blit(chip(card, (u(CHIP_W), u(CHIP_H)), pal), (round(area.x + i * step), area.y))
        explain(at, breakdown_chip_tip(card, name, demon_value))
    if not pile:
        draw_text(surface, "(empty)", lay.text_px(15), pal.text_dim, (area.x, cell.y + u(12)))


def draw_breakdown(surface: pygame.Surface, lay: Layout, pal: Palette, table: pygame.Rect, names: Sequence[str],
                   info: Breakdown, viewer: int | None, cfg: Config, explain: Explain) -> pygame.Rect:
    """The overlay: one row per seat with its cards, Demon doubles, wager and bonus, hand and game totals;
    the overlay, each column and each card of a score pile explained."""
    best = max(r.hand for r in info.rows)
    lines = []
    for row in info.rows:
        colour = pal.focus if row.hand == best else pal.text
        demons = f"x{row.demons} +{row.doubled}" if row.demons else "-"
        wager = WAGER_WORDS[row.wager] + ("" if row.wager == "none" else (" won" if row.won else " lost"))
        wager_colour = pal.good if row.won and row.wager != "none" else pal.danger if not row.won else pal.text
        pile = partial(draw_pile, row.pile, names[row.seat], cfg.demon_value, explain, lay, pal)
        lines.append(Line([(names[row.seat], colour), pile, str(row.cards), demons,
                           (wager, wager_colour), f"+{row.bonus}" if row.bonus else "0", (str(row.hand), colour),
                           str(row.total)], mine=row.seat == viewer))
    title = f"{'Extra hand' if info.extra_hand else 'Hand'} {info.hand} scored - the wagers are revealed"
    note, footer = "", CONTINUE
    if info.tied:
        note = f"{' and '.join(names[s] for s in info.tied)} are tied for the lead: an extra hand is played."
    elif info.over:
        won = " and ".join(names[s] for s in info.winners)
        note = f"Game over: {won} win{'s' if len(info.winners) == 1 else ''}."
        footer = "Click or press Enter for the results"
    explain(table, breakdown_tip(info.hand, info.extra_hand))
    explain(overlay_rect(lay, table, COLUMNS, len(lines)), breakdown_tip(info.hand, info.extra_hand))
    for column, rect in zip(COLUMNS, column_rects(lay, table, COLUMNS, len(lines))):
        explain(rect, column_tip(column.label, cfg))
    return draw_score_table(surface, lay, pal, table, title, COLUMNS, lines, note=note, footer=footer)


def result_lines(state: ReapersState, names: Sequence[str]) -> list[str]:
    """Lines for the results screen: hands played (and extra hands to break a tie), best hand, wagers paid."""
    history = state.history
    if not history:
        return []
    extra = state.extra_hands_played
    played = f"{len(history)} hand{'s' if len(history) != 1 else ''} played"
    if extra:
        played += f", including {extra} extra hand{'s' if extra > 1 else ''} because the top total was tied"
    lines = [played + "."]
    best = max(((h.hand_scores[s], h.hand, s) for h in history for s in range(len(names))))
    lines.append(f"Best hand: {names[best[2]]}, {best[0]} points in hand {best[1]}.")
    paid = []
    for seat, name in enumerate(names):
        made = sum(1 for h in history if h.wagers[seat] != "none")
        good = sum(1 for h in history if h.wagers[seat] != "none" and h.wager_won[seat])
        paid.append(f"{name} {good}/{made}")
    lines.append("Wagers (< or 2nd) that paid: " + ", ".join(paid) + ".")
    return lines


def wager_sign(wager: str | None) -> str:
    """The sign on a wager card, ``?`` while hidden."""
    return "?" if wager is None else WAGER_SIGNS[wager].replace("no wager", "-")
