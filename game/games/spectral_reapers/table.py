"""Spectral Reapers table: the ring of pits, the players' stores, the human's choices, the animations.

The rules state is never touched here except through ``submit``. What is drawn during animations is a display
copy of the board (``shown`` and ``stores``) that each step of a move sets from the view the rules gave with it
(the board just after that event), and that is set at rest once a move's steps are played (so skipping or
turning animations off loses nothing). The human's decision (placement plan, sowing order, capture) is a
``Decision``: a plan is matched against ``state.legal_actions()`` (on a clone when a preview needs the result)
and only the table submits. Where things sit and how they are drawn is ``view``.
"""

from __future__ import annotations

from collections import deque
from functools import partial
from typing import Callable, Sequence

import pygame

from game.core.analysis import Analysis
from game.core.contracts import Event, Step
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.games.spectral_reapers.bots import capturing_sowings
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, END_SAFETY, END_THRESHOLD, PLACE, SOW, BeadCaptured, BeadSown, BeadsPlaced,
    CaptureAction, CaptureEarned, ExtraTurn, GameEnded, PitLifted, PlaceAction, SeatSkipped, SowAction,
    SowingPhaseBegan, SpectralReapersObservation, SpectralReapersState, outcome_key, pit_order,
)
from game.games.spectral_reapers.view import (
    Geometry, Lines, Target, bead_spots, beads, clear_caches, cluster_spots, draw, geometry, store_well, targets,
)
from game.games.spectral_reapers.words import (
    LIFTED_NOTE, BeadWords, beads_left, capture_banner, capture_note, ends_note, is_step, lift_note, owner_word,
    pit_contents, place_note, plate_line_tip,
)
from game.ui.app import App
from game.ui.assets import BEAD_SHAPES
from game.ui.sprites import BeadSprite
from game.ui.static_layer import StaticLayer
from game.ui.table import TableScene
from game.ui.tween import Animation, Call, Delay, Faster, Later, Tween, parallel, sequence, stagger

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CHAIN_STEP = 0.65
"""Each further sowing of an AI's turn (it captured and moves again) plays in this share of the last one's time,"""
CHAIN_FLOOR = 0.2
"""but never in less than this share of the first one's: a long chain stays readable in a fraction of the time."""


class Chain(Animation):
    """Animation steps played strictly one after another; a step is made when it is reached (so it sees
    the board as the steps before it left it). New steps may be queued while it runs."""

    def __init__(self) -> None:
        self.steps: deque[Later] = deque()
        self.done = True

    def push(self, step: Callable[[], Animation]) -> None:
        self.steps.append(Later(step))
        self.done = False

    def update(self, dt: float) -> float:
        while self.steps:
            dt = self.steps[0].update(dt)
            if not self.steps[0].done:
                return 0.0
            self.steps.popleft()
        self.done = True
        return dt


Sowing = tuple[list[SowAction], SpectralReapersState]
"""A planned sowing: the legal action(s) that play the chosen order, and the state they lead to (a clone)."""


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
    def take(self, origin: int, counts: Sequence[int], cont: bool = False, slot: int = 0) -> None:
        """Beads to order go to the tray, unordered: a chosen pit's, or (``cont``, in a resumed game in the
        middle of a big sowing) those still in hand, sown on from landing ``slot``."""
        self.origin, self.cont, self.slot = origin, cont, slot
        self.colours = beads(counts)
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
        pick = _hinted_sowing(hint, options) or (capturing_sowings(state, options) or options)[0]
        rest = list(self.colours)
        for letter in pick.order:
            rest.remove(COLOUR_LETTERS.index(letter))
        self.set_letters(pick.order + "".join(COLOUR_LETTERS[c] for c in sorted(rest)))


def _hinted_sowing(hint: Analysis | None, options: list[SowAction]) -> SowAction | None:
    """The hint's best-ranked sowing among ``options`` (its choice first, then its options best first)."""
    if hint is None:
        return None
    ranked = [hint.choice, *(option.action for option in hint.options)]
    return next((action for action in ranked if isinstance(action, SowAction) and action in options), None)


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


class SpectralReapersTable(TableScene):
    """Two rows of pits joined into a counter-clockwise ring, the stores on top, the tray below."""

    log_width = 260
    hides_hands = False
    """Every bead lies on the board in view of all: a replay has nothing to turn face up."""
    state: SpectralReapersState
    """The table only ever holds this game's state (the spec's ``new_game`` made it)."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app, setup, record)
        self._geo: Geometry | None = None
        self.layer = StaticLayer()
        """What does not move, composed once per build (``view.static_layer``), with its tips."""
        self.surfaces: dict[tuple, pygame.Surface] = {}
        """Drawn pits and plates by content (cleared on every build)."""
        self.words_for: tuple[tuple[str, int | None], BeadWords] | None = None
        """The last ``bead_words`` and the palette and viewer they were made for (asked for by every tip of every
        frame)."""
        self.shown: list[list[int]] = []
        self.stores: list[list[int]] = []
        self.hand: list[BeadSprite] = []
        self.flying: list[BeadSprite] = []
        self.chain = Chain()
        self.banner_text = ""
        self.banner_alpha = 0.0
        self.pulse_pit = -1
        self.decision = Decision(-1)
        self.focus: tuple[str, int | str] | None = None
        self._sounded: set[tuple[int, str]] = set()
        self.chain_seat = -1
        self.chain_again = 0
        """The seat whose turn the last action was, and how often it has captured and moved again in it."""

    def bead_name(self, colour: int) -> str:
        """A bead as the screen shows it: colour word and shape ("orange square"); the rules' COLOUR_NAMES
        name seats, not the palette's colours."""
        return f"{self.app.palette.seat_names[colour]} {BEAD_SHAPES[colour]}"

    def bead_words(self) -> BeadWords:
        """How this screen names each colour in tips: the palette's look and, for the viewer, the owner."""
        key = (self.app.palette.name, self.viewer)
        if self.words_for is None or self.words_for[0] != key:
            seats = range(self.state.num_players)
            self.words_for = key, BeadWords(tuple(self.bead_name(c) for c in seats),
                                            tuple(owner_word(self.names, c, self.viewer) for c in seats))
        return self.words_for[1]

    def who(self, seat: int) -> str:
        """A seat as a tip addresses it: ``you`` for the viewer, else the name."""
        return "you" if seat == self.viewer else self.names[seat]

    @property
    def geo(self) -> Geometry:
        """Where everything sits; ``build`` makes it before anything is drawn, animated or clicked."""
        assert self._geo is not None, "the table is not built yet"
        return self._geo

    # --- building ---------------------------------------------------------------------------------------
    def build(self) -> None:
        self.tweens.skip()
        self._geo = geometry(self.layout, self.table_rect(), self.state.num_players, len(self.state.pits))
        self.surfaces = {}
        self.layer.clear()
        self.flying = []
        self.hand = []
        self._rest(self.state.observation(self.viewer))

    def _rest(self, view: SpectralReapersObservation) -> None:
        """The display copy set from ``view``, the board at rest (on building, and once a move's steps are
        played); a hand of beads still to sow stays as the animation left it when it holds those beads."""
        self.shown = [beads(pit) for pit in view.pits]
        self.stores = [list(row) for row in view.captured]
        self.pulse_pit = view.capture_pit if view.phase == CAPTURE else -1
        self.flying = []
        if not view.hand:
            self.hand = []
        elif sorted(s.index for s in self.hand) != beads(view.hand):
            colours = beads(view.hand)
            side = self._hand_side()
            spots = cluster_spots(self.geo.hover_point(view.hand_origin), len(colours), side)
            self.hand = [BeadSprite(c, side, spot, z=5) for c, spot in zip(colours, spots)]

    def _hand_side(self) -> int:
        return max(8, round(self.geo.bead * 0.8))

    # --- animations -----------------------------------------------------------------------------------
    def _queue(self, step: Callable[[], Animation]) -> None:
        running = self.chain in self.tweens.running
        self.chain.push(step)
        if not running:
            self.tweens.add(self.chain)

    def _sound(self, name: str) -> None:
        """At most one of each sound per frame (skipping a long sowing does not fire a burst)."""
        key = (self.app.frames, name)
        if key not in self._sounded:
            self._sounded = {k for k in self._sounded if k[0] == self.app.frames}
            self._sounded.add(key)
            self.app.sound.play(name)

    def log_step(self, event: Event) -> bool:
        """A sowing's beads fold under the line of its lift in the log."""
        return is_step(event)

    def chain_share(self, seat: int) -> float:
        """The share of its full time a move of ``seat`` takes now: less for each further move of an AI's
        capture chain, never less than ``CHAIN_FLOOR``."""
        if seat in self.humans or seat != self.chain_seat:
            return 1.0
        return max(CHAIN_FLOOR, CHAIN_STEP ** self.chain_again)

    def ai_pause_share(self) -> float:
        """An AI moving again in its capture chain pauses less each time, as its sowings play faster."""
        return 1.0 if self.state.is_terminal() else self.chain_share(self.state.current_player())

    def chain_speed(self, events: list[Event]) -> float:
        """How many times as fast an action's animations play: 1, but for a further sowing of an AI's turn (and
        the capture that ends it) each takes ``CHAIN_STEP`` of the last one's time, down to ``CHAIN_FLOOR``."""
        mover = next((e.seat for e in events if isinstance(e, (BeadsPlaced, PitLifted, BeadSown, BeadCaptured))), -1)
        if mover != self.chain_seat:
            self.chain_seat, self.chain_again = mover, 0
        share = self.chain_share(mover)
        self.chain_again += sum(isinstance(e, ExtraTurn) for e in events)
        return 1 / share

    def on_steps(self, steps: list[Step]) -> None:
        """Each event of a move animated in turn, landing on the board its step's view shows; the board at rest
        once the move is played."""
        if not steps:
            return
        events = [step.event for step in steps]
        sown = [e for e in events if isinstance(e, BeadSown)]
        pace = 1.0 if len(sown) <= 10 else max(0.45, 10 / len(sown))
        speed = self.chain_speed(events)

        def queue(step: Callable[[], Animation]) -> None:
            self._queue(step if speed == 1 else lambda: Faster(step(), speed))

        for event, view in ((step.event, step.view) for step in steps):
            assert isinstance(view, SpectralReapersObservation)
            queue(lambda: Call(self.log_next))
            if isinstance(event, BeadsPlaced):
                queue(partial(self._place_step, event, view))
            elif isinstance(event, PitLifted):
                order = [e.colour for e in sown if e.origin == event.pit]
                queue(partial(self._lift_step, event, order))
            elif isinstance(event, BeadSown):
                queue(partial(self._sow_step, event, pace, view))
            elif isinstance(event, CaptureEarned):
                queue(partial(self._capture_earned, event))
            elif isinstance(event, BeadCaptured):
                queue(partial(self._capture_step, event, view))
            elif isinstance(event, ExtraTurn):
                queue(partial(self._banner, f"{self.names[event.seat]} captured and moves again", 0.7))
            elif isinstance(event, SowingPhaseBegan):
                queue(partial(self._banner, f"All beads placed - {self.names[event.first]} sows first", 0.8))
            elif isinstance(event, SeatSkipped):
                queue(partial(self._banner, f"{self.names[event.seat]} cannot move", 0.6))
            elif isinstance(event, GameEnded):
                queue(lambda: sequence(Call(lambda: self._sound("win")), self._banner("Game over", 0.8)))
        last = steps[-1].view
        assert isinstance(last, SpectralReapersObservation)
        self._queue(lambda: Call(partial(self._rest, last)))

    def _banner(self, text: str, hold: float, pit: int = -1) -> Animation:
        def show() -> None:
            self.banner_text = text
            if pit >= 0:
                self.pulse_pit = pit

        return sequence(Call(show), Tween(self, "banner_alpha", 255.0, 0.15, start=0.0), Delay(hold),
                        Tween(self, "banner_alpha", 0.0, 0.25))

    def _capture_earned(self, event: CaptureEarned) -> Animation:
        """The banner, and the capture's flourish over the pit in the capturer's colour."""
        pit = self.geo.pits[event.pit]
        colour = self.app.palette.seats[event.seat % len(self.app.palette.seats)]
        return parallel(self._banner(capture_banner(event.pit, self.names[event.seat]), 0.5, pit=event.pit),
                        self.flourish("capture", pit.center, round(max(pit.w, pit.h) * 0.8), colour=colour))

    def _spots(self, pit: int, colours: list[int]) -> tuple[int, tuple[tuple[int, int], ...]]:
        return bead_spots(tuple(self.geo.pits[pit]), len(colours), self.geo.bead)

    def _place_step(self, event: BeadsPlaced, view: SpectralReapersObservation) -> Animation:
        start = self.geo.plates[event.seat].center
        moves, sprites, after = [], [], {}
        for pit, count in event.placements:
            colours = beads(view.pits[pit])
            after[pit] = colours
            side, spots = self._spots(pit, colours)
            for i in [i for i, c in enumerate(colours) if c == event.colour][-count:]:
                sprite = BeadSprite(event.colour, side, start, z=6)
                sprites.append(sprite)
                moves.append(sequence(sprite.move_to(spots[i], 0.35, "out_quad"), Call(lambda: self._sound("bead"))))
        self.flying += sprites

        def land() -> None:
            for pit, colours in after.items():
                self.shown[pit] = colours
            self.flying = [s for s in self.flying if s not in sprites]

        return sequence(stagger(moves, 0.04), Call(land))

    def _lift_step(self, event: PitLifted, order: list[int]) -> Animation:
        colours = beads(event.counts)
        rest = list(colours)
        for colour in order:
            rest.remove(colour)
        hand_order = order + rest
        side, spots = self._spots(event.pit, self.shown[event.pit])
        free = list(zip(self.shown[event.pit], spots))
        hand_side = self._hand_side()
        sprites = []
        for colour in hand_order:
            spot = next((s for s in free if s[0] == colour), None)
            if spot is not None:
                free.remove(spot)
            pos = spot[1] if spot is not None else self.geo.pits[event.pit].center
            sprite = BeadSprite(colour, hand_side, pos, z=5)
            sprite.scale = side / hand_side
            sprites.append(sprite)
        self.shown[event.pit] = []
        self.hand = sprites
        cluster = cluster_spots(self.geo.hover_point(event.pit), len(sprites), hand_side)
        return parallel(Call(lambda: self._sound("bead")),
                        *[s.move_to(c, 0.3, "out_quad", scale=1.0) for s, c in zip(sprites, cluster)])

    def _sow_step(self, event: BeadSown, pace: float, view: SpectralReapersObservation) -> Animation:
        sprite = next((s for s in self.hand if s.index == event.colour), None)
        if sprite is None:
            sprite = BeadSprite(event.colour, self._hand_side(), self.geo.hover_point(event.origin), z=5)
        else:
            self.hand.remove(sprite)
        self.flying.append(sprite)
        sprite.z = 7
        colours = beads(view.pits[event.pit])
        side, spots = self._spots(event.pit, colours)
        target = spots[max(i for i, c in enumerate(colours) if c == event.colour)]
        hover = self.geo.hover_point(event.pit)
        rest = cluster_spots(hover, len(self.hand), self._hand_side())
        travel = parallel(sprite.move_to(hover, 0.2 * pace),
                          *[s.move_to(c, 0.2 * pace) for s, c in zip(self.hand, rest)])

        def land() -> None:
            self.shown[event.pit] = colours
            self.flying = [s for s in self.flying if s is not sprite]
            self._sound("bead")

        drop = sprite.move_to(target, 0.14 * pace, "out_quad", scale=side / sprite.side)
        return sequence(travel, drop, Call(land))

    def _capture_step(self, event: BeadCaptured, view: SpectralReapersObservation) -> Animation:
        side, spots = self._spots(event.pit, self.shown[event.pit])
        index = next((i for i, c in enumerate(self.shown[event.pit]) if c == event.colour), None)
        start = spots[index] if index is not None else self.geo.pits[event.pit].center
        sprite = BeadSprite(event.colour, side, start, z=8)
        self.flying.append(sprite)
        self.shown[event.pit] = beads(view.pits[event.pit])

        def land() -> None:
            self.stores[event.seat] = list(view.captured[event.seat])
            self.flying = [s for s in self.flying if s is not sprite]
            self.pulse_pit = -1
            self._sound("bead")

        well = store_well(self.geo.plates[event.seat], self.layout)
        target = (well.x + well.h // 2, well.centery)
        return sequence(sprite.move_to(target, 0.5, "in_out_cubic", scale=0.7), Call(land))

    # --- the human's decision ---------------------------------------------------------------------------
    def _decision_now(self) -> Decision:
        version = len(self.record.actions)
        if self.decision.version != version:
            self.decision = Decision(version)
            state = self.state
            if state.hand is not None and state.current_player() == self.viewer:
                self.decision.take(state.hand_origin, state.hand, True, state.hand_slot)
            self.focus = None
        return self.decision

    def targets(self) -> list[Target]:
        """The clickable things of the human's decision (empty when the human is not to play)."""
        if self.seat_to_play is None or self._geo is None:
            return []
        self._decision_now()
        return targets(self)

    def _target_at(self, pos: tuple[int, int]) -> Target | None:
        found = [t for t in self.targets() if t.rect.collidepoint(pos)]
        found.sort(key=lambda t: t.kind == "pit")
        return found[0] if found else None

    def handle_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            target = self._target_at(event.pos)
            if target is not None:
                self.focus = (target.kind, target.index)
                self.activate(target)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.take_back()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self._step_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif event.key in ARROWS:
                self._move_focus(*ARROWS[event.key])
            elif event.key in ENTER:
                items = {(t.kind, t.index): t for t in self.targets()}
                if self.focus in items:
                    self.activate(items[self.focus])
                else:
                    self._step_focus(1)
            elif event.key == pygame.K_BACKSPACE:
                self.take_back()

    def take_back(self) -> None:
        """Backspace or a right click: the last bead of the order goes back among the lifted ones (and the
        keyboard to it)."""
        order = self.decision.order
        if order:
            bead = order.pop()
            if self.focus is None or self.focus[0] != "pit":
                self.focus = ("pool", bead)

    def _step_focus(self, step: int) -> None:
        """Tab (``step`` 1) or Shift+Tab (-1): the next usable target in keyboard order, round the end."""
        # beads of one colour in the capture pit share a key: each key once
        keys = list(dict.fromkeys((t.kind, t.index) for t in self.targets() if t.enabled))
        if not keys:
            return
        if self.focus in keys:
            self.focus = keys[(keys.index(self.focus) + step) % len(keys)]
        else:
            self.focus = keys[0 if step > 0 else -1]

    def _move_focus(self, dx: int, dy: int) -> None:
        items = self.targets()
        if not items:
            return
        current = next((t for t in items if (t.kind, t.index) == self.focus), None)
        if current is None:
            self.focus = (items[0].kind, items[0].index)
            return
        cx, cy = current.rect.center
        best, best_score = None, None
        for target in items:
            if (target.kind, target.index) == self.focus:  # itself, or a bead of the same colour
                continue
            vx, vy = target.rect.centerx - cx, target.rect.centery - cy
            along = vx * dx + vy * dy
            if along <= 0:
                continue
            score = along + 2.5 * abs(vx * dy - vy * dx)
            if best_score is None or score < best_score:
                best, best_score = target, score
        if best is not None:
            self.focus = (best.kind, best.index)

    def activate(self, target: Target) -> None:
        """A click (or Enter) on ``target``."""
        state, dec = self.state, self._decision_now()
        if not target.enabled:
            return
        kind, index = target.kind, target.index
        if kind == "pit" and state.phase == PLACE:
            dec.cycle(int(index), state.config.placement_min, state.config.placement_max)
            self._sound("click")
        elif kind == "pit":
            dec.take(int(index), state.pits[int(index)])
            self._sound("click")
            self.focus = ("pool", dec.pool()[0]) if dec.pool() else self.focus  # the keys go on to the beads
        elif kind == "pool":
            dec.order.append(int(index))
            rest = dec.pool()  # the keyboard goes on with the next bead, then to Sow
            self.focus = ("pool", rest[0]) if rest else ("button", "sow")
        elif kind == "order":
            self.focus = ("pool", dec.order.pop(int(index)))
        elif kind in ("chip", "capbead"):
            self.submit(CaptureAction(state.capture_pit, int(index)))
        elif index == "place":
            placement = dec.placement()
            if placement in state.legal_actions():
                self.submit(placement)
        elif index == "clear":
            dec.plan.clear()
            dec.order.clear()
        elif index == "suggest":
            dec.suggest(state, self.hints.hint if self.hinted() is not None else None)
        elif index == "cancel":
            self.focus = ("pit", dec.origin)
            dec.origin, dec.colours, dec.order = -1, [], []
        elif index == "sow":
            planned = dec.plan_sowing(state)
            if planned is not None:
                for action in planned[0]:
                    self.submit(action)
        if self.focus is not None and self.focus not in {(t.kind, t.index) for t in self.targets()}:
            self.focus = None

    def leave(self) -> None:
        super().leave()
        clear_caches()

    # --- per frame --------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        if self._geo is not None:
            self._decision_now()

    # --- drawing ----------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        if self._geo is None:
            self.build()
        draw(self, surface)

    def status_text(self) -> str:
        state = self.state
        if not state.is_terminal() and self.seat_to_play is not None:
            return f"Your turn, {self.names[self.seat_to_play]} ({self.bead_name(self.seat_to_play)} beads)"
        return super().status_text()

    def badge_text(self, seat: int) -> str:
        return f"store {sum(self.state.captured[seat])}"

    def badge_tip(self, seat: int) -> str:
        """Whose plate it is and what its line (store, beads on the board or still to place) means."""
        state = self.state
        on_board = sum(pit.count(seat) for pit in self.shown)
        placing = state.phase == PLACE and not on_board
        line = plate_line_tip(self.names[seat], sum(self.stores[seat]), on_board, placing, state.config)
        return f"{super().badge_tip(seat)} {line}"

    def pit_tip(self, pit: int) -> str:
        """A pit's tip: its number, its beads by colour (as drawn now), and what the viewer may do with it."""
        state, dec = self.state, self.decision
        counts = [0] * state.num_players
        for colour in self.shown[pit]:
            counts[colour] += 1
        parts = [pit_contents(pit, counts, self.bead_words())]
        total = sum(counts)
        deciding = self.seat_to_play is not None
        if deciding and dec.lifted and not dec.cont and pit == dec.origin:
            parts.append(LIFTED_NOTE)
        elif state.phase == PLACE and deciding:
            parts.append(place_note(dec.plan.get(pit, 0), state.config))
        elif state.phase == CAPTURE and pit == state.capture_pit:
            parts.append(capture_note(self.who(state.current_player())))
        elif state.phase == SOW:
            if self.viewer is not None:
                parts.append(lift_note(counts[self.viewer] > 0, deciding and not dec.cont))
            if total:
                parts.append(ends_note(total, pit_order(state.ring, pit, total)[-1]))
        return " ".join(parts)

    def focus_rect(self) -> pygame.Rect | None:
        """The keyboard's place: the focused pit, bead, place of the order, capture choice or button."""
        if self.focus is None:
            return None
        return next((t.rect for t in self.targets() if (t.kind, t.index) == self.focus), None)

    def result_rows(self) -> list[str]:
        state = self.state
        rows = []
        for seat in range(state.num_players):
            parts = [f"{n} {self.bead_name(c)}" for c, n in enumerate(state.captured[seat]) if n]
            rows.append(f"{self.names[seat]}: {sum(state.captured[seat])} captured"
                        + (f" ({', '.join(parts)})" if parts else ""))
        if state.end_reason == END_THRESHOLD:
            left = state.on_board(state.ended_by)
            beads = "beads were" if left > 1 else "bead was"
            rows.append(f"Ended: {beads_left(left)} {self.bead_name(state.ended_by)} {beads} left on the board.")
        elif state.end_reason == END_SAFETY:
            rows.append("Ended: too many sowings without a capture.")
        return rows

    def _preview_lines(self) -> Lines:
        """What the chosen order does: where the last bead lands and whether it captures."""
        state, dec, pal = self.state, self.decision, self.app.palette
        seat = state.current_player()
        landing = dec.landing(state.ring)
        last = landing[-1] + 1
        own_there = state.pits[landing[-1]][seat]
        if not dec.complete:
            need = state.config.capture_count
            return [(f"The last bead lands in pit {last} (holding {own_there} of yours now). It captures if it is "
                     f"{self.bead_name(seat)} and makes exactly {need} of yours there.", pal.text_dim)]
        planned = dec.plan_sowing(state)
        if planned is None:
            return [("This order matches no legal move.", pal.danger)]
        _, after = planned
        last_colour = self.bead_name(COLOUR_LETTERS.index(dec.letters()[-1]))
        if after.phase == CAPTURE:
            return [(f"Last bead: {last_colour} into pit {last} - it holds {state.config.capture_count} of yours: you "
                     "capture and move again!",
                     pal.good)]
        return [(f"Last bead: {last_colour} into pit {last} - no capture; the turn passes.", pal.text)]

    def tray_text(self) -> tuple[str, Lines]:
        """The tray's title and lines for what is happening now."""
        state, pal = self.state, self.app.palette
        log = [(line, pal.text) for line in self.log[-2:]]
        if state.is_terminal():
            won = " and ".join(self.names[s] for s in state.winners())
            return f"Game over - {won} {'share the win' if len(state.winners()) > 1 else 'wins'}", log
        seat = state.current_player()
        name, colour = self.names[seat], self.bead_name(seat)
        if seat != self.viewer or seat not in self.humans:
            doing = "places beads" if state.phase == PLACE else ("captures" if state.phase == CAPTURE else "sows")
            return f"{name}, {colour} beads, {doing}...", log
        dec = self._decision_now()
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
                "(Backspace takes back; or Suggest)", self._preview_lines())
