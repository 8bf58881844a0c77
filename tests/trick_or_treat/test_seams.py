"""Trick or Treat's seams: the log counts candy as players do ("1 candy goes", "2 warheads"), the tooltips too,
and at the game's end the line over the table no longer names a deal while the "Game over" banner sits clear of
the pot and its count."""

from __future__ import annotations

import pytest

from game.core.registry import get
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat import words as said
from game.games.trick_or_treat.table import TrickOrTreatTable
from game.games.trick_or_treat.words import describe
from game.variants.loader import load_variant
from tests.app_input import make_app, open_table, run_until

NAMES = ["Ann", "Boris", "Cleo", "Dmitri"]


@pytest.mark.parametrize(("event", "line"), [
    (r.PotToppedUp(("candy",), 1, 19), "1 candy goes into the pot (1 in the pot, 19 left in the supply)."),
    (r.PotToppedUp(("candy", "candy", "candy"), 3, 9), "3 candy go into the pot (3 in the pot, 9 left in the supply)."),
    (r.PotToppedUp(("warhead",), 1, 9), "1 warhead goes into the pot (1 in the pot, 9 left in the supply)."),
    (r.PotToppedUp(("warhead", "candy", "warhead", "cough drop", "cough drop"), 5, 9),
     "2 warheads, 1 candy and 2 cough drops go into the pot (5 in the pot, 9 left in the supply)."),
    (r.PotGrew(("candy corn", "candy corn", "candy"), 6, 4), "Bigger Jackpots: 2 candy corn and 1 candy added; the pot "
                                                          "holds 6."),
    (r.CandyTaken(1, "warhead", -2, False), "Boris takes a warhead (-2)."),
    (r.CandyTaken(1, "candy", 1, False), "Boris takes a candy (+1)."),
    (r.TiesFound((0, 2), ("A", "J")), "Tie (Ace and Jack): Ann and Cleo take no candy."),
    (r.GameOver((3, 1, 0, 0), (0,), 1, 0), "The supply is empty. Game over: Ann wins with 3. 1 candy left in the pot "
                                           "scores for nobody."),
    (r.GameOver((3, 3, 0, 0), (0, 1), 4, 0), "The supply is empty. Game over: Ann and Boris win with 3. 4 candy left "
                                             "in the pot score for nobody."),
])
def test_the_log_counts_candy_as_players_do(event, line):  # noqa: ANN001
    assert describe(event, NAMES) == line


@pytest.mark.parametrize(("count", "kind", "words"), [
    (1, "warhead", "1 warhead"), (2, "warhead", "2 warheads"), (3, "candy", "3 candy"), (2, "candy corn", "2 candy corn"),
    (2, "cough drop", "2 cough drops"), (2, "gummy", "2 gummies"), (2, "toffee", "2 toffees"), (2, "box", "2 boxes"),
])
def test_pieces_of_a_kind_take_a_plural_unless_the_kind_is_counted_like_candy(count, kind, words):  # noqa: ANN001
    assert said.candy_count(count, kind) == words


def test_the_tooltips_count_candy_kinds_in_the_plural():
    kinds, values = ("candy", "warhead"), (1, -2)
    assert "3 candy (+1 each), 2 warheads (-2 each)" in said.pot_tip([3, 2], kinds, values)
    assert said.row_tip("Ann", [1, 2], kinds, values) == "Ann's candy: 1 candy, 2 warheads; -3 points so far."
    assert said.pot_count_tip("warhead", -2, 1) == "1 warhead in the pot, worth -2 each."
    assert said.row_candy_tip("Ann", "warhead", -2, 2).startswith("Ann holds 2 warheads, worth -2 each")


def test_at_the_games_end_the_deal_line_goes_and_the_banner_leaves_the_pot_clear():
    """A short game of AIs, animated: while "Game over" shows, the line over the table names no deal and the
    banner covers neither the pot's bowl nor its "Pot N" count (both explained as the pot)."""
    app = make_app("normal")
    try:
        values = dict(load_variant(get("trick-or-treat"), "standard").params)
        values["supply_per_player"] = 2
        table = open_table(app, TrickOrTreatTable, "trick-or-treat", ["normal"] * 4, values, 5)

        def over_shown() -> bool:
            return any(b.text == "Game over" and b.scale > 0.99 for b in table.banners)

        run_until(app, over_shown, limit=20000, dt=0.05)
        assert table.state.is_terminal() and table.info == ""
        app.draw()
        banner = next(tip.rect for tip in table.tips.tips if tip.text == said.banner_tip("Game over"))
        pot = [tip.rect for tip in table.tips.tips if tip.text.startswith("The pot:")]
        assert len(pot) == 2  # the bowl and its count
        assert banner.collidelist(pot) < 0
    finally:
        app.close()
