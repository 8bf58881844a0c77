"""The Nevermore table: name plates, the resolution tokens, the suit board, the viewer's hand and Magick, and a
prompt for every decision.

What it draws comes from ``self.observation()`` (``shown_from``); every prompt button stands for legal actions
only (Magick grouped by card: a card with several ways to play it opens a second row of targets, suits or token
orders). Each step of a move (its event as the viewer sees it, and the viewer's observation just after it)
becomes one animation, made when it is reached (``Later``). Animations change only the display (``self.shown``,
sprites, caption, banner, pop-up) and every batch ends by building it again from the viewer's observation, so
skipping them loses nothing. A hand's summary holds the next hand's steps, and their log lines, until it is
dismissed (``HandOver``). Where things sit and how they are drawn is ``view.py``'s.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import partial
from typing import Callable, Sequence

import pygame

from game.core.contracts import Action, Event, Step
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.ui import assets
from game.ui.app import App
from game.ui.hand_end import HandEndHold
from game.ui.score_table import dismisses
from game.ui.sprites import Sprite, draw_sprites
from game.ui.static_layer import StaticLayer
from game.ui.table import TableScene
from game.ui.theme import Colour
from game.ui.tween import Animation, Call, Delay, Later, Tween, parallel, sequence, stagger

from .rules import events as ev
from .rules.actions import AttackAll, AttackPlayer, KillCards, NoMagick, PassCards, Peck, PlayMagick
from .rules.cards import PASSES, sort_cards
from .rules.observe import NevermoreObservation
from .rules.state import NevermoreState
from .rules.tasks import AttackDecision, MagickDecision, PassDecision, PeckDecision, RespondDecision
from .view import OPEN_LIFT, RAVEN_EDGE, Button, Card, Cube, Geometry, HandSummary, Painter, Shown, back_card, \
    draw_summary, hand_card, magick_card, mark_held, opened, place_prompt, shown_from, summarise
from .words import BACK_TIP, CHOOSE_CARDS_STATUS, CHOOSE_STATUS, CLEAR_TIP, END_REASONS, KILL_BUTTON_TIP, \
    MUTE_LABEL, MUTE_TIP, NO_ANSWER_TIP, NO_MAGICK_TIP, NO_PECK_TIP, PASS_BUTTON_TIP, SKIP_STATUS, SUIT_NAMES, \
    SUIT_SHORT_NAMES, answer_tip, answered_words, attack_all_tip, attack_tip, magick_tip, magick_title, order_tip, \
    peck_tip, plate_tip, played_line, prompt_tip, summary_status, table_words, window_title


SUMMARY_SECONDS = 6.0
"""How long a table of AIs shows a hand's summary before dealing on; a human dismisses it."""
SUMMARY_GRACE = 0.3
"""Seconds the summary ignores a dismissing press (one meant for the move that ended the hand)."""
FLY = 0.38
"""Seconds a card takes to fly across the table."""
KILL_SECONDS = 0.45
"""Seconds the red cuts take to cross the cards the Ravens killed, once a suit's cards are down."""
ASK_AGAIN_KEY = pygame.K_m
"""The key that turns "Don't ask again this hand" off (the button "Ask again" over the Magick cards)."""
KEYS_PREV = (pygame.K_LEFT, pygame.K_UP)
KEYS_NEXT = (pygame.K_RIGHT, pygame.K_DOWN)
KEYS_OK = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
Focusable = tuple[str, int | Button]
"""A stop of the arrow keys: ("card", hand index) or ("button", a prompt button)."""
MAGICK_DECISIONS = ("magick", "respond")
"""The decisions of a Magick window: play a card in it, or answer one."""


# ----- the hand's end -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HandOver:
    """What the hand-end overlay (``game.ui.hand_end``) holds for a hand that ended: its summary, and the next
    hand's steps, animated (their log lines written) once the summary is dismissed."""

    summary: HandSummary
    next_hand: list[Step]


def hand_end_cut(events: Sequence[Event]) -> int | None:
    """Where a batch of events that ends a hand (or the game) cuts: at the next hand's first event, else at its
    end; None when no hand ended."""
    ends = [i for i, e in enumerate(events) if isinstance(e, (ev.HandEnded, ev.GameOver))]
    if not ends:
        return None
    return next((i for i in range(ends[0], len(events)) if isinstance(events[i], ev.HandStarted)), len(events))


def played_events(record: GameRecord, upto: int) -> list[Event]:
    """Every event of the first ``upto`` moves of a recorded game (a resumed hand's events, found again)."""
    state = record.new_state()
    events = list(state.opening_events)
    for step in record.replay_steps(state, upto):
        events += step.events
    return events


def since_hand_start(events: Sequence[Event]) -> list[Event]:
    """The events from the last ``HandStarted`` on (all of them if none)."""
    starts = [i for i, e in enumerate(events) if isinstance(e, ev.HandStarted)]
    return list(events[starts[-1]:] if starts else events)


CAPTION_HOLDS: dict[type[Event], float] = {
    ev.AttackChosen: 0.35, ev.PeckChosen: 0.35, ev.DamagePrevented: 0.5, ev.SpareFromRaven: 0.5,
    ev.MagickCancelled: 0.6, ev.MagickFizzled: 0.6, ev.Warded: 0.4, ev.Shrouded: 0.4, ev.TokensSeen: 0.4,
    ev.TokensReordered: 0.4, ev.SkulkingRavens: 0.4}
"""Seconds the table holds an event told by its caption alone."""


def caption_hold(e: Event) -> float:
    """How long the table holds ``e``'s caption (0: the event shows nothing); longer when cards are named."""
    if isinstance(e, ev.KillsChosen):
        return 0.5 if e.cards else 0.3
    if isinstance(e, ev.HandSeen):
        return 1.0 if e.cards is not None else 0.4
    if isinstance(e, ev.SkulkingRavens) and not e.leaders:
        return 0.0
    return CAPTION_HOLDS.get(type(e), 0.0)


class NevermoreTable(TableScene):
    """Nevermore for 3-6 players at one screen."""

    log_width = 260
    state: NevermoreState
    """The table's game (the registry builds Nevermore states for it)."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        self.geo: Geometry | None = None
        """Where everything sits; None until the first ``build``."""
        self.shown: Shown | None = None
        """What the table shows now (animations change it step by step); None until the first ``build``."""
        self.sprites: list[Sprite] = []
        self.hand_cards: list[Card] = []
        self.magick_cards: list[Card] = []
        self.open_cards: list[Card] = []
        """The other seats' hidden cards, face up by their plates: only in the replay of an ended game."""
        self.fx: list[Sprite] = []
        """Sprites in flight, dropped at the next ``build``."""
        self.selection: set[int] = set()
        """Indexes of the hand cards chosen for a pass or a kill."""
        self.cursor = 0
        self.focus_kind = "card"
        """"card" or "button": what the arrow keys move over while cards are being chosen."""
        self.magick_pick: str | None = None
        """The Magick card whose ways of playing the prompt lists, if any."""
        self.order_prefix: list[str] = []
        """The token order chosen so far for a card that reorders them."""
        self.mouse = (-1, -1)
        self.caption_text = ""
        self.banner_text, self.banner_kind, self.banner_alpha = "", "gold", 0.0
        self.popup: tuple[str, str] | None = None
        """(Magick card id, line) of the card popped up, if any."""
        self.popup_alpha = 0.0
        self.board_landed: list[int] | None = None
        """Each seat's cards come down on the suit board so far while they fly there (None: all are down)."""
        self.flipping = -1
        """The token turning over (-1: none)."""
        self.flip = 0.0
        """How far it has turned (0 to 1)."""
        self.flip_from: str | None = None
        """What it showed before turning (None: face down)."""
        self.kill_cut = 1.0
        """How far the cuts across the killed cards on the suit board are drawn (0 to 1): the kill's cue."""
        self.target_seats: set[int] = set()
        self.hand_events: list[Event] = []
        """The events of the hand in progress so far, as this screen saw them (the hand summary counts them)."""
        self.events_at = -1
        """Moves recorded when ``hand_events`` was last brought up to date (-1: never)."""
        self.hand_end: HandEndHold[HandOver, Shown] = HandEndHold()
        """The summary of a hand that ended, held on screen until dismissed."""
        self.magick_muted: dict[int, tuple[int, int]] = {}
        """Human seats that asked not to be asked about Magick again this hand: seat -> (that hand's number, moves
        recorded when they asked). The table passes their Magick windows for them (``auto_pass``)."""
        self.taken_back_to = -1
        """Moves recorded when moves were last taken back (-1: never): the decision undo went back to is shown, even
        one the table would otherwise pass by itself."""
        self.moves_made = 0
        """Moves recorded as of the last move made or build: fewer at a build means moves were taken back."""
        self._built_for: tuple[int, int | None] | None = None
        """(actions played, viewer) at the last ``build``: a new one clears the choices in progress."""
        self.layer = StaticLayer()
        """The table under the sprites and what it explains, drawn again only when what it shows changes."""
        super().__init__(app, setup, record)

    # --- building -----------------------------------------------------------------------------------------
    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def build(self) -> None:
        self.hand_end.taken_back(len(self.record.actions))
        held = self.hand_end.up.table if self.hand_end.up is not None else None
        self.shown = copy.deepcopy(held) if held is not None else shown_from(self.observation())
        if held is None and self.show_all_hands:
            opened(self.shown, self.state, self.me())
        self.geo = Geometry(self.layout, self.table_rect(), self.state.num_players, self.me())
        self.board_landed = None
        self.flipping, self.flip = -1, 0.0
        self.popup, self.popup_alpha = None, 0.0
        self.clear_banner()
        self.fx = []
        key = (len(self.record.actions), self.viewer)
        if key[0] < self.moves_made:  # moves were taken back
            self.taken_back_to = key[0]
            self.magick_muted = {seat: mute for seat, mute in self.magick_muted.items() if mute[1] < key[0]}
        self.moves_made = key[0]
        if key != self._built_for:
            self.selection.clear()
            self.magick_pick, self.order_prefix = None, []
            self.focus_kind, self.cursor = "card", 0
        self._built_for = key
        self.make_hand()
        self.refresh_targets()

    def make_hand(self) -> None:
        geo, s = self.built()
        cards = self.state.cards
        if s.hand is not None:
            self.hand_cards = [hand_card(cards, code, geo.hand_size, pos, z=100 + i)
                               for i, (code, pos) in enumerate(zip(s.hand, geo.hand_positions(len(s.hand))))]
            for i, card in enumerate(self.hand_cards):
                card.index = i
            mark_held(self.hand_cards, s.kills, s.my_pass or ())
        else:
            self.hand_cards = [hand_card(cards, None, geo.hand_size, pos, z=100 + i)
                               for i, pos in enumerate(geo.hand_positions(s.hand_sizes[geo.me]))]
        self.magick_cards = [magick_card(cards, code, geo.magick_size, pos, z=60 + i)
                             for i, (code, pos) in enumerate(zip(s.magick, geo.magick_positions(len(s.magick))))]
        self.open_cards = self.make_open_cards()
        self.sprites = [*self.hand_cards, *self.magick_cards, *self.open_cards]
        self.layout_hand()

    def make_open_cards(self) -> list[Card]:
        """The other seats' hands then Magick, face up by their plates (only when ``Shown.secrets`` holds them:
        the replay of an ended game); a card set aside to pass rises, a killed one is crossed out when drawn."""
        geo, s = self.built()
        cards, lift = self.state.cards, self.layout.px(OPEN_LIFT)
        out: list[Card] = []
        for seat, secrets in sorted(s.secrets.items()):
            places = geo.open_positions(seat, len(secrets.hand), len(secrets.magick))
            held = [hand_card(cards, code, geo.open_size, pos, z=40 + i)
                    for i, (code, pos) in enumerate(zip(secrets.hand, places))]
            mark_held(held, secrets.kills, secrets.passing)
            magick = [magick_card(cards, code, geo.open_size, pos, z=40 + len(held) + i)
                      for i, (code, pos) in enumerate(zip(secrets.magick, places[len(held):]))]
            for card in held + magick:
                card.owner = seat
                if card.passing:
                    card.pos = (card.pos[0], card.pos[1] - lift)
            out += held + magick
        return out

    def layout_hand(self) -> None:
        """Selected cards (and cards set aside to pass) lifted; the legal Magick cards ringed."""
        lift = self.built()[0].hand_lift
        deciding = self.decision()
        for card in self.hand_cards:
            card.selected = card.index in self.selection
            up = card.selected or card.passing
            card.pos = (card.home[0], card.home[1] - (lift if up else 0))
            card.alpha = 255.0 if not (deciding in ("pass", "kill") and card.index >= 0
                                       and not self.selectable(card.index)) else 120.0
        playable = {a.card for a in self.state.legal_actions() if isinstance(a, PlayMagick)} \
            if deciding in MAGICK_DECISIONS else set()
        for card in self.magick_cards:
            card.highlight = card.code in playable

    def refresh_targets(self) -> None:
        self.target_seats = {a.target for a in self.state.legal_actions() if isinstance(a, AttackPlayer)} \
            if self.decision() == "attack" else set()

    def on_opening(self, events: list[Event]) -> None:
        """The first deal, from the set-up's events: it happens before anyone watches, so each step carries
        the view after it all (its deal reads the deck counts its events carry)."""
        self.follow_hand(events)
        if not events or self.geo is None:
            return
        _, shown = self.built()
        shown.hand_sizes = [0] * self.state.num_players
        for card in self.hand_cards:
            card.visible = False
        self.hand_cards = []
        view = self.observation()
        steps = [Later(partial(self.animate, Step(e, view))) for e in events]
        self.tweens.add(sequence(*steps, Call(self.build)))

    # --- the frame ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        up = self.hand_end.shown(self.tweens.busy)
        if up is not None and dismisses(event):
            if up.shown_for >= SUMMARY_GRACE:  # not a press meant for the hand's last move
                self.press_used()  # closing the summary must not also make the next hand's first move
                self.dismiss_hand_end()
            return
        if self.asks_again(event):
            self.magick_muted.pop(self.me(), None)
            self.app.redraw()
            return
        super().handle(event)

    def asks_again(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` turns "Don't ask again this hand" off: a click on "Ask again", or its key."""
        if event.type == pygame.KEYDOWN:
            pressed = event.key == ASK_AGAIN_KEY and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
            return pressed and self.ask_again_rect() is not None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False  # measured only for a click: not on every motion of the mouse
        place = self.ask_again_rect()
        return place is not None and place.collidepoint(event.pos)

    def holding(self) -> bool:
        return self.hand_end.up is not None

    def submit(self, action: Action) -> list[Event]:
        """The move made, counted: a later build that finds fewer moves knows they were taken back."""
        events = super().submit(action)
        self.moves_made = len(self.record.actions)
        return events

    def update(self, dt: float) -> None:
        """The table's frame, then every Magick window it passes for a human (``auto_pass``), so that no frame
        shows one, even one an AI's move just opened."""
        super().update(dt)
        while self.geo is not None and not self.tweens.busy and self.auto_pass():
            pass

    def update_table(self, dt: float) -> None:
        if self.hand_end.waited(dt, self.tweens.busy, SUMMARY_SECONDS, self.tweens.speed) and not self.humans:
            self.dismiss_hand_end()  # a table of AIs carries on by itself, at animation speed
        if self.geo is None or self.tweens.busy:
            return
        ready = (len(self.record.actions), self.seat_to_play)
        if ready != getattr(self, "_ready", None):
            self._ready = ready
            self.layout_hand()
            self.refresh_targets()

    def status_text(self) -> str:
        up = self.hand_end.shown(self.tweens.busy)
        if up is not None:
            return summary_status(up.content.summary.winners is not None)
        kind = self.decision()
        if kind in ("pass", "kill"):
            return CHOOSE_CARDS_STATUS
        if kind is not None:
            return CHOOSE_STATUS
        if self.tweens.busy:
            return SKIP_STATUS
        return super().status_text()

    def badge_tip(self, seat: int) -> str:
        """The name plate: who plays the seat, its Health (or Raven form), VP and what it holds."""
        _, s = self.built()
        you = " (you)" if seat == self.viewer and len(self.humans) == 1 else ""
        who = "a human player" if seat in self.humans else f"the computer ({self.setup.seats[seat]} level)"
        return plate_tip(self.names[seat] + you, who, s.health[seat], s.vp[seat], s.raven[seat], s.hand_sizes[seat],
                         s.magick_counts[seat], self.setup.params)

    def result_rows(self) -> list[str]:
        state = self.state
        who = " and ".join(self.names[s] for s in state.winners()) or "Nobody"
        rows = [f"{who} {END_REASONS.get(state.end_reason, state.end_reason)} after {state.hand_no} hand"
                f"{'s' if state.hand_no != 1 else ''}."]
        for seat in range(state.num_players):
            form = "a Raven" if state.raven[seat] else f"human, Health {state.health[seat]}/{state.config.max_health}"
            rows.append(f"{self.names[seat]}: {state.vp[seat]} VP, {form}")
        return rows

    # --- the viewer's game and decision -----------------------------------------------------------------
    def observation(self) -> NevermoreObservation:
        """The viewer's observation as Nevermore's own type."""
        observation = super().observation()
        assert isinstance(observation, NevermoreObservation)
        return observation

    def built(self) -> tuple[Geometry, Shown]:
        """``geo`` and ``shown`` of the last ``build`` (drawing, animating and input all come after one)."""
        geo, shown = self.geo, self.shown
        assert geo is not None and shown is not None
        return geo, shown

    # --- the pending decision and the focus --------------------------------------------------------------
    def decision(self) -> str | None:
        """The kind of the pending decision when the viewer is to act (else None)."""
        if self.seat_to_play is None or self.state.decision is None:
            return None
        return self.state.decision.KIND

    def muted(self, seat: int) -> bool:
        """Whether the table passes ``seat``'s Magick windows for it this hand ("Don't ask again this hand")."""
        mute = self.magick_muted.get(seat)
        return mute is not None and mute[0] == self.state.hand_no

    def selecting(self) -> bool:
        return self.decision() in ("pass", "kill")

    def focus_on(self) -> str:
        """"card" or "button": what the cursor is on (only buttons outside a card selection)."""
        return self.focus_kind if self.selecting() else "button"

    # --- what the human may do -----------------------------------------------------------------------------
    def need(self) -> int:
        legal = self.state.legal_actions()
        return len(legal[0].cards) if legal and isinstance(legal[0], (PassCards, KillCards)) else 0

    def selected_action(self) -> PassCards | KillCards | None:
        """The legal pass/kill matching the selected cards, or None."""
        _, shown = self.built()
        hand = shown.hand or []
        chosen = sort_cards(hand[i] for i in self.selection if i < len(hand))
        return next((a for a in self.state.legal_actions()
                     if isinstance(a, (PassCards, KillCards)) and tuple(a.cards) == chosen), None)

    def selectable(self, index: int) -> bool:
        hand = self.built()[1].hand or []
        return index < len(hand) and any(hand[index] in a.cards for a in self.state.legal_actions()
                                         if isinstance(a, (PassCards, KillCards)))

    def prompt_title(self) -> str:
        kind = self.decision()
        decision = self.state.decision
        me = self.seat_to_play
        if kind is None or decision is None or me is None:
            return ""
        if isinstance(decision, PassDecision):
            n = PASSES[decision.round]
            side = "left" if self.state.direction > 0 else "right"
            to = self.names[(me + self.state.direction) % self.state.num_players]
            return (f"Draft round {decision.round + 1} of 3: choose {n} card{'s' if n > 1 else ''} to pass {side} "
                    f"to {to} ({len(self.selection)}/{n} chosen)")
        if kind == "kill":
            n = self.need()
            return f"Your Ravens kill {n} of your cards this hand: choose which ({len(self.selection)}/{n})"
        if isinstance(decision, AttackDecision):
            return f"You lead Attack with power {decision.power}: choose whom to strike (or click a player)"
        if isinstance(decision, PeckDecision):
            who = ", ".join(self.names[t] for t in decision.targets)
            return f"Your Raven leads {SUIT_NAMES[decision.suit]}: peck {who} for 1 damage each?"
        if isinstance(decision, (MagickDecision, RespondDecision)):
            if self.magick_pick:
                title = magick_title(self.magick_pick, self.state.cards)
                if self.order_prefix:
                    return f"{title}: choose how to play it (order so far: " + \
                        " > ".join(SUIT_NAMES[x] for x in self.order_prefix) + ")"
                if any("," in a.choice for a in self.state.legal_actions()
                       if isinstance(a, PlayMagick) and a.card == self.magick_pick):
                    return f"{title}: which token resolves first?"
                return f"{title}: choose how to play it"
            answered = self.answered()
            if answered is not None:
                _, seat, card_id, target = answered[:4]
                on = "" if target < 0 else " on you" if target == me else f" on {self.names[target]}"
                return f"{self.names[seat]} plays {magick_title(card_id, self.state.cards)}{on}: answer it?"
            if decision.window == "respond_damage" and self.state.incoming:
                hit = self.state.incoming[-1]
                src = f" from {self.names[hit.source]}" if hit.source >= 0 else ""
                who = "You are" if hit.target == me else f"{self.names[hit.target]} is"
                return f"{who} about to take {hit.amount} damage{src}: respond?"
            return window_title(decision.window)
        return ""

    def answered(self) -> tuple | None:
        """The Magick card the viewer is asked to answer (its stack entry as the viewer sees it: uid, seat,
        card, target, choice, Raven text, what it answers), or None."""
        decision = self.state.decision
        if self.seat_to_play is None or not isinstance(decision, RespondDecision) or \
                decision.window != "respond_magick":
            return None
        return next((entry for entry in self.observation().stack if entry[0] == decision.answers), None)

    def prompt_note(self) -> str:
        """The line under the prompt's title: the title and full text of the Magick card to answer."""
        answered = self.answered()
        if answered is None:
            return ""
        card = self.state.cards.get(answered[2])
        title = magick_title(answered[2], self.state.cards)
        return answered_words(title, card.text if card is not None else "", answered[5])

    def prompt_panel_tip(self) -> str:
        """The tooltip of the prompt panel: what the decision is (the card to answer in full)."""
        answered = self.answered()
        if answered is None:
            return prompt_tip(self.decision() or "")
        card = self.state.cards.get(answered[2])
        return answer_tip(self.names[answered[1]], magick_title(answered[2], self.state.cards),
                          card.text if card is not None else "", answered[5])

    def button_tip(self, button: Button) -> str:
        """What pressing a prompt button does."""
        action, kind, decision = button.action, self.decision(), self.state.decision
        if kind in ("pass", "kill") and not isinstance(action, tuple):
            return PASS_BUTTON_TIP if kind == "pass" else KILL_BUTTON_TIP
        if isinstance(action, AttackPlayer) and isinstance(decision, AttackDecision):
            return attack_tip(self.names[action.target], decision.power, self.state.config.transform_vp)
        if isinstance(action, AttackAll):
            return attack_all_tip(self.state.config.attack_all_vp)
        if isinstance(action, Peck):
            targets = [self.names[t] for t in decision.targets] if isinstance(decision, PeckDecision) else []
            return peck_tip(targets) if action.yes else NO_PECK_TIP
        if isinstance(action, NoMagick):
            return NO_ANSWER_TIP if kind == "respond" else NO_MAGICK_TIP
        if isinstance(action, PlayMagick) or (isinstance(action, tuple) and action[0] == "pick"):
            return magick_tip(button.preview or "", self.state.cards)
        if isinstance(action, tuple) and action[0] == "order":
            return order_tip(len(self.order_prefix), action[1])
        if isinstance(action, tuple) and action[0] in ("back", "mute"):
            return BACK_TIP if action[0] == "back" else MUTE_TIP
        return CLEAR_TIP

    def option_label(self, action: PlayMagick) -> str:
        """How a Magick card is played: its target, the suit it names or its token order ("" for none)."""
        parts = []
        if action.target >= 0:
            parts.append(f"on {self.names[action.target]}")
        if action.choice:
            if "," in action.choice:
                parts.append(" > ".join(SUIT_SHORT_NAMES.get(x, x) for x in action.choice.split(",")))
            else:
                parts.append(f"as {SUIT_NAMES.get(action.choice, action.choice)}")
        return " ".join(parts)

    def prompt_buttons(self) -> list[Button]:
        kind = self.decision()
        legal = self.state.legal_actions()
        if kind in ("pass", "kill"):
            action = self.selected_action()
            word = "Pass" if kind == "pass" else "Kill"
            out = [Button(f"{word} these", action, action is not None)]
            if self.selection:
                out.append(Button("Clear", ("clear",)))
            return out
        if kind == "attack":
            decision = self.state.decision
            assert isinstance(decision, AttackDecision)  # the viewer has an attack to choose
            out = []
            for attack in legal:
                if isinstance(attack, AttackPlayer):
                    out.append(Button(f"Attack {self.names[attack.target]} ({decision.power})", attack))
                elif isinstance(attack, AttackAll):
                    out.append(Button(f"1 damage to every other human (+{self.state.config.attack_all_vp} VP)", attack))
            return out
        if kind == "peck":
            return [Button("Peck", Peck(True)), Button("Don't peck", Peck(False))]
        if kind in MAGICK_DECISIONS:
            plays = [a for a in legal if isinstance(a, PlayMagick)]
            if self.magick_pick:
                options = [a for a in plays if a.card == self.magick_pick]
                if options and any("," in a.choice for a in options):
                    return self.order_buttons(options)
                if options:
                    buttons = [Button(self.option_label(a) or "Play it", a, preview=a.card) for a in options]
                    return buttons + [Button("Back", ("back",))]
                self.magick_pick = None
            out = []
            for card_id in dict.fromkeys(a.card for a in plays):
                options = [a for a in plays if a.card == card_id]
                name = magick_title(card_id, self.state.cards)
                if len(options) == 1:
                    label = f"Play {name}" + (f" {way}" if (way := self.option_label(options[0])) else "")
                    out.append(Button(label, options[0], preview=card_id))
                else:
                    out.append(Button(f"Play {name}, then choose", ("pick", card_id), preview=card_id))
            out += [Button("No magick", a) for a in legal if isinstance(a, NoMagick)]
            return out + [Button(MUTE_LABEL, ("mute",))]
        return []

    def order_buttons(self, options: list[PlayMagick]) -> list[Button]:
        """A token order chosen one position at a time (not every permutation at once)."""
        prefix = self.order_prefix
        matching = [a for a in options if a.choice.split(",")[:len(prefix)] == prefix]
        if not matching:
            self.order_prefix = prefix = []
            matching = options
        back = [Button("Back", ("back",))]
        if len(matching) == 1:
            return [Button(f"Play: {self.option_label(matching[0])}", matching[0], preview=matching[0].card)] + back
        place = ("First", "Second", "Third", "Fourth", "Fifth")[min(4, len(prefix))]
        nexts = dict.fromkeys(a.choice.split(",")[len(prefix)] for a in matching)
        return [Button(f"{place}: {SUIT_NAMES.get(x, x)}", ("order", x), preview=matching[0].card)
                for x in nexts] + back

    # --- the prompt's place -------------------------------------------------------------------------------
    def prompt_layout(self) -> tuple[pygame.Rect | None, list[Button]]:
        """The prompt panel and its buttons with their rects (``place_prompt``)."""
        if self.decision() is None or self.geo is None:
            return None, []
        buttons = self.prompt_buttons()
        hinted = self.hinted()

        def tagged(row: list[Button]) -> bool:
            return hinted is not None and any(self.button_plays(b, hinted) for b in row)
        rect = place_prompt(self.layout, self.table_rect(), self.geo.prompt_bottom, buttons, tagged,
                            self.prompt_title(), self.prompt_note(), bool(self.caption_text))
        return rect, buttons

    def focusables(self) -> list[Focusable]:
        """What the arrow keys step through: hand cards when selecting, then the buttons."""
        out: list[Focusable] = []
        if self.selecting():
            _, shown = self.built()
            out += [("card", i) for i in range(len(shown.hand or [])) if self.selectable(i)]
        _, buttons = self.prompt_layout()
        out += [("button", b) for b in buttons if b.enabled]
        return out

    def focused_button(self, buttons: list[Button]) -> Button | None:
        """The one of the prompt's ``buttons`` the keyboard is on, if any."""
        live = [b for b in buttons if b.enabled]
        return live[self.cursor] if self.focus_on() == "button" and 0 <= self.cursor < len(live) else None

    def draw_prompt(self, surface: pygame.Surface, paint: Painter, rect: pygame.Rect | None,
                    buttons: list[Button]) -> None:
        """The prompt as ``prompt_layout`` placed it for this frame."""
        if rect is None:
            return
        paint.prompt(surface, rect, buttons, self.caption_text, self.prompt_title(), self.prompt_note(),
                     self.focused_button(buttons), self.prompt_panel_tip(), [self.button_tip(b) for b in buttons])
        self.keep_clear_of_tips(rect)

    # --- input ----------------------------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.decision() is None:
            return
        items = self.focusables()
        if event.type == pygame.MOUSEMOTION:
            hit = self.item_at(event.pos, items)
            if hit is not None:
                self.set_focus(items, hit)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.item_at(event.pos, items)
            if hit is not None:
                self.set_focus(items, hit)
                self.activate(hit)
                return
            seat = self.plate_at(event.pos)
            if seat is not None and self.decision() == "attack":
                self.choose(AttackPlayer(seat))
        elif event.type == pygame.KEYDOWN and items:
            index = self.item_index(items)
            if event.key in KEYS_PREV + KEYS_NEXT:
                step = -1 if event.key in KEYS_PREV else 1
                self.set_focus(items, items[(index + step) % len(items)])
            elif event.key in KEYS_OK:
                self.activate(items[index])

    def item_index(self, items: list[Focusable]) -> int:
        on = self.focus_on()
        for i, (kind, obj) in enumerate(items):
            if kind == on == "card" and obj == self.cursor:
                return i
        live = [obj for kind, obj in items if kind == "button"]
        if on == "button" and 0 <= self.cursor < len(live):
            return len(items) - len(live) + self.cursor
        return 0

    def set_focus(self, items: list[Focusable], item: Focusable) -> None:
        kind, obj = item
        self.focus_kind = kind
        if isinstance(obj, int):  # a card
            self.cursor = obj
        else:
            live = [o for k, o in items if k == "button"]
            self.cursor = live.index(obj) if obj in live else 0

    def item_at(self, pos: tuple[int, int], items: list[Focusable]) -> Focusable | None:
        for kind, obj in items:
            if isinstance(obj, Button) and obj.rect is not None and obj.rect.collidepoint(pos):
                return (kind, obj)
        top = max((c for c in self.hand_cards if c.visible and c.contains(pos)), key=lambda c: c.z, default=None)
        if top is not None and ("card", top.index) in items:
            return ("card", top.index)
        if self.decision() in MAGICK_DECISIONS and not self.magick_pick:
            for card in self.magick_cards:
                if card.contains(pos):
                    for kind, obj in items:
                        if isinstance(obj, Button) and obj.preview == card.code:
                            return (kind, obj)
        return None

    def plate_at(self, pos: tuple[int, int]) -> int | None:
        return next((seat for seat, rect in self.built()[0].plates.items() if rect.collidepoint(pos)), None)

    def activate(self, item: Focusable) -> None:
        _, obj = item
        if isinstance(obj, int):  # a card
            if obj in self.selection:
                self.selection.discard(obj)
            elif len(self.selection) < self.need():
                self.selection.add(obj)
            self.layout_hand()
            return
        action = obj.action
        if isinstance(action, tuple):
            if action[0] == "pick":
                self.magick_pick, self.focus_kind, self.cursor = action[1], "button", 0
                self.order_prefix = []
            elif action[0] == "order":
                self.order_prefix = self.order_prefix + [action[1]]
                self.cursor = 0
            elif action[0] == "back":
                if self.order_prefix:
                    self.order_prefix = self.order_prefix[:-1]
                else:
                    self.magick_pick = None
                self.focus_kind, self.cursor = "button", 0
            elif action[0] == "clear":
                self.selection.clear()
                self.layout_hand()
            elif action[0] == "mute" and self.seat_to_play is not None:
                self.magick_muted[self.seat_to_play] = (self.state.hand_no, len(self.record.actions))
                self.choose(NoMagick())
            return
        if obj.enabled and action is not None:
            self.choose(action)

    def auto_pass(self) -> bool:
        """Pass a human's Magick window for them, as they could themselves: when no card of theirs can be played
        in it, or when they asked not to be asked again this hand. A table convenience like playing a forced
        move; the rules and the AIs are untouched, and the decision a take-back went back to is always shown.
        Whether it passed."""
        state = self.state
        if self.session.script is not None or not isinstance(state.decision, (MagickDecision, RespondDecision)) or \
                self.awaiting_handoff or self.holding() or len(self.record.actions) == self.taken_back_to:
            return False
        seat = state.current_player()
        legal = state.legal_actions()
        if seat not in self.humans or not (self.muted(seat) or not any(isinstance(a, PlayMagick) for a in legal)):
            return False
        self.submit(NoMagick())
        return True

    def choose(self, action: Action) -> None:
        if action in self.state.legal_actions():
            self.selection.clear()
            self.magick_pick, self.order_prefix = None, []
            self.focus_kind, self.cursor = "card", 0
            self.submit(action)

    def hover_magick(self) -> str | None:
        """The Magick card whose text to show: under the mouse in the viewer's Magick hand, else the card the
        viewer is asked to answer, else the focused card button of a Magick prompt."""
        if self.tweens.busy:
            return None
        for card in self.magick_cards:
            if card.visible and card.contains(self.mouse):
                return card.code
        answered = self.answered()
        if answered is not None:
            return answered[2]
        button = self.focused_button(self.prompt_layout()[1]) if self.decision() in MAGICK_DECISIONS else None
        return button.preview if button is not None else None

    def focus_rect(self) -> pygame.Rect | None:
        """The focused hand card or prompt button (its tooltip shows when the keyboard's focus rests)."""
        if self.decision() is None or self.geo is None:
            return None
        if self.focus_on() == "card":
            return next((c.rect for c in self.hand_cards if c.index == self.cursor and c.visible), None)
        button = self.focused_button(self.prompt_layout()[1])
        return pygame.Rect(button.rect) if button is not None and button.rect is not None else None

    def hint_rects(self, action: Action, buttons: list[Button]) -> list[pygame.Rect]:
        """Where the things that play ``action`` are (cards, Magick card, prompt button, the attacked plate)."""
        rects: list[pygame.Rect] = []
        if isinstance(action, (PassCards, KillCards)):
            wanted = list(action.cards)
            for card in self.hand_cards:
                if card.visible and card.code in wanted:
                    wanted.remove(card.code)
                    rects.append(card.rect)
        if isinstance(action, PlayMagick):
            rects += [c.rect for c in self.magick_cards if c.visible and c.code == action.card][:1]
        if isinstance(action, AttackPlayer) and self.geo is not None:
            rects.append(self.geo.plates[action.target])
        for b in buttons:
            if b.rect is not None and self.button_plays(b, action):
                rects.append(b.rect)
        return rects

    def button_plays(self, button: Button, action: Action) -> bool:
        """Whether pressing ``button`` plays ``action`` or is the next step towards it."""
        if button.action == action:
            return True
        if isinstance(action, PlayMagick) and isinstance(button.action, tuple):
            if button.action == ("pick", action.card):
                return True
            prefix = self.order_prefix
            order = action.choice.split(",")
            return (button.action[0] == "order" and self.magick_pick == action.card and len(order) > len(prefix)
                    and order[:len(prefix)] == prefix and button.action[1] == order[len(prefix)])
        return False

    def on_steps(self, steps: list[Step]) -> None:
        """A move's steps, each animated from its event and the view just after it."""
        events = [step.event for step in steps]
        before = self.follow_hand(events)
        if self.geo is None or self.shown is None:
            self.build()
            return
        animations: list[Animation] = []
        if self.hand_end.up is not None:  # the game moved on past the summary (instant play): the next hand first
            animations += self.release_hand_end(pending=len(steps))
        cut = hand_end_cut(events)
        animations += [self.event_step(step) for step in (steps if cut is None else steps[:cut])]
        if cut is None:
            animations.append(Call(self.build))
        else:  # the hand is over: its summary holds the next hand's steps (and log lines) until dismissed
            _, shown = self.built()
            summary = summarise(since_hand_start(before + events[:cut]), self.state.num_players, shown.hand_no)
            rest = steps[cut:]
            self.hand_end.hold(HandOver(summary, rest), len(self.record.actions), self.unlogged, len(rest))
            animations.append(Call(self.keep_table))
        self.tweens.add(sequence(*animations))

    def event_step(self, step: Step) -> Animation:
        """One step's animation, its event's log line written as it starts."""
        return sequence(Call(self.log_next), Later(partial(self.animate, step)))

    # --- the hand's end -----------------------------------------------------------------------------------
    def follow_hand(self, events: list[Event]) -> list[Event]:
        """Add ``events`` to those of the hand in progress; return the hand's events before them. A resumed
        game, or moves taken back, find the hand's events again from the record."""
        done = len(self.record.actions)
        if self.events_at != done - 1:
            self.hand_events = since_hand_start([e.seen_by(self.viewer)
                                                 for e in played_events(self.record, max(0, done - 1))])
        before = self.hand_events
        self.hand_events = since_hand_start(before + events)
        self.events_at = done
        return before

    def keep_table(self) -> None:
        """The hand's last animation has played: the summary lies over the table as it is now."""
        if self.hand_end.up is not None:
            self.hand_end.up.table = copy.deepcopy(self.shown)

    def release_hand_end(self, pending: int = 0) -> list[Animation]:
        """Close the summary: its log lines go back on the queue (before the ``pending`` newest) and the
        next hand's events are to be animated (the steps returned)."""
        up = self.hand_end.close(self.unlogged, pending)
        return [] if up is None else [self.event_step(step) for step in up.content.next_hand]

    def dismiss_hand_end(self) -> None:
        """A player has read the summary (or the AIs' table waited long enough): the next hand is dealt."""
        self.tweens.add(sequence(*self.release_hand_end(), Call(self.build)))

    # --- helpers ------------------------------------------------------------------------------------------
    def say(self, text: str) -> Call:
        return Call(partial(setattr, self, "caption_text", text))

    def fly(self, sprite: Sprite, target: tuple[float, float], duration: float = FLY, *, fade: bool = True,
            scale: float | None = None, on_land: Callable[[], None] | None = None) -> Animation:
        """Move a temporary sprite to ``target`` (fading at the end), then drop it."""
        self.fx.append(sprite)
        self.sprites.append(sprite)

        def land() -> None:
            sprite.visible = False
            if on_land is not None:
                on_land()

        parts: list[Animation] = [sprite.move_to(target, duration, "in_out_cubic", scale=scale)]
        if fade:
            parts.append(sequence(Delay(duration * 0.7), Tween(sprite, "alpha", 60.0, duration * 0.3)))
        return sequence(parallel(*parts), Call(land))

    def cubes(self, kind: str, source: tuple[float, float], seat: int, end: int, change: int) -> Animation:
        """Cubes fly from ``source`` to ``seat``'s plate one by one, each moving its VP (``kind`` "vp") or Health
        one step from ``end - change`` towards ``end``, the step's view, as it lands."""
        geo, s = self.built()
        target, values = geo.cube_point(seat, kind == "vp"), s.vp if kind == "vp" else s.health
        side = self.layout.px(18)
        sign = 1 if change > 0 else -1
        now = [end - change]

        def land() -> None:
            now[0] += sign
            values[seat] = min(end, now[0]) if sign > 0 else max(end, now[0])
        return stagger([self.fly(Cube(kind, side, source), target, 0.45, fade=False, on_land=land)
                        for _ in range(max(1, abs(change)))], gap=0.12)

    def seat_cue(self, kind: str, seat: int, colour: Colour | None = None) -> Animation:
        """A flourish over a seat's plate, played before the banner that would cover the plate: a Raven's return
        scatters feathers ("raven"); a player turned into a Raven has a violet ring close in on it ("capture")."""
        geo, _ = self.built()
        plate = geo.plates[seat]
        return self.flourish(kind, plate.center, round(plate.w * 0.6), colour=colour)

    def banner(self, text: str, kind: str = "gold", hold: float = 1.3) -> Animation:
        def show() -> None:
            self.banner_text, self.banner_kind, self.banner_alpha = text, kind, 0.0

        return sequence(Call(show), Tween(self, "banner_alpha", 255.0, 0.25, "out_quad"), Delay(hold),
                        Tween(self, "banner_alpha", 0.0, 0.3, "in_quad"), Call(self.clear_banner))

    def clear_banner(self) -> None:
        self.banner_text, self.banner_alpha = "", 0.0

    def popup_card(self, card_id: str, line: str, hold: float = 1.6) -> Animation:
        def show() -> None:
            self.popup, self.popup_alpha = (card_id, line), 0.0

        def clear() -> None:
            self.popup, self.popup_alpha = None, 0.0

        return sequence(Call(show), self.sound_cue("play"),
                        Tween(self, "popup_alpha", 255.0, 0.2, "out_quad"), Delay(hold),
                        Tween(self, "popup_alpha", 0.0, 0.25, "in_quad"), Call(clear))

    # --- one step -----------------------------------------------------------------------------------------
    def animate(self, step: Step) -> Animation | None:  # noqa: C901
        """One step's animation: what it shows comes from the step's view (the viewer's, just after the event),
        its words from ``table_words``; cards and cubes fly as the event tells. It is made when it is reached
        (``Later``), so what shows at once is set here."""
        geo, s = self.built()
        e, o = step.event, step.view
        assert isinstance(o, NevermoreObservation)
        text = table_words(e, self.names, self.state.cards, self.viewer, o.direction)
        said = self.say(text)
        if isinstance(e, ev.HandStarted):
            s.hand_no, s.dealer, s.direction = o.hand_no, o.dealer, o.direction
            s.tokens, s.revealed, s.board = list(o.tokens), o.revealed, None
            s.hand_sizes = [0] * s.n
            s.committed = [False] * s.n
            s.wards, s.shrouded, s.kills, s.my_pass = set(), set(), [], None
            for card in self.hand_cards:
                card.visible = False
            self.hand_cards = []
            return said
        if isinstance(e, ev.CardsDealt):
            return self.deal(e)
        if isinstance(e, ev.PassCommitted):
            s.committed[e.seat] = o.committed[e.seat]
            return Delay(0.08)
        if isinstance(e, ev.CardsPassed):
            return sequence(said, self.passed(e))
        if isinstance(e, ev.TokenRevealed):
            return self.reveal_token(e, o, said)
        if isinstance(e, ev.SuitPlayed):
            return self.suit_played(e, said)
        if isinstance(e, ev.Damaged):
            source = geo.seat_anchor(e.source) if e.source >= 0 and e.source != e.target else geo.board.center
            return sequence(said, self.cubes("damage", source, e.target, o.health[e.target], -e.amount))
        if isinstance(e, ev.Healed):
            return self.cubes("heal", geo.board.center, e.seat, o.health[e.seat], e.amount)
        if isinstance(e, ev.VPGained):
            return sequence(said, self.cubes("vp", geo.board.center, e.seat, o.vp[e.seat], e.amount))
        if isinstance(e, ev.BecameRaven):
            s.raven[e.seat] = o.raven[e.seat]
            return sequence(self.seat_cue("capture", e.seat, RAVEN_EDGE), self.banner(text, "raven", 1.4))
        if isinstance(e, ev.ReturnedToHuman):
            s.raven[e.seat], s.health[e.seat] = o.raven[e.seat], o.health[e.seat]
            return sequence(self.seat_cue("raven", e.seat), self.banner(text, "gold", 1.2))
        if isinstance(e, ev.Conspiracy):
            return self.banner(text, "raven", 1.5)
        if isinstance(e, ev.GameOver):
            return sequence(self.sound_cue("win"), self.banner(text, "gold", 1.6))
        if isinstance(e, ev.MagickDrawn):
            return sequence(said, self.magick_drawn(e, o))
        if isinstance(e, ev.MagickPlayed):
            s.magick_counts[e.seat] = list(o.magick_counts[e.seat])
            return sequence(said, self.popup_card(e.card, played_line(e, self.names)))
        if isinstance(e, ev.CardAdded):
            s.hand_sizes[e.holder] = o.hand_sizes[e.holder]
            return sequence(said, Delay(0.5))
        if isinstance(e, ev.CardsDiscarded):
            return sequence(said, self.discarded(e))
        if isinstance(e, ev.CardsMoved):
            return sequence(said, self.cards_moved(e))
        if isinstance(e, ev.Warded):
            s.wards = set(o.wards)
        if isinstance(e, ev.Shrouded):
            s.shrouded = set(o.shrouded)
        if isinstance(e, ev.TokensSeen) and e.tokens:
            s.tokens = list(o.tokens)
            return sequence(said, Delay(0.5))
        if isinstance(e, ev.HandEnded):
            return sequence(said, self.hand_cleared(e, o))
        hold = caption_hold(e)
        return sequence(said, Delay(hold)) if hold else None

    # --- the bigger ones ----------------------------------------------------------------------------------
    def deal(self, e: ev.CardsDealt) -> Animation:
        """The dealt cards fly from the deck (the viewer's face up into place); the deck's counts are those the
        event carries (the first deal has no view of its own)."""
        geo, s = self.built()
        start = geo.piles["deck"]
        moves: list[Animation] = []
        mine = e.seat == geo.me
        places = geo.hand_positions(e.count)
        for i in range(e.count):
            if mine:
                code = e.cards[i] if e.cards is not None and i < len(e.cards) else None
                card = hand_card(self.state.cards, code, geo.hand_size, start, z=150 + i)
                card.scale = geo.pile_size[1] / geo.hand_size[1]
                self.fx.append(card)
                self.sprites.append(card)
                moves.append(card.move_to(places[i], FLY, "out_quad", scale=1.0))
            else:
                moves.append(self.fly(back_card(geo.mini, start, z=150), geo.seat_anchor(e.seat), FLY))

        def dealt() -> None:
            s.hand_sizes[e.seat], s.deck, s.discard = e.count, e.deck, e.discard
        return sequence(self.sound_cue("deal"), stagger(moves, gap=0.04), Call(dealt))

    def passed(self, e: ev.CardsPassed) -> Animation:
        """One seat's pass flies to its receiver, the plates' counts following it: the rules take every pass
        out of its hand before delivering the first, so these counts are the event's, not a view's."""
        geo, s = self.built()
        moves: list[Animation] = []
        if e.giver == geo.me and self.hand_cards:
            leaving = [c for c in self.hand_cards if c.passing or c.selected][: e.count]
            for card in leaving:
                card.z = 300
                moves.append(self.fly(card, geo.seat_anchor(e.receiver), FLY + 0.1,
                                      scale=geo.mini[1] / max(1, card.size[1])))
                self.hand_cards.remove(card)
        else:
            for i in range(e.count):
                code = e.cards[i] if e.cards is not None and i < len(e.cards) else None
                if e.receiver == geo.me and code is not None:
                    card = hand_card(self.state.cards, code, geo.hand_size, geo.seat_anchor(e.giver), z=300 + i)
                    card.scale = geo.mini[1] / geo.hand_size[1]
                    target = geo.hand_positions(5)[min(4, 2 + i)]
                    moves.append(self.fly(card, target, FLY + 0.1, fade=False, scale=1.0))
                else:
                    card = back_card(geo.mini, geo.seat_anchor(e.giver), z=300 + i)
                    moves.append(self.fly(card, geo.seat_anchor(e.receiver), FLY + 0.1))

        def moved() -> None:
            s.hand_sizes[e.giver] -= e.count
            s.hand_sizes[e.receiver] += e.count
            s.committed[e.giver] = False
        return sequence(self.sound_cue("deal"), stagger(moves, gap=0.05), Call(moved))

    def reveal_token(self, e: ev.TokenRevealed, o: NevermoreObservation, said: Call) -> Animation:
        """The token turns over to what the step's view shows."""
        _, s = self.built()
        i = e.index
        self.flip_from, s.tokens[i] = s.tokens[i], o.tokens[i]
        s.revealed, s.board = o.revealed, None
        self.flipping, self.flip = i, 0.001

        def end() -> None:
            self.flipping, self.flip = -1, 0.0
        return sequence(self.sound_cue("play"), Tween(self, "flip", 1.0, 0.45, "linear"), Call(end), said,
                        Delay(0.3))

    def suit_played(self, e: ev.SuitPlayed, said: Call) -> Animation:
        """Every seat's cards of the suit fly face up (the rules reveal them all at once) to their places on
        the suit board; a seat's count shows once its cards are down, as the log tells it (its leaders in the
        order they act)."""
        geo, s = self.built()
        landed = [0] * len(e.played)
        s.board, self.board_landed = e, landed

        def land(seat: int) -> None:
            landed[seat] += 1
        moves: list[Animation] = []
        for seat, cards in enumerate(e.played):
            for i, code in enumerate(cards):
                slot = geo.board_slot(seat, i, len(cards))
                card = hand_card(self.state.cards, code, slot.size, geo.seat_anchor(seat), z=320 + i)
                card.scale = geo.mini[1] / max(1, slot.h)
                moves.append(self.fly(card, slot.center, FLY, fade=False, scale=1.0, on_land=partial(land, seat)))
        cut: list[Animation] = []
        if any(e.killed) and not self.app.settings.reduced_motion:  # the Ravens' kills: red cuts across them
            self.kill_cut = 0.0
            cut = [self.sound_cue("deal"), Tween(self, "kill_cut", 1.0, KILL_SECONDS, "in_out_cubic")]
        return sequence(said, stagger(moves, gap=0.03) if moves else Delay(0.1),
                        self.sound_cue("play"), *cut, Delay(0.9))

    def discarded(self, e: ev.CardsDiscarded) -> Animation:
        """Cards turned face down leave their holder's hand (the viewer's fade away)."""
        geo, s = self.built()
        fades: list[Animation] = []
        gone = list(e.cards)
        if e.seat == geo.me:
            for card in [c for c in self.hand_cards if c.code is not None]:
                if card.code in gone:
                    gone.remove(card.code)
                    self.hand_cards.remove(card)
                    fades.append(Tween(card, "alpha", 0.0, 0.3))

        def turned() -> None:
            s.hand_sizes[e.seat] -= len(e.cards)
        return sequence(parallel(Delay(0.5), *fades), Call(turned))

    def hand_cleared(self, e: ev.HandEnded, o: NevermoreObservation) -> Animation:
        """Clean-up: every hand's cards go to the discard pile."""
        geo, s = self.built()
        target = geo.piles["discard"]
        moves = [self.fly(card, target, FLY, scale=geo.pile_size[1] / max(1, card.size[1]))
                 for card in self.hand_cards if card.visible]
        for seat in range(s.n):
            if seat != geo.me and s.hand_sizes[seat] > 0:
                moves.append(self.fly(back_card(geo.mini, geo.seat_anchor(seat), z=330), target))
        self.hand_cards = []

        def cleared() -> None:
            s.hand_sizes = [0] * s.n
            s.hand = [] if s.hand is not None else None
            s.board, s.discard, s.kills, s.my_pass = None, len(o.discard), [], None
        return sequence(stagger(moves, gap=0.03) if moves else Delay(0.1), Call(cleared), Delay(0.4))

    def magick_drawn(self, e: ev.MagickDrawn, o: NevermoreObservation) -> Animation:
        geo, s = self.built()
        moves = [self.fly(back_card(geo.mini, geo.piles[e.deck], z=330, back=e.deck), geo.seat_anchor(e.seat), FLY)
                 for _ in range(e.count)]

        def drawn() -> None:
            s.magick_counts[e.seat] = list(o.magick_counts[e.seat])
            s.ldeck, s.sdeck = o.light_deck_size, o.shadow_deck_size
        return sequence(stagger(moves, gap=0.08) if moves else Delay(0.1), Call(drawn))

    def cards_moved(self, e: ev.CardsMoved) -> Animation:
        """Cards move between two seats, the plates' counts following: a Magick card that passes every hand on
        moves them all before its first event, so these counts are the event's, not a view's."""
        geo, s = self.built()
        back = "light" if e.zone == "magick" else "nevermore"
        moves = [self.fly(back_card(geo.mini, geo.seat_anchor(e.giver), z=330, back=back),
                          geo.seat_anchor(e.receiver), FLY) for _ in range(min(e.count, 6))]

        def moved() -> None:
            if e.zone == "hand":
                s.hand_sizes[e.giver] -= e.count
                s.hand_sizes[e.receiver] += e.count
            for deck in e.backs:  # Magick cards: their backs tell the decks
                index = 0 if deck == "light" else 1
                s.magick_counts[e.giver][index] -= 1
                s.magick_counts[e.receiver][index] += 1
        return sequence(stagger(moves, gap=0.05) if moves else Delay(0.1), Call(moved))

    # --- drawing ------------------------------------------------------------------------------------------
    def painter(self) -> Painter:
        """The drawing of the table as the last ``build`` placed it."""
        geo, shown = self.built()
        return Painter(self.layout, self.app.palette, geo, shown, self.names, self.state.cards,
                       self.setup.params, self.state.config, self.explain, self.kill_cut)

    def draw_table(self, surface: pygame.Surface) -> None:
        table = self.table_rect()
        if self.geo is None or self.shown is None:
            surface.blit(assets.background(table.size), table.topleft)
            return
        paint = self.painter()
        def draw_layer() -> pygame.Surface:
            layer = self.layer.reusable(table.size)  # the background covers all of it: drawn over the last one
            if layer is None:
                layer = pygame.Surface(table.size, 0, surface)
            layer.blit(assets.background(table.size), (0, 0))
            paint.ring(layer)
            paint.tokens(layer, self.flipping, self.flip, self.flip_from, bool(self.state.current_suit),
                         all(self.observation().known_tokens))
            paint.piles(layer)
            paint.board(layer, self.board_landed)
            turn = None if self.state.is_terminal() else self.state.current_player()
            for seat in range(self.state.num_players):
                paint.plate(layer, seat, self.badge_tip(seat), turn=turn == seat, target=seat in self.target_seats,
                            you=seat == self.viewer and len(self.humans) == 1)
            return layer

        surface.blit(self.layer.drawn(self.layer_key(), draw_layer, self.tips, table.topleft), table.topleft)
        self.layer.explain(self.tips)
        draw_sprites(surface, self.sprites)
        for sprite in sorted(self.sprites, key=lambda sp: sp.z):
            if sprite.visible and sprite.alpha > 8:
                self.explain(sprite.rect, paint.sprite_tip(sprite, sprite in self.magick_cards))
        paint.hand_marks(surface, self.hand_cards, self.magick_cards, self.open_cards,
                         self.cursor if self.focus_on() == "card" else None, self.viewer)
        asking = self.ask_again_rect()
        if asking is not None:
            paint.ask_again(surface, asking, asking.collidepoint(self.mouse))
        elif self.magick_cards:
            paint.magick_label(surface, self.viewer)
        if self.caption_text and self.decision() is None:
            paint.caption(surface, self.caption_text)
        prompt, buttons = self.prompt_layout()
        self.draw_prompt(surface, paint, prompt, buttons)
        hinted = self.hinted()
        if hinted is not None and self.decision() is not None:
            for rect in self.hint_rects(hinted, buttons):
                self.draw_hint_ring(surface, rect)
        self.draw_popup(surface, paint, prompt)
        if self.banner_text and self.banner_alpha > 0:
            paint.banner(surface, table, self.banner_text, self.banner_kind == "raven", self.banner_alpha)
        up = self.hand_end.shown(self.tweens.busy)  # once the hand's last animation has played
        if up is not None:
            draw_summary(surface, self.layout, self.app.palette, table, self.names, up.content.summary, self.viewer,
                         self.explain)

    def draw_popup(self, surface: pygame.Surface, paint: Painter, prompt: pygame.Rect | None) -> None:
        """The Magick card to read (``hover_magick``), else the one just played, popped up above the ``prompt``."""
        hover = self.hover_magick()
        shown = (hover, "", 255.0) if hover is not None else \
            (*self.popup, self.popup_alpha) if self.popup is not None and self.popup_alpha > 0 else None
        if shown is None:
            return
        card_id, line, alpha = shown
        size = paint.popup_size(card_id, line)
        centre = paint.popup_centre(prompt, size[1])
        if centre is not None:
            paint.magick_panel(surface, card_id, line, centre, alpha, size)

    def layer_key(self) -> tuple[object, ...]:
        """Everything the table under the sprites shows: it is drawn again only when this changes."""
        _, s = self.built()
        turn = None if self.state.is_terminal() else self.state.current_player()
        return (self.table_rect().size, self.viewer, tuple(s.health), tuple(s.vp), tuple(s.raven),
                tuple(s.hand_sizes), tuple(map(tuple, s.magick_counts)), s.deck, s.discard, s.ldeck, s.sdeck,
                tuple(s.tokens), s.revealed, s.dealer, s.direction, s.hand_no, s.draft_round, tuple(s.committed),
                tuple(sorted(s.wards)), tuple(sorted(s.shrouded)), s.board, self.flipping, self.flip,
                self.flip_from, self.kill_cut, None if self.board_landed is None else tuple(self.board_landed),
                tuple(sorted(self.target_seats)), turn,
                self.state.current_suit, self.app.palette.name)

    def ask_again_rect(self) -> pygame.Rect | None:
        """The "Ask again" button while the table passes the viewer's Magick windows, or None."""
        if self.viewer is None or self.geo is None or not self.muted(self.viewer):
            return None
        return self.geo.ask_again
