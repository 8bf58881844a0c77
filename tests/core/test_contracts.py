"""The core contracts, exercised through a small test-only game."""

import pytest

from game.core.contracts import IllegalActionError, find_action
from game.core.match import play_match, random_playout, series_seeds, simulate
from game.core.record import GameRecord, RecordError
from game.core.registry import UnknownGameError, get, register

from tests.core.secret_numbers import STANDARD, Pick, Picked, SecretNumbers, make_spec


@pytest.fixture
def spec():
    return register(make_spec())


def test_illegal_action_raises_and_leaves_state_unchanged():
    state = SecretNumbers(STANDARD, 3, seed=5)
    before = state.observation(0), state.observation(1), state.current_player()
    with pytest.raises(IllegalActionError, match="pick 7 is not legal"):
        state.apply(Pick(7))
    assert (state.observation(0), state.observation(1), state.current_player()) == before


def test_apply_after_the_end_is_refused():
    state = SecretNumbers({**STANDARD, "rounds": 1}, 2, seed=1)
    state.apply(Pick(1))
    state.apply(Pick(2))
    assert state.is_terminal()
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(Pick(1))


def test_secret_pick_is_hidden_from_other_seats():
    state = SecretNumbers(STANDARD, 3, seed=2)
    mover = state.current_player()
    events = state.apply(Pick(3))
    other = (mover + 1) % 3
    assert state.observation(other).own_pick is None
    assert state.observation(mover).own_pick == 3
    assert events[0].seen_by(other) == Picked(mover, None)
    assert events[0].seen_by(None) == Picked(mover, None)
    assert events[0].seen_by(mover) == Picked(mover, 3)


def test_clone_is_independent_including_the_generator():
    state = SecretNumbers(STANDARD, 2, seed=9)
    copy = state.clone()
    copy.apply(Pick(2))
    assert state.observation(0) != copy.observation(0) or state.current_player() != copy.current_player()
    assert state.rng.random() == copy.rng.random()


def test_find_action_parses_text_and_rejects_unknown():
    state = SecretNumbers(STANDARD, 2, seed=3)
    assert find_action(state, "pick 2") == Pick(2)
    with pytest.raises(IllegalActionError, match="no legal action 'pick 9'"):
        find_action(state, "pick 9")


def test_returns_share_the_win():
    state = SecretNumbers({**STANDARD, "rounds": 1}, 2, seed=4)
    state.apply(Pick(2))
    state.apply(Pick(2))
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_record_round_trips_through_json_and_replays(spec):
    result = play_match(spec, STANDARD, ["random", "hard", "random"], seed=11)
    text = result.record.to_json()
    again = GameRecord.from_json(text)
    assert again == result.record
    replayed = again.replay()
    assert replayed.is_terminal()
    assert replayed.scores() == result.scores


def test_record_undo_replays_to_an_earlier_state(spec):
    record = play_match(spec, STANDARD, ["random", "random"], seed=12).record
    shorter = record.undone(3)
    assert len(shorter.actions) == len(record.actions) - 3
    assert not shorter.replay().is_terminal()


def test_corrupt_record_is_a_clear_error(spec):
    with pytest.raises(RecordError, match="not a Hallowtable game record"):
        GameRecord.from_json("{not json")
    record = play_match(spec, STANDARD, ["random", "random"], seed=13).record
    broken = GameRecord(record.game, record.variant, record.params, record.players, record.seed,
                        record.actions[:1] + ("pick 99",))
    with pytest.raises(RecordError, match="action 2"):
        broken.replay()


def test_simulate_is_deterministic_and_wins_add_up(spec):
    first = simulate(spec, STANDARD, ["random", "random", "hard"], games=12, seed=7)
    second = simulate(spec, STANDARD, ["random", "random", "hard"], games=12, seed=7)
    assert first.to_json_dict() | {"seconds": 0} == second.to_json_dict() | {"seconds": 0}
    assert sum(first.wins) == pytest.approx(12)
    assert first.figures["rounds"] == [float(STANDARD["rounds"])] * 12


def test_simulate_in_processes_matches_one_process(spec):
    one = simulate(spec, STANDARD, ["random", "hard"], games=6, seed=21)
    two = simulate(spec, STANDARD, ["random", "hard"], games=6, seed=21, jobs=2)
    assert one.to_json_dict() | {"seconds": 0} == two.to_json_dict() | {"seconds": 0}
    assert series_seeds(1, 5) != series_seeds(2, 5)


def test_random_playout_ends():
    state = SecretNumbers(STANDARD, 4, seed=8)
    import random
    assert random_playout(state, random.Random(1)) == 4 * STANDARD["rounds"]


def test_unknown_game_lists_known_ones():
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        get("chess")
