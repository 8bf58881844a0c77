"""The core of a table scene: who sits where, whose eyes the screen shows, the hooks a game's scene overrides, and
where things are on the screen. The log (``table_log``), the record (``table_record``), hints (``table_hints``)
and the frame (``table``) build on it."""

from __future__ import annotations

from collections import deque
from concurrent.futures import ThreadPoolExecutor

import pygame

from game.core.agent import Agent
from game.core.contracts import Event, GameState, Observation, Step
from game.core.match import make_agent
from game.core.record import GameRecord
from game.core.registry import get
from game.core.setup import HUMAN, MatchSetup
from game.ui.ai_job import AI_TIME_LIMIT, AiJob
from game.ui.app import App, Scene
from game.ui.layout import around
from game.ui.tooltip import TipBoard, Tooltip
from game.ui.tween import Call, Tweener

LOG_WIDTH = 300
"""Reference width of the log panel on the right."""
STATUS_HEIGHT = 40


class TableCore(Scene):
    """The table's seats, mode and screen; subclass ``TableScene``, not this."""

    log_width: float = LOG_WIDTH
    """Reference width of the log panel (a game may narrow it)."""
    hides_hands: bool = True
    """Whether the game hides anything from some seats (hands, wagers): only then has its replay a face-up toggle."""
    state: GameState
    """The live game (made by ``TableRecord`` from the record)."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app)
        self.spec = get(setup.game)
        self.setup = setup
        self.record = record if record is not None else setup.record()
        self.names = list(setup.names)
        self.humans = [seat for seat, kind in enumerate(setup.seats) if kind == HUMAN]
        self.agents: dict[int, Agent] = {seat: make_agent(self.spec, kind, seat, setup.seed, setup.params,
                                                          time_limit=AI_TIME_LIMIT)
                                         for seat, kind in enumerate(setup.seats) if kind != HUMAN}
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """Whose eyes the screen shows: the one human; in hot-seat the human who took the screen at the last
        hand-off (None before the first); None at an all-AI table (a spectator)."""
        self.tweens = Tweener(app.settings.speed_factor())
        self.job: AiJob | None = None
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        """One thread per table thinks for every AI seat, so the frame loop keeps drawing."""
        self.awaiting_handoff = False
        self.finished = False
        self.autosave = True
        """Whether this is a game of the player's that is saved as it goes and counted when it ends (not a
        replay, a screenshot or a test)."""
        self.layout = app.layout
        self.script: deque[str] | None = None
        """In a replay (``watch``), the recorded moves still to play; None at a live table."""
        self.seconds_played = 0.0
        """Time this table has been open and running (a game's history keeps its length)."""
        self.tips = TipBoard()
        """What each thing drawn this frame is (``explain``): the tooltips' source."""
        self.tooltip = Tooltip()

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
