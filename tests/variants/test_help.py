"""Every rule parameter of every game has help text from its standard.yaml, grouped as that file is."""

from __future__ import annotations

import pytest

from game.core.registry import all_games, get
from game.variants.help import parameter_paths, parse_help, variant_help

GAMES = ("reapers", "spectral-reapers", "nevermore", "trick-or-treat")


@pytest.mark.parametrize("game", GAMES)
def test_every_parameter_has_help_and_a_group(game):
    spec = get(game)
    help_ = variant_help(spec)
    missing = [path for path in parameter_paths(spec.schema) if not help_.text(path)]
    assert missing == []
    grouped = [key for group in help_.groups for key in group.keys]
    assert grouped == list(spec.schema.fields)


def test_all_four_games_are_registered():
    assert {spec.name for spec in all_games()} >= set(GAMES)


def test_comments_above_beside_and_continued_are_joined():
    help_ = parse_help(
        "title: T\n"
        "# First heading\n\n"
        "# above a\n"
        "a: 1  # beside a\n"
        "b: 2   # b starts here\n"
        "       # and goes on\n"
        "\n"
        "deck:\n"
        "  low: 2  # lowest\n"
        "items:\n"
        "  - name: x  # the name\n"
        "    value: 1\n"
        "  - name: y\n"
        "    value: 2  # the value\n")
    assert help_.text(("a",)) == "above a beside a"
    assert help_.text(("b",)) == "b starts here and goes on"
    assert help_.text(("deck", "low")) == "lowest"
    assert help_.text(("items", 3, "name")) == "the name"
    assert help_.text(("items", "value")) == "the value"
    assert [(g.title, g.keys) for g in help_.groups] == [("First heading", ("a", "b")), ("Deck", ("deck",)),
                                                        ("Items", ("items",))]


def test_a_missing_comment_is_missing():
    help_ = parse_help("a: 1\nb: 2  # b\n")
    assert help_.text(("a",)) == "" and help_.text(("b",)) == "b"
