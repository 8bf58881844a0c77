"""Spectral Reapers table: drawing the players' plates, the beads in the pits, previews, banner and tooltip."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.games.spectral_reapers.rules import CAPTURE, COLOUR_LETTERS, PLACE
from game.games.spectral_reapers.scene_board import bead_spots, board_layer, cached_panel, text
from game.games.spectral_reapers.scene_tray import draw_tray
from game.ui import assets
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
        if extra:
            text(surface, f"+{extra}", lay.text_px(18), pal.focus, (rect.right - lay.px(6), rect.y + lay.px(2)),
                      anchor="topright", bold=True)
        total = len(colours)
        if faded:
            text(surface, "lifted", lay.text_px(15), pal.text, rect.center, anchor="center", bold=True)
        else:
            text(surface, str(total), lay.text_px(15), pal.text if total else pal.text_dim,
                      (rect.right + lay.px(2), rect.bottom + lay.px(1)), anchor="bottomright", bold=True)
    if human and dec.lifted and state.phase not in (PLACE, CAPTURE):
        draw_landing(scene, surface)
    draw_tray(scene, surface, items)
    draw_hand(scene, surface)
    draw_sprites(surface, scene.hand + scene.flying)
    if scene.banner_alpha > 1 and scene.banner_text:
        draw_banner(scene, surface)
    if scene.hover_pit >= 0:
        draw_tooltip(scene, surface, scene.hover_pit)


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
    """What does not move, composed once per layout: the table, the plain plates, the board, the tray panel."""
    geo, lay, pal = scene.geo, scene.layout, scene.app.palette
    layer = pygame.Surface(geo.table.size).convert()
    layer.blit(assets.background(geo.table.size), (0, 0))
    off = (-geo.table.x, -geo.table.y)
    for rect in geo.plates:
        panel(layer, rect.move(off), pal.panel, pal.panel_edge, radius=lay.px(8), alpha=230, width=1)
    layer.blit(board_layer(geo, lay, pal), geo.board.move(off))
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


def _plate(scene: SpectralReapersScene, surface: pygame.Surface, seat: int, turn: bool, on_board: int,
           rect: pygame.Rect) -> None:
    """A player's plate: colour marker, name, turn ring, store count and the captured beads by colour."""
    lay, pal = scene.layout, scene.app.palette
    if turn:  # the plain plates are part of the static layer
        cached_panel(surface, rect, blend(pal.panel, pal.focus, 0.12), pal.focus, radius=lay.px(8), alpha=235,
                     width=max(2, lay.px(3)))
    marker = assets.bead(seat, lay.px(22))
    surface.blit(marker, marker.get_rect(midleft=(rect.x + lay.px(8), rect.y + lay.px(17))))
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
    x = rect.x + lay.px(10)
    y = rect.bottom - lay.px(14)
    icon = lay.px(15)
    for colour, count in enumerate(scene.stores[seat]):
        if not count:
            continue
        image = assets.bead(colour, icon)
        label_w = lay.px(22 if count < 10 else 30)
        if x + icon + label_w > rect.right - lay.px(4):
            break
        surface.blit(image, image.get_rect(midleft=(x, y)))
        text(surface, f"{count}", lay.text_px(13), pal.text, (x + icon + lay.px(2), y), anchor="midleft")
        x += icon + label_w


def draw_landing(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    """Where each bead of the chosen order lands: numbered markers (the bead once chosen) in the pits."""
    geo, lay, pal, state, dec = scene.geo, scene.layout, scene.app.palette, scene.state, scene.decision
    landing = dec.landing(state.ring)
    visits: dict[int, list[int]] = {}
    for j, pit in enumerate(landing):
        visits.setdefault(pit, []).append(j)
    letters = dec.letters()
    mark = max(lay.px(16), 14)
    for pit, slots in visits.items():
        rect = geo.pits[pit]
        step = min(mark + lay.px(2), (rect.w - lay.px(20)) // max(1, len(slots)))
        y = rect.bottom - lay.px(16)
        x0 = rect.centerx - step * (len(slots) - 1) / 2
        for k, j in enumerate(slots):
            centre = (round(x0 + k * step), y)
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
    tag = "last bead" if planned is None else ("captures!" if planned[1].phase == CAPTURE else "no capture")
    size = lay.text_px(14)
    pill = pygame.Rect(0, 0, fit_width(tag, size) + lay.px(12), size + lay.px(6))
    pill.midtop = (last.centerx + lay.px(10), last.y + lay.px(1))  # clear of the pit number
    cached_panel(surface, pill, pal.background, colour, radius=pill.h // 2, alpha=220, width=1)
    text(surface, tag, size, colour, pill.center, anchor="center", bold=True)


def fit_width(words: str, size: int) -> int:
    from game.ui.theme import font

    return font(size, bold=True).size(words)[0]


def draw_banner(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    geo, lay, pal = scene.geo, scene.layout, scene.app.palette
    banner, size = fit_text(scene.banner_text, lay.text_px(30), geo.board.w - lay.px(40), serif=True, bold=True)
    from game.ui.theme import font

    image = font(size, serif=True, bold=True).render(banner, True, pal.focus)
    rect = image.get_rect(center=geo.board.center).inflate(lay.px(36), lay.px(16))
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel(layer, layer.get_rect(), pal.background, pal.focus, radius=lay.px(12), alpha=230, width=max(2, lay.px(2)))
    layer.blit(image, image.get_rect(center=layer.get_rect().center))
    layer.set_alpha(int(scene.banner_alpha))
    surface.blit(layer, rect)


def draw_tooltip(scene: SpectralReapersScene, surface: pygame.Surface, pit: int) -> None:
    """The beads of ``pit`` counted per colour (hover or keyboard focus)."""
    geo, lay, pal = scene.geo, scene.layout, scene.app.palette
    counts = [0] * scene.state.num_players
    for colour in scene.shown[pit]:
        counts[colour] += 1
    rows = [(c, n) for c, n in enumerate(counts) if n]
    line_h = lay.px(24)
    w = lay.px(150)
    h = lay.px(30) + line_h * max(1, len(rows))
    rect = geo.pits[pit]
    box = pygame.Rect(0, 0, w, h)
    box.midleft = (rect.right + lay.px(6), rect.centery)
    if box.right > geo.table.right - lay.px(4):
        box.midright = (rect.left - lay.px(6), rect.centery)
    box.clamp_ip(geo.table)
    cached_panel(surface, box, pal.panel, pal.focus, radius=lay.px(8), alpha=245)
    total = sum(counts)
    text(surface, f"Pit {pit + 1}: {total} bead{'s' if total != 1 else ''}", lay.text_px(15), pal.text,
              (box.x + lay.px(8), box.y + lay.px(6)), bold=True)
    y = box.y + lay.px(28)
    if not rows:
        text(surface, "empty", lay.text_px(14), pal.text_dim, (box.x + lay.px(8), y))
    for colour, count in rows:
        image = assets.bead(colour, lay.px(18))
        surface.blit(image, (box.x + lay.px(8), y + lay.px(2)))
        text(surface, f"{count} {scene.bead_name(colour)}", lay.text_px(15), pal.text,
                  (box.x + lay.px(32), y + lay.px(11)), anchor="midleft")
        y += line_h


def draw_hand(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    """A dark pill behind the beads still in hand, so they never read as the contents of a pit."""
    lay, pal = scene.layout, scene.app.palette
    rects = [s.rect for s in scene.hand if s.visible]
    if not rects:
        return
    box = rects[0].unionall(rects[1:]).inflate(lay.px(12), lay.px(10))
    cached_panel(surface, box, pal.background, pal.focus, radius=box.h // 2, alpha=200, width=max(1, lay.px(2)))
