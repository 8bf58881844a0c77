"""Saving the player's own variants: only the keys that differ, commented, validated before anything lands."""

from __future__ import annotations

import copy

import pytest

from game.storage.paths import user_variants_dir
from game.core.registry import get
from game.storage.user_variants import (BuiltinNameError, NameTakenError, VariantDraft, save_variant, slug,
                                        variant_text)
from game.variants.loader import VariantError, list_variants, load_variant


def draft(game: str, title: str, **changes):  # noqa: ANN003, ANN201
    parent = load_variant(get(game), "standard")
    params = copy.deepcopy(parent.params)
    params.update(changes)
    return VariantDraft(title, "Mine.", parent, params)


def test_slug_from_title():
    assert slug("  Big Pots, Nasty! ") == "big-pots-nasty"
    assert slug("!!!") == ""


def test_saved_file_extends_its_parent_with_only_the_changed_keys_commented():
    spec = get("trick-or-treat")
    variant = save_variant(spec, draft("trick-or-treat", "Big Supply", supply_per_player=14, jokers=False))
    path = user_variants_dir(spec.name) / "big-supply.yaml"
    assert variant.path == path and variant.name == "big-supply" and not variant.builtin
    text = path.read_text(encoding="utf-8")
    assert "extends: standard" in text and "title: Big Supply" in text and "description: Mine." in text
    assert "supply_per_player: 14" in text and "jokers: false" in text
    assert "first_dealer" not in text and "candy" not in text
    assert "# Candies in the supply for each player" in text
    assert variant.params["supply_per_player"] == 14 and variant.chain == ("standard",)
    assert "big-supply" in [v.name for v in list_variants(spec)[0]]


def test_a_changed_list_is_written_whole():
    spec = get("trick-or-treat")
    parent = load_variant(spec, "standard")
    params = copy.deepcopy(parent.params)
    params["candy"].append({"name": "gum", "value": 2, "count": 1, "look": "pink"})
    save_variant(spec, VariantDraft("Gum", "", parent, params))
    text = (user_variants_dir(spec.name) / "gum.yaml").read_text(encoding="utf-8")
    assert "name: candy" in text and "name: gum" in text


def test_nested_record_is_written_whole_for_nevermore():
    spec = get("nevermore")
    parent = load_variant(spec, "standard")
    params = copy.deepcopy(parent.params)
    params["magick"]["starting_shadow"] = 2
    variant = save_variant(spec, VariantDraft("Two Shadows", "", parent, params))
    assert variant.params["magick"]["starting_shadow"] == 2
    assert "card_file" in variant.path.read_text(encoding="utf-8")


def test_an_invalid_variant_never_lands_on_disk():
    spec = get("trick-or-treat")
    with pytest.raises(VariantError) as caught:
        save_variant(spec, draft("trick-or-treat", "Broken", supply_per_player=0))
    assert [p.key for p in caught.value.problems] == ["supply_per_player"]
    assert caught.value.problems[0].path == user_variants_dir(spec.name) / "broken.yaml"
    assert not user_variants_dir(spec.name).exists() or not list(user_variants_dir(spec.name).iterdir())


def test_a_cross_key_problem_is_reported_with_its_key():
    spec = get("trick-or-treat")
    parent = load_variant(spec, "standard")
    params = copy.deepcopy(parent.params)
    params["candy"].append(dict(params["candy"][0]))
    with pytest.raises(VariantError) as caught:
        save_variant(spec, VariantDraft("Twice", "", parent, params))
    assert caught.value.problems[0].key == "candy[1].name"


def test_a_taken_name_is_reported_and_overwritten_only_when_asked():
    spec = get("reapers")
    save_variant(spec, draft("reapers", "Mine"))
    with pytest.raises(NameTakenError):
        save_variant(spec, draft("reapers", "Mine"))
    parent = load_variant(spec, "standard")
    params = copy.deepcopy(parent.params)
    params["game"]["max_extra_hands"] = 3
    variant = save_variant(spec, VariantDraft("Mine", "", parent, params), overwrite=True)
    assert variant.params["game"]["max_extra_hands"] == 3


def test_builtin_names_and_empty_titles_and_self_extension_are_refused():
    spec = get("spectral-reapers")
    with pytest.raises(BuiltinNameError):
        save_variant(spec, draft("spectral-reapers", "Crowded"), overwrite=True)
    with pytest.raises(VariantError):
        save_variant(spec, draft("spectral-reapers", "???"))
    with pytest.raises(VariantError):
        save_variant(spec, draft("spectral-reapers", "Standard!"))


def test_an_unwritable_folder_raises_oserror_and_writes_nothing(user_dirs):
    config = user_dirs[0]
    config.mkdir(parents=True, exist_ok=True)
    (config / "variants").write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(OSError):
        save_variant(get("nevermore"), draft("nevermore", "Tough", start_health=7, max_health=7))
    assert (config / "variants").read_text(encoding="utf-8") == "a file where the folder should be"


def test_text_is_valid_yaml_for_every_game():
    for game in ("reapers", "spectral-reapers", "nevermore", "trick-or-treat"):
        text = variant_text(get(game), draft(game, "Same"))
        assert text.startswith("title: Same") and text.rstrip().endswith("extends: standard")
