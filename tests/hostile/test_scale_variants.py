"""2,000 user variants: listed by title alone (the `variants` command, the Variants picker), each file read
through the bounded reader only as far as its title and description; the rules are read when one is chosen,
and a damaged file says what is wrong with it then, or (when even its title cannot be read) one line in the
list of files that could not be read."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.cli import run
from game.core.registry import all_games, get
from game.scenes.variant_editor_picker import VariantsScene
from game.ui.app import App
from game.variants import loader
from game.variants.loader import ListedVariant, VariantError, builtin_dir, load_file, variant_titles

GAME = "trick-or-treat"
MANY = 2_000
SAVED = ("title: House rules {0:04d}\ndescription: Our table's candy, take {0}.\nextends: standard\n\n"
         "# Candies in the supply for each player at the start.\nsupply_per_player: {1}\n")
"""A variant as the editor saves it: its words first, then the rules that differ, each under its help."""
DAMAGED = {
    "not-utf8.yaml": (b"title: Fine\n\xff\xfe garbage\n", "not-utf8.yaml:2: is not UTF-8 text"),
    "too-big.yaml": (b"title: Big\n" + b"# padding\n" * 10_000, "too-big.yaml:1: is 97.7 KB, more than the 64 KB"),
    "not-yaml.yaml": (b"title: [unclosed\n", "not-yaml.yaml:2: not valid YAML"),
    "long-title.yaml": (b"title: " + b"x" * 200 + b"\n", "long-title.yaml:3: title: is 200 characters long"),
    "bigger-jackpots.yaml": (b"title: Mine\n", "bigger-jackpots.yaml:1: has the name of a built-in variant"),
}
"""Files whose title cannot be read, and what the list says of each."""


def folder(config: Path) -> Path:
    path = config / "variants" / GAME
    path.mkdir(parents=True, exist_ok=True)
    return path


def fill(config: Path, count: int) -> Path:
    """``count`` saved variants in the user's folder."""
    mine = folder(config)
    for index in range(count):
        (mine / f"house-rules-{index:04d}.yaml").write_text(SAVED.format(index, 5 + index % 10), encoding="utf-8")
    return mine


def plant_damaged(mine: Path) -> None:
    for name, (content, _) in DAMAGED.items():
        (mine / name).write_bytes(content)
    (mine / "long-title.yaml").write_bytes(b"# a comment\n\n" + DAMAGED["long-title.yaml"][0])
    os.symlink("/dev/zero", mine / "zero.yaml")


def test_two_thousand_variants_are_listed_from_their_first_lines_without_validating(user_dirs, monkeypatch):
    mine = fill(user_dirs[0], MANY)
    lines_read: dict[Path, int] = {}
    bounded_read_lines = loader.read_lines

    def counted(path: Path, max_bytes: int, max_line_bytes: int) -> Iterator[tuple[int, str]]:
        for number, line in bounded_read_lines(path, max_bytes, max_line_bytes):
            lines_read[path] = number
            yield number, line

    def never(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a variant was validated to be listed")

    monkeypatch.setattr(loader, "read_lines", counted)
    monkeypatch.setattr(loader, "validate", never)
    monkeypatch.setattr(loader, "read_yaml_file", never)
    listed, problems = variant_titles(get(GAME))
    assert problems == []
    assert len(listed) == MANY + len(list(builtin_dir(get(GAME)).glob("*.yaml")))
    assert listed[0].name == "standard" and listed[-1].title == f"House rules {MANY - 1:04d}"
    yours = [item for item in listed if not item.builtin]
    assert yours[7] == ListedVariant(GAME, "house-rules-0007", "House rules 0007", "Our table's candy, take 7.",
                                     mine / "house-rules-0007.yaml", False)
    assert {lines for path, lines in lines_read.items() if path.parent == mine} == {3}, "read past the words"


def test_a_file_that_lists_but_does_not_load_says_why_when_chosen(user_dirs):
    mine = folder(user_dirs[0])
    (mine / "unknown-key.yaml").write_text("title: Odd\nextends: standard\n\ncandies_per_player: 3\n",
                                           encoding="utf-8")
    listed, problems = variant_titles(get(GAME))
    odd = next(item for item in listed if item.name == "unknown-key")
    assert problems == [] and odd.title == "Odd"
    with pytest.raises(VariantError) as caught:
        load_file(get(GAME), odd.path, builtin=odd.builtin)
    assert str(caught.value).startswith(f"{odd.path}:4: candies_per_player: ")


def test_every_file_whose_title_cannot_be_read_is_one_problem_naming_its_line(user_dirs):
    mine = folder(user_dirs[0])
    plant_damaged(mine)
    listed, problems = variant_titles(get(GAME))
    assert [item.name for item in listed if not item.builtin] == []
    said = sorted(f"{problem.path.name}:{problem.line}: {problem.key + ': ' if problem.key else ''}"
                  f"{problem.message}" for problem in problems)
    assert len(said) == len(DAMAGED) + 1
    for (_, expected), line in zip(sorted(DAMAGED.values(), key=lambda item: item[1]), said):
        assert line.startswith(expected), (expected, line)
    assert said[-1] == "zero.yaml:1: is not a regular file (a device, pipe or socket)"


@pytest.mark.parametrize("content, title, description", [
    ("# made by hand\n\ntitle: 'Sour: and sweet'\nextends: standard\n", "Sour: and sweet", ""),
    ("extends: standard\njokers: false\ndescription: >-\n  Two lines\n  folded.\ntitle: Last\n", "Last",
     "Two lines folded."),
    ('"title": Quoted key\ndescription: |\n  Kept\n  lines\n', "Quoted key", "Kept\nlines\n"),
    ("extends: standard\njokers: false\n", "Plain words", ""),
    ("{title: Flow, extends: standard}\n", "Plain words", ""),
])
def test_the_title_read_alone_is_the_one_the_whole_file_gives(user_dirs, content, title, description):
    path = folder(user_dirs[0]) / "plain_words.yaml"
    path.write_text(content, encoding="utf-8")
    (listed,) = [item for item in variant_titles(get(GAME))[0] if not item.builtin]
    assert (listed.title, listed.description) == (title, description)
    if not content.startswith("{"):
        whole = load_file(get(GAME), path)
        assert (whole.title, whole.description) == (listed.title, listed.description)


def test_built_in_titles_read_alone_match_the_loaded_ones():
    for spec in all_games():
        listed, problems = variant_titles(spec)
        assert problems == []
        for item in listed:
            whole = load_file(spec, item.path, builtin=True)
            assert (item.name, item.title, item.description) == (whole.name, whole.title, whole.description)


def test_the_variants_command_lists_titles_and_one_line_per_unreadable_file(user_dirs, capsys):
    mine = fill(user_dirs[0], 3)
    plant_damaged(mine)
    assert run(["variants", GAME]) == 0
    out = capsys.readouterr().out
    assert "  house-rules-0002         House rules 0002 [user, " in out
    unread = [line for line in out.splitlines() if line.startswith("  cannot be read: ")]
    assert len(unread) == len(DAMAGED) + 1
    for _, expected in DAMAGED.values():
        assert sum(f"/{expected}" in line for line in unread) == 1, expected
    assert "--check FILE" in out.splitlines()[-1]


def picker_on(app: App) -> VariantsScene:
    picker = VariantsScene(app)
    while picker.game.value != GAME:
        picker.game.adjust(1)
    app.push(picker)
    app.frame(1 / 60)
    return picker


def choose(picker: VariantsScene, name: str) -> None:
    while picker.variant.value != name:
        picker.variant.adjust(1)


def test_the_picker_reads_the_chosen_variant_and_says_why_one_cannot_be_used(app, user_dirs):
    mine = fill(user_dirs[0], 2)
    plant_damaged(mine)
    (mine / "unknown-key.yaml").write_text("title: Odd\nextends: standard\ncandies_per_player: 3\n",
                                           encoding="utf-8")
    picker = picker_on(app)
    assert picker.loaded is not None and picker.loaded.name == "standard" and picker.new_button.enabled
    assert picker.problem.startswith(f"{len(DAMAGED) + 1} variant files cannot be read: bigger-jackpots.yaml:1: ")
    choose(picker, "unknown-key")
    assert picker.loaded is None and not picker.new_button.enabled and not picker.edit_button.enabled
    assert picker.problem.startswith("unknown-key.yaml:3: candies_per_player: ")
    app.frame(1 / 60)
    choose(picker, "house-rules-0001")
    assert picker.loaded is not None and picker.loaded.params["supply_per_player"] == 6
    assert picker.edit_button.enabled


def test_the_picker_lists_again_only_when_a_file_changed(app, user_dirs, monkeypatch):
    import game.scenes.variant_editor_picker as picker_module

    mine = fill(user_dirs[0], 20)
    listings: list[str] = []

    def counted(spec: Any) -> Any:
        listings.append(spec.name)
        return variant_titles(spec)

    monkeypatch.setattr(picker_module, "variant_titles", counted)
    picker = picker_on(app)
    choose(picker, "house-rules-0003")
    first = len(listings)
    picker.resume()
    assert len(listings) == first and picker.variant.value == "house-rules-0003"
    (mine / "house-rules-9999.yaml").write_text(SAVED.format(9999, 7), encoding="utf-8")
    picker.resume()
    assert len(listings) == first + 1 and picker.variant.value == "house-rules-0003"
    assert "house-rules-9999" in [name for name, _ in picker.variant.options]
