"""Trick or Treat in plain words: events for the log panel, moves for hints."""

from __future__ import annotations

from game.core.contracts import Action, Event, Observation
from game.core.registry import HAND, TRICK, Chapter
from game.core.words import listed
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.tips import JOKER_NAMES, article, candy_count, rank_word


def _card(text: str | None) -> str:
    if text is None:
        return "a card"
    if text == "CJ":
        return "the coloured joker"
    if text == "BJ":
        return "the black joker"
    rank = text[:-1]
    word = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}.get(rank, rank)
    return f"{'an' if rank in ('A', '8') else 'a'} {word}"


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
        kinds, values = observation.rules.kinds, observation.rules.values
        worth = f" (worth {values[kinds.index(action.kind)]})" if action.kind in kinds else ""
        return f"Pick {article(action.kind)} {action.kind}{worth}"
    return str(action)
