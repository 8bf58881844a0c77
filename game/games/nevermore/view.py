"""What the Nevermore table shows and how it is drawn: ``Shown`` (from the viewer's observation, or public facts
only for a spectator), where everything sits (``Geometry``, from 1280x720 reference units), the cards and cubes
on it, the ``Painter`` that draws the table under them, and the hand summary's figures and score table.

``Shown`` is the *display*: animations change its numbers step by step, to what each step's view says, and
every batch of events ends by building it again from the viewer's observation, so nothing can be lost. Nothing
here decides a rule or reads input: the table (``table.py``) does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Mapping, Sequence

import pygame

from game.core.contracts import Action, Event
from game.ui import assets
from game.ui.contrast import ink_on
from game.ui.glyphs import draw_glyph
from game.ui.hint_panel import HINT_TAG
from game.ui.layout import Layout
from game.ui.score_table import CONTINUE, Column, Line, column_rects, draw_score_table, overlay_rect
from game.ui.sprites import CardSprite, Sprite
from game.ui.text import draw_fitted, draw_text, draw_wrapped, fit_size, fit_text, panel, wrap_cached
from game.ui.theme import Colour, Palette, blend, font

from .rules import events as ev
from .rules.cards import is_added, magick_id_of, sort_cards, suit_of, weight_of
from .rules.config import Config
from .rules.magick_data import MagickCard
from .rules.observe import NevermoreObservation
from .rules.state import NevermoreState
from .words import ASK_AGAIN_LABEL, ASK_AGAIN_TIP, BANNER_TIP, CAPTION_TIP, CUBE_TIPS, DEALER_TIP, \
    FACE_DOWN_CARD_TIP, HAND_LABEL, HAND_LABEL_TIP, MAGICK_LABEL, MAGICK_LABEL_TIP, MUTED_LABEL, NONE_WORD, \
    PASSED_TIP, SECRET_SUIT_WORDS, Params, SHROUDED_TIP, SPECTATOR_HAND_TIP, SUIT_NAMES, SUMMARY_COLUMN_TIPS, \
    SUMMARY_COLUMNS, SUMMARY_RESULTS, WARDED_TIP, board_count_tip, board_head, board_tip, card_tip, direction_tip, \
    direction_words, face_down_magick_tip, hand_size_tip, health_tip, magick_count_tip, magick_tip, magick_title, \
    magick_words, open_card_tip, open_hand_tip, pile_tip, raven_tip, raven_words, summary_note, summary_tip, \
    summary_title, token_tip, vp_tip

Explain = Callable[[pygame.Rect, str], None]
"""The table's ``explain``: a drawn thing's rect and its tooltip."""


def board_of(o: NevermoreObservation) -> ev.SuitPlayed:
    """The suit board of the suit last resolved (``revealed_log``'s last entry), as its event would show it from
    the view's counts (the leaders in seat order: a view does not say the order they act in)."""
    suit, played, killed = o.revealed_log[-1]
    top = max(o.suit_counts, default=0)
    leaders = tuple(s for s, c in enumerate(o.suit_counts) if c == top and top > 0)
    return ev.SuitPlayed(suit, tuple(map(tuple, played)), tuple(map(tuple, killed)), tuple(o.suit_counts), leaders,
                         o.suit_power)


@dataclass
class Secrets:
    """One other seat's hidden cards, drawn face up beside its plate in the replay of a game that has ended."""

    hand: tuple[str, ...]
    magick: tuple[str, ...]
    kills: tuple[str, ...]
    passing: tuple[str, ...]


@dataclass
class Shown:
    """The table as this screen shows it now."""

    n: int
    health: list[int]
    vp: list[int]
    raven: list[bool]
    hand_sizes: list[int]
    magick_counts: list[list[int]]
    deck: int
    discard: int
    ldeck: int
    sdeck: int
    tokens: list[str | None]
    revealed: int
    dealer: int
    direction: int
    hand_no: int
    draft_round: int
    committed: list[bool]
    wards: set[int]
    shrouded: set[int]
    hand: list[str] | None
    """The viewer's own hand (None for a spectator)."""
    magick: list[str] = field(default_factory=list)
    kills: list[str] = field(default_factory=list)
    my_pass: tuple[str, ...] | None = None
    board: ev.SuitPlayed | None = None
    secrets: dict[int, Secrets] = field(default_factory=dict)
    """The other seats' hidden cards by seat: empty unless every hand is shown face up (``opened``)."""
    opened: bool = False
    """Whether this display shows every secret (the replay of an ended game), not one seat's knowledge."""


def shown_from(o: NevermoreObservation) -> Shown:
    """The display from what the viewer may know (a spectator's observation: public facts only)."""
    board = board_of(o) if o.revealed_log and o.current_suit in ("", o.revealed_log[-1][0]) else None
    return Shown(
        n=o.players, health=list(o.health), vp=list(o.vp), raven=list(o.raven), hand_sizes=list(o.hand_sizes),
        magick_counts=[list(m) for m in o.magick_counts], deck=o.deck_size, discard=len(o.discard),
        ldeck=o.light_deck_size, sdeck=o.shadow_deck_size, tokens=list(o.tokens), revealed=o.revealed,
        dealer=o.dealer, direction=o.direction, hand_no=o.hand_no, draft_round=o.draft_round,
        committed=list(o.committed), wards=set(o.wards), shrouded=set(o.shrouded),
        hand=list(o.hand) if o.seat is not None else None, magick=list(o.magick), kills=list(o.my_kills),
        my_pass=o.my_pass, board=board)


def opened(shown: Shown, state: NevermoreState, me: int) -> Shown:
    """``shown`` with every secret face up, read from the true state (every seat's cards, the tokens): only for the
    replay of a game that has ended, where nothing is secret any more."""
    shown.hand = list(sort_cards(state.hands[me]))
    shown.magick = sorted(state.magick[me])
    shown.kills = list(sort_cards(state.kills[me]))
    shown.my_pass = state.pending_pass[me]
    shown.tokens = list(state.tokens)
    shown.secrets = {seat: Secrets(sort_cards(state.hands[seat]), tuple(sorted(state.magick[seat])),
                                   sort_cards(state.kills[seat]), tuple(state.pending_pass[seat] or ()))
                     for seat in range(state.num_players) if seat != me}
    shown.opened = True
    return shown


# ----- cards ------------------------------------------------------------------------------------------
def magick_deck(cards: Mapping[str, MagickCard], card_id: str) -> str:
    card = cards.get(card_id)
    return card.deck if card is not None else "shadow"


def magick_asset(cards: Mapping[str, MagickCard], card_id: str) -> str:
    """The art id of a Magick card: ``light:Mourning Rose``."""
    return f"{magick_deck(cards, card_id)}:{magick_title(card_id, cards)}"


def hand_asset(cards: Mapping[str, MagickCard], card: str) -> tuple[str, str]:
    """(deck, art id) of a hand card: a suit card, or the Magick face of a suit-like added card."""
    if is_added(card):
        return "magick", magick_asset(cards, magick_id_of(card))
    return "nevermore", card


class Card(CardSprite):
    """A card on the table that remembers its rules text (``code``; None: hidden from this screen)."""

    def __init__(self, deck: str, asset: str | None, code: str | None, size: tuple[int, int],
                 pos: tuple[float, float], *, z: int = 0, back: str = "nevermore") -> None:
        super().__init__(deck, asset, size, pos, back=back, z=z)
        self.code = code
        self.home = (float(pos[0]), float(pos[1]))
        self.index = -1
        self.selected = False
        self.killed = False
        self.passing = False
        self.owner: int | None = None
        """The other seat whose secret card this is, shown face up (``Shown.secrets``); None: the bottom seat's."""


def hand_card(cards: Mapping[str, MagickCard], code: str | None, size: tuple[int, int], pos: tuple[float, float],
              *, z: int) -> Card:
    """A hand card (a suit card, or the Magick face of an added one) face up; ``code`` None: face down."""
    deck, art = hand_asset(cards, code) if code else ("nevermore", None)
    return Card(deck, art, code, size, pos, z=z)


def magick_card(cards: Mapping[str, MagickCard], code: str, size: tuple[int, int], pos: tuple[float, float],
                *, z: int) -> Card:
    """A Magick card face up, its back its deck's."""
    return Card("magick", magick_asset(cards, code), code, size, pos, z=z, back=magick_deck(cards, code))


def mark_held(held: Sequence[Card], kills: Sequence[str], passing: Sequence[str]) -> None:
    """Mark the cards of a hand that its Ravens kill and those set aside to pass (one card for each code)."""
    dead, aside = list(kills), list(passing)
    for card in held:
        if card.code in dead:
            dead.remove(card.code)
            card.killed = True
        elif card.code in aside:
            aside.remove(card.code)
            card.passing = True


def back_card(size: tuple[int, int], pos: tuple[float, float], *, z: int, back: str = "nevermore") -> Card:
    """A card nobody at this screen may see, flying (the back of ``back``'s deck)."""
    return Card("nevermore", None, None, size, pos, z=z, back=back)


@dataclass
class Button:
    """A prompt button (``NevermoreTable.prompt_buttons``)."""

    label: str
    action: Action | tuple[str, ...] | None = None
    """A legal action, or ("pick", card id) / ("order", suit) / ("back",) / ("clear",)."""
    enabled: bool = True
    preview: str | None = None
    """A Magick card id whose text is shown while the button has the focus."""
    rect: pygame.Rect | None = None


# ----- where things are -------------------------------------------------------------------------------
PLATE = (200, 92)
HAND_CARD = 100
MAGICK_CARD = 100
ARROW_OFFSETS = (0.0, 0.2, -0.2, 0.4, -0.4, 0.6, -0.6)
"""How far (radians) a direction arrow may slide along the ring, nearest first, to clear a name plate."""
TOKEN = (50, 70)
MINI = 40
OPEN_CARD = 36
"""Height of another seat's cards, face up beside its plate in the replay of an ended game."""
OPEN_GAP = 4
"""Room between a plate and its face-up cards, and between the hand and the Magick among them."""
OPEN_LIFT = 6
"""How far a face-up card set aside to pass rises."""
HAND_LIFT = 22
"""How far a chosen hand card (or one set aside to pass) rises."""
RING = 8
"""How far the keyboard's focus ring reaches around a hand card."""
LABEL_TEXT = 14
BOARD_NAME = 132
BOARD_COUNT = 84
"""The suit board row's name column, and the room left at its right for the count (``2 (killed)``)."""


class Geometry:
    """Every place on the table, in pixels, for ``players`` seats with ``me`` at the bottom left."""

    def __init__(self, lay: Layout, table: pygame.Rect, players: int, me: int) -> None:
        self.lay, self.table, self.n, self.me = lay, table, players, me
        u = lay.px
        self.plate_size = (u(PLATE[0]), u(PLATE[1]))
        pw, ph = self.plate_size
        self.plates: dict[int, pygame.Rect] = {}
        mine = pygame.Rect(0, 0, pw, ph)
        mine.bottomleft = (table.x + u(12), table.bottom - u(10))
        self.plates[me] = mine
        others = [(me + i) % players for i in range(1, players)]
        k = len(others)
        spread = {1: 90, 2: 20, 3: 25, 4: 18, 5: 14}.get(k, 14)
        cx, cy = table.centerx, table.y + 0.58 * table.h
        rx = table.w / 2 - pw / 2 - u(10)
        ry = cy - table.y - ph / 2 - u(8)
        for i, seat in enumerate(others):
            theta = math.radians(180 - spread - (180 - 2 * spread) * (i / (k - 1) if k > 1 else 0.5))
            rect = pygame.Rect(0, 0, pw, ph)
            rect.center = (round(cx + rx * math.cos(theta)), round(cy - ry * math.sin(theta)))
            self.plates[seat] = rect
        # the centre: tokens with the piles beside them, the suit board, a caption line, the prompt, the hands
        self.token_size = (u(TOKEN[0]), u(TOKEN[1]))
        ty = table.y + round(table.h * 0.31)
        step = self.token_size[0] + u(12)
        self.tokens = [pygame.Rect(0, 0, *self.token_size) for _ in range(4)]
        for i, rect in enumerate(self.tokens):
            rect.center = (round(cx + (i - 1.5) * step), ty)
        self.pile_size = lay.card_size(46)
        left, right = self.tokens[0].x - u(36), self.tokens[3].right + u(36)
        py = ty - u(12)
        self.piles = {"discard": (left, py), "deck": (left - u(60), py),
                      "light": (right, py), "shadow": (right + u(60), py)}
        self.hand_size = lay.card_size(HAND_CARD)
        self.hand_y = table.bottom - u(10) - self.hand_size[1] // 2
        self.magick_size = lay.card_size(MAGICK_CARD)
        self.magick_area = pygame.Rect(0, 0, u(250), self.magick_size[1])
        self.magick_area.bottomright = (table.right - u(12), table.bottom - u(10))
        hand_left = mine.right + u(16)
        hand_right = self.magick_area.x - u(16)
        self.hand_area = pygame.Rect(hand_left, self.hand_y - self.hand_size[1] // 2, hand_right - hand_left,
                                     self.hand_size[1])
        # the labels over the hand and the Magick sit above a lifted card and its focus ring
        self.hand_lift = u(HAND_LIFT)
        label_h = font(lay.text_px(LABEL_TEXT)).get_height()
        top = self.hand_area.y - self.hand_lift - u(RING) - u(2) - label_h
        self.hand_label = pygame.Rect(self.hand_area.x, top, self.hand_area.w, label_h)
        self.magick_label = pygame.Rect(self.magick_area.x, top, self.magick_area.w, label_h)
        width = font(lay.text_px(LABEL_TEXT), bold=True).size(ASK_AGAIN_LABEL)[0] + u(16)
        self.ask_again = pygame.Rect(0, 0, min(width, self.magick_label.w), label_h + u(6))
        self.ask_again.midright = self.magick_label.midright  # the button over the Magick while it is passed
        self.prompt_bottom = top - u(4)
        self.caption = pygame.Rect(0, 0, u(600), u(26))
        self.caption.midbottom = (cx, self.prompt_bottom)
        top = self.tokens[0].bottom + u(16)
        row = {3: 32, 4: 30, 5: 27}.get(players, 24)
        height = min(self.caption.y - u(8) - top, u(40) + players * u(row))
        self.board = pygame.Rect(0, 0, u(440), height)
        self.board.midtop = (cx, top)
        self.ring = pygame.Rect(0, 0, round(table.w * 0.56), round(table.h * 0.5))
        self.ring.center = (cx, round(table.y + table.h * 0.40))
        self.arrow_size = u(14)
        self.ring_arrows = self._arrow_angles()
        self.mini = lay.card_size(MINI)
        self.open_size = lay.card_size(OPEN_CARD)
        self.busy = self._busy()

    def _arrow_angles(self) -> list[float]:
        """One direction arrow a quarter of the ring, slid along it off any name plate (big tables crowd
        the top)."""
        ring, plates, size = self.ring, list(self.plates.values()), self.arrow_size
        angles = []
        for k in range(4):
            middle = math.pi / 4 + k * math.pi / 2
            for offset in ARROW_OFFSETS:
                a = middle + offset
                spot = pygame.Rect(0, 0, 2 * size, 2 * size)
                spot.center = (round(ring.centerx + ring.w / 2 * math.cos(a)),
                               round(ring.centery + ring.h / 2 * math.sin(a)))
                if spot.collidelist(plates) < 0:
                    angles.append(a)
                    break
        return angles

    def hand_positions(self, count_: int) -> list[tuple[float, float]]:
        """Centres of the viewer's hand cards (overlapping when many)."""
        if count_ <= 0:
            return []
        w = self.hand_size[0]
        gap = self.lay.px(10)
        step = min(w + gap, (self.hand_area.w - w) / max(1, count_ - 1)) if count_ > 1 else 0
        width = w + step * (count_ - 1)
        left = self.hand_area.centerx - width / 2 + w / 2
        return [(left + i * step, self.hand_y) for i in range(count_)]

    def magick_positions(self, count_: int) -> list[tuple[float, float]]:
        if count_ <= 0:
            return []
        w = self.magick_size[0]
        area = self.magick_area
        step = min(w + self.lay.px(6), (area.w - w) / max(1, count_ - 1)) if count_ > 1 else 0
        right = area.right - w / 2
        return [(right - (count_ - 1 - i) * step, area.centery) for i in range(count_)]

    def open_positions(self, seat: int, hand: int, magick: int) -> list[tuple[float, float]]:
        """Centres of another seat's ``hand`` cards then its ``magick`` cards, face up in a row no wider than its
        plate (overlapping when many), beside the plate where nothing else is drawn (``open_row``)."""
        total = hand + magick
        if total <= 0:
            return []
        plate, u = self.plates[seat], self.lay.px
        w, h = self.open_size
        gap = u(OPEN_GAP) if hand and magick else 0
        step = min(w + u(2), (plate.w - w - gap) / (total - 1)) if total > 1 else 0
        row = self.open_row(seat, round(w + step * (total - 1) + gap))
        y = row.bottom - h / 2
        return [(row.x + w / 2 + i * step + (gap if i >= hand else 0), y) for i in range(total)]

    def open_row(self, seat: int, width: int) -> pygame.Rect:
        """Where a seat's face-up row goes (room for a lifted card included): the first side of its plate that
        stays on the table clear of everything else (``_busy``), else below."""
        plate, u = self.plates[seat], self.lay.px
        h = self.open_size[1] + u(OPEN_LIFT)
        gap = u(OPEN_GAP)
        outward = -1 if plate.centerx < self.table.centerx else 1
        spots = [(plate.centerx - width // 2, plate.y - gap - h), (plate.centerx - width // 2, plate.bottom + gap)]
        for side in (outward, -outward):
            x = plate.right + gap if side > 0 else plate.x - gap - width
            spots.append((x, plate.centery - h // 2))
        rows = [pygame.Rect(x, y, width, h) for x, y in spots]
        others = [rect for s, rect in self.plates.items() if s != seat]
        for row in rows:
            if self.table.contains(row) and row.collidelist(others) < 0 and row.collidelist(self.busy) < 0:
                return row
        return rows[1]

    def _busy(self) -> list[pygame.Rect]:
        """What a face-up row must not cover, besides the plates."""
        u = self.lay.px
        piles = [pygame.Rect(0, 0, *self.pile_size) for _ in self.piles]
        for rect, spot in zip(piles, self.piles.values()):
            rect.center = spot
        centre = self.tokens[0].unionall([*self.tokens, *piles])
        centre.y, centre.h = centre.y - u(24), centre.h + u(56)  # the direction line over it, the pile counts below
        bottom = self.hand_label.unionall([self.hand_area, self.magick_area, self.magick_label])
        bottom.y, bottom.h = bottom.y - self.hand_lift, bottom.h + self.hand_lift
        return [centre, self.board, self.caption, bottom]

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where things fly to for a seat: its plate (the viewer's: the hand)."""
        if seat == self.me:
            return (float(self.hand_area.centerx), float(self.hand_y))
        x, y = self.plates[seat].center
        return (float(x), float(y))

    def cube_point(self, seat: int, vp: bool) -> tuple[float, float]:
        """Where cubes land on a seat's plate: on its VP row, else on its Health row."""
        r = self.plates[seat]
        return (r.x + r.w * 0.45, r.y + self.lay.px(64 if vp else 44))

    def board_row(self, seat: int) -> pygame.Rect:
        """The row of the suit board for a seat."""
        u = self.lay.px
        header = u(32)
        row_h = min(u(30), max(u(18), (self.board.h - header - u(6)) // max(1, self.n)))
        return pygame.Rect(self.board.x + u(8), self.board.y + header + seat * row_h, self.board.w - u(16), row_h)

    def board_slot(self, seat: int, index: int, count_: int) -> pygame.Rect:
        """Where the ``index``-th of a seat's ``count_`` cards lies on the suit board (overlapping when many)."""
        u = self.lay.px
        row = self.board_row(seat)
        h = row.h - u(4)
        w = max(6, round(h / 1.4))
        left = row.x + u(BOARD_NAME)
        step: float = w + u(3)
        if count_ > 1:
            step = min(step, (row.right - u(BOARD_COUNT) - left - w) / (count_ - 1))
        rect = pygame.Rect(0, 0, w, h)
        rect.midleft = (round(left + index * step), row.centery)
        return rect


# ----- drawing ------------------------------------------------------------------------------------------
RAVEN_FILL = (14, 10, 20)
RAVEN_EDGE = (150, 110, 215)
HEART = (214, 56, 70)
VP_GOLD = (236, 190, 70)
POPUP_H = 170
CUBE_COLOURS = {"damage": HEART, "heal": (110, 210, 120), "vp": VP_GOLD}


@lru_cache(maxsize=16)
def cube_image(colour: Colour, side: int) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=max(1, side // 5))
    pygame.draw.rect(surface, (250, 245, 235), surface.get_rect(), max(1, side // 8), border_radius=max(1, side // 5))
    return surface


class Cube(Sprite):
    """A Health, damage or VP cube in flight."""

    def __init__(self, kind: str, side: int, pos: tuple[float, float], *, z: int = 400) -> None:
        super().__init__(pos, z=z)
        self.kind = kind
        """"damage", "heal" or "vp" (``CUBE_COLOURS``): what the cube carries, for its tooltip."""
        self.colour, self.side = CUBE_COLOURS[kind], side

    def image(self) -> pygame.Surface:
        return cube_image(self.colour, self.side)


@lru_cache(maxsize=64)
def glyph_image(name: str, side: int, ink: Colour, paper: Colour = (0, 0, 0)) -> pygame.Surface:
    """A glyph drawn once on a transparent square (per frame we only blit)."""
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_glyph(surface, name, surface.get_rect(), ink, paper)
    return surface


@lru_cache(maxsize=32)
def token_image(suit: str | None, size: tuple[int, int], palette_name: str) -> pygame.Surface:
    """A resolution token: a suit (face up) or a face-down disc with a question mark."""
    pal = assets.palette()
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    if suit is None:
        pygame.draw.rect(surface, (30, 24, 40), rect, border_radius=w // 5)
        pygame.draw.rect(surface, (120, 100, 150), rect, max(2, w // 20), border_radius=w // 5)
        draw_text(surface, "?", max(14, h // 2), (170, 150, 200), rect.center, anchor="center", bold=True)
        return surface
    ink = pal.suits[suit]
    pygame.draw.rect(surface, blend(pal.card_face, ink, 0.2), rect, border_radius=w // 5)
    pygame.draw.rect(surface, ink, rect, max(2, w // 14), border_radius=w // 5)
    art = pygame.Rect(0, 0, int(w * 0.7), int(w * 0.7))
    art.center = (w // 2, int(h * 0.42))
    draw_glyph(surface, suit, art, ink, blend(pal.card_face, ink, 0.2))
    label = SUIT_NAMES[suit][:3].upper()
    size_ = fit_size(label, max(12, h // 5), w - 4, bold=True)
    draw_text(surface, label, size_, pal.card_ink, (w // 2, int(h * 0.84)), anchor="center", bold=True)
    return surface


@dataclass
class Painter:
    """Draws the table as ``shown`` from ``geo``, each drawn thing explained (``explain``: its rect and tooltip);
    the table makes one for each frame it draws."""

    lay: Layout
    pal: Palette
    geo: Geometry
    shown: Shown
    names: Sequence[str]
    cards: Mapping[str, MagickCard]
    """The table's Magick set."""
    params: Params
    """The rule parameters the tips tell."""
    config: Config
    explain: Explain

    def sprite_tip(self, sprite: Sprite, in_magick: bool) -> str:
        """What a card or cube on the table is, as the viewer may know it (``in_magick``: a card of the bottom
        seat's Magick)."""
        if isinstance(sprite, Cube):
            return CUBE_TIPS.get(sprite.kind, "")
        if not isinstance(sprite, Card):
            return ""
        if sprite.owner is not None and sprite.code is not None:
            magick = sprite.code in self.cards
            text = magick_tip(sprite.code, self.cards) if magick else \
                card_tip(sprite.code, self.cards, self.params, killed=sprite.killed, passing=sprite.passing)
            return open_card_tip(self.names[sprite.owner], text, magick=magick)
        if in_magick and sprite.code is not None:
            return magick_tip(sprite.code, self.cards, playable=sprite.highlight)
        if sprite.code is None or not sprite.showing_face():
            return face_down_magick_tip(sprite.back_deck) if sprite.back_deck in ("light", "shadow") else \
                FACE_DOWN_CARD_TIP
        return card_tip(sprite.code, self.cards, self.params, killed=sprite.killed, passing=sprite.passing)

    # --- the direction ring and the tokens --------------------------------------------------------------
    def ring(self, surface: pygame.Surface) -> None:
        geo, shown = self.geo, self.shown
        lay, pal = self.lay, self.pal
        ring = geo.ring
        colour = blend(pal.table, pal.accent, 0.35)
        width = max(2, lay.px(3))
        pygame.draw.ellipse(surface, colour, ring, width)
        left = shown.direction > 0
        # on screen seats run clockwise from the bottom, so passing left (to the next seat) is clockwise
        s = geo.arrow_size
        for a in geo.ring_arrows:
            x = ring.centerx + ring.w / 2 * math.cos(a)
            y = ring.centery + ring.h / 2 * math.sin(a)
            dx, dy = -ring.w / 2 * math.sin(a), ring.h / 2 * math.cos(a)  # increasing angle = clockwise
            norm = math.hypot(dx, dy) or 1
            dx, dy = dx / norm, dy / norm
            if not left:
                dx, dy = -dx, -dy
            tip = (x + dx * s, y + dy * s)
            back = (x - dx * s * 0.6, y - dy * s * 0.6)
            side = (-dy * s * 0.7, dx * s * 0.7)
            drawn = pygame.draw.polygon(surface, colour, [tip, (back[0] + side[0], back[1] + side[1]),
                                                          (back[0] - side[0], back[1] - side[1])])
            self.explain(drawn.inflate(s, s), direction_tip(shown.hand_no, left))
        drawn = draw_text(surface, direction_words(shown.hand_no, left), lay.text_px(15), pal.text_dim,
                          (geo.tokens[0].centerx + (geo.tokens[3].centerx - geo.tokens[0].centerx) // 2,
                           geo.tokens[0].y - lay.px(14)), anchor="center", bold=True)
        self.explain(drawn, direction_tip(shown.hand_no, left))

    def tokens(self, surface: pygame.Surface, flipping: int, turned: float, flip_from: str | None,
               resolving_suit: bool, everyone_knows: bool) -> None:
        """The Resolution tokens, the ``flipping`` one turning over from ``flip_from`` as far as ``turned`` says
        (0: not turning); ``resolving_suit``: the last one revealed is resolving now."""
        geo, shown = self.geo, self.shown
        pal, lay = self.pal, self.lay
        for i, rect in enumerate(geo.tokens):
            suit = shown.tokens[i] if i < len(shown.tokens) else None
            flip = turned if i == flipping else 0.0
            face = flip_from if 0 < flip < 0.5 else suit
            image = token_image(face, rect.size, pal.name)
            if 0 < flip < 1:
                width = max(1, round(rect.w * abs(math.cos(math.pi * flip))))
                image = pygame.transform.smoothscale(image, (width, rect.h))
            if i >= shown.revealed and suit is not None and flip == 0:
                image = image.copy()
                image.set_alpha(150)  # known but not yet called
            surface.blit(image, image.get_rect(center=rect.center))
            resolving = i == shown.revealed - 1 and resolving_suit
            if resolving:
                pygame.draw.rect(surface, pal.focus, rect.inflate(lay.px(8), lay.px(8)), max(2, lay.px(3)),
                                 border_radius=lay.px(10))
            elif i < shown.revealed:
                pygame.draw.line(surface, pal.text_dim, (rect.x + lay.px(6), rect.bottom + lay.px(5)),
                                 (rect.right - lay.px(6), rect.bottom + lay.px(5)), max(1, lay.px(2)))
            self.explain(rect, token_tip(suit, i, shown.revealed, resolving, everyone_knows, opened=shown.opened))

    def piles(self, surface: pygame.Surface) -> None:
        geo, s = self.geo, self.shown
        pal, lay = self.pal, self.lay
        items = {"deck": ("nevermore", "Deck", s.deck), "discard": ("nevermore", "Discard", s.discard),
                 "light": ("light", "Light", s.ldeck), "shadow": ("shadow", "Shadow", s.sdeck)}
        if not self.config.magick.enabled:
            items = {k: v for k, v in items.items() if k in ("deck", "discard")}
        for name, (back, label, number) in items.items():
            x, y = geo.piles[name]
            image = assets.card_back(back, geo.pile_size)
            rect = image.get_rect(center=(x, y))
            if name == "discard":
                image = image.copy()
                image.set_alpha(120)
            surface.blit(image, rect)
            below = draw_text(surface, label, lay.text_px(14), pal.text_dim, (x, rect.bottom + lay.px(1)),
                              anchor="midtop")
            size = draw_text(surface, str(number), lay.text_px(15), pal.text, (x, below.bottom - lay.px(2)),
                             anchor="midtop", bold=True)
            self.explain(rect.union(below).union(size), pile_tip(name, number, self.params))

    # --- name plates --------------------------------------------------------------------------------------
    def plate(self, surface: pygame.Surface, seat: int, tip: str, *, turn: bool, target: bool, you: bool) -> None:
        """A seat's name plate (``tip``: its tooltip; ``turn``: the seat to act, ``target``: one the viewer may
        attack, ``you``: the viewer's own): its name, Health or Raven form, VP, cards held and marks."""
        geo, s = self.geo, self.shown
        lay, pal = self.lay, self.pal
        rect = geo.plates[seat]
        u = lay.px
        raven = s.raven[seat]
        edge = pal.focus if (turn or target) else (RAVEN_EDGE if raven else pal.panel_edge)
        fill = RAVEN_FILL if raven else pal.panel
        panel(surface, rect, fill, edge, radius=u(8), alpha=235, width=max(2, u(3)) if (turn or target) else 1)
        self.explain(rect, tip)
        who = self.names[seat]
        if raven:
            art = glyph_image("raven", int(rect.h * 0.9), RAVEN_EDGE).copy()
            art.set_alpha(70)
            surface.blit(art, art.get_rect(midright=(rect.right - u(4), rect.centery)))
        marker = assets.bead(seat, u(20))
        surface.blit(marker, marker.get_rect(center=(rect.x + u(16), rect.y + u(16))))
        name = who + ("  (you)" if you else "")
        name, size = fit_text(name, lay.text_px(16), rect.w - u(66), bold=True)
        draw_text(surface, name, size, pal.text, (rect.x + u(30), rect.y + u(16)), anchor="midleft", bold=True)
        if seat == s.dealer:
            chip = pygame.Rect(0, 0, u(22), u(20))
            chip.topright = (rect.right - u(6), rect.y + u(6))
            pygame.draw.rect(surface, pal.accent, chip, border_radius=u(5))
            draw_text(surface, "D", lay.text_px(13), pal.background, chip.center, anchor="center", bold=True)
            self.explain(chip, DEALER_TIP)
        small = lay.text_px(14)
        y1, y2, y3 = rect.y + u(40), rect.y + u(60), rect.y + u(80)
        if raven:
            word = draw_text(surface, "RAVEN", lay.text_px(17), RAVEN_EDGE, (rect.x + u(10), y1), anchor="midleft",
                             bold=True, serif=True)
            self.explain(word, raven_tip(who, self.params))
        else:
            most = self.config.max_health
            side = u(15) if most <= 6 else u(11)
            for i in range(most):
                ink = HEART if i < s.health[seat] else (70, 60, 70)
                image = glyph_image("hearts", side, ink)
                surface.blit(image, image.get_rect(midleft=(rect.x + u(8) + i * (side + u(2)), y1)))
            numbers = draw_text(surface, f"{max(0, s.health[seat])}/{most}", small, pal.text,
                                (rect.x + u(12) + most * (side + u(2)), y1), anchor="midleft")
            row = pygame.Rect(rect.x + u(8), y1 - side // 2, numbers.right - rect.x - u(8), side)
            self.explain(row.union(numbers), health_tip(who, s.health[seat], self.params))
        goal = self.config.vp_to_win
        cube = max(4, min(u(12), (rect.w - u(70)) // max(1, goal) - u(2)))
        for i in range(goal):
            box = pygame.Rect(0, 0, cube, cube)
            box.midleft = (rect.x + u(10) + i * (cube + u(2)), y2)
            if i < s.vp[seat]:
                pygame.draw.rect(surface, VP_GOLD, box, border_radius=max(1, cube // 5))
            else:
                pygame.draw.rect(surface, (110, 100, 90), box, 1, border_radius=max(1, cube // 5))
        numbers = draw_text(surface, f"{s.vp[seat]}/{goal} VP", small, VP_GOLD if s.vp[seat] else pal.text_dim,
                            (rect.x + u(14) + goal * (cube + u(2)), y2), anchor="midleft", bold=True)
        row = pygame.Rect(rect.x + u(10), y2 - cube // 2, numbers.right - rect.x - u(10), cube)
        self.explain(row.union(numbers), vp_tip(who, s.vp[seat], raven, self.params))
        x = rect.x + u(10)
        used = draw_text(surface, f"Cards {s.hand_sizes[seat]}", small, pal.text_dim, (x, y3), anchor="midleft")
        self.explain(used, hand_size_tip(who, s.hand_sizes[seat]))
        x = used.right + u(10)
        if self.config.magick.enabled:
            icon = (u(11), u(15))
            for back, number in zip(("light", "shadow"), s.magick_counts[seat]):
                image = assets.card_back(back, icon)
                spot = surface.blit(image, image.get_rect(midleft=(x, y3)))
                used = draw_text(surface, str(number), small, pal.text, (x + icon[0] + u(3), y3), anchor="midleft",
                                 bold=True)
                self.explain(spot.union(used), magick_count_tip(who, back, number))
                x = used.right + u(9)
        if s.draft_round >= 0 and s.committed[seat]:
            word = draw_text(surface, "passed", small, pal.good, (rect.right - u(8), y3), anchor="midright",
                             bold=True)
            self.explain(word, PASSED_TIP)
        flags = [(word, tip) for flag, word, tip in ((seat in s.wards, "warded", WARDED_TIP),
                                                     (seat in s.shrouded, "shrouded", SHROUDED_TIP)) if flag]
        if flags:
            text = ", ".join(word for word, _ in flags)
            word = draw_text(surface, text, fit_size(text, small, u(70)), pal.accent, (rect.right - u(8), y1),
                             anchor="midright")
            self.explain(word, " ".join(tip for _, tip in flags))

    # --- the suit board -----------------------------------------------------------------------------------
    def board(self, surface: pygame.Surface, board_landed: Sequence[int] | None) -> None:
        """The suit being resolved as everyone played it; ``board_landed``: each seat's cards come down so far
        while they fly there (None: all are down)."""
        geo, shown = self.geo, self.shown
        board = shown.board
        if board is None:
            return
        lay, pal = self.lay, self.pal
        u = lay.px
        rect = geo.board
        ink = ink_on(pal.suits[board.suit], pal.panel)
        panel(surface, rect, pal.panel, ink, radius=u(10), alpha=215, width=max(2, u(2)))
        glyph = glyph_image(board.suit, u(22), ink)
        surface.blit(glyph, glyph.get_rect(midleft=(rect.x + u(10), rect.y + u(16))))
        leaders = [self.names[s] for s in board.leaders]
        head, size = fit_text(board_head(board.suit, leaders, board.power), lay.text_px(17), rect.w - u(50), bold=True)
        draw_text(surface, head, size, pal.text, (rect.x + u(38), rect.y + u(16)), anchor="midleft", bold=True)
        self.explain(rect, board_tip(board.suit, leaders, board.power))
        landed = board_landed or [len(cards) for cards in board.played]
        all_down = all(n >= len(cards) for n, cards in zip(landed, board.played))
        for seat in range(geo.n):
            row = geo.board_row(seat)
            if row.bottom > rect.bottom:
                break
            cards = board.played[seat]
            down = landed[seat]
            leading = seat in board.leaders and all_down
            if leading:
                pygame.draw.rect(surface, blend(pal.panel, ink, 0.45), row, border_radius=u(5))
            name = self.names[seat] + (" (Raven)" if shown.raven[seat] else "")
            name, size = fit_text(name, lay.text_px(14), u(120))
            draw_text(surface, name, size, pal.text,
                      (row.x + u(6), row.centery), anchor="midleft")
            dead = list(board.killed[seat])
            for i, card in enumerate(cards[:down]):  # face up: the rules reveal them all at once
                box = geo.board_slot(seat, i, len(cards))
                deck, art = hand_asset(self.cards, card)
                surface.blit(assets.card_face(deck, art, box.size), box)
                killed = card in dead
                if killed:
                    dead.remove(card)
                    self.cross_out(surface, box)
                self.explain(box, card_tip(card, self.cards, self.params, killed=killed))
            if down >= len(cards):  # the count once the seat's cards are down: it agrees with the log
                count_text = str(board.counts[seat]) + (" (killed)" if board.killed[seat] else "")
                drawn = draw_text(surface, count_text, lay.text_px(15), pal.focus if leading else pal.text,
                                  (row.right - u(8), row.centery), anchor="midright", bold=leading)
                self.explain(drawn, board_count_tip(self.names[seat], board.suit, board.counts[seat],
                                                    bool(board.killed[seat]), leading))

    def cross_out(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A killed card's cross."""
        width = max(2, self.lay.px(3))
        pygame.draw.line(surface, self.pal.danger, rect.topleft, rect.bottomright, width)
        pygame.draw.line(surface, self.pal.danger, rect.topright, rect.bottomleft, width)

    # --- the bottom seat's hand overlays ------------------------------------------------------------------
    def hand_marks(self, surface: pygame.Surface, hand: Sequence[Card], magick: Sequence[Card],
                   open_cards: Sequence[Card], cursor: int | None, viewer: int | None) -> None:
        """The marks over the cards (``cursor``: the hand index the keyboard's focus is on, if any) and the label
        over the hand."""
        geo, shown = self.geo, self.shown
        lay, pal = self.lay, self.pal
        u = lay.px
        for card in open_cards:  # another seat's killed card, face up in the replay of an ended game
            if card.visible and card.killed:
                self.cross_out(surface, card.rect)
        for card in hand:
            if not card.visible:
                continue
            rect = card.rect
            if card.selected:
                pygame.draw.rect(surface, pal.focus, rect.inflate(u(8), u(8)), max(2, u(4)), border_radius=u(8))
            if card.index == cursor:
                ring = 2 * u(RING)
                pygame.draw.rect(surface, pal.accent, rect.inflate(ring, ring), max(2, u(2)), border_radius=u(10))
            tag = "KILLED" if card.killed else ("TO PASS" if card.passing else "")
            if tag:
                box = pygame.Rect(0, 0, rect.w - u(6), u(22))
                box.midbottom = (rect.centerx, rect.bottom - u(4))
                pygame.draw.rect(surface, pal.danger if card.killed else pal.panel, box, border_radius=u(5))
                draw_text(surface, tag, fit_size(tag, lay.text_px(13), box.w - 4, bold=True), pal.text, box.center,
                          anchor="center", bold=True)
            if card.code and card.code.startswith("m:"):
                suit = suit_of(card.code)
                word = f"{SUIT_NAMES.get(suit, SECRET_SUIT_WORDS)} x{weight_of(card.code)}"
                box = pygame.Rect(0, 0, rect.w - u(6), u(20))
                box.midtop = (rect.centerx, rect.y + u(4))
                pygame.draw.rect(surface, pal.suits.get(suit, pal.panel), box, border_radius=u(5))
                draw_text(surface, word, fit_size(word, lay.text_px(13), box.w - 4, bold=True), (250, 245, 235),
                          box.center, anchor="center", bold=True)
        if hand or magick:
            label = HAND_LABEL if viewer is not None else f"{self.names[geo.me]}'s hand"
            place = geo.hand_label
            drawn = draw_text(surface, label, fit_size(label, lay.text_px(LABEL_TEXT), place.w), pal.text_dim,
                              place.midleft, anchor="midleft")
            tip = HAND_LABEL_TIP if viewer is not None else \
                open_hand_tip(self.names[geo.me]) if shown.opened else SPECTATOR_HAND_TIP
            self.explain(drawn, tip)

    def magick_label(self, surface: pygame.Surface, viewer: int | None) -> None:
        """The label over the bottom seat's Magick cards."""
        lay, place = self.lay, self.geo.magick_label
        drawn = draw_text(surface, MAGICK_LABEL, fit_size(MAGICK_LABEL, lay.text_px(LABEL_TEXT), place.w),
                          self.pal.text_dim, place.midright, anchor="midright")
        self.explain(drawn, open_hand_tip(self.names[self.geo.me]) if viewer is None and self.shown.opened else
                     MAGICK_LABEL_TIP)

    def ask_again(self, surface: pygame.Surface, button: pygame.Rect, hot: bool) -> None:
        """The row over the Magick cards while their windows are passed: what happens, and the button that stops
        it (``hot``: under the mouse)."""
        lay, pal, hand = self.lay, self.pal, self.geo.hand_label
        panel(surface, button, blend(pal.panel, pal.accent, 0.6 if hot else 0.25), pal.focus if hot else
              pal.panel_edge, radius=lay.px(6), width=max(1, lay.px(2 if hot else 1)))
        size = lay.text_px(LABEL_TEXT)
        draw_text(surface, ASK_AGAIN_LABEL, fit_size(ASK_AGAIN_LABEL, size, button.w - lay.px(8), bold=True),
                  pal.text, button.center, anchor="center", bold=True)
        room = button.x - lay.px(8) - hand.centerx  # left of the button, over the hand's right half at most
        said = draw_text(surface, MUTED_LABEL, fit_size(MUTED_LABEL, size, room), pal.focus,
                         (button.x - lay.px(8), button.centery), anchor="midright")
        self.explain(button.union(said), ASK_AGAIN_TIP)

    # --- caption, pop-up, banner --------------------------------------------------------------------------
    def caption(self, surface: pygame.Surface, text: str) -> None:
        lay, pal = self.lay, self.pal
        rect = self.geo.caption
        size = fit_size(text, lay.text_px(17), rect.w - lay.px(16), bold=True)
        panel(surface, rect, pal.background, pal.panel_edge, radius=lay.px(8), alpha=210)
        draw_text(surface, text, size, pal.text, rect.center, anchor="center", bold=True)
        self.explain(rect, CAPTION_TIP)

    def popup_centre(self, prompt: pygame.Rect | None) -> tuple[int, int] | None:
        """Where a Magick card pops up: over the suit board, above the ``prompt`` panel; None when a tall prompt
        leaves no room (its title names the card)."""
        geo = self.geo
        board = geo.board
        half = self.lay.px(POPUP_H) // 2
        centre = (board.centerx, max(board.centery, board.y + half))
        if prompt is not None and centre[1] + half > prompt.y - self.lay.px(6):
            centre = (centre[0], prompt.y - self.lay.px(6) - half)
            if centre[1] - half < geo.tokens[0].bottom:
                return None
        return centre

    def magick_panel(self, surface: pygame.Surface, card_id: str, line: str, centre: tuple[int, int],
                     alpha: float) -> None:
        """A Magick card popped up with its title, rules text and who plays it how."""
        lay, pal = self.lay, self.pal
        u = lay.px
        cards = self.cards
        card = cards.get(card_id)
        layer = pygame.Surface((u(470), u(POPUP_H)), pygame.SRCALPHA)
        rect = layer.get_rect()
        deck = magick_deck(cards, card_id)
        panel(layer, rect, RAVEN_FILL if deck == "shadow" else (44, 36, 30), pal.suits[deck], radius=u(12),
              alpha=245, width=max(2, u(3)))
        face = assets.card_face("magick", magick_asset(cards, card_id), lay.card_size(POPUP_H - 28))
        layer.blit(face, face.get_rect(midleft=(u(14), rect.centery)))
        x = u(14) + face.get_width() + u(14)
        width = rect.w - x - u(12)
        title = magick_title(card_id, cards)
        draw_text(layer, title, fit_size(title, lay.text_px(22), width, serif=True, bold=True), pal.focus,
                  (x, u(14)), serif=True, bold=True)
        body = card.text if card is not None else ""
        used = draw_wrapped(layer, body, lay.text_px(15), pal.text, pygame.Rect(x, u(46), width, u(96)))
        if line:
            draw_wrapped(layer, line, lay.text_px(14), pal.accent, pygame.Rect(x, u(50) + used, width, u(40)))
        if alpha < 255:
            layer.set_alpha(int(alpha))
        self.explain(surface.blit(layer, layer.get_rect(center=centre)), magick_tip(card_id, cards))

    def prompt(self, surface: pygame.Surface, rect: pygame.Rect, buttons: Sequence[Button], caption: str, title: str,
               note: str, focus: Button | None, tip: str, button_tips: Sequence[str]) -> None:
        """The prompt panel placed by ``place_prompt``: the caption line, the title, the note and the buttons
        (``focus``: the one the keyboard is on), the panel explained by ``tip`` and each button by its tip."""
        lay, pal = self.lay, self.pal
        u = lay.px
        panel(surface, rect, pal.panel, pal.focus, radius=u(10), alpha=240, width=max(2, u(2)))
        top = rect.y
        if caption:
            draw_text(surface, caption, fit_size(caption, lay.text_px(14), rect.w - u(20)), pal.text_dim,
                      (rect.centerx, rect.y + u(14)), anchor="center")
            top += u(22)
        draw_text(surface, title, fit_size(title, lay.text_px(17), rect.w - u(20), bold=True), pal.focus,
                  (rect.centerx, top + u(17)), anchor="center", bold=True)
        self.explain(rect, tip)
        step = font(lay.text_px(NOTE_TEXT)).get_linesize()
        y = top + u(34)
        for line in note_lines(lay, note, rect.w):
            draw_text(surface, line, lay.text_px(NOTE_TEXT), pal.text, (rect.centerx, y), anchor="midtop")
            y += step
        size = lay.text_px(16)
        for b, button_tip in zip(buttons, button_tips):
            assert b.rect is not None  # place_prompt placed every button
            hot = b is focus
            fill = (blend(pal.panel, pal.accent, 0.6 if hot else 0.12) if b.enabled
                    else blend(pal.panel, pal.background, 0.5))
            panel(surface, b.rect, fill, pal.focus if hot else pal.panel_edge, radius=u(7),
                  width=max(2, u(3)) if hot else max(1, u(1)))
            draw_fitted(surface, b.label, size, pal.text if b.enabled else pal.text_dim,
                        b.rect.inflate(-u(10), -u(4)), centre=True, bold=True)  # a long card title wraps, never cut
            self.explain(b.rect, button_tip)

    def banner(self, surface: pygame.Surface, table: pygame.Rect, text: str, raven: bool, alpha: float) -> None:
        """A turn of the game across the ``table`` (``raven``: a Raven's, in its colours)."""
        lay, pal = self.lay, self.pal
        layer = pygame.Surface((table.w, lay.px(96)), pygame.SRCALPHA)
        layer.fill((10, 6, 16, 235) if raven else (40, 30, 20, 235))
        edge = RAVEN_EDGE if raven else pal.focus
        pygame.draw.line(layer, edge, (0, 1), (table.w, 1), max(2, lay.px(3)))
        pygame.draw.line(layer, edge, (0, layer.get_height() - 2), (table.w, layer.get_height() - 2), max(2, lay.px(3)))
        if raven:
            art = glyph_image("raven", lay.px(80), RAVEN_EDGE)
            layer.blit(art, art.get_rect(midleft=(lay.px(30), layer.get_height() // 2)))
            layer.blit(pygame.transform.flip(art, True, False),
                       art.get_rect(midright=(table.w - lay.px(30), layer.get_height() // 2)))
        size = fit_size(text, lay.text_px(34), table.w - lay.px(240), serif=True, bold=True)
        draw_text(layer, text, size, edge if raven else pal.focus,
                  (table.w // 2, layer.get_height() // 2), anchor="center", serif=True, bold=True)
        layer.set_alpha(int(alpha))
        self.explain(surface.blit(layer, layer.get_rect(center=(table.centerx, self.geo.ring.centery))), BANNER_TIP)


# ----- the prompt -----------------------------------------------------------------------------------------
NOTE_TEXT = 15
"""Reference size of the prompt's note (the text of the Magick card to answer)."""
NOTE_WIDTH = 560
"""Reference width a prompt with a card's text (the Magick card to answer) is at least given, room allowing."""
HINT_TAG_TEXT = 14
"""Reference size of the hint's tag over the button it rings (``game.ui.hint_panel``): room is left for it."""


def place_prompt(lay: Layout, table: pygame.Rect, bottom: int, buttons: Sequence[Button],
                 tagged: Callable[[list[Button]], bool], title: str, note: str, caption: bool) -> pygame.Rect:
    """The prompt panel over ``bottom``, its ``buttons`` placed in it (each ``rect`` set) flowing into rows and
    growing upwards: under the ``caption`` line if one shows, the ``title`` and the ``note``, with room for the
    hint's tag over a row it marks (``tagged``), so that the tag covers neither the text nor the row above."""
    u = lay.px
    size = lay.text_px(16)
    face = font(size, bold=True)
    max_w = table.w - u(40)
    bh, gap = u(32), u(6)
    rows: list[list[Button]] = [[]]
    width = 0
    for b in buttons:
        w = min(max_w - u(24), face.size(b.label)[0] + u(26))
        b.rect = pygame.Rect(0, 0, w, bh)
        if rows[-1] and width + gap + w > max_w - u(24):
            rows.append([])
            width = 0
        width += (gap if rows[-1] else 0) + w
        rows[-1].append(b)
    tag = font(lay.text_px(HINT_TAG_TEXT), bold=True).size(HINT_TAG)[1] + lay.px(4)
    rooms = [tag if tagged(row) else 0 for row in rows]
    title_w = font(lay.text_px(17), bold=True).size(title)[0] + u(30)
    widest = max([row_width(r, gap) + u(24) for r in rows] + [title_w, u(360), u(NOTE_WIDTH) if note else 0])
    width = min(max_w, widest)
    note_h = len(note_lines(lay, note, width)) * font(lay.text_px(NOTE_TEXT)).get_linesize()
    extra = (u(22) if caption else 0) + note_h + (u(4) if note else 0)
    rect = pygame.Rect(0, 0, width, u(36) + extra + len(rows) * (bh + gap) + sum(rooms) + u(4))
    rect.midbottom = (table.centerx, bottom)
    y = rect.y + u(34) + extra
    for r, room in zip(rows, rooms):
        y += room
        x = rect.centerx - row_width(r, gap) // 2
        for b in r:
            assert b.rect is not None  # sized above
            b.rect.topleft = (x, y)
            x += b.rect.w + gap
        y += bh + gap
    return rect


def row_width(row: list[Button], gap: int) -> int:
    """A row of sized buttons, side by side ``gap`` apart."""
    return sum(b.rect.w for b in row if b.rect is not None) + gap * (len(row) - 1)


def note_lines(lay: Layout, note: str, width: int) -> tuple[str, ...]:
    """The prompt's note wrapped inside a panel ``width`` wide."""
    return wrap_cached(note, lay.text_px(NOTE_TEXT), width - lay.px(24)) if note else ()


# ----- the hand summary --------------------------------------------------------------------------------
COLUMN_WIDTHS = (150, 116, 80, 92, 150, 250)
"""Reference widths of the summary's columns (``SUMMARY_COLUMNS``)."""


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
