"""Games that start from a position: their records (saves, replays, undo), their setups, series of them, and
bug reports that keep the position a game had reached. On the toy game of tests/toygame.py."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import datetime

import pytest

from game.core.match import play_match, simulate
from game.core.position import position_document, state_from_document
from game.core.record import START_KEY, GameRecord, RecordError, read_record
from game.core.setup import MatchSetup
from game.storage.reports import save_report
from tests.toygame import NAME, toy_game  # noqa: F401 (a fixture)
from tests.records import with_first_moves

PARAMS = {"tricks": 3}


def start(spec, seed: int = 7, players: int = 3, moves: int = 4) -> dict:
    state = spec.new_game(PARAMS, players, 5)
    rng = random.Random(5)
    for _ in range(moves):
        actions = state.legal_actions()
        state.apply_legal(actions[rng.randrange(len(actions))])
    return position_document(spec, state, "standard", PARAMS, seed)


def record_at(spec, **changes) -> GameRecord:
    position = start(spec)
    return replace(GameRecord(NAME, "standard", PARAMS, 3, 7, position=position), **changes)


def test_a_record_starts_at_its_position_and_plays_on_from_there(toy_game):
    record = record_at(toy_game)
    expected = state_from_document(record.position).state
    for seat in (0, 1, 2, None):
        assert record.new_state().observation(seat) == expected.observation(seat)
    assert record.new_state().observation(None) != toy_game.new_game(PARAMS, 3, 7).observation(None)
    longer = with_first_moves(record, 3)
    assert longer.undone(2).replay().observation(None) == with_first_moves(record, 1).replay().observation(None)
    assert longer.position == record.position  # undo and more moves keep where the game began


def test_the_json_carries_the_position_and_reads_it_back(toy_game, tmp_path):
    record = with_first_moves(record_at(toy_game), 2)
    text = record.to_json()
    assert json.loads(text)[START_KEY] == record.position
    assert GameRecord.from_json(text) == record
    path = tmp_path / "save.json"
    path.write_text(text, encoding="utf-8")
    assert read_record(path).replay().observation(0) == record.replay().observation(0)
    plain = GameRecord(NAME, "standard", PARAMS, 3, 7)
    assert START_KEY not in json.loads(plain.to_json())  # records of first deals are as they always were
    assert GameRecord.from_json(plain.to_json()).position is None


@pytest.mark.parametrize("change, key, message", [
    (lambda p: p["seats"][1].update(tricks=11), "start_position.seats[1].tricks", "must be from 0 to 3, not 11"),
    (lambda p: p["seats"][1].update(hand="x"), "start_position.seats[1].hand", "must be a list, not 'x'"),
    (lambda p: p.update(seed=8), "start_position.seed", "is 8, but the record's seed is 7"),
    (lambda p: p.update(players=2), "start_position.players", "is 2, but the record's players is 3"),
    (lambda p: p.update(params={"tricks": 2}), "start_position.params", "but the record's params"),
    (lambda p: p.update(game="reapers"), "start_position.game", "is 'reapers', but the record's game"),
    (lambda p: p.update(variant=None), "start_position.variant", "must be text, not None"),
])
def test_a_bad_position_in_a_record_file_names_the_file_and_the_key(toy_game, tmp_path, change, key,
                                                                    message):
    data = json.loads(record_at(toy_game).to_json())
    change(data[START_KEY])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert caught.value.path == path and caught.value.key == key and message in caught.value.message
    assert str(caught.value).startswith(f"{path}: {key}: ")


def test_a_position_that_is_not_a_mapping_is_refused(toy_game):
    data = json.loads(record_at(toy_game).to_json())
    for value in ([1, 2], "here", None, 3):
        data[START_KEY] = value
        with pytest.raises(RecordError) as caught:
            GameRecord.from_json(json.dumps(data))
        assert caught.value.key == START_KEY


def test_a_setup_carries_its_position_to_the_table_record_and_back(toy_game):
    position = start(toy_game)
    setup = MatchSetup(NAME, "standard", PARAMS, ("human", "normal", "normal"), ("A", "B", "C"), 7, position)
    record = setup.record()
    assert record.position == position and record.new_state().observation(1) == \
        state_from_document(position).state.observation(1)
    assert MatchSetup.from_record(with_first_moves(record, 2)) == setup


def test_a_series_plays_every_game_on_from_the_position_with_its_own_chance(toy_game):
    position = start(toy_game, moves=2)
    loaded = state_from_document(position).state
    games = []
    series = simulate(toy_game, PARAMS, ["random"] * 3, 6, 3, position=position,
                      finished=lambda index, result: games.append(result.record))
    assert series.games == 6
    for record in games:
        assert record.position == {**position, "seed": record.seed}
        assert record.new_state().observation(None) == loaded.observation(None)
        assert record.replay().is_terminal()
    assert len({tuple(record.actions) for record in games}) > 1  # chance differs game to game
    again = play_match(toy_game, PARAMS, ["random"] * 3, games[0].seed, position=position)
    assert again.record == games[0]


def test_a_series_from_a_position_gives_the_same_results_in_two_processes(toy_game):
    position = start(toy_game, moves=2)
    one = simulate(toy_game, PARAMS, ["random"] * 3, 8, 4, position=position)
    two = simulate(toy_game, PARAMS, ["random"] * 3, 8, 4, position=position, jobs=2)
    assert one.scores == two.scores and one.lengths == two.lengths


def test_a_report_keeps_the_position_the_game_had_reached(toy_game):
    record = with_first_moves(record_at(toy_game), 2)
    path = save_report(record, ["a line"], datetime(2026, 1, 2, 3, 4, 5))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["position"] == position_document(toy_game, record.replay(), "standard", PARAMS, 7)
    assert data[START_KEY] == record.position
    assert GameRecord.from_json(path.read_text(encoding="utf-8")) == record  # still a record as it was
    fresh = with_first_moves(GameRecord(NAME, "standard", PARAMS, 2, 9), 3)
    data = json.loads(save_report(fresh, []).read_text(encoding="utf-8"))
    assert state_from_document(data["position"]).state.observation(None) == fresh.replay().observation(None)


def test_a_report_of_a_game_without_positions_or_that_breaks_is_still_written(toy_game):
    from game.core import registry

    record = with_first_moves(GameRecord(NAME, "standard", PARAMS, 2, 9), 1)

    def broken(state):
        raise KeyError("no such seat")

    registry.register(replace(toy_game, position_of=broken))
    data = json.loads(save_report(record, []).read_text(encoding="utf-8"))
    assert "position" not in data and data["position_error"] == "KeyError: 'no such seat'"
    registry.register(replace(toy_game, position_of=None, state_from_position=None))
    data = json.loads(save_report(record, []).read_text(encoding="utf-8"))
    assert "position" not in data and "position_error" not in data and data["report"]["log"] == []


def test_a_game_whose_reader_breaks_on_a_saved_position_gives_a_record_error_not_a_crash(toy_game):
    from game.core import registry

    text = record_at(toy_game).to_json()

    def careless(body, params, players, seed):
        return body["no such key"]

    registry.register(replace(toy_game, state_from_position=careless))
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(text)
    assert caught.value.key == START_KEY and "KeyError" in caught.value.message
