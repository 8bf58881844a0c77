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
from functools import partial
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
from game.ui.layout import Layout
from game.ui.score_table import CONTINUE, Column, Line, column_rects, draw_score_table, fit_label, overlay_rect
from game.ui.sprites import CardSprite
from game.ui.text import draw_text, fit_size, panel
from game.ui.theme import Colour, Palette, blend, font

Explain = Callable[[pygame.Rect, str], None]
"""The table's ``explain``: a drawn thing's rect and its tooltip."""
DrawBadge = Callable[[pygame.Surface, int, tuple[int, int]], pygame.Rect]
"""The table's ``draw_badge``: a seat's name plate at a centre."""

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


# --- the table drawn from a view ----------------------------------------------------------------------------
PROMPT_HEIGHT = 46
"""Reference height of the prompt and its detail line at the top of the centre."""


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
        panel(surface, area, pal.panel, pal.panel_edge, radius=u(10), alpha=150, width=1)
        self.explain(area, words.SEAT_PANEL_TIP.format(name=name))
        self.draw_badge(surface, seat, geo.badge_centre(seat))
        placed = obs.wagered[seat]
        if placed or obs.phase == r.WAGER:
            shown = obs.wagers[seat] if placed else None
            self.draw_wager(surface, seat, geo.wager_rect(seat), placed, shown)
            self.explain(geo.wager_rect(seat), words.wager_slot_tip(name, placed, shown, obs.rules,
                                                                   seat == self.viewer, self.all_shown))
        small = lay.text_px(14)
        count = len(obs.hands[seat])
        pile = obs.score_piles[seat]
        pair_note = "" if not obs.rules.pairs_per_player else \
            "pair taken" if obs.pairs_taken[seat] >= obs.rules.pairs_per_player else "no pair yet"
        note = f" · {pair_note}" if pair_note else ""
        if seat != geo.me:
            if self.aid_shown:
                cards = unplayed(obs, seat)
                head = words.aid_heading(len(cards), obs.phase == r.DRAFT) + (f"  ({pair_note})" if pair_note else "")
                self.label(surface, words.aid_list_tip(name, len(cards)), head, small, pal.text_dim,
                           (area.x + u(4), area.y + u(55)))
                rows = pygame.Rect(area.x + u(4), area.y + u(74), area.w - u(8), u(CHIP_H) * 2 + u(3))
                chips = geo.chip_rects(rows, len(cards))
                for code, rect in zip(cards, chips):
                    surface.blit(chip(code, rect.size, pal), rect)
                    self.explain(rect, words.aid_chip_tip(code, name, obs))
            else:
                right = geo.mini_positions(seat, max(count, 1), face_up=self.all_shown)[-1][0] + \
                    geo.mini_size[0] / 2 + u(8)
                text = words.counted(count, "card") + note
                self.label(surface, words.hand_count_tip(name, count, pair_note), text, small, pal.text,
                           (round(right), area.y + u(80)), anchor="midleft")
        else:
            score = f"score pile {hand_points(pile, obs.rules.demon_value)}" if pile else "score pile empty"
            info = f"{count} in hand · {score}{note}"
            self.label(surface, words.own_line_tip(count, pile, pair_note, obs), info,
                       fit_size(info, small, area.w - u(12)), pal.text, (area.x + u(6), area.y + u(60)))
        chip_area = geo.chip_area(seat)
        pile_tip = words.score_pile_tip(name, pile, obs.rules.demon_value)
        if seat != geo.me and not pile:
            self.label(surface, pile_tip, "Score pile: empty", small, pal.text_dim, (chip_area.x, chip_area.y + u(2)))
        rects = geo.chip_rects(chip_area, len(pile))
        if rects:
            self.explain(rects[0].unionall(rects), pile_tip)
        for code, rect in zip(pile, rects):
            surface.blit(chip(code, rect.size, pal), rect)
            self.explain(rect, words.score_chip_tip(code, name, obs))

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

    def draw_side(self, surface: pygame.Surface, obs: r.ReapersObservation) -> None:
        lay, pal, geo = self.lay, self.pal, self.geo
        u = lay.px
        small = lay.text_px(14)
        sw, sh = geo.side_size
        top = geo.trump_pos[1] - sh // 2 - u(18)
        if obs.trump:
            trump_tip = words.trump_tip(obs)
            self.label(surface, trump_tip, "Trump", small, pal.accent, (geo.trump_pos[0], top), "midtop", bold=True)
            self.label(surface, trump_tip, SUIT_NAMES.get(obs.trump_suit, ""), small, pal.text,
                       (geo.trump_pos[0], geo.trump_pos[1] + sh // 2 + u(2)), "midtop")
        grave = obs.graveyard
        grave_tip = words.graveyard_tip(obs)
        self.explain(pygame.Rect(geo.grave_x, geo.trump_pos[1] - sh // 2, sw + u(22) * max(0, len(grave) - 1), sh),
                     grave_tip)
        self.label(surface, grave_tip, "Graveyard", small, pal.accent, (geo.grave_x, top), bold=True)
        below = (geo.grave_x, geo.trump_pos[1] + sh // 2 + u(2))
        if obs.phase == r.DRAFT:
            self.label(surface, grave_tip, "the last pile", small, pal.text_dim, below)
        elif grave:
            on_top = "lowest" if lowest_on_top(len(obs.hands)) else "highest"
            self.label(surface, grave_tip, f"{len(grave)} left, {on_top} on top", small, pal.text, below)
        else:
            self.label(surface, grave_tip, "empty", small, pal.text_dim, below)
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
                   (geo.side.x + u(4), geo.aid_button.y - u(24)))
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
        geo, u = self.geo, self.lay.px
        return pygame.Rect(geo.main.x, geo.main.y, geo.main.w, u(PROMPT_HEIGHT))

    def draw_prompt(self, surface: pygame.Surface, obs: r.ReapersObservation, deciding: bool) -> None:
        """The prompt over the centre and the names at the trick places (drawn into the cached layer)."""
        lay, pal, geo = self.lay, self.pal, self.geo
        u = lay.px
        prompt, detail = words.prompt_lines(obs, self.names, deciding)
        prompt_tip = words.prompt_tip(obs)
        body = lay.text_px(18)
        main = geo.main
        self.label(surface, prompt_tip, prompt, fit_size(prompt, body, main.w - u(10), bold=True),
                   pal.focus if deciding else pal.text, (main.centerx, main.y + u(4)), "midtop", bold=True)
        if detail:
            self.label(surface, prompt_tip, detail, fit_size(detail, lay.text_px(15), main.w - u(10)), pal.text_dim,
                       (main.centerx, main.y + u(26)), "midtop")
        if obs.phase not in (r.PLAY, r.SCORED):  # a scored hand's table still shows its trick places
            return
        small = lay.text_px(14)
        w, h = geo.trick_size
        for seat, (x, y) in geo.trick_pos.items():
            colour = pal.focus if seat == obs.to_move else pal.text_dim
            name = self.names[seat]
            if seat != geo.me:
                name, size = fit_label(name, small, u(100))
                label = draw_text(surface, name, size, colour, (round(x), round(y - h / 2 - u(12))),
                                  anchor="center")
            else:
                name, size = fit_label(name, small, u(140))
                label = draw_text(surface, name, size, colour, (round(x - w / 2 - u(10)), round(y)),
                                  anchor="midright")
            slot = pygame.Rect(0, 0, w, h)
            slot.center = (round(x), round(y))
            pygame.draw.rect(surface, blend(pal.table, pal.text, 0.15), slot, 1, border_radius=u(6))
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
        rules = obs.rules
        fewest = "nobody scores fewer" if rules.fewest_ties_share else "you alone score the fewest"
        second = "exactly one scores more" if rules.second_rule == "competition" else "yours is the 2nd-highest score"
        pays = {"fewest": f"+{rules.bonus_fewest} if {fewest}", "second": f"+{rules.bonus_second} if {second}",
                "none": f"+{rules.bonus_none} whatever happens"}
        for index, (wager, rect) in enumerate(zip(WAGERS, geo.wager_buttons)):
            chosen = isinstance(focus, r.PlaceWager) and focus.wager == wager
            panel(surface, rect, pal.panel, pal.focus if chosen else pal.panel_edge, radius=u(10), alpha=240,
                  width=max(2, u(3)) if chosen else max(1, u(2)))
            draw_text(surface, wager_sign(wager), lay.text_px(34), pal.accent, (rect.centerx, rect.y + u(28)),
                      anchor="center", bold=True, serif=True)
            title = f"{index + 1}. {words.WAGER_NAMES[wager].capitalize()}"
            draw_text(surface, title, lay.text_px(17), pal.text, (rect.centerx, rect.y + u(62)), anchor="center",
                      bold=True)
            text = pays[wager]
            draw_text(surface, text, fit_size(text, lay.text_px(15), rect.w - u(12)), pal.text_dim,
                      (rect.centerx, rect.y + u(90)), anchor="center")
            self.explain(rect, words.wager_button_tip(wager, index, rules))

    def draw_flash(self, surface: pygame.Surface, text: str) -> None:
        """The banner over the table: what just happened."""
        lay, pal, geo = self.lay, self.pal, self.geo
        size = fit_size(text, lay.text_px(17), geo.main.w - lay.px(40), bold=True)
        face_w = lay.px(20) + pygame.font.Font.size(font(size, bold=True), text)[0]
        rect = pygame.Rect(0, 0, face_w, lay.px(34))
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


def wager_sign(wager: str | None) -> str:
    """The sign on a wager card, ``?`` while hidden."""
    return "?" if wager is None else WAGER_SIGNS[wager].replace("no wager", "-")
