"""The base of every game's table scene: the screen of a ``TableSession`` (the live game, its record, undo,
replays, keeping), with its log (``LogFeed``), hints (``TableHints``), AI seats and hot-seat hand-offs.

The table never decides a rule. It asks the state for the legal actions, sends the chosen one through
``submit`` (the session applies, records and autosaves it), and hands the steps, as the viewer may see them, to
the subclass to animate. AI seats think on a background thread from ``observation(seat)`` and
``legal_actions()`` only, so the frame loop keeps drawing; input is locked while animations run (a click or
Space skips them, and is used up doing so). A decision that opens right after a press the table refused (a
skip, a key while an AI thought) ignores input for ``DECISION_GRACE`` seconds, and a key held down as it opened
until that key is released, so hurrying a table never also decides. A replay (``watch``) is the same table
with every move taken from a record instead. The pause menu, the hand-off and the results are the app's
``Router``'s to open.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Sequence

import pygame

from game.core.agent import Agent
from game.core.contracts import Action, Event, GameState, Observation, Step
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.ui.ai_job import AiJob
from game.ui.effects import FLOURISH_SECONDS, Flourish
from game.ui.app import App, Router, Scene
from game.ui.hint_panel import draw_hint_panel, draw_hint_ring
from game.ui.layout import Layout
from game.ui.log_panel import LINE_TEXT, NEW_LINES_TIP
from game.ui.plates import dealer_chip, draw_plate, medallion
from game.ui.session import TableSession
from game.ui.static_layer import StaticLayer
from game.ui.table_hints import TableHints
from game.ui.table_log import LogFeed
from game.ui.text import draw_fitted, draw_label, draw_text, fit_text, label_height, label_lines, panel
from game.ui.theme import TYPE, Colour, font
from game.ui.tooltip import TipBoard, Tooltip, draw_tip
from game.ui.tween import Animation, Call, Tween, Tweener, sequence
from game.ui.widgets import BUTTON_EDGE, Button, button_width

LOG_WIDTH = 300
"""Reference width of the log panel on the right."""
STATUS_HEIGHT = 40
"""Reference height of the status line at the standard text size; a larger text size makes it room for two
lines of the prompt at full size (``status_height``)."""
STATUS_BUTTON_HEIGHT = 30
"""Reference height of the status line's buttons; each is as wide as its label needs at the label size."""
UNDO_LABEL = "Undo (Ctrl+Z)"
"""The undo button's label in the status line (its key's hint too)."""
HINT_LABEL = "Hint (H)"
UNDO_TIP = "Take your moves back to your previous decision (Ctrl+Z). Solo games only."
HINT_BUTTON_TIP = "Ask the hard AI what it would play here, and why (H). Hints are counted in your statistics."
HINT_TIP = ("A hint: the hard AI's view of your decision, from what you can see (never the hidden cards). "
            "For its top moves: its estimated chance of winning, give or take its search's margin, and the "
            "score it expects. Moves 'about equal' to its choice are no mistake in a review. Its choice is "
            "ringed on the table.")
TITLE_TIP = "{title}: Esc, then Rules or How to play, explains the game."
STATUS_TIP = "Whose turn it is, and what the table waits for."
LOG_TIP = ("The log: what happened, newest at the bottom, under a heading for each hand and trick (or turn). "
           "Scroll it with the wheel, by dragging, or Page Up / Page Down and Home / End. A line with a "
           "triangle folds the steps of one move: click it to show or hide them.")
ESC_TIP = "Esc opens the pause menu: rules, the first-game guide, settings, saving a bug report, leaving."
STATUS_TEXT = 19
"""Reference size of the status line's text; a line too long for its room is wrapped onto two lines, smaller
only as far as two lines need to fit the strip (never cut)."""
LOG_TITLE_TEXT = 22
"""The game's name over the log (reference size): on two lines rather than smaller at a large text size."""
DECISION_GRACE = 0.3
"""Seconds a decision ignores input when it opens less than this after a press the table refused (an animation
skipped, a key while an AI thought): a press meant to hurry the table must not also decide."""
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
"""Input that may be meant as an answer (a key, a click)."""
DECIDING_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)
"""Input that may make a move (pointing and scrolling never do)."""
BADGE_WIDTH = 190
"""Reference width of a seat's name plate (``draw_badge``)."""
DEALER_CHIP = 22
"""Reference size of the dealer's chip on a name plate."""
DEALER_TIP = "{name} deals this hand: the dealer's chip."
NO_ROUTER = "this table's app has no router: the application that opens the window sets App.router"


def status_height(lay: Layout) -> int:
    """The status line's height in pixels: ``STATUS_HEIGHT``, or two lines of the prompt at a larger text size,
    so that a long prompt wraps there rather than shrinks."""
    if lay.text_scale <= 1:
        return lay.px(STATUS_HEIGHT)
    return max(lay.px(STATUS_HEIGHT), 2 * font(lay.text_px(STATUS_TEXT), bold=True).get_linesize() + lay.px(6))


class TableScene(Scene):
    """Subclass this for a game's table and override the hooks below; the game itself is ``self.session``'s."""

    log_width: float = LOG_WIDTH
    """Reference width of the log panel (a game may narrow it)."""
    hides_hands: bool = True
    """Whether the game hides anything from some seats (hands, wagers): only then has its replay a face-up toggle."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app)
        keeper = app.router.keeper if app.router is not None else None
        self.session = TableSession(setup, record, keeper, app.notify)
        """The game at this table, apart from its screen."""
        # the session's own, never replaced: a game's table reads them as its own
        self.spec = self.session.spec
        self.setup: MatchSetup = self.session.setup
        self.names: list[str] = self.session.names
        self.humans: list[int] = self.session.humans
        self.agents: dict[int, Agent] = self.session.agents
        self.tweens = Tweener(app.settings.speed_factor())
        self.job: AiJob | None = None
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        """One thread per table thinks for every AI seat and the hints, so the frame loop keeps drawing."""
        self.awaiting_handoff = False
        self.layout = app.layout
        self.tips = TipBoard()
        """What each thing drawn this frame is (``explain``): the tooltips' source."""
        self.status_layer = StaticLayer()
        self.log_layer = StaticLayer()
        """The status line and the log column as last drawn, with their tips: most frames change neither."""
        self.tooltip = Tooltip()
        self.flourishes: list[Flourish] = []
        """Effects marking a moment (a capture, a jackpot), drawn over the table while they run."""
        self.log_feed = LogFeed(self.session, self.log_step)
        self.log_feed.rewrite()
        self.log: list[str] = self.log_feed.lines
        """Every event's line written so far (the bug report's log)."""
        self.unlogged = self.log_feed.unlogged
        """Lines of events played but not yet animated (``log_next``)."""
        self.hints = TableHints(self.session, self.worker)
        self.script_wait = 0.0
        """Seconds since a replay's last recorded move (the next waits for the settings' AI pause)."""
        self.show_all_hands = False
        """Whether every seat's hidden cards are drawn face up, from the true state: only in the replay of a game
        that has ended, where nothing is secret any more (the replay viewer's toggle)."""
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

    # --- the session's game, as the table's own -----------------------------------------------------
    @property
    def state(self) -> GameState:
        """The live game."""
        return self.session.state

    @state.setter
    def state(self, state: GameState) -> None:
        self.session.state = state

    @property
    def record(self) -> GameRecord:
        """The moves of the game so far."""
        return self.session.record

    @record.setter
    def record(self, record: GameRecord) -> None:
        self.session.record = record

    @property
    def viewer(self) -> int | None:
        """Whose eyes the screen shows (``TableSession.viewer``)."""
        return self.session.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.session.viewer = seat

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

    def on_steps(self, steps: list[Step]) -> None:
        """Turn the steps of a move (each event as the viewer sees it, with the viewer's view just after it)
        into animations with ``self.tweens.add``. The default hands the events to ``on_events``."""
        self.on_events([step.event for step in steps])

    def on_events(self, events: list[Event]) -> None:
        """Turn events (already ``seen_by(self.viewer)``) into animations with ``self.tweens.add``.
        The default rebuilds the sprites from the new state."""
        self.build()

    def on_opening(self, events: list[Event]) -> None:
        """Animate the set-up of a new game (the deal); events already seen by the viewer. The default
        treats them like any other events."""
        self.on_events(events)

    def update_table(self, dt: float) -> None:
        """Per-frame work of the subclass (hover effects); animations are advanced by the base."""

    def log_step(self, event: Event) -> bool:
        """Whether the event's log line is a step of the line before (a bead of a sowing): the panel folds it
        under that line, which a click opens. Decide from the event alone (the log is rebuilt while the table
        is being made); none are steps by default."""
        return False

    def ai_pause_share(self) -> float:
        """The share of the settings' AI pause to wait before the next AI move: all of it by default; a scene
        may shorten it inside a long run of one seat's moves (a capture chain)."""
        return 1.0

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

    # --- for subclasses to call ---------------------------------------------------------------------------
    def sound_cue(self, name: str) -> Call:
        """An animation step that plays a sound effect when reached."""
        return Call(lambda: self.app.sound.play(name))

    def flourish(self, kind: str, centre: tuple[int, int], reach: int, colour: Colour | None = None) -> Animation:
        """An animation step marking a moment (a kind of ``effects.FLOURISHES``) at ``centre``, ``reach`` pixels
        across: its sound, then its effect, unless the player asked for reduced motion (the sound alone)."""
        if self.app.settings.reduced_motion:
            return self.sound_cue(kind)
        effect = Flourish(kind, centre, reach, colour or self.app.palette.accent, self.app.palette)

        def start() -> None:
            self.app.sound.play(kind)
            self.flourishes.append(effect)

        def end() -> None:
            if effect in self.flourishes:
                self.flourishes.remove(effect)

        return sequence(Call(start), Tween(effect, "progress", 1.0, FLOURISH_SECONDS[kind]), Call(end))

    def explain(self, rect: pygame.Rect, text: str) -> None:
        """Say what the thing drawn at ``rect`` is: its tooltip for this frame (call it while drawing, with
        a text from the game's text module; the last thing explained is on top)."""
        self.tips.add(rect, text)

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

    def table_rect(self) -> pygame.Rect:
        """The part of the window for the table (left of the log, above the status line)."""
        lay = self.layout
        return pygame.Rect(0, 0, lay.width - lay.px(self.log_width), lay.height - status_height(lay))

    def log_rect(self) -> pygame.Rect:
        """The log panel on the right."""
        lay = self.layout
        return pygame.Rect(lay.width - lay.px(self.log_width), 0, lay.px(self.log_width), lay.height)

    # --- moves -----------------------------------------------------------------------------------------
    def submit(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move: the session applies, records and autosaves it; its lines wait
        to be logged and its steps are animated (``on_steps``).

        Raises ``IllegalActionError`` (nothing changes) if the rules refuse it.
        """
        events, steps = self.session.submit(action)
        self.job = None
        self.unlogged.extend(self.log_feed.lines_of(events))
        self.on_steps(steps)
        if not self.tweens.busy:
            self.log_feed.flush()
        return events

    def can_undo(self) -> bool:
        """Whether undo would take something back now: one human, a live game, a move of theirs recorded
        and nothing of the scene's own held on the table."""
        return self.session.undo_refusal() is None and not self.holding()

    def undo(self) -> bool:
        """Take back moves to the last time the one human was to play, unless something hidden has been shown
        to them since. Running animations are finished first and the log is rebuilt as if the moves had never
        been made; when nothing can be taken back, the player is told why. Whether moves were taken back."""
        refusal = self.session.undo_refusal()
        if refusal is not None:
            self.app.notify(refusal)
            return False
        self.session.take_back()
        self._rebuild()
        self.session.save()
        return True

    def _rebuild(self) -> None:
        """The game rebuilt from its record at once, its log written anew as if no other move had been made:
        no animation, nothing still to log."""
        self.tweens.skip()
        self.session.rebuild()
        self.log_feed.rewrite()
        self.job = None
        self.build()

    def _undo_shown(self) -> bool:
        """Whether the status line has an undo button: for a single human at a live table."""
        return self.session.script is None and len(self.humans) == 1

    def log_next(self) -> None:
        """Write the line of the next event not yet logged. A scene calls it (``Call(self.log_next)``) as
        each event's animation starts, so the log tells what the table shows, never what it is about to
        show; whatever is left is written when the animations end."""
        self.log_feed.next()

    # --- replays -------------------------------------------------------------------------------------
    def watch(self, actions: Sequence[str], viewer: int | None = None) -> None:
        """Make this new all-AI table a replay of ``actions``: nobody decides, each move is the next recorded
        one, paced like an AI's; nothing is saved or counted. ``viewer``: the seat whose eyes the replay
        shows (its own cards face up), or None for a spectator's view."""
        self.session.watch(actions, viewer)
        self.log_feed.panel.limit = None

    def seek(self, moves: int) -> None:
        """Show a replay after its first ``moves`` recorded actions at once (a scrub bar, a step back): the
        game replayed from the start, the log rebuilt, no animation; the rest of the record plays on from
        there. A replay only (``watch``)."""
        self.session.seek(moves)
        self.script_wait = 0.0
        self._rebuild()

    def _run_script(self, dt: float) -> None:
        self.script_wait += dt
        if self.script_wait * 1000 < self.app.settings.ai_pause_ms or not self.session.script:
            return
        self.play_recorded()

    def play_recorded(self) -> None:
        """Play a replay's next recorded move, animated; a move the rules refuse ends the replay there, saying
        where and why."""
        self.script_wait = 0.0
        action = self.session.next_recorded()
        if action is not None:
            self.submit(action)

    # --- hints ---------------------------------------------------------------------------------------
    def ask_hint(self) -> bool:
        """Ask the hard AI, on the table's worker, to analyse the decision of the human to play
        (``TableHints.ask``); when none can be given, say why. Whether a hint was started (or is already
        there)."""
        refusal = self.hints.refusal(self.seat_to_play)
        if refusal is not None:
            self.app.notify(refusal)
            return False
        if self.hints.ask():
            self.app.redraw()
        return True

    def hinted(self) -> Action | None:
        """The action the hint for the decision on the table chose (ring it on the table), or None."""
        return self.hints.hinted()

    def draw_hint_ring(self, surface: pygame.Surface, rect: pygame.Rect, oval: bool = False) -> None:
        """Mark the thing a hint chose: a ring in the accent colour (``oval`` round a round thing) and "Hint"."""
        draw_hint_ring(surface, rect, self.app.palette, self.layout, oval)

    def draw_hint_panel(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The hint at the top of the log panel (``area``: its left, top and width); the y below it."""
        lines = self.hints.lines(self.hints.observation or self.observation())
        box = draw_hint_panel(surface, area, lines, self.app.palette, self.layout)
        self.explain(box, HINT_TIP)
        return box.bottom + self.layout.px(8)

    # --- the frame ------------------------------------------------------------------------------------
    def enter(self) -> None:
        """Ready the sounds (so the first deal does not stall a frame), start the game's music and show how a
        new game was set up. Subclasses that override this call it first."""
        self.app.sound.preload()
        self.app.sound.start_music(self.spec.name)
        if not self.record.actions:
            self.on_opening([event.seen_by(self.viewer) for event in self.state.opening_events])

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
        self.log_feed.flush()
        self.build()
        self.deciding = self.seat_to_play  # opened by no press: nothing to ignore
        return played

    def resize(self, layout: Layout) -> None:
        self.layout = layout
        self.build()

    def leave(self) -> None:
        self.app.sound.stop_music()
        self.worker.shutdown(wait=False, cancel_futures=True)

    def resume(self) -> None:
        self.app.sound.start_music(self.spec.name)  # a table above (a replay) may have stopped it on leaving
        self.tweens.speed = self.app.settings.speed_factor()
        self.held_keys.clear()  # released over the scene above, unseen here
        self.build()

    @property
    def router(self) -> Router:
        """The app's screens this table opens (the pause menu, a hand-off, the results)."""
        if self.app.router is None:
            raise RuntimeError(NO_ROUTER)
        return self.app.router

    def back(self) -> None:
        self.app.push(self.router.pause(self))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys_seen.add(event.key)
        elif event.type == pygame.KEYUP:
            self.held_keys.discard(event.key)
        if self.tooltip.handle(event):
            self.app.redraw()
            return
        if self.log_feed.panel.handle(event, self.tooltip.pointer, font(self.layout.text_px(LINE_TEXT)).get_linesize()):
            self.app.redraw()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_u, pygame.K_z) and event.mod & pygame.KMOD_CTRL \
                or event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._undo_shown() and \
                self.undo_button.rect.collidepoint(event.pos):
            self.undo_button.action()  # not ``activate``: a greyed button still says why
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and \
                not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
                or event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hints.offered() and \
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
        self.refused_at = self.session.seconds_played

    def takes(self, event: pygame.event.Event) -> bool:
        """Whether an open decision takes ``event`` now: not a press in the grace after it opened, nor a held
        key's repeat (a key is down from before the decision opened until it is released)."""
        if event.type not in DECIDING_EVENTS:
            return True
        if event.type == pygame.KEYDOWN and event.key in self.held_keys:
            return False
        return self.session.seconds_played >= self.grace_until

    def _watch_decision(self) -> None:
        """Note a decision opening: one that opens less than ``DECISION_GRACE`` seconds after a refused press
        (a skip opens it at once) ignores input for as long, and keys still held until they are released."""
        seat = self.seat_to_play
        if seat is not None and self.deciding is None:
            if self.refused_at is not None and self.session.seconds_played - self.refused_at <= DECISION_GRACE:
                self.grace_until = self.session.seconds_played + DECISION_GRACE
            down = pygame.key.get_pressed()
            self.held_keys = {key for key in self.keys_seen if down[key]}
        self.deciding = seat

    def update(self, dt: float) -> None:
        self.session.seconds_played += dt
        if self.tooltip.update(dt):
            self.app.redraw()
        if self.hints.collect():
            self.app.redraw()
        self.tweens.speed = self.app.settings.speed_factor()
        self.tweens.update(dt)
        if not self.tweens.busy:
            self.log_feed.flush()
        self.update_table(dt)
        self._advance(dt)
        self._watch_decision()

    def _advance(self, dt: float) -> None:
        """Play on: the end and its results, a replay's next move, a hand-off, an AI's move."""
        if self.tweens.busy or self.awaiting_handoff or self.holding():
            return
        if self.state.is_terminal():
            if not self.session.finished:
                self._finish()
            return
        if self.session.script is not None:
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
        self.awaiting_handoff = True

        def ready() -> None:
            self.viewer = seat
            self.awaiting_handoff = False
            self.build()

        self.app.push(self.router.hand_off(self.names[seat], ready, self))

    def _finish(self) -> None:
        """The end: the game kept (history, statistics) and its results shown over the table."""
        self.session.finish()
        self.app.push(self.router.results(self.session.game_over(self.result_rows()), self))

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
        for effect in self.flourishes:
            effect.draw(surface)
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
        """The status line at the bottom of the table area, drawn again only when what it shows changes (its
        text, its buttons, the pointer over one): the kept strip is blitted on the frames between."""
        lay, pal = self.layout, self.app.palette
        table = self.table_rect()
        strip = pygame.Rect(0, table.bottom, table.w, lay.height - table.bottom)
        self.keep_clear_of_tips(strip)
        buttons: list[tuple[Button, str]] = []
        for button, usable, tip, wanted in (
                (self.undo_button, self.can_undo, UNDO_TIP, self._undo_shown()),
                (self.hint_button, lambda: self.hints.refusal(self.seat_to_play) is None, HINT_BUTTON_TIP,
                 self.hints.offered())):
            if wanted:
                button.enabled = usable()
                buttons.append((button, tip))
        pointer = pygame.mouse.get_pos()
        status = self.status_text() if self.session.script is None else self.session.replay_status()
        # a button's rect is placed while drawing: the pointer is tested against where it was last drawn, which
        # is where it is while the strip and the buttons shown are the same (any change of them draws anew)
        key = (tuple(strip), lay, pal.name, status,
               tuple((id(button), button.enabled, button.rect.collidepoint(pointer)) for button, _ in buttons))

        def draw() -> pygame.Surface:
            pygame.draw.rect(surface, pal.background, strip)
            left = draw_text(surface, "Esc: menu", lay.text_px(16), pal.text_dim,
                             (strip.right - lay.px(16), strip.centery), anchor="midright")
            self.explain(left, ESC_TIP)
            height = min(strip.h, max(lay.px(STATUS_BUTTON_HEIGHT), lay.text_px(TYPE.label) + lay.px(BUTTON_EDGE)))
            for button, tip in buttons:
                button.rect = pygame.Rect(0, 0, button_width(button.label, lay), height)
                button.rect.midright = (left.x - lay.px(16), strip.centery)
                button.draw(surface, pal, lay, button.enabled and button.rect.collidepoint(pointer))
                self.explain(button.rect, tip)
                left = button.rect
            room = pygame.Rect(lay.px(16), strip.y, left.x - lay.px(32), strip.h)
            self.explain(room, STATUS_TIP)  # the strip is one picture now: its blank part says what it is too
            for line in draw_fitted(surface, status, lay.text_px(STATUS_TEXT), pal.text, room, bold=True):
                self.explain(line, STATUS_TIP)
            return self.status_layer.copied(surface, strip)

        surface.blit(self.status_layer.drawn(key, draw, self.tips), strip)
        self.status_layer.explain(self.tips)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The log panel: the game's title, a hint when there is one, then the log's lines under their headings,
        newest at the bottom unless the player scrolled back (``LogPanel``). Without a hint it is drawn again
        only when its lines or their scrolling change: the kept column is blitted on the frames between."""
        pal = self.app.palette
        rect = self.log_rect()
        if self.hints.shown():  # a hint's panel changes as its search goes on: drawn every frame
            self.log_layer.clear()
            self._draw_log(surface, rect)
            return

        def draw() -> pygame.Surface:
            self._draw_log(surface, rect)
            return self.log_layer.copied(surface, rect)

        key = (tuple(rect), pal.name, self.log_feed.panel.look())
        surface.blit(self.log_layer.drawn(key, draw, self.tips), rect)
        self.log_layer.explain(self.tips)

    def _draw_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        lay, pal = self.layout, self.app.palette
        panel(surface, rect, pal.panel, pal.panel_edge, radius=0)
        size, width = lay.text_px(LOG_TITLE_TEXT), rect.w - lay.px(24)
        rows = len(label_lines(self.spec.title, size, (width, lay.height), serif=True, bold=True))
        room = pygame.Rect(rect.x + lay.px(12), lay.px(8), width, label_height(size, rows, serif=True, bold=True))
        lines = draw_label(surface, self.spec.title, size, pal.accent, room, align="left", serif=True, bold=True)
        self.explain(lines[0].unionall(lines[1:]), TITLE_TIP.format(title=self.spec.title))
        top = max(lay.px(48), room.bottom + lay.px(8))
        if self.hints.shown():
            top = self.draw_hint_panel(surface, pygame.Rect(rect.x + lay.px(8), top, rect.w - lay.px(16), 0))
        area = pygame.Rect(rect.x, top, rect.w, max(0, rect.bottom - lay.px(10) - top))
        self.explain(area, LOG_TIP)
        marker = self.log_feed.panel.draw(surface, area, pal, lay)
        if marker is not None:
            self.explain(marker, NEW_LINES_TIP)

    def badge_tip(self, seat: int) -> str:
        """The tooltip of a seat's name plate: whose it is and what its public line means. Games say more."""
        you = " (you)" if seat == self.viewer and len(self.humans) == 1 else ""
        kind = "a human player" if seat in self.humans else f"the computer ({self.setup.seats[seat]} level)"
        return f"{self.names[seat]}{you}: seat {seat + 1}, played by {kind}. The plate lit gold is the seat to play."

    def badge_text(self, seat: int) -> str:
        """A short public line under a seat's name (a score, cards in hand); none by default."""
        return ""

    def dealer_shown(self) -> int | None:
        """The seat whose name plate carries the dealer's chip; none by default (a game without a dealer, or one
        whose chip moves on the table by itself)."""
        return None

    def draw_badge(self, surface: pygame.Surface, seat: int, centre: tuple[int, int]) -> pygame.Rect:
        """A seat's name plate (``plates.draw_plate``): its medallion (the bead's colour and shape), name and
        ``badge_text``, lit gold while it is that seat's turn, with the dealer's chip on the dealer's plate.
        Returns the plate's rect."""
        lay, pal = self.layout, self.app.palette
        extra = self.badge_text(seat)
        rect = pygame.Rect(0, 0, lay.px(BADGE_WIDTH), lay.px(54 if extra else 38))
        rect.center = centre
        turn = self.turn_shown() == seat
        you = seat == self.viewer and len(self.humans) == 1
        draw_plate(surface, rect, pal, turn=turn, radius=lay.px(8), you=you)
        token = medallion(seat, rect.h - lay.px(10), turn=turn)
        at = surface.blit(token, token.get_rect(midleft=(rect.x + lay.px(5), rect.centery)))
        text_x = at.right + lay.px(7)
        name = self.names[seat] + ("  (you)" if you else "")
        dealer = self.dealer_shown() == seat
        room = rect.right - text_x - lay.px(DEALER_CHIP + 8 if dealer else 6)
        name, size = fit_text(name, lay.text_px(17), room, bold=True)
        name_y = rect.y + lay.px(18) if extra else rect.centery
        draw_text(surface, name, size, pal.text, (text_x, name_y), anchor="midleft", bold=True)
        if extra:
            line, size = fit_text(extra, lay.text_px(14), rect.right - text_x - lay.px(6))
            draw_text(surface, line, size, pal.text_dim, (text_x, rect.y + lay.px(39)), anchor="midleft")
        self.explain(rect, self.badge_tip(seat))
        if dealer:
            chip = dealer_chip(lay.px(DEALER_CHIP))
            self.explain(surface.blit(chip, chip.get_rect(topright=(rect.right - lay.px(3), rect.y + lay.px(3)))),
                         DEALER_TIP.format(name=self.names[seat]))
        return rect
