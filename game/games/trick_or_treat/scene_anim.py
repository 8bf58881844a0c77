"""Trick or Treat's events turned into animations: the deal, cards played and revealed, labels, banners, candy
flying from the supply to the pot and from the pot to a seat, the trick swept away and the dealer chip moved.
Each batch of events ends with ``build``, so a skipped animation loses nothing."""

from __future__ import annotations

from typing import Callable

from game.core.contracts import Event
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.scene_base import TrickOrTreatSceneBase
from game.games.trick_or_treat.scene_layout import POT_RIM, TagSprite, card_id, fan_places, hand_slots, ink_for
from game.ui import assets
from game.ui.sprites import CandySprite, CardSprite, Sprite
from game.ui.theme import blend
from game.ui.tween import Animation, Call, Delay, Later, Tween, parallel, sequence, stagger

BANNER_GAP = 8
"""Room (reference units) between a banner set over the pot and the pot's bowl."""


class SceneAnimation(TrickOrTreatSceneBase):
    """Animations of the table's events, each changing the display as it runs."""

    def enter(self) -> None:
        assets.background(self.layout.size)  # drawn once now rather than in the first frame
        super().enter()

    def on_opening(self, events: list[Event]) -> None:
        self.supply_count += sum(self.state.pot)
        self.pot_slots, self.hand, self.hand_counts = [], [], [0] * self.state.num_players
        self.on_events(events)

    def on_events(self, events: list[Event]) -> None:
        if self.tweens.busy:
            self.tweens.skip()
        gen = self.gen

        def animate(event: Event) -> Callable[[], Animation | None]:
            return lambda: self._animate(event) if self.gen == gen else None

        if self.show_all_hands:
            events = self._unveil(events)
        steps: list[Animation] = [sequence(Call(self.log_next), Later(animate(event))) for event in events]
        steps.append(Call(lambda: self.build() if self.gen == gen else None))
        self.tweens.add(sequence(*steps))

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
        names = self.state.rules.kinds
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

    def _animate(self, event: Event) -> Animation | None:  # noqa: C901 - one branch per event kind
        lay, n = self.layout, self.state.num_players
        kinds = self.state.rules.kinds
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
                return parallel(self._banner("Bigger Jackpots: the pot grows!", 20, "accent"), step)
            return step
        if isinstance(event, r.CardPlayed):
            return self._card_played(event)
        if isinstance(event, r.CardsRevealed):
            self.app.sound.play("play")
            self.face_down.clear()
            flips = [sprite.flip_to(True, 0.32, card_id=card_id(event.cards[seat]))
                     for seat, sprite in self.trick.items() if event.cards[seat]]
            return sequence(parallel(*flips), Delay(0.35))
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
                    parts.append(Tween(self.trick[seat], "alpha", 150.0, 0.25))
            return sequence(parallel(*parts), Delay(0.3))
        if isinstance(event, r.TrickWon):
            self.tags.append(self._tag(event.seat, "WINS", "good"))
            sprite = self.trick.get(event.seat)
            lift = [Tween(sprite, "scale", 1.1, 0.3, "out_back")] if sprite else []
            return sequence(parallel(*lift), Delay(0.35))
        if isinstance(event, r.HighestTied):
            return self._banner("Highest card tied: no winner", 18, "panel_edge", 0.5)
        if isinstance(event, r.Jackpot):
            return self._jackpot(event.seat, "JACKPOT!")
        if isinstance(event, r.JokerJackpot):
            self.app.sound.play("win")
            self.tags += [self._tag(event.coloured, "JOKER 1st", "focus"), self._tag(event.black, "JOKER", "focus")]
            lift = [Tween(self.trick[seat], "scale", 1.12, 0.3, "out_back")
                    for seat in (event.coloured, event.black) if seat in self.trick]
            return parallel(self._banner("JOKER JACKPOT!", 34, "focus", 0.6), *lift)
        if isinstance(event, r.CandyTaken):
            kind = kinds.index(event.kind) if event.kind in kinds else 0
            self.app.sound.play("candy")
            return self._candy_flight(kind, event.seat, self._release(kind), 0.42)
        if isinstance(event, r.PotRanOut):
            return self._banner("The pot is empty", 18, "panel_edge", 0.4)
        if isinstance(event, r.DealerChanged):
            return self._end_trick(event.seat)
        if isinstance(event, r.GameOver):
            self.app.sound.play("win")
            self.info = ""  # no deal is under way any more: the line over the table goes, as when built
            return self._banner("Game over", 30, "accent", 0.5, over_pot=True)
        del lay, n
        return None

    def _deal(self, event: r.Dealt) -> Animation:
        n, geo = self.state.num_players, self.geo
        start = geo.stations[event.dealer]
        mine = event.hands[self.viewer] if self.viewer is not None and geo.hand is not None else None
        self.hand = []
        self.hand_counts = [0] * n
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
            sprite.z = 10
            sprite.highlight = False
            ratio = geo.card[1] / geo.hand_card[1]
            if self.show_all_hands:  # still face down to the players, but the replay shows it
                self.face_down.add(seat)
                moves.append(sprite.move_to(geo.trick[seat], 0.32, scale=ratio))
            else:
                moves.append(parallel(sprite.move_to(geo.trick[seat], 0.32, scale=ratio),
                                      sprite.flip_to(False, 0.2)))
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
            sprite.scale = 0.6
            moves.append(sprite.move_to(geo.trick[seat], 0.32, "out_quad", scale=1.0))
        self.trick[seat] = sprite
        return parallel(*moves)

    def _jackpot(self, seat: int, title: str) -> Animation:
        self.app.sound.play("win")
        flights = []
        for index, kind in enumerate(list(self.pot_slots)):
            if kind is None or index in self.pending:
                continue
            start = self._slot_pos(index)
            flights.append(self._candy_flight(kind, seat, start, 0.55, spin=True))
        self.pot_slots = []
        winner = self.trick.get(seat)
        glow = [Tween(winner, "scale", 1.15, 0.3, "out_back"), Tween(winner, "alpha", 255.0, 0.3)] if winner else []
        self.tags.append(self._tag(seat, "JACKPOT", "focus"))
        return parallel(self._banner(title, 36, "focus", 0.9), *glow,
                        sequence(Delay(0.3), stagger(flights, min(0.07, 0.8 / max(1, len(flights))))))

    def _end_trick(self, dealer: int) -> Animation:
        cards = list(self.trick.values())
        sweep = [parallel(card.move_to(self.geo.pot, 0.3, "in_quad", scale=0.6), Tween(card, "alpha", 0.0, 0.3))
                 for card in cards]

        def clear() -> None:
            self.trick = {}
            self.tags = []

        def deals() -> None:
            self.chip_seat = dealer

        return sequence(Delay(0.25), parallel(*sweep), Call(clear),
                        self.chip.move_to(self._chip_pos(dealer), 0.45, "out_back"), Call(deals))
