"""The replay viewer: a control bar laid over a table that replays a game record.

The table (``TableScene.watch``) plays the record; this overlay, pushed above it, decides when: it forwards
the frame's time to the table while playing (only the top scene updates), at the chosen speed, and steps,
jumps and scrubs through ``TableScene.seek``. It draws its bar over the table's status line. It works from
the registry only: a game's parts (hands, tricks) come from ``GameSpec.chapter``, found by replaying the
record once. The table never reaches its own end of game here (no results screen over the replay, so
stepping back still works), and a replay saves and counts nothing (``watch`` turns autosave off).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.core.chapters import chapter_titles, read_record_chapters
from game.core.registry import HAND, TRICK
from game.ui.app import Scene
from game.ui.layout import Layout
from game.ui.table import TableScene
from game.ui.text import draw_text, ellipsize, panel
from game.ui.theme import Colour, blend, font
from game.ui.tooltip import TipBoard, Tooltip, draw_tip

SPEEDS = (0.5, 1.0, 2.0, 4.0)
"""Playback speeds: each scales both the pause between moves and the animations."""
NORMAL_SPEED = 1
"""Index of 1x in ``SPEEDS``."""
FALLBACK_JUMP = 10
"""Moves a jump by hand or trick covers in a game that names no parts (``GameSpec.chapter`` is None)."""
BUTTON = 30
BUTTON_GAP = 4
SPEED_WIDTH = 52
VIEW_WIDTH = 150
FACE_UP_WIDTH = 110
READOUT_WIDTH = 300
TRACK_HEIGHT = 6
KNOB_RADIUS = 8
MARGIN = 12
"""Reference sizes of the bar's parts."""
READOUT_TEXT = 16
SCRUB_GRAB = 14
"""Reference units above and below the scrub track that still grab it."""
SPECTATOR = "Everyone"
"""The "see as" choice that shows only public facts."""

PLAY_TIP = "Play or pause the replay (Space)."
STEP_BACK_TIP = "One move back (Left)."
STEP_TIP = "One move on (Right)."
TRICK_BACK_TIP = "Back to the start of this trick, or the one before (Up)."
TRICK_TIP = "On to the next trick (Down)."
HAND_BACK_TIP = "Back to the start of this hand, or the one before (Page Up)."
HAND_TIP = "On to the next hand (Page Down)."
SPEED_TIP = "Playback speed: click, or - and +, to change it."
VIEW_TIP = "Whose eyes the replay shows: their own cards face up (V)."
FACE_UP_TIP = "The game is over, so nothing is secret: show every hand face up, or only what was seen (F)."
SCRUB_TIP = "The whole game: click or drag to go to any move (Home: the start, End: the end)."
READOUT_TIP = "How far the replay has got. Esc leaves the replay."


@dataclass
class Control:
    """One button of the bar: what it draws, what it does, its tip."""

    icon: Callable[[pygame.Surface, pygame.Rect, Colour], None]
    action: Callable[[], None]
    tip: str
    rect: pygame.Rect


def _triangle(surface: pygame.Surface, box: pygame.Rect, colour: Colour, forward: bool) -> None:
    left, right = (box.left, box.right) if forward else (box.right, box.left)
    pygame.draw.polygon(surface, colour, [(left, box.top), (right, box.centery), (left, box.bottom)])


def _icon(arrows: int, forward: bool, stop: bool) -> Callable[[pygame.Surface, pygame.Rect, Colour], None]:
    """A player's icon: ``arrows`` triangles pointing one way, with a bar at that end if ``stop``."""

    def draw(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
        side = rect.h * 2 // 5
        bar = max(2, side // 4) if stop else 0
        width = arrows * side * 3 // 4 + bar
        x = rect.centerx - width // 2
        if stop and not forward:
            pygame.draw.rect(surface, colour, (x, rect.centery - side // 2, bar, side))
            x += bar
        for _ in range(arrows):
            _triangle(surface, pygame.Rect(x, rect.centery - side // 2, side * 3 // 4, side), colour, forward)
            x += side * 3 // 4
        if stop and forward:
            pygame.draw.rect(surface, colour, (x, rect.centery - side // 2, bar, side))

    return draw


class ReplayScene(Scene):
    """Controls over a replaying ``table`` (already ``watch``-ing its record). ``humans``: the record's human
    seats, whose eyes the replay may be seen through."""

    opaque = False

    def __init__(self, table: TableScene, humans: Sequence[int] = ()) -> None:
        super().__init__(table.app)
        self.table = table
        self.playing = not table.record.actions
        """Whether the replay plays on by itself: from the start, yes; opened at a move (a review's decision),
        it waits there."""
        self.speed_index = NORMAL_SPEED
        self.views: list[int | None] = [None, *humans] if len(humans) > 1 else [table.viewer]
        """The seats the replay may be seen as (None: everyone's public view); a choice only in hot-seat."""
        self.starts, self.ended = read_record_chapters(table.spec, table.record, table.session.recorded)
        """The chapters each position begins, and whether the record's game ended (only then may every hand be
        shown face up)."""
        self.titles = chapter_titles(self.starts)
        self.levels = {chapter.level for begun in self.starts for chapter in begun}
        """The chapter levels this game names (a game without tricks jumps by moves instead)."""
        self.scrub_target: int | None = None
        """The move the scrub bar was dragged to this frame (applied once a frame: a seek replays the game)."""
        self.scrubbing = False
        self.pointer: tuple[int, int] = (-1, -1)
        self.tips = TipBoard()
        self.tooltip = Tooltip()
        self.controls: list[Control] = []
        self.play_control: Control | None = None
        self.speed_rect = self.view_rect = self.face_up_rect = self.track = self.readout = self.strip = \
            pygame.Rect(0, 0, 0, 0)

    # --- where things are ---------------------------------------------------------------------------
    @property
    def moves(self) -> int:
        """Moves shown so far."""
        return len(self.table.record.actions)

    @property
    def total(self) -> int:
        """Moves in the whole record."""
        return len(self.table.session.recorded)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def at_end(self) -> bool:
        """Whether no recorded move is left to play (the game's end, or where a broken record stops)."""
        return not self.table.session.script

    def resize(self, layout: Layout) -> None:
        lay = layout
        table = self.table.table_rect()
        self.strip = pygame.Rect(0, table.bottom, table.w, lay.height - table.bottom)
        size, gap = lay.px(BUTTON), lay.px(BUTTON_GAP)
        x, centre = lay.px(MARGIN), self.strip.centery
        self.controls = []
        specs = [(_icon(2, False, True), lambda: self.jump(HAND, -1), HAND_BACK_TIP),
                 (_icon(2, False, False), lambda: self.jump(TRICK, -1), TRICK_BACK_TIP),
                 (_icon(1, False, True), self.step_back, STEP_BACK_TIP),
                 (self._play_icon, self.toggle, PLAY_TIP),
                 (_icon(1, True, True), self.step, STEP_TIP),
                 (_icon(2, True, False), lambda: self.jump(TRICK, 1), TRICK_TIP),
                 (_icon(2, True, True), lambda: self.jump(HAND, 1), HAND_TIP)]
        for icon, action, tip in specs:
            rect = pygame.Rect(x, 0, size, size)
            rect.centery = centre
            self.controls.append(Control(icon, action, tip, rect))
            x += size + gap
        self.play_control = self.controls[3]
        self.speed_rect = pygame.Rect(x + gap, 0, lay.px(SPEED_WIDTH), size)
        self.speed_rect.centery = centre
        x = self.speed_rect.right + gap
        self.view_rect = pygame.Rect(x + gap, 0, lay.px(VIEW_WIDTH) if len(self.views) > 1 else 0, size)
        self.view_rect.centery = centre
        x = self.view_rect.right + gap
        self.face_up_rect = pygame.Rect(x + gap, 0, lay.px(FACE_UP_WIDTH) if self.may_face_up() else 0, size)
        self.face_up_rect.centery = centre
        x = self.face_up_rect.right + lay.px(MARGIN)
        readout_w = min(lay.px(READOUT_WIDTH), max(0, self.strip.right - x - lay.px(MARGIN) * 3))
        self.readout = pygame.Rect(self.strip.right - lay.px(MARGIN) - readout_w, self.strip.y, readout_w,
                                   self.strip.h)
        self.track = pygame.Rect(x + lay.px(KNOB_RADIUS), 0,
                                 max(1, self.readout.x - x - lay.px(MARGIN + 2 * KNOB_RADIUS)), lay.px(TRACK_HEIGHT))
        self.track.centery = centre

    def scrub_rect(self) -> pygame.Rect:
        """Where a click grabs the scrub bar."""
        grab = self.app.layout.px(SCRUB_GRAB)
        return self.track.inflate(2 * self.app.layout.px(KNOB_RADIUS), 2 * grab).clip(self.strip)

    def move_at(self, x: int) -> int:
        """The move the scrub bar stands for at ``x`` (its ends: the start and the end of the record)."""
        share = (x - self.track.x) / max(1, self.track.w)
        return max(0, min(self.total, round(share * self.total)))

    def readout_text(self) -> str:
        """"move 37 of 208 · Hand 2 · Trick 5"."""
        parts = [f"move {self.moves} of {self.total}", *self.titles[min(self.moves, len(self.titles) - 1)]]
        if self.table.state.is_terminal():
            parts.append("game over")
        return " \u00b7 ".join(parts)

    # --- what the controls do -----------------------------------------------------------------------
    def settle(self) -> None:
        """Finish the animations under way and write their log lines: the table shows the move it is at."""
        self.table.tweens.skip()
        while self.table.unlogged:
            self.table.log_next()

    def go_to(self, moves: int) -> None:
        """Show the table after ``moves`` recorded moves at once."""
        table = self.table
        if table.holding():  # a hand's end overlay is up: clear it, whatever the move gone to
            table.seek(0)
        table.seek(moves)
        self.app.redraw()

    def toggle(self) -> None:
        """Play or pause; at the end, play again from the start."""
        if not self.playing and self.at_end():
            self.go_to(0)
        self.playing = not self.playing
        self.app.redraw()

    def step(self) -> None:
        """Pause and play the next recorded move (animated)."""
        table = self.table
        self.playing = False
        self.settle()
        if table.session.script:
            table.play_recorded()
        self.app.redraw()

    def step_back(self) -> None:
        """Pause and show the table one move earlier."""
        self.playing = False
        if self.moves:
            self.go_to(self.moves - 1)

    def boundary(self, level: int, direction: int) -> int:
        """The next (``direction`` 1) or previous (-1) position where a chapter of ``level`` or larger begins
        (the record's end or start when there is none); ``FALLBACK_JUMP`` moves when the game names no
        chapters of that level (``GameSpec.chapter``)."""
        here = self.moves
        if level not in self.levels:
            return max(0, min(self.total, here + direction * FALLBACK_JUMP))
        found = [index for index, begun in enumerate(self.starts)
                 if any(chapter.level <= level for chapter in begun)
                 and (index > here if direction > 0 else index < here)]
        if not found:
            return self.total if direction > 0 else 0
        return found[0] if direction > 0 else found[-1]

    def jump(self, level: int, direction: int) -> None:
        """Go to the start of the next or previous hand (``HAND``) or trick (``TRICK``)."""
        self.go_to(self.boundary(level, direction))

    def change_speed(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        self.app.redraw()

    def cycle_speed(self) -> None:
        self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        self.app.redraw()

    def cycle_view(self) -> None:
        """See the replay as the next human seat (or as everyone): the table and its log shown anew."""
        if len(self.views) < 2:
            return
        self.table.viewer = self.views[(self.views.index(self.table.viewer) + 1) % len(self.views)]
        self.go_to(self.moves)

    def may_face_up(self) -> bool:
        """Whether every hand may be shown face up: in the replay of a game that has ended and hides something."""
        return self.ended and self.table.hides_hands

    def toggle_face_up(self) -> None:
        """Show every hand face up, or only what the replay's eyes saw: for a game that has ended only."""
        if not self.table.hides_hands:
            self.app.notify(f"Nothing is hidden in {self.table.spec.title}: the replay already shows everything.")
            return
        if not self.ended:
            self.app.notify("Hands are shown face up only in the replay of a game that has ended.")
            return
        self.table.show_all_hands = not self.table.show_all_hands
        self.go_to(self.moves)

    def view_label(self) -> str:
        viewer = self.table.viewer
        return f"As: {SPECTATOR if viewer is None else self.table.names[viewer]}"

    def back(self) -> None:
        """Esc: leave the replay for wherever it was opened from."""
        self.app.pop()
        self.app.pop()

    # --- input --------------------------------------------------------------------------------------
    KEYS: dict[int, Callable[["ReplayScene"], None]] = {
        pygame.K_SPACE: lambda s: s.toggle(),
        pygame.K_RIGHT: lambda s: s.step(),
        pygame.K_LEFT: lambda s: s.step_back(),
        pygame.K_DOWN: lambda s: s.jump(TRICK, 1),
        pygame.K_UP: lambda s: s.jump(TRICK, -1),
        pygame.K_PAGEDOWN: lambda s: s.jump(HAND, 1),
        pygame.K_PAGEUP: lambda s: s.jump(HAND, -1),
        pygame.K_HOME: lambda s: s.go_to(0),
        pygame.K_END: lambda s: s.go_to(s.total),
        pygame.K_MINUS: lambda s: s.change_speed(-1),
        pygame.K_KP_MINUS: lambda s: s.change_speed(-1),
        pygame.K_PLUS: lambda s: s.change_speed(1),
        pygame.K_EQUALS: lambda s: s.change_speed(1),
        pygame.K_KP_PLUS: lambda s: s.change_speed(1),
        pygame.K_v: lambda s: s.cycle_view(),
        pygame.K_f: lambda s: s.toggle_face_up(),
    }
    """The viewer's keys; any other goes to the table (a click there skips its animations)."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.tooltip.moved(event.pos)
            if self.scrubbing:
                self.scrub_target = self.move_at(event.pos[0])
            if self.strip.collidepoint(event.pos):
                self.table.tooltip.moved((-1, -1))  # the table's own tips are not for the bar
                self.app.redraw()
                return
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scrubbing:
            self.scrubbing = False
            self.scrub_target = self.move_at(event.pos[0])
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.strip.collidepoint(event.pos):
            self.click(event.pos)
            return
        elif event.type == pygame.KEYDOWN and event.key in self.KEYS and \
                not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.KEYS[event.key](self)
            return
        self.table.handle(event)

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the bar."""
        for control in self.controls:
            if control.rect.collidepoint(pos):
                control.action()
                return
        if self.speed_rect.collidepoint(pos):
            self.cycle_speed()
        elif self.view_rect.collidepoint(pos):
            self.cycle_view()
        elif self.face_up_rect.collidepoint(pos):
            self.toggle_face_up()
        elif self.scrub_rect().collidepoint(pos):
            self.scrubbing = True
            self.scrub_target = self.move_at(pos[0])

    # --- the frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        table = self.table
        if self.tooltip.update(dt):
            self.app.redraw()
        if self.scrub_target is not None:
            target, self.scrub_target = self.scrub_target, None
            if target != self.moves or table.tweens.busy:
                self.go_to(target)
        table.session.finished = True  # the viewer says when the game is over: no results screen over the replay
        if self.playing and not self.scrubbing:
            table.update(dt * self.speed)
            if self.at_end() and not table.tweens.busy and not table.holding():
                self.playing = False
                self.app.redraw()
            return
        if table.tooltip.update(dt):
            self.app.redraw()
        table.tweens.update(dt * self.speed)  # a step's animation plays on while paused
        if not table.tweens.busy:
            self.settle()
        table.update_table(dt * self.speed)

    def needs_frame(self) -> bool:
        return self.playing or self.scrubbing or self.table.tweens.busy

    def draw(self, surface: pygame.Surface) -> None:
        lay, pal = self.app.layout, self.app.palette
        self.tips.clear()
        pygame.draw.rect(surface, pal.background, self.strip)
        for control in self.controls:
            usable = self._usable(control)
            hover = usable and control.rect.collidepoint(self.pointer)
            panel(surface, control.rect, blend(pal.panel, pal.accent, 0.3 if hover else 0.0),
                  pal.focus if hover else pal.panel_edge, radius=lay.px(6))
            control.icon(surface, control.rect, pal.text if usable else pal.text_dim)
            self.tips.add(control.rect, control.tip)
        self._button(surface, self.speed_rect, f"{self.speed:g}x", SPEED_TIP)
        if self.view_rect.w:
            self._button(surface, self.view_rect, self.view_label(), VIEW_TIP)
        if self.face_up_rect.w:
            label = "Hands: all" if self.table.show_all_hands else "Hands: seen"
            self._button(surface, self.face_up_rect, label, FACE_UP_TIP)
        self._draw_track(surface)
        text = ellipsize(self.readout_text(), font(lay.text_px(READOUT_TEXT), bold=True), self.readout.w)
        line = draw_text(surface, text, lay.text_px(READOUT_TEXT), pal.text, self.readout.midright,
                         anchor="midright", bold=True)
        self.tips.add(line, READOUT_TIP)
        point = self.tooltip.target(None)
        tip = self.tips.at(point) if point is not None and self.strip.collidepoint(point) else None
        if tip is not None:
            draw_tip(surface, tip, pal, lay)

    def _usable(self, control: Control) -> bool:
        """Whether a control would do anything now (dimmed when not)."""
        if control is self.play_control:
            return self.total > 0
        backwards = control.rect.x < (self.play_control.rect.x if self.play_control else 0)
        return self.moves > 0 if backwards else not self.at_end()

    def _play_icon(self, surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
        side = rect.h * 2 // 5
        box = pygame.Rect(0, 0, side, side)
        box.center = rect.center
        if self.playing:
            bar = max(2, side // 3)
            pygame.draw.rect(surface, colour, (box.x, box.y, bar, side))
            pygame.draw.rect(surface, colour, (box.right - bar, box.y, bar, side))
        else:
            _triangle(surface, box, colour, True)

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, tip: str) -> None:
        lay, pal = self.app.layout, self.app.palette
        hover = rect.collidepoint(self.pointer)
        panel(surface, rect, blend(pal.panel, pal.accent, 0.3 if hover else 0.0),
              pal.focus if hover else pal.panel_edge, radius=lay.px(6))
        face = font(lay.text_px(15), bold=True)
        draw_text(surface, ellipsize(label, face, rect.w - lay.px(8)), lay.text_px(15), pal.text, rect.center,
                  anchor="center", bold=True)
        self.tips.add(rect, tip)

    def _draw_track(self, surface: pygame.Surface) -> None:
        """The scrub bar: the record's length, the hands marked on it, the part played filled."""
        lay, pal = self.app.layout, self.app.palette
        track = self.track
        pygame.draw.rect(surface, pal.panel_edge, track, border_radius=track.h // 2)
        x = track.x + round(track.w * self.moves / max(1, self.total))
        pygame.draw.rect(surface, pal.accent, (track.x, track.y, x - track.x, track.h), border_radius=track.h // 2)
        for index, begun in enumerate(self.starts):
            if index and any(chapter.level == HAND for chapter in begun):
                mark = track.x + round(track.w * index / max(1, self.total))
                pygame.draw.line(surface, pal.text_dim, (mark, track.y - lay.px(4)), (mark, track.bottom + lay.px(4)),
                                 max(1, lay.px(2)))
        grabbed = self.scrubbing or self.scrub_rect().collidepoint(self.pointer)
        pygame.draw.circle(surface, pal.focus if grabbed else pal.text, (x, track.centery), lay.px(KNOB_RADIUS))
        self.tips.add(self.scrub_rect(), SCRUB_TIP)

