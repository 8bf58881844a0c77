"""The end of a Reapers hand on screen: the score breakdown overlay, and the lines for the results screen.

Everything shown comes from the rules' ``HandScored``/``ExtraHand``/``GameOver`` events (revealed wagers
included) and the score piles the scene followed through the public ``TrickWon``/``ReaperTook`` events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.games.reapers.cards import DEMON_RANK, WAGER_SIGNS, card_value
from game.games.reapers.rules import HandScored, ReapersState
from game.games.reapers.scene_view import CHIP_H, CHIP_W, chip, fit_label
from game.ui.layout import Layout
from game.ui.text import draw_text, fit_size, panel
from game.ui.theme import Palette

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
    tied: tuple[int, ...] = ()
    """Seats tied for the lead after the last regular hand (an extra hand follows)."""
    winners: tuple[int, ...] = ()
    over: bool = False
    shown_for: float = 0.0
    deal_after: bool = False
    """A new hand was dealt: animate its piles once the overlay is dismissed."""


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


COLUMNS = (("Player", 150), ("Score pile", 320), ("Cards", 64), ("Demons", 78), ("Wager", 124), ("Bonus", 62),
           ("Hand", 62), ("Total", 70))


def overlay_rect(lay: Layout, table: pygame.Rect, players: int) -> pygame.Rect:
    width = min(table.w - lay.px(24), lay.px(sum(w for _, w in COLUMNS) + 40))
    height = lay.px(172 + 44 * players)
    rect = pygame.Rect(0, 0, width, height)
    rect.center = table.center
    return rect


def draw_breakdown(surface: pygame.Surface, lay: Layout, pal: Palette, table: pygame.Rect, names: Sequence[str],
                   info: Breakdown, viewer: int | None) -> pygame.Rect:
    """The overlay: one row per seat with its cards, Demon doubles, wager and bonus, hand and game totals."""
    u = lay.px
    shade = pygame.Surface(table.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, table.topleft)
    box = overlay_rect(lay, table, len(info.rows))
    panel(surface, box, pal.panel, pal.accent, radius=u(12), alpha=248, width=max(2, u(2)))
    title = f"{'Extra hand' if info.extra_hand else 'Hand'} {info.hand} scored - the wagers are revealed"
    size = fit_size(title, lay.text_px(26), box.w - u(40), serif=True, bold=True)
    draw_text(surface, title, size, pal.accent, (box.centerx, box.y + u(28)), anchor="center", serif=True, bold=True)
    scale = (box.w - u(40)) / max(1, u(sum(w for _, w in COLUMNS)))
    xs: list[float] = []
    x: float = box.x + u(20)
    for _, width in COLUMNS:
        xs.append(x)
        x += u(width) * scale
    y = box.y + u(62)
    small = lay.text_px(15)
    for (label, _), cx in zip(COLUMNS, xs):
        draw_text(surface, label, small, pal.text_dim, (round(cx), y), bold=True)
    y += u(28)
    body = lay.text_px(17)
    best = max(r.hand for r in info.rows)
    for row in info.rows:
        line = pygame.Rect(box.x + u(10), y - u(4), box.w - u(20), u(40))
        if row.seat == viewer:
            panel(surface, line, pal.table, pal.panel_edge, radius=u(6), width=1)
        colour = pal.focus if row.hand == best else pal.text
        name_w = round(u(COLUMNS[0][1]) * scale) - u(6)
        name, name_size = fit_label(names[row.seat], body, name_w, bold=True)
        draw_text(surface, name, name_size, colour, (round(xs[0]), y + u(8)), bold=True)
        area = pygame.Rect(round(xs[1]), y + u(5), round(u(COLUMNS[1][1]) * scale) - u(8), u(CHIP_H))
        step: float = u(CHIP_W) + u(2)
        if len(row.pile) > 1:
            step = min(step, (area.w - u(CHIP_W)) / (len(row.pile) - 1))
        for i, card in enumerate(row.pile):
            surface.blit(chip(card, (u(CHIP_W), u(CHIP_H)), pal), (round(area.x + i * step), area.y))
        if not row.pile:
            draw_text(surface, "(empty)", small, pal.text_dim, (area.x, y + u(8)))
        demons = f"x{row.demons} +{row.doubled}" if row.demons else "-"
        wager = WAGER_WORDS[row.wager] + ("" if row.wager == "none" else (" won" if row.won else " lost"))
        wager_colour = pal.good if row.won and row.wager != "none" else pal.danger if not row.won else pal.text
        cells = [(str(row.cards), pal.text), (demons, pal.text), (wager, wager_colour),
                 (f"+{row.bonus}" if row.bonus else "0", pal.text), (str(row.hand), colour),
                 (str(row.total), pal.text)]
        for index, ((text, ink), cx, (_, width)) in enumerate(zip(cells, xs[2:], COLUMNS[2:])):
            last = index == len(cells) - 1
            fitted = fit_size(text, body, round(u(width) * scale) - u(4), bold=last)
            draw_text(surface, text, fitted, ink, (round(cx), y + u(8)), bold=last)
        y += u(44)
    footer = "Click or press Enter to continue"
    if info.tied:
        tied = " and ".join(names[s] for s in info.tied)
        note = f"{tied} are tied for the lead: an extra hand is played."
        draw_text(surface, note, fit_size(note, body, box.w - u(40), bold=True), pal.focus,
                  (box.centerx, box.bottom - u(58)), anchor="center", bold=True)
    elif info.over:
        won = " and ".join(names[s] for s in info.winners)
        note = f"Game over: {won} win{'s' if len(info.winners) == 1 else ''}."
        draw_text(surface, note, fit_size(note, body, box.w - u(40), bold=True), pal.focus,
                  (box.centerx, box.bottom - u(58)), anchor="center", bold=True)
        footer = "Click or press Enter for the results"
    draw_text(surface, footer, small, pal.text_dim, (box.centerx, box.bottom - u(24)), anchor="center")
    return box


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
