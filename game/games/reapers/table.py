"""The Reapers table: face-up draft piles, secret wagers, tricks, the Graveyard and the hand-end breakdown.

The table only shows and animates. What it draws comes from ``self.observation()`` (the viewer's) or, for a
spectator, from the public facts with hands face down (``hands_face_down``), or, in a finished game's replay
(``show_all_hands``), from the whole state with every hand and wager face up; what it submits comes from
``self.state.legal_actions()``. Animations move sprites made at the last ``build`` and end by building
again from the state, so skipping them (or animations off) loses nothing. Meanwhile the view the prompt,
panels and memory aid are drawn from moves on step by step as each animation ends: the rules give each
event with the view just after it (``on_steps``). An event's banner shows while its cards move and its log
line is written as its animation ends, with the view it leaves, so no message runs ahead of the cards.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pygame

from game.core.contracts import Action, Event, Step
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.games.reapers import rules as r
from game.games.reapers import words
from game.games.reapers.rules.cards import REAPER, WAGERS, graveyard_key, hand_points, sort_key
from game.games.reapers.view import (
    Breakdown, Card, Geometry, ReapersView, asset_id, hands_face_down, lowest_on_top,
)
from game.storage.settings import save_settings
from game.ui import assets
from game.ui.app import App
from game.ui.hand_end import HandEndHold
from game.ui.score_table import dismisses
from game.ui.sprites import draw_sprites, sprite_at
from game.ui.static_layer import StaticLayer
from game.ui.table import TableScene
from game.ui.theme import Colour
from game.ui.tween import Animation, Call, Delay, Tween, parallel, sequence, stagger

DIM = 105
KEYS_PREV = (pygame.K_LEFT, pygame.K_UP)
KEYS_NEXT = (pygame.K_RIGHT, pygame.K_DOWN)
KEYS_OK = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BREAKDOWN_SECONDS = 6.0
"""How long a table of AIs shows the hand-end breakdown before dealing on; a human dismisses it."""
MOVE = 0.32
TRICK_PAUSE = 0.6
GATHER = 0.22
"""Seconds a won trick takes to gather in front of its winner."""
GATHER_STEP = 14
"""Reference units between the gathered trick's cards."""
RAID_REACH = 80
"""Reference size of the ring that closes on the card a Reaper takes from the Graveyard."""


class ReapersTable(TableScene):
    """Reapers for 3-5 players at one screen."""

    log_width = 250
    state: r.ReapersState
    """The game is always Reapers here (``TableScene`` knows only a ``GameState``)."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        self.geo: Geometry | None = None
        self.view: r.ReapersObservation | None = None
        """What the table shows: the view at the last ``build``, moved on step by step as animations end; under
        the hand-end overlay, the played-out hand."""
        self.view_after: r.ReapersObservation | None = None
        """The view once every queued animation has played (``view_now`` after the last action): the next
        action's animations start from it."""
        self.sprites: list[Card] = []
        self.pile_cards: dict[int, list[Card]] = {}
        self.hand_cards: dict[int, list[Card]] = {}
        self.grave_cards: list[Card] = []
        self.trick_cards: list[tuple[int, Card]] = []
        self.trump_card: Card | None = None
        self.hand_end: HandEndHold[Breakdown, r.ReapersObservation] = HandEndHold()
        """The scored hand's breakdown, over the table as the hand was scored until it is dismissed."""
        self.flash_text, self.flash_left = "", 0.0
        self.focus_action: Action | None = None
        self.choices_shown: tuple | None = None
        """What the sprites last showed the choices for (``choices_key``); None: show them again."""
        self.aid_shown = False
        self.layer = StaticLayer()
        """The table drawn without its sprites, redrawn only when what it shows changes, with the tips of what it
        shows (explained again each frame)."""
        self.frozen = StaticLayer()
        """The whole table under the hand-end overlay (nothing moves there), and its tips."""
        super().__init__(app, setup, record)
        self.look = ReapersView(self.names, self.explain, self.draw_badge)

    # --- what the viewer may see --------------------------------------------------------------------
    def view_now(self) -> r.ReapersObservation:
        """The viewer's observation, or the public facts with hands face down for a spectator; in a finished
        game's replay (``show_all_hands``) every hand and the true wagers, as nothing is secret any more."""
        obs = self.observation()
        assert isinstance(obs, r.ReapersObservation)
        if self.show_all_hands:
            return replace(obs, wagers=tuple(self.state.wagers))
        return obs if self.viewer is not None else hands_face_down(obs)

    def seen(self, view: r.ReapersObservation, before: r.ReapersObservation) -> r.ReapersObservation:
        """A step's view as this table shows it, ``before`` being the view it follows: a spectator's hands face
        down; in a finished game's replay the wagers shown so far stay shown."""
        if self.show_all_hands:
            return replace(view, wagers=tuple(w if w is not None else b for w, b in zip(view.wagers, before.wagers)))
        return view if self.viewer is not None else hands_face_down(view)

    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def memory_aid(self) -> bool:
        """Whether the memory aid is on and there is a viewer whose memory it stands for (not while every hand
        lies face up: the cards themselves say what it would)."""
        return bool(self.app.settings.memory_aid) and self.viewer is not None and not self.show_all_hands

    # --- what the viewer may choose -------------------------------------------------------------------
    def choices(self) -> list[tuple[Action, pygame.Rect]]:
        """The legal actions the viewer may pick now, each with where it is on screen."""
        if self.geo is None:
            return []
        legal = self.state.legal_actions()
        out: list[tuple[Action, pygame.Rect]] = []
        for action in legal:
            if isinstance(action, r.TakePile) and self.pile_cards.get(action.pile):
                cards = self.pile_cards[action.pile]
                out.append((action, cards[0].rect.unionall([c.rect for c in cards[1:]])))
            elif isinstance(action, r.PlaceWager):
                out.append((action, self.geo.wager_buttons[WAGERS.index(action.wager)]))
            elif isinstance(action, r.PlayCard):
                hand = [c for c in self.hand_cards.get(self.me(), []) if c.code == action.card]
                if hand:
                    out.append((action, hand[-1].rect))
        return out

    def focus_index(self, choices: list[tuple[Action, pygame.Rect]]) -> int:
        actions = [a for a, _ in choices]
        return actions.index(self.focus_action) if self.focus_action in actions else 0

    # --- building -------------------------------------------------------------------------------------
    def build(self) -> None:
        self.hand_end.taken_back(len(self.record.actions))
        now = self.view_after = self.view_now()
        up = self.hand_end.up
        held = up.table if up is not None else None  # the hand-end overlay is up
        obs = self.view = held or now
        lay, n = self.layout, self.state.num_players
        geo = self.geo = Geometry(lay, self.table_rect(), n, self.me(), max(1, len(obs.piles)), obs.rules)
        self.aid_shown = self.memory_aid()
        self.layer.clear()
        self.frozen.clear()
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

    # --- steps into animations ------------------------------------------------------------------------
    def on_steps(self, steps: list[Step]) -> None:
        """Animate each event of a move up to a new deal, showing the view the rules give just after it once
        its animation ends; a hand's score holds the overlay over the table as the hand was scored, and a new
        hand is built from the state when the overlay goes."""
        if self.geo is None or self.view_after is None:
            self.build()
            return
        animations: list[Animation] = []
        if self.hand_end.up is not None:  # the game moved on without the overlay (instant play)
            self.hand_end.close(self.unlogged, pending=len(steps))
            animations.append(Call(self.clear_banner))  # after the last hand's queued steps
        next_hand = next((i for i, s in enumerate(steps) if isinstance(s.event, r.HandStarted)), len(steps))
        shown = self.view_after
        scored: Breakdown | None = None
        for step in steps[:next_hand]:
            event = step.event
            view = step.view
            assert isinstance(view, r.ReapersObservation)
            after = shown if scored is not None else self.seen(view, shown)  # the scored hand stays
            if isinstance(event, r.TrickWon):  # a complete trick stays on the table a moment before it is won
                animations.append(Delay(TRICK_PAUSE))
            animations += [*self._animate(event, shown), Call(self.log_next), Call(partial(self.show, after))]
            if isinstance(event, r.HandScored):
                scored = Breakdown.of(event, shown.score_piles, self.state.rules.demon_value,
                                      event.hand > self.state.rules.hands)
            elif isinstance(event, r.ExtraHand) and scored is not None:
                scored.tied = event.tied
            elif isinstance(event, r.GameOver) and scored is not None:
                scored.over, scored.winners = True, event.winners
                animations.append(self.celebrate(event.winners))
            shown = after
        self.view_after = self.view_now()
        if scored is not None:
            scored.deal_after = next_hand < len(steps)
            self.hand_end.hold(scored, len(self.record.actions), self.unlogged, len(steps) - next_hand, shown)
        animations.append(Call(self.build))
        self.tweens.add(sequence(*animations))

    def celebrate(self, winners: tuple[int, ...]) -> Animation:
        """The game is won: confetti over the middle of the table in the (first) winner's colour."""
        assert self.geo is not None
        main = self.geo.main
        colour = self.seat_colour(winners[0]) if winners else None
        return self.flourish("win", main.center, min(main.w, main.h) // 2, colour)

    def show(self, view: r.ReapersObservation) -> None:
        """Draw the table from ``view`` (the view as an event's animation leaves it)."""
        self.view = view

    def animate_deal(self, lines: int = 0) -> None:
        """The piles fly from the deck beside the trump card to their places; the last hand's banner goes, and
        the ``lines`` log lines waiting (the new hand's, held while the last one's breakdown was up) are
        written once the piles lie on the table."""
        self.clear_banner()
        if self.geo is None:
            return
        start = self.geo.trump_pos
        moves: list[Animation] = []
        for slot in sorted(self.pile_cards):
            for card in self.pile_cards[slot]:
                card.pos = start
                moves.append(card.move_to(card.home, 0.28, "out_quad"))
        if self.trump_card is not None:
            self.trump_card.face_up = False
            moves.insert(0, self.trump_card.flip_to(True, 0.25))
        self.app.sound.play("deal")
        self.tweens.add(sequence(stagger(moves, gap=0.025), *[Call(self.log_next) for _ in range(lines)]))

    def _animate(self, event: Event, shown: r.ReapersObservation) -> list[Animation]:
        """The animation of ``event``, played on the table that ``shown`` describes (the view before it)."""
        geo = self.geo
        assert geo is not None
        if isinstance(event, r.PileTaken):
            return [self._take_pile(event)]
        if isinstance(event, r.GraveyardFormed):
            cards = sorted(self.pile_cards.pop(event.pile, []), key=lambda c: graveyard_key(c.code or REAPER))
            keep = [c for c in cards if c.code != REAPER]
            places = geo.grave_positions(len(keep))
            moves = []
            for i, (card, pos) in enumerate(zip(keep, places)):
                card.z = 60 - i
                moves.append(card.move_to(pos, MOVE, scale=geo.side_size[1] / card.size[1]))
            moves += [self._discard(c) for c in cards if c.code == REAPER]
            self.grave_cards = keep
            return [parallel(*moves)] if moves else []
        if isinstance(event, r.WagerPlaced):
            token = Card(None, geo.mini_size, geo.badge_centre(event.seat), z=300)
            self.sprites.append(token)
            target = geo.wager_rect(event.seat).center
            return [self.sound_cue("deal"), token.move_to(target, 0.25)]
        if isinstance(event, r.CardPlayed):
            new_trick = [] if shown.trick else [Call(self.clear_banner)]  # the last trick's banner goes
            return [*new_trick, self._play(event)]
        if isinstance(event, r.LeadPassed):
            return [self._banner(event)]
        if isinstance(event, r.ReaperTook):
            return [self._reaper_take(event, len(shown.score_piles[event.seat]))]
        if isinstance(event, r.TrickWon):
            return [self._collect(event, len(shown.score_piles[event.winner]) if event.winner is not None else 0)]
        return []

    def _banner(self, event: Event) -> Call:
        """A step that shows the event's line over the table (the words of its log line)."""
        text = words.describe(event, self.names)
        return Call(lambda: self.flash(text))

    def _take_pile(self, event: r.PileTaken) -> Animation:
        geo = self.geo
        assert geo is not None and self.view is not None
        cards = self.pile_cards.pop(event.pile, [])
        moves: list[Animation] = [self.sound_cue("deal")]
        if event.seat == geo.me:
            old = self.hand_cards.get(event.seat, [])
            face = self.viewer is not None or self.show_all_hands  # a spectator's hands lie face down
            hand = sorted([c.code for c in old if c.code] + list(event.cards), key=sort_key) \
                if face else [None] * (len(old) + len(cards))
            places = geo.hand_positions(len(hand))
            free = list(range(len(hand)))
            for card in old + cards:
                index = next((i for i in free if hand[i] == card.code), free[0]) if face else free[0]
                free.remove(index)
                card.z = 100 + index
                moves.append(parallel(card.move_to(places[index], MOVE, scale=geo.hand_size[1] / card.size[1]),
                                      card.flip_to(face, MOVE)))
            self.hand_cards[event.seat] = old + cards
        else:
            target = geo.hand_anchor(event.seat)
            for card in cards:
                card.z = 90
                fly = card.move_to(target, MOVE, scale=geo.mini_size[1] / card.size[1])
                if self.aid_shown:
                    fly = parallel(fly, Tween(card, "alpha", 0.0, MOVE))
                elif not self.show_all_hands:  # a finished game's replay keeps every hand face up
                    fly = parallel(fly, card.flip_to(False, MOVE))
                moves.append(fly)
        return stagger(moves, gap=0.05)

    def _play(self, event: r.CardPlayed) -> Animation:
        geo = self.geo
        assert geo is not None
        hand = self.hand_cards.get(event.seat, [])
        card = next((c for c in hand if c.code == event.card), None) or (hand[-1] if hand else None)
        if card is None:
            card = Card(None, geo.mini_size, geo.hand_anchor(event.seat), z=250)
            self.sprites.append(card)
        else:
            hand.remove(card)
        card.z = 200 + len(self.trick_cards)
        card.alpha, card.highlight = 255.0, False
        card.code = event.card  # played face up: public now
        self.trick_cards.append((event.seat, card))
        moves = [self.sound_cue("play"),
                 card.move_to(geo.trick_pos[event.seat], MOVE, scale=geo.trick_size[1] / card.size[1]),
                 card.flip_to(True, MOVE, card_id=asset_id(event.card))]
        if event.seat == geo.me and hand:
            moves += [c.move_to(p, MOVE) for c, p in zip(hand, geo.hand_positions(len(hand)))]
        return parallel(*moves)

    def _reaper_take(self, event: r.ReaperTook, pile: int) -> Animation:
        """The Reaper raids the Graveyard: a ring closes on the card it takes, which rises and flies to the seat's
        score pile, which holds ``pile`` cards."""
        geo = self.geo
        assert geo is not None
        if event.card is None:
            return self._banner(event)
        card = next((c for c in self.grave_cards if c.code == event.card), None)
        target = geo.score_anchor(event.seat, pile)
        steps: list[Animation] = [self._banner(event)]
        if card is not None:
            self.grave_cards.remove(card)
            card.z = 320
            centre = (round(card.pos[0]), round(card.pos[1] - geo.lay.px(30)))
            raid = self.flourish("capture", centre, geo.lay.px(RAID_REACH), self.seat_colour(event.seat))
            steps += [parallel(raid, card.move_to(centre, 0.2, "out_quad", scale=1.15)),
                      card.move_to(target, 0.45, scale=geo.lay.px(30) / card.size[1])]
        return sequence(*steps)

    def seat_colour(self, seat: int) -> Colour:
        """The seat's own colour (its bead's)."""
        seats = self.app.palette.seats
        return seats[seat % len(seats)]

    def _collect(self, event: r.TrickWon, pile: int) -> Animation:
        """The trick gathers in front of its winner; then the taken card flies to the winner's score pile, which
        holds ``pile`` cards, and the rest go out."""
        geo = self.geo
        assert geo is not None
        trick, self.trick_cards = self.trick_cards, []
        steps: list[Animation] = [self._banner(event)]
        taken = None
        moves: list[Animation] = []
        if event.winner is not None:
            front = geo.trick_pos[event.winner]
            shift = geo.lay.px(GATHER_STEP)
            steps.append(parallel(*[c.move_to((front[0] + (i - (len(trick) - 1) / 2) * shift, front[1]), GATHER)
                                    for i, (_, c) in enumerate(trick)]))
            if event.winner == self.viewer:
                moves.append(self.sound_cue("win"))
            taken = next((c for _, c in trick if c.code == event.taken), None) if event.taken is not None else None
            if taken is not None:
                taken.z = 330
                target = geo.score_anchor(event.winner, pile)
                moves.append(taken.move_to(target, 0.45, scale=geo.lay.px(30) / taken.size[1]))
        moves += [self._discard(c) for _, c in trick if c is not taken]
        return sequence(*steps, parallel(*moves))

    def _discard(self, card: Card) -> Animation:
        geo = self.geo
        assert geo is not None
        return parallel(card.move_to(geo.discard_pos, 0.4, scale=geo.mini_size[1] / card.size[1]),
                        Tween(card, "alpha", 0.0, 0.4, "in_quad"))

    def flash(self, text: str, seconds: float = 2.6) -> None:
        """A line over the table for a moment (a Reaper's take, a trick won)."""
        self.flash_text, self.flash_left = text, seconds

    def clear_banner(self) -> None:
        """Take the line over the table down: what it told is no longer on the table."""
        self.flash_text, self.flash_left = "", 0.0

    # --- the hand-end overlay -----------------------------------------------------------------------
    def holding(self) -> bool:
        return self.hand_end.up is not None

    def dismiss_breakdown(self) -> None:
        """Close the hand-end overlay; the next hand's piles are dealt and its log lines written."""
        up = self.hand_end.close(self.unlogged)
        self.build()
        if up is not None and up.content.deal_after:
            self.animate_deal(len(up.lines))

    def result_rows(self) -> list[str]:
        return words.result_lines(self.state, self.names)

    # --- input ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.hand_end.shown(self.tweens.busy) is not None:
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
        if self.hand_end.waited(dt, self.tweens.busy, BREAKDOWN_SECONDS) and not self.humans:
            self.dismiss_breakdown()  # a table of AIs carries on by itself
        if self.flash_left > 0:
            self.flash_left -= dt
            if self.flash_left <= 0:
                self.app.redraw()  # the banner is still: only its going needs a frame
        if self.geo is None:
            return
        if self.memory_aid() != self.aid_shown and not self.tweens.busy:
            self.build()
        if self.tweens.busy:
            self.choices_shown = None  # the animations move the cards: the choices are shown again after them
        elif self.choices_key() != self.choices_shown:
            self.refresh_choices()

    def choices_key(self) -> tuple:
        """Everything the choices shown on the sprites depend on besides the sprites themselves (``build`` makes
        new ones and shows the choices on them): a table at rest does not work them out again every frame."""
        return self.seat_to_play, len(self.record.actions), self.focus_action

    def refresh_choices(self) -> None:
        """Show the viewer's decision on the sprites: legal cards ringed and lifted (the focused one more),
        the others dimmed; piles that may not be taken dimmed."""
        self.choices_shown = self.choices_key()
        deciding = self.seat_to_play is not None
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
        return f"Total {obs.totals[seat]} · pile {hand_points(obs.score_piles[seat], obs.rules.demon_value)}"

    def dealer_shown(self) -> int | None:
        """The dealer of the hand on the table carries the dealer's chip."""
        return self.view.dealer if self.view is not None else None

    def badge_tip(self, seat: int) -> str:
        obs = self.view
        if obs is None:
            return super().badge_tip(seat)
        points = hand_points(obs.score_piles[seat], obs.rules.demon_value)
        return super().badge_tip(seat) + " " + words.badge_line_tip(self.names[seat], obs.totals[seat], points,
                                                                    obs.hands_played, seat == obs.dealer)

    def focus_rect(self) -> pygame.Rect | None:
        """The pile, wager choice or card the keys have reached (the first choice until a key moves)."""
        if self.seat_to_play is None:
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
            return words.prompt_lines(self.view, self.names, False)[0]
        if self.holding():
            return "The hand is scored: click or press Enter to go on"
        if self.seat_to_play is not None:
            phase = self.state.phase
            if phase == r.DRAFT:
                return "Your turn: take a pile (click it, or arrows and Enter)"
            if phase == r.WAGER:
                how = "face up" if self.state.rules.open_wagers else "face down"
                return f"Your turn: place your wager {how} (click, 1-3, or arrows and Enter)"
            return "Your turn: play a card (click it, or arrows and Enter)"
        return super().status_text()

    # --- drawing ----------------------------------------------------------------------------------------
    def framed(self) -> ReapersView:
        """The table's drawing, told the layout, palette, geometry and eyes of this moment."""
        assert self.geo is not None  # drawing from a view comes after a build
        self.look.frame(self.layout, self.app.palette, self.geo, self.viewer, self.show_all_hands, self.aid_shown,
                        bool(self.app.settings.memory_aid))
        return self.look

    def draw_table(self, surface: pygame.Surface) -> None:
        """The cached layer, the choices, the sprites, the hint, the banner and the hand-end overlay, drawn only
        from ``self.view``; what the cached layer and the frozen overlay show keeps its tips beside the cached
        surface, explained again each frame."""
        table = self.table_rect()
        obs, geo = self.view, self.geo
        if obs is None or geo is None:
            surface.blit(assets.background(table.size), table.topleft)
            return
        up = self.hand_end.shown(self.tweens.busy)  # the breakdown shows once the animations end
        if up is None:
            self.draw_live(surface, obs)
            return

        def freeze() -> pygame.Surface:
            self.draw_live(surface, obs)
            up.content.draw(surface, self.layout, self.app.palette, table, self.names, self.viewer, obs.rules,
                            self.explain)
            return self.frozen.copied(surface, table)

        surface.blit(self.frozen.drawn((id(up), id(geo)), freeze, self.tips), table.topleft)  # nothing moves
        self.frozen.explain(self.tips)

    def draw_live(self, surface: pygame.Surface, obs: r.ReapersObservation) -> None:
        """The cached layer, the choices, the sprites, the hint and the banner."""
        choices = self.choices() if self.seat_to_play is not None else None  # None: the viewer is not deciding
        surface.blit(self.table_layer(), self.table_rect().topleft)
        self.layer.explain(self.tips)
        look = self.framed()
        self.keep_clear_of_tips(look.prompt_rect())
        if choices is not None:
            look.draw_choices(surface, obs, choices, choices[self.focus_index(choices)][0] if choices else None)
        draw_sprites(surface, self.sprites)
        self.explain_sprites(obs, choices)
        self.draw_hint(surface, choices)
        if self.flash_left > 0 and self.flash_text:
            look.draw_flash(surface, self.flash_text)

    def table_layer(self) -> pygame.Surface:
        """The table without its sprites (background, seats, side column, prompt), redrawn only when what it
        shows changes: the view, the turn, the memory aid, the palette."""
        obs, geo = self.view, self.geo
        deciding = self.seat_to_play is not None
        live = -1 if self.state.is_terminal() else self.state.current_player()  # the name plates ring it
        key = (id(obs), id(geo), deciding, live, self.aid_shown, self.app.settings.memory_aid, self.app.palette.name)

        def draw() -> pygame.Surface:
            assert obs is not None and geo is not None  # a layer is drawn only after a build
            look = self.framed()
            size = self.table_rect().size
            layer = self.layer.reusable(size)  # the background covers all of it: drawn over the last one
            if layer is None:
                layer = pygame.Surface(size)
            layer.blit(assets.background(size), (0, 0))
            for seat in geo.opps:
                look.draw_seat(layer, seat, obs)
            look.draw_seat(layer, geo.me, obs)
            look.draw_side(layer, obs)
            look.draw_prompt(layer, obs, deciding)
            look.draw_pile_numbers(layer, obs)
            return layer

        return self.layer.drawn(key, draw, self.tips)

    def explain_sprites(self, obs: r.ReapersObservation, choices: list[tuple[Action, pygame.Rect]] | None) -> None:
        """Each card on the table, in drawing order (the top card's tip wins): what it is and where it lies."""
        said: dict[int, str] = {}
        for slot, cards in self.pile_cards.items():
            pile = obs.piles[slot] if slot < len(obs.piles) else None
            for card in cards:
                if card.code is not None and pile:
                    said[id(card)] = words.pile_card_tip(card.code, slot, pile, obs)
        if self.trump_card is not None:
            said[id(self.trump_card)] = words.trump_tip(obs)
        for index, card in enumerate(self.grave_cards):
            if card.code is not None:
                said[id(card)] = words.grave_card_tip(card.code, index, obs)
        me = self.me()
        legal = {a.card for a, _ in choices if isinstance(a, r.PlayCard)} \
            if choices is not None and obs.phase == r.PLAY else None
        for seat, cards in self.hand_cards.items():
            for card in cards:
                if card.code is None:
                    said[id(card)] = words.back_tip(self.names[seat], len(obs.hands[seat]), self.aid_shown,
                                                    self.viewer is None)
                elif seat == me and seat == self.viewer:
                    playable = None if legal is None else card.code in legal
                    said[id(card)] = words.hand_card_tip(card.code, obs, playable)
                else:  # face up only in a finished game's replay
                    said[id(card)] = words.open_hand_card_tip(self.names[seat], card.code, obs)
        best = r.trick_winner(obs.trick, obs.lead_suit, obs.trump_suit, obs.rules.demon_value)
        winning = None if best is None else best[0]
        for seat, card in self.trick_cards:
            if card.code is not None:
                said[id(card)] = words.trick_card_tip(self.names[seat], card.code, obs, seat == winning)
        for sprite in sorted(self.sprites, key=lambda s: s.z):
            if sprite.visible and sprite.alpha > 0:
                code = sprite.code if isinstance(sprite, Card) else None
                self.explain(sprite.rect, said.get(id(sprite)) or words.card_tip(code, obs))

    def draw_hint(self, surface: pygame.Surface, choices: list[tuple[Action, pygame.Rect]] | None) -> None:
        """Ring what plays the move the hint chose: its pile, wager choice or card."""
        hinted = self.hinted()
        if hinted is None or choices is None:
            return
        for action, rect in choices:
            if action == hinted:
                self.draw_hint_ring(surface, rect)
                return
