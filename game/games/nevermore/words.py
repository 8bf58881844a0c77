"""Everything the Nevermore table says in words: the log's lines (``describe``), a move's name (``name_action``),
the log's chapters, the hand summary's and the prompt's words, and the texts of the tooltips.

Each tip says what the thing is and what it does or means for the player now, and only what the viewer may
know (a face-down card or token says it is face down). Numbers that a variant may change (Health, the VP
target, the Attack-all option...) come from the game's parameters, never from this module.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, TRICK, Chapter
from game.core.words import listed

from .rules import events as ev
from .rules.actions import AttackAll, AttackPlayer, KillCards, NoMagick, PassCards, Peck, PlayMagick
from .rules.cards import CARDS_PER_SUIT, UNKNOWN_SUIT, is_added, magick_id_of, non_ravens, suit_of, weight_of
from .rules.magick_data import MagickCard, card_file, load_magick
from .rules.observe import NevermoreObservation
from .rules.tasks import PeckDecision, RespondDecision

Params = Mapping[str, Any]
"""The game's rule parameters (``state.params``)."""

SUIT_NAMES = {"attack": "Attack", "healing": "Healing", "radiance": "Radiance", "victory": "Victory",
              "raven": "Raven"}
SUIT_SHORT_NAMES = {"attack": "Atk", "healing": "Heal", "radiance": "Rad", "victory": "Vic", "raven": "Raven"}
"""A suit in a token order on a prompt button (``Atk > Heal > Rad > Vic``)."""
TOKEN_LABELS = {"attack": "ATT", "healing": "HEA", "radiance": "RAD", "victory": "VIC"}
ORDINALS = ("first", "second", "third", "fourth")
POWER_WORDS = "Power: the leader's count minus the next-highest count."


def id_words(card_id: str) -> str:
    """A Magick card id that no card set knows, put in words (``midnight_thorn`` -> ``Midnight Thorn``): the
    table never shows an id raw."""
    return card_id.replace("_", " ").title()


def suit_effect(suit: str, params: Params) -> str:
    """What a suit does when it resolves (a Raven card: what it does in a hand)."""
    p = params
    if suit == "attack":
        return (f"When Attack resolves, whoever has the most Attack deals its power in damage to one human. With "
                f"{p['attack_all_min']}+ they may instead deal 1 damage to every other human and gain "
                f"{p['attack_all_vp']} VP.")
    if suit == "healing":
        return (f"When Healing resolves, whoever has the most Healing heals its power (to at most "
                f"{p['max_health']}); healing {p['heal_bonus_min']}+ at full Health gives {p['heal_bonus_vp']} VP.")
    if suit == "radiance":
        draw = ("draws its power in Light Magick cards" if p["magick"]["enabled"]
                else "draws nothing (Magick is off)")
        return (f"When Radiance resolves, whoever has the most Radiance {draw}. Holding "
                f"{p['radiance_bonus_cards']} Radiance heals {p['radiance_bonus_heal']} and gives "
                f"{p['radiance_bonus_vp']} VP, whoever leads.")
    if suit == "victory":
        return "When Victory resolves, whoever has the most Victory gains its power in VP."
    return ("Each Raven kills one of your other cards (you choose which): both count for nothing. Five Ravens are "
            "a Conspiracy of Ravens that ends the hand; Ravens left over after killing everything are Skulking "
            "Ravens and draw Shadow Magick.")


def card_tip(card: str | None, cards: Mapping[str, MagickCard], params: Params, *, killed: bool = False,
             passing: bool = False) -> str:
    """A card in a hand or on the suit board (``None``: a face-down card the viewer may not see)."""
    if card is None:
        return FACE_DOWN_CARD_TIP
    if is_added(card):
        text = added_tip(card, cards)
    else:
        text = f"{SUIT_NAMES.get(card, card)} card. {suit_effect(card, params)}"
        if card != "raven":
            text += f" {POWER_WORDS}"
    if killed:
        text += " Killed by its holder's Ravens: it counts for nothing this hand."
    if passing:
        text += " Set aside to pass this round."
    return text


def added_tip(card: str, cards: Mapping[str, MagickCard]) -> str:
    """A suit-like Magick card added to a hand: what it counts as, and its card text."""
    magick = cards.get(magick_id_of(card))
    title = magick.name if magick is not None else id_words(magick_id_of(card))
    weight = weight_of(card)
    suit = suit_of(card)
    many = f"{weight} {'card' if weight == 1 else 'cards'}"
    counts = (f"counts as {many} of a suit named in secret (it shows when that suit is called)"
              if suit == UNKNOWN_SUIT else f"counts as {many} of {SUIT_NAMES.get(suit, suit)}")
    body = f" {magick.text}" if magick is not None else ""
    return f"{title} (Magick added to the hand): {counts}.{body}"


FACE_DOWN_CARD_TIP = "A face-down card: only its holder sees it."


def face_down_magick_tip(deck: str) -> str:
    return f"A {deck.capitalize()} Magick card, face down: only its holder sees it."


OPENED_WORDS = "shown face up because the game has ended"
"""Why a replay draws a secret: every hand is shown only once nothing is secret any more."""


def open_card_tip(owner: str, text: str, *, magick: bool = False) -> str:
    """Another seat's secret card, face up in the replay of an ended game: whose it is, then what it is."""
    where = "Magick" if magick else "hand"
    return f"In {owner}'s {where} ({OPENED_WORDS}). {text}"


def open_hand_tip(owner: str) -> str:
    """The label over the bottom seat's hand when a spectator's replay shows it face up."""
    return f"{owner}'s hand and Magick, {OPENED_WORDS}: the others' cards lie face up by their plates."


def magick_tip(card_id: str, cards: Mapping[str, MagickCard], *, playable: bool = False) -> str:
    """A Magick card: its title, deck and full text."""
    card = cards.get(card_id)
    if card is None:
        return f"{id_words(card_id)}: a Magick card."
    text = f"{card.name} ({card.deck.capitalize()} Magick): {card.text}"
    if playable:
        text += " Ringed: you may play it now."
    return text


def token_tip(suit: str | None, place: int, revealed: int, resolving: bool, everyone_knows: bool, *,
              opened: bool = False) -> str:
    """A Resolution token: the suit it calls (when the viewer may know it, or ``opened``: every token shown in the
    replay of an ended game) and when."""
    order = ORDINALS[place] if place < len(ORDINALS) else f"number {place + 1}"
    if suit is None:
        return (f"A face-down Resolution token: the {order} suit to resolve this hand. It turns face up when it "
                f"is reached.")
    label = f"{TOKEN_LABELS.get(suit, suit.upper())}, the {SUIT_NAMES.get(suit, suit)} token"
    if place < revealed:
        when = "resolving now" if resolving else f"resolved {order} this hand"
        return f"{label}: {when}. Everyone plays all their {SUIT_NAMES.get(suit, suit)} cards at once."
    secret = "" if everyone_knows else " Only you know it: the others see it face down."
    if opened and not everyone_knows:
        secret = f" Face down at the table; {OPENED_WORDS}."
    return f"{label}: {SUIT_NAMES.get(suit, suit)} resolves {order} this hand.{secret}"


def pile_tip(pile: str, size: int, params: Params) -> str:
    """The main deck, its discard pile, and the Light and Shadow Magick decks."""
    many = count_of(size)
    if pile == "deck":
        return (f"The main deck: {many} left ({CARDS_PER_SUIT} each of Attack, Healing, Radiance, Victory and "
                f"Raven). Every "
                f"hand deals 5 to each player; when it runs out, the discards are shuffled into a new deck.")
    if pile == "discard":
        return f"The discard pile: {many} from earlier hands, shuffled into a new deck when the deck runs out."
    if pile == "light":
        return (f"The Light Magick deck: {many} left. Leading Radiance draws from it: cards that heal, shield, "
                f"look ahead and add Healing, Radiance or Victory to a hand.")
    start = params["magick"]["starting_shadow"]
    return (f"The Shadow Magick deck: {many} left. Everyone starts with {start}; Skulking Ravens and a Conspiracy "
            f"of Ravens draw from it: cards that wound, steal, swap hands and cancel Magick.")


def direction_tip(hand: int, left: bool) -> str:
    side = "left (clockwise)" if left else "right (anticlockwise)"
    return (f"Hand {hand}: cards pass to the {side}, as the arrows on the ring show. The direction flips every "
            f"hand.")


# ----- the name plates ---------------------------------------------------------------------------------
def direction_words(hand: int, left: bool) -> str:
    """The line over the tokens: the hand and the way cards pass in it."""
    return f"Hand {hand}  ·  cards pass {'LEFT' if left else 'RIGHT'}"


def plate_tip(name: str, who: str, health: int, vp: int, raven: bool, cards: int, magick: Sequence[int],
              params: Params) -> str:
    """A seat's name plate: who plays it and its public line (``magick``: Light and Shadow cards held)."""
    held = f"{count_of(cards)} in hand"
    if params["magick"]["enabled"]:
        held += f", {magick[0]} Light and {magick[1]} Shadow Magick"
    goal = params["vp_to_win"]
    if raven:
        state = f"a Raven with {vp} VP (frozen until they return to human form)"
    else:
        state = f"in human form, Health {health}/{params['max_health']}, {vp}/{goal} VP"
    return f"{name}, {who}: {state}; {held}. The ringed plate is the seat to act."


def health_tip(name: str, health: int, params: Params) -> str:
    most = params["max_health"]
    return (f"{name}'s Health: {max(0, health)} of {most}. Damage takes it away; at 0 {name} becomes a Raven. "
            f"Healing never goes above {most}.")


def vp_tip(name: str, vp: int, raven: bool, params: Params) -> str:
    goal = params["vp_to_win"]
    frozen = " Frozen while a Raven: a Raven cannot win." if raven else ""
    return f"{name}'s Victory Points: {vp} of {goal}. A human with {goal} VP wins at once.{frozen}"


def raven_tip(name: str, params: Params) -> str:
    """What being a Raven means and how to win back human form."""
    blocks = " Leading Attack, Healing or Victory gains nothing but blocks human leaders; it may peck: " \
             "1 damage to each human with the second-most of that suit." if params["raven_blocks_suit"] else \
        " Leading Attack, Healing or Victory it may peck: 1 damage to each human with the second-most of that suit."
    return (f"{name} is a Raven: their VP are frozen and a Raven cannot win, but plays on.{blocks} At the end of "
            f"resolution, a Raven whose drafted hand held five cards of one suit, or one of each of the five "
            f"suits, returns to human form with {params['return_health']} Health.")


def cards_word(cards: int) -> str:
    """A plate's cards row, when the text size leaves room for the word."""
    return f"Cards {cards}"


PASSED_WORD = "passed"
PILE_LABELS = {"deck": "Deck", "discard": "Discard", "light": "Light", "shadow": "Shadow"}


def hand_size_tip(name: str, cards: int) -> str:
    return f"{name} holds {count_of(cards)}; only {name} sees them."


def magick_count_tip(name: str, deck: str, count: int) -> str:
    many = count_of(count, f"{deck.capitalize()} Magick card")
    return f"{name} holds {many}: how many is public, what they are is secret."


PASSED_TIP = "Has chosen the cards to pass this round; they stay secret until everyone has chosen."
WARDED_TIP = "Warded: until the hand ends, other players' Magick cannot single this player out."
SHROUDED_TIP = "Shrouded: no damage can touch this player until Attack has resolved."
DEALER_TIP = ("The dealer: asked last for Magick and, among tied leaders, acts last. The dealer moves one seat "
              "left every hand.")


# ----- the suit board, the hand and the prompt ----------------------------------------------------------
BOARD_IDLE_HEAD = "The suit board: each suit is played here when its token is called"
BOARD_IDLE_TIP = ("The suit board. In the Resolution phase each suit is called in the order of the tokens above; "
                  "everyone's cards of that suit are laid here face up, in their row, and the leader acts.")


def board_tip(suit: str, leaders: Sequence[str], power: int) -> str:
    """The suit board: a suit as everyone played it."""
    name = SUIT_NAMES.get(suit, suit)
    if not leaders:
        return f"{name} as played: nobody counts any {name}, so it does nothing."
    lead = " and ".join(leaders)
    verb = "leads" if len(leaders) == 1 else "lead"
    return (f"{name} as played: {lead} {verb} with power {power}. {POWER_WORDS} Killed cards (crossed) count "
            f"for nothing.")


def board_head(suit: str, leaders: Sequence[str], power: int) -> str:
    """The suit board's heading: who leads the suit and by how much."""
    if not leaders:
        return f"{SUIT_NAMES[suit]}: nobody counts any"
    return f"{SUIT_NAMES[suit]}: {', '.join(leaders)} {'leads' if len(leaders) == 1 else 'lead'} · power {power}"


def board_count_tip(name: str, suit: str, count: int, killed: bool, leading: bool) -> str:
    kill = " after the cards their Ravens killed" if killed else ""
    lead = " the most: they lead" if leading else ""
    return f"{name} counts {count} {SUIT_NAMES.get(suit, suit)}{kill}{lead}."


HAND_LABEL_TIP = ("Your hand: after the three passes it is your Final Drafted Hand, played suit by suit in the "
                  "order of the Resolution tokens. Only you see it.")
SPECTATOR_HAND_TIP = "This player's hand, face down: a spectator sees no hand."
MAGICK_LABEL_TIP = ("Your Magick cards, secret from the others: each is played in its own timing window. Point "
                    "at one to read it; ringed cards may be played now.")
CAPTION_TIP = "What is happening on the table now; the log on the right keeps every step."
BANNER_TIP = "A turn of the game: it fades on its own."
CUBE_TIPS = {"damage": "Damage on its way to a player's Health.", "heal": "Healing on its way to a player.",
             "vp": "Victory Points on their way to a player."}


def prompt_tip(kind: str) -> str:
    """The prompt panel of a decision."""
    return {
        "pass": "Choose the cards to pass: you keep the rest. Passes are chosen in secret and all move at once.",
        "kill": "Each of your Ravens kills one of your other cards: choose which. Kills are revealed when their "
                "suit is called.",
        "attack": "You lead Attack: choose the human who takes its power in damage.",
        "peck": "Your Raven leads this suit: peck every human with the second-most of it for 1 damage, or none.",
        "magick": "A Magick window: play a card whose timing fits now, or play none.",
        "respond": "Answer now with a PLAY AT ANY TIME card, or let it be.",
    }.get(kind, "")


def answered_words(title: str, text: str, raven: bool) -> str:
    """The Magick card a player is asked to answer: its title and full text (``raven``: played by a Raven)."""
    mode = " (played by a Raven: its Raven text applies)" if raven else ""
    return f"{title}{mode}: {text}"


def answer_tip(player: str, title: str, text: str, raven: bool) -> str:
    """The prompt panel when a player may answer a Magick card played by someone else."""
    return f"{player} plays {answered_words(title, text, raven)} Answer it with a card that fits, or let it be."


def attack_tip(target: str, power: int, transform_vp: int) -> str:
    gain = f" and you gain {transform_vp} VP" if transform_vp else ""
    return f"Deal {power} damage to {target}. At 0 Health {target} becomes a Raven{gain}."


def attack_all_tip(vp: int) -> str:
    return f"Deal 1 damage to every other human instead, and gain {vp} VP."


def peck_tip(targets: Sequence[str]) -> str:
    return f"Peck: 1 damage to each of {' and '.join(targets)}." if targets else "Peck: 1 damage to each human named."


NO_PECK_TIP = "Do not peck: nobody takes damage."
PASS_BUTTON_TIP = "Pass the chosen cards (greyed until you have chosen the right number)."
KILL_BUTTON_TIP = "Kill the chosen cards with your Ravens (greyed until you have chosen the right number)."
CLEAR_TIP = "Put the chosen cards back in your hand."
BACK_TIP = "Back to the list of your playable Magick cards."
NO_MAGICK_TIP = "Play no Magick now: the game goes on."
NO_ANSWER_TIP = "Do not answer: the card played resolves."
MUTE_TIP = ("Play no Magick now, and pass every Magick window of yours, answers included, without being asked "
            "until this hand ends. Your cards stay in your hand. \"Ask again\" over your Magick cards (or M) "
            "turns this off.")
ASK_AGAIN_TIP = ("You asked not to be asked about Magick this hand: the table passes your Magick windows for you "
                 "until it ends. Click (or press M) to be asked again.")


def window_title(window: str) -> str:
    """The prompt's title when the viewer may play Magick in ``window`` (a timing window of the rules)."""
    if window == "draft":
        return "Before this pass: play a Magick card?"
    if window == "after_draft":
        return "The draft is over: play a Magick card before resolution?"
    if window == "end_of_resolution":
        return "End of resolution: play a Magick card?"
    if window.startswith("before_suit:"):
        return f"Before {SUIT_NAMES[window.split(':')[1]]} resolves: play a Magick card?"
    if window.startswith("after_suit:"):
        return f"After {SUIT_NAMES[window.split(':')[1]]}: play a Magick card?"
    return "Play a Magick card?"


def order_tip(place: int, suit: str) -> str:
    return f"Set {SUIT_NAMES.get(suit, suit)} as the {ORDINALS[min(place, 3)]} suit to resolve."


# ----- the hand summary ---------------------------------------------------------------------------------
def summary_tip(hand: int) -> str:
    return f"What hand {hand} did to every player. Click or press Enter to go on."


SUMMARY_COLUMN_TIPS = {
    "Player": "Each player; your row is boxed.",
    "Damage taken": "Damage each player took this hand, from Attack, pecks, Conspiracies and Magick.",
    "Healed": "Health each player won back this hand.",
    "VP gained": "Victory Points each player gained this hand.",
    "Magick drawn": "Light and Shadow Magick cards each player drew this hand.",
    "Ravens": "Who became a Raven, whom they turned into one, and who returned to human form.",
}


# ----- the log -----------------------------------------------------------------------------------------
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


def describe(event: Event, names: Sequence[str]) -> str:
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


def table_words(e: Event, names: Sequence[str], cards: Mapping[str, MagickCard], viewer: int | None,
                direction: int) -> str:
    """What the table says while it animates ``e`` (seen by ``viewer``; ``direction``: the hand's passing
    direction): its caption line, shorter than the log's, or the banner of a turn of the game; empty for an
    event it says nothing of."""
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "nobody"

    def words(held: Sequence[str]) -> str:
        return ", ".join(card_words(c, cards) for c in held)

    if isinstance(e, (ev.HandStarted, ev.SpareFromRaven, ev.Warded, ev.TokensReordered, ev.HandEnded)):
        return describe(e, names)  # the log's own line
    if isinstance(e, ev.CardsPassed):
        if e.cards is not None and e.receiver == viewer:
            return f"{name(e.giver)} passes you {words(e.cards)}."
        side = "left" if direction > 0 else "right"
        return f"Draft round {e.round + 1}: {count_of(e.count)} pass {side}."
    if isinstance(e, ev.KillsChosen):
        return f"{name(e.seat)}'s Ravens will kill: {words(e.cards)}." if e.cards else \
            f"{name(e.seat)}'s Ravens choose their prey in secret."
    if isinstance(e, ev.TokenRevealed):
        return f"The {SUIT_NAMES[e.suit]} token is revealed."
    if isinstance(e, ev.SuitPlayed):
        if not e.leaders:
            return f"{SUIT_NAMES[e.suit]}: nobody counts any."
        lead = listed([name(x) for x in e.leaders])
        return f"{SUIT_NAMES[e.suit]}: {lead} lead{'s' if len(e.leaders) == 1 else ''} with power {e.power}."
    if isinstance(e, ev.AttackChosen):
        return f"{name(e.seat)} strikes every other human for 1!" if e.target < 0 else \
            f"{name(e.seat)} attacks {name(e.target)} for {e.power}!"
    if isinstance(e, ev.PeckChosen):
        return f"{name(e.seat)} the Raven pecks {listed([name(t) for t in e.targets])}!" if e.yes else \
            f"{name(e.seat)} does not peck."
    if isinstance(e, ev.Damaged):
        return f"{name(e.target)} takes {e.amount} damage."
    if isinstance(e, ev.VPGained):
        return f"{name(e.seat)} gains {e.amount} VP ({cause_words(e.cause, cards)})."
    if isinstance(e, ev.DamagePrevented):
        return f"{e.amount} damage to {name(e.target)} is prevented ({magick_title(e.by, cards)})."
    if isinstance(e, ev.MagickDrawn):
        drawn = ", ".join(magick_title(c, cards) for c in e.cards) if e.cards else count_of(e.count)
        return f"{name(e.seat)} draws {drawn} ({e.deck.title()} Magick)."
    if isinstance(e, ev.MagickPlayed):
        return f"{name(e.seat)} plays {magick_title(e.card, cards)}."
    if isinstance(e, ev.MagickCancelled):
        return f"{name(e.by)} cancels {name(e.seat)}'s {magick_title(e.card, cards)}!"
    if isinstance(e, ev.MagickFizzled):
        return f"{name(e.seat)}'s {magick_title(e.card, cards)} fizzles: {e.reason}."
    if isinstance(e, ev.CardAdded):
        return f"{card_words(e.card, cards)} joins {name(e.holder)}'s hand."
    if isinstance(e, ev.CardsDiscarded):
        return f"{name(e.seat)} turns {words(e.cards)} face down."
    if isinstance(e, ev.CardsMoved):
        what = words(e.cards) if e.cards else count_of(e.count, "Magick card" if e.zone == "magick" else "card")
        return f"{what} move{'s' if e.count == 1 else ''} from {name(e.giver)} to {name(e.receiver)}."
    if isinstance(e, ev.Shrouded):
        return f"{name(e.seat)} is shrouded from harm this Attack."
    if isinstance(e, ev.TokensSeen):
        return "You see the hidden tokens." if e.tokens else f"{name(e.seat)} looks at the hidden tokens."
    if isinstance(e, ev.HandSeen):
        if e.cards is None:
            return f"{name(e.seat)} looks at {name(e.target)}'s hand."
        return f"{name(e.target)}'s hand: {words(e.cards) or 'nothing'}."
    if isinstance(e, ev.SkulkingRavens) and e.leaders:
        return f"Skulking Ravens: {listed([name(x) for x in e.leaders])} draw{'s' if len(e.leaders) == 1 else ''} " \
               f"{count_of(e.power, 'Shadow Magick card')}."
    if isinstance(e, ev.Conspiracy):
        return f"{name(e.seat)}: a CONSPIRACY OF RAVENS!"
    if isinstance(e, ev.BecameRaven):
        return f"{name(e.seat)} becomes a RAVEN!"
    if isinstance(e, ev.ReturnedToHuman):
        return f"{name(e.seat)} returns to human form!"
    if isinstance(e, ev.GameOver):
        return f"{listed([name(x) for x in e.winners]) or 'Nobody'} win{'s' if len(e.winners) == 1 else ''}!"
    return ""


def played_line(e: ev.MagickPlayed, names: Sequence[str]) -> str:
    """Who plays a popped-up Magick card how: ``Ann plays it on Bo as Attack.``"""
    line = f"{names[e.seat]} plays it"
    if e.target >= 0:
        line += f" on {names[e.target]}"
    if e.choice and "," not in e.choice:
        line += f" as {SUIT_NAMES.get(e.choice, e.choice)}"
    return line + (" (Raven effect)." if e.raven else ".")


def chapter(event: Event) -> Chapter | None:
    """The part of the game an event begins: a hand ("Hand 3", its deal and draft), then each suit as its
    token is revealed and the suit resolves ("Resolving Attack")."""
    if isinstance(event, ev.HandStarted):
        return Chapter(HAND, f"Hand {event.hand}")
    if isinstance(event, ev.TokenRevealed):
        return Chapter(TRICK, f"Resolving {SUIT_NAMES.get(event.suit, event.suit.capitalize())}")
    return None


END_REASONS = {"vp": "reached the Victory target", "last_human": "was the last human standing",
               "peck": "pecked the last humans and broke the curse",
               "no_humans": "had the most VP when no human was left",
               "hand_limit": "led when the night ran out (hand limit)"}
"""Why the winners won, by the rules' end reason, for the results screen."""


# ----- the end-of-hand summary -----------------------------------------------------------------------
SUMMARY_COLUMNS = ("Player", "Damage taken", "Healed", "VP gained", "Magick drawn", "Ravens")
NONE_WORD = "-"
SUMMARY_RESULTS = "Click or press Enter for the results"


def summary_title(hand: int, over: bool) -> str:
    return f"Hand {hand}: the game ends" if over else f"Hand {hand} is over"


CHOOSE_CARDS_STATUS = "Your turn: click cards (or arrows + Enter) to choose them, then confirm"
CHOOSE_STATUS = "Your turn: click a choice (or arrows + Enter)"
SKIP_STATUS = "Click or Space: skip the animation"


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
        return load_magick(card_file(observation.config.magick.card_file))[card_id].name
    except (KeyError, OSError, ValueError):
        return magick_title(card_id)


def name_action(action: Action, observation: Observation, names: list[str]) -> str:
    """``action`` as the observation's seat would say it: "Pass Attack, Attack and Raven", "Attack Boris",
    "Play Magick: Midnight Thorn on Boris", "Answer with Hush of the Crypt", "Do not answer"."""
    assert isinstance(observation, NevermoreObservation)

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    answering = isinstance(observation.decision, RespondDecision)
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
        targets = observation.decision.targets if isinstance(observation.decision, PeckDecision) else ()
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
