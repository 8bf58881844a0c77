"""Table set-up: default names and records of a setup."""

from game.core.setup import MatchSetup, default_names


def test_default_names_give_the_player_theirs_and_plain_names_to_the_rest():
    assert default_names(("normal", "human", "hard"), "Vlad") == ("Ann", "Vlad", "Cleo")
    assert default_names(("human", "human")) == ("Morgan", "Boris")


def test_a_setup_round_trips_through_its_record():
    setup = MatchSetup("secret-numbers", "standard", {"rounds": 2}, ("human", "easy"), ("Vlad", "Boris"), 7)
    assert MatchSetup.from_record(setup.record()) == setup
