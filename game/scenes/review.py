"""The review screen: a finished game's decisions beside what the hard AI would have played.

The review (``game.ai.review``) runs on a worker thread with a hint's budget, each search cut at the table's
``AI_TIME_LIMIT`` as a hint's is (so a position gives the verdict its hint gave), while the frame loop keeps
drawing its progress bar; Cancel (or Esc) stops it after the decision under way and shows what was reviewed so
far. Then a scrollable list: move, part of the game, what was played, what hard would have played and the
chance of winning it cost with the search's margin ("about equal" within it), the three costliest mistakes
highlighted. Up / Down (Page Up / Page Down, Home / End) or a click select a move, the wheel scrolls; Enter,
"Show in replay" or a second click opens the game's replay at the selected move (Esc there comes back here).
"""

from __future__ import annotations

import math
import threading
from typing import Sequence

import pygame

from game.ai.review import (Review, ReviewedDecision, cost_words, review_game, reviewed_seats, seat_names,
                             verdict_words)
from game.core.record import GameRecord
from game.core.registry import get
from game.scenes.common import MenuScene
from game.scenes.navigation import router
from game.ui.ai_job import AI_TIME_LIMIT
from game.ui.app import App
from game.ui.glyphs import draw_glyph
from game.ui.layout import Layout, row
from game.ui.text import draw_fitted, draw_text, fit_text, panel
from game.ui.theme import blend
from game.ui.widgets import Button, draw_progress

SEARCHES = 2
"""Searches a decision needs at most: the hint's, and one of the played move beside it when the first did not
weigh it; a review of N decisions is over in ``SEARCHES * N * AI_TIME_LIMIT`` seconds at worst."""
RUNNING, DONE, FAILED = "running", "done", "failed"
LIST_BOX = (60, 168, 1160, 452)
"""The list's place in reference units (header row included)."""
ROW_H = 44
"""A row's height in reference units: room for a long move's words on two lines (a cell wraps, never cut)."""
PAGE_ROWS = 10
"""Rows Page Up / Page Down move by."""


class ReviewScene(MenuScene):
    """Reviews ``record`` for ``seats`` (default: its human seats, or every seat when it has none)."""

    title = "Game review"

    def __init__(self, app: App, record: GameRecord, seats: Sequence[int] | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.spec = get(record.game)
        self.seats = tuple(seats) if seats else reviewed_seats(record)
        self.names = seat_names(record)
        if len(self.seats) == 1:
            who = self.names[self.seats[0]]
            self.subtitle = f"{self.spec.title}: {who}'s decisions beside the hard AI's, from what {who} could see"
        else:
            self.subtitle = f"{self.spec.title}: each player's decisions beside the hard AI's, from what they could see"
        self.mode = RUNNING
        self.progress = (0, 0)
        self.review: Review | None = None
        self.error = ""
        self.cancel_flag = threading.Event()
        self.selected = 0
        self.scroll = 0
        """The first list row shown."""
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        """Each drawn row's rect and decision number (for clicks)."""
        self.cancel_button = Button("Cancel", self.cancel)
        self.replay_button = Button("Show in replay", self.show_in_replay)
        self.back_button = Button("Back", self.back)
        self.group.widgets = [self.cancel_button]
        self.worker = threading.Thread(target=self._work, name="game-review", daemon=True)

    # --- the background review -------------------------------------------------------------------------
    def enter(self) -> None:
        self.worker.start()

    def leave(self) -> None:
        self.cancel_flag.set()

    def _work(self) -> None:
        try:
            self.review = review_game(self.record, seats=self.seats, time_limit=AI_TIME_LIMIT,
                                      progress=self._progressed, cancelled=self.cancel_flag.is_set)
        except Exception as error:  # noqa: BLE001  (shown on the screen, never fatal)
            self.error = f"The review failed: {type(error).__name__}: {error}"

    def _progressed(self, done: int, total: int) -> None:
        self.progress = (done, total)

    def cancel(self) -> None:
        """Stop after the decision under way; what was reviewed is shown."""
        self.cancel_flag.set()
        self.cancel_button.enabled = False
        self.cancel_button.label = "Stopping..."

    def update(self, dt: float) -> None:
        if self.mode != RUNNING:
            return
        if self.review is not None:
            self.mode = DONE
            self.selected = next((n for n, d in enumerate(self.review.decisions) if d.rank == 1), 0)
            self.group.widgets = [self.replay_button, self.back_button]
            self.group.index = 0
            self.replay_button.enabled = bool(self.review.decisions)
            if not self.replay_button.enabled:
                self.group.index = 1
            self.resize(self.layout)
            self._show_selected()
        elif self.error:
            self.mode = FAILED
            self.group.widgets = [self.back_button]
            self.group.index = 0
            self.resize(self.layout)

    def needs_frame(self) -> bool:
        """Drawn every frame while the review runs (its progress moves); afterwards only on input."""
        return self.mode == RUNNING

    def back(self) -> None:
        if self.mode == RUNNING:
            self.cancel()
        else:
            super().back()

    # --- the list --------------------------------------------------------------------------------------
    @property
    def decisions(self) -> tuple[ReviewedDecision, ...]:
        """The reviewed decisions (none until the review is over)."""
        return self.review.decisions if self.review is not None else ()

    def visible_rows(self) -> int:
        """List rows that fit under the header."""
        return max(1, int((LIST_BOX[3] - ROW_H) // ROW_H))

    def select(self, number: int) -> None:
        """Select decision ``number`` (clamped) and scroll it into view."""
        if self.decisions:
            self.selected = max(0, min(len(self.decisions) - 1, number))
            self._show_selected()

    def _show_selected(self) -> None:
        rows = self.visible_rows()
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + rows:
            self.scroll = self.selected - rows + 1
        self._scroll(0)

    def _scroll(self, by: int) -> None:
        most = max(0, len(self.decisions) - self.visible_rows())
        self.scroll = max(0, min(most, self.scroll + by))

    def show_in_replay(self) -> None:
        """The game's replay, at the selected decision (before its move)."""
        if not self.decisions:
            return
        table = router(self.app).replay(self.app, self.record)
        table.seek(self.decisions[self.selected].index)
        self.app.push(table)

    # --- input -----------------------------------------------------------------------------------------
    def resize(self, layout: Layout) -> None:
        super().resize(layout)
        if self.mode == RUNNING:
            self.cancel_button.rect = layout.box(540, 480, 200, 52)
            return
        widgets = self.group.widgets
        width = 260 * len(widgets) + 24 * (len(widgets) - 1)
        bar = layout.box(640 - width / 2, 640, width, 52)
        for button, rect in zip(widgets, row(bar, len(widgets), layout.px(24))):
            button.rect = rect

    def handle(self, event: pygame.event.Event) -> None:
        if self.mode == DONE and self.decisions:
            if event.type == pygame.MOUSEWHEEL:
                self._scroll(-event.y * 3)
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for rect, number in self.row_rects:
                    if rect.collidepoint(event.pos):
                        if number == self.selected:  # a second click on a move opens it
                            self.show_in_replay()
                        self.select(number)
                        return
            if event.type == pygame.KEYDOWN:
                steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -PAGE_ROWS,
                         pygame.K_PAGEDOWN: PAGE_ROWS, pygame.K_HOME: -len(self.decisions),
                         pygame.K_END: len(self.decisions)}
                if event.key in steps:
                    self.select(self.selected + steps[event.key])
                    return
        self.group.handle(event)

    # --- drawing ---------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.mode == RUNNING:
            self.draw_running(surface)
        elif self.mode == FAILED:
            lay = self.layout
            draw_text(surface, self.error, fit_text(self.error, lay.text_px(20), lay.px(1100))[1],
                      self.app.palette.danger, lay.point(640, 330), anchor="center")
        else:
            self.draw_review(surface)

    def draw_running(self, surface: pygame.Surface) -> None:
        """The progress panel: decisions reviewed of all, the bar, and how long it may take."""
        lay, pal = self.layout, self.app.palette
        box = lay.box(290, 190, 700, 380)
        panel(surface, box, pal.panel, pal.panel_edge, radius=lay.px(10), alpha=235)
        done, total = self.progress
        heading = f"Reviewing {total} decision{'' if total == 1 else 's'}" if total else "Finding the decisions..."
        text, size = fit_text(heading, lay.text_px(26), box.w - lay.px(40), serif=True, bold=True)
        draw_text(surface, text, size, pal.accent, lay.point(640, 232), anchor="center", serif=True, bold=True)
        facts = (f"{len(self.record.actions)} moves; forced moves are skipped. The hard AI thinks about each "
                 f"decision as long as for a hint.")
        text, size = fit_text(facts, lay.text_px(17), box.w - lay.px(40))
        draw_text(surface, text, size, pal.text_dim, lay.point(640, 272), anchor="center")
        bar = lay.box(340, 320, 600, 34)
        draw_progress(surface, bar, done, total, pal, lay)
        draw_text(surface, f"{done} of {total} decisions reviewed ({100 * done // max(1, total)}%)",
                  lay.text_px(20), pal.text, lay.point(640, 390), anchor="center", bold=True)
        left = math.ceil(max(0, total - done) * SEARCHES * AI_TIME_LIMIT)
        hint = "Stopping after the decision under way..." if self.cancel_flag.is_set() else \
            f"At most about {left} second{'' if left == 1 else 's'} left. Esc or Cancel stops and shows what was " \
            f"reviewed."
        text, size = fit_text(hint, lay.text_px(17), box.w - lay.px(40))
        draw_text(surface, text, size, pal.text_dim, lay.point(640, 425), anchor="center")

    def summary(self) -> str:
        """One line over the list: how many were reviewed, and the costliest."""
        review = self.review
        assert review is not None
        count = len(review.decisions)
        said = f"{count} decision{'' if count == 1 else 's'} reviewed"
        if review.cancelled:
            said = f"Stopped: {count} of {review.total} decisions reviewed"
        if review.forced:
            said += f", {review.forced} forced move{'' if review.forced == 1 else 's'} skipped"
        costliest = review.costliest()
        if costliest:
            said += ". Costliest: " + ", ".join(f"move {d.index + 1} ({cost_words(d.loss)})" for d in costliest)
        elif count:
            said += ". No decision cost a chance of winning beyond the search's margin."
        return said

    def draw_review(self, surface: pygame.Surface) -> None:
        """The summary and the list (header, rows, the costliest highlighted, the selected one ringed)."""
        lay, pal = self.layout, self.app.palette
        text, size = fit_text(self.summary(), lay.text_px(18), lay.px(1160))
        draw_text(surface, text, size, pal.text, lay.point(640, 140), anchor="center")
        box = lay.box(*LIST_BOX)
        panel(surface, box, pal.panel, pal.panel_edge, radius=lay.px(10), alpha=235)
        self.row_rects = []
        if not self.decisions:
            draw_text(surface, "There was no decision to review: every move was forced.", lay.text_px(20),
                      pal.text_dim, box.center, anchor="center")
            return
        columns = self.columns(box)
        line = lay.px(ROW_H)
        y = box.y + lay.px(6)
        for (title, x, _) in columns:
            draw_text(surface, title, lay.text_px(16), pal.text_dim, (x, y + lay.px(8)), bold=True)
        y += line
        pygame.draw.line(surface, pal.panel_edge, (box.x + lay.px(10), y - lay.px(4)),
                         (box.right - lay.px(10), y - lay.px(4)))
        shown = self.decisions[self.scroll:self.scroll + self.visible_rows()]
        for number, decision in enumerate(shown, self.scroll):
            rect = pygame.Rect(box.x + lay.px(8), y, box.w - lay.px(16), line - lay.px(4))
            self.row_rects.append((rect, number))
            self.draw_row(surface, rect, decision, columns, number == self.selected)
            y += line
        self.draw_scrollbar(surface, box)

    def columns(self, box: pygame.Rect) -> list[tuple[str, int, int]]:
        """Each column's heading, left x and width in pixels: the part of the game and the player only when
        they tell something (a game with parts, several seats reviewed)."""
        lay = self.layout
        fixed: list[tuple[str, float]] = [("Move", 80)]
        if any(d.chapter for d in self.decisions):
            fixed.append(("Part", 170))
        if len(self.seats) > 1:
            fixed.append(("Player", 140))
        cost = 150
        free = (box.w / lay.scale - 60 - sum(w for _, w in fixed) - cost) / 2
        spans = [*fixed, ("Played", free), ("Hard would play", free), ("Cost", cost)]
        x = box.x + lay.px(44)
        placed = []
        for title, width in spans:
            placed.append((title, x, lay.px(width) - lay.px(12)))
            x += lay.px(width)
        return placed

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, decision: ReviewedDecision,
                 columns: list[tuple[str, int, int]], selected: bool) -> None:
        """One decision: the costliest tinted and starred with their rank, the selected one ringed."""
        lay, pal = self.layout, self.app.palette
        if decision.rank:
            pygame.draw.rect(surface, blend(pal.panel, pal.danger, 0.35), rect, border_radius=lay.px(6))
            star = pygame.Rect(rect.x + lay.px(6), rect.centery - lay.px(10), lay.px(20), lay.px(20))
            draw_glyph(surface, "star", star, pal.focus, pal.panel)
        if selected:
            pygame.draw.rect(surface, pal.focus, rect, max(2, lay.px(2)), border_radius=lay.px(6))
        agrees = decision.best == decision.played
        cells = {"Move": str(decision.index + 1), "Part": decision.chapter, "Player": self.names[decision.seat],
                 "Played": decision.played_words, "Hard would play": "the same" if agrees else decision.best_words,
                 "Cost": verdict_words(decision, brief=True) + (f"  #{decision.rank}" if decision.rank else "")}
        size = lay.text_px(18)
        for title, x, width in columns:
            colour = pal.text
            if title == "Cost":
                colour = pal.focus if decision.rank else pal.danger if decision.mistake else \
                    pal.text_dim if decision.loss > 0 else pal.good
            elif title == "Hard would play" and agrees:
                colour = pal.text_dim
            bold = title == "Cost" and bool(decision.rank)
            draw_fitted(surface, cells[title], size, colour, pygame.Rect(x, rect.y, width, rect.h),
                        bold=bold)  # wrapped, never cut

    def draw_scrollbar(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """A thumb on the list's right edge when not every row fits."""
        rows, count = self.visible_rows(), len(self.decisions)
        if count <= rows:
            return
        lay, pal = self.layout, self.app.palette
        track = pygame.Rect(box.right - lay.px(10), box.y + lay.px(ROW_H + 6), lay.px(4),
                            box.h - lay.px(ROW_H + 16))
        thumb = track.copy()
        thumb.h = max(lay.px(20), track.h * rows // count)
        thumb.y = track.y + (track.h - thumb.h) * self.scroll // max(1, count - rows)
        pygame.draw.rect(surface, pal.panel_edge, track, border_radius=lay.px(2))
        pygame.draw.rect(surface, pal.accent, thumb, border_radius=lay.px(2))
