"""Spectral Reapers table: drawing the players' plates, the beads in the pits, previews, banner and hint ring,
each explained (``scene.explain``) as it is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.contracts import Action
from game.games.spectral_reapers.rules import CAPTURE, COLOUR_LETTERS, PLACE, CaptureAction, PlaceAction, SowAction
from game.games.spectral_reapers.scene_board import bead_spots, board_layer, cached_panel, text
from game.games.spectral_reapers.scene_tray import draw_tray
from game.games.spectral_reapers.tips import (
    BANNER_TIP, BOARD_NOTE, BOARD_TIP, NOTE_TIP, flying_tip, hand_tip, landing_tip, marker_tip, outcome_tip,
    store_tip,
)
from game.ui import assets
from game.ui.layout import Layout
from game.ui.sprites import draw_sprites
from game.ui.text import fit_text, panel
from game.ui.theme import blend

if TYPE_CHECKING:  # the scene imports this module
    from game.games.spectral_reapers.scene import SpectralReapersScene


def _ghost(colour: int, side: int, alpha: int) -> pygame.Surface:
    image = assets.bead(colour, side).copy()
    image.set_alpha(alpha)
    return image


def draw_scene(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    geo, lay, pal, state = scene.geo, scene.layout, scene.app.palette, scene.state
    assert scene.layer is not None  # made by ``build`` with the geometry
    surface.blit(scene.layer, geo.table.topleft)
    scene.explain(geo.board, BOARD_TIP)
    scene.explain(geo.note, NOTE_TIP)
    for seat in range(state.num_players):
        draw_plate(scene, surface, seat)
    items = scene.targets()
    dec = scene.decision
    human = scene.seat_to_play is not None
    focus = scene.focus
    ring = max(2, lay.px(3))
    for target in items:
        shown = state.phase != PLACE or target.index in dec.plan or focus == ("pit", target.index)
        if target.kind == "pit" and shown:
            focused = focus == ("pit", target.index)
            colour = pal.focus if focused else blend(pal.accent, pal.text, 0.3)
            pygame.draw.ellipse(surface, colour, target.rect.inflate(lay.px(6), lay.px(6)),
                                ring + (1 if focused else 0))
    if scene.pulse_pit >= 0:
        pygame.draw.ellipse(surface, pal.good, geo.pits[scene.pulse_pit].inflate(lay.px(10), lay.px(10)), ring + 1)
    lifted = dec.origin if human and dec.lifted and not dec.cont else -1
    plan = dec.plan if human and state.phase == PLACE else {}
    for pit, rect in enumerate(geo.pits):
        colours = scene.shown[pit]
        extra = plan.get(pit, 0)
        faded = pit == lifted
        surface.blit(_pit_image(scene, pit, colours, extra, faded), rect)
        tip = scene.pit_tip(pit)
        scene.explain(rect, tip)
        if extra:
            text(surface, f"+{extra}", lay.text_px(18), pal.focus, (rect.right - lay.px(6), rect.y + lay.px(2)),
                 anchor="topright", bold=True)
        total = len(colours)
        if faded:
            text(surface, "lifted", lay.text_px(15), pal.text, rect.center, anchor="center", bold=True)
        else:
            label = text(surface, str(total), lay.text_px(15), pal.text if total else pal.text_dim,
                         (rect.right + lay.px(2), rect.bottom + lay.px(1)), anchor="bottomright", bold=True)
            scene.explain(label, tip)
    if human and dec.lifted and state.phase not in (PLACE, CAPTURE):
        draw_landing(scene, surface)
    draw_tray(scene, surface, items)
    draw_hand(scene, surface)
    draw_sprites(surface, scene.hand + scene.flying)
    explain_sprites(scene)
    if scene.banner_alpha > 1 and scene.banner_text:
        draw_banner(scene, surface)
    hinted = scene.hinted()
    if hinted is not None:
        draw_hint(scene, surface, hinted)


def _cached(scene: SpectralReapersScene, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    cache = scene.surfaces
    image = cache.get(key)
    if image is None:
        if len(cache) > 600:
            cache.clear()
        image = cache[key] = make()
    return image


def _pit_image(scene: SpectralReapersScene, pit: int, colours: list[int], extra: int, faded: bool) -> pygame.Surface:
    """The beads of a pit (planned ones faint, lifted ones fainter), drawn once per content."""
    def make() -> pygame.Surface:
        rect = scene.geo.pits[pit]
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        allc = colours
        if extra:
            assert scene.viewer is not None  # only the human to play has a plan, and they are the viewer
            allc = sorted(colours + [scene.viewer] * extra)
        side, spots = bead_spots(tuple(rect), len(allc), scene.geo.bead)
        new_left = extra
        for i in range(len(allc) - 1, -1, -1):  # the planned beads are the last of their colour
            colour = allc[i]
            if new_left and colour == scene.viewer:
                new_left -= 1
                bead = _ghost(colour, side, 120)
            elif faded:
                bead = _ghost(colour, side, 70)
            else:
                bead = assets.bead(colour, side)
            image.blit(bead, bead.get_rect(center=(spots[i][0] - rect.x, spots[i][1] - rect.y)))
        return image

    return _cached(scene, ("pit", pit, tuple(colours), extra, faded), make)


def static_layer(scene: SpectralReapersScene) -> pygame.Surface:
    """What does not move, composed once per layout: the table, the plain plates, the board and its footnote,
    the tray panel."""
    geo, lay, pal = scene.geo, scene.layout, scene.app.palette
    layer = pygame.Surface(geo.table.size).convert()
    layer.blit(assets.background(geo.table.size), (0, 0))
    off = (-geo.table.x, -geo.table.y)
    for rect in geo.plates:
        panel(layer, rect.move(off), pal.panel, pal.panel_edge, radius=lay.px(8), alpha=230, width=1)
    layer.blit(board_layer(geo, lay, pal), geo.board.move(off))
    note, size = fit_text(BOARD_NOTE, lay.text_px(14), geo.note.w, minimum=12)
    text(layer, note, size, pal.text_dim, geo.note.move(off).center, anchor="center")
    panel(layer, geo.tray.move(off), pal.panel, pal.panel_edge, radius=lay.px(12), alpha=235)
    return layer


def draw_plate(scene: SpectralReapersScene, surface: pygame.Surface, seat: int) -> None:
    """A player's plate (drawn once per content)."""
    state = scene.state
    turn = not state.is_terminal() and state.current_player() == seat
    on_board = sum(pit.count(seat) for pit in scene.shown)
    rect = scene.geo.plates[seat]
    key = ("plate", seat, turn, tuple(scene.stores[seat]), on_board, scene.names[seat], scene.viewer, state.phase)

    def make() -> pygame.Surface:
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        _plate(scene, image, seat, turn, on_board, pygame.Rect((0, 0), rect.size))
        return image

    surface.blit(_cached(scene, key, make), rect)
    scene.explain(rect, scene.badge_tip(seat))
    lay, name = scene.layout, scene.names[seat]
    scene.explain(_marker_rect(rect, lay), marker_tip(name, scene.bead_name(seat)))
    words = scene.bead_words()
    for colour, count, icon in _store_icons(scene, seat, rect):
        scene.explain(icon, store_tip(name, words.many(colour, count)))


def _marker_rect(rect: pygame.Rect, lay: Layout) -> pygame.Rect:
    """Where a plate's bead marker sits."""
    marker = pygame.Rect(0, 0, lay.px(22), lay.px(22))
    marker.midleft = (rect.x + lay.px(8), rect.y + lay.px(17))
    return marker


def _store_icons(scene: SpectralReapersScene, seat: int, rect: pygame.Rect) -> list[tuple[int, int, pygame.Rect]]:
    """``(colour, count, rect)`` of each colour in a plate's store, along its bottom (those that fit), the rect
    holding the bead and its count."""
    lay = scene.layout
    x = rect.x + lay.px(10)
    y = rect.bottom - lay.px(14)
    icon = lay.px(15)
    out = []
    for colour, count in enumerate(scene.stores[seat]):
        if not count:
            continue
        label_w = lay.px(22 if count < 10 else 30)
        if x + icon + label_w > rect.right - lay.px(4):
            break
        out.append((colour, count, pygame.Rect(x, y - icon // 2, icon + label_w, icon)))
        x += icon + label_w
    return out


def _plate(scene: SpectralReapersScene, surface: pygame.Surface, seat: int, turn: bool, on_board: int,
           rect: pygame.Rect) -> None:
    """A player's plate: colour marker, name, turn ring, store count and the captured beads by colour."""
    lay, pal = scene.layout, scene.app.palette
    if turn:  # the plain plates are part of the static layer
        cached_panel(surface, rect, blend(pal.panel, pal.focus, 0.12), pal.focus, radius=lay.px(8), alpha=235,
                     width=max(2, lay.px(3)))
    marker = assets.bead(seat, lay.px(22))
    surface.blit(marker, _marker_rect(rect, lay))
    you = "  (you)" if seat == scene.viewer and len(scene.humans) == 1 and scene.names[seat] != "You" else ""
    name = scene.names[seat] + you
    left = rect.x + lay.px(36)
    width = rect.right - left - lay.px(6)
    name, size = fit_text(name, lay.text_px(17), width, bold=True, minimum=14)
    text(surface, name, size, pal.text, (left, rect.y + lay.px(17)), anchor="midleft", bold=True)
    store = sum(scene.stores[seat])
    state = scene.state
    placing = state.phase == PLACE and not on_board
    line = f"store {store} · " + (f"{state.config.beads_per_player} to place" if placing else f"board {on_board}")
    line, size = fit_text(line, lay.text_px(14), rect.w - lay.px(14), minimum=14)
    text(surface, line, size, pal.focus if turn else pal.text_dim, (rect.x + lay.px(8), rect.y + lay.px(38)),
         anchor="midleft")
    for colour, count, spot in _store_icons(scene, seat, rect):
        image = assets.bead(colour, spot.h)
        surface.blit(image, image.get_rect(midleft=spot.midleft))
        text(surface, f"{count}", lay.text_px(13), pal.text, (spot.x + spot.h + lay.px(2), spot.centery),
             anchor="midleft")


def draw_landing(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    """Where each bead of the chosen order lands: numbered markers (the bead once chosen) in the pits."""
    geo, lay, pal, state, dec = scene.geo, scene.layout, scene.app.palette, scene.state, scene.decision
    landing = dec.landing(state.ring)
    visits: dict[int, list[int]] = {}
    for j, pit in enumerate(landing):
        visits.setdefault(pit, []).append(j)
    letters = dec.letters()
    mark = max(lay.px(16), 14)
    need = state.config.capture_count
    words = scene.bead_words()
    for pit, slots in visits.items():
        rect = geo.pits[pit]
        step = min(mark + lay.px(2), (rect.w - lay.px(20)) // max(1, len(slots)))
        y = rect.bottom - lay.px(16)
        x0 = rect.centerx - step * (len(slots) - 1) / 2
        for k, j in enumerate(slots):
            centre = (round(x0 + k * step), y)
            chosen = words.one(COLOUR_LETTERS.index(letters[j])) if j < len(letters) else None
            spot = pygame.Rect(0, 0, mark, mark)
            spot.center = centre
            scene.explain(spot, landing_tip(j + 1, pit, chosen, j == len(landing) - 1, need))
            if j < len(letters):
                image = assets.bead(COLOUR_LETTERS.index(letters[j]), mark)
                surface.blit(image, image.get_rect(center=centre))
            else:
                pygame.draw.circle(surface, blend(pal.panel, pal.background, 0.3), centre, mark // 2)
                pygame.draw.circle(surface, pal.focus, centre, mark // 2, 1)
                text(surface, str(j + 1), lay.text_px(12), pal.text, centre, anchor="center")
    last = geo.pits[landing[-1]]
    colour = pal.focus
    planned = dec.plan_sowing(state)
    if planned is not None:
        colour = pal.good if planned[1].phase == CAPTURE else pal.text_dim
    pygame.draw.ellipse(surface, colour, last.inflate(lay.px(14), lay.px(14)), max(2, lay.px(3)))
    outcome = "open" if planned is None else ("captures" if planned[1].phase == CAPTURE else "none")
    tag = {"open": "last bead", "captures": "captures!", "none": "no capture"}[outcome]
    size = lay.text_px(14)
    pill = pygame.Rect(0, 0, fit_width(tag, size) + lay.px(12), size + lay.px(6))
    pill.midtop = (last.centerx + lay.px(10), last.y + lay.px(1))  # clear of the pit number
    cached_panel(surface, pill, pal.background, colour, radius=pill.h // 2, alpha=220, width=1)
    text(surface, tag, size, colour, pill.center, anchor="center", bold=True)
    scene.explain(pill, outcome_tip(outcome, landing[-1], need))


def fit_width(words: str, size: int) -> int:
    from game.ui.theme import font

    return font(size, bold=True).size(words)[0]


def draw_banner(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    """What just happened, over the middle of the tray (empty while the board animates), never over the pits
    whose beads are moving."""
    geo, lay, pal = scene.geo, scene.layout, scene.app.palette
    banner, size = fit_text(scene.banner_text, lay.text_px(30), geo.tray.w - lay.px(40), serif=True, bold=True)
    from game.ui.theme import font

    image = font(size, serif=True, bold=True).render(banner, True, pal.focus)
    rect = image.get_rect(center=geo.tray.center).inflate(lay.px(36), lay.px(16))
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel(layer, layer.get_rect(), pal.background, pal.focus, radius=lay.px(12), alpha=230, width=max(2, lay.px(2)))
    layer.blit(image, image.get_rect(center=layer.get_rect().center))
    layer.set_alpha(int(scene.banner_alpha))
    surface.blit(layer, rect)
    scene.explain(rect, BANNER_TIP)


def draw_hand(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    """A dark pill behind the beads still in hand, so they never read as the contents of a pit."""
    lay, pal = scene.layout, scene.app.palette
    rects = [s.rect for s in scene.hand if s.visible]
    if not rects:
        return
    box = rects[0].unionall(rects[1:]).inflate(lay.px(12), lay.px(10))
    cached_panel(surface, box, pal.background, pal.focus, radius=box.h // 2, alpha=200, width=max(1, lay.px(2)))


def explain_sprites(scene: SpectralReapersScene) -> None:
    """The beads in hand (what is still to sow, once the board is at rest) and the beads in flight."""
    state, words = scene.state, scene.bead_words()
    at_rest = state.hand is not None and not scene.tweens.busy
    if at_rest and scene.hand:
        assert state.hand is not None
        tip = hand_tip(state.hand_origin, state.hand, words, scene.seat_to_play is not None)
        rects = [s.rect for s in scene.hand]
        scene.explain(rects[0].unionall(rects[1:]), tip)
        for sprite in scene.hand:
            scene.explain(sprite.rect, tip)
    else:
        for sprite in scene.hand:
            scene.explain(sprite.rect, flying_tip(words.one(sprite.index)))
    for sprite in scene.flying:
        scene.explain(sprite.rect, flying_tip(words.one(sprite.index)))


def draw_hint(scene: SpectralReapersScene, surface: pygame.Surface, action: Action) -> None:
    """Ring what the hint plays: the pit it lifts, the pits it places into, or the bead it captures (in the
    pit and among the choices in the tray); the hint panel names the order. Pits and beads are round, and so
    is their ring; a choice in the tray is a box."""
    geo = scene.geo
    if isinstance(action, PlaceAction):
        for pit, _ in action.placements:
            scene.draw_hint_ring(surface, geo.pits[pit], oval=True)
    elif isinstance(action, SowAction):
        scene.draw_hint_ring(surface, geo.pits[action.pit], oval=True)
    elif isinstance(action, CaptureAction):
        rings: dict[str, pygame.Rect] = {}  # one bead of the colour in the pit is enough
        for target in scene.targets():
            if target.kind in ("capbead", "chip") and target.index == action.colour:
                rings.setdefault(target.kind, target.rect)
        for kind, rect in rings.items():
            scene.draw_hint_ring(surface, rect, oval=kind == "capbead")
