"""Trick or Treat at the table: seats with their candy, the pot, the supply, the trick, the viewer's hand.

The table keeps a *display* (pot slots, each seat's candy, cards in hand, the supply, the trick's card sprites)
that the animations change step by step as the rules' steps arrive (``on_steps``); every move ends by
rebuilding that display from the state, so a skipped or instant animation loses nothing. Only what
``self.viewer`` may see is ever put in a sprite (``None`` card ids for hidden cards), except in the replay of a
finished game with ``show_all_hands``: there the other seats' hands are fanned face up beside their plates and
the face-down plays drawn face up, all read from the true state. Where things go and how the parts are drawn
is ``view.py``; what they are called, ``words.py``.
"""

from __future__ import annotations

from typing import Callable

import pygame

from game.core.contracts import Action, Event, Observation, Step
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat import words
from game.games.trick_or_treat.view import (
    JOKER_ART, POT_RIM, PictureSprite, TagSprite, candy_look, candy_pile, card_id, card_text, draw_explained,
    draw_pot, draw_spots, draw_supply, draw_tally, fan_places, geometry, glow, hand_slots, ink_for, pill, pot_slot,
    short_card,
)
from game.ui import assets
from game.ui.app import App
from game.ui.plates import dealer_chip
from game.ui.sprites import CandySprite, CardSprite, Sprite
from game.ui.static_layer import StaticLayer
from game.ui.table import TableScene
from game.ui.text import draw_text, fit_size, panel
from game.ui.theme import Colour, blend, font
from game.ui.tween import Animation, Call, Delay, Later, Tween, parallel, sequence, stagger

PICK_KEYS = [pygame.K_1 + i for i in range(9)]
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PREV_KEYS = (pygame.K_LEFT, pygame.K_UP)
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN)
STRIP_TOP = 48
PICK_NAME, PICK_MORE = 16, 14
"""A candy button's name and small print (font sizes, reference units)."""
PICK_ICON, PICK_PAD, PICK_WORDS, PICK_WORDS_GAP = 30, 8, 44, 12
"""A candy button's candy, the room left of it and right of the words, where its words start, and the gap
between the name and the small print on one line (reference units)."""
PICK_ROWS_MOST = 3
"""The most rows of candy buttons in the action strip (nine kinds at most, the keys 1-9)."""
"""Reference units from the action strip's top to its buttons: room for the prompt and a hint ring's tag."""
HIGH_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
"""Declare the joker high ("=" is "+" without Shift); H is the hint key at every table."""
LOW_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
"""Declare the joker low."""
BANNER_GAP = 8
"""Room (reference units) between a banner set over the pot and the pot's bowl."""
CHIP_SIDE = 26
"""The dealer chip's side (reference units), on the corner of the dealer's plate."""
GLOW_SPREAD = 14
"""How far (reference units) the light under a winning or tied card of the trick reaches."""
GLOW_Z = 5
"""Glows lie on the felt under the trick's cards (z 10)."""
OVER_HAND_Z = 85
"""A card of the trick at this height or above is drawn over the viewer's hand (the card leaving it)."""
PLAY_TURN = 12.0
"""Degrees a card played from a plate is turned as it leaves it, straightening as it lands."""


class TrickOrTreatTable(TableScene):
    """The table of Trick or Treat: its display, the human's choices, the animations of the steps."""

    log_width = 280
    state: r.TrickOrTreatState
    """The table's game, made by this game's ``new_game``: typed as this game's state (no value here)."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        self.layer = StaticLayer()
        """What lies under the cards as last drawn, with its tips (``draw_seats``)."""
        super().__init__(app, setup, record)

    # --- display from the state -------------------------------------------------------------------------
    def build(self) -> None:
        self.gen = getattr(self, "gen", 0) + 1
        self.cursor = getattr(self, "cursor", 0)
        self.choice = getattr(self, "choice", 1)
        config = self.state.config
        self.looks = [candy_look(name, look) for name, look in zip(config.kinds, config.looks)]
        self.geo = geometry(self.layout, self.table_rect(), self.state.num_players, self.viewer)
        obs = self.known = self.state.observation(self.viewer)
        """What the viewer knew when the display was last built (read by tips, not once a frame)."""
        self.seat_candy = [list(c) for c in obs.candy]
        self.info = words.deal_line(obs)
        self.hand_counts = list(obs.hand_sizes)
        self.supply_count = obs.supply_size
        slots = getattr(self, "pot_slots", [])
        if [sum(1 for k in slots if k == kind) for kind in range(len(obs.pot))] != list(obs.pot):
            slots = [k for k, count in enumerate(obs.pot) for _ in range(count)]
        self.pot_slots: list[int | None] = slots
        self.pending: set[int] = set()
        self.hand: list[CardSprite] = []
        if self.geo.hand is not None:  # a seated viewer's hand (None for a spectator)
            places = hand_slots(len(obs.hand), self.geo.hand, self.geo.hand_card)
            self.hand = [CardSprite("playing", card_id(text), self.geo.hand_card, place, z=20 + i)
                         for i, (text, place) in enumerate(zip(obs.hand, places))]
        self.cursor = max(0, min(self.cursor, len(self.hand) - 1))
        self.fans: dict[int, list[CardSprite]] = {}
        """Each other seat's hand, face up: only while ``show_all_hands`` (a finished game's replay)."""
        if self.show_all_hands:
            hands = {seat: [r.card_text(c) for c in sorted(hand)]
                     for seat, hand in enumerate(self.state.hands) if seat != self.viewer}
            spots = fan_places(self.geo, {seat: len(texts) for seat, texts in hands.items()})
            self.fans = {seat: [CardSprite("playing", card_id(text), self.geo.fan_card, place, z=30 + i)
                                for i, (text, place) in enumerate(zip(texts, spots[seat]))]
                         for seat, texts in hands.items()}
        self.trick: dict[int, CardSprite] = {}
        self.face_down: set[int] = set()
        """Seats whose trick card the players have not seen yet, drawn face up only for ``show_all_hands``."""
        self.tags: list[TagSprite] = []
        for seat, played in enumerate(obs.played):
            if not played:
                continue
            shown = obs.table[seat]
            known = shown or (obs.my_card if seat == obs.seat else None)
            truth = self.state.played[seat] if self.show_all_hands and shown is None else None
            if truth is not None:
                known = r.card_text(truth)
                self.face_down.add(seat)
            self.trick[seat] = CardSprite("playing", card_id(known) if known else None, self.geo.card,
                                          self.geo.trick[seat], face_up=shown is not None or seat in self.face_down,
                                          z=10)
        self.glows: dict[int, PictureSprite] = {}
        """The light under a card of the trick: gold under the winner's (or a jackpot's), red under a tie."""
        self.tie_lights: set[int] = set()
        """The seats whose card's light marks a tie."""
        self.jokers_seen = tuple(text in obs.seen_this_deal for text in JOKER_ART)
        """Whether each joker (coloured, black) has turned up in this deal, as the tally shows it."""
        stats = self.state.stats
        self.jackpots = stats["jackpots"] + stats["joker_jackpots"]
        """The jackpots won so far (public: every one is announced), as the tally shows it."""
        for seat, said in enumerate(obs.declarations):
            if said:
                self.tags.append(self._tag(seat, said.upper(), "focus"))
        for seat in obs.tied:
            self.tags.append(self._tag(seat, "TIE", "danger"))
            if seat in self.trick:
                self.trick[seat].alpha = 150
                self.glows[seat] = self._glow(seat, "danger")
        if obs.joker_jackpot:
            jokers = [seat for seat, card in enumerate(obs.table) if card in ("CJ", "BJ")]
            self.tags += [self._tag(seat, "JOKER", "focus") for seat in jokers]
            self.glows.update({seat: self._glow(seat, "focus") for seat in jokers if seat in self.trick})
        if obs.trick_winner is not None and obs.trick_winner in self.trick:
            self.tags.append(self._tag(obs.trick_winner, "WINS", "good"))
            self.trick[obs.trick_winner].scale = 1.1
            self.glows[obs.trick_winner] = self._glow(obs.trick_winner, "focus")
        self.chip = PictureSprite(dealer_chip(self.layout.px(CHIP_SIDE)), self._chip_pos(obs.dealer), z=70)
        self.chip_seat = obs.dealer
        """The seat the dealer chip shows (it moves after the trick's animation, not with the state)."""
        self.flying: list[Sprite] = []
        self.banners: list[TagSprite] = getattr(self, "banners", [])

    def sprites(self) -> list[Sprite]:
        """Every sprite on the table now (tests check what a viewer may see)."""
        fans = [card for cards in self.fans.values() for card in cards]
        return [*self.hand, *fans, *self.glows.values(), *self.trick.values(), *self.tags, self.chip, *self.flying,
                *self.banners]

    def _chip_pos(self, seat: int) -> tuple[int, int]:
        x, y = self.geo.stations[seat]
        return (x + self.geo.badge[0] // 2 - self.layout.px(2), y - self.geo.badge[1] // 2 + self.layout.px(11))

    def _glow(self, seat: int, colour: str) -> PictureSprite:
        """The light under ``seat``'s card of the trick, in the palette's ``colour`` (``focus`` gold for the
        winner, ``danger`` for a tie)."""
        spread = self.layout.px(GLOW_SPREAD)
        if colour == "danger":
            self.tie_lights.add(seat)
        else:  # a dealer's tie for the top turns into the jackpot's light
            self.tie_lights.discard(seat)
        return PictureSprite(glow(self.geo.card, getattr(self.app.palette, colour), spread), self.geo.trick[seat],
                             z=GLOW_Z)

    def _light(self, seat: int, colour: str) -> Animation:
        """``seat``'s card of the trick lit from below: its glow fades in."""
        light = self._glow(seat, colour)
        light.alpha = 0.0
        self.glows[seat] = light
        return Tween(light, "alpha", 255.0, 0.3)

    def _tag(self, seat: int, text: str, colour: str) -> TagSprite:
        """A label on ``seat``'s trick card: what the card is (HIGH, LOW, JOKER, JACKPOT) on its top edge, how
        it fared (WINS, TIE) on its bottom edge, so two labels never cover each other."""
        pal = self.app.palette
        fill = getattr(pal, colour)
        x, y = self.geo.trick[seat]
        edge = self.geo.card[1] // 2 - self.layout.px(13)
        y += edge if text in ("WINS", "TIE") else -edge
        return TagSprite(text, self.layout.text_px(14), fill, ink_for(fill), blend(fill, (255, 255, 255), 0.5),
                         (x, y), z=40)

    def _slot_pos(self, index: int) -> tuple[float, float]:
        return pot_slot(index, len(self.pot_slots), self.geo.pot, self.geo.candy, self.geo.pot_radius)

    def _reserve(self, kind: int) -> int:
        free = next((i for i, k in enumerate(self.pot_slots) if k is None), None)
        if free is None:
            self.pot_slots.append(kind)
            free = len(self.pot_slots) - 1
        self.pot_slots[free] = kind
        self.pending.add(free)
        return free

    def _release(self, kind: int) -> tuple[float, float]:
        """Take a piece of ``kind`` out of the pot's display; where it was."""
        index = next((i for i in range(len(self.pot_slots) - 1, -1, -1)
                      if self.pot_slots[i] == kind and i not in self.pending), None)
        if index is None:
            return self.geo.pot
        where = self._slot_pos(index)
        self.pot_slots[index] = None
        while self.pot_slots and self.pot_slots[-1] is None and len(self.pot_slots) - 1 not in self.pending:
            self.pot_slots.pop()
        return where

    # --- input -----------------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._hover(event.pos)
        super().handle(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        phase = self.state.phase
        if phase == r.PLAY:
            index = next((i for i in range(len(self.hand) - 1, -1, -1) if self.hand[i].contains(pos)), None)
            if index is not None:
                self.cursor = index
        else:
            for rect, value, _ in self._buttons():
                if rect.collidepoint(pos):
                    self.choice = value

    def _try(self, action: Action) -> None:
        """Play ``action`` if the rules allow it now (a click or a key may name one they do not)."""
        if action in self.state.legal_actions():
            self.submit(action)

    def handle_input(self, event: pygame.event.Event) -> None:
        phase = self.state.phase
        if phase == r.PLAY:
            self._input_play(event)
            return
        buttons = self._buttons()
        values = [value for _, value, enabled in buttons if enabled]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, value, enabled in buttons:
                if rect.collidepoint(event.pos) and enabled:
                    self._choose(value)
                    return
            if phase == r.PICK:
                kind = self._pot_kind_at(event.pos)
                if kind is not None:
                    self._choose(kind)
        elif event.type == pygame.KEYDOWN:
            if event.key in PREV_KEYS + NEXT_KEYS and values:
                step = 1 if event.key in NEXT_KEYS else -1
                at = values.index(self.choice) if self.choice in values else -step
                self.choice = values[(at + step) % len(values)]
            elif event.key in CONFIRM_KEYS and self.choice in values:
                self._choose(self.choice)
            elif phase == r.DECLARE and event.key in HIGH_KEYS + LOW_KEYS:
                self._choose(1 if event.key in HIGH_KEYS else 0)
            elif phase == r.PICK and event.key in PICK_KEYS:
                self._choose(PICK_KEYS.index(event.key))

    def _choose(self, value: int) -> None:
        if self.state.phase == r.DECLARE:
            self._try(r.Declare(bool(value)))
        elif self.state.phase == r.PICK and 0 <= value < len(self.state.config.kinds):
            self._try(r.TakeCandy(self.state.config.kinds[value]))

    def _input_play(self, event: pygame.event.Event) -> None:
        if not self.hand:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = next((i for i in range(len(self.hand) - 1, -1, -1) if self.hand[i].contains(event.pos)), None)
            if index is not None:
                self._try(r.PlayCard(self.hand_label(index)))
        elif event.type == pygame.KEYDOWN:
            if event.key in PREV_KEYS + NEXT_KEYS:
                self.cursor = (self.cursor + (1 if event.key in NEXT_KEYS else -1)) % len(self.hand)
            elif event.key in CONFIRM_KEYS:
                self._try(r.PlayCard(self.hand_label(self.cursor)))

    def hand_label(self, index: int) -> str:
        """The play label (``8``, ``coloured joker``) of the card at ``index`` in the shown hand."""
        return r.play_label(r.parse_card(card_text(self.hand[index].card_id or "")))

    def _pot_kind_at(self, pos: tuple[int, int]) -> int | None:
        reach = self.geo.candy * 0.6
        for index, kind in enumerate(self.pot_slots):
            if kind is not None and index not in self.pending:
                x, y = self._slot_pos(index)
                if abs(pos[0] - x) <= reach and abs(pos[1] - y) <= reach:
                    return kind
        return None

    def _buttons(self) -> list[tuple[pygame.Rect, int, bool]]:
        """The action strip's buttons now: (rect, value, legal) - joker Low/High, or one per candy kind."""
        strip, lay = self.geo.hand, self.layout
        if strip is None or self.viewer is None or self.state.current_player() != self.viewer:
            return []
        body = pygame.Rect(strip.x, strip.y + lay.px(STRIP_TOP), strip.w, strip.h - lay.px(STRIP_TOP + 6))
        if self.state.phase == r.DECLARE:
            w = min(lay.px(250), body.w // 2 - lay.px(20))
            return [(pygame.Rect(body.centerx - lay.px(10) - w, body.y, w, body.h), 0, True),
                    (pygame.Rect(body.centerx + lay.px(10), body.y, w, body.h), 1, True)]
        if self.state.phase == r.PICK:
            kinds = self.state.config.kinds
            legal = {a.kind for a in self.state.legal_actions() if isinstance(a, r.TakeCandy)}
            rows = self._pick_rows(body, [(i, name in legal) for i, name in enumerate(kinds)])
            columns = -(-len(kinds) // rows)
            gap = lay.px(10)
            w = (body.w - gap * (columns - 1)) // columns
            w = min(lay.px(170), w) if rows == 1 else w
            h = (body.h - gap * (rows - 1)) // rows
            left = body.centerx - (w * columns + gap * (columns - 1)) // 2
            return [(pygame.Rect(left + i % columns * (w + gap), body.y + i // columns * (h + gap), w, h), i,
                     name in legal) for i, name in enumerate(kinds)]
        return []

    def _pick_words(self, value: int, legal: bool) -> tuple[str, str]:
        """A candy button's name ("3. cough drop") and its small print (its worth and how many are in the pot)."""
        config = self.state.config
        more = f"{config.values[value]:+d} each, {self.state.pot[value]} in pot" if legal else "none in the pot"
        return f"{value + 1}. {config.kinds[value]}", more

    def _pick_rows(self, body: pygame.Rect, buttons: list[tuple[int, bool]]) -> int:
        """In how many rows the candy buttons lie: one (each name over its small print, beside the candy) while
        their words fit so at the text size, else the fewest rows whose wider buttons hold each button's words
        on one line; one when none does (the words then made to fit, ``_draw_pick``)."""
        lay, gap = self.layout, self.layout.px(10)
        name_face, more_face = font(lay.text_px(PICK_NAME), bold=True), font(lay.text_px(PICK_MORE))
        words_w = [(name_face.size(name)[0], more_face.size(more)[0])
                   for name, more in (self._pick_words(value, legal) for value, legal in buttons)]
        beside = lay.px(PICK_WORDS + PICK_PAD)
        for rows in range(1, PICK_ROWS_MOST + 1):
            columns = -(-len(buttons) // rows)
            w = (body.w - gap * (columns - 1)) // columns
            h = (body.h - gap * (rows - 1)) // rows
            if rows == 1:
                w = min(lay.px(170), w)
                if all(beside + max(words) <= w for words in words_w) and \
                        name_face.get_linesize() + more_face.get_linesize() <= h:
                    return 1
            elif all(beside + name + lay.px(PICK_WORDS_GAP) + more <= w for name, more in words_w) and \
                    max(name_face.get_linesize(), more_face.get_linesize(), lay.px(PICK_ICON)) <= h:
                return rows
        return 1

    # --- animation -------------------------------------------------------------------------------------------

    def enter(self) -> None:
        assets.background(self.table_rect().size)  # drawn once now rather than in the first frame
        super().enter()

    def on_opening(self, events: list[Event]) -> None:
        """The set-up from an empty table: the game as it stands now is the view after each opening event."""
        self.supply_count += sum(self.state.pot)
        self.pot_slots, self.hand, self.hand_counts = [], [], [0] * self.state.num_players
        view = self.state.observation(self.viewer)
        self.on_steps([Step(event, view) for event in events])

    def on_steps(self, steps: list[Step]) -> None:
        """Each step animated in turn (with the viewer's view just after it); then the display rebuilt."""
        if self.tweens.busy:
            self.tweens.skip()
        gen = self.gen

        def animate(event: Event, view: Observation) -> Callable[[], Animation | None]:
            assert isinstance(view, r.TrickOrTreatObservation)  # the rules step with their own observations
            return lambda: self._animate(event, view) if self.gen == gen else None

        events = [step.event for step in steps]
        if self.show_all_hands:
            events = self._unveil(events)
        parts: list[Animation] = [sequence(Call(self.log_next), Later(animate(event, step.view)))
                                  for event, step in zip(events, steps)]
        parts.append(Call(lambda: self.build() if self.gen == gen else None))
        self.tweens.add(sequence(*parts))

    def _unveil(self, events: list[Event]) -> list[Event]:
        """``events`` with every seat's cards filled in from the true state (they come ``seen_by`` the viewer),
        read now: the animations run later, when the state may have moved on. A card played in the batch that
        ends its trick is in the reveal; any other is still on the table; a deal's hands are the hands now."""
        reveal = next((e.cards for e in events if isinstance(e, r.CardsRevealed)), None)
        state = self.state
        unveiled: list[Event] = []
        for event in events:
            if isinstance(event, r.CardPlayed) and event.card is None:
                truth = state.played[event.seat]
                card = reveal[event.seat] if reveal is not None else None if truth is None else r.card_text(truth)
                event = r.CardPlayed(event.seat, card)
            elif isinstance(event, r.Dealt):
                hands = tuple(tuple(r.card_text(c) for c in sorted(hand)) for hand in state.hands)
                event = r.Dealt(event.deal, event.dealer, event.hand_size, event.out_of_play,
                                tuple(given or hands[seat] for seat, given in enumerate(event.hands)))
            unveiled.append(event)
        return unveiled

    def _fly(self, sprite: Sprite, target: tuple[float, float], duration: float, land: Callable[[], None],
             **extra: float) -> Animation:
        """``sprite`` shown in flight from where it is to ``target``; ``land`` runs on arrival."""
        def start() -> None:
            self.flying.append(sprite)

        def end() -> None:
            if sprite in self.flying:
                self.flying.remove(sprite)
            land()

        return sequence(Call(start), sprite.move_to(target, duration, "in_out_cubic", **extra), Call(end))

    def _candy_flight(self, kind: int, seat: int, start: tuple[float, float], duration: float = 0.4,
                      spin: bool = False) -> Animation:
        sprite = CandySprite(self.looks[kind], self.geo.candy, start, z=80)

        def land() -> None:
            self.seat_candy[seat][kind] += 1

        extra = {"angle": 360.0, "scale": 0.8} if spin else {"scale": 0.85}
        return self._fly(sprite, self.geo.rows[seat], duration, land, **extra)

    def _banner(self, text: str, size: float, colour: str, hold: float = 0.7, *, over_pot: bool = False) -> Animation:
        """A label that pops up on the pot and fades; ``over_pot``: above the pot's bowl instead, clear of the pot
        and its count (the game's end, when what the pot still holds is worth reading)."""
        pal = self.app.palette
        fill = getattr(pal, colour)
        tag = TagSprite(text, self.layout.text_px(size), fill, ink_for(fill), blend(fill, (255, 255, 255), 0.6),
                        self.geo.pot, z=95)
        if over_pot:
            x, y = self.geo.pot
            bowl_top = y - self.geo.pot_radius - self.layout.px(POT_RIM)
            tag.pos = (x, bowl_top - self.layout.px(BANNER_GAP) - tag.image().get_height() / 2)
        tag.scale = 0.3

        def show() -> None:
            self.banners.append(tag)

        def hide() -> None:
            if tag in self.banners:
                self.banners.remove(tag)

        return sequence(Call(show), Tween(tag, "scale", 1.0, 0.3, "out_back"), Delay(hold),
                        Tween(tag, "alpha", 0.0, 0.25, "linear"), Call(hide))

    def _top_up(self, kinds: tuple[str, ...]) -> Animation:
        names = self.state.config.kinds
        parts = []
        for name in kinds:
            kind = names.index(name) if name in names else 0
            slot = self._reserve(kind)
            sprite = CandySprite(self.looks[kind], self.geo.candy, self.geo.supply, z=80)
            self.supply_count = max(0, self.supply_count - 1)

            def land(slot: int = slot) -> None:
                self.pending.discard(slot)

            parts.append(self._fly(sprite, self._slot_pos(slot), 0.35, land))
        self.app.sound.play("candy")
        return stagger(parts, min(0.08, 0.6 / max(1, len(parts))))

    def _animate(self, event: Event, view: r.TrickOrTreatObservation) -> Animation | None:  # noqa: C901
        """One event's animation (one branch per event kind), ``view`` being the table just after it."""
        kinds = self.state.config.kinds
        if isinstance(event, r.FirstDealer):
            self.chip.pos = self._chip_pos(event.seat)
            self.chip_seat = event.seat
            self.chip.scale = 0.2
            return Tween(self.chip, "scale", 1.0, 0.3, "out_back")
        if isinstance(event, r.Dealt):
            return self._deal(event)
        if isinstance(event, (r.PotToppedUp, r.PotGrew)):
            step = self._top_up(event.kinds)
            if isinstance(event, r.PotGrew):
                return parallel(self._banner(words.POT_GROWS, 20, "accent"), step)
            return step
        if isinstance(event, r.CardPlayed):
            return self._card_played(event)
        if isinstance(event, r.CardsRevealed):
            return self._reveal(event, view)
        if isinstance(event, r.JokerDeclared):
            tag = self._tag(event.seat, "HIGH" if event.high else "LOW", "focus")
            tag.scale = 0.2
            self.tags.append(tag)
            self.app.sound.play("click")
            return sequence(Tween(tag, "scale", 1.0, 0.3, "out_back"), Delay(0.3))
        if isinstance(event, r.TiesFound):
            parts: list[Animation] = []
            for seat in event.seats:
                self.tags.append(self._tag(seat, "TIE", "danger"))
                if seat in self.trick:
                    parts += [Tween(self.trick[seat], "alpha", 150.0, 0.25), self._light(seat, "danger")]
            return sequence(parallel(*parts), Delay(0.3))
        if isinstance(event, r.TrickWon):
            self.tags.append(self._tag(event.seat, "WINS", "good"))
            sprite = self.trick.get(event.seat)
            lift = [Tween(sprite, "scale", 1.1, 0.3, "out_back"), self._light(event.seat, "focus")] if sprite else []
            return sequence(parallel(*lift), Delay(0.35))
        if isinstance(event, r.HighestTied):
            return self._banner(words.HIGHEST_TIED, 18, "panel_edge", 0.5)
        if isinstance(event, r.Jackpot):
            return self._jackpot(event.seat)
        if isinstance(event, r.JokerJackpot):
            self.jackpots += 1
            self.tags += [self._tag(event.coloured, "JOKER 1st", "focus"), self._tag(event.black, "JOKER", "focus")]
            lift = [parallel(Tween(self.trick[seat], "scale", 1.12, 0.3, "out_back"), self._light(seat, "focus"))
                    for seat in (event.coloured, event.black) if seat in self.trick]
            return parallel(self._banner(words.JOKER_JACKPOT, 34, "focus", 0.6), self._pot_burst(), *lift)
        if isinstance(event, r.CandyTaken):
            kind = kinds.index(event.kind) if event.kind in kinds else 0
            self.app.sound.play("candy")
            return self._candy_flight(kind, event.seat, self._release(kind), 0.42)
        if isinstance(event, r.PotRanOut):
            return self._banner(words.POT_EMPTY, 18, "panel_edge", 0.4)
        if isinstance(event, r.DealerChanged):
            return self._end_trick(event.seat)
        if isinstance(event, r.GameOver):
            self.info = words.deal_line(view)  # no deal is under way any more: the line over the table goes
            reach = self.geo.badge[0]
            cheers = [self.flourish("win", self.geo.stations[seat], reach, self.app.palette.seats[seat])
                      for seat in event.winners]
            return parallel(self._banner(words.GAME_OVER, 30, "accent", 0.5, over_pot=True), *cheers)
        return None

    def _reveal(self, event: r.CardsRevealed, view: r.TrickOrTreatObservation) -> Animation:
        """Every card of the trick turned up where it lies, one after another in the order played; a joker that
        turns up gets its whirl and whistle."""
        self.app.sound.play("play")
        self.face_down.clear()
        self.jokers_seen = tuple(text in view.seen_this_deal for text in JOKER_ART)
        order = [(view.dealer + i) % view.players for i in range(view.players)]
        flips: list[Animation] = []
        for seat in order:
            sprite, text = self.trick.get(seat), event.cards[seat]
            if sprite is None or not text:
                continue
            flip = sprite.flip_to(True, 0.28, card_id=card_id(text))
            if text in JOKER_ART:
                reach = self.geo.card[1]
                flip = sequence(flip, self.flourish("joker", self.geo.trick[seat], reach,
                                                    self.app.palette.seats[seat % len(self.app.palette.seats)]))
            flips.append(flip)
        return sequence(stagger(flips, min(0.09, 0.5 / max(1, len(flips)))), Delay(0.3))

    def _pot_burst(self) -> Animation:
        """The jackpot's golden starburst over the candy bowl."""
        reach = self.geo.pot_radius + self.layout.px(POT_RIM) + self.layout.px(60)
        return self.flourish("jackpot", self.geo.pot, reach)

    def _deal(self, event: r.Dealt) -> Animation:
        n, geo = self.state.num_players, self.geo
        start = geo.stations[event.dealer]
        mine = event.hands[self.viewer] if self.viewer is not None and geo.hand is not None else None
        self.hand = []
        self.hand_counts = [0] * n
        self.jokers_seen = (False,) * len(JOKER_ART)  # a new deal: both jokers may come again
        own = [CardSprite("playing", card_id(text), geo.hand_card, start, face_up=False, z=20 + i)
               for i, text in enumerate(mine or ())]
        places = hand_slots(len(own), geo.hand, geo.hand_card) if geo.hand is not None else []
        parts: list[Animation] = []
        dealt_mine = 0
        self.fans = {}
        # each other seat's cards when the events name them (show_all_hands), with their places in its fan
        fans: dict[int, list[tuple[CardSprite, tuple[float, float]]]] = {}
        given = {seat: sorted(hand, key=r.parse_card) for seat, hand in enumerate(event.hands)
                 if hand and seat != self.viewer}
        spots = fan_places(geo, {seat: len(hand) for seat, hand in given.items()})
        for seat, hand in given.items():
            fans[seat] = [(CardSprite("playing", card_id(text), geo.fan_card, start, z=30 + i), place)
                          for i, (text, place) in enumerate(zip(hand, spots[seat]))]
        order = [(event.dealer + 1 + i) % n for i in range(event.hand_size * n)]
        for i, seat in enumerate(order):
            sound = self.sound_cue("deal") if i % 3 == 0 else Call(lambda: None)
            if mine is not None and seat == self.viewer and dealt_mine < len(own):
                sprite, place = own[dealt_mine], places[dealt_mine]
                dealt_mine += 1
                sprite.visible = False

                def show(sprite: CardSprite = sprite, seat: int = seat) -> None:  # seat: the viewer's
                    sprite.visible = True
                    self.hand.append(sprite)
                    self.hand_counts[seat] += 1

                parts.append(sequence(sound, Call(show), sprite.move_to(place, 0.3, "out_quad"),
                                      sprite.flip_to(True, 0.12)))
            elif seat in fans and fans[seat]:
                sprite, place = fans[seat].pop(0)

                def join(sprite: CardSprite = sprite, seat: int = seat) -> None:
                    self.fans.setdefault(seat, []).append(sprite)
                    self.hand_counts[seat] += 1

                parts.append(sequence(sound, self._fly(sprite, place, 0.3, join)))
            else:
                back = CardSprite("playing", None, geo.card, start, face_up=False, z=75)

                def land(seat: int = seat) -> None:
                    self.hand_counts[seat] += 1

                parts.append(sequence(sound, parallel(self._fly(back, geo.stations[seat], 0.3, land, scale=0.35),
                                                      sequence(Delay(0.15), Tween(back, "alpha", 40.0, 0.15)))))
        return stagger(parts, min(0.045, 1.5 / max(1, len(parts))))

    def _card_played(self, event: r.CardPlayed) -> Animation:
        geo, seat = self.geo, event.seat
        self.app.sound.play("play")
        self.hand_counts[seat] = max(0, self.hand_counts[seat] - 1)
        sprite = None
        if event.card is not None and seat == self.viewer:
            sprite = next((s for s in self.hand if s.card_id == card_id(event.card)), None)
        moves: list[Animation] = []
        if sprite is not None:
            self.hand.remove(sprite)
            sprite.z = OVER_HAND_Z  # it leaves the hand over the cards still held
            sprite.highlight = False
            ratio = geo.card[1] / geo.hand_card[1]
            if self.show_all_hands:  # still face down to the players, but the replay shows it
                self.face_down.add(seat)
                moves.append(sprite.move_to(geo.trick[seat], 0.32, scale=ratio))
            else:
                moves.append(parallel(sprite.move_to(geo.trick[seat], 0.32, scale=ratio),
                                      sprite.flip_to(False, 0.2)))

            def landed(card: CardSprite = sprite) -> None:
                card.z = 10

            moves = [sequence(parallel(*moves), Call(landed))]
            places = hand_slots(len(self.hand), geo.hand, geo.hand_card) if geo.hand is not None else []
            moves += [card.move_to(place, 0.25) for card, place in zip(self.hand, places)]
        elif event.card is not None and seat in self.fans:  # show_all_hands: the card leaves its fan face up
            fan = self.fans[seat]
            sprite = next((s for s in fan if s.card_id == card_id(event.card)), None) or \
                CardSprite("playing", card_id(event.card), geo.fan_card, geo.fans[seat].rect.center)
            if sprite in fan:
                fan.remove(sprite)
            sprite.z = 10
            self.face_down.add(seat)
            ratio = geo.card[0] / sprite.size[0]
            moves.append(sprite.move_to(geo.trick[seat], 0.32, "out_quad", scale=ratio))
            places = fan_places(geo, {other: len(cards) for other, cards in self.fans.items()})[seat]
            moves += [card.move_to(place, 0.25) for card, place in zip(fan, places)]
        else:
            sprite = CardSprite("playing", None, geo.card, geo.stations[seat], face_up=False, z=10)
            sprite.scale, sprite.angle = 0.6, PLAY_TURN if geo.trick[seat][0] >= geo.stations[seat][0] else -PLAY_TURN
            moves.append(sprite.move_to(geo.trick[seat], 0.32, "out_quad", angle=0.0, scale=1.0))
        self.trick[seat] = sprite
        return parallel(*moves)

    def _jackpot(self, seat: int) -> Animation:
        self.jackpots += 1
        flights = []
        for index, kind in enumerate(list(self.pot_slots)):
            if kind is None or index in self.pending:
                continue
            start = self._slot_pos(index)
            flights.append(self._candy_flight(kind, seat, start, 0.55, spin=True))
        self.pot_slots = []
        winner = self.trick.get(seat)
        lift = [Tween(winner, "scale", 1.15, 0.3, "out_back"), Tween(winner, "alpha", 255.0, 0.3),
                self._light(seat, "focus")] if winner else []
        self.tags.append(self._tag(seat, "JACKPOT", "focus"))
        return parallel(self._banner(words.JACKPOT, 36, "focus", 0.9), self._pot_burst(), *lift,
                        sequence(Delay(0.3), stagger(flights, min(0.07, 0.8 / max(1, len(flights))))))

    def _end_trick(self, dealer: int) -> Animation:
        cards = list(self.trick.values())
        sweep: list[Animation] = [parallel(card.move_to(self.geo.pot, 0.3, "in_quad", scale=0.6),
                                           Tween(card, "alpha", 0.0, 0.3)) for card in cards]

        sweep += [Tween(light, "alpha", 0.0, 0.3) for light in self.glows.values()]

        def clear() -> None:
            self.trick = {}
            self.tags = []
            self.glows = {}
            self.tie_lights = set()

        def deals() -> None:
            self.chip_seat = dealer

        return sequence(Delay(0.25), parallel(*sweep), Call(clear),
                        self.chip.move_to(self._chip_pos(dealer), 0.45, "out_back"), Call(deals))

    # --- drawing and words -----------------------------------------------------------------------------------

    def _shown_counts(self, seat: int) -> tuple[int, int]:
        """``seat``'s cards in hand and candy points as the table shows them now."""
        values = self.state.config.values
        cards = self.hand_counts[seat] if seat < len(self.hand_counts) else 0
        score = sum(c * v for c, v in zip(self.seat_candy[seat], values)) if seat < len(self.seat_candy) else 0
        return cards, score

    def badge_text(self, seat: int) -> str:
        cards, score = self._shown_counts(seat)
        return f"{cards} card{'s' if cards != 1 else ''}  \u00b7  {score} point{'s' if score != 1 else ''}"

    def badge_tip(self, seat: int) -> str:
        cards, score = self._shown_counts(seat)
        you = seat == self.viewer and len(self.humans) == 1
        return words.badge_tip(self.names[seat], cards, score, seat == self.chip_seat, you)

    def focus_rect(self) -> pygame.Rect | None:
        """The hand card the arrows are on, or the joker / candy button they chose."""
        if self.seat_to_play is None:
            return None
        if self.state.phase == r.PLAY:
            return self.hand_rect(self.cursor) if self.hand else None
        return next((rect for rect, value, _ in self._buttons() if value == self.choice), None)

    def hand_rect(self, index: int) -> pygame.Rect:
        """Where the hand's card ``index`` is drawn: the card under the arrows is lifted on the viewer's turn."""
        rect = self.hand[index].rect
        lifted = index == self.cursor and self.seat_to_play is not None and self.state.phase == r.PLAY
        return rect.move(0, -self.layout.px(16)) if lifted else rect

    def hand_tip(self, index: int) -> str:
        """What the hand's card ``index`` is, and how to play it when it is the viewer's turn."""
        playing = self.seat_to_play is not None and self.state.phase == r.PLAY
        return words.hand_card_tip(card_text(self.hand[index].card_id or ""), playing)

    def sprite_tip(self, sprite: Sprite) -> str:
        """What a sprite on the table (not in the hand) is: a trick card, its label, the chip, a banner, a flight."""
        kinds, values = self.state.config.kinds, self.state.config.values
        if sprite is self.chip:
            return words.chip_tip(self.names[self.chip_seat])
        if isinstance(sprite, TagSprite):
            return words.banner_tip(sprite.text) if sprite in self.banners else words.tag_tip(sprite.text)
        lit = next((s for s, light in self.glows.items() if light is sprite), None)
        if lit is not None:
            return words.glow_tip(self.names[lit], lit in self.tie_lights)
        if isinstance(sprite, CandySprite):
            kind = self.looks.index(sprite.look) if sprite.look in self.looks else 0
            return words.candy_tip(kinds[kind], values[kind])
        held = next((s for s, cards in self.fans.items() if sprite in cards), None)
        if held is not None and isinstance(sprite, CardSprite):
            return words.shown_hand_card_tip(self.names[held], card_text(sprite.card_id or ""))
        seat = next((s for s, card in self.trick.items() if card is sprite), None)
        if seat is None or not isinstance(sprite, CardSprite):
            return words.FLYING_CARD_TIP
        name = self.names[seat]
        if seat in self.face_down and sprite.showing_face() and seat != self.viewer:
            return words.shown_face_down_tip(name, card_text(sprite.card_id or ""))
        if seat in self.face_down or not sprite.showing_face():
            return words.own_card_tip(card_text(sprite.card_id)) if sprite.card_id else words.hidden_card_tip(name)
        return words.trick_card_tip(name, card_text(sprite.card_id or ""), self._outcome(seat))

    def _outcome(self, seat: int) -> str:
        """How ``seat``'s revealed card fares, when the table shows the trick the state holds (not mid-animation)."""
        if self.tweens.busy:
            return ""
        obs = self.known
        card = obs.table[seat]
        if card is None:
            return ""
        return words.trick_outcome(self.names[seat], wins=obs.trick_winner == seat, tied=seat in obs.tied,
                                  declared=obs.declarations[seat],
                                  undeclared_joker=card in ("CJ", "BJ") and obs.phase == r.DECLARE,
                                  pick_place=obs.pickers.index(seat) if seat in obs.pickers else None)

    def status_text(self) -> str:
        state = self.state
        if state.is_terminal():
            return super().status_text()
        if self.seat_to_play is not None:
            if state.phase == r.PLAY:
                return words.PLAY_PROMPT
            if state.phase == r.DECLARE:
                return words.DECLARE_STATUS
            return words.PICK_STATUS
        seat = state.current_player()
        name = self.names[seat]
        if self.tweens.busy:
            return words.SKIP_STATUS
        if seat in self.humans:
            return f"Waiting for {name}"
        return f"{name} is {words.DOING[state.phase]}..."

    def result_rows(self) -> list[str]:
        state = self.state
        jackpots = [0] * state.num_players
        jokers = [0] * state.num_players
        for step in self.record.replay_steps():
            for event in step.events:
                if isinstance(event, r.Jackpot):
                    jackpots[event.seat] += 1
                elif isinstance(event, r.JokerJackpot):
                    jokers[event.coloured] += 1
                    jokers[event.black] += 1
        order = sorted(range(state.num_players), key=lambda s: -state.scores()[s])
        return words.result_rows(self.names, jackpots, jokers, sum(state.pot), state.candy, state.config.kinds, order)

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table: pot, supply, seats with their candy, the trick, the hand or action strip, flights; each
        thing explained (``self.explain``) as it is drawn, the hint's choice ringed. What lies under the cards
        (the background, pot, supply, seats and their candy) is kept with its tips and drawn again only when
        it changes (``layer_key``)."""
        lay, pal = self.layout, self.app.palette
        picking = self.state.phase == r.PICK and self.seat_to_play is not None
        table = self.table_rect()

        def draw() -> pygame.Surface:  # the table's rect starts at the window's corner: the same coordinates
            layer = self.layer.reusable(table.size)  # the background covers all of it: drawn over the last one
            if layer is None:
                layer = pygame.Surface(table.size, 0, surface)
            self.draw_seats(layer, picking)
            return layer

        surface.blit(self.layer.drawn(self.layer_key(picking), draw, self.tips), table)
        self.layer.explain(self.tips)
        draw_explained(surface, [card for cards in self.fans.values() for card in cards], self.explain, self.sprite_tip)
        leaving = [card for card in self.trick.values() if card.z >= OVER_HAND_Z]
        lying = [card for card in self.trick.values() if card.z < OVER_HAND_Z]
        draw_explained(surface, [*self.glows.values(), *lying, *self.tags, self.chip], self.explain, self.sprite_tip)
        own = self.trick.get(self.viewer) if self.viewer is not None else None
        if own is not None and own.card_id is not None and not own.showing_face() and not own.flip:
            text = "your " + short_card(card_text(own.card_id))
            label = pill(text, lay.text_px(14), pal.panel, pal.text, pal.panel_edge)
            surface.blit(label, label.get_rect(center=(round(own.pos[0]), round(own.pos[1]))))
        self._draw_strip(surface)
        draw_explained(surface, [*leaving, *self.flying, *self.banners], self.explain, self.sprite_tip)

    def layer_key(self, picking: bool) -> tuple:
        """All that the layer under the cards shows: the build, the window, the palette, the eyes, the pot, the
        supply, each seat's candy and cards, whose turn is ringed and who holds the chip."""
        return (self.gen, self.layout.size, self.app.palette.name, self.viewer, picking, tuple(self.pot_slots),
                tuple(sorted(self.pending)), self.supply_count, tuple(tuple(c) for c in self.seat_candy),
                tuple(self.hand_counts), self.turn_shown(), self.chip_seat, self.info, self.jokers_seen, self.jackpots)

    def draw_seats(self, surface: pygame.Surface, picking: bool) -> None:
        """The layer under the cards: background, the deal's line, the tally of jokers and jackpots, each seat's
        place on the felt, pot, supply, the seats' plates and candy piles, each explained."""
        lay, pal, geo = self.layout, self.app.palette, self.geo
        config = self.state.config
        surface.blit(assets.background(self.table_rect().size), (0, 0))
        if self.info:
            line = draw_text(surface, self.info, lay.text_px(15), pal.text_dim,
                             (geo.table.x + lay.px(14), geo.table.y + lay.px(10)))
            self.explain(line, words.info_tip(self.known.tricks_left_in_deal))
        draw_tally(surface, lay, pal, geo, self.jokers_seen, self.jackpots, self.explain)
        draw_spots(surface, lay, pal, geo, self.names, self.explain)
        draw_pot(surface, lay, pal, geo, self.pot_slots, self.pending, self.looks, config, picking, self.explain)
        draw_supply(surface, lay, pal, geo, self.supply_count, self.looks, self.explain)
        for seat, point in enumerate(geo.stations):
            self.draw_badge(surface, seat, point)
            counts, name = self.seat_candy[seat], self.names[seat]
            row, kinds = candy_pile(surface, lay, pal, geo.rows[seat], counts, self.looks, geo.row_candy)
            self.explain(row, words.row_tip(name, counts, config.kinds, config.values))
            for rect, kind in kinds:
                self.explain(rect, words.row_candy_tip(name, config.kinds[kind], config.values[kind], counts[kind]))

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The viewer's hand, or on their joker or candy decision the strip of buttons; the hint's choice ringed."""
        lay, pal, strip = self.layout, self.app.palette, self.geo.hand
        if strip is None:
            return
        hinted = self.hinted()
        mine = self.seat_to_play is not None
        phase = self.state.phase
        if not (mine and phase in (r.DECLARE, r.PICK)):
            for i, card in enumerate(self.hand):
                rect = self.hand_rect(i)
                lifted = rect != card.rect
                if lifted:
                    x, y = card.pos
                    card.pos, card.highlight = (x, y - lay.px(16)), True
                    card.draw(surface)
                    card.pos, card.highlight = (x, y), False
                else:
                    card.draw(surface)
                self.explain(rect, self.hand_tip(i))
            if isinstance(hinted, r.PlayCard):
                index = next((i for i in range(len(self.hand)) if self.hand_label(i) == hinted.label), None)
                if index is not None:
                    self.draw_hint_ring(surface, self.hand_rect(index))
            return
        panel(surface, strip, pal.panel, pal.focus, radius=lay.px(10), alpha=235, width=max(2, lay.px(2)))
        title, about = (words.DECLARE_PROMPT, words.DECLARE_PROMPT_TIP) if phase == r.DECLARE else \
            (words.PICK_PROMPT, words.PICK_PROMPT_TIP)
        self.explain(strip, about)
        self.keep_clear_of_tips(strip)
        said = draw_text(surface, title, fit_size(title, lay.text_px(18), strip.w - lay.px(24), bold=True), pal.focus,
                         (strip.centerx, strip.y + lay.px(14)), anchor="center", bold=True)
        self.explain(said, about)
        kinds, values = self.state.config.kinds, self.state.config.values
        for rect, value, legal in self._buttons():
            chosen = value == self.choice and legal
            # no lighter than the table, so the candies on it keep their contrast (game.ui.contrast)
            fill = blend(pal.panel, pal.panel_edge, 0.25 if chosen else 0.1)
            panel(surface, rect, fill, pal.focus if chosen else pal.panel_edge, radius=lay.px(8),
                  width=max(2, lay.px(3)) if chosen else 1)
            ink = pal.text if legal else blend(pal.text_dim, pal.panel, 0.45)
            if phase == r.DECLARE:
                label, small = words.DECLARE_WORDS[bool(value)]
                draw_stacked(surface, rect, [(label, lay.text_px(24), ink, True),
                                             (small, lay.text_px(15), pal.text_dim, False)])
                self.explain(rect, words.declare_button_tip(bool(value)))
                continue
            self._draw_pick(surface, rect, value, legal, ink)
            self.explain(rect, words.pick_button_tip(kinds[value], values[value], self.state.pot[value], value + 1))
        ringed = hint_button(hinted, kinds)
        for rect, value, _ in self._buttons():
            if value == ringed:
                self.draw_hint_ring(surface, rect)

    def _draw_pick(self, surface: pygame.Surface, rect: pygame.Rect, value: int, legal: bool,
                   ink: tuple[int, int, int]) -> None:
        """A candy button: the candy, its name and its small print, the name over the small print beside the candy
        when the button is tall enough for both (one row of buttons), else the three on one line; words still
        too wide (many kinds) are made to fit."""
        lay, pal = self.layout, self.app.palette
        icon = assets.candy(self.looks[value], lay.px(PICK_ICON))
        if not legal:
            icon = icon.copy()
            icon.set_alpha(90)
        surface.blit(icon, icon.get_rect(midleft=(rect.x + lay.px(PICK_PAD), rect.centery)))
        name, more = self._pick_words(value, legal)
        x = rect.x + lay.px(PICK_WORDS)
        room = rect.right - lay.px(PICK_PAD) - x
        dim = pal.text_dim if legal else ink
        name_size, more_size = lay.text_px(PICK_NAME), lay.text_px(PICK_MORE)
        if rect.h < font(name_size, bold=True).get_linesize() + font(more_size).get_linesize():
            draw_text(surface, name, name_size, ink, (x, rect.centery), anchor="midleft", bold=True)
            draw_text(surface, more, more_size, dim, (rect.right - lay.px(PICK_PAD), rect.centery),
                      anchor="midright")
            return
        draw_stacked(surface, pygame.Rect(x, rect.y, room, rect.h),
                     [(name, fit_size(name, name_size, room, bold=True), ink, True),
                      (more, fit_size(more, more_size, room, minimum=10), dim, False)], left=True)


def draw_stacked(surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, int, Colour, bool]], *,
                 left: bool = False) -> list[pygame.Rect]:
    """``lines`` (text, size, colour, bold) one under the other, each a line's height of its own, the block
    centred on ``rect``'s height and each line centred on its width (or at its left edge): a larger text size
    moves them apart rather than onto each other. Each line's rect."""
    heights = [font(size, bold=bold).get_linesize() for _, size, _, bold in lines]
    y = rect.centery - sum(heights) // 2
    shown = []
    for (text, size, colour, bold), height in zip(lines, heights):
        anchor, x = ("topleft", rect.x) if left else ("midtop", rect.centerx)
        shown.append(draw_text(surface, text, size, colour, (x, y), anchor=anchor, bold=bold))
        y += height
    return shown


def hint_button(hinted: Action | None, kinds: tuple[str, ...]) -> int | None:
    """The strip button's value that plays the hinted action (1 high / 0 low, or the candy kind), if any."""
    if isinstance(hinted, r.Declare):
        return int(hinted.high)
    if isinstance(hinted, r.TakeCandy) and hinted.kind in kinds:
        return kinds.index(hinted.kind)
    return None
