"""The registry lists games by their entries, importing no game's rules, and builds a game's whole spec from the
module its entry names the first time the game is needed."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import asdict

import pytest

from game.core import registry
from game.core.registry import GameEntry, GameSpec, all_entries, all_games, get, register

from tests.core.secret_numbers import make_spec

WHOLE = make_spec()
ENTRY = GameEntry(name=WHOLE.name, title=WHOLE.title, tagline=WHOLE.tagline, min_players=WHOLE.min_players,
                  max_players=WHOLE.max_players, order=5, spec_module=__name__)
SPEC = GameSpec(**{**asdict(ENTRY), **{name: getattr(WHOLE, name) for name in
                                       ("schema", "new_game", "sample_state", "agents", "describe", "figures")}})
"""The whole spec this module builds for ``ENTRY``, as a game's ``spec.py`` does."""


@pytest.fixture
def only_entries(monkeypatch):
    """No game registered but what a test registers."""
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "load_all", lambda: None)


def test_an_entry_lists_without_its_spec_and_get_builds_the_whole_spec(only_entries):
    register(ENTRY)
    assert all_entries() == [ENTRY]
    assert get(ENTRY.name) is SPEC and all_games() == [SPEC]
    assert all_entries() == [SPEC]  # built once: the whole spec replaced the entry


def test_a_spec_module_that_builds_another_game_is_refused(only_entries):
    register(GameEntry(name="other", title="Other", tagline="", min_players=2, max_players=2,
                       spec_module=__name__))
    with pytest.raises(TypeError, match="is not the GameSpec of 'other'"):
        get("other")


def test_listing_the_games_imports_no_game_s_rules():
    code = ("import sys\nfrom game.core.registry import all_entries\n"
            "print(len(all_entries()), sorted(name for name in sys.modules if name.startswith('game.games.')"
            " and name.count('.') > 2))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, modules = result.stdout.split(" ", 1)
    assert int(count) >= 4 and modules.strip() == "[]"
