"""Trick or Treat's table display, kept apart from its animations and input: the sprites and counts rebuilt from
the state (``build``) as the viewer may see them, the labels on trick cards, the dealer chip, and the pot's slots
that flights reserve and release."""

from __future__ import annotations

from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.scene_layout import (TagSprite, candy_look, card_id, fan_places, geometry, hand_slots,
                                                    ink_for, pot_slot)
from game.ui.sprites import CardSprite, Sprite
from game.ui.table import TableScene
from game.ui.theme import blend


class TrickOrTreatSceneBase(TableScene):
    """The display of the table that ``SceneAnimation`` changes step by step and ``SceneInput`` reads."""

    log_width = 280
    state: r.TrickOrTreatState
    """The table's game, made by this game's ``new_game``: typed as this game's state (no value here)."""

    # --- display from the state -------------------------------------------------------------------------
    def build(self) -> None:
        self.gen = getattr(self, "gen", 0) + 1
        self.cursor = getattr(self, "cursor", 0)
        self.choice = getattr(self, "choice", 1)
        rules = self.state.rules
        self.looks = [candy_look(name, look) for name, look in zip(rules.kinds, rules.looks)]
        self.geo = geometry(self.layout, self.table_rect(), self.state.num_players, self.viewer)
        obs = self.observation()
        self.seat_candy = [list(c) for c in obs.candy]
        left = obs.tricks_left_in_deal
        self.info = "" if obs.phase == r.OVER else \
            f"Deal {obs.deal_number}  \u00b7  {left} trick{'s' if left != 1 else ''} left in this deal"
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
        for seat, said in enumerate(obs.declarations):
            if said:
                self.tags.append(self._tag(seat, said.upper(), "focus"))
        for seat in obs.tied:
            self.tags.append(self._tag(seat, "TIE", "danger"))
            if seat in self.trick:
                self.trick[seat].alpha = 150
        if obs.joker_jackpot:
            jokers = [seat for seat, card in enumerate(obs.table) if card in ("CJ", "BJ")]
            self.tags += [self._tag(seat, "JOKER", "focus") for seat in jokers]
        if obs.trick_winner is not None and obs.trick_winner in self.trick:
            self.tags.append(self._tag(obs.trick_winner, "WINS", "good"))
            self.trick[obs.trick_winner].scale = 1.1
        accent = self.app.palette.accent
        self.chip = TagSprite("D", self.layout.text_px(15), accent, ink_for(accent), (250, 230, 200),
                              self._chip_pos(obs.dealer), z=70)
        self.chip_seat = obs.dealer
        """The seat the dealer chip shows (it moves after the trick's animation, not with the state)."""
        self.flying: list[Sprite] = []
        self.banners: list[TagSprite] = getattr(self, "banners", [])

    def observation(self) -> r.TrickOrTreatObservation:
        """As ``TableScene.observation``, typed as this game's observation."""
        return self.state.observation(self.viewer)

    def sprites(self) -> list[Sprite]:
        """Every sprite on the table now (tests check what a viewer may see)."""
        fans = [card for cards in self.fans.values() for card in cards]
        return [*self.hand, *fans, *self.trick.values(), *self.tags, self.chip, *self.flying, *self.banners]

    def _chip_pos(self, seat: int) -> tuple[int, int]:
        x, y = self.geo.stations[seat]
        return (x + self.geo.badge[0] // 2 - self.layout.px(2), y - self.geo.badge[1] // 2 + self.layout.px(11))

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
