"""The Reapers table: face-up draft piles, secret wagers, tricks, the Graveyard and the hand-end breakdown.

The scene only shows and animates. What it draws comes from ``self.observation()`` (the viewer's) or, for a
spectator, from the public facts with hands face down (``hands_face_down``), or, in a finished game's replay
(``show_all_hands``), from the whole state with every hand and wager face up; what it submits comes from
``self.state.legal_actions()``. Animations move sprites made at the last ``build`` and end by building
again from the state, so skipping them (or animations off) loses nothing. Meanwhile the view the prompt,
panels and memory aid are drawn from moves on event by event as each animation ends (``scene_step``); an
event's banner shows while its cards move and its log line is written as its animation ends, with the view it
leaves, so no message runs ahead of the cards on the table.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame

from game.core.contracts import Action, Event
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.games.reapers import rules as r
from game.games.reapers.cards import WAGERS
from game.games.reapers.rules import hand_points
from game.games.reapers.scene_anim import SceneAnimation
from game.games.reapers.scene_draw import SceneDrawing
from game.games.reapers.scene_hand_end import make_breakdown, result_lines
from game.games.reapers.scene_step import shown_after
from game.games.reapers.scene_view import Card, Geometry, lowest_on_top
from game.games.reapers.text import prompt_lines
from game.games.reapers.tips import badge_line_tip
from game.storage.settings import save_settings
from game.ui.app import App
from game.ui.score_table import dismisses
from game.ui.sprites import sprite_at
from game.ui.table import TableScene
from game.ui.tween import Animation, Call, sequence

DIM = 105
KEYS_PREV = (pygame.K_LEFT, pygame.K_UP)
KEYS_NEXT = (pygame.K_RIGHT, pygame.K_DOWN)
KEYS_OK = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BREAKDOWN_SECONDS = 6.0
"""How long a table of AIs shows the hand-end breakdown before dealing on; a human dismisses it."""


class ReapersScene(SceneAnimation, SceneDrawing, TableScene):
    """Reapers for 3-5 players at one screen."""

    log_width = 250

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        self.geo = None
        self.view = None
        self.view_after = None
        self.sprites = []
        self.pile_cards = {}
        self.hand_cards = {}
        self.grave_cards = []
        self.trick_cards = []
        self.trump_card = None
        self.breakdown = None
        self.flash_text, self.flash_left = "", 0.0
        self.focus_action = None
        self.aid_shown = False
        self._layer = None
        self._frozen = None
        super().__init__(app, setup, record)

    # --- what the viewer may see --------------------------------------------------------------------
    def memory_aid(self) -> bool:
        """Whether the memory aid is on and there is a viewer whose memory it stands for (not while every hand
        lies face up: the cards themselves say what it would)."""
        return bool(self.app.settings.memory_aid) and self.viewer is not None and not self.show_all_hands

    # --- building -------------------------------------------------------------------------------------
    def build(self) -> None:
        if self.breakdown is not None and len(self.record.actions) < self.breakdown.at:
            self.breakdown = None  # the move that ended the hand was taken back
        now = self.view_after = self.view_now()
        held = self.breakdown.table if self.breakdown is not None else None  # the hand-end overlay is up
        obs = self.view = held or now
        lay, n = self.layout, self.state.num_players
        geo = self.geo = Geometry(lay, self.table_rect(), n, self.me(), max(1, len(obs.piles)))
        self.aid_shown = self.memory_aid()
        self._layer = self._frozen = None
        self.sprites, self.pile_cards, self.hand_cards, self.trick_cards = [], {}, {}, []
        for slot, pile in enumerate(obs.piles):
            if pile is not None:
                cards = [Card(c, geo.pile_size, pos, z=10 + i)
                         for i, (c, pos) in enumerate(zip(pile, geo.pile_positions(slot, len(pile))))]
                self.pile_cards[slot] = cards
                self.sprites += cards
                for card in cards:
                    card.rendered()  # draw the faces now rather than in the first frame of the deal
        self.trump_card = Card(obs.trump, geo.side_size, geo.trump_pos, z=5) if obs.trump else None
        if self.trump_card:
            self.sprites.append(self.trump_card)
        places = geo.grave_positions(len(obs.graveyard))
        top_first = lowest_on_top(n)
        self.grave_cards = [Card(c, geo.side_size, pos, z=60 - i if top_first else 60 + i)
                            for i, (c, pos) in enumerate(zip(obs.graveyard, places))]
        self.sprites += self.grave_cards
        me = geo.me
        for seat in range(n):
            hand = obs.hands[seat]
            if seat == me:
                cards = [Card(c, geo.hand_size, pos, z=100 + i)
                         for i, (c, pos) in enumerate(zip(hand, geo.hand_positions(len(hand))))]
            elif self.aid_shown:
                cards = []  # drawn as chips by the memory aid
            elif self.show_all_hands:  # the same fan as the backs, face up
                spread = geo.mini_positions(seat, len(hand), face_up=True)
                cards = [Card(c, geo.mini_size, pos, z=80 + i) for i, (c, pos) in enumerate(zip(hand, spread))]
            else:
                cards = [Card(None, geo.mini_size, pos, z=80 + i)
                         for i, pos in enumerate(geo.mini_positions(seat, len(hand)))]
            self.hand_cards[seat] = cards
            self.sprites += cards
        for i, (seat, code) in enumerate(obs.trick):
            card = Card(code, geo.trick_size, geo.trick_pos[seat], z=200 + i)
            self.trick_cards.append((seat, card))
            self.sprites.append(card)
        self.refresh_choices()
        self.table_layer()

    def on_opening(self, events: list[Event]) -> None:
        obs = self.view
        if obs is not None and obs.phase == r.DRAFT and obs.picks_made == 0:
            self.animate_deal()

    # --- events into animations -----------------------------------------------------------------------
    def on_events(self, events: list[Event]) -> None:
        if self.geo is None or self.view_after is None:
            self.build()
            return
        steps: list[Animation] = []
        if self.breakdown is not None:  # the game moved on without the overlay (instant play)
            self._drop_breakdown(len(events))
            steps.append(Call(self.clear_banner))  # after the last hand's queued steps
        next_hand = next((i for i, e in enumerate(events) if isinstance(e, r.HandStarted)), len(events))
        shown = self.view_after
        for event in events[:next_hand]:
            after = shown_after(shown, event, self.hands_hidden())
            steps += [*self.pause_before(event), *self._animate(event, shown), Call(self.log_next),
                      Call(partial(self.show, after))]
            if isinstance(event, r.HandScored):
                self.breakdown = make_breakdown(event, shown.score_piles, self.state.cfg.demon_value,
                                                event.hand > self.state.cfg.hands)
            elif isinstance(event, r.ExtraHand) and self.breakdown is not None:
                self.breakdown.tied = event.tied
            elif isinstance(event, r.GameOver) and self.breakdown is not None:
                self.breakdown.over, self.breakdown.winners = True, event.winners
                steps.append(self.sound_cue("win"))
            shown = after
        self.view_after = self.view_now()
        if self.breakdown is not None:
            self.breakdown.table = shown
            self.breakdown.deal_after = next_hand < len(events)
            self.breakdown.next_hand_lines = self._hold_lines(len(events) - next_hand)
            self.breakdown.at = len(self.record.actions)
        steps.append(Call(self.build))
        self.tweens.add(sequence(*steps))

    def show(self, view: r.ReapersObservation) -> None:
        """Draw the table from ``view`` (the view as an event's animation leaves it)."""
        self.view = view

    def _hold_lines(self, count: int) -> tuple[str, ...]:
        """Take the newest ``count`` log lines off the queue (a new hand's, written when its deal is shown)."""
        held = [self.unlogged.pop() for _ in range(min(count, len(self.unlogged)))]
        return tuple(reversed(held))

    def _drop_breakdown(self, pending: int) -> None:
        """Close the overlay without showing the deal: the lines it held go back on the log queue, before the
        ``pending`` lines of the events that moved the game on."""
        info, self.breakdown = self.breakdown, None
        if info is not None:
            at = len(self.unlogged) - pending
            for line in reversed(info.next_hand_lines):
                self.unlogged.insert(at, line)

    # --- the hand-end overlay -----------------------------------------------------------------------
    def holding(self) -> bool:
        return self.breakdown is not None

    def _carry_on_after_breakdown(self, dt: float) -> None:
        if self.breakdown is not None and not self.tweens.busy:
            self.breakdown.shown_for += dt
            if not self.humans and self.breakdown.shown_for > BREAKDOWN_SECONDS:  # AIs carry on by themselves
                self.dismiss_breakdown()

    def dismiss_breakdown(self) -> None:
        """Close the hand-end overlay; the next hand's piles are dealt and its log lines written."""
        info, self.breakdown = self.breakdown, None
        self.build()
        if info is not None:
            self.unlogged.extend(info.next_hand_lines)
            if info.deal_after:
                self.animate_deal(len(info.next_hand_lines))

    def handle(self, event: pygame.event.Event) -> None:
        if self.breakdown is not None and not self.tweens.busy:
            if dismisses(event):
                self.press_used()  # closing the score table must not also play the next hand's first move
                self.dismiss_breakdown()
            else:
                super().handle(event)  # the held table asks no seat: only undo answers, saying why not
            return
        if not self.tweens.busy and self.geo is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_m or \
                    event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                    self.geo.aid_button.collidepoint(event.pos):
                self.toggle_memory_aid()
                return
        super().handle(event)

    def toggle_memory_aid(self) -> None:
        """Turn the memory aid on or off (saved with the settings)."""
        settings = replace(self.app.settings, memory_aid=not self.app.settings.memory_aid)
        self.app.settings = settings
        try:
            save_settings(settings)
        except OSError as error:
            self.app.notify(f"The setting could not be saved: {error}")
        self.build()

    def result_rows(self) -> list[str]:
        return result_lines(self.state, self.names)

    # --- input ----------------------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        choices = self.choices()
        if not choices:
            return
        if event.type == pygame.MOUSEMOTION:
            hit = self.hit(choices, event.pos)
            if hit is not None:
                self.focus_action = hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit(choices, event.pos)
            if hit is not None:
                self.choose(hit)
        elif event.type == pygame.KEYDOWN:
            index = self.focus_index(choices)
            if event.key in KEYS_PREV + KEYS_NEXT:
                step = -1 if event.key in KEYS_PREV else 1
                self.focus_action = choices[(index + step) % len(choices)][0]
            elif event.key in KEYS_OK:
                self.choose(choices[index][0])
            elif pygame.K_1 <= event.key <= pygame.K_3 and isinstance(choices[0][0], r.PlaceWager):
                wanted = r.PlaceWager(WAGERS[event.key - pygame.K_1])
                if wanted in [a for a, _ in choices]:
                    self.choose(wanted)

    def hit(self, choices: list[tuple[Action, pygame.Rect]], pos: tuple[int, int]) -> Action | None:
        """The choice under the mouse (the top-most card of the hand for cards)."""
        if isinstance(choices[0][0], r.PlayCard):
            card = sprite_at(self.hand_cards.get(self.me(), []), pos)
            if not isinstance(card, Card):  # no card there (``sprite_at`` is typed for any Sprite)
                return None
            play = r.PlayCard(card.code) if card.code else None
            return play if play in [a for a, _ in choices] else None
        for action, rect in reversed(choices):
            if rect.collidepoint(pos):
                return action
        return None

    def choose(self, action: Action) -> None:
        if action in self.state.legal_actions():
            self.focus_action = None
            self.submit(action)

    # --- per frame ------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self._carry_on_after_breakdown(dt)
        if self.flash_left > 0:
            self.flash_left -= dt
            if self.flash_left <= 0:
                self.app.redraw()  # the banner is still: only its going needs a frame
        if self.geo is None:
            return
        if self.memory_aid() != self.aid_shown and not self.tweens.busy:
            self.build()
        if not self.tweens.busy:
            self.refresh_choices()

    def refresh_choices(self) -> None:
        """Show the viewer's decision on the sprites: legal cards ringed and lifted (the focused one more),
        the others dimmed; piles that may not be taken dimmed."""
        deciding = self.seat_to_play is not None and self.breakdown is None
        choices = self.choices() if deciding else []
        focus = choices[self.focus_index(choices)][0] if choices else None
        legal = {a.card for a, _ in choices if isinstance(a, r.PlayCard)}
        playing = deciding and self.state.phase == r.PLAY
        for card in self.hand_cards.get(self.me(), []):
            card.highlight = playing and card.code in legal
            card.alpha = DIM if playing and card.code not in legal else 255.0
            lift = 0
            if card.highlight:
                lift = 26 if isinstance(focus, r.PlayCard) and focus.card == card.code else 10
            card.pos = (card.home[0], card.home[1] - self.layout.px(lift))
        takeable = {a.pile for a, _ in choices if isinstance(a, r.TakePile)}
        drafting = deciding and self.state.phase == r.DRAFT
        for slot, cards in self.pile_cards.items():
            for card in cards:
                card.alpha = DIM if drafting and slot not in takeable else 255.0

    def badge_text(self, seat: int) -> str:
        obs = self.view
        if obs is None:
            return ""
        dealer = " · deals" if seat == obs.dealer else ""
        return f"Total {obs.totals[seat]} · pile {hand_points(obs.score_piles[seat], obs.config.demon_value)}{dealer}"

    def badge_tip(self, seat: int) -> str:
        obs = self.view
        if obs is None:
            return super().badge_tip(seat)
        points = hand_points(obs.score_piles[seat], obs.config.demon_value)
        return super().badge_tip(seat) + " " + badge_line_tip(self.names[seat], obs.totals[seat], points,
                                                              obs.hands_played, seat == obs.dealer)

    def focus_rect(self) -> pygame.Rect | None:
        """The pile, wager choice or card the keys have reached (the first choice until a key moves)."""
        if self.seat_to_play is None or self.breakdown is not None:
            return None
        choices = self.choices()
        return choices[self.focus_index(choices)][1] if choices else None

    def turn_shown(self) -> int | None:
        """The seat to act among the cards on the table: the trick's winner is ringed once the trick is won."""
        if self.view is None:
            return super().turn_shown()
        return self.view.to_move if self.view.to_move >= 0 and not self.state.is_terminal() else None

    def status_text(self) -> str:
        if self.tweens.busy and self.view is not None:  # the moment the cards show, not the rules' next turn
            return prompt_lines(self.view, self.names, False)[0]
        if self.breakdown is not None:
            return "The hand is scored: click or press Enter to go on"
        if self.seat_to_play is not None:
            phase = self.state.phase
            if phase == r.DRAFT:
                return "Your turn: take a pile (click it, or arrows and Enter)"
            if phase == r.WAGER:
                how = "face up" if self.state.cfg.open_wagers else "face down"
                return f"Your turn: place your wager {how} (click, 1-3, or arrows and Enter)"
            return "Your turn: play a card (click it, or arrows and Enter)"
        return super().status_text()

