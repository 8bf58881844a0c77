"""Fixtures of Nevermore's tests."""

from __future__ import annotations

import pytest

from game.core.registry import get
from game.games.nevermore.rules import Situation, new_game


@pytest.fixture
def stacked(monkeypatch):
    """New games start from the given ``Situation`` (the record replays the same stacked game)."""
    def use(situation: Situation) -> None:
        def stacked_game(config, players, seed):  # noqa: ANN001, ANN202
            return new_game(config, players, seed, situation=situation)

        monkeypatch.setitem(vars(get("nevermore")), "new_game", stacked_game)

    return use
