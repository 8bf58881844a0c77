"""Trick or Treat table: where things go (geometry in layout units) and how its parts are drawn.

The table (``table.py``) asks ``geometry`` once per build for every place on the table: the seats'
stations, each seat's spot in the trick, the pot, the supply, the viewer's hand strip, each seat's fan (for
a replay that shows every hand) and the sizes of cards and candies. Nothing here knows a rule; it only turns
counts into places and pictures, each explained (``Explain``) where it is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import pygame

from game.games.trick_or_treat import words
from game.games.trick_or_treat.rules import Config
from game.ui import assets
from game.ui.glyphs import GLYPHS
from game.ui.layout import Layout, around
from game.ui.sprites import Sprite
from game.ui.text import draw_text
from game.ui.theme import Colour, Palette, blend, contrast, font, hollow

GOLDEN = math.pi * (3 - math.sqrt(5))
SHAPE_WORDS = ("lollipop", "corn", "bar", "heart", "star", "drop", "wrapped", "round", "square", "triangle")
POT_RIM = 16
"""How far (reference units) the pot's bowl reaches beyond the ring its candies lie in."""
BOWL_LIP = 7
"""The width (reference units) of the bowl's pumpkin-coloured lip, inside ``POT_RIM``."""
BOWL_RIBS = 10
"""The pumpkin ribs drawn on the bowl's lip."""
PILE_SHOWN = 5
"""The most pieces of one kind drawn in a seat's candy pile; its count says how many there are."""
GLOW_RINGS = 7
"""Rings of a glow behind a card (the trick's winner, a tie), faintest outside."""
SUPPLY_BASE = 5
"""Pieces in the bottom row of the supply's heap; each row above holds one fewer."""
SUPPLY_HEAP = 15
"""The most pieces drawn in the supply's heap (rows of 5, 4, 3, 2 and 1); its count says how many are left."""
SPOT_PAD = 5
JOKER_FADE = 90
"""The opacity (of 255) of a joker in the tally once it has turned up in this deal."""
TALLY_MOST = 100
"""The jokers' tally's widest (reference units): the room left of the top corner's seat at eight seats."""
"""How far (reference units) a seat's spot on the felt reaches around the card played there."""

Explain = Callable[[pygame.Rect, str], None]
"""The table's ``explain``: a tooltip for a rect just drawn."""


JOKER_ART = {"CJ": "joker-colour", "BJ": "joker-black"}
"""The art's ids of the jokers; every other card's art id is its rules text (``7H``, ``10S``)."""
JOKER_TEXTS = {art: text for text, art in JOKER_ART.items()}


def card_id(text: str) -> str:
    """The art's playing-card id for a rules card text (``7H``, ``10S``, ``CJ``, ``BJ``)."""
    return JOKER_ART.get(text, text)


def card_text(art_id: str) -> str:
    """The rules card text (``7H``, ``CJ``) of an art id: ``card_id`` undone."""
    return JOKER_TEXTS.get(art_id, art_id)


def candy_look(name: str, look: str) -> str:
    """A variant's look; a bare colour gets a shape from the kind's name when it names one (candy corn)."""
    if "-" in look:
        return look
    lowered = name.lower()
    for word in SHAPE_WORDS:
        if word in lowered and word in GLYPHS:
            return f"{look}-{word}"
    return look


def short_card(text: str) -> str:
    """``7``, ``Queen``, ``joker``: a card in a word (suits never matter in this game)."""
    if text in ("CJ", "BJ"):
        return "joker"
    return words.rank_word(text[:-1])


@dataclass
class Geometry:
    """Every place on the table in pixels."""

    table: pygame.Rect
    stations: list[tuple[int, int]]
    """Each seat's name plate centre."""
    trick: list[tuple[int, int]]
    """Each seat's card of the trick."""
    rows: list[tuple[int, int]]
    """Each seat's candy row centre (on the side of the plate facing the pot)."""
    pot: tuple[int, int]
    pot_radius: int
    supply: tuple[int, int]
    hand: pygame.Rect | None
    """The viewer's hand and action strip (None for a spectator)."""
    card: tuple[int, int]
    hand_card: tuple[int, int]
    candy: int
    """A candy's side on the table."""
    row_candy: int
    """A candy's side in a seat's row."""
    badge: tuple[int, int]
    fans: list[Fan]
    """Where each seat's hand is fanned face up when a replay shows every hand (``show_all_hands``)."""
    fan_card: tuple[int, int]
    """A card's size in those fans."""
    tally: tuple[int, int]
    """The top left corner of the jokers' and jackpots' tally (under the deal's line)."""
    tally_card: tuple[int, int]
    """A joker's size in the tally."""


@dataclass
class Fan:
    """Room for a seat's hand laid face up: ``rect``; ``align`` packs the cards to its left (-1), centre (0) or
    right (1) edge; ``beside`` says it is beside the plate, where a neighbour's fan may cut it short."""

    rect: pygame.Rect
    align: int
    beside: bool


def fan_room(lay: Layout, table: pygame.Rect, station: tuple[int, int], badge: tuple[int, int], row_below: bool,
             side: bool, card: tuple[int, int]) -> Fan:
    """Room for a seat's fanned hand: on the plate's side away from its candy row (the trick card is on the
    pot's side), packed away from the table's middle (no wider than the plate at a ``side`` seat, whose trick
    card is right beside the plate); or beside the plate when that side is off the table (a seat at the top or
    bottom edge), packed against the plate."""
    x, y = station
    gap = lay.px(6)
    rect = pygame.Rect(0, 0, badge[0] + (0 if side else lay.px(40)), card[1])
    rect.centerx = x
    if row_below:
        rect.bottom = y - badge[1] // 2 - gap
    else:
        rect.top = y + badge[1] // 2 + gap
    if table.top <= rect.top and rect.bottom <= table.bottom:
        middle = abs(x - table.centerx) < lay.px(40)
        return Fan(rect.clamp(table.inflate(-2 * gap, 0)), 0 if middle else 1 if x > table.centerx else -1, False)
    left, right = x - badge[0] // 2 - gap, x + badge[0] // 2 + gap
    rect.w = min(lay.px(380), max(table.right - right, left - table.x) - 2 * gap)
    rect.centery = y
    if table.right - right >= left - table.x:
        rect.x = right
        return Fan(rect, -1, True)
    rect.right = left
    return Fan(rect, 1, True)


def geometry(lay: Layout, table: pygame.Rect, players: int, viewer: int | None) -> Geometry:
    """Places for ``players`` seats in ``table`` (the viewer, or seat 0, at the bottom)."""
    strip = lay.px(128) if viewer is not None else 0
    bottom_gap = lay.px(64) if viewer is not None else lay.px(40)
    area = pygame.Rect(table.x + lay.px(108), table.y + lay.px(34), table.w - 2 * lay.px(108),
                       table.h - lay.px(34) - bottom_gap - strip)
    stations = around(area, players, viewer if viewer is not None else 0)
    centre = area.center
    tall = (92 if players <= 4 else 80 if players <= 6 else 70) - (0 if viewer is None else 4)
    card = lay.card_size(tall)
    badge = (lay.px(190), lay.px(54))
    row_h, gap = lay.px(24), lay.px(8)
    fan_card = lay.card_size(52)
    trick, rows, fans = [], [], []
    for x, y in stations:
        dx, dy = centre[0] - x, centre[1] - y
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        side = abs(dy) < lay.px(30)
        rows.append((x, y + badge[1] // 2 + row_h // 2) if side or dy > 0 else (x, y - badge[1] // 2 - row_h // 2))
        fans.append(fan_room(lay, table, (x, y), badge, side or dy > 0, side, fan_card))
        hx = badge[0] / 2 + card[0] / 2 + gap
        hy = badge[1] / 2 + (0 if side else row_h) + card[1] / 2 + gap
        t = min(hx / abs(ux) if abs(ux) > 1e-6 else 1e9, hy / abs(uy) if abs(uy) > 1e-6 else 1e9)
        trick.append((round(x + ux * t), round(y + uy * t)))
    hand = None
    if viewer is not None:
        hand = pygame.Rect(table.x + lay.px(130), table.bottom - strip, table.w - 2 * lay.px(130), strip)
    return Geometry(table=table, stations=stations, trick=trick, rows=rows, pot=centre,
                    pot_radius=lay.px(60 if players <= 6 else 52),
                    supply=(table.x + lay.px(62), table.bottom - lay.px(70)),
                    hand=hand, card=card, hand_card=lay.card_size(104), candy=lay.px(24), row_candy=lay.px(20),
                    badge=badge, fans=fans, fan_card=fan_card, tally=(table.x + lay.px(14), table.y + lay.px(36)),
                    tally_card=lay.card_size(50))


def pot_slot(index: int, count: int, centre: tuple[int, int], side: int, radius: int) -> tuple[float, float]:
    """Where pot slot ``index`` of ``count`` lies: a sunflower spiral, squeezed to stay inside ``radius``."""
    step = side * 0.62
    squeeze = min(1.0, radius / (step * math.sqrt(max(count, 1))))
    r = step * squeeze * math.sqrt(index + 0.5)
    angle = index * GOLDEN
    return (centre[0] + r * math.cos(angle), centre[1] + r * math.sin(angle))


def hand_slots(count: int, strip: pygame.Rect, card: tuple[int, int]) -> list[tuple[float, float]]:
    """Centres of ``count`` cards fanned left to right across ``strip`` (overlapping when many)."""
    if count <= 0:
        return []
    step = min(card[0] * 1.08, (strip.w - card[0]) / max(1, count - 1))
    width = step * (count - 1)
    left = strip.centerx - width / 2
    y = strip.bottom - card[1] / 2 - strip.h * 0.06
    return [(left + i * step, y) for i in range(count)]


def fan_slots(count: int, fan: Fan, card: tuple[int, int]) -> list[tuple[float, float]]:
    """Centres of ``count`` small cards overlapping left to right in ``fan``, each card's corner index showing."""
    if count <= 0:
        return []
    rect = fan.rect
    step = min(card[0] * 0.6, (rect.w - card[0]) / max(1, count - 1))
    width = card[0] + step * (count - 1)
    left = rect.x if fan.align < 0 else rect.right - width if fan.align > 0 else rect.centerx - width / 2
    return [(left + card[0] / 2 + i * step, rect.centery) for i in range(count)]


def fan_places(geo: Geometry, counts: dict[int, int]) -> dict[int, list[tuple[float, float]]]:
    """Each seat's fan (``counts``: its cards) laid out: fans above or below a plate first, then the fans beside
    one, each cut short before any plate or laid-out fan in its way (the top seat's beside a corner seat's)."""
    card_w, card_h = geo.fan_card
    places: dict[int, list[tuple[float, float]]] = {}
    taken = [pygame.Rect(x - geo.badge[0] // 2, y - geo.badge[1] // 2, *geo.badge) for x, y in geo.stations]
    for beside in (False, True):
        for seat, count in counts.items():
            fan = geo.fans[seat]
            if fan.beside != beside:
                continue
            if beside:
                rect = fan.rect.copy()
                for other in taken:
                    if other.colliderect(rect):
                        if fan.align < 0:
                            rect.w = max(card_w, other.x - rect.x - card_w // 6)
                        else:
                            right, rect.x = rect.right, max(rect.x, other.right + card_w // 6)
                            rect.w = max(card_w, right - rect.x)
                fan = Fan(rect, fan.align, True)
            places[seat] = fan_slots(count, fan, geo.fan_card)
            if places[seat]:
                xs = [x for x, _ in places[seat]]
                taken.append(pygame.Rect(round(min(xs) - card_w / 2), fan.rect.y, round(max(xs) - min(xs)) + card_w,
                                         card_h))
    return places


DARK_INK: Colour = (20, 16, 24)
LIGHT_INK: Colour = (245, 240, 230)


def ink_for(fill: Colour) -> Colour:
    """Dark or light ink, whichever stands out more on ``fill`` (readable in either palette)."""
    return max((DARK_INK, LIGHT_INK), key=lambda ink: contrast(ink, fill))


@lru_cache(maxsize=128)
def pill(text: str, size: int, fill: Colour, ink: Colour, edge: Colour) -> pygame.Surface:
    """A rounded label: ``text`` in bold on ``fill`` with an ``edge``."""
    face = font(size, bold=True)
    label = face.render(text, True, ink)
    pad_x, pad_y = max(6, size // 2), max(3, size // 5)
    w = max(label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y)
    surface = pygame.Surface((w, label.get_height() + 2 * pad_y), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, edge, rect, max(2, size // 9), border_radius=rect.h // 2)
    surface.blit(label, label.get_rect(center=rect.center))
    return surface


class TagSprite(Sprite):
    """A label on the table that moves like a sprite: the dealer chip, HIGH/LOW, WINS, JACKPOT!"""

    def __init__(self, text: str, size: int, fill: Colour, ink: Colour, edge: Colour,
                 pos: tuple[float, float] = (0, 0), *, z: int = 60) -> None:
        super().__init__(pos, z=z)
        self.text = text
        self._image = pill(text, int(size), fill, ink, edge)

    def image(self) -> pygame.Surface:
        return self._image


# --------------------------------------------------------------------------------------------- drawing


def candy_pile(surface: pygame.Surface, lay: Layout, pal: Palette, centre: tuple[int, int], counts: list[int],
               looks: list[str], side: int) -> tuple[pygame.Rect, list[tuple[pygame.Rect, int]]]:
    """A seat's candy by its plate: for each kind held, a little heap of its pieces (``PILE_SHOWN`` at most) and
    their count (words.NO_CANDY when none). Returns the pile's rect and each kind's (rect, kind) in it."""
    size = lay.text_px(14)
    face = font(size, bold=True)
    step, gap = max(2, round(side * 0.42)), lay.px(4)
    items = [(k, c, f"{c}") for k, c in enumerate(counts) if c]
    widths = [side + step * (min(c, PILE_SHOWN) - 1) + gap + face.size(text)[0] for _, c, text in items]
    total = sum(widths) + lay.px(10) * max(0, len(items) - 1) if items else face.size(words.NO_CANDY)[0]
    rect = pygame.Rect(0, 0, total + lay.px(14), max(side, face.get_height()) + lay.px(4))
    rect.center = centre
    surface.blit(_pile_back(rect.size, pal.background), rect)
    if not items:
        draw_text(surface, words.NO_CANDY, size, pal.text_dim, rect.center, anchor="center")
        return rect, []
    x = rect.x + lay.px(7)
    kinds = []
    for (kind, count, text), width in zip(items, widths):
        image = assets.candy(looks[kind], side)
        for piece in range(min(count, PILE_SHOWN)):  # overlapping, every other piece a little higher: a heap
            lift = round(side * 0.12) * (1 if piece % 2 else -1) if count > 1 else 0
            surface.blit(image, image.get_rect(midleft=(x + piece * step, rect.centery + lift)))
        heap = side + step * (min(count, PILE_SHOWN) - 1)
        draw_text(surface, text, size, pal.text, (x + heap + gap, rect.centery), anchor="midleft", bold=True)
        kinds.append((pygame.Rect(x, rect.y, width, rect.h), kind))
        x += width + lay.px(10)
    return rect, kinds


@lru_cache(maxsize=64)
def _pile_back(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    back = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(back, (*colour, 170), back.get_rect(), border_radius=size[1] // 2)
    return back


class PictureSprite(Sprite):
    """A fixed picture that moves like a sprite: the dealer chip, the glow under a winning or tied card."""

    def __init__(self, picture: pygame.Surface, pos: tuple[float, float] = (0, 0), *, z: int = 60) -> None:
        super().__init__(pos, z=z)
        self.picture = picture

    def image(self) -> pygame.Surface:
        return self.picture


@lru_cache(maxsize=32)
def glow(card: tuple[int, int], colour: Colour, spread: int) -> pygame.Surface:
    """A soft light of ``colour`` around a card of size ``card``, ``spread`` pixels wide, brightest at the card:
    drawn under the card, it lifts it off the felt."""
    w, h = card[0] + 2 * spread, card[1] + 2 * spread
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, card[0] // 10)
    for ring in range(GLOW_RINGS):
        inset = round(spread * ring / GLOW_RINGS)
        alpha = round(30 + 170 * ((ring + 1) / GLOW_RINGS) ** 2)
        pygame.draw.rect(image, (*colour, alpha), pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset),
                         border_radius=radius + spread - inset)
    return image


def draw_spots(surface: pygame.Surface, lay: Layout, pal: Palette, geo: Geometry, names: list[str],
               explain: Explain) -> None:
    """Each seat's place on the felt, in front of its plate: where its card of the trick lies, edged in the
    seat's colour, so the felt shows whose card is whose before a card is down."""
    for seat, point in enumerate(geo.trick):
        rect = pygame.Rect(0, 0, *geo.card).inflate(2 * lay.px(SPOT_PAD), 2 * lay.px(SPOT_PAD))
        rect.center = point
        surface.blit(_spot(rect.size, pal.seats[seat % len(pal.seats)], pal, max(1, lay.px(2))), rect)
        explain(rect, words.spot_tip(names[seat]))


@lru_cache(maxsize=64)
def _spot(size: tuple[int, int], colour: Colour, pal: Palette, width: int) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, size[0] // 9)
    pygame.draw.rect(image, (*pal.background, 70), image.get_rect(), border_radius=radius)
    pygame.draw.rect(image, (*blend(colour, pal.table, 0.45), 200), image.get_rect(), width, border_radius=radius)
    return image


def draw_tally(surface: pygame.Surface, lay: Layout, pal: Palette, geo: Geometry, jokers_seen: tuple[bool, ...],
               jackpots: int, explain: Explain) -> pygame.Rect:
    """The jokers and the jackpots at a glance, on a small plate: each joker face up, dimmed and marked once it
    has turned up in this deal (a joker still bright may yet come, and two in one trick are a joker jackpot),
    and the jackpots won so far in the game. At a text size where "Jackpots N" would widen the plate past
    ``TALLY_MOST`` (into the top corner's seat), the word goes on a line of its own above the count. The
    plate's rect."""
    w, h = geo.tally_card
    pad, gap = lay.px(7), lay.px(6)
    size = lay.text_px(12)
    title = font(size, bold=True)
    label = pill(words.JACKPOTS_LABEL.format(jackpots), size, pal.background,
                 pal.accent if jackpots else pal.text_dim, pal.panel_edge)
    word = ""
    if max(2 * w + gap, label.get_width()) + 2 * pad > lay.px(TALLY_MOST):
        word = words.JACKPOTS_LABEL.format("").strip()
        label = pill(str(jackpots), size, pal.background, pal.accent if jackpots else pal.text_dim, pal.panel_edge)
    word_h = title.get_linesize() + gap if word else 0
    box = pygame.Rect(geo.tally, (max(2 * w + gap, label.get_width(), title.size(word)[0]) + 2 * pad,
                                  title.get_linesize() + h + word_h + label.get_height() + 2 * gap + 2 * pad))
    surface.blit(_tally_back(box.size, pal, max(4, lay.px(8))), box)
    heading = draw_text(surface, words.JOKERS_TITLE, size, pal.text_dim, (box.x + pad, box.y + pad), bold=True)
    explain(box, words.JOKERS_TALLY_TIP)
    explain(heading, words.JOKERS_TALLY_TIP)
    top = heading.bottom + gap
    for index, (text, seen) in enumerate(zip(JOKER_ART, jokers_seen)):
        face = _tally_joker(JOKER_ART[text], (w, h), seen, assets.palette())
        place = surface.blit(face, (box.x + pad + index * (w + gap), top))
        if seen:
            mark = pill(words.JOKER_OUT, size, pal.panel, pal.text, pal.panel_edge)
            surface.blit(mark, mark.get_rect(center=place.center))
        explain(place, words.joker_tally_tip(text, seen))
    top += h + gap
    if word:
        explain(draw_text(surface, word, size, pal.text_dim, (box.x + pad, top), bold=True),
                words.jackpot_tally_tip(jackpots))
        top += word_h
    place = surface.blit(label, (box.x + pad, top))
    explain(place, words.jackpot_tally_tip(jackpots))
    return box


@lru_cache(maxsize=16)
def _tally_joker(art: str, size: tuple[int, int], seen: bool, pal: Palette) -> pygame.Surface:
    """A joker of the tally, faded once it has turned up (``pal``: the art's palette, so a change redraws it)."""
    face = assets.card_face("playing", art, size)
    if not seen:
        return face
    faded = face.copy()
    faded.set_alpha(JOKER_FADE)
    return faded


@lru_cache(maxsize=16)
def _tally_back(size: tuple[int, int], pal: Palette, radius: int) -> pygame.Surface:
    back = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(back, (*pal.panel, 200), back.get_rect(), border_radius=radius)
    pygame.draw.rect(back, pal.panel_edge, back.get_rect(), 1, border_radius=radius)
    return back


def draw_explained(surface: pygame.Surface, sprites: list[Sprite], explain: Explain,
                   tip: Callable[[Sprite], str]) -> None:
    """Draw ``sprites`` in ``z`` order, each explained where it is drawn (the topmost explained last)."""
    for sprite in sorted(sprites, key=lambda s: s.z):
        sprite.draw(surface)
        if sprite.visible and sprite.alpha > 0:
            explain(sprite.rect, tip(sprite))


def draw_pot(surface: pygame.Surface, lay: Layout, pal: Palette, geo: Geometry, slots: list[int | None],
             pending: set[int], looks: list[str], config: Config, picking: bool, explain: Explain) -> None:
    """The pot's bowl (ringed when the viewer picks), its candies in their ``slots`` (``pending``: still in
    flight), its count and, with several kinds, each kind's count."""
    reach = geo.pot_radius + lay.px(POT_RIM)
    image = bowl(reach, lay.px(BOWL_LIP), pal)
    surface.blit(image, image.get_rect(center=geo.pot))
    if picking:
        pygame.draw.circle(surface, pal.focus, geo.pot, reach, max(2, lay.px(3)))
    shown = [k for i, k in enumerate(slots) if k is not None and i not in pending]
    counts = [shown.count(kind) for kind in range(len(config.kinds))]
    bowl_rect = pygame.Rect(0, 0, 2 * reach, 2 * reach)
    bowl_rect.center = geo.pot
    explain(bowl_rect, words.pot_tip(counts, config.kinds, config.values))
    for index, kind in enumerate(slots):
        if kind is not None and index not in pending:
            image = assets.candy(looks[kind], geo.candy)
            x, y = pot_slot(index, len(slots), geo.pot, geo.candy, geo.pot_radius)
            place = surface.blit(image, image.get_rect(center=(round(x), round(y))))
            explain(place, words.pot_candy_tip(config.kinds[kind], config.values[kind], counts[kind], picking))
    label = pill(words.POT_LABEL.format(len(shown)), lay.text_px(15), pal.background, pal.text, pal.panel_edge)
    place = label.get_rect(midleft=(geo.pot[0] + geo.pot_radius + lay.px(20), geo.pot[1]))
    surface.blit(label, place)
    explain(place, words.pot_tip(counts, config.kinds, config.values))
    if len(looks) > 1:  # several kinds: what the pot holds of each, so a big heap can be read
        side, y = max(10, round(geo.candy * 0.7)), place.bottom + lay.px(6)
        for kind, look in enumerate(looks):
            if counts[kind]:
                icon = assets.candy(look, side)
                shown_at = surface.blit(icon, icon.get_rect(midleft=(place.x + lay.px(6), y + side // 2)))
                said = draw_text(surface, f"\u00d7{counts[kind]}", lay.text_px(14), pal.text,
                                 (place.x + lay.px(10) + side, y + side // 2), anchor="midleft", bold=True)
                explain(shown_at.union(said), words.pot_count_tip(config.kinds[kind], config.values[kind],
                                                                  counts[kind]))
                y += side + lay.px(3)


@lru_cache(maxsize=16)
def bowl(reach: int, lip: int, pal: Palette) -> pygame.Surface:
    """The candy bowl: a pumpkin's ribbed lip, shaded from above, round a hollow (the ground the candies'
    contrast is checked on) that darkens towards its edge, with a soft shadow on the felt below."""
    side = 2 * reach + 2 * lip
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    middle = (side // 2, side // 2)
    pygame.draw.circle(image, (0, 0, 0, 70), (middle[0], middle[1] + lip // 2 + 1), reach + lip // 3)
    pumpkin = blend(pal.accent, pal.background, 0.2)
    pygame.draw.circle(image, blend(pumpkin, (0, 0, 0), 0.35), middle, reach)
    pygame.draw.circle(image, pumpkin, (middle[0], middle[1] - max(1, lip // 4)), reach - max(1, lip // 5))
    for rib in range(BOWL_RIBS):
        angle = 2 * math.pi * rib / BOWL_RIBS
        inner, outer = reach - lip, reach - max(1, lip // 5)
        start = (middle[0] + math.cos(angle) * inner, middle[1] + math.sin(angle) * inner)
        end = (middle[0] + math.cos(angle) * outer, middle[1] + math.sin(angle) * outer)
        pygame.draw.line(image, blend(pumpkin, (0, 0, 0), 0.4), start, end, max(1, lip // 4))
    inside = hollow(pal)
    pygame.draw.circle(image, blend(inside, (0, 0, 0), 0.3), middle, reach - lip)
    pygame.draw.circle(image, inside, (middle[0], middle[1] + max(1, lip // 3)), reach - lip - max(1, lip // 3))
    return image


def draw_supply(surface: pygame.Surface, lay: Layout, pal: Palette, geo: Geometry, count: int, looks: list[str],
                explain: Explain) -> None:
    """The supply beside the table: a heap of its candy, rows narrowing to the top (``SUPPLY_HEAP`` pieces at
    most), and how many are left."""
    x, y = geo.supply
    shown = min(count, SUPPLY_HEAP)
    step = geo.candy * 0.62
    piece, row = 0, 0
    while piece < shown:
        width = SUPPLY_BASE - row
        for place in range(min(width, shown - piece)):
            image = assets.candy(looks[(piece * 7) % len(looks)], geo.candy)
            dx = (place - (width - 1) / 2) * step + ((piece * 37) % 3 - 1) * lay.px(2)
            dy = -row * step * 0.7 + ((piece * 13) % 3 - 1) * lay.px(2)
            surface.blit(image, image.get_rect(center=(round(x + dx), round(y + dy))))
            piece += 1
        row += 1
    draw_text(surface, words.SUPPLY_LABEL.format(count), lay.text_px(15), pal.text if shown else pal.text_dim,
              (x, y + lay.px(30)), anchor="center", bold=True)
    explain(pygame.Rect(x - lay.px(50), y - lay.px(50), lay.px(100), lay.px(94)), words.supply_tip(count))
