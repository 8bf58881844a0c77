"""Shared English: lists as a sentence says them."""

from game.core.words import listed


def test_a_list_reads_as_a_sentence() -> None:
    assert listed([]) == "" and listed(["Ann"]) == "Ann"
    assert listed(["Ann", "Boris"]) == "Ann and Boris"
    assert listed(["Ann", "Boris", "Cleo"]) == "Ann, Boris and Cleo"
