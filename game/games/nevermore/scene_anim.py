"""Rules events into animations for the Nevermore table (a mixin of ``NevermoreScene``).

Each event becomes one step of a sequence; a step is made when it is reached (``Later``), from the display
as it is then. Steps change only the display (``self.shown``, sprites, caption, banner, pop-up); the batch
ends by building everything again from the state, so skipping or turning animations off loses nothing. A batch
in which a hand ends stops there with the hand's summary (``scene_summary``): the next hand's events, and their
log lines, wait until it is dismissed.
"""

from __future__ import annotations

import copy
from functools import lru_cache, partial
from typing import Callable

import pygame

from game.core.contracts import Event
from game.core.words import listed
from game.ui.sprites import Sprite
from game.ui.theme import Colour
from game.ui.tween import Animation, Call, Delay, Later, Tween, parallel, sequence, stagger

from .rules import events as ev
from .scene_base import NevermoreSceneBase
from .scene_summary import HandEnd, hand_end_cut, played_events, since_hand_start, summarise
from .scene_view import SUIT_WORDS, Board, Card, card_words, hand_asset, magick_deck, magick_name
from .text import cause_words, count_of

FLY = 0.38
CUBE_COLOURS = {"damage": (214, 56, 70), "heal": (110, 210, 120), "vp": (236, 190, 70)}


@lru_cache(maxsize=16)
def cube_image(colour: Colour, side: int) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(surface, colour, surface.get_rect(), border_radius=max(1, side // 5))
    pygame.draw.rect(surface, (250, 245, 235), surface.get_rect(), max(1, side // 8), border_radius=max(1, side // 5))
    return surface


class Cube(Sprite):
    """A Health, damage or VP cube in flight."""

    def __init__(self, kind: str, side: int, pos: tuple[float, float], *, z: int = 400) -> None:
        super().__init__(pos, z=z)
        self.kind = kind
        """"damage", "heal" or "vp" (``CUBE_COLOURS``): what the cube carries, for its tooltip."""
        self.colour, self.side = CUBE_COLOURS[kind], side

    def image(self) -> pygame.Surface:
        return cube_image(self.colour, self.side)


class SceneAnimation(NevermoreSceneBase):
    """Turning events into tweens."""

    def on_events(self, events: list[Event]) -> None:
        before = self.follow_hand(events)
        if self.geo is None or self.shown is None:
            self.build()
            return
        steps: list[Animation] = []
        if self.hand_end is not None:  # the game moved on past the summary (instant play): the next hand first
            steps += self.release_hand_end(pending=len(events))
        cut = hand_end_cut(events)
        steps += [self.event_step(e) for e in (events if cut is None else events[:cut])]
        if cut is None:
            steps.append(Call(self.build))
        else:  # the hand is over: its summary holds the next hand's events (and log lines) until dismissed
            _, shown = self.built()
            summary = summarise(since_hand_start(before + events[:cut]), self.state.num_players, shown.hand_no)
            rest = events[cut:]
            self.hand_end = HandEnd(summary, len(self.record.actions), rest, self.hold_lines(len(rest)))
            steps.append(Call(self.keep_table))
        self.tweens.add(sequence(*steps))

    def event_step(self, e: Event) -> Animation:
        """One event's animation, its log line written as it starts."""
        return sequence(Call(self.log_next), Later(partial(self.animate, e)))

    # --- the hand's end -----------------------------------------------------------------------------------
    def follow_hand(self, events: list[Event]) -> list[Event]:
        """Add ``events`` to those of the hand in progress; return the hand's events before them. A resumed
        game, or moves taken back, find the hand's events again from the record."""
        done = len(self.record.actions)
        if self.events_at != done - 1:
            earlier = self.record.undone(1) if done else self.record
            self.hand_events = since_hand_start([e.seen_by(self.viewer) for e in played_events(earlier)])
        before = self.hand_events
        self.hand_events = since_hand_start(before + events)
        self.events_at = done
        return before

    def hold_lines(self, count: int) -> tuple[str, ...]:
        """Take the newest ``count`` lines off the log queue (the next hand's: written as it is shown)."""
        held = [self.unlogged.pop() for _ in range(min(count, len(self.unlogged)))]
        return tuple(reversed(held))

    def keep_table(self) -> None:
        """The hand's last animation has played: the summary lies over the table as it is now."""
        if self.hand_end is not None:
            self.hand_end.table = copy.deepcopy(self.shown)

    def release_hand_end(self, pending: int = 0) -> list[Animation]:
        """Close the summary: its log lines go back on the queue (before the ``pending`` newest) and the
        next hand's events are to be animated (the steps returned)."""
        info, self.hand_end = self.hand_end, None
        if info is None:
            return []
        at = len(self.unlogged) - pending
        for line in reversed(info.lines):
            self.unlogged.insert(at, line)
        return [self.event_step(e) for e in info.next_hand]

    def dismiss_hand_end(self) -> None:
        """A player has read the summary (or the AIs' table waited long enough): the next hand is dealt."""
        self.tweens.add(sequence(*self.release_hand_end(), Call(self.build)))

    # --- helpers ------------------------------------------------------------------------------------------
    def say(self, text: str) -> Call:
        def set_caption() -> None:
            self.caption_text = text
        return Call(set_caption)

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "nobody"

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

    def cubes(self, kind: str, source: tuple[float, float], target: tuple[float, float], amount: int,
              on_each: Callable[[int], None]) -> Animation:
        side = self.layout.px(18)
        moves = []
        for i in range(max(1, amount)):
            cube = Cube(kind, side, source)
            moves.append(self.fly(cube, target, 0.45, fade=False, on_land=partial(on_each, i)))
        return stagger(moves, gap=0.12)

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

    def centre_point(self) -> tuple[float, float]:
        geo, _ = self.built()
        x, y = geo.board.center
        return (float(x), float(y))

    # --- one event ----------------------------------------------------------------------------------------
    def animate(self, e: Event) -> Animation | None:  # noqa: C901
        geo, s = self.built()
        if isinstance(e, ev.HandStarted):
            def start() -> None:
                s.hand_no, s.dealer, s.direction = e.hand, e.dealer, e.direction
                s.tokens, s.revealed, s.board = list(e.tokens), 0, None
                s.hand_sizes = [0] * s.n
                s.committed = [False] * s.n
                s.wards, s.shrouded, s.kills, s.my_pass = set(), set(), [], None
                for card in self.hand_cards:
                    card.visible = False
                self.hand_cards = []
            side = "left" if e.direction > 0 else "right"
            return sequence(Call(start), self.say(f"Hand {e.hand}: {self.name(e.dealer)} deals; cards pass {side}."))
        if isinstance(e, ev.CardsDealt):
            return self.deal(e)
        if isinstance(e, ev.PassCommitted):
            def committed() -> None:
                s.committed[e.seat] = True
            return sequence(Call(committed), Delay(0.08))
        if isinstance(e, ev.CardsPassed):
            return self.passed(e)
        if isinstance(e, ev.KillsChosen):
            if e.cards:
                words = ", ".join(card_words(self.state.cards, c) for c in e.cards)
                return sequence(self.say(f"{self.name(e.seat)}'s Ravens will kill: {words}."), Delay(0.5))
            return sequence(self.say(f"{self.name(e.seat)}'s Ravens choose their prey in secret."), Delay(0.3))
        if isinstance(e, ev.Conspiracy):
            return self.banner(f"{self.name(e.seat)}: a CONSPIRACY OF RAVENS!", "raven", 1.5)
        if isinstance(e, ev.TokenRevealed):
            return self.reveal_token(e)
        if isinstance(e, ev.SuitPlayed):
            return self.suit_played(e)
        if isinstance(e, ev.AttackChosen):
            text = f"{self.name(e.seat)} strikes every other human for 1!" if e.target < 0 else \
                f"{self.name(e.seat)} attacks {self.name(e.target)} for {e.power}!"
            return sequence(self.say(text), Delay(0.35))
        if isinstance(e, ev.PeckChosen):
            who = listed([self.name(t) for t in e.targets])
            text = f"{self.name(e.seat)} the Raven pecks {who}!" if e.yes else f"{self.name(e.seat)} does not peck."
            return sequence(self.say(text), Delay(0.35))
        if isinstance(e, ev.Damaged):
            source = geo.seat_anchor(e.source) if e.source >= 0 and e.source != e.target else self.centre_point()
            left = [e.health + e.amount]

            def hurt(_i: int) -> None:
                left[0] -= 1
                s.health[e.target] = max(e.health, left[0])
            return sequence(self.say(f"{self.name(e.target)} takes {e.amount} damage."),
                            self.cubes("damage", source, geo.health_point(e.target), e.amount, hurt))
        if isinstance(e, ev.Healed):
            mended = [e.health - e.amount]

            def mend(_i: int) -> None:
                mended[0] += 1
                s.health[e.seat] = min(e.health, mended[0])
            return self.cubes("heal", self.centre_point(), geo.health_point(e.seat), e.amount, mend)
        if isinstance(e, ev.VPGained):
            gained = [e.total - e.amount]

            def gain(_i: int) -> None:
                gained[0] += 1
                s.vp[e.seat] = min(e.total, gained[0])
            why = cause_words(e.cause, self.state.cards)
            return sequence(self.say(f"{self.name(e.seat)} gains {e.amount} VP ({why})."),
                            self.cubes("vp", self.centre_point(), geo.vp_point(e.seat), e.amount, gain))
        if isinstance(e, ev.DamagePrevented):
            what = magick_name(self.state.cards, e.by)
            return sequence(self.say(f"{e.amount} damage to {self.name(e.target)} is prevented ({what})."), Delay(0.5))
        if isinstance(e, ev.BecameRaven):
            def turn() -> None:
                s.raven[e.seat] = True
            return sequence(Call(turn), self.banner(f"{self.name(e.seat)} becomes a RAVEN!", "raven", 1.4))
        if isinstance(e, ev.SpareFromRaven):
            return sequence(self.say(f"{self.name(e.seat)} clings to human form at 1 Health."), Delay(0.5))
        if isinstance(e, ev.ReturnedToHuman):
            def back() -> None:
                s.raven[e.seat], s.health[e.seat] = False, e.health
            return sequence(Call(back), self.banner(f"{self.name(e.seat)} returns to human form!", "gold", 1.2))
        if isinstance(e, ev.MagickDrawn):
            return self.magick_drawn(e)
        if isinstance(e, ev.MagickPlayed):
            return self.magick_played(e)
        if isinstance(e, ev.MagickCancelled):
            what = magick_name(self.state.cards, e.card)
            return sequence(self.say(f"{self.name(e.by)} cancels {self.name(e.seat)}'s {what}!"), Delay(0.6))
        if isinstance(e, ev.MagickFizzled):
            what = magick_name(self.state.cards, e.card)
            return sequence(self.say(f"{self.name(e.seat)}'s {what} fizzles: {e.reason}."), Delay(0.6))
        if isinstance(e, ev.CardAdded):
            def add() -> None:
                s.hand_sizes[e.holder] += 1
            words = card_words(self.state.cards, e.card)
            return sequence(Call(add), self.say(f"{words} joins {self.name(e.holder)}'s hand."), Delay(0.5))
        if isinstance(e, ev.CardsDiscarded):
            return self.discarded(e)
        if isinstance(e, ev.CardsMoved):
            return self.cards_moved(e)
        if isinstance(e, ev.Warded):
            s.wards.add(e.seat)
            return sequence(self.say(f"{self.name(e.seat)} is warded against Magick this hand."), Delay(0.4))
        if isinstance(e, ev.Shrouded):
            s.shrouded.add(e.seat)
            return sequence(self.say(f"{self.name(e.seat)} is shrouded from harm this Attack."), Delay(0.4))
        if isinstance(e, ev.TokensSeen):
            tokens = e.tokens
            if tokens:
                def seen() -> None:
                    s.tokens[s.revealed:] = list(tokens)
                return sequence(Call(seen), self.say("You see the hidden tokens."), Delay(0.5))
            return sequence(self.say(f"{self.name(e.seat)} looks at the hidden tokens."), Delay(0.4))
        if isinstance(e, ev.TokensReordered):
            return sequence(self.say(f"{self.name(e.seat)} rearranges the hidden tokens."), Delay(0.4))
        if isinstance(e, ev.HandSeen):
            if e.cards is not None:
                words = ", ".join(card_words(self.state.cards, c) for c in e.cards) or "nothing"
                return sequence(self.say(f"{self.name(e.target)}'s hand: {words}."), Delay(1.0))
            return sequence(self.say(f"{self.name(e.seat)} looks at {self.name(e.target)}'s hand."), Delay(0.4))
        if isinstance(e, ev.SkulkingRavens):
            if not e.leaders:
                return None
            who = listed([self.name(x) for x in e.leaders])
            return sequence(self.say(f"Skulking Ravens: {who} draw{'s' if len(e.leaders) == 1 else ''} "
                                     f"{count_of(e.power, 'Shadow Magick card')}."), Delay(0.4))
        if isinstance(e, ev.HandEnded):
            return self.hand_cleared(e)
        if isinstance(e, ev.GameOver):
            who = listed([self.name(x) for x in e.winners]) or "Nobody"
            return sequence(self.sound_cue("win"),
                            self.banner(f"{who} win{'s' if len(e.winners) == 1 else ''}!", "gold", 1.6))
        return None

    # --- the bigger ones ----------------------------------------------------------------------------------
    def deal(self, e: ev.CardsDealt) -> Animation:
        geo, s = self.built()
        start = geo.piles["deck"]
        moves: list[Animation] = []
        mine = e.seat == geo.me
        places = geo.hand_positions(e.count)
        for i in range(e.count):
            if mine:
                code = e.cards[i] if e.cards is not None and i < len(e.cards) else None
                deck, art = hand_asset(self.state.cards, code) if code else ("nevermore", None)
                card = Card(deck, art, code, geo.hand_size, start, z=150 + i)
                card.scale = geo.pile_size[1] / geo.hand_size[1]
                self.fx.append(card)
                self.sprites.append(card)
                moves.append(card.move_to(places[i], FLY, "out_quad", scale=1.0))
            else:
                card = Card("nevermore", None, None, geo.mini, start, z=150)
                moves.append(self.fly(card, geo.seat_anchor(e.seat), FLY))

        def dealt() -> None:
            s.hand_sizes[e.seat], s.deck, s.discard = e.count, e.deck, e.discard
        return sequence(self.sound_cue("deal"), stagger(moves, gap=0.04), Call(dealt))

    def passed(self, e: ev.CardsPassed) -> Animation:
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
                    deck, art = hand_asset(self.state.cards, code)
                    card = Card(deck, art, code, geo.hand_size, geo.seat_anchor(e.giver), z=300 + i)
                    card.scale = geo.mini[1] / geo.hand_size[1]
                    target = geo.hand_positions(5)[min(4, 2 + i)]
                    moves.append(self.fly(card, target, FLY + 0.1, fade=False, scale=1.0))
                else:
                    card = Card("nevermore", None, None, geo.mini, geo.seat_anchor(e.giver), z=300 + i)
                    moves.append(self.fly(card, geo.seat_anchor(e.receiver), FLY + 0.1))

        def moved() -> None:
            s.hand_sizes[e.giver] -= e.count
            s.hand_sizes[e.receiver] += e.count
            s.committed[e.giver] = False
        side = "left" if self.state.direction > 0 else "right"
        text = f"Draft round {e.round + 1}: {e.count} card{'s' if e.count != 1 else ''} pass {side}."
        if e.cards is not None and e.receiver == self.viewer:
            words = ", ".join(card_words(self.state.cards, c) for c in e.cards)
            text = f"{self.name(e.giver)} passes you {words}."
        return sequence(self.say(text), self.sound_cue("deal"), stagger(moves, gap=0.05), Call(moved))

    def reveal_token(self, e: ev.TokenRevealed) -> Animation:
        _, s = self.built()
        i = e.index

        def begin() -> None:
            self.token_flip_from[i] = s.tokens[i]
            s.tokens[i] = e.suit
            s.revealed = max(s.revealed, i + 1)
            s.board = None
            self.token_flip[i] = 0.001

        def end() -> None:
            self.token_flip[i] = 0.0
        return sequence(Call(begin), self.sound_cue("play"),
                        TweenIndex(self.token_flip, i, 1.0, 0.45), Call(end),
                        self.say(f"The {SUIT_WORDS[e.suit]} token is revealed."), Delay(0.3))

    def suit_played(self, e: ev.SuitPlayed) -> Animation:
        """Every seat's cards of the suit fly face up (the rules reveal them all at once) to their places on
        the suit board; a seat's count shows once its cards are down, as the log tells it."""
        geo, s = self.built()
        landed = [0] * len(e.played)

        def show() -> None:
            s.board = Board(e.suit, [tuple(p) for p in e.played], [tuple(k) for k in e.killed], list(e.counts),
                            list(e.leaders), e.power)
            self.board_landed = landed

        def land(seat: int) -> None:
            landed[seat] += 1
        moves: list[Animation] = []
        for seat, cards in enumerate(e.played):
            for i, code in enumerate(cards):
                slot = geo.board_slot(seat, i, len(cards))
                deck, art = hand_asset(self.state.cards, code)
                card = Card(deck, art, code, slot.size, geo.seat_anchor(seat), z=320 + i)
                card.scale = geo.mini[1] / max(1, slot.h)
                moves.append(self.fly(card, slot.center, FLY, fade=False, scale=1.0, on_land=partial(land, seat)))
        if e.leaders:
            lead = listed([self.name(x) for x in e.leaders])
            text = f"{SUIT_WORDS[e.suit]}: {lead} lead{'s' if len(e.leaders) == 1 else ''} with power {e.power}."
        else:
            text = f"{SUIT_WORDS[e.suit]}: nobody counts any."
        return sequence(Call(show), self.say(text), stagger(moves, gap=0.03) if moves else Delay(0.1),
                        self.sound_cue("play"), Delay(0.9))

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
        words = ", ".join(card_words(self.state.cards, c) for c in e.cards)
        return sequence(self.say(f"{self.name(e.seat)} turns {words} face down."), parallel(Delay(0.5), *fades),
                        Call(turned))

    def hand_cleared(self, e: ev.HandEnded) -> Animation:
        """Clean-up: every hand's cards go to the discard pile."""
        geo, s = self.built()
        target = geo.piles["discard"]
        moves = [self.fly(card, target, FLY, scale=geo.pile_size[1] / max(1, card.size[1]))
                 for card in self.hand_cards if card.visible]
        for seat in range(s.n):
            if seat != geo.me and s.hand_sizes[seat] > 0:
                moves.append(self.fly(Card("nevermore", None, None, geo.mini, geo.seat_anchor(seat), z=330), target))
        self.hand_cards = []

        def cleared() -> None:
            s.hand_sizes = [0] * s.n
            s.hand = [] if s.hand is not None else None
            s.board, s.discard, s.kills, s.my_pass = None, e.discard, [], None
        return sequence(self.say(f"Hand {e.hand} ends."), stagger(moves, gap=0.03) if moves else Delay(0.1),
                        Call(cleared), Delay(0.4))

    def magick_drawn(self, e: ev.MagickDrawn) -> Animation:
        geo, s = self.built()
        index = 0 if e.deck == "light" else 1
        moves = []
        for _ in range(e.count):
            card = Card("magick", None, None, geo.mini, geo.piles[e.deck], back=e.deck, z=330)
            moves.append(self.fly(card, geo.seat_anchor(e.seat), FLY))

        def drawn() -> None:
            s.magick_counts[e.seat][index] += e.count
            if e.deck == "light":
                s.ldeck = e.left
            else:
                s.sdeck = e.left
        words = ", ".join(magick_name(self.state.cards, c) for c in e.cards) if e.cards else \
            count_of(e.count)
        return sequence(self.say(f"{self.name(e.seat)} draws {words} ({e.deck.title()} Magick)."),
                        stagger(moves, gap=0.08) if moves else Delay(0.1), Call(drawn))

    def magick_played(self, e: ev.MagickPlayed) -> Animation:
        _, s = self.built()
        deck = magick_deck(self.state.cards, e.card)
        line = f"{self.name(e.seat)} plays it"
        if e.target >= 0:
            line += f" on {self.name(e.target)}"
        if e.choice and "," not in e.choice:
            line += f" as {SUIT_WORDS.get(e.choice, e.choice)}"
        if e.raven:
            line += " (Raven effect)"

        def spend() -> None:
            index = 0 if deck == "light" else 1
            s.magick_counts[e.seat][index] = max(0, s.magick_counts[e.seat][index] - 1)
        return sequence(Call(spend), self.say(f"{self.name(e.seat)} plays {magick_name(self.state.cards, e.card)}."),
                        self.popup_card(e.card, line + "."))

    def cards_moved(self, e: ev.CardsMoved) -> Animation:
        geo, s = self.built()
        moves = []
        for _ in range(min(e.count, 6)):
            back = "light" if e.zone == "magick" else "nevermore"
            card = Card("nevermore", None, None, geo.mini, geo.seat_anchor(e.giver), back=back, z=330)
            moves.append(self.fly(card, geo.seat_anchor(e.receiver), FLY))

        def moved() -> None:
            if e.zone == "hand":
                s.hand_sizes[e.giver] -= e.count
                s.hand_sizes[e.receiver] += e.count
            for back in e.backs:  # Magick cards: their backs tell the decks
                index = 0 if back == "light" else 1
                s.magick_counts[e.giver][index] -= 1
                s.magick_counts[e.receiver][index] += 1
        what = ", ".join(card_words(self.state.cards, c) for c in e.cards) if e.cards else \
            count_of(e.count, "Magick card" if e.zone == "magick" else "card")
        text = f"{what} move{'s' if e.count == 1 else ''} from {self.name(e.giver)} to {self.name(e.receiver)}."
        return sequence(self.say(text), stagger(moves, gap=0.05) if moves else Delay(0.1), Call(moved))


class TweenIndex(Animation):
    """Moves ``values[index]`` (a list item) to ``end``: the token flips."""

    def __init__(self, values: list[float], index: int, end: float, duration: float) -> None:
        self.values, self.index, self.end, self.duration = values, index, end, duration
        self.elapsed = 0.0
        self.start: float | None = None
        self.done = False

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        if self.start is None:
            self.start = self.values[self.index]
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.values[self.index] = self.end
            self.done = True
            return self.elapsed - self.duration
        t = self.elapsed / self.duration
        self.values[self.index] = self.start + (self.end - self.start) * t
        return 0.0
