"""The log panel of a table: what happened, under a heading for each hand and trick (or turn), scrolled by
wheel, drag and keys, with the steps of one move (the beads of a sowing) folded into its line.

The table writes each event's line as its animation starts (``TableScene.log_next``); the line carries the
chapter its event begins (``GameSpec.chapter``) and whether it is a step of the line before (a scene's
``log_step``), so the scenes, which hold lines back and put them in again, handle plain strings. Lines are
wrapped once per text, size and width (``wrap_cached``) and laid out again only when the log or the panel
changes: a table draws its log every animated frame.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

import pygame

from game.core.registry import HAND, Chapter
from game.ui.layout import Layout
from game.ui.text import ELLIPSIS, draw_text, wrap_cached
from game.ui.theme import Palette, blend, font

LOG_LINES = 200
"""The entries (lines and headings) a live table keeps; a replay keeps its whole game."""
MAX_LOG_ENTRY_CHARS = 600
"""The most characters of one log entry the panel wraps: 2.5 times the longest any game writes with names of
16 characters (241, Nevermore at 6 players). Only names that slipped past the name rules make one longer, and
wrapping 20,000 characters took a tenth of a second an entry; the log saved in a bug report keeps it whole."""
LINE_TEXT = 15
HAND_TEXT = 19
TRICK_TEXT = 16
"""Reference font sizes of a line, a hand's heading and a trick's (or turn's) heading."""
PAD = 12
"""Reference space between the panel's edge and its text."""
HEADING_GAP = 6
"""Reference space above a heading."""
STEP_INDENT = 18
"""Reference room for a fold's marker before its line; its steps are indented ``STEP_INDENT + STEP_EXTRA``."""
STEP_EXTRA = 8
ENTRY_GAP = 2
"""Reference space between two lines (a wrapped line's rows have none)."""
BAR_WIDTH = 6
"""Reference width of the scroll bar at the panel's right edge."""
WHEEL_LINES = 3
"""Lines one notch of the mouse wheel scrolls."""
DRAG_SLOP = 4
"""Pixels the pointer must move with the button down before a press is a drag, not a click."""
NEW_LINES = "New lines below: End"
NEW_LINES_TIP = "New lines were written while you read back: click here (or press End) to see them."


class LogLine(str):
    """One event's line in the log, with the chapter its event begins and whether it is a step of the line
    before (a bead of a sowing). A ``str``, so scenes that hold lines back pass it on unchanged; an event with
    no words may still begin a chapter (its text is then "")."""

    chapter: Chapter | None
    step: bool

    def __new__(cls, text: str, chapter: Chapter | None = None, step: bool = False) -> "LogLine":
        line = super().__new__(cls, text)
        line.chapter = chapter
        line.step = step
        return line


@dataclass(eq=False)
class Entry:
    """A heading (``level`` HAND or TRICK) or a line (``level`` None); a line may fold ``steps`` under it."""

    text: str
    level: int | None = None
    steps: list[str] = field(default_factory=list)
    open: bool = False
    """Whether its steps are shown."""


@dataclass(frozen=True)
class Row:
    """One drawn line of the panel: part of an entry's wrapped text (``step``: of one of its steps)."""

    entry: Entry
    text: str
    size: int
    height: int
    indent: int
    step: bool
    first: bool
    """The first row of its entry (a fold's marker is drawn beside it)."""


def clip(text: str) -> str:
    """An entry cut to the characters the panel wraps."""
    return text[:MAX_LOG_ENTRY_CHARS] + ELLIPSIS if len(text) > MAX_LOG_ENTRY_CHARS else text


class LogPanel:
    """The entries of a table's log and how far the player has scrolled them."""

    def __init__(self, limit: int | None = LOG_LINES) -> None:
        self.entries: list[Entry] = []
        self.limit = limit
        """The entries kept (the oldest go first); None keeps every one (a replay's whole game)."""
        self.offset = 0
        """Pixels the view is scrolled back from the newest line (0: it follows new lines)."""
        self.unseen = 0
        """Entries written while the player read back (the "new lines below" marker)."""
        self.view = pygame.Rect(0, 0, 0, 0)
        """Where the lines were last drawn (input hits it)."""
        self.marker = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.press: tuple[int, int, bool] | None = None
        """A button press in the panel: pointer y, offset then, whether it grabbed the scroll bar."""
        self.dragged = False
        self.chapters: dict[int, str] = {}
        """The chapter each level is in, as the log last wrote it."""
        self._rows: list[Row] = []
        self._tops: list[int] = []
        self._total = 0
        self._key: tuple[int, int, int] | None = None
        self._version = 0
        self._fresh: list[Entry] = []
        """Entries written while scrolled back and not yet laid out (the view keeps its place over them)."""
        self._width = 0
        self._lay: Layout | None = None
        """The text width and layout of the last drawing (a fold opened by a click is laid out with them)."""
        self._starts: list[int] = []
        """The index of each entry's first row."""
        self._base = (0, 0)
        """The text width and size the rows were laid out for."""
        self._dirty: int | None = 0
        """The first entry changed since the rows were laid out (None: none)."""

    # --- writing -------------------------------------------------------------------------------------
    def write(self, line: str) -> None:
        """Add one event's line: its chapter's heading first, a step folded under the line before."""
        chapter = line.chapter if isinstance(line, LogLine) else None
        if chapter is not None:
            self.chapters = {level: title for level, title in self.chapters.items() if level < chapter.level}
            self.chapters[chapter.level] = chapter.title
            self._add(Entry(chapter.title, chapter.level))
        if not line:
            return
        last = self.entries[-1] if self.entries else None
        if isinstance(line, LogLine) and line.step and last is not None and last.level is None:
            last.steps.append(str(line))
            self._changed(last, len(self.entries) - 1)
        else:
            self._add(Entry(str(line)))

    def clear(self) -> None:
        """Forget every entry (the log is rebuilt) and follow the newest line again."""
        self.entries.clear()
        self._dirty = 0
        self.chapters.clear()
        self._fresh.clear()
        self.offset = self.unseen = 0
        self._version += 1

    def _add(self, entry: Entry) -> None:
        self.entries.append(entry)
        if self.limit is not None and len(self.entries) > self.limit:
            self._drop(len(self.entries) - self.limit)
        if self.offset > 0:
            self.unseen += 1
        self._changed(entry, len(self.entries) - 1)

    def _drop(self, count: int) -> None:
        """Forget the ``count`` oldest entries, and their rows (the others keep theirs)."""
        del self.entries[:count]
        if count >= len(self._starts):
            self._rows, self._tops, self._starts, self._total, self._dirty = [], [], [], 0, 0
            return
        cut = self._starts[count]
        top = self._tops[cut] if cut < len(self._tops) else self._total
        self._rows = self._rows[cut:]
        self._tops = [y - top for y in self._tops[cut:]]
        self._starts = [start - cut for start in self._starts[count:]]
        self._total -= top
        if self._dirty is not None:
            self._dirty = max(0, self._dirty - count)

    def _changed(self, entry: Entry, index: int) -> None:
        """``entry`` (at ``index``) is new or grew: lay out again from it; a player reading back keeps their
        place."""
        self._relayout_from(index)
        if self.offset > 0 and entry not in self._fresh:
            self._fresh.append(entry)

    def _relayout_from(self, index: int) -> None:
        """The rows from entry ``index`` on are to be laid out again."""
        self._version += 1
        self._dirty = index if self._dirty is None else min(self._dirty, index)

    # --- layout --------------------------------------------------------------------------------------
    def rows(self, width: int, lay: Layout) -> list[Row]:
        """The panel's rows for a text width, laid out again only when something changed."""
        key = (self._version, width, lay.text_px(LINE_TEXT))
        if key != self._key:
            before = self._heights() if self._fresh else {}
            self._layout(width, lay)
            if self._fresh and self.offset > 0:
                heights = self._heights()
                self.offset += sum(heights.get(entry, 0) - before.get(entry, 0) for entry in self._fresh)
            self._fresh.clear()
            self._key = key
        return self._rows

    def _heights(self) -> dict[Entry, int]:
        heights: dict[Entry, int] = {}
        for row in self._rows:
            heights[row.entry] = heights.get(row.entry, 0) + row.height
        return heights

    def _layout(self, width: int, lay: Layout) -> None:
        """Lay the entries out from the first changed one on (all of them for a new width or text size): new
        lines at the bottom of a replay's long log cost only their own rows."""
        base = (width, lay.text_px(LINE_TEXT))
        first = 0 if base != self._base or self._dirty is None else min(self._dirty, len(self._starts))
        cut = self._starts[first] if first < len(self._starts) else len(self._rows)
        rows, tops, starts = self._rows[:cut], self._tops[:cut], self._starts[:first]
        y = tops[-1] + rows[-1].height if rows else 0
        for entry in self.entries[first:]:
            starts.append(len(rows))
            for row in self._entry_layout(entry, width, lay):
                rows.append(row)
                tops.append(y)
                y += row.height
        self._rows, self._tops, self._starts, self._total = rows, tops, starts, y
        self._base, self._dirty = base, None

    def _entry_layout(self, entry: Entry, width: int, lay: Layout) -> list[Row]:
        """One entry's rows (each line with a little space above it)."""
        rows: list[Row] = []
        if entry.level is not None:
            size = lay.text_px(HAND_TEXT if entry.level == HAND else TRICK_TEXT)
            face = font(size, serif=entry.level == HAND, bold=True)
            for index, text in enumerate(wrap_cached(clip(entry.text), size, width) or ("",)):
                gap = lay.px(HEADING_GAP) if index == 0 else 0
                rows.append(Row(entry, text, size, face.get_linesize() + gap, 0, False, index == 0))
            return rows
        line = lay.text_px(LINE_TEXT)
        indent = lay.px(STEP_INDENT)
        lead = indent if entry.steps else 0
        height = font(line).get_linesize()
        gap = lay.px(ENTRY_GAP)
        for index, text in enumerate(wrap_cached(clip(entry.text), line, width - lead) or ("",)):
            rows.append(Row(entry, text, line, height + (gap if index == 0 else 0), lead, False, index == 0))
        if entry.open:
            step_indent = indent + lay.px(STEP_EXTRA)
            for step in entry.steps:
                for index, text in enumerate(wrap_cached(clip(step), line, width - step_indent)):
                    rows.append(Row(entry, text, line, height + (gap if index == 0 else 0), step_indent, True,
                                    False))
        return rows

    def _max_offset(self) -> int:
        return max(0, self._total - self.view.h)

    # --- scrolling -----------------------------------------------------------------------------------
    def scroll(self, pixels: int) -> None:
        """Scroll back (``pixels`` > 0) or on; at the newest line the view follows new lines again."""
        self.offset = max(0, min(self._max_offset(), self.offset + pixels))
        if self.offset == 0:
            self.unseen = 0

    def to_end(self) -> None:
        """Show the newest lines and follow new ones."""
        self.offset = self.unseen = 0

    def to_start(self) -> None:
        """Show the oldest lines kept."""
        self.scroll(self._max_offset() - self.offset)

    def handle(self, event: pygame.event.Event, pointer: tuple[int, int] | None, line: int) -> bool:
        """Scrolling and folding input; ``pointer`` the mouse's place, ``line`` a line's height in pixels.
        Whether the event was the log's (then it is used up)."""
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            page = max(line, self.view.h - 2 * line)
            moves = {pygame.K_PAGEUP: lambda: self.scroll(page), pygame.K_PAGEDOWN: lambda: self.scroll(-page),
                     pygame.K_HOME: self.to_start, pygame.K_END: self.to_end}
            if event.key in moves:
                moves[event.key]()
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if pointer is None or not self.view.collidepoint(pointer):
                return False
            self.scroll(event.y * WHEEL_LINES * line)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not self.view.collidepoint(event.pos):
                return False
            if event.button == 1:
                self.press = (event.pos[1], self.offset, self.bar.collidepoint(event.pos))
                self.dragged = False
            return True  # wheel buttons (4, 5) and right clicks over the log are the log's too
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            start, offset, on_bar = self.press
            moved = event.pos[1] - start
            if abs(moved) >= DRAG_SLOP:
                self.dragged = True
            if self.dragged:  # the bar moves the view the other way, a whole log to the panel's height
                self.offset = offset
                self.scroll(-round(moved * self._total / self.view.h) if on_bar and self.view.h else moved)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            self.press = None
            if not self.dragged:
                self.click(event.pos)
            self.dragged = False
            return True
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """A click: the marker shows the new lines; a folded line opens or closes."""
        if self.marker.collidepoint(pos):
            self.to_end()
            return
        row = self.row_at(pos)
        if row is not None and row.entry.steps:
            self.toggle(row.entry)

    def toggle(self, entry: Entry) -> None:
        """Show or hide a line's steps, keeping the line where it is on the screen (and its steps in view)."""
        heights = self._heights()
        before = heights.get(entry, 0)
        top = self._top_of(entry)
        entry.open = not entry.open
        self._relayout_from(self.entries.index(entry))
        lay = self._lay
        if lay is None:
            return
        self._layout(self._width, lay)
        self._key = (self._version, self._width, lay.text_px(LINE_TEXT))
        grown = self._heights().get(entry, 0) - before
        self.offset = max(0, min(self._max_offset(), self.offset + grown))
        if top is not None:  # the fold's steps below the view: scroll on to them, the line still shown
            screen_top = self.view.y + top - self._first_y()
            below = screen_top + self._heights().get(entry, 0) - self.view.bottom
            if below > 0:
                self.offset = max(0, self.offset - min(below, screen_top - self.view.y))
        if self.offset == 0:
            self.unseen = 0

    def _top_of(self, entry: Entry) -> int | None:
        for row, top in zip(self._rows, self._tops):
            if row.entry is entry:
                return top
        return None

    def _first_y(self) -> int:
        """The content's y (from its top) at the view's top edge."""
        return self._total - self.view.h - self.offset if self._total > self.view.h else 0

    def row_at(self, pos: tuple[int, int]) -> Row | None:
        """The row drawn at ``pos``, if any."""
        if not self.view.collidepoint(pos) or not self._rows:
            return None
        y = self._first_y() + pos[1] - self.view.y
        index = bisect_right(self._tops, y) - 1
        if 0 <= index < len(self._rows) and y < self._tops[index] + self._rows[index].height:
            return self._rows[index]
        return None

    # --- drawing -------------------------------------------------------------------------------------
    def look(self) -> tuple[int, int, int]:
        """All that ``draw`` shows besides its area, palette and layout: the same look, the same pixels."""
        return self._version, self.offset, self.unseen

    def draw(self, surface: pygame.Surface, area: pygame.Rect, pal: Palette, lay: Layout) -> pygame.Rect | None:
        """Draw the entries inside ``area``, the newest at the bottom unless scrolled back; the "new lines
        below" marker's rect when it is shown."""
        pad = lay.px(PAD)
        self.view = pygame.Rect(area)
        width = area.w - 2 * pad - lay.px(BAR_WIDTH)
        self._width, self._lay = width, lay
        rows = self.rows(width, lay)
        self.offset = min(self.offset, self._max_offset())
        first = self._first_y()
        start = max(0, bisect_right(self._tops, first) - 1)
        clip_before = surface.get_clip()
        surface.set_clip(area.clip(clip_before) if clip_before else area)
        x = area.x + pad
        for index in range(start, len(rows)):
            row = rows[index]
            y = area.y + self._tops[index] - first
            if y > area.bottom:
                break
            self._draw_row(surface, row, x, y, pal, lay)
        self.bar = pygame.Rect(0, 0, 0, 0)
        if self._total > area.h:
            track = pygame.Rect(area.right - lay.px(BAR_WIDTH) - lay.px(3), area.y, lay.px(BAR_WIDTH), area.h)
            thumb_h = max(lay.px(24), area.h * area.h // self._total)
            thumb_y = track.y + (track.h - thumb_h) * first // max(1, self._total - area.h)
            self.bar = pygame.Rect(track.x, thumb_y, track.w, thumb_h)
            pygame.draw.rect(surface, blend(pal.panel, pal.panel_edge, 0.5), track, border_radius=track.w // 2)
            pygame.draw.rect(surface, pal.text_dim, self.bar, border_radius=track.w // 2)
        self.marker = pygame.Rect(0, 0, 0, 0)
        if self.unseen and self.offset > 0:
            size = lay.text_px(14)
            w, h = font(size, bold=True).size(NEW_LINES)
            self.marker = pygame.Rect(0, 0, w + lay.px(16), h + lay.px(6))
            self.marker.midbottom = (area.centerx, area.bottom - lay.px(6))
            pygame.draw.rect(surface, pal.accent, self.marker, border_radius=self.marker.h // 2)
            draw_text(surface, NEW_LINES, size, pal.background, self.marker.center, anchor="center", bold=True)
        surface.set_clip(clip_before)
        return self.marker if self.marker.w else None

    def _draw_row(self, surface: pygame.Surface, row: Row, x: int, y: int, pal: Palette, lay: Layout) -> None:
        entry = row.entry
        if entry.level is not None:
            gap = row.height - font(row.size, serif=entry.level == HAND, bold=True).get_linesize()
            colour = pal.accent if entry.level == HAND else pal.text
            rect = draw_text(surface, row.text, row.size, colour, (x, y + gap), serif=entry.level == HAND, bold=True)
            if entry.level == HAND and row.first:
                rule_y = rect.centery
                pygame.draw.line(surface, pal.panel_edge, (rect.right + lay.px(8), rule_y),
                                 (self.view.right - lay.px(PAD + BAR_WIDTH), rule_y), max(1, lay.px(1)))
            return
        colour = pal.text_dim if row.step else pal.text
        face = font(row.size)
        y += row.height - face.get_linesize()  # below the gap over a new line
        surface.blit(face.render(row.text, True, colour), (x + row.indent, y))
        if entry.steps and row.first:
            half = max(3, face.get_linesize() // 5)
            cx, cy = x + lay.px(STEP_INDENT) // 2 - 1, y + face.get_linesize() // 2
            points = ([(cx - half, cy - half // 2), (cx + half, cy - half // 2), (cx, cy + half)] if entry.open
                      else [(cx - half // 2, cy - half), (cx - half // 2, cy + half), (cx + half, cy)])
            pygame.draw.polygon(surface, pal.accent, points)
