"""What the Nevermore table shows (``Shown``: from the viewer's observation, or public facts only for a
spectator) and where everything sits (``Geometry``, from 1280x720 reference units).

``Shown`` is the *display*: animations change its numbers step by step (a cube lands, a Health pip goes
out) and every batch of events ends by building it again from the state, so nothing can be lost.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from game.core.contracts import Action
from game.ui.layout import Layout
from game.ui.sprites import CardSprite
from game.ui.theme import font

from .rules.cards import count, is_added, magick_id_of, sort_cards
from .rules.magick_data import MagickCard
from .rules.observe import NevermoreObservation
from .rules.state import NevermoreState
from .text import card_words as text_card_words, magick_title

ASK_AGAIN_KEY = pygame.K_m
"""The key that turns "Don't ask again this hand" off (the button "Ask again" over the Magick cards)."""
SUIT_WORDS = {"attack": "Attack", "healing": "Healing", "radiance": "Radiance", "victory": "Victory",
              "raven": "Raven"}


@dataclass
class Board:
    """One suit as resolved: every seat's cards of it (killed ones marked), counts and leaders."""

    suit: str
    played: list[tuple[str, ...]]
    killed: list[tuple[str, ...]]
    counts: list[int]
    leaders: list[int]
    power: int


def board_of(suit: str, played: Sequence[Sequence[str]], killed: Sequence[Sequence[str]]) -> Board:
    """A board from the public ``revealed_log`` entry of a suit."""
    counts = []
    for cards, dead in zip(played, killed):
        live = list(cards)
        for card in dead:
            if card in live:
                live.remove(card)
        counts.append(count(live, suit))
    top = max(counts) if counts else 0
    below = [c for c in counts if c < top]
    power = top - (max(below) if below else 0) if top > 0 else 0
    leaders = [s for s, c in enumerate(counts) if c == top and top > 0]
    return Board(suit, [tuple(p) for p in played], [tuple(k) for k in killed], counts, leaders, power)


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
    ldisc: int
    sdeck: int
    sdisc: int
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
    board: Board | None = None
    added: list[tuple[str, ...]] = field(default_factory=list)
    secrets: dict[int, Secrets] = field(default_factory=dict)
    """The other seats' hidden cards by seat: empty unless every hand is shown face up (``opened``)."""
    opened: bool = False
    """Whether this display shows every secret (the replay of an ended game), not one seat's knowledge."""


def shown_from(o: NevermoreObservation) -> Shown:
    """The display from what the viewer may know (a spectator's observation: public facts only)."""
    board = None
    if o.revealed_log and o.current_suit in ("", o.revealed_log[-1][0]):
        suit, played, killed = o.revealed_log[-1]
        board = board_of(suit, played, killed)
    mine = o.seat is not None
    return Shown(
        n=o.players, health=list(o.health), vp=list(o.vp), raven=list(o.raven), hand_sizes=list(o.hand_sizes),
        magick_counts=[list(m) for m in o.magick_counts], deck=o.deck_size, discard=len(o.discard),
        ldeck=o.light_deck_size, ldisc=len(o.light_discard), sdeck=o.shadow_deck_size, sdisc=len(o.shadow_discard),
        tokens=list(o.tokens), revealed=o.revealed, dealer=o.dealer, direction=o.direction, hand_no=o.hand_no,
        draft_round=o.draft_round, committed=list(o.committed), wards=set(o.wards), shrouded=set(o.shrouded),
        hand=list(o.hand) if mine else None, magick=list(o.magick), kills=list(o.my_kills), my_pass=o.my_pass,
        board=board, added=list(o.added))


def opened(shown: Shown, state: NevermoreState, me: int) -> Shown:
    """``shown`` with every secret face up, read from the true state: the bottom seat's hand, Magick, pass and
    kills (a spectator's too), every other seat's in ``secrets``, and the tokens. Only for the replay of a game
    that has ended, where nothing is secret any more."""
    shown.hand = list(sort_cards(state.hands[me]))
    shown.magick = sorted(state.magick[me])
    shown.kills = list(sort_cards(state.kills[me]))
    shown.my_pass = state.pending_pass[me]
    shown.tokens = list(state.tokens)
    shown.added = [tuple(sort_cards(c for c in hand if is_added(c))) for hand in state.hands]
    shown.secrets = {seat: Secrets(sort_cards(state.hands[seat]), tuple(sorted(state.magick[seat])),
                                   sort_cards(state.kills[seat]), tuple(state.pending_pass[seat] or ()))
                     for seat in range(state.num_players) if seat != me}
    shown.opened = True
    return shown


# ----- cards ------------------------------------------------------------------------------------------
def magick_deck(cards: dict[str, MagickCard], card_id: str) -> str:
    card = cards.get(card_id)
    return card.deck if card is not None else "shadow"


def magick_name(cards: dict[str, MagickCard], card_id: str) -> str:
    return magick_title(card_id, cards)


def magick_asset(cards: dict[str, MagickCard], card_id: str) -> str:
    """The art id of a Magick card: ``light:Mourning Rose``."""
    return f"{magick_deck(cards, card_id)}:{magick_name(cards, card_id)}"


def hand_asset(cards: dict[str, MagickCard], card: str) -> tuple[str, str]:
    """(deck, art id) of a hand card: a suit card, or the Magick face of a suit-like added card."""
    if is_added(card):
        return "magick", magick_asset(cards, magick_id_of(card))
    return "nevermore", card


def card_words(cards: dict[str, MagickCard], card: str) -> str:
    """A hand card in words from the table's Magick set (``text.card_words``)."""
    return text_card_words(card, cards)


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


@dataclass
class Button:
    """A prompt button (``ScenePrompt``)."""

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

    def plate(self, seat: int) -> pygame.Rect:
        return self.plates[seat]

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
        """Where a seat's face-up row goes (room for a lifted card included): the first of above, below, the
        table's edge side and the centre side of its plate that stays on the table clear of the other plates,
        the tokens, piles and direction line, the suit board and the bottom seat's cards; else below."""
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
        """What a face-up row must not cover, besides the plates: the tokens with the piles and the direction
        line over them, the suit board, the caption, and the bottom seat's hand and Magick with their labels."""
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

    def health_point(self, seat: int) -> tuple[float, float]:
        r = self.plates[seat]
        return (r.x + r.w * 0.45, r.y + self.lay.px(44))

    def vp_point(self, seat: int) -> tuple[float, float]:
        r = self.plates[seat]
        return (r.x + r.w * 0.45, r.y + self.lay.px(64))

    def board_row(self, seat: int) -> pygame.Rect:
        """The row of the suit board for a seat."""
        u = self.lay.px
        header = u(32)
        row_h = min(u(30), max(u(18), (self.board.h - header - u(6)) // max(1, self.n)))
        order = list(range(self.n))
        return pygame.Rect(self.board.x + u(8), self.board.y + header + order.index(seat) * row_h,
                           self.board.w - u(16), row_h)

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
