"""Variant files: inheritance, and errors that name the file, the line and the key."""

from pathlib import Path

import pytest

from game.core.registry import register
from game.variants.loader import VariantError, list_variants, load_file, load_variant

from tests.core.secret_numbers import make_spec

STANDARD_TEXT = """\
# Secret Numbers, as the rules say
title: Standard
rounds: 3      # rounds in a game
top: 3         # highest pick
tie_rule: nobody
"""


@pytest.fixture
def spec():
    return register(make_spec())


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "standard.yaml").write_text(STANDARD_TEXT)
    return tmp_path


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def problems(spec, path: Path) -> list[str]:
    with pytest.raises(VariantError) as caught:
        load_file(spec, path)
    return [str(p) for p in caught.value.problems]


def test_standard_loads_with_every_key(spec, folder):
    variant = load_file(spec, folder / "standard.yaml")
    assert variant.params == {"rounds": 3, "top": 3, "tie_rule": "nobody"}
    assert variant.title == "Standard"


def test_extends_overrides_only_what_it_names(spec, folder):
    path = write(folder, "long.yaml", "extends: standard\ndescription: More rounds\nrounds: 9\n")
    variant = load_file(spec, path)
    assert variant.params == {"rounds": 9, "top": 3, "tie_rule": "nobody"}
    assert variant.chain == ("standard",)
    assert variant.description == "More rounds"


def test_extends_chain_of_two(spec, folder):
    write(folder, "long.yaml", "rounds: 9\n")
    path = write(folder, "longer.yaml", "extends: long\ntop: 5\n")
    variant = load_file(spec, path)
    assert variant.params["rounds"] == 9 and variant.params["top"] == 5
    assert variant.chain == ("long", "standard")


def test_broken_yaml_names_file_and_line(spec, folder):
    path = write(folder, "bad.yaml", "rounds: 3\ntop: [1, 2\n")
    (message,) = problems(spec, path)
    assert message.startswith(f"{path}:")
    assert "not valid YAML" in message


def test_duplicate_key_names_both_lines(spec, folder):
    path = write(folder, "dup.yaml", "rounds: 3\ntop: 4\nrounds: 5\n")
    (message,) = problems(spec, path)
    assert message == f"{path}:3: rounds: duplicate key (first given on line 1)"


def test_unknown_key_suggests_the_right_one(spec, folder):
    path = write(folder, "typo.yaml", "# a typo\nrounds: 4\ntopp: 5\n")
    (message,) = problems(spec, path)
    assert message == f"{path}:3: topp: unknown key (did you mean 'top'?)"


def test_wrong_type_and_out_of_range(spec, folder):
    path = write(folder, "wrong.yaml", "rounds: many\ntop: 12\ntie_rule: always\n")
    messages = problems(spec, path)
    assert f"{path}:1: rounds: must be a whole number, not 'many'" in messages
    assert f"{path}:2: top: must be at most 9, not 12" in messages
    assert any(m.startswith(f"{path}:3: tie_rule: must be one of nobody, everyone") for m in messages)


def test_boolean_is_not_a_number(spec, folder):
    path = write(folder, "flag.yaml", "rounds: true\n")
    assert problems(spec, path) == [f"{path}:1: rounds: must be a whole number, not True"]


def test_missing_parent_and_loops(spec, folder):
    path = write(folder, "orphan.yaml", "extends: standrd\n")
    (message,) = problems(spec, path)
    assert "extends: no variant 'standrd'" in message
    write(folder, "a.yaml", "extends: b\n")
    path = write(folder, "b.yaml", "extends: a\n")
    (message,) = problems(spec, path)
    assert "extends itself in a loop" in message


def test_standard_missing_a_key(spec, tmp_path):
    path = write(tmp_path, "standard.yaml", "rounds: 3\ntop: 3\n")
    assert problems(spec, path) == [f"{path}:1: tie_rule: is missing"]


def test_empty_and_non_mapping_files(spec, folder):
    assert problems(spec, write(folder, "empty.yaml", "# nothing\n")) == [f"{folder / 'empty.yaml'}:1: is empty"]
    assert "must be a mapping" in problems(spec, write(folder, "list.yaml", "- 1\n- 2\n"))[0]


def test_yaml_is_read_safely(spec, folder):
    path = write(folder, "evil.yaml", "rounds: !!python/object/apply:os.system ['true']\n")
    (message,) = problems(spec, path)
    assert "not valid YAML" in message


def test_user_variants_are_listed_and_broken_ones_reported(spec, user_dirs, tmp_path, monkeypatch):
    import game.variants.loader as loader

    builtin = tmp_path / "builtin" / spec.name
    builtin.mkdir(parents=True)
    (builtin / "standard.yaml").write_text(STANDARD_TEXT)
    monkeypatch.setattr(loader, "BUILTIN_VARIANTS_DIR", tmp_path / "builtin")
    config, _ = user_dirs
    mine = config / "variants" / spec.name
    mine.mkdir(parents=True)
    (mine / "quick.yaml").write_text("rounds: 1\n")
    (mine / "broken.yaml").write_text("rounds: 1\nrondos: 2\n")
    variants, errors = list_variants(spec)
    assert [(v.name, v.builtin) for v in variants] == [("standard", True), ("quick", False)]
    assert len(errors) == 1 and "broken.yaml:2: rondos: unknown key" in str(errors[0])
    assert load_variant(spec, "quick").params["rounds"] == 1
    with pytest.raises(VariantError, match="no secret-numbers variant named 'quik'.*did you mean 'quick'"):
        load_variant(spec, "quik")
