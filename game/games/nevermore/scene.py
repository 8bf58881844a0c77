"""The Nevermore table: name plates with Health, VP and the Raven state, the resolution tokens, the suit board,
the viewer's hand and Magick, and a prompt for every decision.

The scene only shows and animates. What it draws comes from ``self.observation()`` (``shown_from``): the
viewer's, or a spectator's public facts; what it submits comes from
``self.state.legal_actions()``. Animations change the display step by step and every batch of events ends by
building it again from the state, so skipping them (or animations off) loses nothing. At a hand's end its
summary holds play, over the table as the hand left it, until a click or a key (``scene_summary``).
"""

from __future__ import annotations

import copy
from functools import partial

import pygame

from game.core.contracts import Action, Event
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.ui.app import App
from game.ui.score_table import dismisses
from game.ui.tween import Call, Later, sequence

from .rules.actions import AttackPlayer, PlayMagick
from .scene_anim import SceneAnimation
from .scene_draw import SceneDrawing
from .scene_prompt import ScenePrompt
from .scene_view import ASK_AGAIN_KEY, OPEN_LIFT, Card, Geometry, hand_asset, magick_asset, magick_deck, opened, \
    shown_from
from .text import summary_status
from .tips import plate_tip

REASONS = {"vp": "reached the Victory target", "last_human": "was the last human standing",
           "peck": "pecked the last humans and broke the curse", "no_humans": "had the most VP when no human was left",
           "hand_limit": "led when the night ran out (hand limit)"}
SUMMARY_SECONDS = 6.0
"""How long a table of AIs shows a hand's summary before dealing on; a human dismisses it."""
SUMMARY_GRACE = 0.3
"""Seconds the summary ignores a dismissing press (one meant for the move that ended the hand)."""


class NevermoreScene(SceneAnimation, ScenePrompt, SceneDrawing):
    """Nevermore for 3-6 players at one screen."""

    log_width = 260

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        self.geo = None
        self.shown = None
        self.sprites = []
        self.hand_cards = []
        self.magick_cards = []
        self.open_cards = []
        self.fx = []
        self.selection = set()
        self.cursor, self.focus_kind = 0, "card"
        self.magick_pick = None
        self.order_prefix = []
        self.mouse = (-1, -1)
        self.caption_text = ""
        self.banner_text, self.banner_kind, self.banner_alpha = "", "gold", 0.0
        self.popup = None
        self.popup_alpha = 0.0
        self.board_landed = None
        self.token_flip = [0.0] * 4
        self.token_flip_from = [None] * 4
        self.target_seats = set()
        self.hand_events, self.events_at = [], -1
        self.hand_end = None
        self.magick_muted = {}
        self.taken_back_to = -1
        self.moves_made = 0
        """Moves recorded as of the last move made or build: fewer at a build means moves were taken back."""
        self._built_for: tuple[int, int | None] | None = None
        """(actions played, viewer) at the last ``build``: a new one clears the choices in progress."""
        self._layer = None
        super().__init__(app, setup, record)

    # --- building -----------------------------------------------------------------------------------------
    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def build(self) -> None:
        if self.hand_end is not None and len(self.record.actions) < self.hand_end.at:
            self.hand_end = None  # the move that ended the hand was taken back
        held = self.hand_end.table if self.hand_end is not None else None
        self.shown = copy.deepcopy(held) if held is not None else shown_from(self.observation())
        if held is None and self.show_all_hands:
            opened(self.shown, self.state, self.me())
        self.geo = Geometry(self.layout, self.table_rect(), self.state.num_players, self.me())
        self.board_landed = None
        self.token_flip = [0.0] * 4
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
        cards: list[Card] = []
        if s.hand is not None:
            for i, (code, pos) in enumerate(zip(s.hand, geo.hand_positions(len(s.hand)))):
                deck, art = hand_asset(self.state.cards, code)
                card = Card(deck, art, code, geo.hand_size, pos, z=100 + i)
                card.index = i
                cards.append(card)
            dead = list(s.kills)
            passing = list(s.my_pass or ())
            for card in cards:
                if card.code in dead:
                    dead.remove(card.code)
                    card.killed = True
                elif card.code in passing:
                    passing.remove(card.code)
                    card.passing = True
        else:
            size = s.hand_sizes[geo.me]
            cards = [Card("nevermore", None, None, geo.hand_size, pos, z=100 + i)
                     for i, pos in enumerate(geo.hand_positions(size))]
        self.hand_cards = cards
        self.magick_cards = []
        for i, (code, pos) in enumerate(zip(s.magick, geo.magick_positions(len(s.magick)))):
            card = Card("magick", magick_asset(self.state.cards, code), code, geo.magick_size, pos, z=60 + i,
                        back=magick_deck(self.state.cards, code))
            self.magick_cards.append(card)
        self.open_cards = self.make_open_cards()
        self.sprites = [*self.hand_cards, *self.magick_cards, *self.open_cards]
        self.layout_hand()

    def make_open_cards(self) -> list[Card]:
        """The other seats' hands then Magick, face up by their plates (only when ``Shown.secrets`` holds them:
        the replay of an ended game); a card set aside to pass rises, a killed one is crossed out when drawn."""
        geo, s = self.built()
        lift = self.layout.px(OPEN_LIFT)
        out: list[Card] = []
        for seat, secrets in sorted(s.secrets.items()):
            places = geo.open_positions(seat, len(secrets.hand), len(secrets.magick))
            dead, passing = list(secrets.kills), list(secrets.passing)
            for i, (code, pos) in enumerate(zip([*secrets.hand, *secrets.magick], places)):
                if i < len(secrets.hand):
                    deck, art = hand_asset(self.state.cards, code)
                    card = Card(deck, art, code, geo.open_size, pos, z=40 + i)
                else:
                    card = Card("magick", magick_asset(self.state.cards, code), code, geo.open_size, pos, z=40 + i,
                                back=magick_deck(self.state.cards, code))
                card.owner = seat
                if i < len(secrets.hand) and code in dead:
                    dead.remove(code)
                    card.killed = True
                elif i < len(secrets.hand) and code in passing:
                    passing.remove(code)
                    card.passing = True
                    card.pos = (pos[0], pos[1] - lift)
                out.append(card)
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
        playable = set()
        if deciding in ("magick", "respond"):
            playable = {a.card for a in self.state.legal_actions() if isinstance(a, PlayMagick)}
        for card in self.magick_cards:
            card.highlight = card.code in playable

    def refresh_targets(self) -> None:
        if self.decision() == "attack":
            self.target_seats = {a.target for a in self.state.legal_actions() if isinstance(a, AttackPlayer)}
        else:
            self.target_seats = set()

    def on_opening(self, events: list[Event]) -> None:
        opening = events
        self.follow_hand(opening)
        if not opening or self.geo is None:
            return
        _, shown = self.built()
        shown.hand_sizes = [0] * self.state.num_players
        for card in self.hand_cards:
            card.visible = False
        self.hand_cards = []
        steps = [Later(partial(self.animate, e)) for e in opening]
        self.tweens.add(sequence(*steps, Call(self.build)))

    # --- the frame ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if self.hand_end is not None and not self.tweens.busy and dismisses(event):
            if self.hand_end.shown_for >= SUMMARY_GRACE:  # not a press meant for the hand's last move
                self.press_used()  # closing the summary must not also make the next hand's first move
                self.dismiss_hand_end()
            return
        if self.asks_again(event):
            self.magick_muted.pop(self.me(), None)
            self.app.redraw()
            return
        super().handle(event)

    def asks_again(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` turns "Don't ask again this hand" off for the viewer: a click on "Ask again" over
        their Magick, or its key."""
        if event.type == pygame.KEYDOWN:
            pressed = event.key == ASK_AGAIN_KEY and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
            return pressed and self.ask_again_rect() is not None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False  # measured only for a click: not on every motion of the mouse
        place = self.ask_again_rect()
        return place is not None and place.collidepoint(event.pos)

    def holding(self) -> bool:
        return self.hand_end is not None

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
        end = self.hand_end
        if end is not None and not self.tweens.busy:
            end.shown_for += dt
            speed = self.tweens.speed
            if not self.humans and (speed <= 0 or end.shown_for * speed > SUMMARY_SECONDS):  # at animation speed
                self.dismiss_hand_end()
        if self.geo is None or self.tweens.busy:
            return
        ready = (len(self.record.actions), self.seat_to_play)
        if ready != getattr(self, "_ready", None):
            self._ready = ready
            self.layout_hand()
            self.refresh_targets()

    def status_text(self) -> str:
        if self.hand_end is not None and not self.tweens.busy:
            return summary_status(self.hand_end.summary.winners is not None)
        kind = self.decision()
        if kind in ("pass", "kill"):
            return "Your turn: click cards (or arrows + Enter) to choose them, then confirm"
        if kind is not None:
            return "Your turn: click a choice (or arrows + Enter)"
        if self.tweens.busy:
            return "Click or Space: skip the animation"
        return super().status_text()

    def badge_text(self, seat: int) -> str:
        s = self.shown
        if s is None:
            return ""
        return "Raven" if s.raven[seat] else f"Health {s.health[seat]} · {s.vp[seat]} VP"

    def badge_tip(self, seat: int) -> str:
        """The name plate: who plays the seat, its Health (or Raven form), VP and what it holds."""
        s = self.shown
        if s is None:
            return super().badge_tip(seat)
        you = " (you)" if seat == self.viewer and len(self.humans) == 1 else ""
        who = "a human player" if seat in self.humans else f"the computer ({self.setup.seats[seat]} level)"
        return plate_tip(self.names[seat] + you, who, s.health[seat], s.vp[seat], s.raven[seat], s.hand_sizes[seat],
                         s.magick_counts[seat], self.state.params)

    def result_rows(self) -> list[str]:
        state = self.state
        who = " and ".join(self.names[s] for s in state.winners()) or "Nobody"
        rows = [f"{who} {REASONS.get(state.end_reason, state.end_reason)} after {state.hand_no} hand"
                f"{'s' if state.hand_no != 1 else ''}."]
        for seat in range(state.num_players):
            form = "a Raven" if state.raven[seat] else f"human, Health {state.health[seat]}/{state.p('max_health')}"
            rows.append(f"{self.names[seat]}: {state.vp[seat]} VP, {form}")
        return rows

    # kept for tests and tools: the cards the viewer sees in hand (None: hidden)
    def hand_codes(self) -> list[str | None]:
        return [c.code for c in self.hand_cards]

