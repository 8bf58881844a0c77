"""Helpers of the Reapers table scene: what the viewer may see, where things go, the card sprite and small
drawn pieces.

Nothing here decides a rule: the view is the rules' own observation (or its public part for a spectator),
and the geometry only places things inside the table area in reference units scaled by the layout.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import cast

import pygame

from game.games.reapers.cards import DEMON_RANK, REAPER, SUIT_NAMES, sort_key
from game.games.reapers.rules import ReapersObservation
from game.ui.glyphs import draw_glyph
from game.ui.layout import Layout
from game.ui.sprites import CardSprite
from game.ui.theme import Palette, blend, font

HAND_H, PILE_H, TRICK_H, SIDE_H, MINI_H = 112, 100, 96, 84, 44
"""Card heights in reference units: the viewer's hand, draft piles, the trick, trump/Graveyard, opponents."""
PANEL_H = 150
"""Height of an opponent's panel and of the viewer's strip at the bottom."""
CHIP_W, CHIP_H = 34, 22
MINI_STEP = 9
"""Reference units between an opponent's small cards lying face down."""
MINI_FACE_SHOW = 0.6
"""Share of a small card's width left showing beside the next when hands are face up."""
MINI_COUNT_ROOM = 70
"""Reference room kept right of an opponent's cards for "7 cards"."""


def asset_id(code: str) -> str:
    """The art id of a rules card code: ``D4`` -> ``daggers-4``, ``O*`` -> ``poison-demon``, ``R`` -> ``reaper``."""
    if code == REAPER:
        return "reaper"
    suit = SUIT_NAMES[code[0]]
    return f"{suit}-demon" if code[1:] == DEMON_RANK else f"{suit}-{code[1:]}"


class Card(CardSprite):
    """A Reapers card sprite that remembers its rules code (``None``: a card this screen may not see)."""

    def __init__(self, code: str | None, size: tuple[int, int], pos: tuple[float, float], *, z: int = 0,
                 face_up: bool = True) -> None:
        super().__init__("reapers", asset_id(code) if code else None, size, pos, face_up=face_up, z=z)
        self.code = code
        self.home = (float(pos[0]), float(pos[1]))


def hands_face_down(obs: ReapersObservation) -> ReapersObservation:
    """A spectator's view as the table shows it: hands face down (only their sizes, as ``None`` entries),
    as at a real table, where a hand drafted in the open is known only to those who remember it."""
    backs = tuple((None,) * len(h) for h in obs.hands)
    # The field holds card codes; this view alone stands ``None`` for each card, and only the table reads it
    # (for sizes, and for backs where ``Card`` takes ``None``).
    return replace(obs, hands=cast("tuple[tuple[str, ...], ...]", backs))


def lowest_on_top(players: int) -> bool:
    """How the rulebook splays the Graveyard: lowest on top with 3 or 4 players, highest on top with 5 (a
    Reaper still takes the lowest)."""
    return players < 5


def unplayed(obs: ReapersObservation, seat: int) -> list[str]:
    """The memory aid: what ``seat`` drafted this hand and has not played yet, worked out from the
    observation's public draft and play (sorted like a hand)."""
    left = Counter(card for _, pile in obs.drafted[seat] for card in pile)
    left.subtract(Counter(obs.played[seat]))
    return sorted(left.elements(), key=sort_key)


def fan(count: int, width: int, card_w: int, centre_x: float, gap: int) -> list[float]:
    """Centre x of ``count`` cards spread over at most ``width`` pixels (overlapping when they must)."""
    if count <= 0:
        return []
    step = card_w + gap if count == 1 else min(card_w + gap, (width - card_w) / (count - 1))
    span = card_w + step * (count - 1)
    left = centre_x - span / 2 + card_w / 2
    return [left + i * step for i in range(count)]


class Geometry:
    """Where everything sits for this window, player count and viewer (pixels)."""

    def __init__(self, lay: Layout, table: pygame.Rect, players: int, me: int, piles: int) -> None:
        u = lay.px
        self.lay = lay
        self.table = table
        self.me = me
        self.opps = [(me + i) % players for i in range(1, players)]
        pad = u(8)
        self.pad = pad
        k = len(self.opps)
        pw = min(u(360), (table.w - 2 * pad - (k - 1) * pad) // k)
        x0 = table.x + (table.w - (k * pw + (k - 1) * pad)) // 2
        self.panels = {seat: pygame.Rect(x0 + i * (pw + pad), table.y + pad, pw, u(PANEL_H))
                       for i, seat in enumerate(self.opps)}
        bottom = pygame.Rect(table.x + pad, table.bottom - u(PANEL_H), table.w - 2 * pad, u(PANEL_H) - pad)
        self.me_panel = pygame.Rect(bottom.x, bottom.y, u(240), bottom.h)
        self.hand_area = pygame.Rect(self.me_panel.right + pad, bottom.y, bottom.right - self.me_panel.right - pad,
                                     bottom.h)
        top = table.y + pad + u(PANEL_H) + pad
        self.centre = pygame.Rect(table.x + pad, top, table.w - 2 * pad, bottom.y - pad - top)
        self.side = pygame.Rect(self.centre.x, self.centre.y, u(196), self.centre.h)
        self.main = pygame.Rect(self.side.right + pad, self.centre.y, self.centre.right - self.side.right - pad,
                                self.centre.h)
        self.hand_size = lay.card_size(HAND_H)
        self.trick_size = lay.card_size(TRICK_H)
        self.side_size = lay.card_size(SIDE_H)
        self.mini_size = lay.card_size(MINI_H)
        # trump and Graveyard side by side at the top of the side column, the discard below the trump
        sw, sh = self.side_size
        self.trump_pos = (self.side.x + sw // 2 + u(4), self.side.y + u(24) + sh // 2)
        self.grave_x = self.side.x + sw + u(20)
        self.grave_pos = (self.grave_x + sw // 2, self.trump_pos[1])
        self.discard_pos = (self.trump_pos[0], self.trump_pos[1] + sh + u(34))
        self.aid_button = pygame.Rect(self.side.x, self.side.bottom - u(30), self.side.w, u(30))
        # draft piles: two rows under the prompt line
        self.piles = piles
        cols = max(1, math.ceil(piles / 2))
        col_w = self.main.w / cols
        card_h = min(u(PILE_H), int(col_w / 1.9 * 1.4))
        self.pile_size = (max(2, round(card_h / 1.4)), card_h)
        self.pile_dx = round(self.pile_size[0] * 0.34)
        rows_top = self.main.y + u(40)
        row_h = (self.main.bottom - rows_top) / 2
        self.pile_centres: list[tuple[float, float]] = []
        for slot in range(piles):
            row, col = divmod(slot, cols)
            in_row = cols if row == 0 else piles - cols
            left = self.main.centerx - in_row * col_w / 2
            self.pile_centres.append((left + (col + 0.5) * col_w, rows_top + (row + 0.5) * row_h))
        # the trick: opponents' cards in a row above the centre, the viewer's below
        cx, cy = self.main.centerx, self.main.centery + u(14)
        step = min(u(104), (self.main.w - u(20)) / max(1, k))
        self.trick_pos = {seat: (cx + (i - (k - 1) / 2) * step, cy - u(58)) for i, seat in enumerate(self.opps)}
        self.trick_pos[me] = (cx, cy + u(62))
        self.wager_buttons = [pygame.Rect(0, 0, u(230), u(120)) for _ in range(3)]
        for i, rect in enumerate(self.wager_buttons):
            rect.center = (round(cx + (i - 1) * u(250)), round(self.main.centery + u(16)))

    # --- per seat ------------------------------------------------------------------------------------
    def panel(self, seat: int) -> pygame.Rect:
        """The seat's own area: an opponent's panel at the top, the viewer's strip at the bottom left."""
        return self.panels.get(seat, self.me_panel)

    def badge_centre(self, seat: int) -> tuple[int, int]:
        p = self.panel(seat)
        return (p.x + self.lay.px(95), p.y + self.lay.px(27))

    def wager_rect(self, seat: int) -> pygame.Rect:
        p, u = self.panel(seat), self.lay.px
        return pygame.Rect(p.x + u(198), p.y + u(2), u(38), u(50))

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        """Where an opponent's hand sits (its backs start here)."""
        p, u = self.panel(seat), self.lay.px
        return (p.x + u(4) + self.mini_size[0] / 2, p.y + u(58) + self.mini_size[1] / 2)

    def hand_positions(self, count: int) -> list[tuple[float, float]]:
        """Resting centres of the viewer's cards."""
        w, h = self.hand_size
        y = self.hand_area.bottom - h / 2 - self.lay.px(2)
        xs = fan(count, self.hand_area.w, w, self.hand_area.centerx, self.lay.px(6))
        return [(x, y) for x in xs]

    def mini_positions(self, seat: int, count: int, face_up: bool = False) -> list[tuple[float, float]]:
        """Centres of an opponent's small cards: a tight fan of backs, or, face up (a replay of an ended game),
        spread as wide as the panel allows beside the card count, so each rank can be read."""
        ax, ay = self.hand_anchor(seat)
        u = self.lay.px
        step: float = u(MINI_STEP)
        if face_up and count > 1:
            room = self.panel(seat).w - u(8) - self.mini_size[0] - u(MINI_COUNT_ROOM)
            step = max(step, min(self.mini_size[0] * MINI_FACE_SHOW, room / (count - 1)))
        return [(ax + i * step, ay) for i in range(count)]

    def chip_area(self, seat: int) -> pygame.Rect:
        """Where a seat's score pile is drawn as chips (after its "Pile N" label)."""
        p, u = self.panel(seat), self.lay.px
        if seat in self.panels:
            return pygame.Rect(p.x + u(4), p.y + u(125), p.w - u(8), u(CHIP_H))
        return pygame.Rect(p.x + u(6), p.y + u(84), p.w - u(12), p.bottom - p.y - u(86))

    def chip_rects(self, area: pygame.Rect, count: int) -> list[pygame.Rect]:
        """Chips in rows inside ``area``, squeezed together on the last row when they must."""
        u = self.lay.px
        cw, ch = u(CHIP_W), u(CHIP_H)
        per_row = max(1, (area.w + u(2)) // (cw + u(2)))
        rows = max(1, (area.h + u(3)) // (ch + u(3)))
        rects = []
        for i in range(count):
            row = min(i // per_row, rows - 1)
            col_x: float
            if row < rows - 1:
                col_x = area.x + (i % per_row) * (cw + u(2))
            else:
                on_last = count - (rows - 1) * per_row
                index = i - (rows - 1) * per_row
                step = cw + u(2) if on_last <= per_row else (area.w - cw) / max(1, on_last - 1)
                col_x = area.x + index * step
            rects.append(pygame.Rect(round(col_x), area.y + row * (ch + u(3)), cw, ch))
        return rects

    def score_anchor(self, seat: int, index: int) -> tuple[float, float]:
        """Centre of the ``index``-th chip of the seat's score pile (where a taken card flies)."""
        rects = self.chip_rects(self.chip_area(seat), index + 1)
        return rects[-1].center

    def grave_positions(self, count: int) -> list[tuple[float, float]]:
        """The splayed Graveyard in the rules' order (lowest, the next taken, first); which card lies on
        top is ``lowest_on_top``."""
        step = self.lay.px(22)
        return [(self.grave_pos[0] + (count - 1 - i) * step, self.grave_pos[1]) for i in range(count)]

    def pile_positions(self, slot: int, count: int) -> list[tuple[float, float]]:
        cx, cy = self.pile_centres[slot]
        return [(cx + (i - (count - 1) / 2) * self.pile_dx, cy + (i - (count - 1) / 2) * self.lay.px(3))
                for i in range(count)]


# --- drawn pieces -----------------------------------------------------------------------------------------
_CHIPS: dict[tuple[str, tuple[int, int], str], pygame.Surface] = {}


def chip(code: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """A small readable token for a card in a score pile or the memory aid: suit glyph and rank."""
    key = (code, size, pal.name)
    image = _CHIPS.get(key)
    if image is not None:
        return image
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    if code == REAPER:
        ink, fill, glyph, rank = (226, 220, 206), (26, 22, 30), "reaper", "R"
    else:
        suit = SUIT_NAMES[code[0]]
        ink = pal.suits[suit]
        demon = code[1:] == DEMON_RANK
        fill = blend(pal.card_face, ink, 0.3) if demon else pal.card_face
        glyph, rank = ("demon" if demon else suit), ("11" if demon else code[1:])
    pygame.draw.rect(image, fill, rect, border_radius=max(2, h // 5))
    pygame.draw.rect(image, blend(ink, (0, 0, 0), 0.2), rect, max(1, h // 11), border_radius=max(2, h // 5))
    side = h - 2 * max(2, h // 7)
    draw_glyph(image, glyph, pygame.Rect(w - side - max(2, h // 7), (h - side) // 2, side, side), ink, fill)
    if code != REAPER and code[1:] == DEMON_RANK:
        ink = pal.card_ink
    text = font(max(8, round(h * 0.7)), bold=True).render(rank, True, ink)
    image.blit(text, text.get_rect(midleft=(max(2, h // 6), h // 2)))  # the rank on the left stays visible when
    # chips are squeezed together
    _CHIPS[key] = image
    if len(_CHIPS) > 600:
        _CHIPS.clear()
    return image

