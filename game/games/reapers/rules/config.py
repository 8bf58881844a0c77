"""The Reapers variant rules (``Config``, whose fields are the variant schema ``SCHEMA``), the numbers a game
reads for its player count (``Rules``), and the phase names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.core.config import config_from, rule, schema_of, section

from .cards import DEMON_RANK, REAPER, SUITS

DRAFT, WAGER, PLAY, SCORED, OVER, HORIZON = "draft", "wager", "play", "scored", "over", "horizon"
"""The phases: a hand is drafted, wagered on and played; ``scored`` is the moment between its score and the
next deal (a step's view shows it, a state at rest never); ``over`` ends the game, ``horizon`` a search's
hand (``stop_after_hand``)."""
COUNTS = (3, 4, 5)
"""The player counts Reapers is for."""
REMOVE_HIGH_RANK = "Remove the highest rank (the 10s) from the deck with {players} players"


# --------------------------------------------------------------------------------------------- the variant


@dataclass(frozen=True)
class Deck:
    """The deck: four suits of numbered cards and one Demon each, plus Reapers."""

    low_rank: int = rule(int, "Lowest rank in each of the four suits", low=1, high=20)
    high_rank: int = rule(int, "Highest numbered rank in each suit (removed with some player counts)", low=2,
                          high=30)
    demon_value: int = rule(int, "Value of a Demon wherever values are compared", low=2, high=40)
    reapers: int = rule(int, "Reapers in the deck", low=0, high=8)


@dataclass(frozen=True)
class Numbers:
    """The numbers for 3 players; ``ForFour`` and ``ForFive`` name their own count in the deck's help."""

    remove_high_rank: bool = rule(bool, REMOVE_HIGH_RANK.format(players=3))
    piles_of_three: int = rule(int, "Face-up piles of 3 cards dealt for the draft", low=0, high=30)
    piles_of_two: int = rule(int, "Face-up piles of 2 cards (pairs) dealt for the draft", low=0, high=30)
    pairs_per_player: int = rule(int, "Pairs every player must take (and may not exceed) in the draft", low=0,
                                 high=5)
    hands: int = rule(int, "Hands in a game", low=1, high=30)
    bonus_fewest: int = rule(int, "Bonus for a winning '<' (fewest points) wager", low=-100, high=200)
    bonus_second: int = rule(int, "Bonus for a winning '2nd' (second most points) wager", low=-100, high=200)
    bonus_none: int = rule(int, "Bonus for playing no wager", low=-100, high=200)


@dataclass(frozen=True)
class ForFour(Numbers):
    """The numbers for 4 players."""

    remove_high_rank: bool = rule(bool, REMOVE_HIGH_RANK.format(players=4))


@dataclass(frozen=True)
class ForFive(Numbers):
    """The numbers for 5 players."""

    remove_high_rank: bool = rule(bool, REMOVE_HIGH_RANK.format(players=5))


@dataclass(frozen=True)
class Wagers:
    """How wagers are placed and judged."""

    fewest_ties_share: bool = rule(bool, "RULING: players tied for the fewest points all win '<'")
    second_rule: str = rule(str, "RULING: who is 'second most': competition = exactly one other player scored "
                                 "more (1-2-2-4); dense = scored the second-highest score",
                            choices=("competition", "dense"))
    open: bool = rule(bool, "Wagers are placed face up, in turn from the dealer's left")


@dataclass(frozen=True)
class ReaperRulings:
    """What a Reaper played does."""

    passed_lead_is_lead: bool = rule(bool, "RULING: the player a led Reaper passes the lead to is leading (a Reaper "
                                           "only from a hand of Reapers, and it takes nothing)")
    every_reaper_takes: bool = rule(bool, "Every Reaper played after the led suit is set takes from the Graveyard, "
                                          "not only the first")


@dataclass(frozen=True)
class Ending:
    """When the game ends: ties at the top and extra hands."""

    extra_hands_on_tie: bool = rule(bool, "RULING: play whole extra hands while the top total is tied")
    max_extra_hands: int = rule(int, "Stop after this many extra hands and share the win (0: until one leads, "
                                     "at most 100 as a safety bound)", low=0, high=100)


@dataclass(frozen=True)
class Config:
    """A Reapers variant: every rule number and every ruling that is a choice."""

    deck: Deck = section(Deck, "The deck: four suits of numbered cards and one Demon each, plus Reapers")
    players_3: Numbers = section(Numbers, "Numbers for 3 players")
    players_4: Numbers = section(ForFour, "Numbers for 4 players")
    players_5: Numbers = section(ForFive, "Numbers for 5 players")
    wagers: Wagers = section(Wagers, "Wagers")
    reapers: ReaperRulings = section(ReaperRulings, "Reapers")
    game: Ending = section(Ending, "The game")

    def numbers(self, players: int) -> Numbers:
        """The numbers for ``players`` seats."""
        return {3: self.players_3, 4: self.players_4, 5: self.players_5}[players]

    def deck_size(self, players: int) -> int:
        """Cards in the deck for this many players."""
        ranks = self.deck.high_rank - self.deck.low_rank + 1
        if self.numbers(players).remove_high_rank:
            ranks -= 1
        return 4 * (ranks + 1) + self.deck.reapers


def _check(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Whether the numbers make a playable deal at every player count (the deck less the trump card fills the
    piles, and the piles less the Graveyard share evenly, pairs included)."""
    config = config_from(Config, params)
    problems: list[tuple[str, str]] = []
    deck = config.deck
    if deck.high_rank < deck.low_rank + 1:
        problems.append(("deck.high_rank", "must be above low_rank"))
        return problems
    if deck.demon_value <= deck.high_rank:
        problems.append(("deck.demon_value", "must be above high_rank (the Demon is the highest card of its suit)"))
    for players in COUNTS:
        key = f"players_{players}"
        count = config.numbers(players)
        cards = config.deck_size(players)
        piles = count.piles_of_three + count.piles_of_two
        dealt = 3 * count.piles_of_three + 2 * count.piles_of_two
        if dealt != cards - 1:
            problems.append((key, f"piles hold {dealt} cards but the deck less the trump card has {cards - 1}"))
            continue
        if piles < 2 or (piles - 1) % players:
            problems.append((key, f"{piles} piles less the Graveyard cannot be shared by {players} players"))
            continue
        picks = (piles - 1) // players
        pairs = count.pairs_per_player
        if pairs > picks:
            problems.append((key + ".pairs_per_player", f"must be at most the {picks} picks each player makes"))
        elif count.piles_of_two < players * pairs or count.piles_of_two > players * pairs + 1:
            problems.append((key + ".piles_of_two", f"must be {players * pairs} or {players * pairs + 1} "
                                                    f"with {pairs} pair(s) a player"))
        elif count.piles_of_three < players * (picks - pairs):
            problems.append((key + ".piles_of_three", "too few piles of 3 for every player's picks"))
    return problems


SCHEMA = schema_of(Config, "Reapers rules", _check)


# --------------------------------------------------------------------------------------------- one game


@dataclass(frozen=True)
class Rules:
    """The variant's numbers for one player count, as a game reads them (plain, immutable: observations carry
    it)."""

    players: int
    deck: tuple[str, ...]
    demon_value: int
    piles_of_three: int
    piles_of_two: int
    pairs_per_player: int
    picks_each: int
    hands: int
    bonus_fewest: int
    bonus_second: int
    bonus_none: int
    fewest_ties_share: bool = True
    second_rule: str = "competition"
    open_wagers: bool = False
    passed_lead_is_lead: bool = True
    every_reaper_takes: bool = False
    extra_hands_on_tie: bool = True
    max_extra_hands: int = 0

    def bonus(self, wager: str) -> int:
        """The bonus a wager pays when it comes true."""
        return {"fewest": self.bonus_fewest, "second": self.bonus_second, "none": self.bonus_none}[wager]

    def from_dealers_left(self, dealer: int) -> tuple[int, ...]:
        """Every seat once, from the dealer's left: the order of the wagers and of the draft's first round."""
        return tuple((dealer + 1 + i) % self.players for i in range(self.players))

    def draft_order(self, dealer: int) -> tuple[int, ...]:
        """The snake of the draft: from the dealer's left, the order turning back at each end of a round."""
        forward = self.from_dealers_left(dealer)
        return sum((forward if round_ % 2 == 0 else forward[::-1] for round_ in range(self.picks_each)), ())

    @classmethod
    def of(cls, config: Config | Mapping[str, Any], players: int) -> "Rules":
        """The rules of a variant (a ``Config`` or its checked parameters) for ``players`` seats."""
        if players not in COUNTS:
            raise ValueError(f"Reapers is for 3 to 5 players, not {players}")
        if not isinstance(config, Config):
            config = config_from(Config, config)
        deck_p, count = config.deck, config.numbers(players)
        high = deck_p.high_rank - (1 if count.remove_high_rank else 0)
        deck: list[str] = []
        for suit in SUITS:
            deck += [f"{suit}{rank}" for rank in range(deck_p.low_rank, high + 1)]
            deck.append(suit + DEMON_RANK)
        deck += [REAPER] * deck_p.reapers
        assert len(deck) == config.deck_size(players)
        piles = count.piles_of_three + count.piles_of_two
        return cls(
            players=players,
            deck=tuple(deck),
            demon_value=deck_p.demon_value,
            piles_of_three=count.piles_of_three,
            piles_of_two=count.piles_of_two,
            pairs_per_player=count.pairs_per_player,
            picks_each=(piles - 1) // players,
            hands=count.hands,
            bonus_fewest=count.bonus_fewest,
            bonus_second=count.bonus_second,
            bonus_none=count.bonus_none,
            fewest_ties_share=config.wagers.fewest_ties_share,
            second_rule=config.wagers.second_rule,
            open_wagers=config.wagers.open,
            passed_lead_is_lead=config.reapers.passed_lead_is_lead,
            every_reaper_takes=config.reapers.every_reaper_takes,
            extra_hands_on_tie=config.game.extra_hands_on_tie,
            max_extra_hands=config.game.max_extra_hands,
        )
