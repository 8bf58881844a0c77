"""Spectral Reapers table: the human's decision (placement plan, sowing order, capture) and the tray showing it.

Nothing here changes rules state: a plan is matched against ``state.legal_actions()`` (on a clone when a
preview needs the result) and only the scene submits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.analysis import Analysis
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, PLACE, PlaceAction, SowAction, SpectralReapersState, outcome_key,
    pit_order,
)
from game.games.spectral_reapers.tips import (
    LIFTED_ROW_TIP, ORDER_ROW_TIP, TRAY_LINES_TIP, arrow_tip, button_tip, capbead_tip, chip_tip, empty_place_tip,
    order_tip, phase_tip, pool_tip,
)
from game.games.spectral_reapers.scene_board import bead_spots, cached_panel, fit, text
from game.ui import assets
from game.ui.layout import Layout
from game.ui.theme import Palette, blend

if TYPE_CHECKING:  # the scene imports this module
    from game.games.spectral_reapers.scene import SpectralReapersScene

Sowing = tuple[list[SowAction], SpectralReapersState]
"""A planned sowing: the legal action(s) that play the chosen order, and the state they lead to (a clone)."""


@dataclass(frozen=True)
class Target:
    """Something the human can click or reach with the arrow keys."""

    kind: str
    """``pit``, ``pool`` (a lifted bead not yet ordered), ``order`` (a place in the order), ``button``,
    ``chip`` (a colour to capture, in the tray) or ``capbead`` (a bead in the capture pit)."""
    index: int | str
    rect: pygame.Rect
    enabled: bool = True


class Decision:
    """What the human is choosing now; reset whenever the game moves on (``version`` = actions played)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.plan: dict[int, int] = {}
        self.origin = -1
        self.colours: list[int] = []
        self.order: list[int] = []
        self.cont = False
        self.slot = 0
        self._preview: tuple[tuple[str, int], Sowing | None] | None = None

    # --- placement ---
    def cycle(self, pit: int, low: int, high: int) -> None:
        """Click on a pit in phase 1: 0 -> low -> ... -> high -> 0 beads of the human's colour."""
        steps = [0] + list(range(low, high + 1))
        now = self.plan.get(pit, 0)
        nxt = steps[(steps.index(now) + 1) % len(steps)] if now in steps else 0
        if nxt:
            self.plan[pit] = nxt
        else:
            self.plan.pop(pit, None)

    def placement(self) -> PlaceAction:
        return PlaceAction(tuple(sorted((p, c) for p, c in self.plan.items() if c)))

    # --- sowing ---
    def lift(self, state: SpectralReapersState, pit: int) -> None:
        """Choose ``pit``: its beads go to the tray, unordered."""
        self.origin, self.cont, self.slot = pit, False, 0
        self.colours = [c for c, n in enumerate(state.pits[pit]) for _ in range(n)]
        self.order = []

    def hold_hand(self, state: SpectralReapersState) -> None:
        """A resumed game in the middle of a big sowing: order the beads still in hand."""
        self.origin, self.cont, self.slot = state.hand_origin, True, state.hand_slot
        self.colours = [c for c, n in enumerate(state.hand or ()) for _ in range(n)]
        self.order = []

    @property
    def lifted(self) -> bool:
        return self.origin >= 0

    @property
    def complete(self) -> bool:
        return self.lifted and len(self.order) == len(self.colours)

    def letters(self) -> str:
        return "".join(COLOUR_LETTERS[self.colours[i]] for i in self.order)

    def pool(self) -> list[int]:
        taken = set(self.order)
        return [i for i in range(len(self.colours)) if i not in taken]

    def landing(self, ring: int) -> list[int]:
        return pit_order(ring, self.origin, len(self.colours), self.slot)

    def set_letters(self, letters: str) -> None:
        """Take an order written as colour letters (a suggestion)."""
        free = list(range(len(self.colours)))
        order = []
        for letter in letters:
            colour = COLOUR_LETTERS.index(letter)
            pick = next(i for i in free if self.colours[i] == colour)
            free.remove(pick)
            order.append(pick)
        self.order = order

    def plan_sowing(self, state: SpectralReapersState) -> Sowing | None:
        """The legal action(s) whose outcome matches the chosen order, and the state they lead to (a clone).

        Matched by outcome, not by spelling: the same colours in every pit and the same last bead. A pit too
        big for one decision is sown in parts (``sow`` then ``sow-on``), each matched in turn.
        """
        if not self.complete:
            return None
        letters = self.letters()
        key = (letters, self.version)
        if self._preview is not None and self._preview[0] == key:
            return self._preview[1]
        result = match_order(state, self.origin, letters)
        self._preview = (key, result)
        return result

    def suggest(self, state: SpectralReapersState, hint: Analysis | None = None) -> None:
        """Fill the order. With a hint shown for this decision, the order it ranks best for this pit (its choice
        when that lifts this pit), so Suggest and the hint never disagree; else a capturing outcome if this pit
        has one, else the first canonical order."""
        options = [a for a in state.legal_actions() if isinstance(a, SowAction)
                   and (a.cont if self.cont else (not a.cont and a.pit == self.origin))]
        if not options:
            return
        pick = _hinted_sowing(hint, options) or _capturing_sowing(state, options)
        rest = [c for c in self.colours]
        for letter in pick.order:
            rest.remove(COLOUR_LETTERS.index(letter))
        self.set_letters(pick.order + "".join(COLOUR_LETTERS[c] for c in sorted(rest)))


def _hinted_sowing(hint: Analysis | None, options: list[SowAction]) -> SowAction | None:
    """The hint's best-ranked sowing among ``options`` (its choice first, then its options best first)."""
    if hint is None:
        return None
    ranked = [hint.choice, *(option.action for option in hint.options)]
    return next((action for action in ranked if isinstance(action, SowAction) and action in options), None)


def _capturing_sowing(state: SpectralReapersState, options: list[SowAction]) -> SowAction:
    """The first of ``options`` (a whole sowing) that ends in a capture, else the first."""
    for action in options:
        if action.left:
            break
        sim = state.clone()
        sim.apply_legal(action)
        if sim.phase == CAPTURE:
            return action
    return options[0]


def match_order(state: SpectralReapersState, origin: int, letters: str) -> Sowing | None:
    """Legal sowing action(s) from ``origin`` matching ``letters`` by outcome, and the resulting clone."""
    sim = state.clone()
    actions: list[SowAction] = []
    rest = letters
    while True:
        cont = sim.hand is not None
        slot = sim.hand_slot if cont else 0
        found = None
        for action in sim.legal_actions():
            if not isinstance(action, SowAction) or action.cont != cont or action.pit != origin:
                continue
            size = len(action.order)
            if size > len(rest) or (not action.left and size != len(rest)):
                continue
            want, want_last = outcome_key(origin, slot, action.order, sim.ring)
            got, got_last = outcome_key(origin, slot, rest[:size], sim.ring)
            if want == got and (action.left or want_last == got_last):
                found = action
                break
        if found is None:
            return None
        sim.apply_legal(found)
        actions.append(found)
        rest = rest[len(found.order):]
        if not found.left:
            return actions, sim


# ------------------------------------------------------------------------------------------- the tray


BUTTONS = {"place": "Place beads", "clear": "Clear", "sow": "Sow", "suggest": "Suggest", "cancel": "Other pit"}


def _buttons(tray: pygame.Rect, lay: Layout, names: list[str]) -> dict[str, pygame.Rect]:
    w, h, gap = lay.px(118), lay.px(40), lay.px(8)
    right = tray.right - lay.px(12)
    top = tray.y + lay.px(40)
    rects = {}
    for i, name in enumerate(names):
        row, col = divmod(i, 2)
        rects[name] = pygame.Rect(right - (2 - col) * w - (1 - col) * gap, top + row * (h + gap), w, h)
    return rects


def bead_row(area: pygame.Rect, count: int, lay: Layout) -> tuple[int, int]:
    """(bead side, step) for ``count`` beads in one row of ``area``."""
    step = min(lay.px(42), area.w // max(1, count))
    return max(10, int(step * 0.86)), step


def tray_areas(tray: pygame.Rect, lay: Layout) -> tuple[pygame.Rect, pygame.Rect]:
    """The two bead rows of the tray (lifted beads, chosen order), left of the buttons."""
    left = tray.x + lay.px(14)
    width = tray.w - lay.px(14) - lay.px(270)
    pool = pygame.Rect(left + lay.px(70), tray.y + lay.px(38), width - lay.px(70), lay.px(40))
    order = pygame.Rect(left + lay.px(70), tray.y + lay.px(88), width - lay.px(70), lay.px(40))
    return pool, order


def targets(scene: SpectralReapersScene) -> list[Target]:
    """Every clickable thing of the human's current decision, in keyboard order."""
    state, geo, lay, dec = scene.state, scene.geo, scene.layout, scene.decision
    seat = state.current_player()
    out: list[Target] = []
    if state.phase == PLACE:
        out += [Target("pit", p, r) for p, r in enumerate(geo.pits)]
        rects = _buttons(geo.tray, lay, ["place", "clear"])
        legal = dec.placement() in state.legal_actions() if len(dec.plan) == state.config.placement_pits else False
        out.append(Target("button", "place", rects["place"], legal))
        out.append(Target("button", "clear", rects["clear"], bool(dec.plan)))
        return out
    if state.phase == CAPTURE:
        pit = state.capture_pit
        colours = [c for c, n in enumerate(state.pits[pit]) for _ in range(n)]
        side, spots = bead_spots(tuple(geo.pits[pit]), len(colours), geo.bead)
        for colour, spot in zip(colours, spots):
            rect = pygame.Rect(spot[0] - side // 2, spot[1] - side // 2, side, side)
            out.append(Target("capbead", colour, rect))
        present = [c for c, n in enumerate(state.pits[pit]) if n]
        pool, _ = tray_areas(geo.tray, lay)
        step = lay.px(92)
        for i, colour in enumerate(present):
            out.append(Target("chip", colour, pygame.Rect(pool.x + i * step, pool.y, step - lay.px(10), lay.px(56))))
        return out
    if not dec.cont:
        out += [Target("pit", p, geo.pits[p]) for p in state.own_pits(seat)]
    if dec.lifted:
        pool, order = tray_areas(geo.tray, lay)
        side, step = bead_row(pool, len(dec.colours), lay)
        for j, i in enumerate(dec.pool()):
            out.append(Target("pool", i, pygame.Rect(pool.x + j * step, pool.centery - side // 2, side, side)))
        for j in range(len(dec.order)):
            out.append(Target("order", j, pygame.Rect(order.x + j * step, order.centery - side // 2, side, side)))
        names = ["sow", "suggest", "clear"] + ([] if dec.cont else ["cancel"])
        rects = _buttons(geo.tray, lay, names)
        ready = dec.plan_sowing(state) is not None
        enabled = {"sow": ready, "suggest": True, "clear": bool(dec.order), "cancel": True}
        out += [Target("button", name, rects[name], enabled[name]) for name in names]
    return out


def draw_button(surface: pygame.Surface, target: Target, lay: Layout, pal: Palette, focused: bool) -> None:
    fill = blend(pal.panel, pal.accent, 0.35 if focused and target.enabled else (0.18 if target.enabled else 0.0))
    edge = pal.focus if focused else (pal.accent if target.enabled else pal.panel_edge)
    cached_panel(surface, target.rect, fill, edge, radius=lay.px(8), width=max(2, lay.px(2)))
    label = BUTTONS[str(target.index)]
    size = fit(label, lay.text_px(19), target.rect.w - lay.px(12), serif=True, bold=True)
    colour = pal.text if target.enabled else blend(pal.text_dim, pal.panel, 0.35)
    text(surface, label, size, colour, target.rect.center, anchor="center", serif=True, bold=True)


def draw_tray(scene: SpectralReapersScene, surface: pygame.Surface, items: list[Target]) -> None:
    """The bottom panel: instructions, the lifted beads and the chosen order, the buttons, the preview. Its
    title explains the phase: only the title, so the long tip does not rise over the board wherever the
    pointer rests in the tray while the AI plays."""
    state, geo, lay, dec, pal = scene.state, scene.geo, scene.layout, scene.decision, scene.app.palette
    tray = geo.tray
    x = tray.x + lay.px(14)
    title_w = tray.w - lay.px(28)
    title, lines = scene.tray_text()
    size = fit(title, lay.text_px(19), title_w, bold=True)
    title_at = text(surface, title, size, pal.accent, (x, tray.y + lay.px(10)), bold=True)
    sower = scene.who(state.current_player()) if not state.is_terminal() else ""
    scene.explain(title_at, phase_tip(state.phase, state.config, state.capture_pit, sower))
    focus = scene.focus
    for target in items:
        focused = focus is not None and (target.kind, target.index) == focus
        if target.kind != "pit":  # pits are explained as the board draws them, under the order's markers
            scene.explain(target.rect, target_tip(scene, target))
        if target.kind == "button":
            draw_button(surface, target, lay, pal, focused)
        elif target.kind in ("pool", "order"):
            index = int(target.index)
            colour = dec.colours[index] if target.kind == "pool" else dec.colours[dec.order[index]]
            image = assets.bead(colour, target.rect.w)
            surface.blit(image, target.rect)
            if focused:
                focus_ring(surface, target.rect, lay, pal)
        elif target.kind == "chip":
            rect = target.rect
            cached_panel(surface, rect, blend(pal.panel, pal.text, 0.08), pal.focus if focused else pal.panel_edge,
                  radius=lay.px(8), width=max(2, lay.px(3)) if focused else 1)
            image = assets.bead(int(target.index), lay.px(34))
            surface.blit(image, image.get_rect(midleft=(rect.x + lay.px(6), rect.centery)))
            count = state.pits[state.capture_pit][int(target.index)]
            text(surface, f"x{count}", lay.text_px(18), pal.text, (rect.x + lay.px(46), rect.centery),
                      anchor="midleft", bold=True)
        elif target.kind == "capbead" and focused:
            focus_ring(surface, target.rect, lay, pal)
    if dec.lifted and state.phase not in (PLACE, CAPTURE):
        _draw_order_row(scene, surface)
    y = tray.bottom - lay.px(12)
    for words, shade in reversed(lines):
        size = fit(words, lay.text_px(16), title_w - (lay.px(270) if _has_buttons(items) else 0))
        rect = text(surface, words, size, shade, (x, y), anchor="bottomleft")
        scene.explain(rect, TRAY_LINES_TIP)
        y = rect.top - lay.px(2)


def target_tip(scene: SpectralReapersScene, target: Target) -> str:
    """The tip of something in the tray the human can click now (or of a bead in the capture pit)."""
    state, dec, words = scene.state, scene.decision, scene.bead_words()
    index = target.index
    if target.kind == "button":
        return button_tip(str(index), state.phase, state.config, target.enabled)
    if target.kind in ("chip", "capbead"):
        bead = words.one(int(index))
        if target.kind == "capbead":
            return capbead_tip(bead, state.capture_pit)
        return chip_tip(bead, state.pits[state.capture_pit][int(index)], state.capture_pit)
    landing = dec.landing(state.ring)
    if target.kind == "pool":
        place = len(dec.order)
        return pool_tip(words.one(dec.colours[int(index)]), place + 1, landing[place])
    return order_tip(int(index) + 1, words.one(dec.colours[dec.order[int(index)]]), landing[int(index)])


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette) -> None:
    """The keyboard's place on a bead: a thick ring in the focus colour, clear of the bead."""
    pygame.draw.rect(surface, pal.focus, rect.inflate(lay.px(12), lay.px(12)), max(2, lay.px(3)),
                     border_radius=lay.px(8))


def _has_buttons(items: list[Target]) -> bool:
    return any(t.kind == "button" for t in items)


def _draw_order_row(scene: SpectralReapersScene, surface: pygame.Surface) -> None:
    """Labels of the two rows, empty numbered places of the order, and where each place lands."""
    state, geo, lay, dec, pal = scene.state, scene.geo, scene.layout, scene.decision, scene.app.palette
    pool, order = tray_areas(geo.tray, lay)
    x = geo.tray.x + lay.px(14)
    scene.explain(text(surface, "Lifted", lay.text_px(15), pal.text_dim, (x, pool.centery), anchor="midleft"),
                  LIFTED_ROW_TIP)
    scene.explain(text(surface, "Order", lay.text_px(15), pal.text_dim, (x, order.centery), anchor="midleft"),
                  ORDER_ROW_TIP)
    side, step = bead_row(pool, len(dec.colours), lay)
    landing = dec.landing(state.ring)
    show_pits = step >= lay.px(24)
    focus = scene.focus
    for j, pit in enumerate(landing):
        rect = pygame.Rect(order.x + j * step, order.centery - side // 2, side, side)
        if j >= len(dec.order):
            scene.explain(rect, empty_place_tip(j + 1, pit, j == len(landing) - 1))
        if j == len(dec.order) and focus is not None and focus[0] == "pool":  # where Enter puts the focused bead
            ghost = assets.bead(dec.colours[int(focus[1])], side).copy()
            ghost.set_alpha(110)
            surface.blit(ghost, rect)
            pygame.draw.ellipse(surface, pal.focus, rect.inflate(lay.px(4), lay.px(4)), max(1, lay.px(2)))
        elif j >= len(dec.order):
            pygame.draw.ellipse(surface, blend(pal.panel, pal.text_dim, 0.5), rect, max(1, lay.px(2)))
            text(surface, str(j + 1), lay.text_px(13), pal.text_dim, rect.center, anchor="center")
        if show_pits:
            label = text(surface, f"\u2192{pit + 1}", lay.text_px(13), pal.text_dim,
                         (rect.centerx, rect.bottom + lay.px(1)), anchor="midtop")
            scene.explain(label, arrow_tip(j + 1, pit))


def preview_lines(scene: SpectralReapersScene) -> list[tuple[str, tuple[int, int, int]]]:
    """What the chosen order does: where the last bead lands and whether it captures."""
    state, dec, pal = scene.state, scene.decision, scene.app.palette
    seat = state.current_player()
    landing = dec.landing(state.ring)
    last = landing[-1] + 1
    own_there = state.pits[landing[-1]][seat]
    if not dec.complete:
        need = state.config.capture_count
        return [(f"The last bead lands in pit {last} (holding {own_there} of yours now). It captures if it is "
                 f"{scene.bead_name(seat)} and makes exactly {need} of yours there.", pal.text_dim)]
    planned = dec.plan_sowing(state)
    if planned is None:
        return [("This order matches no legal move.", pal.danger)]
    _, after = planned
    last_colour = scene.bead_name(COLOUR_LETTERS.index(dec.letters()[-1]))
    if after.phase == CAPTURE:
        return [(f"Last bead: {last_colour} into pit {last} - it holds 2 of yours: you capture and move again!",
                 pal.good)]
    return [(f"Last bead: {last_colour} into pit {last} - no capture; the turn passes.", pal.text)]


def tray_text(scene: SpectralReapersScene) -> tuple[str, list[tuple[str, tuple[int, int, int]]]]:
    """The tray's title and lines for what is happening now."""
    state, pal = scene.state, scene.app.palette
    log = [(line, pal.text) for line in scene.log[-2:]]
    if state.is_terminal():
        won = " and ".join(scene.names[s] for s in state.winners())
        return f"Game over - {won} {'share the win' if len(state.winners()) > 1 else 'wins'}", log
    seat = state.current_player()
    name, colour = scene.names[seat], scene.bead_name(seat)
    if seat != scene.viewer or seat not in scene.humans:
        doing = "places beads" if state.phase == PLACE else ("captures" if state.phase == CAPTURE else "sows")
        return f"{name}, {colour} beads, {doing}...", log
    dec = scene._decision_now()
    cfg = state.config
    if state.phase == PLACE:
        placed = sum(dec.plan.values())
        where = ", ".join(f"{n} in pit {p + 1}" for p, n in sorted(dec.plan.items())) or "nothing yet"
        line = (f"Planned: {where} ({placed} of {cfg.beads_per_player} beads, {len(dec.plan)} of "
                f"{cfg.placement_pits} pits).")
        hint = (f"Each chosen pit gets {cfg.placement_min} to {cfg.placement_max} of your beads, all "
                f"{cfg.beads_per_player} used; other colours already there do not matter. A click cycles "
                f"0 - {cfg.placement_min} - {cfg.placement_max}.")
        return (f"Place your {cfg.beads_per_player} {colour} beads: click {cfg.placement_pits} pits to set "
                f"{cfg.placement_min} or {cfg.placement_max} beads each", [(hint, pal.text_dim), (line, pal.text)])
    if state.phase == CAPTURE:
        return (f"Capture! Click one bead in pit {state.capture_pit + 1} (any colour) to take it into your store",
                [("Your own colour counts too; a capture gives you another move.", pal.text_dim)])
    if not dec.lifted:
        return (f"Your move: lift a pit holding {colour} beads (outlined)",
                [("Beads are sown one per pit counter-clockwise, skipping the lifted pit. "
                  "Arrows or Tab, then Enter, work too.", pal.text_dim)])
    return ("Order the lifted beads: click each in turn, or pick one with \u2190/\u2192 or Tab and press Enter "
            "(Backspace takes back; or Suggest)", preview_lines(scene))
