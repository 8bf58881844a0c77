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
from game.ui.plates import dealer_chip, draw_plate, medallion
from game.ui.score_table import CONTINUE, Column, Line, column_rects, draw_score_table, overlay_rect
from game.ui.sprites import CardSprite, Sprite
from game.ui.text import draw_fitted, draw_text, draw_wrapped, fit_lines, fit_size, fit_text, panel, wrap_cached
from game.ui.theme import Colour, Palette, blend, font

from .rules import events as ev
from .rules.cards import is_added, magick_id_of, sort_cards, suit_of, weight_of
from .rules.config import Config
from .rules.magick_data import MagickCard
from .rules.observe import NevermoreObservation
from .rules.state import NevermoreState
from .words import ASK_AGAIN_LABEL, ASK_AGAIN_TIP, BANNER_TIP, BOARD_IDLE_HEAD, BOARD_IDLE_TIP, CAPTION_TIP, \
    CUBE_TIPS, DEALER_TIP, FACE_DOWN_CARD_TIP, HAND_LABEL, HAND_LABEL_TIP, MAGICK_LABEL, MAGICK_LABEL_TIP, \
    MUTED_LABEL, NONE_WORD, PASSED_WORD, PILE_LABELS, \
    PASSED_TIP, SECRET_SUIT_WORDS, Params, SHROUDED_TIP, SPECTATOR_HAND_TIP, SUIT_NAMES, SUMMARY_COLUMN_TIPS, \
    SUMMARY_COLUMNS, SUMMARY_RESULTS, WARDED_TIP, board_count_tip, board_head, board_tip, card_tip, direction_tip, \
    cards_word, direction_words, face_down_magick_tip, hand_size_tip, health_tip, magick_count_tip, magick_tip, \
    magick_title, \
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
CAPTION_TEXT = 17
DIRECTION_TEXT = 15
PILE_COUNT_TEXT = 15
PLATE_TEXT = 14
PLATE_NAME_TEXT = 16
PLATE_DIGIT = "8"
TOP_SIN = 0.85
"""A seat this high on the plates' ellipse (the sine of its angle) sits along the table's top."""
CARD_ICON = (11, 15)
"""A card back's size on a plate, beside a count."""
"""A count as wide as most, to size a plate's last row by."""
BOARD_NAME_TEXT = 14
BOARD_HEAD_TEXT = 17
BOARD_IDLE_TEXT = 16
BOARD_NAME = 132
BOARD_COUNT = 84
"""The suit board row's name column, and the room left at its right for the count (``2 (killed)``)."""


def plate_rows(lay: Layout) -> tuple[int, int, int, int]:
    """The centre heights, from a plate's top, of its name, Health, VP and cards rows: as at 100% unless the
    text size needs more room between them."""
    u = lay.px
    name_h = font(lay.text_px(PLATE_NAME_TEXT), bold=True).get_height()
    small_h = font(lay.text_px(PLATE_TEXT)).get_height()
    name_y = max(u(17), name_h // 2 + u(2))
    first = name_y + max(u(23), (name_h + small_h) // 2 + u(1))
    step = max(u(20), small_h + u(1))
    return (name_y, first, first + step, first + 2 * step)


def board_header(lay: Layout, width: int) -> int:
    """The suit board's header height: one line at 100% (a long heading shrinks a little, as it always did),
    room for two at a bigger text size, where the heading wraps instead."""
    if lay.text_scale <= 1:
        return lay.px(32)
    size = lay.text_px(BOARD_HEAD_TEXT)
    lines, _ = fit_lines(BOARD_IDLE_HEAD, size, (width - lay.px(50), 10 * size), bold=True, minimum=size)
    return max(lay.px(32), len(lines) * font(size, bold=True).get_height() + lay.px(6))


class Geometry:
    """Every place on the table, in pixels, for ``players`` seats with ``me`` at the bottom left."""

    def __init__(self, lay: Layout, table: pygame.Rect, players: int, me: int) -> None:
        self.lay, self.table, self.n, self.me = lay, table, players, me
        u = lay.px
        self.plate_rows = plate_rows(lay)
        small = lay.text_px(PLATE_TEXT)
        count_w = u(CARD_ICON[0]) + u(3) + font(small, bold=True).size(PLATE_DIGIT)[0] + u(9)
        rest = font(small, bold=True).size(PASSED_WORD)[0] + 2 * count_w + u(28)
        self.cards_word = font(small).size(cards_word(int(PLATE_DIGIT)))[0] + u(10) + rest <= u(PLATE[0])
        """Whether a plate's cards row says "Cards 5" (else a card icon and 5, when the text size leaves no room)."""
        height = self.plate_rows[3] + font(small).get_height() // 2 + u(4)
        self.plate_size = (max(u(PLATE[0]), (0 if self.cards_word else count_w) + rest), max(u(PLATE[1]), height))
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
            if lay.text_scale > 1 and math.sin(theta) > TOP_SIN:  # taller plates near the top go up to its edge,
                rect.y = table.y + u(8)                           # clear of the direction line under them
            self.plates[seat] = rect
        # the bottom: the hands with their labels over them, then the prompt and the caption line above
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
        caption_h = font(lay.text_px(CAPTION_TEXT), bold=True).get_height() + u(2)
        self.caption = pygame.Rect(0, 0, u(600), max(u(26), caption_h))
        self.caption.midbottom = (cx, self.prompt_bottom)
        # the centre: the direction line over the tokens, the piles beside them, the suit board below
        self.token_size = (u(TOKEN[0]), u(TOKEN[1]))
        self.board_w = u(480)
        self.board_header = board_header(lay, self.board_w)
        name_h = font(lay.text_px(BOARD_NAME_TEXT)).get_height() + u(4)
        row = max(u({3: 32, 4: 30, 5: 27}.get(players, 24)), name_h)
        board_need = self.board_header + u(8) + players * row
        step = self.token_size[0] + u(12)
        ty = self.token_row(table.y + round(table.h * 0.31), board_need, step)
        self.tokens = [pygame.Rect(0, 0, *self.token_size) for _ in range(4)]
        for i, rect in enumerate(self.tokens):
            rect.center = (round(cx + (i - 1.5) * step), ty)
        self.pile_size = lay.card_size(46)
        # the piles' labels and counts below them: spaced by the widest label, raised clear of the suit board
        label_w = max(font(lay.text_px(LABEL_TEXT)).size(word)[0] for word in PILE_LABELS.values())
        self.pile_w = max(self.pile_size[0], label_w)
        self.pile_text_h = (font(lay.text_px(LABEL_TEXT)).get_height() - u(2)
                            + font(lay.text_px(PILE_COUNT_TEXT), bold=True).get_height())
        board_top = self.tokens[0].bottom + u(16)
        self.piles = self.place_piles(board_top, max(u(60), label_w + u(8)), max(u(36), label_w // 2 + u(11)))
        height = min(self.caption.y - u(8) - board_top, board_need)
        self.board = pygame.Rect(0, 0, self.board_w, height)
        self.board.midtop = (cx, board_top)
        self.ring = pygame.Rect(0, 0, round(table.w * 0.56), round(table.h * 0.5))
        self.ring.center = (cx, round(table.y + table.h * 0.40))
        self.arrow_size = u(14)
        self.ring_arrows = self._arrow_angles()
        self.mini = lay.card_size(MINI)
        self.open_size = lay.card_size(OPEN_CARD)
        self.busy = self._busy()

    def token_row(self, ty: int, board_need: int, step: int) -> int:
        """The tokens' height ``ty``: raised when the suit board under them would be short of ``board_need`` (a
        big text size on a full table) as far as the name plates over them allow, lowered when a plate grown
        for a big text size would cover the direction line or the tokens."""
        u, th = self.lay.px, self.token_size[1]
        short = board_need - (self.caption.y - u(8) - (ty + th // 2 + u(16)))
        size = self.lay.text_px(DIRECTION_TEXT)
        line = pygame.Rect(0, 0, font(size, bold=True).size(direction_words(10, False))[0], font(size).get_height())
        rail = pygame.Rect(0, 0, 4 * step + u(18), 1)
        line.centerx = rail.centerx = self.table.centerx
        floor = self.table.y
        for plate in self.plates.values():
            if plate.centery < ty and plate.x < line.right and line.x < plate.right:
                floor = max(floor, plate.bottom + u(4) + line.h // 2 + u(24) + th // 2)
            if plate.centery < ty and plate.x < rail.right and rail.x < plate.right:
                floor = max(floor, plate.bottom + u(4) + u(8) + th // 2)
        return max(floor, ty - max(0, short))

    def place_piles(self, board_top: int, apart: int, beside: int) -> dict[str, tuple[int, int]]:
        """The piles' centres: beside the tokens, raised clear of the suit board; when the text size runs them
        into a name plate, up in the table's top corners, side by side or one over the other."""
        u, table = self.lay.px, self.table
        left, right = self.tokens[0].x - beside, self.tokens[3].right + beside
        py = min(self.tokens[0].centery - u(12), board_top - u(4) - self.pile_text_h - self.pile_size[1] // 2)
        y = table.y + u(12) + self.pile_size[1] // 2
        below = y + self.pile_area((0, y)).h + u(4)
        near, far = table.x + u(12) + self.pile_w // 2, table.right - u(12) - self.pile_w // 2
        choices = [{"discard": (left, py), "deck": (left - apart, py),
                    "light": (right, py), "shadow": (right + apart, py)},
                   {"deck": (near, y), "discard": (near + apart, y), "light": (far - apart, y), "shadow": (far, y)},
                   {"deck": (near, y), "discard": (near, below), "light": (far, below), "shadow": (far, y)}]
        return next((piles for piles in choices if not self.crowded(piles)), choices[0])

    def pile_area(self, spot: tuple[int, int]) -> pygame.Rect:
        """A pile at ``spot`` with its label and count below it."""
        w, h = self.pile_size
        rect = pygame.Rect(0, 0, self.pile_w, h + self.lay.px(1) + self.pile_text_h)
        rect.midtop = (spot[0], spot[1] - h // 2)
        return rect

    def crowded(self, piles: Mapping[str, tuple[int, int]]) -> bool:
        """Whether a pile or its label at these spots would run into a name plate or off the table."""
        areas = [self.pile_area(spot) for spot in piles.values()]
        plates = list(self.plates.values())
        return any(area.collidelist(plates) >= 0 or not self.table.contains(area) for area in areas)

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
        piles = [self.pile_area(spot) for spot in self.piles.values()]
        centre = self.tokens[0].unionall(self.tokens)
        centre.y, centre.h = centre.y - u(24), centre.h + u(24)  # the direction line over the tokens
        bottom = self.hand_label.unionall([self.hand_area, self.magick_area, self.magick_label])
        bottom.y, bottom.h = bottom.y - self.hand_lift, bottom.h + self.hand_lift
        return [centre, *piles, self.board, self.caption, bottom]

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where things fly to for a seat: its plate (the viewer's: the hand)."""
        if seat == self.me:
            return (float(self.hand_area.centerx), float(self.hand_y))
        x, y = self.plates[seat].center
        return (float(x), float(y))

    def cube_point(self, seat: int, vp: bool) -> tuple[float, float]:
        """Where cubes land on a seat's plate: on its VP row, else on its Health row."""
        r = self.plates[seat]
        return (r.x + r.w * 0.45, r.y + self.plate_rows[2 if vp else 1] + self.lay.px(4))

    def board_row(self, seat: int) -> pygame.Rect:
        """The row of the suit board for a seat."""
        u = self.lay.px
        header = self.board_header
        row_h = min(max(u(32), font(self.lay.text_px(BOARD_NAME_TEXT)).get_height() + u(4)),
                    max(u(18), (self.board.h - header - u(6)) // max(1, self.n)))
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
POPUP_W = 470
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


@lru_cache(maxsize=8)
def token_glow(size: tuple[int, int], spread: int, pal: Palette) -> pygame.Surface:
    """The light behind the Resolution token being resolved: soft rings of the focus colour."""
    w, h = size
    image = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
    for step in range(spread, 0, -max(1, spread // 6)):
        ring = image.get_rect().inflate(-2 * step, -2 * step)
        alpha = round(150 * (1 - step / spread)) + 20
        pygame.draw.rect(image, (*pal.focus, alpha), ring.inflate(step, step), border_radius=w // 5 + step)
    return image


@lru_cache(maxsize=8)
def caption_image(text: str, size: tuple[int, int], text_px: int, radius: int, pal: Palette) -> pygame.Surface:
    """The caption line on its plate, drawn once per text (it shows for many frames)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    draw_plate(image, rect, pal, turn=False, radius=radius)
    draw_text(image, text, fit_size(text, text_px, rect.w - 2 * radius, bold=True), pal.text, rect.center,
              anchor="center", bold=True)
    return image


@lru_cache(maxsize=16)
def raven_veil(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The shade laid over a Raven's plate (drawn once per size)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (*RAVEN_FILL, 200), veil.get_rect(), border_radius=radius)
    return veil


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
    cut: float = 1.0
    """How far the red cuts across killed cards on the suit board are drawn (0 to 1: the kill's cue)."""

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
        drawn = draw_text(surface, direction_words(shown.hand_no, left), lay.text_px(DIRECTION_TEXT), pal.text_dim,
                          (geo.tokens[0].centerx + (geo.tokens[3].centerx - geo.tokens[0].centerx) // 2,
                           geo.tokens[0].y - lay.px(24)), anchor="center", bold=True)
        self.explain(drawn, direction_tip(shown.hand_no, left))

    def tokens(self, surface: pygame.Surface, flipping: int, turned: float, flip_from: str | None,
               resolving_suit: bool, everyone_knows: bool) -> None:
        """The Resolution tokens, the ``flipping`` one turning over from ``flip_from`` as far as ``turned`` says
        (0: not turning); ``resolving_suit``: the last one revealed is resolving now."""
        geo, shown = self.geo, self.shown
        pal, lay = self.pal, self.lay
        rail = geo.tokens[0].unionall(geo.tokens).inflate(lay.px(18), lay.px(16))
        draw_plate(surface, rail, pal, turn=False, radius=lay.px(12))
        for i, rect in enumerate(geo.tokens):
            suit = shown.tokens[i] if i < len(shown.tokens) else None
            if i == shown.revealed - 1 and resolving_suit:  # the token resolving now is lit from behind
                glow = token_glow(rect.size, lay.px(14), pal)
                surface.blit(glow, glow.get_rect(center=rect.center))
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
        items = {"deck": ("nevermore", PILE_LABELS["deck"], s.deck),
                 "discard": ("nevermore", PILE_LABELS["discard"], s.discard),
                 "light": ("light", PILE_LABELS["light"], s.ldeck),
                 "shadow": ("shadow", PILE_LABELS["shadow"], s.sdeck)}
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
            size = draw_text(surface, str(number), lay.text_px(PILE_COUNT_TEXT), pal.text,
                             (x, below.bottom - lay.px(2)), anchor="midtop", bold=True)
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
        draw_plate(surface, rect, pal, turn=turn, radius=u(10), you=you)
        if raven:  # the Raven side of the marker: the plate goes dark, edged in the Raven's violet
            surface.blit(raven_veil(rect.size, u(10)), rect)
        if target or (raven and not turn):
            width = max(2, u(3)) if target else max(1, u(2))
            pygame.draw.rect(surface, pal.focus if target else RAVEN_EDGE, rect, width, border_radius=u(10))
        self.explain(rect, tip)
        who = self.names[seat]
        if raven:
            art = glyph_image("raven", int(rect.h * 0.9), RAVEN_EDGE).copy()
            art.set_alpha(70)
            surface.blit(art, art.get_rect(midright=(rect.right - u(4), rect.centery)))
        token = medallion(seat, u(26), turn=turn)
        top, y1, y2, y3 = (rect.y + dy for dy in geo.plate_rows)
        surface.blit(token, token.get_rect(center=(rect.x + u(18), top)))
        name = who + ("  (you)" if you else "")
        room = rect.w - u(70 if seat == s.dealer else 44)  # clear of the dealer's chip
        name, size = fit_text(name, lay.text_px(PLATE_NAME_TEXT), room, bold=True,
                              minimum=lay.text_px(PLATE_NAME_TEXT))
        draw_text(surface, name, size, pal.text, (rect.x + u(36), top), anchor="midleft", bold=True)
        if seat == s.dealer:
            chip = dealer_chip(u(24))
            spot = surface.blit(chip, chip.get_rect(midright=(rect.right - u(6), top)))
            self.explain(spot, DEALER_TIP)
        small = lay.text_px(PLATE_TEXT)
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
        icon = (u(CARD_ICON[0]), u(CARD_ICON[1]))
        if geo.cards_word:
            used = draw_text(surface, cards_word(s.hand_sizes[seat]), small, pal.text_dim, (x, y3), anchor="midleft")
        else:
            image = assets.card_back("nevermore", icon)
            spot = surface.blit(image, image.get_rect(midleft=(x, y3)))
            used = spot.union(draw_text(surface, str(s.hand_sizes[seat]), small, pal.text,
                                        (x + icon[0] + u(3), y3), anchor="midleft", bold=True))
        self.explain(used, hand_size_tip(who, s.hand_sizes[seat]))
        x = used.right + u(10 if geo.cards_word else 9)
        if self.config.magick.enabled:
            for back, number in zip(("light", "shadow"), s.magick_counts[seat]):
                image = assets.card_back(back, icon)
                spot = surface.blit(image, image.get_rect(midleft=(x, y3)))
                used = draw_text(surface, str(number), small, pal.text, (x + icon[0] + u(3), y3), anchor="midleft",
                                 bold=True)
                self.explain(spot.union(used), magick_count_tip(who, back, number))
                x = used.right + u(9)
        if s.draft_round >= 0 and s.committed[seat]:
            word = draw_text(surface, PASSED_WORD, small, pal.good, (rect.right - u(8), y3), anchor="midright",
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
        lay, pal = self.lay, self.pal
        u = lay.px
        rect = geo.board
        draw_plate(surface, rect, pal, turn=False, radius=u(12))
        if board is None:
            self.idle_board(surface)
            return
        ink = ink_on(pal.suits[board.suit], pal.panel)
        pygame.draw.rect(surface, ink, rect, max(2, u(3)), border_radius=u(12))
        pygame.draw.rect(surface, blend(pal.panel, ink, 0.4), rect.inflate(-u(8), -u(8)), 1, border_radius=u(9))
        glyph = glyph_image(board.suit, u(22), ink)
        middle = rect.y + geo.board_header // 2
        surface.blit(glyph, glyph.get_rect(midleft=(rect.x + u(10), middle)))
        leaders = [self.names[s] for s in board.leaders]
        self.board_head(surface, board_head(board.suit, leaders, board.power), BOARD_HEAD_TEXT, pal.text,
                        pygame.Rect(rect.x + u(38), rect.y, rect.w - u(50), geo.board_header), centre=False)
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
            token = medallion(seat, row.h - u(6), turn=leading)
            surface.blit(token, token.get_rect(midleft=(row.x + u(4), row.centery)))
            name = self.names[seat] + (" (Raven)" if shown.raven[seat] else "")
            name, size = fit_text(name, lay.text_px(BOARD_NAME_TEXT), u(BOARD_NAME) - row.h - u(4))
            draw_text(surface, name, size, pal.text, (row.x + row.h + u(2), row.centery), anchor="midleft")
            dead = list(board.killed[seat])
            for i, card in enumerate(cards[:down]):  # face up: the rules reveal them all at once
                box = geo.board_slot(seat, i, len(cards))
                deck, art = hand_asset(self.cards, card)
                surface.blit(assets.card_face(deck, art, box.size), box)
                killed = card in dead
                if killed:
                    dead.remove(card)
                    self.cross_out(surface, box, self.cut)
                self.explain(box, card_tip(card, self.cards, self.params, killed=killed))
            if down >= len(cards):  # the count once the seat's cards are down: it agrees with the log
                count_text = str(board.counts[seat]) + (" (killed)" if board.killed[seat] else "")
                drawn = draw_text(surface, count_text, lay.text_px(15), pal.focus if leading else pal.text,
                                  (row.right - u(8), row.centery), anchor="midright", bold=leading)
                self.explain(drawn, board_count_tip(self.names[seat], board.suit, board.counts[seat],
                                                    bool(board.killed[seat]), leading))

    def idle_board(self, surface: pygame.Surface) -> None:
        """The suit board between resolutions: framed, each seat's row waiting, its slots empty."""
        geo, lay, pal = self.geo, self.lay, self.pal
        u = lay.px
        rect = geo.board
        pygame.draw.rect(surface, blend(pal.panel, pal.panel_edge, 0.6), rect.inflate(-u(8), -u(8)), 1,
                         border_radius=u(9))
        self.board_head(surface, BOARD_IDLE_HEAD, BOARD_IDLE_TEXT, pal.text_dim,
                        pygame.Rect(rect.x + u(12), rect.y, rect.w - u(24), geo.board_header), centre=True)
        self.explain(rect, BOARD_IDLE_TIP)
        slot = blend(pal.panel, pal.text_dim, 0.3)
        for seat in range(geo.n):
            row = geo.board_row(seat)
            if row.bottom > rect.bottom:
                break
            token = medallion(seat, row.h - u(6))
            surface.blit(token, token.get_rect(midleft=(row.x + u(4), row.centery)))
            name, size = fit_text(self.names[seat], lay.text_px(BOARD_NAME_TEXT), u(BOARD_NAME) - row.h - u(4))
            draw_text(surface, name, size, pal.text_dim, (row.x + row.h + u(2), row.centery), anchor="midleft")
            for i in range(3):
                pygame.draw.rect(surface, slot, geo.board_slot(seat, i, 3), 1, border_radius=u(3))

    def board_head(self, surface: pygame.Surface, text: str, units: int, colour: Colour, room: pygame.Rect, *,
                   centre: bool) -> None:
        """The suit board's heading in its header ``room``: on one line, or two when the text size needs them."""
        lay = self.lay
        size = lay.text_px(units)
        lines: tuple[str, ...]
        if lay.text_scale <= 1:
            line, size = fit_text(text, size, room.w, bold=True)
            lines = (line,)
        else:
            lines, size = fit_lines(text, size, (room.w, room.h), bold=True, minimum=size)
        step = font(size, bold=True).get_height()
        y = room.centery - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            spot = (room.centerx if centre else room.x, round(y + i * step))
            draw_text(surface, line, size, colour, spot, anchor="center" if centre else "midleft", bold=True)

    def cross_out(self, surface: pygame.Surface, rect: pygame.Rect, share: float = 1.0) -> None:
        """A killed card's cross, its two cuts drawn one after the other as ``share`` goes from 0 to 1."""
        width = max(2, self.lay.px(3))
        for (start, end), part in (((rect.topleft, rect.bottomright), min(1.0, share * 2)),
                                   ((rect.topright, rect.bottomleft), max(0.0, share * 2 - 1))):
            if part > 0:
                tip = (start[0] + (end[0] - start[0]) * part, start[1] + (end[1] - start[1]) * part)
                pygame.draw.line(surface, self.pal.danger, start, tip, width)

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
        rect = self.geo.caption
        surface.blit(caption_image(text, rect.size, self.lay.text_px(CAPTION_TEXT), self.lay.px(8), self.pal), rect)
        self.explain(rect, CAPTION_TIP)

    def popup_size(self, card_id: str, line: str) -> tuple[int, int]:
        """A popped-up Magick card's panel: wider and taller for a bigger text, so its rules text and line show
        whole."""
        lay, u = self.lay, self.lay.px
        width = min(round(u(POPUP_W) * max(1.0, lay.text_scale)), self.geo.table.w - u(40))
        room = width - u(14) - lay.card_size(POPUP_H - 28)[0] - u(14) - u(12)
        card = self.cards.get(card_id)
        body = wrap_cached(card.text if card is not None else "", lay.text_px(15), room)
        notes = wrap_cached(line, lay.text_px(14), room) if line else ()
        used = (len(body) * font(lay.text_px(15)).get_linesize() + u(4)
                + len(notes) * font(lay.text_px(14)).get_linesize())
        return (width, max(u(POPUP_H), u(46) + used + u(12)))

    def popup_centre(self, prompt: pygame.Rect | None, height: int) -> tuple[int, int] | None:
        """Where a Magick card ``height`` tall pops up: over the suit board, above the ``prompt`` panel; None when
        a tall prompt leaves no room (its title names the card)."""
        geo = self.geo
        board = geo.board
        half = height // 2
        centre = (board.centerx, max(board.centery, board.y + half))
        if prompt is not None and centre[1] + half > prompt.y - self.lay.px(6):
            centre = (centre[0], prompt.y - self.lay.px(6) - half)
            if centre[1] - half < geo.tokens[0].bottom:
                return None
        return centre

    def magick_panel(self, surface: pygame.Surface, card_id: str, line: str, centre: tuple[int, int],
                     alpha: float, size: tuple[int, int]) -> None:
        """A Magick card popped up in a panel of ``size`` (``popup_size``) with its title, rules text and who
        plays it how."""
        lay, pal = self.lay, self.pal
        u = lay.px
        cards = self.cards
        card = cards.get(card_id)
        layer = pygame.Surface(size, pygame.SRCALPHA)
        rect = layer.get_rect()
        deck = magick_deck(cards, card_id)
        panel(layer, rect, RAVEN_FILL if deck == "shadow" else (44, 36, 30), pal.suits[deck], radius=u(12),
              width=max(2, u(3)))
        face = assets.card_face("magick", magick_asset(cards, card_id), lay.card_size(POPUP_H - 28))
        layer.blit(face, face.get_rect(midleft=(u(14), rect.centery)))
        x = u(14) + face.get_width() + u(14)
        width = rect.w - x - u(12)
        title = magick_title(card_id, cards)
        draw_text(layer, title, fit_size(title, lay.text_px(22), width, serif=True, bold=True), pal.focus,
                  (x, u(14)), serif=True, bold=True)
        body = card.text if card is not None else ""
        used = draw_wrapped(layer, body, lay.text_px(15), pal.text, pygame.Rect(x, u(46), width, rect.h - u(58)))
        if line:
            draw_wrapped(layer, line, lay.text_px(14), pal.accent,
                         pygame.Rect(x, u(50) + used, width, rect.h - u(50) - used))
        if alpha < 255:
            layer.set_alpha(int(alpha))
        self.explain(surface.blit(layer, layer.get_rect(center=centre)), magick_tip(card_id, cards))

    def prompt(self, surface: pygame.Surface, rect: pygame.Rect, buttons: Sequence[Button], caption: str, title: str,
               note: str, focus: Button | None, tip: str, button_tips: Sequence[str]) -> None:
        """The prompt panel placed by ``place_prompt``: the caption line, the title, the note and the buttons
        (``focus``: the one the keyboard is on), the panel explained by ``tip`` and each button by its tip."""
        lay, pal = self.lay, self.pal
        u = lay.px
        draw_plate(surface, rect, pal, turn=False, radius=u(10))
        pygame.draw.rect(surface, pal.focus, rect, max(2, u(2)), border_radius=u(10))
        top = rect.y
        caption_band, title_band, _ = prompt_bands(lay)
        if caption:
            draw_text(surface, caption, fit_size(caption, lay.text_px(PROMPT_CAPTION_TEXT), rect.w - u(20)),
                      pal.text_dim, (rect.centerx, rect.y + caption_band // 2 + u(3)), anchor="center")
            top += caption_band
        draw_text(surface, title, fit_size(title, lay.text_px(PROMPT_TITLE_TEXT), rect.w - u(20), bold=True), pal.focus,
                  (rect.centerx, top + title_band // 2), anchor="center", bold=True)
        self.explain(rect, tip)
        step = font(lay.text_px(NOTE_TEXT)).get_linesize()
        y = top + title_band
        for line in note_lines(lay, note, rect.w):
            draw_text(surface, line, lay.text_px(NOTE_TEXT), pal.text, (rect.centerx, y), anchor="midtop")
            y += step
        size = lay.text_px(BUTTON_TEXT)
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
PROMPT_CAPTION_TEXT = 14
PROMPT_TITLE_TEXT = 17
BUTTON_TEXT = 16
"""Reference size of the hint's tag over the button it rings (``game.ui.hint_panel``): room is left for it."""


def prompt_bands(lay: Layout) -> tuple[int, int, int]:
    """The prompt's caption line, title line and button heights: as at 100%, or taller for a bigger text."""
    u = lay.px
    return (max(u(22), font(lay.text_px(PROMPT_CAPTION_TEXT)).get_height() + u(4)),
            max(u(34), font(lay.text_px(PROMPT_TITLE_TEXT), bold=True).get_height() + u(10)),
            max(u(32), font(lay.text_px(BUTTON_TEXT), bold=True).get_height() + u(8)))


def place_prompt(lay: Layout, table: pygame.Rect, bottom: int, buttons: Sequence[Button],
                 tagged: Callable[[list[Button]], bool], title: str, note: str, caption: bool) -> pygame.Rect:
    """The prompt panel over ``bottom``, its ``buttons`` placed in it (each ``rect`` set) flowing into rows and
    growing upwards: under the ``caption`` line if one shows, the ``title`` and the ``note``, with room for the
    hint's tag over a row it marks (``tagged``), so that the tag covers neither the text nor the row above."""
    u = lay.px
    face = font(lay.text_px(BUTTON_TEXT), bold=True)
    max_w = table.w - u(40)
    caption_band, title_band, bh = prompt_bands(lay)
    gap = u(6)
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
    title_w = font(lay.text_px(PROMPT_TITLE_TEXT), bold=True).size(title)[0] + u(30)
    widest = max([row_width(r, gap) + u(24) for r in rows] + [title_w, u(360), u(NOTE_WIDTH) if note else 0])
    width = min(max_w, widest)
    note_h = len(note_lines(lay, note, width)) * font(lay.text_px(NOTE_TEXT)).get_linesize()
    extra = (caption_band if caption else 0) + note_h + (u(4) if note else 0)
    rect = pygame.Rect(0, 0, width, title_band + u(2) + extra + len(rows) * (bh + gap) + sum(rooms) + u(4))
    rect.midbottom = (table.centerx, bottom)
    y = rect.y + title_band + extra
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
