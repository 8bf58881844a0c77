"""The shared core of positions (game/core/position.py), on a toy game: the header every position has, the
reader that collects every problem, and files read through the bounded reader with ``file:line: key``."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
import yaml

from game.core import registry
from game.core.bounded import InputError
from game.core.position import (HEADER_KEYS, MAX_POSITION_BYTES, MAX_SEED, PositionError, PositionReader,
                                position_document, position_text, read_position, state_from_document,
                                supports_positions)
from game.core.position_reader import Places
from game.core.record import GameRecord, RecordError
from game.core.yaml_reader import MAX_VALUES
from tests.toygame import NAME, toy_game  # noqa: F401 (a fixture)

PARAMS = {"tricks": 3}


def played(spec, players: int = 3, moves: int = 3, seed: int = 5):
    state = spec.new_game(PARAMS, players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        actions = state.legal_actions()
        state.apply_legal(actions[rng.randrange(len(actions))])
    return state


def document(spec, **changes):
    return {**position_document(spec, played(spec), "standard", PARAMS, 7), **changes}


def problems(document) -> list[str]:
    with pytest.raises(PositionError) as caught:
        state_from_document(document)
    return [str(problem) for problem in caught.value.problems]


def test_a_document_has_the_header_then_the_games_own_keys(toy_game):
    data = document(toy_game)
    assert list(data)[:len(HEADER_KEYS)] == list(HEADER_KEYS)
    assert data["game"] == NAME and data["players"] == 3 and data["seed"] == 7 and data["params"] == PARAMS
    assert list(data)[len(HEADER_KEYS):] == ["seats", "table"]
    assert supports_positions(toy_game)


def test_the_text_reads_back_to_the_same_position_and_state(toy_game, tmp_path):
    state = played(toy_game)
    data = position_document(toy_game, state, "standard", PARAMS, 7)
    path = tmp_path / "position.yaml"
    path.write_text(position_text(data), encoding="utf-8")
    loaded = read_position(path)
    assert (loaded.spec, loaded.variant, loaded.params, loaded.players, loaded.seed) == \
        (toy_game, "standard", PARAMS, 3, 7)
    assert position_document(toy_game, loaded.state, "standard", PARAMS, 7) == data
    for seat in (0, 1, 2, None):
        assert loaded.state.observation(seat) == state.observation(seat)


def test_the_header_is_checked_key_by_key(toy_game):
    assert problems(document(toy_game, game="chess")) == \
        ["game: unknown game 'chess'; known games: toy-hidden"]
    assert problems(document(toy_game, format=2)) == ["format: must be 1: this version reads no other"]
    assert problems(document(toy_game, players=9)) == ["players: must be from 2 to 4, not 9"]
    assert problems(document(toy_game, seed=-1))[0].startswith("seed: must be from 0 to")
    assert problems(document(toy_game, seed=2**70))[0].startswith("seed: must be from 0 to")
    assert problems(document(toy_game, variant="a\x00b"))[0].startswith("variant: (a variant's name) holds")
    assert problems(document(toy_game, variant=""))[0] == "variant: (a variant's name) must not be empty"
    data = document(toy_game)
    del data["players"], data["variant"]
    assert problems(data) == ["variant: is missing", "players: is missing"]
    assert problems([1, 2]) == ["must be a mapping of names to values, not [1, 2]"]


def test_a_position_and_a_record_take_the_same_seeds(toy_game):
    assert state_from_document(document(toy_game, seed=MAX_SEED)).seed == MAX_SEED
    assert problems(document(toy_game, seed=MAX_SEED + 1))[0].startswith(f"seed: must be from 0 to {MAX_SEED}")
    record = GameRecord(NAME, "standard", PARAMS, 3, MAX_SEED)
    assert GameRecord.from_json(record.to_json()).seed == MAX_SEED
    with pytest.raises(RecordError, match="seed"):
        GameRecord.from_json(replace(record, seed=MAX_SEED + 1).to_json())


def test_params_that_break_the_schema_are_refused_at_their_key(toy_game):
    assert problems(document(toy_game, params={"tricks": 99})) == ["params.tricks: must be at most 3, not 99"]
    assert problems(document(toy_game, params={"tricks": 3, "jokers": 2})) == ["params.jokers: unknown key"]
    assert problems(document(toy_game, params={})) == ["params.tricks: is missing"]
    assert problems(document(toy_game, params=[3])) == ["params: must be a mapping of names to values, "
                                                             "not [3]"]


def test_a_game_may_be_asked_for_and_must_write_positions(toy_game):
    data = document(toy_game)
    with pytest.raises(PositionError, match="game: is toy-hidden, not reapers"):
        state_from_document(data, "reapers")
    without = registry.register(replace(toy_game, position_of=None, state_from_position=None))
    assert not supports_positions(without)
    with pytest.raises(PositionError, match="game: Toy Hidden has no position format"):
        state_from_document(data)
    with pytest.raises(ValueError, match="has no position format"):
        position_document(without, played(toy_game), "standard", PARAMS)


def test_every_problem_of_the_games_keys_is_reported_at_once(toy_game):
    data = document(toy_game)
    card = data["seats"][1]["hand"][0]
    data["seats"][0]["hand"] = [card, card]
    data["seats"][2] = {"hand": "nine", "tricks": -4, "extra": 1}
    data["table"] = [1, 2, 3]
    found = problems(data)
    assert "table: holds 3 cards; a trick of 3 players ends at 3" in found
    assert f"seats[1].hand[0]: a {card} more than the deck's 2" in found
    assert "seats[2].extra: is not a key here; the keys are hand, tricks" in found
    assert "seats[2].hand: must be a list, not 'nine'" in found
    assert "seats[2].tricks: must be from 0 to 3, not -4" in found


def test_the_reader_collects_and_says_each_kind_of_value(toy_game):
    reader = PositionReader()
    assert reader.whole(True, ("a",)) is None and reader.whole(5, ("b",), 0, 3) is None
    assert reader.flag(1, ("c",)) is None and reader.choice("x", ("d",), ["y", "z"]) is None
    assert reader.seat(4, ("e",), 4) is None and reader.sequence([1], ("f",), 2) is None
    assert reader.mapping({1: 2}, ("g",)) is None and reader.field({}, "h", ("i",)) is None
    assert reader.whole(3, ("j",), 0, 3) == 3 and reader.flag(False, ("k",)) is False
    assert [str(problem) for problem in reader.problems] == [
        "a: must be a whole number, not True", "b: must be from 0 to 3, not 5", "c: must be true or false, not 1",
        "d: must be one of y, z, not 'x'", "e: must be from 0 to 3, not 4", "f: must have 2 items, not 1",
        "g: must be a mapping of names to values, not {1: 2}", "i.h: is missing"]
    with pytest.raises(PositionError) as caught:
        reader.done()
    assert str(caught.value).splitlines()[0] == "a: must be a whole number, not True"
    PositionReader().done()  # nothing wrong: nothing raised


def test_a_file_says_file_line_key_message_for_every_problem(toy_game, tmp_path):
    data = document(toy_game, table=9)
    data["seats"][1]["tricks"] = "lots"
    path = tmp_path / "bad.yaml"
    path.write_text(position_text(data), encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    with pytest.raises(InputError) as caught:
        read_position(path)
    said = str(caught.value).splitlines()
    table_line = next(number for number, line in enumerate(lines, 1) if line.startswith("table:"))
    tricks_line = [number for number, line in enumerate(lines, 1) if "tricks:" in line][2]  # after the params
    assert f"{path}:{table_line}: table: must be a list, not 9" in said
    assert f"{path}:{tricks_line}: seats[1].tricks: must be a whole number, not 'lots'" in said


def test_a_file_for_another_game_names_the_game_key(toy_game, tmp_path):
    path = tmp_path / "other.yaml"
    path.write_text(position_text(document(toy_game)), encoding="utf-8")
    with pytest.raises(InputError, match=r"other.yaml:1: game: is toy-hidden, not nevermore"):
        read_position(path, "nevermore")


def test_hostile_files_are_refused_by_the_bounded_reader(toy_game, tmp_path):
    huge = tmp_path / "huge.yaml"
    huge.write_bytes(b"a: " + b"x" * (10 * 1024 * 1024))
    with pytest.raises(InputError, match=r"huge.yaml: is 10.0 MB, more than the 1.9 MB"):
        read_position(huge)
    assert MAX_POSITION_BYTES < 10 * 1024 * 1024
    bomb = tmp_path / "bomb.yaml"
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]" for n in range(1, 9)]
    bomb.write_text("\n".join(levels) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=f"more than {MAX_VALUES:,} values"):
        read_position(bomb)
    for name, text, message in [("nul.yaml", "game: a\x00b\n", "not valid YAML"),
                                ("dup.yaml", "game: x\ngame: y\n", "game: duplicate key"),
                                ("list.yaml", "- 1\n- 2\n", "must be a mapping"),
                                ("empty.yaml", "", "must be a mapping")]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        with pytest.raises(InputError, match=message):
            read_position(path)
    with pytest.raises(InputError, match="no such file"):
        read_position(tmp_path / "missing.yaml")
    with pytest.raises(InputError, match="is a folder"):
        read_position(tmp_path)


def test_loading_does_not_keep_the_documents_lists(toy_game):
    data = document(toy_game)
    before = yaml.safe_dump(data)
    state = state_from_document(data).state
    state.apply_legal(state.legal_actions()[0])
    assert yaml.safe_dump(data) == before


def test_a_position_is_plain_yaml_in_the_games_order(toy_game):
    text = position_text(document(toy_game))
    assert text.startswith("game: toy-hidden\nformat: 1\nvariant: standard\n")
    assert yaml.safe_load(text) == document(toy_game)


def test_a_header_key_given_as_null_is_refused_never_taken_for_missing(toy_game):
    for key in ("game", "variant", "players", "params", "seed", "format"):
        found = problems(document(toy_game, **{key: None}))
        assert found and found[0].startswith(f"{key}: "), (key, found)
    assert problems(document(toy_game, format=True)) == ["format: must be 1: this version reads no other"]


def test_the_property_tests_of_every_game_pass_on_the_toy_and_catch_a_careless_loader(toy_game):
    import tests.games.test_positions as generic

    generic.test_a_position_loads_to_the_same_game(toy_game, 3)
    generic.test_hand_broken_positions_are_refused_with_a_position_error(toy_game)
    generic.test_garbage_is_refused_with_a_position_error(toy_game)

    def forgets_tricks(body, params, players, seed):
        state = toy_game.state_from_position(body, params, players, seed)
        state.tricks = [0] * players
        return state

    def any_tricks(body, params, players, seed):
        seats = body.get("seats")
        if isinstance(seats, list):  # a seat's tricks that cannot be read taken for none
            seats = [{**seat, "tricks": seat["tricks"] if type(seat.get("tricks")) is int else 0}
                     if isinstance(seat, dict) and "tricks" in seat else seat for seat in seats]
        return toy_game.state_from_position({**body, "seats": seats}, params, players, seed)

    registry.register(replace(toy_game, state_from_position=forgets_tricks))
    with pytest.raises(AssertionError, match="another position"):
        generic.test_a_position_loads_to_the_same_game(registry.get(NAME), 3)
    registry.register(replace(toy_game, state_from_position=any_tricks))
    with pytest.raises(AssertionError, match="loaded to another position"):
        generic.test_hand_broken_positions_are_refused_with_a_position_error(registry.get(NAME))


def test_the_reader_reads_lists_seats_and_entries_noting_each_wrong_item():
    reader = PositionReader()
    assert reader.each([1, 2], ("a",), lambda item, keys: reader.whole(item, keys)) == [1, 2]
    assert reader.each([1, "x", -1], ("b",), lambda item, keys: reader.whole(item, keys)) is None
    assert reader.seats([0, 3], ("c",), 4) == [0, 3] and reader.seats([4], ("d",), 4) is None
    assert reader.seat_or_null(None, ("e",), 4) is None and reader.seat_or_null(2, ("e",), 4) == 2
    assert reader.seat_list([{}, {}], 3) is None and reader.seat_list([{}, {}], 2) == [{}, {}]
    assert reader.entry({"x": 1}, ("f",), ("x", "y")) is None
    assert reader.entry({"x": 1}, ("g",), ("x", "y"), partial=True) == {"x": 1}
    assert reader.entry({"x": 1, "y": 2}, ("h",), ("x", "y")) == {"x": 1, "y": 2}
    assert list(reader.entries([{"x": 1}, 5, {"x": 3}], ("i",), ("x",))) == [(0, ("i", 0), {"x": 1}),
                                                                            (2, ("i", 2), {"x": 3})]
    assert [str(problem) for problem in reader.problems] == [
        "b[1]: must be a whole number, not 'x'", "b[2]: must be at least 0, not -1", "d[0]: must be from 0 to 3, not 4",
        "seats: must list the game's 3 seats (players: 3), not 2", "f.y: is missing", "g.y: is missing",
        "i[1]: must be a mapping of names to values, not 5"]


def test_the_reader_reads_a_games_own_keys_and_counts_by_name():
    reader = PositionReader()
    assert reader.own_keys({"turn": 1, "bogus": 2}, ("turn", "seats", "deck"), optional=("deck",)) == \
        {"turn": 1, "bogus": 2}
    assert reader.counts({"candy": 2}, ("pot",), ("candy", "gum")) == {"candy": 2, "gum": 0}
    assert reader.counts({"candy": -1, "gum": 1}, ("pot",), ("candy", "gum")) is None
    assert reader.counts({"figs": 1}, ("pot",), ("candy",)) == {"candy": 0}  # noted, the names known still read
    assert reader.counts({"candy": 9}, ("pot",), ("candy",), high=5) is None
    assert [str(problem) for problem in reader.problems] == [
        "bogus: is not a key here; the keys are turn, seats, deck", "seats: is missing",
        "pot.candy: must be at least 0, not -1", "pot.figs: is not a key here; the keys are candy",
        "pot.candy: must be from 0 to 5, not 9"]
    with pytest.raises(PositionError, match="^must be a mapping of names to values, not 3$"):
        PositionReader().own_keys(3, ("turn",))


def test_places_refuse_a_card_listed_twice_and_name_those_listed_nowhere():
    reader = PositionReader()
    places = Places(reader, ["ace", "king", "reaper", "reaper"], str.capitalize, article="the ")
    assert places.place("ace", ("hand", 0)) and places.place("reaper", ("hand", 1))
    assert not places.place("ace", ("pile", 2))
    assert places.place("reaper", ("pile", 3)) and not places.place("reaper", ("pile", 4))
    places.listed_nowhere("every card is in a hand or a pile")
    assert places.whole_list(["reaper", "king", "ace", "reaper"], ("next",))
    assert not places.whole_list(["ace", "ace", "reaper"], ("next",))
    assert [str(problem) for problem in reader.problems] == [
        "pile[2]: the Ace is listed twice (also at hand[0])", "pile[4]: a Reaper more than the deck's 2",
        "the deck's King is listed nowhere: every card is in a hand or a pile",
        "next: must list each of the deck's 4 cards once (listed twice: Ace; missing: King, Reaper)"]
    nowhere = Places(PositionReader(), ["a", "b", "b"], str)
    nowhere.listed_nowhere("anywhere")
    assert str(nowhere.reader.problems[0]) == "the deck's a, b x2 are listed nowhere: anywhere"
