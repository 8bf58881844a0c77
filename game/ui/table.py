"""The base of every game's table scene: the live game, its record, AI seats, hot-seat hand-offs, the log.

The table never decides a rule. It asks the state for the legal actions, sends the chosen one through
``submit`` (which calls ``state.apply``, records the action, autosaves and queues the events), and
hands the events, as the viewer may see them, to the subclass to animate. AI seats think on a
background thread from ``observation(seat)`` and ``legal_actions()`` only, so the frame loop keeps
drawing; input is locked while animations run (a click or Space skips them, and is used up doing so). A
decision that opens right after a press the table refused (a skip, a key while an AI thought) ignores input
for ``DECISION_GRACE`` seconds, and a key held down as it opened until that key is released, so hurrying a
table never also decides. A replay (``watch``) is the same table with every move taken from a record instead.
"""

from __future__ import annotations

import pygame

from game.core.contracts import Event
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.storage.history import record_game
from game.storage.saves import finish_game
from game.ui import assets
from game.ui.ai_job import AiJob
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.log_panel import LINE_TEXT, NEW_LINES_TIP
from game.ui.table_hints import TableHints
from game.ui.table_record import TableRecord
from game.ui.text import draw_fitted, draw_text, fit_text, panel
from game.ui.theme import font
from game.ui.tooltip import draw_tip
from game.ui.widgets import Button

UNDO_BUTTON_SIZE = (150, 30)
UNDO_LABEL = "Undo (Ctrl+Z)"
"""Reference size and label of the undo button in the status line (the label is its key's hint too)."""
HINT_BUTTON_SIZE = (110, 30)
HINT_LABEL = "Hint (H)"
UNDO_TIP = "Take your moves back to your previous decision (Ctrl+Z). Solo games only."
HINT_BUTTON_TIP = "Ask the hard AI what it would play here, and why (H). Hints are counted in your statistics."
TITLE_TIP = "{title}: Esc, then Rules or How to play, explains the game."
STATUS_TIP = "Whose turn it is, and what the table waits for."
LOG_TIP = ("The log: what happened, newest at the bottom, under a heading for each hand and trick (or turn). "
           "Scroll it with the wheel, by dragging, or Page Up / Page Down and Home / End. A line with a "
           "triangle folds the steps of one move: click it to show or hide them.")
ESC_TIP = "Esc opens the pause menu: rules, the first-game guide, settings, saving a bug report, leaving."
STATUS_TEXT = 19
"""Reference size of the status line's text; a line too long for its room is wrapped onto two lines, smaller
only as far as two lines need to fit the strip (never cut)."""
DECISION_GRACE = 0.3
"""Seconds a decision ignores input when it opens less than this after a press the table refused (an animation
skipped, a key while an AI thought): a press meant to hurry the table must not also decide."""
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
"""Input that may be meant as an answer (a key, a click)."""
DECIDING_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)
"""Input that may make a move (pointing and scrolling never do)."""


class TableScene(TableHints, TableRecord):
    """Subclass this for a game's table; override the hooks marked in ``TableCore``."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app, setup, record)
        self.undo_button = Button(UNDO_LABEL, self.undo)
        """Shown in the status line for a single human; greyed when there is nothing to take back."""
        self.hint_button = Button(HINT_LABEL, self.ask_hint)
        """Shown in the status line at a live table with a human; greyed when no human decision is awaited."""
        self.deciding: int | None = None
        """The seat whose decision is open (``seat_to_play``) as last seen: its change is a decision opening."""
        self.refused_at: float | None = None
        """When (``seconds_played``) the table last refused a press or used it up skipping: meant for what was
        moving, not an answer to the decision that comes next."""
        self.grace_until = 0.0
        """Until when (``seconds_played``) input is ignored: the decision opened just after a refused press."""
        self.held_keys: set[int] = set()
        """Keys that were down as the decision opened: their repeats are ignored until they are released."""
        self.keys_seen: set[int] = set()
        """Every key pressed at this table (the ones that may be held down when a decision opens)."""

    def enter(self) -> None:
        """Ready the sounds (so the first deal does not stall a frame) and show how a new game was set up.
        Subclasses that override this call it first."""
        self.app.sound.preload()
        if not self.record.actions:
            self.on_opening([event.seen_by(self.viewer) for event in self.state.opening_events])

    def on_opening(self, events: list[Event]) -> None:
        """Animate the set-up of a new game (the deal); events already seen by the viewer. The default
        treats them like any other events."""
        self.on_events(events)

    def play_instantly(self, moves: int) -> int:
        """Let the AI seats play up to ``moves`` actions at once, no threads or animations (screenshots,
        benches); stops at a human's turn or the end. The number played."""
        played = 0
        while played < moves and not self.state.is_terminal():
            seat = self.state.current_player()
            if seat not in self.agents:
                break
            agent = self.agents[seat]
            self.submit(agent.choose(self.state.observation(seat), self.state.legal_actions()))
            played += 1
        self.tweens.skip()
        self._flush_log()
        self.build()
        self.deciding = self.seat_to_play  # opened by no press: nothing to ignore
        return played

    # --- the frame ------------------------------------------------------------------------------------
    def resize(self, layout: Layout) -> None:
        self.layout = layout
        self.build()

    def leave(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)

    def resume(self) -> None:
        self.tweens.speed = self.app.settings.speed_factor()
        self.held_keys.clear()  # released over the scene above, unseen here
        self.build()

    def back(self) -> None:
        from game.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys_seen.add(event.key)
        elif event.type == pygame.KEYUP:
            self.held_keys.discard(event.key)
        if self.tooltip.handle(event):
            self.app.redraw()
            return
        if self.log_panel.handle(event, self.tooltip.pointer, font(self.layout.text_px(LINE_TEXT)).get_linesize()):
            self.app.redraw()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_u, pygame.K_z) and event.mod & pygame.KMOD_CTRL \
                or event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._undo_shown() and \
                self.undo_button.rect.collidepoint(event.pos):
            self.undo_button.action()  # not ``activate``: a greyed button still says why
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
                or event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._hint_shown() and \
                self.hint_button.rect.collidepoint(event.pos):
            self.ask_hint()
            return
        if self.tweens.busy or self.seat_to_play is None:
            if event.type in PRESSES:
                self.press_used()
            if self.tweens.busy and (event.type == pygame.MOUSEBUTTONDOWN or
                                     event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
                self.tweens.skip()  # the press is used up: it skipped, it does not also decide
            self._watch_decision()
            return
        self._watch_decision()
        if self.takes(event):
            self.handle_input(event)

    def press_used(self) -> None:
        """Say that the press being handled answered no decision (it skipped, or closed an overlay): a decision
        opening right after it ignores input for ``DECISION_GRACE`` seconds."""
        self.refused_at = self.seconds_played

    def takes(self, event: pygame.event.Event) -> bool:
        """Whether an open decision takes ``event`` now: not a press in the grace after it opened, nor a held
        key's repeat (a key is down from before the decision opened until it is released)."""
        if event.type not in DECIDING_EVENTS:
            return True
        if event.type == pygame.KEYDOWN and event.key in self.held_keys:
            return False
        return self.seconds_played >= self.grace_until

    def _watch_decision(self) -> None:
        """Note a decision opening: one that opens less than ``DECISION_GRACE`` seconds after a refused press
        (a skip opens it at once) ignores input for as long, and keys still held until they are released."""
        seat = self.seat_to_play
        if seat is not None and self.deciding is None:
            if self.refused_at is not None and self.seconds_played - self.refused_at <= DECISION_GRACE:
                self.grace_until = self.seconds_played + DECISION_GRACE
            down = pygame.key.get_pressed()
            self.held_keys = {key for key in self.keys_seen if down[key]}
        self.deciding = seat

    def update(self, dt: float) -> None:
        self.seconds_played += dt
        if self.tooltip.update(dt):
            self.app.redraw()
        self._collect_hint()
        self.tweens.speed = self.app.settings.speed_factor()
        self.tweens.update(dt)
        if not self.tweens.busy:
            self._flush_log()
        self.update_table(dt)
        self._advance(dt)
        self._watch_decision()

    def _advance(self, dt: float) -> None:
        """Play on: the end and its results, a replay's next move, a hand-off, an AI's move."""
        if self.tweens.busy or self.awaiting_handoff or self.holding():
            return
        if self.state.is_terminal():
            if not self.finished:
                self._finish()
            return
        if self.script is not None:
            self._run_script(dt)
            return
        seat = self.state.current_player()
        if seat in self.humans:
            if seat != self.viewer:
                self._hand_off(seat)
            return
        self._run_ai(seat, dt)

    def _run_ai(self, seat: int, dt: float) -> None:
        version = len(self.record.actions)
        if self.job is None or self.job.version != version:
            self.job = AiJob(self.worker, self.agents[seat], self.state, version)
            return
        self.job.elapsed += dt
        if not self.job.done:
            self.job.give_time()
        if not self.job.done or self.job.elapsed * 1000 < self.app.settings.ai_pause_ms * self.ai_pause_share():
            return
        action, error = self.job.outcome()
        self.job = None
        if error is not None or action is None:
            self.app.notify(f"{self.names[seat]}'s AI failed ({error}); it played its first legal move.")
            action = self.state.legal_actions()[0]
        self.submit(action)

    def _hand_off(self, seat: int) -> None:
        from game.scenes.handoff import HandoffScene

        self.awaiting_handoff = True

        def ready() -> None:
            self.viewer = seat
            self.awaiting_handoff = False
            self.build()

        self.app.push(HandoffScene(self.app, self.names[seat], ready, self))

    def _finish(self) -> None:
        from game.scenes.results import ResultsScene

        self.finished = True
        if self.autosave:
            # the history first: on its first use it imports the statistics as they were before this game
            figures = self.spec.figures(self.state) if self.spec.figures is not None else {}
            recorded, notices = record_game(self.record, finished=True, scores=self.state.scores(),
                                            winners=self.state.winners(), figures=figures, hints=self.hints_used,
                                            seconds=self.seconds_played)
            share = self.state.returns()[self.humans[0]] if len(self.humans) == 1 else None
            # after a failed autosave, the file on disk may be another game's: it is kept; so is the autosave
            # of a game the history could not record
            notices += finish_game(self.spec.name, share, forget_autosave=recorded and not self.save_failed)
            for notice in notices:
                self.app.notify(notice)
        replaying = self.script is not None
        self.app.push(ResultsScene(self.app, self.spec.title, self.names, self.state.scores(), self.state.winners(),
                                   self.result_rows(), again=None if replaying else self.setup,
                                   record=self.record, humans=self.humans))

    # --- drawing --------------------------------------------------------------------------------------
    def status_text(self) -> str:
        """The line under the table: whose turn it is."""
        if self.state.is_terminal():
            return "Game over"
        seat = self.state.current_player()
        name = self.names[seat]
        if seat == self.viewer and seat in self.humans:
            return f"Your turn, {name}"
        if seat in self.humans:
            return f"Waiting for {name}"
        return f"{name} is thinking..."

    def draw(self, surface: pygame.Surface) -> None:
        self.tips.clear()
        self.draw_table(surface)
        self.draw_status(surface)
        self.draw_log(surface)
        self.draw_tooltip(surface)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tip of what the pointer (or the keyboard's focus) rests on, when it is due, clear of the status
        line, prompts and buttons (``keep_clear_of_tips``); none while a scene lies over the table (a pop-up)."""
        if self.app.top is not self:
            return
        point = self.tooltip.target(self.focus_rect())
        tip = self.tips.at(point) if point is not None else None
        if tip is not None:
            draw_tip(surface, tip, self.app.palette, self.layout, self.tips.kept)

    def keep_clear_of_tips(self, rect: pygame.Rect) -> None:
        """Say that ``rect`` (a prompt, a button) must stay readable: no tooltip is placed over it this frame.
        Call it while drawing, as ``explain``; the status line and its buttons are kept clear already."""
        self.tips.keep_clear(rect)

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line at the bottom of the table area."""
        lay, pal = self.layout, self.app.palette
        table = self.table_rect()
        strip = pygame.Rect(0, table.bottom, table.w, lay.height - table.bottom)
        pygame.draw.rect(surface, pal.background, strip)
        self.keep_clear_of_tips(strip)
        left = draw_text(surface, "Esc: menu", lay.text_px(16), pal.text_dim,
                         (strip.right - lay.px(16), strip.centery), anchor="midright")
        self.explain(left, ESC_TIP)
        buttons = [(self.undo_button, UNDO_BUTTON_SIZE, self.can_undo, UNDO_TIP, self._undo_shown()),
                   (self.hint_button, HINT_BUTTON_SIZE, lambda: self.hint_refusal() is None, HINT_BUTTON_TIP,
                    self._hint_shown())]
        for button, size, usable, tip, wanted in buttons:
            if not wanted:
                continue
            button.rect = pygame.Rect(0, 0, lay.px(size[0]), lay.px(size[1]))
            button.rect.midright = (left.x - lay.px(16), strip.centery)
            button.enabled = usable()
            button.draw(surface, pal, lay, button.enabled and button.rect.collidepoint(pygame.mouse.get_pos()))
            self.explain(button.rect, tip)
            left = button.rect
        status = self.status_text() if self.script is None else self.replay_status()
        room = pygame.Rect(lay.px(16), strip.y, left.x - lay.px(32), strip.h)
        for line in draw_fitted(surface, status, lay.text_px(STATUS_TEXT), pal.text, room, bold=True):
            self.explain(line, STATUS_TIP)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log panel: the game's title, a hint when there is one, then the log's lines under their headings,
        newest at the bottom unless the player scrolled back (``LogPanel``)."""
        lay, pal = self.layout, self.app.palette
        rect = self.log_rect()
        panel(surface, rect, pal.panel, pal.panel_edge, radius=0)
        title = draw_text(surface, self.spec.title, lay.text_px(22), pal.accent, (rect.x + lay.px(12), lay.px(10)),
                          serif=True, bold=True)
        self.explain(title, TITLE_TIP.format(title=self.spec.title))
        top = lay.px(48)
        if self.hint_version == len(self.record.actions) and (self.hint_job is not None or self.hint is not None
                                                              or self.hint_error is not None):
            top = self.draw_hint_panel(surface, pygame.Rect(rect.x + lay.px(8), top, rect.w - lay.px(16), 0))
        area = pygame.Rect(rect.x, top, rect.w, max(0, rect.bottom - lay.px(10) - top))
        self.explain(area, LOG_TIP)
        marker = self.log_panel.draw(surface, area, pal, lay)
        if marker is not None:
            self.explain(marker, NEW_LINES_TIP)

    def badge_tip(self, seat: int) -> str:
        """The tooltip of a seat's name plate: whose it is and what its public line means. Games say more."""
        you = " (you)" if seat == self.viewer and len(self.humans) == 1 else ""
        kind = "a human player" if seat in self.humans else f"the computer ({self.setup.seats[seat]} level)"
        return f"{self.names[seat]}{you}: seat {seat + 1}, played by {kind}. The ringed plate is the seat to play."

    def badge_text(self, seat: int) -> str:
        """A short public line under a seat's name (a score, cards in hand); none by default."""
        return ""

    def draw_badge(self, surface: pygame.Surface, seat: int, centre: tuple[int, int]) -> pygame.Rect:
        """A seat's name plate: its bead marker (colour and shape), name and ``badge_text``, ringed when it
        is that seat's turn. Returns the plate's rect."""
        lay, pal = self.layout, self.app.palette
        extra = self.badge_text(seat)
        rect = pygame.Rect(0, 0, lay.px(190), lay.px(54 if extra else 38))
        rect.center = centre
        turn = self.turn_shown() == seat
        panel(surface, rect, pal.panel, pal.focus if turn else pal.panel_edge, radius=lay.px(8), alpha=225,
              width=max(2, lay.px(3)) if turn else 1)
        marker = assets.bead(seat, lay.px(22))
        surface.blit(marker, marker.get_rect(midleft=(rect.x + lay.px(8), rect.y + lay.px(19))))
        name = self.names[seat] + ("  (you)" if seat == self.viewer and len(self.humans) == 1 else "")
        name, size = fit_text(name, lay.text_px(17), rect.w - lay.px(44), bold=True)
        draw_text(surface, name, size, pal.text, (rect.x + lay.px(36), rect.y + lay.px(19)), anchor="midleft",
                  bold=True)
        if extra:
            draw_text(surface, extra, lay.text_px(14), pal.text_dim, (rect.x + lay.px(36), rect.y + lay.px(40)),
                      anchor="midleft")
        self.explain(rect, self.badge_tip(seat))
        return rect
