"""The Reapers table's geometry and drawing: where everything sits, the card sprite, small drawn pieces, the
table drawn from a view (``ReapersView``) and the hand-end overlay (``Breakdown``).

Nothing here decides a rule: the view is the rules' own observation (or its public part for a spectator), and
the geometry only places things inside the table area in reference units scaled by the layout. Everything drawn
is explained as it is drawn (``explain`` with a text from ``words``).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import Callable, Sequence, cast

import pygame

from game.core.contracts import Action
from game.games.reapers import rules as r
from game.games.reapers import words
from game.games.reapers.rules.cards import (
    DEMON_RANK, REAPER, SUIT_NAMES, WAGER_SIGNS, WAGERS, hand_points, pile_points, sort_key,
)
from game.ui import assets
from game.ui.glyphs import draw_glyph
from game.ui.layout import CARD_RATIO, Layout
from game.ui.plates import medallion
from game.ui.score_table import CONTINUE, Column, Line, column_rects, draw_score_table, fit_label, overlay_rect
from game.ui.sprites import CardSprite
from game.ui.text import draw_text, fit_lines, fit_size, panel
from game.ui.theme import Colour, Palette, blend, font

Explain = Callable[[pygame.Rect, str], None]
"""The table's ``explain``: a drawn thing's rect and its tooltip."""
DrawBadge = Callable[[pygame.Surface, int, tuple[int, int]], pygame.Rect]
"""The table's ``draw_badge``: a seat's name plate at a centre."""

HAND_H, PILE_H, TRICK_H, SIDE_H, MINI_H = 112, 112, 112, 88, 44
"""Card heights in reference units: the viewer's hand, draft piles (at most), the trick, trump/Graveyard,
opponents."""
PILE_FAN_X, PILE_FAN_Y = 0.3, 0.17
"""Shares of a draft card's width and height by which each card of a pile lies right of and below the one
before: enough for every card's corner (rank and suit) to show, as the rulebook's fanned piles."""
PROMPT_HEIGHT = 46
"""Reference height of the prompt and its detail line at the top of the centre."""
PILE_ROWS = (2, 3, 4)
"""Rows the draft piles may be laid out in (whichever lets the cards be largest)."""
PILE_LABEL = 18
"""Reference room under a pile for its number."""
TRICK_LEAN = 0.6
"""How far towards its opponent's panel (a share of the way) each trick card lies, so a card lies in front of
the seat that played it."""
FRAME_LABEL, FRAME_PAD = 20, 6
"""Reference room for a felt frame's title (trump, Graveyard) and its inner margin."""
FRAME_EDGE = 0.6
"""How much of the accent colour a felt frame's edge takes (the rest is the felt's)."""
SUNKEN_ALPHA = 90
"""How dark the top of a frame on the felt is (0-255)."""
GRAVE_MOST = 3
"""The most cards the Graveyard holds (one pile)."""
PANEL_H = 150
"""Height of an opponent's panel and of the viewer's strip at the bottom."""
CHIP_W, CHIP_H = 34, 22
MINI_STEP = 9
"""Reference units between an opponent's small cards lying face down."""
MINI_FACE_SHOW = 0.6
"""Share of a small card's width left showing beside the next when hands are face up."""
MINI_COUNT_ROOM = 70
"""Reference room kept right of an opponent's cards for "7 cards"."""
INFO_TOP = 58
"""Reference height in the viewer's strip where the line (or two) of hand size and score pile starts."""
TALLEST = "Tgjpqy()"
"""Glyphs reaching highest and lowest: a line of text is as tall as these (some fall below the font's descent)."""
SMALL, DETAIL, BODY, TITLE, SIGN = 14, 15, 18, 17, 34
"""Font sizes in reference units: labels, the prompt's detail line and wager payoffs, the prompt, a wager
choice's title and its sign."""
WAGER_W, WAGER_H, WAGER_GAP = 230, 120, 20
"""The smallest wager choice and the room between two (reference units); they grow with their text."""


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


def hands_face_down(obs: r.ReapersObservation) -> r.ReapersObservation:
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


def unplayed(obs: r.ReapersObservation, seat: int) -> list[str]:
    """The memory aid: what ``seat`` drafted this hand and has not played yet, worked out from the
    observation's public draft and play (sorted like a hand)."""
    left = Counter(card for _, pile in obs.drafted[seat] for card in pile)
    left.subtract(Counter(obs.played[seat]))
    return sorted(left.elements(), key=sort_key)


def line_height(size: int, *, bold: bool = False, serif: bool = False) -> int:
    """How tall a line of text at ``size`` is drawn, its lowest and highest glyphs included."""
    return font(size, bold=bold, serif=serif).size(TALLEST)[1]


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

    def __init__(self, lay: Layout, table: pygame.Rect, players: int, me: int, piles: int,
                 rules: r.Rules) -> None:
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
        self.hand_size = lay.card_size(HAND_H)
        self.trick_size = lay.card_size(TRICK_H)
        self.side_size = lay.card_size(SIDE_H)
        self.mini_size = lay.card_size(MINI_H)
        # trump and Graveyard side by side in frames at the top of the side column, the discard below the trump;
        # the frames' titles and the lines under the cards take the room their text needs at this text size
        small, title = font(lay.text_px(SMALL)), font(lay.text_px(SMALL), bold=True)
        self.line_h = small.size(TALLEST)[1]
        sw, sh = self.side_size
        self.frame_label = max(u(FRAME_LABEL), u(4) + title.size(TALLEST)[1])
        frame_h = self.frame_label + sh + max(u(FRAME_LABEL + 4), u(5) + self.line_h)
        trump_w = max(sw, title.size(words.TRUMP_TITLE)[0], *(small.size(n)[0] for n in SUIT_NAMES.values()))
        grave_texts = (words.GRAVEYARD_WHILE_DRAFTING, words.graveyard_order(True), words.graveyard_order(False))
        grave_w = max(sw + u(40), title.size(words.GRAVEYARD_TITLE)[0] + u(4),
                      *(small.size(text)[0] + u(8) for text in grave_texts))
        side_w = min(max(u(196), trump_w + grave_w + 5 * u(FRAME_PAD)), self.centre.w // 3)
        self.side = pygame.Rect(self.centre.x, self.centre.y, side_w, self.centre.h)
        self.main = pygame.Rect(self.side.right + pad, self.centre.y, self.centre.right - self.side.right - pad,
                                self.centre.h)
        self.trump_frame = pygame.Rect(self.side.x, self.side.y, trump_w + 2 * u(FRAME_PAD), frame_h)
        grave_x = self.trump_frame.right + u(FRAME_PAD)
        self.grave_frame = pygame.Rect(grave_x, self.side.y, self.side.right - grave_x, frame_h)
        card_y = self.side.y + self.frame_label + sh // 2
        self.trump_pos = (self.trump_frame.centerx, card_y)
        self.grave_pos = (self.grave_frame.x + u(FRAME_PAD) + sw // 2, card_y)
        self.grave_step = min(u(22), (self.grave_frame.w - 2 * u(FRAME_PAD) - sw) / (GRAVE_MOST - 1))
        self.discard_pos = (self.trump_pos[0], self.trump_frame.bottom + u(12) + self.mini_size[1] // 2)
        aid_h = max(u(30), line_height(lay.text_px(DETAIL)) + u(6))
        self.aid_button = pygame.Rect(self.side.x, self.side.bottom - aid_h, self.side.w, aid_h)
        # the prompt and its detail line, each as tall as its font
        self.detail_y = max(u(26), u(4) + line_height(lay.text_px(BODY), bold=True))
        self.prompt_h = max(u(PROMPT_HEIGHT), self.detail_y + line_height(lay.text_px(DETAIL)) + u(2))
        # draft piles: each cascaded down and right so every card's corner reads, in the rows that let them
        # be largest under the prompt line
        self.piles = piles
        rows_top = self.main.y + self.prompt_h - u(6)
        room_h = self.main.bottom - rows_top

        def card_h(rows: int) -> int:
            cols = math.ceil(piles / rows)
            by_w = (self.main.w / cols - u(10)) / (1 + 2 * PILE_FAN_X) * CARD_RATIO
            by_h = (room_h / rows - u(PILE_LABEL)) / (1 + 2 * PILE_FAN_Y)
            return int(min(u(PILE_H), by_w, by_h))

        rows = max(PILE_ROWS, key=card_h)
        cols = max(1, math.ceil(piles / rows))
        height = card_h(rows)
        self.pile_size = (max(2, round(height / CARD_RATIO)), max(2, height))
        self.pile_step = (self.pile_size[0] * PILE_FAN_X, height * PILE_FAN_Y)
        col_w, row_h = self.main.w / cols, room_h / rows
        self.pile_centres: list[tuple[float, float]] = []
        for slot in range(piles):
            row, col = divmod(slot, cols)
            in_row = min(cols, piles - row * cols)
            left = self.main.centerx - in_row * col_w / 2
            self.pile_centres.append((left + (col + 0.5) * col_w, rows_top + row * row_h + (row_h - u(PILE_LABEL)) / 2))
        # the trick: each opponent's card in front of their panel on an arc over the centre, the viewer's below,
        # lowered when the prompt and the names over the cards need more room
        self.trick_label_h = max(u(20), self.line_h)
        above = self.main.y + self.prompt_h + u(5) + self.trick_label_h
        th = min(self.trick_size[1], max(self.side_size[1], self.main.bottom - u(128) - above))
        self.trick_size = (max(2, round(th / CARD_RATIO)), th)  # smaller only where a large text leaves no room
        clear = above + th / 2 + u(64)
        cx = self.main.centerx
        cy = min(max(self.main.centery + u(18), clear), self.main.bottom - u(64) - th / 2)
        self.trick_pos = {}
        for seat in self.opps:
            toward = self.panels[seat].centerx - cx
            lean = toward / max(1, table.w / 2)
            self.trick_pos[seat] = (cx + toward * TRICK_LEAN, cy - u(64) + u(16) * lean * lean)
        self.trick_pos[me] = (cx, cy + u(64))
        self.lay_wagers(rules)

    def lay_wagers(self, rules: r.Rules) -> None:
        """The three wager choices side by side under the prompt, each as wide and tall as its lines need: the
        sign, the title and what it pays, a title or payoff too long for one line on two."""
        lay, u = self.lay, self.lay.px
        most_w = (self.main.w - 2 * u(WAGER_GAP)) // 3
        title_face, pays_face = font(lay.text_px(TITLE), bold=True), font(lay.text_px(DETAIL))
        texts = wager_texts(rules)
        title_h, pays_h = line_height(lay.text_px(TITLE), bold=True), line_height(lay.text_px(DETAIL))
        widest = max(max(title_face.size(t)[0], pays_face.size(p)[0]) for t, p in texts.values()) + u(12)
        w = min(most_w, max(u(WAGER_W), widest))
        inner = w - u(12)
        self.wager_lines = {wager: (fit_lines(t, lay.text_px(TITLE), (inner, 3 * title_h),
                                              bold=True),
                                    fit_lines(p, lay.text_px(DETAIL), (inner, 3 * pays_h)))
                            for wager, (t, p) in texts.items()}
        self.sign_h = line_height(lay.text_px(SIGN), bold=True, serif=True)
        self.title_rows = max(len(title[0]) for title, _ in self.wager_lines.values())
        pays_rows = max(len(pays[0]) for _, pays in self.wager_lines.values())
        content = self.sign_h + self.title_rows * title_h + pays_rows * pays_h
        h = max(u(WAGER_H), content + u(16))
        self.wager_gap = (h - content) / 4
        """The room above, between and below the sign, the title and the payoff."""
        top = self.main.y + self.prompt_h + u(4)
        cy = min(max(self.main.centery + u(16), top + h / 2), self.main.bottom - u(4) - h / 2)
        self.wager_buttons = [pygame.Rect(0, 0, w, h) for _ in range(3)]
        for i, rect in enumerate(self.wager_buttons):
            rect.center = (round(self.main.centerx + (i - 1) * (w + u(WAGER_GAP))), round(cy))

    # --- per seat ------------------------------------------------------------------------------------
    def panel(self, seat: int) -> pygame.Rect:
        """The seat's own area: an opponent's panel at the top, the viewer's strip at the bottom left."""
        return self.panels.get(seat, self.me_panel)

    def badge_centre(self, seat: int) -> tuple[int, int]:
        p = self.panel(seat)
        return (p.x + self.lay.px(99), p.y + self.lay.px(30))

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
        top = max(u(84), u(INFO_TOP) + 2 * self.line_h + u(2))  # under the two lines the viewer's info may take
        return pygame.Rect(p.x + u(6), p.y + top, p.w - u(12), p.bottom - p.y - top - u(2))

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
        return [(self.grave_pos[0] + (count - 1 - i) * self.grave_step, self.grave_pos[1]) for i in range(count)]

    def pile_positions(self, slot: int, count: int) -> list[tuple[float, float]]:
        """Centres of a draft pile's cards, cascaded down and right from the first (each card's corner shows)."""
        cx, cy = self.pile_centres[slot]
        dx, dy = self.pile_step
        return [(cx + (i - (count - 1) / 2) * dx, cy + (i - (count - 1) / 2) * dy) for i in range(count)]


# --- drawn pieces -----------------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def sunken(size: tuple[int, int], radius: int, pal: Palette) -> pygame.Surface:
    """The inside of a frame on the felt: darker at the top, as if pressed into the cloth."""
    width, height = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(height):
        shade = round(SUNKEN_ALPHA * (1 - 0.5 * y / max(1, height - 1)))
        pygame.draw.line(image, (0, 0, 0, shade), (0, y), (width, y))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return image


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


# --- the table drawn from a view ----------------------------------------------------------------------------


class ReapersView:
    """Draws the table's seat panels, wagers, side column (trump, Graveyard, discard), prompt, pile numbers,
    wager choices and banner from a view: the viewer's observation (or the public view for a spectator) as the
    animations have shown it so far, never the state the rules have already moved on to. The table has one and
    ``frame``s it before each drawing (the layout, palette and geometry of the moment, and whose eyes)."""

    def __init__(self, names: Sequence[str], explain: Explain, draw_badge: DrawBadge) -> None:
        self.names = names
        self.explain = explain
        self.draw_badge = draw_badge
        self.lay: Layout
        self.pal: Palette
        self.geo: Geometry
        self.viewer: int | None = None
        self.all_shown = False
        """A finished game's replay: every hand and wager face up."""
        self.aid_shown = False
        """The memory aid drawn over opponents' panels."""
        self.aid_on = False
        """The memory aid's setting (its button)."""

    def frame(self, lay: Layout, pal: Palette, geo: Geometry, viewer: int | None, all_shown: bool,
              aid_shown: bool, aid_on: bool) -> None:
        """What the next drawing is for."""
        self.lay, self.pal, self.geo = lay, pal, geo
        self.viewer, self.all_shown, self.aid_shown, self.aid_on = viewer, all_shown, aid_shown, aid_on

    def label(self, surface: pygame.Surface, tip: str, text: str, size: int, colour: Colour, at: tuple[int, int],
              anchor: str = "topleft", bold: bool = False) -> None:
        """A line of text, explained: every word on the table has its tooltip."""
        self.explain(draw_text(surface, text, size, colour, at, anchor=anchor, bold=bold), tip)

    def draw_seat(self, surface: pygame.Surface, seat: int, obs: r.ReapersObservation) -> None:
        lay, pal, geo = self.lay, self.pal, self.geo
        u = lay.px
        area = geo.panel(seat)
        name = self.names[seat]
        surface.blit(sunken(area.size, u(10), pal), area)
        pygame.draw.rect(surface, blend(pal.panel_edge, pal.table, 0.4), area, 1, border_radius=u(10))
        self.explain(area, words.SEAT_PANEL_TIP.format(name=name))
        plate = self.draw_badge(surface, seat, geo.badge_centre(seat))
        placed = obs.wagered[seat]
        if placed or obs.phase == r.WAGER:
            shown = obs.wagers[seat] if placed else None
            self.draw_wager(surface, seat, geo.wager_rect(seat), placed, shown)
            self.explain(geo.wager_rect(seat), words.wager_slot_tip(name, placed, shown, obs.rules,
                                                                   seat == self.viewer, self.all_shown))
        small = lay.text_px(SMALL)
        count = len(obs.hands[seat])
        pile = obs.score_piles[seat]
        pair_note = "" if not obs.rules.pairs_per_player else \
            "pair taken" if obs.pairs_taken[seat] >= obs.rules.pairs_per_player else "no pair yet"
        parts = [pair_note] if pair_note else []
        if seat != geo.me:
            if self.aid_shown:
                cards = unplayed(obs, seat)
                head = words.aid_heading(len(cards), obs.phase == r.DRAFT) + (f"  ({pair_note})" if pair_note else "")
                head, size = fit_label(head, small, area.w - u(8))
                self.label(surface, words.aid_list_tip(name, len(cards)), head, size, pal.text_dim,
                           (area.x + u(4), area.y + u(55)))
                top = area.y + max(u(74), u(57) + geo.line_h)
                rows = pygame.Rect(area.x + u(4), top, area.w - u(8),
                                   min(u(CHIP_H) * 2 + u(3), geo.chip_area(seat).y - u(2) - top))
                chips = geo.chip_rects(rows, len(cards))
                for code, rect in zip(cards, chips):
                    surface.blit(chip(code, rect.size, pal), rect)
                    self.explain(rect, words.aid_chip_tip(code, name, obs))
            else:
                right = geo.mini_positions(seat, max(count, 1), face_up=self.all_shown)[-1][0] + \
                    geo.mini_size[0] / 2 + u(8)
                lines = self.wrapped([words.counted(count, "card"), *parts], small, area.right - u(4) - round(right))
                tip = words.hand_count_tip(name, count, pair_note)
                first = max(area.y + u(80) - len(lines) * geo.line_h / 2, plate.bottom + u(2))  # clear of the plate
                for number, line in enumerate(lines):
                    self.label(surface, tip, line, small, pal.text, (round(right), round(first + number * geo.line_h)))
        else:
            score = f"score pile {hand_points(pile, obs.rules.demon_value)}" if pile else "score pile empty"
            lines = self.wrapped([f"{count} in hand", *parts, score], small, area.w - u(12))
            tip = words.own_line_tip(count, pile, pair_note, obs)
            for number, line in enumerate(lines[:2]):
                self.label(surface, tip, line, small, pal.text, (area.x + u(6), area.y + u(INFO_TOP) + number *
                                                                 geo.line_h))
        chip_area = geo.chip_area(seat)
        pile_tip = words.score_pile_tip(name, pile, obs.rules.demon_value)
        if seat != geo.me and not pile:
            self.label(surface, pile_tip, "Score pile: empty", small, pal.text_dim,
                       (chip_area.x, min(chip_area.y + u(2), area.bottom - u(1) - geo.line_h)))
        rects = geo.chip_rects(chip_area, len(pile))
        if rects:
            self.explain(rects[0].unionall(rects), pile_tip)
        for code, rect in zip(pile, rects):
            surface.blit(chip(code, rect.size, pal), rect)
            self.explain(rect, words.score_chip_tip(code, name, obs))

    @staticmethod
    def wrapped(parts: Sequence[str], size: int, width: int) -> list[str]:
        """``parts`` joined by `` · `` into as few lines as fit ``width`` at ``size`` (a part too long for a line
        alone cut with an ellipsis), so a line wraps rather than shrinks."""
        face = font(size)
        lines: list[str] = []
        for part in parts:
            joined = f"{lines[-1]} · {part}" if lines else part
            if lines and face.size(joined)[0] <= width:
                lines[-1] = joined
            else:
                lines.append(fit_label(part, size, width)[0])
        return lines

    def draw_wager(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, placed: bool,
                    shown: str | None) -> None:
        """A seat's wager card: an empty place, face down (``?``) or, when this screen may know it, its sign."""
        lay, pal = self.lay, self.pal
        radius = lay.px(6)
        if not placed:
            pygame.draw.rect(surface, pal.panel_edge, rect, max(1, lay.px(2)), border_radius=radius)
            draw_text(surface, "...", lay.text_px(14), pal.text_dim, rect.center, anchor="center")
            return
        if shown is None:
            pygame.draw.rect(surface, (40, 24, 48), rect, border_radius=radius)
            pygame.draw.rect(surface, (150, 110, 170), rect, max(1, lay.px(2)), border_radius=radius)
            draw_text(surface, "?", lay.text_px(24), (210, 190, 220), rect.center, anchor="center", bold=True)
            return
        pygame.draw.rect(surface, pal.card_face, rect, border_radius=radius)
        pygame.draw.rect(surface, pal.focus, rect, max(1, lay.px(2)), border_radius=radius)
        sign = wager_sign(shown)
        size = fit_size(sign, lay.text_px(22), rect.w - lay.px(4), bold=True, minimum=14)
        draw_text(surface, sign, size, pal.card_ink, rect.center, anchor="center", bold=True)

    def felt_frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str, tip: str) -> None:
        """A place on the felt for the trump or the Graveyard: a sunken frame with its name along the top."""
        lay, pal = self.lay, self.pal
        radius = lay.px(8)
        surface.blit(sunken(rect.size, radius, pal), rect)
        pygame.draw.rect(surface, blend(pal.table, pal.accent, FRAME_EDGE), rect, max(1, lay.px(1.5)),
                         border_radius=radius)
        self.explain(rect, tip)
        self.label(surface, tip, title, lay.text_px(SMALL), pal.accent, (rect.centerx, rect.y + lay.px(3)), "midtop",
                   bold=True)

    def draw_side(self, surface: pygame.Surface, obs: r.ReapersObservation) -> None:
        lay, pal, geo = self.lay, self.pal, self.geo
        u = lay.px
        small = lay.text_px(14)
        sh = geo.side_size[1]
        below = geo.trump_pos[1] + sh // 2 + u(3)
        trump_tip = words.trump_tip(obs)
        self.felt_frame(surface, geo.trump_frame, words.TRUMP_TITLE, trump_tip)
        if obs.trump:
            self.label(surface, trump_tip, SUIT_NAMES.get(obs.trump_suit, ""), small, pal.text,
                       (geo.trump_frame.centerx, below), "midtop")
        grave = obs.graveyard
        grave_tip = words.graveyard_tip(obs)
        self.felt_frame(surface, geo.grave_frame, words.GRAVEYARD_TITLE, grave_tip)
        if obs.phase == r.DRAFT:
            status, colour = words.GRAVEYARD_WHILE_DRAFTING, pal.text_dim
        elif grave:
            status, colour = words.graveyard_order(lowest_on_top(len(obs.hands))), pal.text
        else:
            status, colour = words.GRAVEYARD_EMPTY, pal.text_dim
        status, size = fit_label(status, small, geo.grave_frame.w - u(8))
        self.label(surface, grave_tip, status, size, colour, (geo.grave_frame.centerx, below), "midtop")
        discards = len(obs.discards)
        discard_tip = words.discard_tip(discards)
        slot = pygame.Rect(0, 0, *geo.mini_size)
        slot.center = geo.discard_pos
        if discards:
            back = assets.card_back("reapers", geo.mini_size)
            for i in range(min(4, (discards + 3) // 4)):
                at = surface.blit(back, back.get_rect(center=(geo.discard_pos[0] + i * u(2),
                                                              geo.discard_pos[1] - i * u(2))))
                slot.union_ip(at)
        else:
            pygame.draw.rect(surface, pal.panel_edge, slot, 1, border_radius=u(4))
        self.explain(slot, discard_tip)
        self.label(surface, discard_tip, f"Discard: {discards}", small, pal.text_dim,
                   (geo.discard_pos[0] + geo.mini_size[0] // 2 + u(10), geo.discard_pos[1]), "midleft")
        hand = f"{'Extra hand' if obs.hand > obs.rules.hands else 'Hand'} {max(obs.hand, 1)} of {obs.rules.hands}"
        self.label(surface, words.hand_number_tip(obs), hand, small, pal.text,
                   (geo.side.x + u(4), geo.aid_button.y - u(4)), "bottomleft")
        self.draw_aid_button(surface)

    def draw_aid_button(self, surface: pygame.Surface) -> None:
        lay, pal, geo = self.lay, self.pal, self.geo
        rect = geo.aid_button
        on = self.aid_on
        panel(surface, rect, pal.panel, pal.focus if on else pal.panel_edge, radius=lay.px(6), alpha=220)
        label = f"Memory aid: {'on' if on else 'off'} (M)"
        draw_text(surface, label, fit_size(label, lay.text_px(15), rect.w - lay.px(10)), pal.text, rect.center,
                  anchor="center")
        self.explain(rect, words.aid_button_tip(on, self.all_shown))

    def prompt_rect(self) -> pygame.Rect:
        """Where the prompt and its detail line are drawn (kept clear of tooltips)."""
        geo = self.geo
        return pygame.Rect(geo.main.x, geo.main.y, geo.main.w, geo.prompt_h)

    def draw_prompt(self, surface: pygame.Surface, obs: r.ReapersObservation, deciding: bool) -> None:
        """The prompt over the centre and the names at the trick places (drawn into the cached layer)."""
        lay, pal, geo = self.lay, self.pal, self.geo
        u = lay.px
        prompt, detail = words.prompt_lines(obs, self.names, deciding)
        prompt_tip = words.prompt_tip(obs)
        body = lay.text_px(BODY)
        main = geo.main
        self.label(surface, prompt_tip, prompt, fit_size(prompt, body, main.w - u(10), bold=True),
                   pal.focus if deciding else pal.text, (main.centerx, main.y + u(4)), "midtop", bold=True)
        if detail:
            self.label(surface, prompt_tip, detail, fit_size(detail, lay.text_px(DETAIL), main.w - u(10)),
                       pal.text_dim, (main.centerx, main.y + geo.detail_y), "midtop")
        if obs.phase not in (r.PLAY, r.SCORED):  # a scored hand's table still shows its trick places
            return
        small = lay.text_px(14)
        w, h = geo.trick_size
        for seat, (x, y) in geo.trick_pos.items():
            colour = pal.focus if seat == obs.to_move else pal.text_dim
            token = medallion(seat, u(20), turn=seat == obs.to_move)
            name, size = fit_label(self.names[seat], small, u(100 if seat != geo.me else 140))
            text = font(size).render(name, True, colour)
            gap = u(4)
            label = pygame.Rect(0, 0, token.get_width() + gap + text.get_width(), max(token.get_height(),
                                                                                      text.get_height()))
            if seat != geo.me:
                label.midbottom = (round(x), round(y - h / 2 - u(3)))
            else:
                label.midright = (round(x - w / 2 - u(10)), round(y))
            surface.blit(token, token.get_rect(midleft=label.midleft))
            surface.blit(text, text.get_rect(midright=label.midright))
            slot = pygame.Rect(0, 0, w, h)
            slot.center = (round(x), round(y))
            surface.blit(sunken(slot.size, u(6), pal), slot)
            pygame.draw.rect(surface, blend(pal.table, pal.text, 0.3 if seat == obs.to_move else 0.15), slot,
                             max(1, u(1.5)), border_radius=u(6))
            place_tip = words.trick_place_tip(self.names[seat], seat == obs.to_move)
            self.explain(label, place_tip)
            self.explain(slot, place_tip)

    def draw_pile_numbers(self, surface: pygame.Surface, obs: r.ReapersObservation) -> None:
        """Each draft pile's number under it (from 1): the hint and the choices name piles by it."""
        lay, pal, geo = self.lay, self.pal, self.geo
        if obs.phase != r.DRAFT:
            return
        h = geo.pile_size[1]
        for slot, pile in enumerate(obs.piles):
            if pile is None or slot >= len(geo.pile_centres):
                continue
            y = geo.pile_positions(slot, len(pile))[-1][1]
            self.label(surface, words.pile_tip(slot, pile), f"Pile {slot + 1}", lay.text_px(14), pal.text_dim,
                       (round(geo.pile_centres[slot][0]), round(y + h / 2 + lay.px(5))), "midtop")

    def draw_choices(self, surface: pygame.Surface, obs: r.ReapersObservation,
                     choices: list[tuple[Action, pygame.Rect]], focus: Action | None) -> None:
        """What changes with the mouse and keys: rings round the legal piles, the wager choices."""
        lay, pal = self.lay, self.pal
        u = lay.px
        if obs.phase == r.DRAFT and choices:
            for action, rect in choices:
                ring = rect.inflate(u(6), u(6))
                colour = pal.focus if action == focus else blend(pal.focus, pal.table, 0.45)
                pygame.draw.rect(surface, colour, ring, max(2, u(3) if action == focus else u(2)),
                                 border_radius=u(8))
                if isinstance(action, r.TakePile) and obs.piles[action.pile]:
                    self.explain(ring, words.pile_tip(action.pile, obs.piles[action.pile] or ()))
        if obs.phase == r.WAGER:
            self.draw_wager_choices(surface, obs, focus)

    def draw_wager_choices(self, surface: pygame.Surface, obs: r.ReapersObservation, focus: Action | None) -> None:
        lay, pal, geo = self.lay, self.pal, self.geo
        u = lay.px
        title_h = line_height(lay.text_px(TITLE), bold=True)
        for index, (wager, rect) in enumerate(zip(WAGERS, geo.wager_buttons)):
            chosen = isinstance(focus, r.PlaceWager) and focus.wager == wager
            panel(surface, rect, pal.panel, pal.focus if chosen else pal.panel_edge, radius=u(10), alpha=240,
                  width=max(2, u(3)) if chosen else max(1, u(2)))
            y = rect.y + geo.wager_gap
            draw_text(surface, wager_sign(wager), lay.text_px(SIGN), pal.accent, (rect.centerx, round(y)),
                      anchor="midtop", bold=True, serif=True)
            y += geo.sign_h + geo.wager_gap
            (title, title_size), (pays, pays_size) = geo.wager_lines[wager]
            self.lines(surface, title, title_size, pal.text, rect.centerx, y + (geo.title_rows - len(title)) *
                       title_h / 2, bold=True)
            y += geo.title_rows * title_h + geo.wager_gap
            self.lines(surface, pays, pays_size, pal.text_dim, rect.centerx, y)
            self.explain(rect, words.wager_button_tip(wager, index, obs.rules))

    @staticmethod
    def lines(surface: pygame.Surface, lines: Sequence[str], size: int, colour: Colour, centre_x: int, top: float,
              bold: bool = False) -> None:
        """Lines of text centred on ``centre_x``, one under another from ``top``."""
        step = line_height(size, bold=bold)
        for number, line in enumerate(lines):
            draw_text(surface, line, size, colour, (centre_x, round(top + number * step)), anchor="midtop", bold=bold)

    def draw_flash(self, surface: pygame.Surface, text: str) -> None:
        """The banner over the table: what just happened."""
        lay, pal, geo = self.lay, self.pal, self.geo
        size = fit_size(text, lay.text_px(17), geo.main.w - lay.px(40), bold=True)
        face_w = lay.px(20) + pygame.font.Font.size(font(size, bold=True), text)[0]
        rect = pygame.Rect(0, 0, face_w, max(lay.px(34), line_height(size, bold=True) + lay.px(8)))
        rect.center = (geo.main.centerx, geo.main.bottom - lay.px(20))
        panel(surface, rect, pal.panel, pal.accent, radius=lay.px(8), alpha=235)
        draw_text(surface, text, size, pal.text, rect.center, anchor="center", bold=True)
        self.explain(rect, words.BANNER_TIP)


# --- the hand-end overlay ---------------------------------------------------------------------------------
WAGER_WORDS = {"fewest": "< fewest", "second": "2nd most", "none": "no wager"}
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
        explain(at, words.breakdown_chip_tip(card, name, demon_value))
    if not pile:
        draw_text(surface, "(empty)", lay.text_px(15), pal.text_dim, (area.x, cell.y + u(12)))


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
    """A scored hand, the content of the hand-end overlay (``game.ui.hand_end``) until the player dismisses it."""

    hand: int
    extra_hand: bool
    rows: list[Row]
    tied: tuple[int, ...] = ()
    """Seats tied for the lead after the last regular hand (an extra hand follows)."""
    winners: tuple[int, ...] = ()
    over: bool = False
    deal_after: bool = False
    """A new hand was dealt: animate its piles once the overlay is dismissed."""

    @classmethod
    def of(cls, event: r.HandScored, piles: Sequence[Sequence[str]], demon_value: int, extra: bool) -> "Breakdown":
        """The breakdown of ``event`` from the seats' score piles at the end of the hand."""
        rows = []
        for seat in range(len(event.wagers)):
            pile = tuple(piles[seat]) if seat < len(piles) else ()
            points = pile_points(pile, demon_value)
            cards, doubled = points.cards, points.doubled
            if points.total != event.card_points[seat]:  # the piles were not followed (a resumed game)
                cards, doubled = event.card_points[seat], 0
            rows.append(Row(seat, pile, cards, points.demons, doubled, event.wagers[seat], event.wager_won[seat],
                            event.bonuses[seat], event.hand_scores[seat], event.totals[seat]))
        return cls(event.hand, extra, rows)

    def draw(self, surface: pygame.Surface, lay: Layout, pal: Palette, table: pygame.Rect, names: Sequence[str],
             viewer: int | None, rules: r.Rules, explain: Explain) -> pygame.Rect:
        """The overlay: one row per seat with its cards, Demon doubles, wager and bonus, hand and game totals;
        the overlay, each column and each card of a score pile explained."""
        best = max(row.hand for row in self.rows)
        lines = []
        for row in self.rows:
            colour = pal.focus if row.hand == best else pal.text
            demons = f"x{row.demons} +{row.doubled}" if row.demons else "-"
            wager = WAGER_WORDS[row.wager] + ("" if row.wager == "none" else (" won" if row.won else " lost"))
            wager_colour = pal.good if row.won and row.wager != "none" else pal.danger if not row.won else pal.text
            pile = partial(draw_pile, row.pile, names[row.seat], rules.demon_value, explain, lay, pal)
            lines.append(Line([(names[row.seat], colour), pile, str(row.cards), demons,
                               (wager, wager_colour), f"+{row.bonus}" if row.bonus else "0", (str(row.hand), colour),
                               str(row.total)], mine=row.seat == viewer))
        title = f"{'Extra hand' if self.extra_hand else 'Hand'} {self.hand} scored - the wagers are revealed"
        note, footer = "", CONTINUE
        if self.tied:
            note = f"{' and '.join(names[s] for s in self.tied)} are tied for the lead: an extra hand is played."
        elif self.over:
            won = " and ".join(names[s] for s in self.winners)
            note = f"Game over: {won} win{'s' if len(self.winners) == 1 else ''}."
            footer = "Click or press Enter for the results"
        explain(table, words.breakdown_tip(self.hand, self.extra_hand))
        explain(overlay_rect(lay, table, COLUMNS, len(lines)), words.breakdown_tip(self.hand, self.extra_hand))
        for column, rect in zip(COLUMNS, column_rects(lay, table, COLUMNS, len(lines))):
            explain(rect, words.column_tip(column.label, rules))
        return draw_score_table(surface, lay, pal, table, title, COLUMNS, lines, note=note, footer=footer)


def wager_texts(rules: r.Rules) -> dict[str, tuple[str, str]]:
    """Each wager choice's title and what it pays under these rules."""
    fewest = "nobody scores fewer" if rules.fewest_ties_share else "you alone score the fewest"
    second = "exactly one scores more" if rules.second_rule == "competition" else "yours is the 2nd-highest score"
    pays = {"fewest": f"+{rules.bonus_fewest} if {fewest}", "second": f"+{rules.bonus_second} if {second}",
            "none": f"+{rules.bonus_none} whatever happens"}
    return {wager: (f"{index + 1}. {words.WAGER_NAMES[wager].capitalize()}", pays[wager])
            for index, wager in enumerate(WAGERS)}


def wager_sign(wager: str | None) -> str:
    """The sign on a wager card, ``?`` while hidden."""
    return "?" if wager is None else WAGER_SIGNS[wager].replace("no wager", "-")
