"""Trick or Treat table: where things go (geometry in layout units) and how the table is drawn.

The scene (``scene.py``) asks ``geometry`` once per build for every place on the table: the seats'
stations, each seat's spot in the trick, the pot, the supply, the viewer's hand strip, each seat's fan (for
a replay that shows every hand) and the sizes of cards and candies. Nothing here knows a rule; it only turns counts into places and pictures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.core.contracts import Action
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat import tips
from game.ui import assets
from game.ui.glyphs import GLYPHS
from game.ui.layout import Layout, around
from game.ui.sprites import Sprite
from game.ui.text import draw_text, fit_size, panel
from game.ui.theme import Colour, Palette, blend, contrast, font, hollow

if TYPE_CHECKING:  # the scene imports this module
    from game.games.trick_or_treat.scene import TrickOrTreatScene

GOLDEN = math.pi * (3 - math.sqrt(5))
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SHAPE_WORDS = ("lollipop", "corn", "bar", "heart", "star", "drop", "wrapped", "round", "square", "triangle")
POT_RIM = 16
"""How far (reference units) the pot's bowl reaches beyond the ring its candies lie in."""


def card_id(text: str) -> str:
    """The art's playing-card id for a rules card text (``7H``, ``10S``, ``CJ``, ``BJ``)."""
    if text == "CJ":
        return "joker-colour"
    if text == "BJ":
        return "joker-black"
    return text


def card_text(art_id: str) -> str:
    """The rules card text (``7H``, ``CJ``) of an art id: ``card_id`` undone."""
    return {"joker-colour": "CJ", "joker-black": "BJ"}.get(art_id, art_id)


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
    """``7♥``, ``10♠``, ``joker``: a card in a few characters."""
    if text in ("CJ", "BJ"):
        return "joker"
    return text[:-1] + SUIT_SIGNS.get(text[-1], text[-1])


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
                    badge=badge, fans=fans, fan_card=fan_card)


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


def candy_row(surface: pygame.Surface, lay: Layout, pal: Palette, centre: tuple[int, int], counts: list[int],
              looks: list[str], side: int) -> tuple[pygame.Rect, list[tuple[pygame.Rect, int]]]:
    """A seat's candy by kind: a small candy and its count per kind held ("no candy yet" when none).
    Returns the row's rect and each kind's (rect, kind) in it."""
    size = lay.text_px(14)
    face = font(size, bold=True)
    items = [(k, f"{c}") for k, c in enumerate(counts) if c]
    gap = lay.px(4)
    widths = [side + gap + face.size(text)[0] for _, text in items]
    total = sum(widths) + lay.px(10) * max(0, len(items) - 1) if items else face.size("no candy yet")[0]
    rect = pygame.Rect(0, 0, total + lay.px(14), max(side, face.get_height()) + lay.px(4))
    rect.center = centre
    surface.blit(_row_back(rect.size, pal.background), rect)
    if not items:
        draw_text(surface, "no candy yet", size, pal.text_dim, rect.center, anchor="center")
        return rect, []
    x = rect.x + lay.px(7)
    kinds = []
    for (kind, text), width in zip(items, widths):
        image = assets.candy(looks[kind], side)
        surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
        draw_text(surface, text, size, pal.text, (x + side + gap, rect.centery), anchor="midleft", bold=True)
        kinds.append((pygame.Rect(x, rect.y, width, rect.h), kind))
        x += width + lay.px(10)
    return rect, kinds


@lru_cache(maxsize=64)
def _row_back(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    back = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(back, (*colour, 170), back.get_rect(), border_radius=size[1] // 2)
    return back


def draw_table(scene: TrickOrTreatScene, surface: pygame.Surface) -> None:
    """The table: pot, supply, seats with their candy, the trick, the hand or action strip, flights; each
    thing explained (``scene.explain``) as it is drawn, the hint's choice ringed."""
    lay, pal, geo = scene.layout, scene.app.palette, scene.geo
    rules = scene.state.rules
    surface.blit(assets.background(lay.size), (0, 0))
    if scene.info:
        line = draw_text(surface, scene.info, lay.text_px(15), pal.text_dim,
                         (geo.table.x + lay.px(14), geo.table.y + lay.px(10)))
        scene.explain(line, tips.info_tip(scene.observation().tricks_left_in_deal))
    draw_pot(scene, surface)
    draw_supply(scene, surface)
    for seat, point in enumerate(geo.stations):
        scene.draw_badge(surface, seat, point)
        counts, name = scene.seat_candy[seat], scene.names[seat]
        row, kinds = candy_row(surface, lay, pal, geo.rows[seat], counts, scene.looks, geo.row_candy)
        scene.explain(row, tips.row_tip(name, counts, rules.kinds, rules.values))
        for rect, kind in kinds:
            scene.explain(rect, tips.row_candy_tip(name, rules.kinds[kind], rules.values[kind], counts[kind]))
    draw_explained(scene, surface, [card for cards in scene.fans.values() for card in cards])
    draw_explained(scene, surface, [*scene.trick.values(), *scene.tags, scene.chip])
    own = scene.trick.get(scene.viewer) if scene.viewer is not None else None
    if own is not None and own.card_id is not None and not own.showing_face() and not own.flip:
        text = "your " + short_card(card_text(own.card_id))
        label = pill(text, lay.text_px(14), pal.panel, pal.text, pal.panel_edge)
        surface.blit(label, label.get_rect(center=(round(own.pos[0]), round(own.pos[1]))))
    draw_strip(scene, surface)
    draw_explained(scene, surface, [*scene.flying, *scene.banners])


def draw_explained(scene: TrickOrTreatScene, surface: pygame.Surface, sprites: list[Sprite]) -> None:
    """Draw ``sprites`` in ``z`` order, each explained where it is drawn (the topmost explained last)."""
    for sprite in sorted(sprites, key=lambda s: s.z):
        sprite.draw(surface)
        if sprite.visible and sprite.alpha > 0:
            scene.explain(sprite.rect, scene.sprite_tip(sprite))


def draw_pot(scene: TrickOrTreatScene, surface: pygame.Surface) -> None:
    lay, pal, geo = scene.layout, scene.app.palette, scene.geo
    rules = scene.state.rules
    picking = scene.state.phase == r.PICK and scene.seat_to_play is not None
    bowl = hollow(pal)
    reach = geo.pot_radius + lay.px(POT_RIM)
    pygame.draw.circle(surface, bowl, geo.pot, reach)
    pygame.draw.circle(surface, pal.focus if picking else pal.panel_edge, geo.pot, reach,
                       max(2, lay.px(3)) if picking else 1)
    shown = [k for i, k in enumerate(scene.pot_slots) if k is not None and i not in scene.pending]
    counts = [shown.count(kind) for kind in range(len(rules.kinds))]
    bowl_rect = pygame.Rect(0, 0, 2 * reach, 2 * reach)
    bowl_rect.center = geo.pot
    scene.explain(bowl_rect, tips.pot_tip(counts, rules.kinds, rules.values))
    for index, kind in enumerate(scene.pot_slots):
        if kind is not None and index not in scene.pending:
            image = assets.candy(scene.looks[kind], geo.candy)
            x, y = scene._slot_pos(index)
            place = surface.blit(image, image.get_rect(center=(round(x), round(y))))
            scene.explain(place, tips.pot_candy_tip(rules.kinds[kind], rules.values[kind], counts[kind], picking))
    label = pill(f"Pot {len(shown)}", lay.text_px(15), pal.background, pal.text, pal.panel_edge)
    place = label.get_rect(midleft=(geo.pot[0] + geo.pot_radius + lay.px(20), geo.pot[1]))
    surface.blit(label, place)
    scene.explain(place, tips.pot_tip(counts, rules.kinds, rules.values))
    if len(scene.looks) > 1:  # several kinds: what the pot holds of each, so a big heap can be read
        side, y = max(10, round(geo.candy * 0.7)), place.bottom + lay.px(6)
        for kind, look in enumerate(scene.looks):
            if counts[kind]:
                icon = assets.candy(look, side)
                shown_at = surface.blit(icon, icon.get_rect(midleft=(place.x + lay.px(6), y + side // 2)))
                words = draw_text(surface, f"\u00d7{counts[kind]}", lay.text_px(14), pal.text,
                                  (place.x + lay.px(10) + side, y + side // 2), anchor="midleft", bold=True)
                scene.explain(shown_at.union(words),
                              tips.pot_count_tip(rules.kinds[kind], rules.values[kind], counts[kind]))
                y += side + lay.px(3)


def draw_supply(scene: TrickOrTreatScene, surface: pygame.Surface) -> None:
    lay, pal, geo = scene.layout, scene.app.palette, scene.geo
    x, y = geo.supply
    shown = min(scene.supply_count, 9)
    for i in range(shown):
        image = assets.candy(scene.looks[i % len(scene.looks)], geo.candy)
        dx = ((i * 37) % 5 - 2) * lay.px(9)
        dy = -(i // 3) * lay.px(8) + ((i * 13) % 3) * lay.px(3)
        surface.blit(image, image.get_rect(center=(x + dx, y + dy)))
    draw_text(surface, f"Supply {scene.supply_count}", lay.text_px(15), pal.text if shown else pal.text_dim,
              (x, y + lay.px(30)), anchor="center", bold=True)
    scene.explain(pygame.Rect(x - lay.px(50), y - lay.px(44), lay.px(100), lay.px(88)),
                  tips.supply_tip(scene.supply_count))


def draw_strip(scene: TrickOrTreatScene, surface: pygame.Surface) -> None:
    """The viewer's hand, or on their joker or candy decision the strip of buttons; the hint's choice ringed."""
    lay, pal, strip = scene.layout, scene.app.palette, scene.geo.hand
    if strip is None:
        return
    hinted = scene.hinted()
    mine = scene.seat_to_play is not None
    phase = scene.state.phase
    if not (mine and phase in (r.DECLARE, r.PICK)):
        for i, card in enumerate(scene.hand):
            rect = scene.hand_rect(i)
            lifted = rect != card.rect
            if lifted:
                x, y = card.pos
                card.pos, card.highlight = (x, y - lay.px(16)), True
                card.draw(surface)
                card.pos, card.highlight = (x, y), False
            else:
                card.draw(surface)
            scene.explain(rect, scene.hand_tip(i))
        if isinstance(hinted, r.PlayCard):
            index = next((i for i in range(len(scene.hand)) if scene.hand_label(i) == hinted.label), None)
            if index is not None:
                scene.draw_hint_ring(surface, scene.hand_rect(index))
        return
    panel(surface, strip, pal.panel, pal.focus, radius=lay.px(10), alpha=235, width=max(2, lay.px(2)))
    title, about = (tips.DECLARE_PROMPT, tips.DECLARE_PROMPT_TIP) if phase == r.DECLARE else \
        (tips.PICK_PROMPT, tips.PICK_PROMPT_TIP)
    scene.explain(strip, about)
    scene.keep_clear_of_tips(strip)
    said = draw_text(surface, title, fit_size(title, lay.text_px(18), strip.w - lay.px(24), bold=True), pal.focus,
                     (strip.centerx, strip.y + lay.px(14)), anchor="center", bold=True)
    scene.explain(said, about)
    kinds, values = scene.state.rules.kinds, scene.state.rules.values
    for rect, value, legal in scene._buttons():
        chosen = value == scene.choice and legal
        # no lighter than the table, so the candies on it keep their contrast (game.ui.contrast)
        fill = blend(pal.panel, pal.panel_edge, 0.25 if chosen else 0.1)
        panel(surface, rect, fill, pal.focus if chosen else pal.panel_edge, radius=lay.px(8),
              width=max(2, lay.px(3)) if chosen else 1)
        ink = pal.text if legal else blend(pal.text_dim, pal.panel, 0.45)
        if phase == r.DECLARE:
            words = tips.DECLARE_WORDS[bool(value)]
            draw_text(surface, words[0], lay.text_px(24), ink, (rect.centerx, rect.centery - lay.px(10)),
                      anchor="center", bold=True)
            draw_text(surface, words[1], lay.text_px(15), pal.text_dim, (rect.centerx, rect.centery + lay.px(16)),
                      anchor="center")
            scene.explain(rect, tips.declare_button_tip(bool(value)))
            continue
        icon = assets.candy(scene.looks[value], lay.px(30))
        if not legal:
            icon = icon.copy()
            icon.set_alpha(90)
        surface.blit(icon, icon.get_rect(midleft=(rect.x + lay.px(8), rect.centery)))
        room = rect.w - lay.px(48)
        name = f"{value + 1}. {kinds[value]}"
        draw_text(surface, name, fit_size(name, lay.text_px(16), room, bold=True), ink,
                  (rect.x + lay.px(44), rect.centery - lay.px(10)), anchor="midleft", bold=True)
        more = f"{values[value]:+d} each, {scene.state.pot[value]} in pot" if legal else "none in the pot"
        draw_text(surface, more, fit_size(more, lay.text_px(14), room, minimum=10), pal.text_dim if legal else ink,
                  (rect.x + lay.px(44), rect.centery + lay.px(12)), anchor="midleft")
        scene.explain(rect, tips.pick_button_tip(kinds[value], values[value], scene.state.pot[value], value + 1))
    ringed = hint_button(hinted, kinds)
    for rect, value, _ in scene._buttons():
        if value == ringed:
            scene.draw_hint_ring(surface, rect)


def hint_button(hinted: Action | None, kinds: tuple[str, ...]) -> int | None:
    """The strip button's value that plays the hinted action (1 high / 0 low, or the candy kind), if any."""
    if isinstance(hinted, r.Declare):
        return int(hinted.high)
    if isinstance(hinted, r.TakeCandy) and hinted.kind in kinds:
        return kinds.index(hinted.kind)
    return None
