"""Trick or Treat at the table: seats with their candy, the pot, the supply, the trick, the viewer's hand.

The scene keeps a *display* of the table (pot slots, each seat's candy, cards in hand, the supply, the
trick's card sprites) that the animations change step by step as the events arrive; every batch of
events ends by rebuilding that display from the state, so a skipped or instant animation loses nothing.
Only what ``self.viewer`` may see is ever put in a sprite (``None`` card ids for hidden cards), except in the
replay of a finished game with ``show_all_hands``: there the other seats' hands are fanned face up beside their
plates and the face-down plays drawn face up, all read from the true state.

The display is rebuilt in ``scene_base``, animated in ``scene_anim`` and chosen from in ``scene_input``; this
module says what each thing on the table is (its tooltip), what the status line and the results say.
"""

from __future__ import annotations

import pygame

from game.core.contracts import find_action
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat import tips
from game.games.trick_or_treat.scene_anim import SceneAnimation
from game.games.trick_or_treat.scene_input import SceneInput
from game.games.trick_or_treat.scene_layout import TagSprite, card_text, draw_table
from game.ui.sprites import CandySprite, CardSprite, Sprite


class TrickOrTreatScene(SceneAnimation, SceneInput):
    """The table of Trick or Treat."""

    # --- drawing -----------------------------------------------------------------------------------------
    def _shown_counts(self, seat: int) -> tuple[int, int]:
        """``seat``'s cards in hand and candy points as the table shows them now."""
        values = self.state.rules.values
        cards = self.hand_counts[seat] if seat < len(self.hand_counts) else 0
        score = sum(c * v for c, v in zip(self.seat_candy[seat], values)) if seat < len(self.seat_candy) else 0
        return cards, score

    def badge_text(self, seat: int) -> str:
        cards, score = self._shown_counts(seat)
        return f"{cards} card{'s' if cards != 1 else ''}  \u00b7  {score} point{'s' if score != 1 else ''}"

    def badge_tip(self, seat: int) -> str:
        cards, score = self._shown_counts(seat)
        you = seat == self.viewer and len(self.humans) == 1
        return tips.badge_tip(self.names[seat], cards, score, seat == self.chip_seat, you)

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
        return tips.hand_card_tip(card_text(self.hand[index].card_id or ""), playing)

    def sprite_tip(self, sprite: Sprite) -> str:
        """What a sprite on the table (not in the hand) is: a trick card, its label, the chip, a banner, a flight."""
        kinds, values = self.state.rules.kinds, self.state.rules.values
        if sprite is self.chip:
            return tips.chip_tip(self.names[self.chip_seat])
        if isinstance(sprite, TagSprite):
            return tips.banner_tip(sprite.text) if sprite in self.banners else tips.tag_tip(sprite.text)
        if isinstance(sprite, CandySprite):
            kind = self.looks.index(sprite.look) if sprite.look in self.looks else 0
            return tips.candy_tip(kinds[kind], values[kind])
        held = next((s for s, cards in self.fans.items() if sprite in cards), None)
        if held is not None and isinstance(sprite, CardSprite):
            return tips.shown_hand_card_tip(self.names[held], card_text(sprite.card_id or ""))
        seat = next((s for s, card in self.trick.items() if card is sprite), None)
        if seat is None or not isinstance(sprite, CardSprite):
            return tips.FLYING_CARD_TIP
        name = self.names[seat]
        if seat in self.face_down and sprite.showing_face() and seat != self.viewer:
            return tips.shown_face_down_tip(name, card_text(sprite.card_id or ""))
        if seat in self.face_down or not sprite.showing_face():
            return tips.own_card_tip(card_text(sprite.card_id)) if sprite.card_id else tips.hidden_card_tip(name)
        return tips.trick_card_tip(name, card_text(sprite.card_id or ""), self._outcome(seat))

    def _outcome(self, seat: int) -> str:
        """How ``seat``'s revealed card fares, when the table shows the trick the state holds (not mid-animation)."""
        if self.tweens.busy:
            return ""
        obs = self.observation()
        card = obs.table[seat]
        if card is None:
            return ""
        return tips.trick_outcome(self.names[seat], wins=obs.trick_winner == seat, tied=seat in obs.tied,
                                  declared=obs.declarations[seat],
                                  undeclared_joker=r.is_joker(r.parse_card(card)) and obs.phase == r.DECLARE,
                                  pick_place=obs.pickers.index(seat) if seat in obs.pickers else None)

    def draw_table(self, surface: pygame.Surface) -> None:
        draw_table(self, surface)

    def status_text(self) -> str:
        state = self.state
        if state.is_terminal():
            return "Game over"
        if self.seat_to_play is not None:
            if state.phase == r.PLAY:
                return tips.PLAY_PROMPT
            if state.phase == r.DECLARE:
                return tips.DECLARE_STATUS
            return "Your pick: choose a candy from the pot"
        seat = state.current_player()
        name = self.names[seat]
        if self.tweens.busy:
            return "Click or press Space to skip the animation"
        if seat in self.humans:
            return f"Waiting for {name}"
        doing = {r.PLAY: "choosing a card", r.DECLARE: "declaring a joker", r.PICK: "picking a candy"}[state.phase]
        return f"{name} is {doing}..."

    def result_rows(self) -> list[str]:
        state = self.state
        jackpots = [0] * state.num_players
        jokers = [0] * state.num_players
        replay = self.record.new_state()
        for text in self.record.actions:
            for event in replay.apply_legal(find_action(replay, text)):
                if isinstance(event, r.Jackpot):
                    jackpots[event.seat] += 1
                elif isinstance(event, r.JokerJackpot):
                    jokers[event.coloured] += 1
                    jokers[event.black] += 1
        kinds, names = state.rules.kinds, self.names
        telling = [f"{names[s]} {jackpots[s]}" for s in range(state.num_players) if jackpots[s]]
        summary = [f"Jackpots: {', '.join(telling)}" if telling else "No jackpots"]
        paired = [f"{names[s]} {jokers[s]}" for s in range(state.num_players) if jokers[s]]
        if paired:
            summary.append(f"joker jackpots: {', '.join(paired)}")
        if sum(state.pot):
            summary.append(f"{sum(state.pot)} candy left in the pot scored for nobody")
        rows = ["; ".join(summary) + "."]
        if len(kinds) > 1:  # candy by kind, best score first (the screen drops what does not fit)
            for seat in sorted(range(state.num_players), key=lambda s: -state.scores()[s]):
                held = ", ".join(tips.candy_count(c, name) for c, name in zip(state.candy[seat], kinds) if c)
                rows.append(f"{names[seat]}: {sum(state.candy[seat])} candy" + (f" ({held})" if held else ""))
        return rows
