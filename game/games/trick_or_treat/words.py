"""Trick or Treat in words: the log's lines (``describe``), moves for hints (``name_action``), the chapters of
a game, and the tooltips: what each thing on the table is and what it means for the player now.

Every tip tells only what the viewer may know: a face-down card of another seat is just "face down"; only the
replay of a finished game, which shows every hand, names other seats' hidden cards. The surprise new players
meet is said wherever it matters: the winner of a trick takes no candy.
"""

from __future__ import annotations

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, TRICK, Chapter
from game.core.words import listed
from game.games.trick_or_treat import rules as r

RANK_WORDS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
JOKER_NAMES = {"CJ": "the coloured joker", "BJ": "the black joker"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
NO_CANDY_FOR_THE_WINNER = "The highest card wins the trick but takes no candy; the others pick candy, highest first."

PLAY_PROMPT = "Your turn: play a card face down (click it, or \u2190/\u2192 and Enter)"
DECLARE_PROMPT = "Your joker: declare it High or Low (+ / -)"
PICK_PROMPT = "Choose a candy from the pot (click, 1-9, or \u2190/\u2192 and Enter)"
DECLARE_STATUS = "Declare your joker: High (+) or Low (-)"
PICK_STATUS = "Your pick: choose a candy from the pot"
SKIP_STATUS = "Click or press Space to skip the animation"
DOING = {r.PLAY: "choosing a card", r.DECLARE: "declaring a joker", r.PICK: "picking a candy"}
"""What an AI seat is doing while it thinks, by phase (the status line: "Ann is choosing a card...")."""
DECLARE_WORDS = {False: ("Low (-)", "below a 2"), True: ("High (+)", "above an Ace")}
"""Each joker button's label and its small print, by ``high``."""

DECLARE_PROMPT_TIP = ("Your joker ranks as you say: high beats an Ace, low is below a 2, and it never ties. "
                      "High may win the trick, and the winner takes no candy; low picks last or not at all.")
PICK_PROMPT_TIP = ("You lost this trick, so you pick one candy from the pot now; the players still to pick come "
                   "after you, highest card first, while the pot lasts.")
FLYING_CARD_TIP = "A card on its way: dealt to a hand or played to the trick."
INFO_TIP = ("This deal: the whole deck is dealt out evenly and played a trick at a time; when every hand is empty "
            "the current dealer shuffles and deals again.")

TAG_TIPS = {
    "HIGH": "Declared high: this joker ranks above an Ace.",
    "LOW": "Declared low: this joker ranks below a 2.",
    "TIE": "Tied: another card has the same rank, so this player takes no candy this trick.",
    "WINS": "The highest card: it wins the trick. Its player takes no candy, but deals next.",
    "JACKPOT": "Jackpot: the dealer tied for the highest card and took the whole pot.",
    "JOKER": "A joker jackpot: both jokers were played, so their two players split the whole pot.",
    "JOKER 1st": "A joker jackpot: the coloured joker picks first from the pot and deals next.",
}
NO_CANDY = "no candy yet"
"""A seat's candy pile before its first piece."""
SUPPLY_LABEL = "Supply {}"
POT_LABEL = "Pot {}"
JOKERS_TITLE = "Jokers"
JOKERS_TALLY_TIP = ("The two jokers of the deck: a bright one has not turned up in this deal yet, a dimmed one "
                    "has. Under them, the jackpots won so far in the game.")
JOKER_OUT = "out"
"""The mark on a joker in the tally once it has turned up in this deal."""
JACKPOTS_LABEL = "Jackpots {}"
"""The tally's count of the jackpots won in the game so far."""
POT_GROWS = "Bigger Jackpots: the pot grows!"
HIGHEST_TIED = "Highest card tied: no winner"
JACKPOT = "JACKPOT!"
JOKER_JACKPOT = "JOKER JACKPOT!"
POT_EMPTY = "The pot is empty"
GAME_OVER = "Game over"
"""The banners that pop up over the pot."""
BANNER_TIPS = {
    POT_GROWS: "Bigger Jackpots: a tie that is not a jackpot adds as much candy from the supply as the pot already "
               "holds.",
    HIGHEST_TIED: "The highest card is tied by players other than the dealer: nobody wins the trick, the dealer "
                  "stays, and the untied players pick, highest first.",
    JACKPOT: "Jackpot! The dealer tied for the highest card and takes the whole pot; nobody else takes candy.",
    JOKER_JACKPOT: "Joker jackpot! Both jokers were played: their players split the whole pot, the coloured joker "
                   "first; nobody else takes candy.",
    POT_EMPTY: "The pot ran out: the players still to pick get nothing this trick.",
    GAME_OVER: "The supply cannot top up the pot: the game is over. Candy left in the pot scores for nobody.",
}


def rank_word(label: str) -> str:
    """``8``, ``Jack``, ``Ace``: a rank as players say it."""
    return RANK_WORDS.get(label, label)


def card_name(text: str) -> str:
    """``the 8``, ``the Queen``, ``the coloured joker``: a card (suits never matter)."""
    if text in JOKER_NAMES:
        return JOKER_NAMES[text]
    return f"the {rank_word(text[:-1])}"


MASS_WORDS = ("candy", "corn")
"""Last words of candy names counted without a plural (``3 candy``, ``2 candy corn``); other kinds take one
(``2 warheads``, ``2 cough drops``)."""


def candy_count(count: int, kind: str) -> str:
    """``1 warhead``, ``2 warheads``, ``3 candy``: pieces of one kind, as players count them."""
    words = kind.split()
    if count == 1 or (words and words[-1].lower() in MASS_WORDS):
        return f"{count} {kind}"
    if kind.endswith(("s", "x", "ch", "sh")):
        return f"{count} {kind}es"
    if kind.endswith("y") and kind[-2:-1].lower() not in "aeiou":
        return f"{count} {kind[:-1]}ies"
    return f"{count} {kind}s"


def _points(value: int) -> str:
    return f"{value} point{'s' if abs(value) != 1 else ''}"


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (by its first letter; ``an 8``)."""
    return "an" if word[:1].lower() in "aeiou8" else "a"


def _capital(text: str) -> str:
    """``text`` with its first letter capitalised (``str.capitalize`` would lower "the King")."""
    return text[:1].upper() + text[1:]


def hand_card_tip(text: str, playing: bool) -> str:
    """A card in the viewer's hand: its rank and what it does; how to play it on the viewer's turn."""
    if text in JOKER_NAMES:
        what = (f"{_capital(card_name(text))}: after the reveal you declare it high (above an Ace) or low "
                "(below a 2), and it never ties. With the other joker in the same trick: a joker jackpot, "
                "the two of you split the pot.")
    else:
        what = f"{_capital(card_name(text))}. Ace is high, 2 low; suits never matter. {NO_CANDY_FOR_THE_WINNER}"
    return what + (" Click it (or Enter) to play it face down." if playing else "")


def own_card_tip(text: str) -> str:
    """The viewer's own card in the trick, still face down to everyone else."""
    return (f"Your card, {card_name(text)}, face down: only you know it until every card turns up together. "
            f"{NO_CANDY_FOR_THE_WINNER}")


def hidden_card_tip(name: str) -> str:
    """Another seat's card in the trick, face down."""
    return f"{name}'s card, face down: all the cards turn up together once everyone has played."


def shown_hand_card_tip(name: str, text: str) -> str:
    """A card in another seat's hand, face up in the replay of a finished game (nothing is secret any more)."""
    return (f"In {name}'s hand: {card_name(text)}. The replay of a finished game shows every hand; at the table "
            f"only {name} saw it.")


def shown_face_down_tip(name: str, text: str) -> str:
    """Another seat's card in the trick before the reveal, face up in the replay of a finished game."""
    return (f"{name}'s card, {card_name(text)}: still face down at the table (the replay shows it); all the "
            "cards turn up together once everyone has played.")


def trick_card_tip(name: str, text: str, outcome: str) -> str:
    """A revealed card of the trick: whose and which, and how it fares (``outcome``, may be empty)."""
    return f"{name} played {card_name(text)}." + (f" {outcome}" if outcome else f" {NO_CANDY_FOR_THE_WINNER}")


def trick_outcome(name: str, *, wins: bool, tied: bool, declared: str | None, undeclared_joker: bool,
                  pick_place: int | None) -> str:
    """How a revealed card fares in the trick on the table (from the viewer's observation)."""
    parts = []
    if declared is not None:
        parts.append(f"Declared {declared}: {'above an Ace' if declared == 'high' else 'below a 2'}.")
    elif undeclared_joker:
        parts.append("A joker: its player declares it high or low now.")
    if wins:
        parts.append(f"It wins the trick: {name} takes no candy, but deals next.")
    elif tied:
        parts.append(f"Tied on rank: {name} takes no candy this trick.")
    elif pick_place is not None:
        place = ORDINALS[pick_place] if pick_place < len(ORDINALS) else f"number {pick_place + 1}"
        parts.append(f"{name} picks candy {place} of those still to pick.")
    return " ".join(parts)


def tag_tip(text: str) -> str:
    """A label on a trick card (HIGH, TIE, WINS...)."""
    return TAG_TIPS.get(text, text)


def banner_tip(text: str) -> str:
    """A banner over the pot (JACKPOT!, Game over...)."""
    return BANNER_TIPS.get(text, text)


def chip_tip(name: str) -> str:
    """The dealer chip beside the dealer's plate."""
    return (f"D: {name} is the dealer: plays first each trick, and the pot gets one candy for every other player. "
            "If the dealer ties for the highest card: jackpot, the whole pot. The trick's winner deals next.")


def candy_tip(kind: str, value: int) -> str:
    """A piece of candy anywhere: its kind and value."""
    return f"{_capital(kind)}: worth {value:+d} at the end."


def pot_candy_tip(kind: str, value: int, count: int, picking: bool) -> str:
    """A piece of candy in the pot; whether the viewer may pick it now."""
    pick = " Click it to pick one." if picking else ""
    return f"{_capital(kind)} in the pot, worth {value:+d} each; the pot holds {count} of this kind.{pick}"


def pot_tip(counts: list[int], kinds: tuple[str, ...], values: tuple[int, ...]) -> str:
    """The pot: what it holds and who gets it."""
    total = sum(counts)
    worth = sum(c * v for c, v in zip(counts, values))
    held = ", ".join(f"{candy_count(c, k)} ({v:+d} each)" for c, k, v in zip(counts, kinds, values) if c)
    inside = f"{total} candy, worth {worth}" + (f": {held}" if held else "")
    return (f"The pot: {inside}. Each trick the players who lose pick one piece each, highest card first; "
            "the winner takes none. A dealer who ties for the highest card takes it all.")


def pot_count_tip(kind: str, value: int, count: int) -> str:
    """One kind's count beside the pot."""
    return f"{candy_count(count, kind)} in the pot, worth {value:+d} each."


def supply_tip(count: int) -> str:
    """The supply of candy beside the table."""
    return (f"The supply: {count} candy left. Before each trick it tops up the pot with one candy per player "
            "except the dealer; when it is empty before a trick, the game ends.")


def row_tip(name: str, counts: list[int], kinds: tuple[str, ...], values: tuple[int, ...]) -> str:
    """A seat's candy so far."""
    if not any(counts):
        return f"{name} has no candy yet."
    score = sum(c * v for c, v in zip(counts, values))
    held = ", ".join(candy_count(c, k) for c, k in zip(counts, kinds) if c)
    return f"{name}'s candy: {held}; {_points(score)} so far."


def row_candy_tip(name: str, kind: str, value: int, count: int) -> str:
    """One kind in a seat's candy row."""
    return f"{name} holds {candy_count(count, kind)}, worth {value:+d} each: {_points(count * value)}."


def declare_button_tip(high: bool) -> str:
    """The joker's High or Low button."""
    if high:
        return ("Declare it high (+): above an Ace, so it is the highest card unless the other joker is out. "
                "The winner takes no candy, but deals next.")
    return ("Declare it low (-): below a 2, so it loses the trick and you pick candy last (if any is left). "
            "It never ties.")


def pick_button_tip(kind: str, value: int, in_pot: int, number: int) -> str:
    """A candy kind's button when picking; ``number`` is its key (1-9)."""
    if not in_pot:
        return f"{_capital(kind)}, worth {value:+d}: none in the pot, so it cannot be picked."
    key = f" (key {number})" if number <= 9 else ""
    return f"Pick {article(kind)} {kind}{key}: worth {value:+d} at the end; the pot holds {in_pot}."


def badge_tip(name: str, cards: int, points: int, dealer: bool, you: bool) -> str:
    """A seat's name plate: its public line explained."""
    who = f"{name} (you)" if you else name
    deals = " Deals this trick." if dealer else ""
    return (f"{who}: {cards} card{'s' if cards != 1 else ''} in hand, {_points(points)} of candy so far (the sum "
            f"of their candy's values; the highest total wins).{deals} The ringed plate is the seat to play.")


def spot_tip(name: str) -> str:
    """A seat's place on the felt, where its card of the trick lies."""
    return (f"{name}'s place: the card {name} plays lies here face down until every card is down, then all "
            "turn up together.")


def glow_tip(name: str, tied: bool) -> str:
    """The light under a card of the trick."""
    if tied:
        return f"{name}'s card is tied on rank: {name} takes no candy this trick."
    return f"{name}'s card is lit: it takes this trick (the winner takes no candy, but deals next) or the jackpot."


def joker_tally_tip(text: str, seen: bool) -> str:
    """A joker in the tally at the top left: whether it has turned up in this deal."""
    if seen:
        return (f"{_capital(card_name(text))} has turned up in this deal: it cannot come again until the "
                "cards are dealt anew.")
    return (f"{_capital(card_name(text))} has not turned up in this deal: it is in a hand, or out of play. A lone "
            "joker is declared high or low; both jokers in one trick are a joker jackpot.")


def jackpot_tally_tip(count: int) -> str:
    """The tally's count of jackpots."""
    return (f"Jackpots so far: {count}. A dealer who ties for the highest card takes the whole pot; two jokers in "
            "one trick split it.")


def info_tip(left: int) -> str:
    """The deal line at the top left."""
    return f"{INFO_TIP} {left} trick{'s' if left != 1 else ''} left in this deal."


# ------------------------------------------------------------------------------------------ the log


def _card(text: str | None) -> str:
    """``a 7``, ``an Ace``, ``the coloured joker``: a card the log names (``a card`` when face down)."""
    if text is None:
        return "a card"
    if text in JOKER_NAMES:
        return JOKER_NAMES[text]
    word = rank_word(text[:-1])
    return f"{article(word)} {word}"


def _list(items: list[str]) -> str:
    """Seats or things as a sentence lists them; "nobody" for none."""
    return listed(items) or "nobody"


def _candy(kinds: tuple[str, ...]) -> str:
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return _list([candy_count(n, k) for k, n in counts.items()]) if counts else "no candy"


def describe(event: Event, names: list[str]) -> str:
    """One event in words, given the seats' names."""
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    if isinstance(event, r.FirstDealer):
        return f"{who(event.seat)} deals first."
    if isinstance(event, r.Dealt):
        rest = f"; {event.out_of_play} out of play" if event.out_of_play else ""
        return f"Deal {event.deal}: {who(event.dealer)} deals {event.hand_size} cards each{rest}."
    if isinstance(event, r.PotToppedUp):
        go = "goes" if len(event.kinds) == 1 else "go"
        return f"{_candy(event.kinds).capitalize()} {go} into the pot ({event.pot_size} in the pot, " \
               f"{event.supply_left} left in the supply)."
    if isinstance(event, r.CardPlayed):
        if event.card is None:
            return f"{who(event.seat)} plays a card face down."
        return f"{who(event.seat)} plays {_card(event.card)} face down."
    if isinstance(event, r.CardsRevealed):
        shown = [f"{who(s)} {_card(c)}" for s, c in enumerate(event.cards)]
        return "Cards up: " + _list(shown) + "."
    if isinstance(event, r.JokerDeclared):
        return f"{who(event.seat)} declares {_card(event.card)} {'high' if event.high else 'low'}."
    if isinstance(event, r.TiesFound):
        return f"Tie ({_list([rank_word(rank) for rank in event.ranks])}): {_list([who(s) for s in event.seats])} " \
               "take no candy."
    if isinstance(event, r.PotGrew):
        return f"Bigger Jackpots: {_candy(event.kinds)} added; the pot holds {event.pot_size}."
    if isinstance(event, r.Jackpot):
        return f"Jackpot! {who(event.seat)} tied for the highest card as dealer and takes the whole pot: " \
               f"{_candy(event.kinds)}."
    if isinstance(event, r.JokerJackpot):
        return f"Joker jackpot! {who(event.coloured)} and {who(event.black)} split the pot of " \
               f"{event.pot_size}, {who(event.coloured)} first."
    if isinstance(event, r.TrickWon):
        return f"{who(event.seat)} wins the trick with {_card(event.card)} and takes no candy."
    if isinstance(event, r.HighestTied):
        return f"The highest card is tied by {_list([who(s) for s in event.seats])}: nobody wins the trick."
    if isinstance(event, r.CandyTaken):
        return f"{who(event.seat)} takes {article(event.kind)} {event.kind} ({event.value:+d})."
    if isinstance(event, r.PotRanOut):
        return f"The pot is empty: {_list([who(s) for s in event.seats])} get nothing."
    if isinstance(event, r.DealerChanged):
        return f"{who(event.seat)} stays the dealer." if event.same else f"{who(event.seat)} deals next."
    if isinstance(event, r.GameOver):
        won = _list([who(s) for s in event.winners])
        scores = "scores" if event.pot_left == 1 else "score"
        left = f" {event.pot_left} candy left in the pot {scores} for nobody." if event.pot_left else ""
        why = (f"The supply ({event.supply_left} left) cannot top up the pot." if event.supply_left
               else "The supply is empty.")
        return f"{why} Game over: {won} {'win' if len(event.winners) > 1 else 'wins'} with {max(event.scores)}.{left}"
    return str(event)


def chapter(event: Event) -> Chapter | None:
    """The part of the game an event begins, as the table names it: a deal ("Deal 2"), and a trick when the
    pot is topped up for it ("Trick 7", counted over the game)."""
    if isinstance(event, r.Dealt):
        return Chapter(HAND, f"Deal {event.deal}")
    if isinstance(event, r.PotToppedUp):
        return Chapter(TRICK, f"Trick {event.trick}")
    return None


def name_action(action: Action, observation: Observation, names: list[str]) -> str:
    """A move as the observation's seat would say it: "Play the 8", "Declare the coloured joker high",
    "Pick a warhead (worth -2)"."""
    del names  # every move is the seat's own: no other seat is named
    assert isinstance(observation, r.TrickOrTreatObservation)  # GameSpec takes any game's; hints pass ours
    if isinstance(action, r.PlayCard):
        return f"Play the {rank_word(action.label)}"
    if isinstance(action, r.Declare):
        joker = JOKER_NAMES.get(observation.my_card or "", "the joker")
        return f"Declare {joker} {'high' if action.high else 'low'}"
    if isinstance(action, r.TakeCandy):
        kinds, values = observation.config.kinds, observation.config.values
        worth = f" (worth {values[kinds.index(action.kind)]})" if action.kind in kinds else ""
        return f"Pick {article(action.kind)} {action.kind}{worth}"
    return str(action)


def deal_line(view: r.TrickOrTreatObservation) -> str:
    """The line over the table: the deal under way and its tricks left (none once the game is over)."""
    left = view.tricks_left_in_deal
    return "" if view.phase == r.OVER else \
        f"Deal {view.deal_number}  \u00b7  {left} trick{'s' if left != 1 else ''} left in this deal"


def result_rows(names: list[str], jackpots: list[int], joker_jackpots: list[int], pot_left: int,
                candy: list[list[int]], kinds: tuple[str, ...], order: list[int]) -> list[str]:
    """The results screen's lines: each seat's jackpots and joker jackpots, the candy nobody scored, then (with
    several kinds) each seat's candy by kind, in ``order`` (best score first; the screen drops what does not
    fit)."""
    seats = range(len(names))
    telling = [f"{names[s]} {jackpots[s]}" for s in seats if jackpots[s]]
    summary = [f"Jackpots: {', '.join(telling)}" if telling else "No jackpots"]
    paired = [f"{names[s]} {joker_jackpots[s]}" for s in seats if joker_jackpots[s]]
    if paired:
        summary.append(f"joker jackpots: {', '.join(paired)}")
    if pot_left:
        summary.append(f"{pot_left} candy left in the pot scored for nobody")
    rows = ["; ".join(summary) + "."]
    if len(kinds) > 1:
        for seat in order:
            held = ", ".join(candy_count(c, name) for c, name in zip(candy[seat], kinds) if c)
            rows.append(f"{names[seat]}: {sum(candy[seat])} candy" + (f" ({held})" if held else ""))
    return rows
