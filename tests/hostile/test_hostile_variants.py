"""Hostile variant files: whatever a file holds, ``variants --check`` prints ``file:line: key: message`` and
exits 1, within a memory bound, without a traceback, and leaves the file where it was; a variant it accepts
starts at every player count and ends."""

from __future__ import annotations

import os
import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from game.cli import run
from game.core.match import random_playout
from game.core.bounded import MAX_QUOTED_CHARS
from game.core.params import ListOf, Param, Record, validate
from game.core.registry import GameSpec, all_games, get
from game.games.spectral_reapers.rules.config import MAX_PLACEMENTS, MAX_SAFETY_BOUND
from game.variants.loader import (MAX_EXTENDS, MAX_PROBLEMS_LISTED, MAX_TITLE_CHARS, VariantError, list_variants,
                                  load_file)

GAME = "spectral-reapers"
MEMORY = 200 * 1024 * 1024
"""The most a hostile file may cost to check (issue 14: 200 MB for any input up to 10 MB)."""
TEN_MB = 10 * 1024 * 1024
ALIAS_BOMB = "\n".join(["a: &a [x, x, x, x, x, x, x, x, x, x]"]
                       + [f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]"
                          for i in range(8)]) + "\n"
"""Nine lines that stand for 10^9 values once the aliases expand."""


def check(capsys: pytest.CaptureFixture[str], path: Path, game: str = GAME) -> tuple[int, str]:
    """``variants --check``: the exit status and everything printed."""
    status = run(["variants", "--check", str(path), "--game", game])
    out, err = capsys.readouterr()
    return status, out + err


def refused(capsys: pytest.CaptureFixture[str], path: Path, line: int, key: str, message: str,
            game: str = GAME) -> str:
    """Check ``path``: exit 1 with ``path:line: key: message``, no traceback, the file as it was."""
    before = path.read_bytes() if path.is_file() else None
    status, output = check(capsys, path, game)
    where = f"{path}:{line}: " + (f"{key}: " if key else "")
    assert status == 1, output
    assert where + message in output, output
    assert "Traceback" not in output
    if before is not None:
        assert path.read_bytes() == before
    return output


def write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def peak_of(action: Any) -> int:
    """Peak bytes allocated while ``action()`` runs."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --------------------------------------------------------------------------------------- one bad value

HEAD = "extends: standard\n"
CASES: list[tuple[str, str | bytes, int, str, str]] = [
    ("5000-digit-integer", HEAD + "beads_per_player: " + "7" * 5_000 + "\n", 2, "beads_per_player",
     "a number of 5,000 digits is too long (at most 40)"),
    ("40-digit-integer", HEAD + "capture_count: -" + "9" * 40 + "\n", 2, "capture_count",
     "must be at least 1, not -" + "9" * (MAX_QUOTED_CHARS - 4) + "...\n"),
    ("inf", HEAD + "safety_bound: .inf\n", 2, "safety_bound", "must be a whole number, not inf"),
    ("nan", HEAD + "safety_bound: .nan\n", 2, "safety_bound", "must be a whole number, not nan"),
    ("minus-inf", HEAD + "capture_count: -.inf\n", 2, "capture_count", "must be a whole number, not -inf"),
    ("true-for-a-number", HEAD + "capture_count: true\n", 2, "capture_count", "must be a whole number, not True"),
    ("10000-nested-brackets", HEAD + "beads_per_player: " + "[" * 10_000 + "]" * 10_000 + "\n", 2, "",
     "nests lists or mappings more than 64 deep"),
    ("100-nested-brackets", HEAD + "beads_per_player: " + "[" * 100 + "]" * 100 + "\n", 2, "",
     "nests lists or mappings more than 64 deep"),  # our own count: libyaml refuses only past 1,000
    ("2000-nested-dashes", HEAD + "beads_per_player:\n" + "- " * 2_000 + "1\n", 3, "",
     "nests lists or mappings more than 64 deep"),  # block nesting, which libyaml counts apart
    ("raw-nul", HEAD + "title: Night\0mare\n", 2, "", "not valid YAML: unacceptable character #x0000"),
    ("escaped-nul-in-title", HEAD + 'title: "Night\\0mare"\n', 2, "title",
     "holds a character that cannot be shown (a control character such as NUL"),
    ("line-break-in-title", HEAD + 'title: "Night\\nmare"\n', 2, "title", "holds a character that cannot be shown"),
    ("non-utf8", HEAD.encode() + b"title: \xff\xfe caf\xe9\n", 2, "", "is not UTF-8 text (byte 26 cannot be read)"),
    ("long-title", HEAD + "title: " + "x" * 1_000 + "\n", 2, "title",
     f"is 1,000 characters long; at most {MAX_TITLE_CHARS} are allowed"),
    ("long-description", HEAD + "description: " + "x" * 5_000 + "\n", 2, "description",
     "is 5,000 characters long; at most 300 are allowed"),
    ("title-a-list", HEAD + "title: [a, b]\n", 2, "title", "must be text, not ['a', 'b']"),
    ("extends-a-path", "extends: ../../../etc/passwd\n", 1, "extends", "must name a variant (a file name without "
                                                                       ".yaml), not a path"),
    ("extends-a-number", "extends: 7\n", 1, "extends", "must be text, not 7"),
    ("extends-nothing-known", "extends: standrd\n", 1, "extends", "no variant 'standrd' (did you mean 'standard'?)"),
    ("a-list", "- 1\n- 2\n", 1, "", "must be a mapping of keys to values"),
    ("empty", "# nothing\n", 1, "", "is empty"),
    ("duplicate-key", HEAD + "capture_count: 3\ncapture_count: 4\n", 3, "capture_count",
     "duplicate key (first given on line 2)"),
    ("key-a-list", HEAD + "[a, b]: 3\n", 2, "", "a key must be a name, not a list or mapping"),
    ("python-object", HEAD + "capture_count: !!python/object/apply:os.system ['true']\n", 2, "", "not valid YAML"),
    ("ten-thousand-character-key", HEAD + "? " + "k" * 10_000 + "\n: 1\n", 2, "k" * (MAX_QUOTED_CHARS - 3) + "...",
     "unknown key"),
    ("ten-thousand-character-value", HEAD + "order_choices_cap: " + "x" * 10_000 + "\n", 2, "order_choices_cap",
     "must be a whole number, not '" + "x" * (MAX_QUOTED_CHARS - 4) + "..."),
    ("safety-bound-beyond-the-limit", HEAD + "capture_count: 10\nsafety_bound: 100000\n", 3, "safety_bound",
     f"must be at most {MAX_SAFETY_BOUND}, not 100000"),
]


@pytest.mark.parametrize("name, content, line, key, message", CASES, ids=[case[0] for case in CASES])
def test_a_bad_file_gets_one_clear_message(capsys, tmp_path, name, content, line, key, message):
    path = write(tmp_path, f"{name}.yaml", content)
    output = refused(capsys, path, line, key, message)
    assert max(len(text) for text in output.splitlines()) < 400


def test_the_alias_bomb_is_refused_within_the_memory_bound(capsys, tmp_path):
    path = write(tmp_path, "bomb.yaml", HEAD + "title: Boom\n" + ALIAS_BOMB)
    peak = peak_of(lambda: refused(capsys, path, 7, "", "stands for more than 20,000 values once its aliases are "
                                                        "expanded (an alias bomb?)"))
    assert peak < MEMORY


@pytest.mark.parametrize("kind", ["description", "unknown-keys"])
def test_a_ten_megabyte_file_is_refused_unread(capsys, tmp_path, kind):
    if kind == "description":
        content = HEAD + "description: " + "x" * TEN_MB + "\n"
    else:
        content = HEAD + "unknown_key_0: 1\n" * (TEN_MB // 16)
    path = write(tmp_path, f"{kind}.yaml", content)
    size = path.stat().st_size
    peak = peak_of(lambda: refused(capsys, path, 1, "", f"is {size / 1024 / 1024:.1f} MB, more than the 64 KB "
                                                        f"such a file may hold"))
    assert peak < MEMORY


def test_thousands_of_problems_are_listed_up_to_a_bound_and_counted(capsys, tmp_path):
    keys = 3_000  # 57 KB: under the size limit, every key unknown
    path = write(tmp_path, "keys.yaml", HEAD + "".join(f"key_{index:07}: {index}\n" for index in range(keys)))
    output = refused(capsys, path, 2, "key_0000000", "unknown key")
    lines = output.splitlines()
    assert len(lines) == MAX_PROBLEMS_LISTED + 1
    assert lines[-1] == f"{path}:{2 + MAX_PROBLEMS_LISTED}: and {keys - MAX_PROBLEMS_LISTED:,} more problems not listed"


def test_an_extends_chain_of_2000_files_stops_at_the_limit(capsys, tmp_path):
    for index in range(2_000):
        parent = f"link{index + 1:04}" if index < 1_999 else "standard"
        write(tmp_path, f"link{index:04}.yaml", f"extends: {parent}\n")
    path = tmp_path / "link0000.yaml"
    refused(capsys, path, 1, "extends", f"stands on more than {MAX_EXTENDS} variants through extends (link0001 -> "
                                        f"... -> link{MAX_EXTENDS:04} -> link{MAX_EXTENDS + 1:04} -> ...)")
    write(tmp_path, f"link{MAX_EXTENDS - 1:04}.yaml", "extends: standard\ncapture_count: 3\n")
    assert load_file(get(GAME), path).params["capture_count"] == 3  # exactly MAX_EXTENDS deep is fine


def test_extends_loops_are_refused(capsys, tmp_path):
    path = write(tmp_path, "me.yaml", "extends: me\n")
    refused(capsys, path, 1, "extends", "extends itself in a loop: me -> me")
    write(tmp_path, "a.yaml", "title: A\nextends: b\n")
    path = write(tmp_path, "b.yaml", "extends: a\n")
    status, output = check(capsys, path)  # the file whose extends closes the loop is named
    assert status == 1 and output == f"{tmp_path / 'a.yaml'}:2: extends: extends itself in a loop: b -> a -> b\n"


@pytest.mark.parametrize("kind", ["folder", "dev-zero-symlink", "symlink-loop"])
def test_a_path_that_is_no_file(capsys, tmp_path, kind):
    path = tmp_path / "x.yaml"
    if kind == "folder":
        path.mkdir()
        message = "is a folder, not a file"
    elif kind == "dev-zero-symlink":
        os.symlink("/dev/zero", path)
        message = "is not a regular file (a device, pipe or socket)"
    else:
        os.symlink(path, path)
        message = "cannot be read"
    with pytest.raises(VariantError) as caught:
        load_file(get(GAME), path)
    assert str(caught.value).startswith(f"{path}:1: {message}")
    status, output = check(capsys, path)
    assert status == 1 and f"{path}:1: " in output and "Traceback" not in output
    assert os.path.lexists(path)


def test_a_user_variant_extending_nothing_known_is_listed_as_broken(user_dirs):
    config, _ = user_dirs
    folder = config / "variants" / GAME
    folder.mkdir(parents=True)
    write(folder, "orphan.yaml", "extends: nowhere\n")
    variants, errors = list_variants(get(GAME))
    assert "orphan" not in [variant.name for variant in variants]
    assert [str(error) for error in errors] == [f"{folder / 'orphan.yaml'}:1: extends: no variant 'nowhere'"]


def test_float_parameters_must_be_finite():
    schema = Record({"share": Param(float, "a share", 0, 1)})
    for value in (float("inf"), float("-inf"), float("nan")):
        (problem,) = validate(schema, {"share": value})
        assert problem.message == f"must be a finite number, not {value!r}"
    assert validate(schema, {"share": 1}) == [] and validate(schema, {"share": 0.5}) == []
    assert validate(schema, {"share": True})[0].message == "must be a number, not True"


# ------------------------------------------------------------------------- checks that starting a game makes

def test_a_spectral_ring_too_small_at_some_player_count(capsys, tmp_path):
    path = write(tmp_path, "five-pits.yaml", HEAD + "beads_per_player: 15\nplacement_pits: 5\nplacement_min: 3\n"
                                                    "placement_max: 3\n")
    refused(capsys, path, 3, "placement_pits", "a ring of 4 pits (2 players) has fewer than placement_pits (5)")
    path = write(tmp_path, "one-pit.yaml", HEAD + "pits_per_player: 1\n")
    refused(capsys, path, 2, "pits_per_player", "must be at least 2, not 1")
    path = write(tmp_path, "spread.yaml", HEAD + "beads_per_player: 12\nplacement_pits: 2\n")
    refused(capsys, path, 2, "beads_per_player", "12 beads cannot go into 2 pits of 3 to 4 each")


def test_a_spectral_variant_with_too_many_placements(capsys, tmp_path):
    path = write(tmp_path, "wide.yaml", HEAD + "pits_per_player: 4\nbeads_per_player: 16\nplacement_pits: 8\n"
                                               "placement_min: 2\nplacement_max: 2\n")
    refused(capsys, path, 4, "placement_pits", f"offers 735,471 ways to place one's beads at 6 players, more than "
                                               f"the {MAX_PLACEMENTS:,} a player may be offered")


def test_a_spectral_variant_without_captures_ends(capsys, tmp_path):
    path = write(tmp_path, "no-capture.yaml", HEAD + "capture_count: 10\n")  # 11 beads never make 10 in a pit
    status = run(["simulate", GAME, "--players", "2", "--variant", str(path), "--games", "1", "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and "Traceback" not in out + err
    assert '"games": 1' in out and path.is_file()


@pytest.mark.parametrize("content, line, key, message", [
    ("candy:\n  - name: \"sour\\0\"\n    value: 1\n    count: 1\n    look: red\n", 3, "candy[0].name",
     "holds a character that cannot be shown"),
    ("candy:\n  - name: candy\n    value: 1\n    count: 1\n    look: " + "x" * 1_000 + "\n", 6, "candy[0].look",
     "is 1,000 characters long; at most 40 are allowed"),
    ("candy:\n  - name: candy\n    value: 1\n    count: 1\n    look: \"\\ud800\"\n", 6, "",
     "not valid YAML: found invalid Unicode character escape code"),
    ("candy:\n  - name: a\n    value: 1\n    count: 1\n    look: red\n  - name: a\n    value: 1\n    count: 1\n"
     "    look: red\n", 7, "candy[1].name", "'a' is used twice; candy names must be unique"),
])
def test_trick_or_treat_candy_that_cannot_be_drawn(capsys, tmp_path, content, line, key, message):
    path = write(tmp_path, "candy.yaml", HEAD + content)
    refused(capsys, path, line, key, message, game="trick-or-treat")


# ------------------------------------------------------------------------------------------ generated files

def _leaves(spec: Record | ListOf | Param, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Param]]:
    if isinstance(spec, Param):
        return [(path, spec)]
    if isinstance(spec, Record):
        return [leaf for key, sub in spec.fields.items() for leaf in _leaves(sub, path + (key,))]
    return []


SCALARS = (st.none() | st.booleans() | st.integers(-10**45, 10**45) | st.floats(allow_nan=True)
           | st.text(max_size=30) | st.sampled_from(["magick.yaml", "", "/", "/dev/zero", "standard", "..", "a\0b"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)


@st.composite
def hostile_variants(draw: st.DrawFn, spec: GameSpec) -> dict[str, Any]:
    """A mapping of the game's own keys (at any depth) and stray ones, holding anything YAML can say."""
    data: dict[str, Any] = {}
    for path, _ in draw(st.lists(st.sampled_from(_leaves(spec.schema)), max_size=5)):
        node = data
        for key in path[:-1]:
            node = node.setdefault(key, {}) if isinstance(node.get(key, {}), dict) else {}
        node[path[-1]] = draw(VALUES)
    data.update(draw(st.dictionaries(st.sampled_from(["extends", "title", "description", "candy", "magick", "x"])
                                     | st.text(max_size=8), VALUES, max_size=3)))
    return data


@pytest.mark.parametrize("game", [spec.name for spec in all_games()])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_mapping_is_a_variant_or_a_variant_error(tmp_path, game, data):
    spec = get(game)
    path = tmp_path / "generated.yaml"
    path.write_text(yaml.safe_dump(data.draw(hostile_variants(spec)), allow_unicode=True))
    try:
        variant = load_file(spec, path)
    except VariantError as error:
        assert error.problems and all(str(problem).startswith(f"{path}:") for problem in error.problems)
    else:
        assert validate(spec.schema, variant.params) == []


def _draw_value(draw: st.DrawFn, param: Param) -> Any:
    if param.choices is not None:
        return draw(st.sampled_from(param.choices))
    if param.type is bool:
        return draw(st.booleans())
    if param.type is int:
        low, high = int(param.min if param.min is not None else -100), int(param.max if param.max is not None
                                                                           else 100)
        return draw(st.sampled_from([low, high]) | st.integers(low, high) | st.integers(low, min(high, low + 8)))
    return None  # text: names and the card file stay as the base variant has them


@st.composite
def valid_params(draw: st.DrawFn, spec: GameSpec) -> dict[str, Any]:
    """A built-in variant with a few values changed anywhere in their ranges, kept when it validates."""
    import copy

    params = copy.deepcopy(draw(st.sampled_from([variant.params for variant in list_variants(spec)[0]])))
    for path, param in draw(st.lists(st.sampled_from(_leaves(spec.schema)), min_size=1, max_size=4)):
        value = _draw_value(draw, param)
        if value is not None:
            node = params
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
    assume(validate(spec.schema, params) == [])
    return params


@pytest.mark.parametrize("game", [spec.name for spec in all_games()])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_valid_variant_starts_at_every_player_count_and_ends(game, data):
    spec = get(game)
    params = data.draw(valid_params(spec))
    seed = data.draw(st.integers(0, 2**31))
    for players in range(spec.min_players, spec.max_players + 1):
        spec.new_game(params, players, seed)
    players = data.draw(st.integers(spec.min_players, spec.max_players))
    random_playout(spec.new_game(params, players, seed), random.Random(seed))  # RunawayGameError past a bound
