"""Reapers in words: log lines (``describe``), chapter headings, action names, the table's prompt, and the
tooltips' texts (what each thing on the table is, in the game's own words).

The table draws and says where; these functions say what, from the view the table shows (the viewer's
observation, or a spectator's with hands face down). A tip tells only what the viewer may know: a face-down
card's tip says it is face down and nothing more.
"""

from __future__ import annotations

from typing import Sequence

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, TRICK, Chapter
from game.games.reapers import rules as r
from game.games.reapers.rules.cards import (
    DEMON_RANK, REAPER, SUIT_NAMES, WAGER_SIGNS, card_name, card_value, hand_points, pile_points,
)

WAGER_NAMES = {"fewest": "fewest points", "second": "second most points", "none": "no wager"}
"""Each wager in words (the action names and the tips share them)."""
FACE_DOWN_TIP = "A card lying face down: what it is stays hidden."
BANNER_TIP = "What just happened on the table (the log on the right keeps every line)."
SEAT_PANEL_TIP = "{name}'s place: name plate, wager, hand and score pile."
TRUMP_TITLE, GRAVEYARD_TITLE = "Trump", "Graveyard"
"""The titles of the trump's and the Graveyard's frames on the felt."""
GRAVEYARD_WHILE_DRAFTING, GRAVEYARD_EMPTY = "the last pile", "empty"


def graveyard_order(lowest_on_top: bool) -> str:
    """Under the Graveyard: which of its cards lies on top (the rulebook splays it by player count)."""
    return f"{'lowest' if lowest_on_top else 'highest'} on top"


def counted(count: int, noun: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _trump(card: str, obs: r.ReapersObservation) -> bool:
    return card != REAPER and card[0] == obs.trump_suit


def reaper_rule(obs: r.ReapersObservation) -> str:
    """The Reaper's power as this variant has it."""
    which = "Every Reaper" if obs.rules.every_reaper_takes else "The first Reaper"
    return (f"{which} played after the led suit is set takes the Graveyard's lowest card into its player's "
            "score pile.")


def card_tip(card: str | None, obs: r.ReapersObservation) -> str:
    """What a card is and does: its suit and value, trump or not, a Demon's doubling, a Reaper's raid."""
    if card is None:
        return FACE_DOWN_TIP
    if card == REAPER:
        return ("A Reaper: no suit or value; it never wins a trick. Play it on any trick, even instead of "
                "following suit (lead it only from a hand of nothing but Reapers). " + reaper_rule(obs))
    suit = SUIT_NAMES[card[0]]
    trump = f" {suit.capitalize()} is trump this hand: it beats every card of the other suits." \
        if _trump(card, obs) else ""
    if card[1:] == DEMON_RANK:
        return (f"The Demon of {suit}: the highest {suit} card ({obs.rules.demon_value}).{trump} A trick with a "
                "Demon in it gives its winner a Demon and nothing else; in a score pile each Demon doubles your "
                "highest card not yet doubled (a Demon itself counts nothing).")
    value = card_value(card, obs.rules.demon_value)
    return f"The {card_name(card)}: value {value}, worth {value} points in a score pile.{trump}"


def reaper_effect(obs: r.ReapersObservation) -> str:
    """What a Reaper played now by the seat to move would do, as a phrase ("takes the 2 of daggers from the
    Graveyard"), read from the view as the rules' ``_play_card`` decides it."""
    rules = obs.rules
    if obs.lead_suit is None and (obs.to_move == obs.leader or rules.passed_lead_is_lead):
        return "counts as led: it takes nothing and the lead passes on"
    if obs.reaper_used and not rules.every_reaper_takes:
        return "takes nothing: a Reaper already took from the Graveyard this trick"
    if not obs.graveyard:
        return "takes nothing: the Graveyard is empty"
    return f"takes the {card_name(obs.graveyard[0])} from the Graveyard"


def hand_card_tip(card: str, obs: r.ReapersObservation, playable: bool | None) -> str:
    """A card in the viewer's hand; ``playable``: whether it may be played now (``None``: not deciding)."""
    text = card_tip(card, obs)
    if playable is False:
        if card == REAPER:
            return text + " Not now: a Reaper may be led only from a hand of nothing but Reapers."
        led = SUIT_NAMES.get(obs.lead_suit or "", "")
        return text + (f" Not now: you must follow {led}." if led else " Not now.")
    if playable and card == REAPER:
        return f"{text} Played now, it {reaper_effect(obs)}."
    return text


def open_hand_card_tip(name: str, card: str, obs: r.ReapersObservation) -> str:
    """A card of another seat's hand, face up in the replay of a finished game (nothing is secret any more)."""
    return f"{name} holds the {card_name(card)} (shown face up: the game is over).\n{card_tip(card, obs)}"


def back_tip(name: str, count: int, aid_on: bool, spectator: bool) -> str:
    """One of an opponent's cards, face down: how many they hold and where to learn more, nothing of what."""
    held = f"One of {name}'s {counted(count, 'card')}, face down."
    if spectator:
        return held[:-1] + ": a spectator sees no hand."
    if aid_on:
        return held + " Everyone saw the piles they drafted."
    return held + " Everyone saw the piles they drafted: the memory aid (M) lists what they still hold."


def hand_count_tip(name: str, count: int, pair_note: str) -> str:
    """The line beside an opponent's hand: cards left, and the pair rule with 5 players."""
    pair = {"pair taken": f" {name} has taken a pile of 2, so only piles of 3 from now.",
            "no pair yet": f" {name} must take exactly one pile of 2 this draft."}.get(pair_note, "")
    return f"{name} holds {counted(count, 'card')}, one played to each trick.{pair}"


def own_line_tip(count: int, pile: Sequence[str], pair_note: str, obs: r.ReapersObservation) -> str:
    """The viewer's line: cards in hand, score pile, the pair rule."""
    pair = {"pair taken": " You have taken your pile of 2: only piles of 3 from now.",
            "no pair yet": " You must take exactly one pile of 2 this draft."}.get(pair_note, "")
    points = hand_points(pile, obs.rules.demon_value)
    return (f"You hold {counted(count, 'card')}. Your score pile is worth {points} points this "
            f"hand, Demons doubling included, before any wager bonus.{pair}")


def pile_tip(slot: int, pile: Sequence[str]) -> str:
    """A face-up draft pile as a whole."""
    kind = "a pile of 2 (a pair)" if len(pile) == 2 else f"a pile of {len(pile)}"
    cards = ", ".join(card_name(c) for c in pile)
    return (f"Pile {slot + 1}, {kind}: {cards}. Whoever takes it puts all of it into their hand; the last pile "
            "left becomes the Graveyard.")


def pile_card_tip(card: str, slot: int, pile: Sequence[str], obs: r.ReapersObservation) -> str:
    """A card of a draft pile: the card, then its pile."""
    return f"{card_tip(card, obs)}\n{pile_tip(slot, pile)}"


def trump_tip(obs: r.ReapersObservation) -> str:
    """The turned-up card beside the table."""
    suit = SUIT_NAMES.get(obs.trump_suit, "")
    if not obs.trump:
        return "The trump card is turned up when a hand is dealt."
    return (f"The trump card, the {card_name(obs.trump)}: {suit} is trump this hand. If any trump is played to "
            "a trick the highest trump wins it. This card stays out of play.")


def graveyard_tip(obs: r.ReapersObservation) -> str:
    """The Graveyard as a whole."""
    if obs.phase == r.DRAFT:
        return ("The Graveyard: the last pile left after the draft is laid out here in value order; any "
                "Reapers in it are discarded. Reapers played later take its cards, lowest first.")
    if not obs.graveyard:
        return "The Graveyard is empty: a Reaper played now takes nothing."
    cards = ", ".join(card_name(c) for c in obs.graveyard)
    return f"The Graveyard: {cards}. {reaper_rule(obs)} Next to be taken: the {card_name(obs.graveyard[0])}."


def grave_card_tip(card: str, index: int, obs: r.ReapersObservation) -> str:
    """A card of the Graveyard."""
    where = "the next card a Reaper takes" if index == 0 else f"number {index + 1} in the order Reapers take"
    return f"{card_tip(card, obs)}\nIn the Graveyard, {where}."


def discard_tip(count: int) -> str:
    return (f"The discard: {counted(count, 'card')} out of this hand (the cards a trick's winner "
            "did not take, and Reapers left in the Graveyard). Every card played was seen by all.")


def hand_number_tip(obs: r.ReapersObservation) -> str:
    """The hand counter."""
    rules = obs.rules
    if obs.hand > rules.hands:
        return ("An extra hand: the top total was tied after the last hand, so whole extra hands are played "
                "until one player leads alone.")
    return (f"Hand {max(obs.hand, 1)} of {rules.hands}: the game lasts {rules.hands} hands and the dealer moves "
            "one seat left each hand. The highest total at the end wins.")


def aid_button_tip(on: bool, all_shown: bool = False) -> str:
    """The memory aid's switch; ``all_shown``: every hand lies face up (a finished game's replay)."""
    if all_shown:
        return (f"Memory aid (M), {'on' if on else 'off'}: every hand lies face up in this replay of a finished "
                "game, so it has nothing to add.")
    now = ("On: each opponent's panel lists the cards they drafted and have not played yet." if on else
           "Off: opponents' hands lie face down.")
    return (f"Memory aid (M). {now} The piles were drafted face up, so a player with perfect memory knows "
            "every hand; the aid remembers for you.")


def aid_list_tip(name: str, count: int) -> str:
    held = f"still holds these {counted(count, 'card')}" if count else "holds no cards now"
    return f"Memory aid: {name} {held}, worked out from the piles they drafted and the cards they played."


def aid_chip_tip(card: str, name: str, obs: r.ReapersObservation) -> str:
    return f"{name} still holds the {card_name(card)} (memory aid).\n{card_tip(card, obs)}"


def score_pile_tip(name: str, pile: Sequence[str], demon_value: int) -> str:
    """A seat's score pile as a whole."""
    if not pile:
        return (f"{name}'s score pile, empty so far: it gets the lowest card of each trick {name} wins (or a "
                f"Demon), and what {name}'s Reapers take from the Graveyard.")
    points = pile_points(pile, demon_value)
    demons = points.demons
    doubled = f" ({counted(demons, 'Demon')} doubling)" if demons else ""
    return (f"{name}'s score pile: {counted(len(pile), 'card')} worth "
            f"{points.total} points this hand{doubled}, before any wager bonus.")


def score_chip_tip(card: str, name: str, obs: r.ReapersObservation) -> str:
    """A card in a seat's score pile."""
    if card[1:] == DEMON_RANK:
        return (f"The Demon of {SUIT_NAMES[card[0]]}, in {name}'s score pile: it doubles {name}'s highest card "
                "not yet doubled; alone it scores 0.")
    value = card_value(card, obs.rules.demon_value)
    return f"The {card_name(card)}, in {name}'s score pile: {value} points (doubled if a Demon picks it)."


def wager_pay(wager: str, rules: r.Rules) -> str:
    """When a wager comes true, and what it pays, as this variant scores it."""
    if wager == "fewest":
        ties = "players tied for fewest all win it" if rules.fewest_ties_share else "you must be alone in fewest"
        return (f"pays +{rules.bonus_fewest} if nobody scores fewer card points than you this hand ({ties}).")
    if wager == "second":
        if rules.second_rule == "dense":
            return f"pays +{rules.bonus_second} if yours is the second-highest card score this hand (ties share)."
        return (f"pays +{rules.bonus_second} if exactly one player scores more card points than you this hand "
                "(scores 12, 9, 9, 3: both 9s win; 12, 12, 9, 3: nobody does).")
    return f"pays +{rules.bonus_none} whatever you score."


def wager_tip(wager: str, rules: r.Rules) -> str:
    """A wager: its sign, meaning and payoff."""
    sign = {"fewest": "< (fewest points)", "second": "2nd (second most points)", "none": "No wager (-)"}[wager]
    return f"{sign}: {wager_pay(wager, rules)} Judged on card points, Demons included, before bonuses."


def wager_button_tip(wager: str, index: int, rules: r.Rules) -> str:
    """A wager choice the viewer may click."""
    how = "face up, seen by all" if rules.open_wagers else "face down, revealed when the hand is scored"
    return f"{wager_tip(wager, rules)}\nClick or press {index + 1} to place it {how}."


def wager_slot_tip(name: str, placed: bool, shown: str | None, rules: r.Rules, mine: bool,
                   all_shown: bool = False) -> str:
    """A seat's wager card on its panel: not placed yet, face down, or (when this screen may know it) shown;
    ``mine``: the viewer's own; ``all_shown``: a finished game's replay, where every wager is shown."""
    if not placed:
        return f"{name} has not chosen a wager yet."
    if shown is None:
        return f"{name}'s wager, face down: <, 2nd or no wager, revealed when the hand is scored."
    if all_shown and not rules.open_wagers:
        return (f"{name}'s wager, shown face up (the game is over; at the table it stayed face down until the "
                f"hand was scored). {wager_tip(shown, rules)}")
    secret = " The others see it face down until the hand is scored." if mine and not rules.open_wagers else ""
    return f"{name}'s wager. {wager_tip(shown, rules)}{secret}"


def trick_card_tip(name: str, card: str, obs: r.ReapersObservation, winning: bool) -> str:
    """A card in the trick."""
    lead = " It set the led suit." if obs.lead_suit is not None and card != REAPER and \
        next((c for _, c in obs.trick if c != REAPER), None) == card else ""
    now = " Winning the trick so far." if winning else ""
    return f"Played by {name}.{lead}{now}\n{card_tip(card, obs)}"


def trick_place_tip(name: str, to_play: bool) -> str:
    turn = f" {name} plays next." if to_play else ""
    return (f"{name}'s place in the trick.{turn} The winner takes the trick's lowest card "
            "(a Demon instead, if one was played); the other cards are discarded.")


def prompt_tip(obs: r.ReapersObservation) -> str:
    """What the phase asks, in a few words of the rules."""
    if obs.phase == r.DRAFT:
        pairs = " With 5 players everyone takes exactly one pile of 2." if obs.rules.pairs_per_player else ""
        return ("The draft: in turn each player takes one whole face-up pile into their hand, the order snaking "
                f"back at the ends. The last pile left becomes the Graveyard.{pairs}")
    if obs.phase == r.WAGER:
        return ("Wagers: each player bets on their card points this hand, < fewest, 2nd second most, or no "
                "wager (a small sure bonus). They are revealed and paid when the hand is scored.")
    if obs.phase in (r.PLAY, r.SCORED):  # a scored hand's table still shows its play
        return ("Follow the led suit if you can (a Reaper may always be played instead). The highest trump "
                "wins, else the highest card of the led suit, and the winner scores the trick's lowest card, "
                "or a Demon if one was played.")
    return "The game is over: the highest total wins."


def badge_line_tip(name: str, total: int, points: int, hands_scored: int, deals: bool) -> str:
    """The public line of a name plate: "Total N · pile M" (the dealer carries the dealer's chip)."""
    scored = "no hand is scored yet" if hands_scored == 0 else \
        f"{name}'s points from the {counted(hands_scored, 'hand')} scored so far"
    deal = f" {name} deals this hand (the gold D chip): the last pick of each draft round and the first of the " \
        "next." if deals else ""
    return (f"Total {total}: {scored}. Pile {points}: this hand's score pile so far, Demons doubling included, "
            f"before any wager bonus.{deal}")


# --- the hand-end breakdown ------------------------------------------------------------------------------
def breakdown_tip(hand: int, extra: bool) -> str:
    kind = "Extra hand" if extra else "Hand"
    return (f"{kind} {hand} is scored: card points, Demons' doubling, then each wager is revealed and pays. "
            "Click or press Enter to go on.")


def column_tip(label: str, rules: r.Rules) -> str:
    """What a column of the breakdown says."""
    return {
        "Player": "Each player's line; yours is boxed, and the best hand is in the highlight colour.",
        "Score pile": ("The cards each player took this hand: the lowest card of each trick won (or a Demon), "
                       "and the Graveyard cards their Reapers took."),
        "Cards": "The score pile's card values added up (Demons count nothing themselves).",
        "Demons": ("xN +M: N Demons, each doubling the highest card not yet doubled, adding M points. "
                   "A dash: no Demon."),
        "Wager": ("The wager revealed: < fewest points, 2nd second most, or no wager; won or lost on the "
                  "points of Cards and Demons."),
        "Bonus": (f"What the wager paid: +{rules.bonus_fewest} for <, +{rules.bonus_second} for 2nd when it comes "
                  f"true, +{rules.bonus_none} for no wager."),
        "Hand": "This hand's score: Cards + Demons + Bonus.",
        "Total": "Each player's game total after this hand.",
    }.get(label, label)


def breakdown_chip_tip(card: str, name: str, demon_value: int) -> str:
    """A card of a score pile in the breakdown."""
    if card[1:] == DEMON_RANK:
        return f"The Demon of {SUIT_NAMES[card[0]]}, in {name}'s score pile: it doubled a card."
    return f"The {card_name(card)}, in {name}'s score pile: {card_value(card, demon_value)} points."


# --- the log, chapters, action names and the prompt ----------------------------------------------------
def _cards(cards: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else "nothing"


def _name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def describe(event: Event, names: list[str]) -> str:
    """One event in words."""
    if isinstance(event, r.HandStarted):
        kind = "Extra hand" if event.extra else "Hand"
        return f"{kind} {event.hand}: {_name(names, event.dealer)} deals."
    if isinstance(event, r.TrumpTurned):
        again = f" ({counted(event.reapers_returned, 'Reaper')} shuffled back)" if event.reapers_returned else ""
        return f"The {card_name(event.card)} is turned up: {SUIT_NAMES[event.suit]} are trump{again}."
    if isinstance(event, r.PilesDealt):
        return f"{len(event.piles)} piles are dealt face up."
    if isinstance(event, r.PileTaken):
        kind = "pair" if event.pair else "pile"
        return f"{_name(names, event.seat)} takes the {kind} {_cards(event.cards)}."
    if isinstance(event, r.GraveyardFormed):
        gone = f"; {counted(event.reapers_discarded, 'Reaper')} discarded" if event.reapers_discarded else ""
        return f"The Graveyard holds {_cards(event.cards)}{gone}."
    if isinstance(event, r.WagerPlaced):
        if event.wager is None:
            return f"{_name(names, event.seat)} places a wager face down."
        return f"{_name(names, event.seat)} wagers {WAGER_SIGNS[event.wager]}."
    if isinstance(event, r.CardPlayed):
        verb = "leads" if event.leads else "plays"
        return f"{_name(names, event.seat)} {verb} the {card_name(event.card)}."
    if isinstance(event, r.LeadPassed):
        return f"A Reaper was led: the lead passes to {_name(names, event.to_seat)}."
    if isinstance(event, r.ReaperTook):
        if event.card is None:
            return f"{_name(names, event.seat)}'s Reaper finds the Graveyard empty."
        return f"{_name(names, event.seat)}'s Reaper takes the {card_name(event.card)} from the Graveyard."
    if isinstance(event, r.TrickWon):
        if event.winner is None or event.taken is None:  # both or neither: a trick of nothing but Reapers
            return "Nothing but Reapers: nobody wins the trick."
        return f"{_name(names, event.winner)} wins trick {event.trick} and takes the {card_name(event.taken)}."
    if isinstance(event, r.HandScored):
        parts = []
        for seat, wager in enumerate(event.wagers):
            result = "" if wager == "none" else (" won" if event.wager_won[seat] else " lost")
            parts.append(f"{_name(names, seat)} {event.card_points[seat]} + {event.bonuses[seat]} "
                         f"({WAGER_SIGNS[wager]}{result}) = {event.hand_scores[seat]}")
        return f"Hand {event.hand} scored: " + "; ".join(parts) + "."
    if isinstance(event, r.ExtraHand):
        tied = " and ".join(_name(names, s) for s in event.tied)
        return f"{tied} are tied for the lead: an extra hand is played."
    if isinstance(event, r.GameOver):
        won = " and ".join(_name(names, s) for s in event.winners)
        return f"Game over: {won} win{'s' if len(event.winners) == 1 else ''} with {max(event.totals)} points."
    return str(event)


def chapter(event: Event) -> Chapter | None:
    """The part of the game an event begins, as the table names it: a hand when it is dealt ("Hand 2 of 4",
    "Extra hand 5"), a trick when its first card is played ("Trick 5")."""
    if isinstance(event, r.HandStarted):
        if event.extra or not event.hands:
            return Chapter(HAND, f"{'Extra hand' if event.extra else 'Hand'} {event.hand}")
        return Chapter(HAND, f"Hand {event.hand} of {event.hands}")
    if isinstance(event, r.CardPlayed) and event.trick:
        return Chapter(TRICK, f"Trick {event.trick}")
    return None


def name_action(action: Action, observation: Observation, names: list[str]) -> str:
    """A move as the player to make it would say it: "Take pile 4 (...)", "Wager: fewest points", "Play the
    Reaper (takes ...)". Piles are numbered from 1, as the table labels them."""
    if isinstance(action, r.TakePile):
        pile = observation.piles[action.pile] if isinstance(observation, r.ReapersObservation) and \
            0 <= action.pile < len(observation.piles) else None
        cards = f" ({_cards(pile)})" if pile else ""
        return f"Take pile {action.pile + 1}{cards}"
    if isinstance(action, r.PlaceWager):
        return "No wager" if action.wager == "none" else f"Wager: {WAGER_NAMES[action.wager]}"
    if isinstance(action, r.PlayCard):
        played = f"Play the {card_name(action.card)}"
        if action.card == REAPER and isinstance(observation, r.ReapersObservation) and observation.phase == r.PLAY:
            return f"{played} ({reaper_effect(observation)})"
        return played
    return str(action)


def aid_heading(count: int, drafting: bool) -> str:
    """The memory aid's line over an opponent's cards: how many they still hold, or why they hold none (no
    pile taken yet in the draft, or every card played)."""
    if count:
        return f"Still holds {count}:"
    return "No cards yet" if drafting else "Every card played"


def prompt_lines(obs: r.ReapersObservation, names: Sequence[str], deciding: bool) -> tuple[str, str]:
    """The table's prompt for the view it shows: a line over the centre and one of detail (the pair rule,
    the led suit). ``deciding``: the viewer is to act. A view with nobody to act is a moment between turns
    (a complete trick not yet won, the Graveyard being formed, a hand played out)."""
    rules = obs.rules
    acting = 0 <= obs.to_move < len(names)
    name = names[obs.to_move] if acting else ""
    if obs.phase == r.DRAFT:
        if not acting:
            return "The draft is over", "The last pile left becomes the Graveyard."
        pair_rule = ""
        if rules.pairs_per_player:
            seat = obs.to_move
            picks_left = rules.picks_each - len(obs.drafted[seat])
            owed = rules.pairs_per_player - obs.pairs_taken[seat]
            who = "You" if deciding else name
            if owed <= 0:
                pair_rule = f"Pair rule: {who} already took a pile of 2, so only piles of 3 now."
            elif owed >= picks_left:
                pair_rule = f"Pair rule: {who} must take a pile of 2 with this last pick."
            else:
                pair_rule = "Pair rule: every player takes exactly one pile of 2."
        head = "Take a pile into your hand" if deciding else f"Draft: {name} is choosing a pile"
        return head, pair_rule or "Piles are face up; the last pile left becomes the Graveyard."
    if obs.phase == r.WAGER:
        how = "face up, in turn" if rules.open_wagers else "face down"
        if deciding:
            shown = "Everyone sees it at once." if rules.open_wagers else "Revealed when the hand is scored."
            return f"Choose your wager, {how}", shown
        waiting = [names[s] for s in obs.wager_order if not obs.wagered[s]]
        return f"Wagers are placed {how}", "Waiting for " + ", ".join(waiting)
    if obs.phase in (r.PLAY, r.SCORED):
        trump = f"Trump: {SUIT_NAMES.get(obs.trump_suit, '')}"
        if not acting and not obs.trick:
            kind = "Extra hand" if obs.hand > rules.hands else "Hand"
            return f"{kind} {obs.hand} is played out", f"{trump} · {obs.tricks_done} tricks"
        led = SUIT_NAMES.get(obs.lead_suit or "", "")
        detail = trump + (f" · led: {led}" if led else "") + f" · trick {obs.tricks_done + 1}"
        if not acting:
            return f"Trick {obs.tricks_done + 1} is complete", detail
        return ("Play a card" if deciding else f"{name} to play"), detail
    return "Game over", ""


# --- the results screen ------------------------------------------------------------------------------------
def result_lines(state: r.ReapersState, names: Sequence[str]) -> list[str]:
    """Lines for the results screen: hands played (and extra hands to break a tie), best hand, wagers paid."""
    history = state.history
    if not history:
        return []
    extra = state.extra_hands_played
    played = f"{counted(len(history), 'hand')} played"
    if extra:
        played += f", including {counted(extra, 'extra hand')} because the top total was tied"
    lines = [played + "."]
    best = max(((h.hand_scores[s], h.hand, s) for h in history for s in range(len(names))))
    lines.append(f"Best hand: {names[best[2]]}, {best[0]} points in hand {best[1]}.")
    paid = []
    for seat, name in enumerate(names):
        made = sum(1 for h in history if h.wagers[seat] != "none")
        good = sum(1 for h in history if h.wagers[seat] != "none" and h.wager_won[seat])
        paid.append(f"{name} {good}/{made}")
    lines.append("Wagers (< or 2nd) that paid: " + ", ".join(paid) + ".")
    return lines
