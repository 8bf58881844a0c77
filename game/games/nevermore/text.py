"""One Nevermore event in words, for the log panel."""

from __future__ import annotations

from typing import Mapping, Sequence

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, TRICK, Chapter
from game.core.words import listed

from .rules import events as ev
from .rules.actions import AttackAll, AttackPlayer, KillCards, NoMagick, PassCards, Peck, PlayMagick
from .rules.cards import UNKNOWN_SUIT, is_added, magick_id_of, non_ravens, suit_of, weight_of
from .rules.magick_data import MagickCard, card_file, load_magick
from .rules.observe import NevermoreObservation, params_of
from .tips import SUIT_NAMES, id_words


def _shipped() -> Mapping[str, MagickCard]:
    """The shipped Magick set (none when it cannot be read: the titles then come from the ids)."""
    try:
        return load_magick()
    except (OSError, ValueError):
        return {}


def magick_title(card_id: str, cards: Mapping[str, MagickCard] | None = None) -> str:
    """A Magick card's title (``Midnight Thorn``) from ``cards``, the table's set, or else the shipped one; an
    id neither knows is put in words (``midnight_thorn`` -> ``Midnight Thorn``), never shown raw."""
    card = (cards if cards is not None else _shipped()).get(card_id)
    return card.name if card is not None else id_words(card_id)


CAUSE_WORDS = {"attack": "Attack", "attack_all": "Attack, 1 to every other human", "peck": "a Raven's peck",
               "conspiracy": "Conspiracy of Ravens", "victory": "Victory", "healing": "Healing",
               "healing_bonus": "Healing at full Health", "radiance_bonus": "Radiance bonus",
               "transformation": "turning a human into a Raven"}
"""What damage, a heal or VP came from, by the rules' cause; any other cause is a Magick card's id."""


def cause_words(cause: str, cards: Mapping[str, MagickCard] | None = None) -> str:
    """Where damage, a heal or VP came from, in the game's words: ``Attack``, ``Midnight Thorn``."""
    return CAUSE_WORDS.get(cause) or magick_title(cause, cards)


def suit_words(suit: str) -> str:
    """A suit as the table names it (``Attack``); a suit named in secret as such."""
    return SECRET_SUIT_WORDS if suit == UNKNOWN_SUIT else SUIT_NAMES.get(suit, suit)


def capital(text: str) -> str:
    """``text`` with its first letter made a capital and the rest kept (``str.capitalize`` would lower a
    card's title)."""
    return text[:1].upper() + text[1:]


HAND_LABEL = "Your hand"
MAGICK_LABEL = "Magick (hover to read)"
MUTE_LABEL = "Don't ask again this hand"
"""The Magick prompt's button that passes the player's Magick windows until the hand ends."""
MUTED_LABEL = "Magick: passing this hand"
ASK_AGAIN_LABEL = "Ask again (M)"
"""Over the Magick cards while their windows are passed: what they are, and the button that undoes it."""
SECRET_SUIT_WORDS = "a suit named in secret"
"""How a card whose suit another player named in secret is told (its suit shows when the suit is called)."""


def _cards(cards: Sequence[str] | None) -> str:
    if cards is None:
        return "cards"
    if not cards:
        return "nothing"
    return ", ".join(card_words(c) for c in cards)


def card_words(card: str, cards: Mapping[str, MagickCard] | None = None) -> str:
    """One main-hand card as the table names it: ``Attack``, ``Gravedigger's Blade (Attack x2)``; a Magick card
    moved between Magick hands by its title (from ``cards``, the table's set, else the shipped one)."""
    if is_added(card):
        return f"{magick_title(magick_id_of(card), cards)} ({suit_words(suit_of(card))} x{weight_of(card)})"
    return SUIT_NAMES.get(card) or magick_title(card, cards)


def count_of(count: int, noun: str = "card") -> str:
    """``1 card``, ``2 cards``: the log reads as a sentence."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def describe(event: Event, names: list[str]) -> str:
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "nobody"

    e = event
    if isinstance(e, ev.HandStarted):
        side = "left" if e.direction > 0 else "right"
        return f"Hand {e.hand}: {name(e.dealer)} deals; cards pass {side}."
    if isinstance(e, ev.CardsDealt):
        return f"{name(e.seat)} is dealt {_cards(e.cards)}." if e.cards else \
            f"{name(e.seat)} is dealt {count_of(e.count)}."
    if isinstance(e, ev.PassCommitted):
        return f"{name(e.seat)} sets aside cards to pass."
    if isinstance(e, ev.CardsPassed):
        what = _cards(e.cards) if e.cards is not None else count_of(e.count)
        return f"{name(e.giver)} passes {what} to {name(e.receiver)}."
    if isinstance(e, ev.KillsChosen):
        return f"{name(e.seat)}'s Ravens mark {_cards(e.cards)}." if e.cards else \
            f"{name(e.seat)} chooses what the Ravens kill."
    if isinstance(e, ev.Conspiracy):
        return f"{name(e.seat)} reveals a Conspiracy of Ravens!"
    if isinstance(e, ev.TokenRevealed):
        return f"The {suit_words(e.suit)} token is revealed."
    if isinstance(e, ev.SuitPlayed):
        shown = ", ".join(f"{name(s)} {c}" for s, c in enumerate(e.counts) if e.played[s])
        lead = listed([name(s) for s in e.leaders])
        if not e.leaders:
            return f"{suit_words(e.suit)}: nobody plays any."
        return f"{suit_words(e.suit)}: {shown}. {lead} lead{'s' if len(e.leaders) == 1 else ''} by {e.power}."
    if isinstance(e, ev.Damaged):
        return f"{name(e.target)} takes {e.amount} damage ({cause_words(e.cause)}); Health {e.health}."
    if isinstance(e, ev.DamagePrevented):
        return f"{e.amount} damage to {name(e.target)} is prevented ({magick_title(e.by)})."
    if isinstance(e, ev.Healed):
        return f"{name(e.seat)} heals {e.amount}; Health {e.health}."
    if isinstance(e, ev.VPGained):
        return f"{name(e.seat)} gains {e.amount} VP ({cause_words(e.cause)}); {e.total} VP."
    if isinstance(e, ev.BecameRaven):
        return f"{name(e.seat)} is transformed into a Raven!"
    if isinstance(e, ev.SpareFromRaven):
        return f"{name(e.seat)} clings to human form at 1 Health."
    if isinstance(e, ev.ReturnedToHuman):
        return f"{name(e.seat)} returns to human form with {e.health} Health."
    if isinstance(e, ev.PeckChosen):
        who = listed([name(t) for t in e.targets])
        return f"{name(e.seat)} pecks {who}." if e.yes else f"{name(e.seat)} does not peck."
    if isinstance(e, ev.AttackChosen):
        if e.target < 0:
            return f"{name(e.seat)} strikes every other player for 1."
        return f"{name(e.seat)} attacks {name(e.target)} for {e.power}."
    if isinstance(e, ev.MagickDrawn):
        what = listed([magick_title(c) for c in e.cards]) if e.cards else count_of(e.count)
        return f"{name(e.seat)} draws {what} from the {e.deck.capitalize()} Magick deck."
    if isinstance(e, ev.SkulkingRavens):
        if not e.leaders:
            return "No Skulking Ravens remain."
        return f"Skulking Ravens: {listed([name(s) for s in e.leaders])} draw{'s' if len(e.leaders) == 1 else ''}" \
               f" {count_of(e.power, 'Shadow Magick card')}."
    if isinstance(e, ev.MagickPlayed):
        on = f" on {name(e.target)}" if e.target >= 0 else ""
        as_ = f" as {suit_words(e.choice)}" if e.choice and "," not in e.choice else ""
        raven = " (Raven effect)" if e.raven else ""
        return f"{name(e.seat)} plays {magick_title(e.card)}{on}{as_}{raven}."
    if isinstance(e, ev.MagickCancelled):
        return f"{name(e.by)} cancels {name(e.seat)}'s {magick_title(e.card)}."
    if isinstance(e, ev.MagickFizzled):
        return f"{name(e.seat)}'s {magick_title(e.card)} fizzles: {e.reason}."
    if isinstance(e, ev.CardAdded):
        return f"{_cards([e.card])} joins {name(e.holder)}'s hand."
    if isinstance(e, ev.CardsDiscarded):
        return f"{name(e.seat)} turns {_cards(e.cards)} face down."
    if isinstance(e, ev.CardsMoved):
        what = _cards(e.cards) if e.cards is not None else count_of(e.count)
        one = e.count == 1 or not e.count and e.cards is not None  # "nothing moves"
        return f"{capital(what)} move{'s' if one else ''} from {name(e.giver)} to {name(e.receiver)}."
    if isinstance(e, ev.Warded):
        return f"{name(e.seat)} is warded against Magick this hand."
    if isinstance(e, ev.Shrouded):
        return f"{name(e.seat)} is shrouded from all harm this Attack."
    if isinstance(e, ev.TokensSeen):
        if not e.tokens:
            return f"{name(e.seat)} sees the hidden tokens."
        return f"{name(e.seat)} sees the hidden tokens: {', then '.join(suit_words(t) for t in e.tokens)}."
    if isinstance(e, ev.TokensReordered):
        return f"{name(e.seat)} rearranges the hidden tokens."
    if isinstance(e, ev.HandSeen):
        return f"{name(e.seat)} looks at {name(e.target)}'s hand" + (f": {_cards(e.cards)}." if e.cards else ".")
    if isinstance(e, ev.HandEnded):
        return f"Hand {e.hand} ends."
    if isinstance(e, ev.GameOver):
        who = listed([name(s) for s in e.winners]) or "Nobody"
        why = {"vp": "reaches the Victory target", "last_human": "is the last human standing",
               "peck": "pecks the last humans and breaks the curse", "no_humans": "has the most VP",
               "hand_limit": "leads when the night ends"}.get(e.reason, e.reason)
        return f"{who} {why} and win{'s' if len(e.winners) == 1 else ''}!"
    return str(e)


def chapter(event: Event) -> Chapter | None:
    """The part of the game an event begins: a hand ("Hand 3", its deal and draft), then each suit as its
    token is revealed and the suit resolves ("Resolving Attack")."""
    if isinstance(event, ev.HandStarted):
        return Chapter(HAND, f"Hand {event.hand}")
    if isinstance(event, ev.TokenRevealed):
        return Chapter(TRICK, f"Resolving {SUIT_NAMES.get(event.suit, event.suit.capitalize())}")
    return None


# ----- the end-of-hand summary -----------------------------------------------------------------------
SUMMARY_COLUMNS = ("Player", "Damage taken", "Healed", "VP gained", "Magick drawn", "Ravens")
NONE_WORD = "-"
SUMMARY_RESULTS = "Click or press Enter for the results"


def summary_title(hand: int, over: bool) -> str:
    return f"Hand {hand}: the game ends" if over else f"Hand {hand} is over"


def summary_status(over: bool) -> str:
    """The status line under the summary."""
    return "The game is over: click or press Enter for the results" if over else \
        "The hand is over: click or press Enter to go on"


def magick_words(light: int, shadow: int) -> str:
    """``2 Light, 1 Shadow``: Magick cards drawn, by deck."""
    parts = [f"{n} {deck}" for n, deck in ((light, "Light"), (shadow, "Shadow")) if n]
    return ", ".join(parts) or NONE_WORD


def raven_words(became: bool, made: Sequence[str], returned: bool) -> str:
    """What a hand did to a seat's form and whom it turned: ``made Cleo a Raven; became a Raven``."""
    parts = []
    if made:
        who = listed(made)
        parts.append(f"made {who} {'a Raven' if len(made) == 1 else 'Ravens'}")
    if became:
        parts.append("became a Raven")
    if returned:
        parts.append("human again")
    return "; ".join(parts) or NONE_WORD


def summary_note(conspirators: Sequence[str], winners: Sequence[str] | None) -> str:
    """The line under the figures: the game's end (``winners``; None while it goes on), or a Conspiracy."""
    if winners is not None:
        who = listed(winners) or "Nobody"
        return f"Game over: {who} win{'s' if len(winners) == 1 else ''}."
    if conspirators:
        return f"A Conspiracy of Ravens ({listed(conspirators)}) ended the hand."
    return ""


# ----- a move in words (hints, the command line's ``hint``) -----------------------------------------------
def _magick_title(card_id: str, observation: NevermoreObservation) -> str:
    try:
        return load_magick(card_file(params_of(observation)))[card_id].name
    except (KeyError, OSError, ValueError):
        return magick_title(card_id)


def name_action(action: Action, observation: Observation, names: list[str]) -> str:
    """``action`` as the observation's seat would say it: "Pass Attack, Attack and Raven", "Attack Boris",
    "Play Magick: Midnight Thorn on Boris", "Answer with Hush of the Crypt", "Do not answer"."""
    assert isinstance(observation, NevermoreObservation)

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    pending = observation.pending or ("",)
    answering = pending[0] == "respond"
    if isinstance(action, PassCards):
        return f"Pass {listed([card_words(c) for c in action.cards])}"
    if isinstance(action, KillCards):
        kept = list(non_ravens(observation.hand))
        for card in action.cards:
            if card in kept:
                kept.remove(card)
        keep = f"; keep {listed([card_words(c) for c in kept])}" if kept else ""
        return f"Kill {listed([card_words(c) for c in action.cards])}{keep}"
    if isinstance(action, AttackPlayer):
        return f"Attack {name(action.target)}"
    if isinstance(action, AttackAll):
        return "Attack every other human for 1"
    if isinstance(action, Peck):
        if not action.yes:
            return "Do not peck"
        targets = pending[3] if pending[0] == "peck" and len(pending) > 3 else ()
        return f"Peck {listed([name(t) for t in targets])}" if targets else "Peck"
    if isinstance(action, PlayMagick):
        title = _magick_title(action.card, observation)
        words = f"Answer with {title}" if answering else f"Play Magick: {title}"
        if action.target >= 0:
            words += f" on {name(action.target)}"
        if action.choice and "," in action.choice:
            words += f" in the order {', '.join(SUIT_NAMES.get(x, x) for x in action.choice.split(','))}"
        elif action.choice:
            words += f" as {SUIT_NAMES.get(action.choice, action.choice)}"
        return words
    if isinstance(action, NoMagick):
        return "Do not answer" if answering else "Play no Magick"
    return str(action)
