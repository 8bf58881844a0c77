"""Random playouts: cards conserved, Health in bounds, every game ends; records replay exactly; variants load."""

import random
from collections import Counter

import pytest

from game.core.match import play_match
from game.core.record import GameRecord
from game.games.nevermore.rules.cards import is_added
from game.games.nevermore.rules.magick_data import deck_list
from game.variants.loader import list_variants, load_variant
from tests.nevermore.helpers import SPEC, params


def _check(s):
    mains = Counter(s.deck) + Counter(s.discard)
    added = Counter()
    for seat in range(s.num_players):
        for c in s.hands[seat] + s.discarded[seat]:
            (added if is_added(c) else mains)[c.split(":")[1] if is_added(c) else c] += 1
    assert mains == Counter({"attack": 12, "healing": 12, "radiance": 12, "victory": 12, "raven": 12})
    if s.config.magick.enabled:
        magick = Counter(s.ldeck) + Counter(s.sdeck) + Counter(s.ldisc) + Counter(s.sdisc) + added
        for hand in s.magick:
            magick.update(hand)
        magick.update(entry[2] for entry in s.stack)
        expected = Counter(deck_list(s.cards, "light")) + Counter(deck_list(s.cards, "shadow"))
        assert magick == expected
    for seat in range(s.num_players):
        assert s.health[seat] <= s.config.max_health
        if not s.raven[seat]:
            assert s.health[seat] >= 1 or s.is_terminal() or s.batches
        assert s.vp[seat] >= 0


@pytest.mark.parametrize("variant", ["standard", "no-magick"])
def test_random_playouts_keep_invariants_and_end(variant):
    p = params(variant)
    for seed in range(24):
        s = SPEC.new_game(p, 3 + seed % 4, seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            actions = s.legal_actions()
            assert actions and len({str(a) for a in actions}) == len(actions)
            s.apply(actions[rng.randrange(len(actions))])
            _check(s)
            steps += 1
            assert steps < 5000
        assert s.winners() and s.current_player() == -1 and s.legal_actions() == []


def test_recorded_game_replays_exactly():
    result = play_match(SPEC, params("standard"), ["random", "normal", "easy", "random"], 11)
    text = result.record.to_json()
    replayed = GameRecord.from_json(text).replay()
    assert replayed.is_terminal()
    assert replayed.winners() == result.winners and replayed.scores() == result.scores


def test_clone_is_independent():
    s = SPEC.new_game(params("standard"), 4, 5)
    c = s.clone()
    rng = random.Random(1)
    while not c.is_terminal() and c.hand_no < 3:
        actions = c.legal_actions()
        c.apply(actions[rng.randrange(len(actions))])
    assert s.hand_no == 1 and s.observation(0) == SPEC.new_game(params("standard"), 4, 5).observation(0)


def test_every_shipped_variant_loads_and_plays():
    variants, errors = list_variants(SPEC)
    names = {v.name for v in variants}
    assert {"standard", "no-magick", "long-night", "cloaked"} <= names and not errors
    for v in variants:
        s = SPEC.new_game(v.params, 3, 2)
        assert s.current_player() >= 0
    assert load_variant(SPEC, "long-night").params["vp_to_win"] == 9
    assert load_variant(SPEC, "no-magick").params["magick"]["enabled"] is False


def test_spec_registration():
    assert SPEC.title == "Nevermore" and (SPEC.min_players, SPEC.max_players) == (3, 6)
    assert SPEC.order == 30 and SPEC.scene == "game.games.nevermore.table:NevermoreTable"
    assert set(SPEC.agents) == {"random", "easy", "normal", "hard"}
    result = play_match(SPEC, params("no-magick"), ["random"] * 3, 4)
    figures = result.figures
    assert figures["hands"] >= 1 and sum(figures[k] for k in figures if k.startswith("end_")) == 1
