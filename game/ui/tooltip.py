"""Tooltips: what a thing on the screen is, in the game's own words, shown where the player looks.

A scene gathers ``Tip``s (a rect and its text) on a ``TipBoard`` as it draws, so a tip is always where its
thing is drawn now, and says there what no tip may cover (the status line, a prompt, a button). A
``Tooltip`` decides when one shows: after the pointer has rested on it for ``TIP_DELAY`` seconds, after the
keyboard's focus, moved by the player, has rested on it as long, or at once when the player asks with "?"
(or F1). Moving the mouse hides a focus's tip, and the pointer leaving the window hides the pointer's.
``draw_tip`` places the wrapped text beside its thing, inside the window and clear of what must stay
readable, on a solid pop-up (``game.ui.popup``) in the palette's panel colours. The texts come from each
game's text module, not from drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.ui.layout import Layout
from game.ui.popup import draw_popup
from game.ui.text import wrap_cached
from game.ui.theme import Palette, font

TIP_DELAY = 0.5
"""Seconds the pointer or the focus rests on a thing before its tip shows."""
TIP_WIDTH = 360
"""Widest a tip is drawn, in reference units (its text wraps inside)."""
TIP_TEXT = 15
"""Reference size of a tip's text."""
TIP_PAD = 10
TIP_GAP = 8
"""Reference units between a tip and its thing."""
TIP_LIFT = 5
"""Reference units of the shadow that lifts a tip off what it covers."""
EXPLAIN_KEYS = (pygame.K_F1,)
"""Keys that show the tip of the focused (or pointed at) thing at once; "?" arrives as text input."""
NAVIGATION_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
"""Keys that move a table's focus: only after one of them is the focus what the player looks at (a game that
opens with a focus does not explain it unasked)."""


@dataclass(frozen=True)
class Tip:
    """A thing on the screen and what it is."""

    rect: pygame.Rect
    text: str


class TipBoard:
    """The tips of what is drawn now, gathered while drawing; the last added is on top."""

    def __init__(self) -> None:
        self.tips: list[Tip] = []
        self.kept: list[pygame.Rect] = []
        """What must stay readable this frame (the status line, a prompt, a button): no tip is placed over it."""

    def clear(self) -> None:
        self.tips.clear()
        self.kept.clear()

    def keep_clear(self, rect: pygame.Rect) -> None:
        """Keep tips off ``rect`` this frame (an empty rect keeps nothing)."""
        if rect.w > 0 and rect.h > 0:
            self.kept.append(pygame.Rect(rect))

    def add(self, rect: pygame.Rect, text: str) -> None:
        """Explain ``rect``; an empty text or an empty rect adds nothing."""
        if text and rect.w > 0 and rect.h > 0:
            self.tips.append(Tip(pygame.Rect(rect), text))

    def at(self, point: tuple[int, int]) -> Tip | None:
        """The topmost tip under ``point``."""
        for tip in reversed(self.tips):
            if tip.rect.collidepoint(point):
                return tip
        return None


class Tooltip:
    """When a tip shows. ``pointer`` and ``key`` report input, ``update`` the time that passed (frames, not a
    clock, so tests can drive it); ``target`` says which point to explain now, if any."""

    def __init__(self) -> None:
        self.pointer: tuple[int, int] | None = None
        self.by_keyboard = False
        """Whether the last input was a key (the focus, not the pointer, is what the player looks at)."""
        self.rested = 0.0
        self.asked = False
        """Whether the player asked with "?" / F1: shown at once until the next input."""

    def moved(self, pos: tuple[int, int]) -> None:
        """The pointer moved."""
        if pos != self.pointer:
            self.pointer = pos
            self.by_keyboard = False
            self.rested = 0.0
            self.asked = False

    def handle(self, event: pygame.event.Event) -> bool:
        """Follow the input; whether the event was the player asking for a tip (then it is used up)."""
        if event.type == pygame.MOUSEMOTION:
            self.moved(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
            self.by_keyboard = False
            self.asked = False
        elif event.type == pygame.TEXTINPUT and event.text == "?" or \
                event.type == pygame.KEYDOWN and event.key in EXPLAIN_KEYS:
            self.asked = True
            return True
        elif event.type == pygame.KEYDOWN:
            self.by_keyboard = self.by_keyboard or event.key in NAVIGATION_KEYS
            self.rested = 0.0
            self.asked = False
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.rested = 0.0
            self.asked = False
        return False

    def update(self, dt: float) -> bool:
        """Let ``dt`` seconds pass; whether a tip became due just now (the scene must be drawn again)."""
        before = self.rested
        self.rested += dt
        return before < TIP_DELAY <= self.rested

    def due(self) -> bool:
        """Whether a tip shows now."""
        return self.asked or self.rested >= TIP_DELAY

    def target(self, focus: pygame.Rect | None) -> tuple[int, int] | None:
        """The point whose tip shows now: the focused thing after the player moved the focus (or asked with no
        pointer in the window), the pointer otherwise; none before either."""
        if not self.due():
            return None
        if self.by_keyboard or self.pointer is None and self.asked:
            return focus.center if focus is not None else None
        return self.pointer


def draw_tip(surface: pygame.Surface, tip: Tip, pal: Palette, lay: Layout,
             keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Draw ``tip``'s text wrapped in a panel beside its thing, inside the window and off everything in
    ``keep_clear`` (``place_tip``). Returns the panel's rect."""
    size = lay.text_px(TIP_TEXT)
    face = font(size)
    pad = lay.px(TIP_PAD)
    width = min(lay.px(TIP_WIDTH), surface.get_width() - 2 * pad)
    lines: list[str] = []
    for paragraph in tip.text.split("\n"):
        lines += wrap_cached(paragraph, size, width - 2 * pad) or [""]
    text_w = max(face.size(line)[0] for line in lines)
    box = pygame.Rect(0, 0, text_w + 2 * pad, len(lines) * face.get_linesize() + 2 * pad)
    box = place_tip(box.size, tip.rect, surface.get_rect(), keep_clear, lay.px(TIP_GAP))
    draw_popup(surface, box, pal, radius=lay.px(6), edge=pal.focus, border=max(2, lay.px(2)), lift=lay.px(TIP_LIFT))
    y = box.y + pad
    for line in lines:
        surface.blit(face.render(line, True, pal.text), (box.x + pad, y))
        y += face.get_linesize()
    return box


def place_tip(size: tuple[int, int], thing: pygame.Rect, bounds: pygame.Rect, keep_clear: Sequence[pygame.Rect],
              gap: int) -> pygame.Rect:
    """Where a tip of ``size`` goes: below its thing, else above, right or left of it, inside ``bounds``; when
    the thing lies in something kept clear (a button in a prompt), beside that too. The first such place
    that covers neither the thing nor anything kept clear; failing that, the one covering least of them."""
    anchors = [thing]
    holders = [rect for rect in keep_clear if rect.colliderect(thing)]
    if holders:
        anchors.append(thing.unionall(holders))
    places: list[pygame.Rect] = []
    for anchor in anchors:
        for side in ("below", "above", "right", "left"):
            box = pygame.Rect((0, 0), size)
            if side == "below":
                box.midtop = (anchor.centerx, anchor.bottom + gap)
            elif side == "above":
                box.midbottom = (anchor.centerx, anchor.top - gap)
            elif side == "right":
                box.midleft = (anchor.right + gap, anchor.centery)
            else:
                box.midright = (anchor.left - gap, anchor.centery)
            places.append(box.clamp(bounds))
    blocked = [thing, *keep_clear]

    def covered(box: pygame.Rect) -> int:
        return sum(overlap.w * overlap.h for overlap in (box.clip(rect) for rect in blocked))

    return min(places, key=covered)  # the first of the least covered: a free place if there is one
