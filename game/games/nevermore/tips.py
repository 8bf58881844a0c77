"""What every thing on the Nevermore table is, in the game's own words: the texts of its tooltips.

Each tip says what the thing is and what it does or means for the player now, and only what the viewer may
know (a face-down card or token says it is face down). Numbers that a variant may change (Health, the VP
target, the Attack-all option...) come from the game's parameters, never from this module.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .rules.cards import CARDS_PER_SUIT, UNKNOWN_SUIT, is_added, magick_id_of, suit_of, weight_of
from .rules.magick_data import MagickCard

Params = Mapping[str, Any]
"""The game's rule parameters (``state.params``)."""

SUIT_NAMES = {"attack": "Attack", "healing": "Healing", "radiance": "Radiance", "victory": "Victory",
              "raven": "Raven"}
TOKEN_LABELS = {"attack": "ATT", "healing": "HEA", "radiance": "RAD", "victory": "VIC"}
ORDINALS = ("first", "second", "third", "fourth")
POWER_WORDS = "Power: the leader's count minus the next-highest count."
RAVEN_LEADER_WORDS = "A Raven among its leaders gains nothing, blocks every human leader, and may peck."


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
    many = f"{size} card{'' if size == 1 else 's'}"
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
def plate_tip(name: str, who: str, health: int, vp: int, raven: bool, cards: int, magick: Sequence[int],
              params: Params) -> str:
    """A seat's name plate: who plays it and its public line (``magick``: Light and Shadow cards held)."""
    held = f"{cards} card{'' if cards == 1 else 's'} in hand"
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
    blocks = f" Leading Attack, Healing or Victory gains nothing but blocks human leaders; it may peck: " \
             f"1 damage to each human with the second-most of that suit." if params["raven_blocks_suit"] else \
        " Leading Attack, Healing or Victory it may peck: 1 damage to each human with the second-most of that suit."
    return (f"{name} is a Raven: their VP are frozen and a Raven cannot win, but plays on.{blocks} At the end of "
            f"resolution, a Raven whose drafted hand held five cards of one suit, or one of each of the five "
            f"suits, returns to human form with {params['return_health']} Health.")


def hand_size_tip(name: str, cards: int) -> str:
    return f"{name} holds {cards} card{'' if cards == 1 else 's'}; only {name} sees them."


def magick_count_tip(name: str, deck: str, count: int) -> str:
    many = f"{count} {deck.capitalize()} Magick card{'' if count == 1 else 's'}"
    return f"{name} holds {many}: how many is public, what they are is secret."


PASSED_TIP = "Has chosen the cards to pass this round; they stay secret until everyone has chosen."
WARDED_TIP = "Warded: until the hand ends, other players' Magick cannot single this player out."
SHROUDED_TIP = "Shrouded: no damage can touch this player until Attack has resolved."
DEALER_TIP = ("The dealer: asked last for Magick and, among tied leaders, acts last. The dealer moves one seat "
              "left every hand.")


# ----- the suit board, the hand and the prompt ----------------------------------------------------------
def board_tip(suit: str, leaders: Sequence[str], power: int) -> str:
    """The suit board: a suit as everyone played it."""
    name = SUIT_NAMES.get(suit, suit)
    if not leaders:
        return f"{name} as played: nobody counts any {name}, so it does nothing."
    lead = " and ".join(leaders)
    verb = "leads" if len(leaders) == 1 else "lead"
    return (f"{name} as played: {lead} {verb} with power {power}. {POWER_WORDS} Killed cards (crossed) count "
            f"for nothing.")


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
