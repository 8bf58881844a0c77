"""Rules events into animations for the Reapers table (a mixin of ``ReapersScene``).

Each animation moves sprites made at the last ``build`` (the table as it was before the action); the scene
builds again from the state when the animations end, so skipping them loses nothing. A banner over the table
tells an event in its log line's words while its cards move, and stays only while they are on the table: the
next trick's first card, or the next deal, takes it down.
"""

from __future__ import annotations

from game.core.contracts import Event
from game.games.reapers import rules as r
from game.games.reapers.cards import REAPER, graveyard_key, sort_key
from game.games.reapers.scene_base import ReapersSceneBase
from game.games.reapers.scene_view import Card, asset_id
from game.games.reapers.text import describe
from game.ui.tween import Animation, Call, Delay, Tween, parallel, sequence, stagger

MOVE = 0.32
TRICK_PAUSE = 0.6


class SceneAnimation(ReapersSceneBase):
    """Turning events into tweens."""

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

    @staticmethod
    def pause_before(event: Event) -> list[Animation]:
        """A complete trick stays on the table a moment before it is won (and its line logged)."""
        return [Delay(TRICK_PAUSE)] if isinstance(event, r.TrickWon) else []

    def _animate(self, event: Event, shown: r.ReapersObservation) -> list[Animation]:
        """The animation of ``event``, played on the table that ``shown`` describes (the view before it)."""
        geo = self.geo
        assert geo is not None
        if isinstance(event, r.PileTaken):
            return [self._take_pile(event)]
        if isinstance(event, r.GraveyardFormed):
            cards = sorted(self.pile_cards.pop(event.pile, []), key=lambda c: graveyard_key(c.code or "R"))
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
        text = describe(event, self.names)
        return Call(lambda: self.flash(text))

    def _take_pile(self, event: r.PileTaken) -> Animation:
        geo = self.geo
        assert geo is not None and self.view is not None
        cards = self.pile_cards.pop(event.pile, [])
        moves: list[Animation] = [self.sound_cue("deal")]
        if event.seat == geo.me:
            old = self.hand_cards.get(event.seat, [])
            face = not self.hands_hidden()
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
        """The Reaper's card flies from the Graveyard to the seat's score pile, which holds ``pile`` cards."""
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
            steps += [card.move_to((card.pos[0], card.pos[1] - geo.lay.px(30)), 0.2, "out_quad", scale=1.15),
                      card.move_to(target, 0.45, scale=geo.lay.px(30) / card.size[1])]
        return sequence(*steps)

    def _collect(self, event: r.TrickWon, pile: int) -> Animation:
        """The taken card flies to the winner's score pile, which holds ``pile`` cards; the rest go out."""
        geo = self.geo
        assert geo is not None
        trick, self.trick_cards = self.trick_cards, []
        moves: list[Animation] = [self._banner(event)]
        taken = None
        if event.winner is not None and event.taken is not None:
            taken = next((c for _, c in trick if c.code == event.taken), None)
            target = geo.score_anchor(event.winner, pile)
            if event.winner == self.viewer:
                moves.append(self.sound_cue("win"))
            if taken is not None:
                taken.z = 330
                moves.append(taken.move_to(target, 0.45, scale=geo.lay.px(30) / taken.size[1]))
        moves += [self._discard(c) for _, c in trick if c is not taken]
        return parallel(*moves)

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
