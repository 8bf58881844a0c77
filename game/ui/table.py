"""The base of every game's table scene: the live game, its record, AI seats, hot-seat hand-offs, the log.

The table never decides a rule. It asks the state for the legal actions, sends the chosen one through
``submit`` (which calls ``state.apply``, records the action, autosaves and queues the events), and
hands the events, as the viewer may see them, to the subclass to animate. AI seats think on a
background thread from ``observation(seat)`` and ``legal_actions()`` only, so the frame loop keeps
drawing; input is locked while animations run (a click skips them). A replay (``watch``) is the same
table with every move taken from a record instead.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Sequence

import pygame

from game.ai.hints import HINT_LEVEL, has_hints, hint_agent
from game.core.agent import Agent
from game.core.analysis import Analysis
from game.core.contracts import Action, Event, GameState, Observation, find_action
from game.core.match import make_agent
from game.core.record import GameRecord
from game.core.registry import get
from game.core.setup import HUMAN, MatchSetup
from game.storage.history import record_game
from game.storage.saves import count_hint, finish_game, save_game
from game.ui.app import App, Scene
from game.ui import assets
from game.ui.layout import Layout, around
from game.ui.log_panel import LINE_TEXT, NEW_LINES_TIP, LogLine, LogPanel
from game.ui.text import draw_text, ellipsize, fit_text, panel
from game.ui.theme import font
from game.ui.hint_panel import HintJob, draw_hint_panel, draw_hint_ring, hint_lines
from game.ui.tooltip import TipBoard, Tooltip, draw_tip
from game.ui.tween import Call, Tweener
from game.ui.widgets import Button

AI_TIME_LIMIT = 1.0
"""Seconds an AI at the table may think at most (its search stops early on a slow machine)."""
LOG_WIDTH = 300
"""Reference width of the log panel on the right."""
STATUS_HEIGHT = 40
UNDO_BUTTON_SIZE = (150, 30)
UNDO_LABEL = "Undo (Ctrl+Z)"
STARTED_FROM_POSITION = "The game starts from a position written out, not from a first deal."
"""Reference size and label of the undo button in the status line (the label is its key's hint too)."""
HINT_BUTTON_SIZE = (110, 30)
HINT_LABEL = "Hint (H)"
HINT_TIP = ("A hint: the hard AI's view of your decision, from what you can see (never the hidden cards). "
            "For its top moves: its estimated chance of winning and the score it expects, from its search. "
            "Its choice is ringed on the table.")
UNDO_TIP = "Take your moves back to your previous decision (Ctrl+Z). Solo games only."
HINT_BUTTON_TIP = "Ask the hard AI what it would play here, and why (H). Hints are counted in your statistics."
TITLE_TIP = "{title}: Esc, then Rules or How to play, explains the game."
STATUS_TIP = "Whose turn it is, and what the table waits for."
LOG_TIP = ("The log: what happened, newest at the bottom, under a heading for each hand and trick (or turn). "
           "Scroll it with the wheel, by dragging, or Page Up / Page Down and Home / End. A line with a "
           "triangle folds the steps of one move: click it to show or hide them.")
ESC_TIP = "Esc opens the pause menu: rules, the first-game guide, settings, saving a bug report, leaving."


AI_SLICE_SECONDS = 0.002
"""How long a frame waits for a thinking AI (well under a 60 Hz frame's 16.7 ms)."""


class AiJob:
    """One AI decision computed on the table's worker thread; the result is dropped if the game moved on."""

    def __init__(self, worker: ThreadPoolExecutor, agent: Agent, state: GameState, version: int) -> None:
        self.version = version
        self.elapsed = 0.0
        observation, legal = state.observation(agent.context.seat), state.legal_actions()
        self.future: Future[Action] = worker.submit(agent.choose, observation, legal)

    @property
    def done(self) -> bool:
        """Whether the agent has answered (or failed)."""
        return self.future.done()

    def give_time(self) -> None:
        """Wait a moment for the answer, releasing the interpreter to the thinking thread.

        A frame loop that never sleeps (headless runs, a fast machine without vsync) would otherwise
        hold the GIL and starve the agent; a real frame sleeps in its clock tick anyway.
        """
        wait([self.future], timeout=AI_SLICE_SECONDS)

    def outcome(self) -> tuple[Action | None, BaseException | None]:
        """The chosen action, or the error the agent raised (an agent bug must not freeze the table)."""
        error = self.future.exception()
        return (None, error) if error is not None else (self.future.result(), None)


class TableScene(Scene):
    """Subclass this for a game's table; override the hooks marked below."""

    log_width: float = LOG_WIDTH
    """Reference width of the log panel (a game may narrow it)."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app)
        self.spec = get(setup.game)
        self.setup = setup
        self.record = record if record is not None else setup.record()
        self.names = list(setup.names)
        self.humans = [seat for seat, kind in enumerate(setup.seats) if kind == HUMAN]
        self.log: list[str] = []
        """Every event's line written so far (the bug report's log); the panel shows them under headings."""
        self.log_panel = LogPanel()
        self.movers: list[int] = []
        """The seat that made each recorded action, so undo knows where the human last decided."""
        self.unlogged: deque[str] = deque()
        """Lines of events played but not yet animated, one per event ("" when it has none), each a ``LogLine``
        with its chapter; ``log_next``."""
        self.agents: dict[int, Agent] = {seat: make_agent(self.spec, kind, seat, setup.seed, setup.params,
                                                          time_limit=AI_TIME_LIMIT)
                                         for seat, kind in enumerate(setup.seats) if kind != HUMAN}
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """Whose eyes the screen shows: the one human; in hot-seat the human who took the screen at the last
        hand-off (None before the first); None at an all-AI table (a spectator)."""
        self.state: GameState = self._replay()
        self.tweens = Tweener(app.settings.speed_factor())
        self.job: AiJob | None = None
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        """One thread per table thinks for every AI seat, so the frame loop keeps drawing."""
        self.awaiting_handoff = False
        self.finished = False
        self.autosave = True
        """Whether this is a game of the player's that is saved as it goes and counted when it ends (not a
        replay, a screenshot or a test)."""
        self.save_failed = False
        """Whether an autosave failed (a read-only folder, ``saves`` a file): the game goes on unsaved."""
        self.layout = app.layout
        self.script: deque[str] | None = None
        """In a replay (``watch``), the recorded moves still to play; None at a live table."""
        self.script_length = 0
        self.script_wait = 0.0
        self.recorded: tuple[str, ...] = ()
        """A replay's whole record of moves (played and still to play)."""
        self.show_all_hands = False
        """Whether every seat's hidden cards are drawn face up, from the true state: only in the replay of a game
        that has ended, where nothing is secret any more (the replay viewer's toggle)."""
        self.undo_button = Button(UNDO_LABEL, self.undo)
        """Shown in the status line for a single human; greyed when there is nothing to take back."""
        self.hint_button = Button(HINT_LABEL, self.ask_hint)
        """Shown in the status line at a live table with a human; greyed when no human decision is awaited."""
        self.hint_job: HintJob | None = None
        self.hint: Analysis | None = None
        """The hint for the decision on the table (None once a move is made)."""
        self.hint_version = -1
        self.hint_observation: Observation | None = None
        self.hint_error: str | None = None
        self.hints_used = 0
        """Hints asked for at this table since it opened (a game's history keeps the count)."""
        self.seconds_played = 0.0
        """Time this table has been open and running (a game's history keeps its length)."""
        self.tips = TipBoard()
        """What each thing drawn this frame is (``explain``): the tooltips' source."""
        self.tooltip = Tooltip()

    def _replay(self) -> GameState:
        """The recorded game replayed, its log rebuilt (a resumed game shows its history)."""
        state = self.record.new_state()
        if self.record.position is not None:  # no deal to tell of: say where the game began
            self._write_log(LogLine(STARTED_FROM_POSITION))
        self._log_events(list(state.opening_events))
        for text in self.record.actions:
            self.movers.append(state.current_player())
            self._log_events(state.apply_legal(find_action(state, text)))
        return state

    def _log_lines(self, events: list[Event]) -> list[str]:
        """Each event's line as the log's viewer may read it, with the chapter the event begins."""
        viewer = self.log_viewer()
        chapter = self.spec.chapter
        return [LogLine(self.spec.describe(seen, self.names), chapter(seen) if chapter is not None else None,
                        self.log_step(seen))
                for seen in (event.seen_by(viewer) for event in events)]

    def _log_events(self, events: list[Event]) -> None:
        for text in self._log_lines(events):
            self._write_log(text)

    def _write_log(self, text: str) -> None:
        """One line into the log (and its chapter's heading into the panel). A replay keeps them all."""
        self.log_panel.write(text)
        if text:
            self.log.append(str(text))
            if self.log_panel.limit is not None:
                del self.log[:-self.log_panel.limit]

    def log_next(self) -> None:
        """Write the line of the next event not yet logged. A scene calls it (``Call(self.log_next)``) as
        each event's animation starts, so the log tells what the table shows, never what it is about to
        show; whatever is left is written when the animations end."""
        if self.unlogged:
            self._write_log(self.unlogged.popleft())

    def _flush_log(self) -> None:
        while self.unlogged:
            self.log_next()

    # --- hooks for subclasses ---------------------------------------------------------------------------
    def build(self) -> None:
        """(Re)create every sprite from ``self.state`` as ``self.viewer`` may see it.

        Called on entering, on resize, after a hand-off (new viewer) and after undo. Use
        ``self.observation()`` for what the viewer may know.
        """

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the table itself inside ``self.table_rect()`` (background, sprites, seat labels)."""

    def handle_input(self, event: pygame.event.Event) -> None:
        """Input for the human seat to play (``self.seat_to_play``); call ``self.submit(action)``
        with one of ``self.state.legal_actions()``."""

    def on_events(self, events: list[Event]) -> None:
        """Turn events (already ``seen_by(self.viewer)``) into animations with ``self.tweens.add``.
        The default rebuilds the sprites from the new state."""
        self.build()

    def update_table(self, dt: float) -> None:
        """Per-frame work of the subclass (hover effects); animations are advanced by the base."""

    def log_step(self, event: Event) -> bool:
        """Whether the event's log line is a step of the line before (a bead of a sowing): the panel folds it
        under that line, which a click opens. Decide from the event alone (the log is rebuilt while the table
        is being made); none are steps by default."""
        return False

    def holding(self) -> bool:
        """Whether the scene holds play for something of its own (an overlay the players read): no seat is
        asked, no AI moves and the game does not end until it lets go. The default never holds."""
        return False

    def result_rows(self) -> list[str]:
        """Extra lines for the results screen (jackpots, captured beads...)."""
        return []

    def focus_rect(self) -> pygame.Rect | None:
        """Where the keyboard's focus is on the table (its tooltip shows when the focus rests there); none by
        default."""
        return None

    def badge_tip(self, seat: int) -> str:
        """The tooltip of a seat's name plate: whose it is and what its public line means. Games say more."""
        you = " (you)" if seat == self.viewer and len(self.humans) == 1 else ""
        kind = "a human player" if seat in self.humans else f"the computer ({self.setup.seats[seat]} level)"
        return f"{self.names[seat]}{you}: seat {seat + 1}, played by {kind}. The ringed plate is the seat to play."

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

    def sound_cue(self, name: str) -> Call:
        """An animation step that plays a sound effect when reached."""
        return Call(lambda: self.app.sound.play(name))

    def explain(self, rect: pygame.Rect, text: str) -> None:
        """Say what the thing drawn at ``rect`` is: its tooltip for this frame (call it while drawing, with
        a text from the game's text module; the last thing explained is on top)."""
        self.tips.add(rect, text)

    def hinted(self) -> Action | None:
        """The action the hint for the decision on the table chose (ring it on the table), or None."""
        if self.hint is None or self.hint_version != len(self.record.actions):
            return None
        return self.hint.choice

    def draw_hint_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Mark the thing a hint chose: a ring in the accent colour and the word "Hint" over it."""
        draw_hint_ring(surface, rect, self.app.palette, self.layout)

    # --- queries ---------------------------------------------------------------------------------------
    @property
    def seat_to_play(self) -> int | None:
        """The human seat the screen is waiting for, or None (AI to move, animating, hand-off, held, game
        over)."""
        seat = self.state.current_player()
        if self.state.is_terminal() or self.tweens.busy or self.awaiting_handoff or self.holding() or \
                seat not in self.humans:
            return None
        return seat if seat == self.viewer else None

    def turn_shown(self) -> int | None:
        """The seat whose turn the table shows (its plate ringed, the status line): by default the live
        state's. A scene whose animations run behind the rules shows the turn of the cards on the table."""
        return None if self.state.is_terminal() else self.state.current_player()

    def needs_frame(self) -> bool:
        """Drawn every frame unless a human's decision is awaited with nothing moving: then only input
        (a click, a key, the mouse over a card) changes what is shown."""
        return self.seat_to_play is None

    def observation(self) -> Observation:
        """What the viewer may know now; with no viewer (an all-AI table, or between hot-seat hand-offs),
        what a spectator may know: public facts only (its ``seat`` is None)."""
        return self.state.observation(self.viewer)

    def log_viewer(self) -> int | None:
        """Whose view the log is written in: public facts only when several humans share the screen."""
        return None if len(self.humans) > 1 else self.viewer

    def table_rect(self) -> pygame.Rect:
        """The part of the window for the table (left of the log, above the status line)."""
        lay = self.layout
        return pygame.Rect(0, 0, lay.width - lay.px(self.log_width), lay.height - lay.px(STATUS_HEIGHT))

    def log_rect(self) -> pygame.Rect:
        """The log panel on the right."""
        lay = self.layout
        return pygame.Rect(lay.width - lay.px(self.log_width), 0, lay.px(self.log_width), lay.height)

    def seat_points(self, inset: tuple[float, float] = (110, 40)) -> list[tuple[int, int]]:
        """Where each seat sits around the table: the viewer (seat 0 for a spectator) at the bottom, the
        others clockwise in seat order; ``inset`` (x, y) reference units in from the table area's edges,
        so that a ``draw_badge`` plate centred there stays inside."""
        area = self.table_rect().inflate(-2 * self.layout.px(inset[0]), -2 * self.layout.px(inset[1]))
        return around(area, self.state.num_players, self.viewer if self.viewer is not None else 0)

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

    # --- actions ---------------------------------------------------------------------------------------
    def submit(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move: apply, record, log, autosave, queue animations.

        Raises ``IllegalActionError`` (nothing changes) if the rules refuse it.
        """
        mover = self.state.current_player()
        events = self.state.apply(action)
        self.movers.append(mover)
        self.record = self.record.with_action(action)
        self.job = None
        self.unlogged.extend(self._log_lines(events))
        if not self.state.is_terminal():
            self._autosave()
        self.on_events([event.seen_by(self.viewer) for event in events])
        if not self.tweens.busy:
            self._flush_log()
        return events

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
        return played

    def can_undo(self) -> bool:
        """Whether undo would take something back now: one human, a live game, a move of theirs recorded
        and nothing of the scene's own held on the table."""
        return self.undo_refusal() is None and not self.holding()

    def undo_refusal(self) -> str | None:
        """Why undo cannot be used at this table at all (ignoring animations), or None."""
        if self.script is not None:
            return "A replay cannot be undone."
        if not self.humans:
            return "Every seat is played by the computer: there is no move of yours to take back."
        if len(self.humans) != 1:
            return "Undo is for a single player: with several at the table, moves stand."
        if self.humans[0] not in self.movers:
            return "Nothing to undo yet."
        return None

    def undo(self) -> bool:
        """Take back moves to the last time the one human was to play. Running animations are finished
        first; when nothing can be taken back, the player is told why. Whether moves were taken back."""
        refusal = self.undo_refusal()
        if refusal is None:
            self.tweens.skip()
            self._flush_log()
        if refusal is not None:
            self.app.notify(refusal)
            return False
        keep = len(self.movers) - 1 - self.movers[::-1].index(self.humans[0])
        earlier = self.record.undone(len(self.movers) - keep)
        self.record, self.state, self.job = earlier, earlier.replay(), None
        del self.movers[keep:]
        self._write_log("(moves taken back)")
        self._autosave()
        self.build()
        return True

    def _autosave(self) -> None:
        """Save the game so far; when that fails, stop saving and say so once: the game goes on."""
        if not self.autosave or self.save_failed:
            return
        try:
            save_game(self.record)
        except OSError as error:
            self.save_failed = True
            self.app.notify(f"The game could not be saved ({error}); it goes on without autosaving.")

    # --- the frame ------------------------------------------------------------------------------------
    def resize(self, layout: Layout) -> None:
        self.layout = layout
        self.build()

    def leave(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)

    def resume(self) -> None:
        self.tweens.speed = self.app.settings.speed_factor()
        self.build()

    def back(self) -> None:
        from game.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def handle(self, event: pygame.event.Event) -> None:
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
        if self.tweens.busy:
            if event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
                self.tweens.skip()
            return
        if self.seat_to_play is not None:
            self.handle_input(event)

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

    # --- hints --------------------------------------------------------------------------------------
    def hint_refusal(self) -> str | None:
        """Why no hint can be given now, or None."""
        if self.script is not None:
            return "A replay has no decisions to hint at."
        if not self.humans:
            return "Every seat is played by the computer: there is no decision of yours to hint at."
        if not has_hints(self.spec):
            return f"{self.spec.title} has no {HINT_LEVEL} AI to give hints."
        if self.seat_to_play is None:
            return "A hint is for your own decision: wait until it is your turn."
        return None

    def ask_hint(self) -> bool:
        """Ask the hard AI, on the table's worker and within the table's time limit, to analyse the decision
        of the human to play, from that seat's observation only; counted in the statistics. Whether a hint
        was started (or is already there)."""
        refusal = self.hint_refusal()
        if refusal is not None:
            self.app.notify(refusal)
            return False
        version = len(self.record.actions)
        if self.hint_version == version and (self.hint is not None or self.hint_job is not None):
            return True
        seat = self.state.current_player()
        agent = hint_agent(self.spec, seat, self.record.seed + version, self.setup.params, time_limit=AI_TIME_LIMIT)
        self.hint, self.hint_error, self.hint_version = None, None, version
        self.hint_job = HintJob(self.worker, agent, self.state, version)
        self.hint_observation = self.hint_job.observation
        self.hints_used += 1
        if self.autosave:
            for notice in count_hint(self.spec.name):
                self.app.notify(notice)
        self.app.redraw()
        return True

    def _collect_hint(self) -> None:
        """Take a finished hint; drop one whose decision has passed."""
        version = len(self.record.actions)
        if self.hint_version != version:
            self.hint = self.hint_job = None
            self.hint_error = None
            return
        job = self.hint_job
        if job is None or not job.future.done():
            return
        self.hint_job = None
        error = job.future.exception()
        if error is not None:
            self.hint_error = f"The hint failed ({error})."
        else:
            self.hint = job.future.result()
        self.app.redraw()

    def hint_lines(self) -> list[str]:
        """The hint as the panel shows it: the choice first, then the next best, with estimates."""
        observation = self.hint_observation or self.observation()
        return hint_lines(self.hint, self.hint_error,
                          lambda action: self.spec.action_words(action, observation, self.names))

    def watch(self, actions: Sequence[str], viewer: int | None = None) -> None:
        """Make this new all-AI table a replay of ``actions``: nobody decides, each move is the next recorded
        one, paced like an AI's; nothing is saved or counted. ``viewer``: the seat whose eyes the replay
        shows (its own cards face up), or None for a spectator's view."""
        self.viewer = viewer
        self.script = deque(actions)
        self.script_length = len(actions)
        self.recorded = tuple(self.record.actions) + tuple(actions)
        self.autosave = False
        self.log_panel.limit = None

    def seek(self, moves: int) -> None:
        """Show a replay after its first ``moves`` recorded actions at once (a scrub bar, a step back): the
        game replayed from the start, the log rebuilt, no animation; the rest of the record plays on from
        there. A replay only (``watch``)."""
        if self.script is None:
            raise ValueError("only a replay can seek")
        moves = max(0, min(moves, len(self.recorded)))
        self.tweens.skip()
        self.unlogged.clear()
        self.log.clear()
        self.log_panel.clear()
        self.movers.clear()
        self.record = replace(self.record, actions=self.recorded[:moves])
        self.state = self._replay()
        self.script = deque(self.recorded[moves:])
        self.script_wait = 0.0
        self.job = None
        self.finished = False
        self.build()

    def _run_script(self, dt: float) -> None:
        assert self.script is not None
        self.script_wait += dt
        if self.script_wait * 1000 < self.app.settings.ai_pause_ms or not self.script:
            return
        self.play_recorded()

    def play_recorded(self) -> None:
        """Play a replay's next recorded move, animated; a move the rules refuse ends the replay there, saying
        where and why."""
        assert self.script is not None
        self.script_wait = 0.0
        text = self.script.popleft()
        try:
            action = find_action(self.state, text)
        except ValueError as error:
            self.script.clear()
            self.app.notify(f"The record stops replaying at move {len(self.record.actions) + 1} ({error}).")
            return
        self.submit(action)

    def _run_ai(self, seat: int, dt: float) -> None:
        version = len(self.record.actions)
        if self.job is None or self.job.version != version:
            self.job = AiJob(self.worker, self.agents[seat], self.state, version)
            return
        self.job.elapsed += dt
        if not self.job.done:
            self.job.give_time()
        if not self.job.done or self.job.elapsed * 1000 < self.app.settings.ai_pause_ms:
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

    def replay_status(self) -> str:
        """The status line of a replay: how far it has got."""
        played = len(self.record.actions)
        if self.state.is_terminal():
            return f"Replay: game over after {played} moves"
        if not self.script:
            return f"Replay: the record ends here, at move {played} of {self.script_length}"
        return f"Replay: move {played + 1} of {self.script_length}"

    def draw(self, surface: pygame.Surface) -> None:
        self.tips.clear()
        self.draw_table(surface)
        self.draw_status(surface)
        self.draw_log(surface)
        self.draw_tooltip(surface)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tip of what the pointer (or the keyboard's focus) rests on, when it is due."""
        point = self.tooltip.target(self.focus_rect())
        tip = self.tips.at(point) if point is not None else None
        if tip is not None:
            draw_tip(surface, tip, self.app.palette, self.layout)

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line at the bottom of the table area."""
        lay, pal = self.layout, self.app.palette
        table = self.table_rect()
        strip = pygame.Rect(0, table.bottom, table.w, lay.height - table.bottom)
        pygame.draw.rect(surface, pal.background, strip)
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
        status = ellipsize(status, font(lay.text_px(19), bold=True), left.x - lay.px(32))
        line = draw_text(surface, status, lay.text_px(19), pal.text, (lay.px(16), strip.centery),
                         anchor="midleft", bold=True)
        self.explain(line, STATUS_TIP)

    def _hint_shown(self) -> bool:
        """Whether the status line has a hint button: at a live table with a human."""
        return self.script is None and bool(self.humans) and has_hints(self.spec)

    def _undo_shown(self) -> bool:
        """Whether the status line has an undo button: for a single human at a live table."""
        return self.script is None and len(self.humans) == 1

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

    def draw_hint_panel(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The hint at the top of the log panel (``area``: its left, top and width); the y below it."""
        box = draw_hint_panel(surface, area, self.hint_lines(), self.app.palette, self.layout)
        self.explain(box, HINT_TIP)
        return box.bottom + self.layout.px(8)
