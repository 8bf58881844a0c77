"""Variants: YAML files of rule parameters, validated against their game's schema.

``config/variants/<game>/standard.yaml`` holds every parameter; other variants say ``extends: NAME`` and
override keys. The user's own files in ``variants/<game>/`` under the user config directory are listed
beside the built-ins. Every error names the file, the line and the key path. A list that only shows
variants (``variant_titles``) reads each file's title and description alone, through the bounded line
reader: a player may keep thousands, and a file is validated when it is chosen.

A file may be hostile: every one is read through the bounded YAML reader, an ``extends`` chain is short,
and validation runs every check that starting the game makes (the schema's cross-key ``check``, at every
player count), so a variant that loads can always be played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.bounded import KIB, InputError, quote, read_lines, shorten, shown
from game.core.params import Problem, did_you_mean, merge, text_problem, validate
from game.core.paths import BUILTIN_VARIANTS_DIR
from game.core.registry import GameSpec
from game.core.yaml_reader import LinedYaml, YamlProblems, parse_yaml, read_yaml_file
from game.storage.paths import user_variants_dir

STANDARD = "standard"
META_KEYS = ("title", "description", "extends")
"""Keys that describe a variant rather than set a rule."""
SUFFIXES = (".yaml", ".yml")

MAX_VARIANT_BYTES = 64 * KIB
"""Largest variant file read: our largest (Reapers' standard, every key with a comment) is under 3 KB;
64 KB is twenty times that and parses in milliseconds, where a 10 MB file took 30 s."""
MAX_EXTENDS = 16
"""Most variants one file may stand on through ``extends``: ours stand on one (standard); a chain 2,000
long overflowed Python's stack."""
MAX_TITLE_CHARS = 40
"""Longest title: what a variant choice shows in the setup and lab screens; ours are under 25."""
MAX_DESCRIPTION_CHARS = 300
"""Longest description: about four lines in the setup screen's box; ours are under 150."""
MAX_NAME_CHARS = 64
"""Longest variant name after ``extends``: a file name without ``.yaml``; ours are under 25."""
MAX_PROBLEMS_LISTED = 20
"""Problems listed for one variant; the rest are counted (10 MB of unknown keys would be 500,000 lines)."""


@dataclass(frozen=True)
class VariantProblem:
    """One error in one variant file."""

    path: Path
    line: int
    key: str
    message: str

    def __str__(self) -> str:
        where = f"{shown(self.key)}: " if self.key else ""
        return f"{shown(self.path)}:{self.line}: {where}{self.message}"


class VariantError(ValueError):
    """A variant that cannot be used; ``problems`` says every reason with its file and line (at most
    ``MAX_PROBLEMS_LISTED`` of them, then one that counts the others)."""

    def __init__(self, problems: list[VariantProblem]) -> None:
        if len(problems) > MAX_PROBLEMS_LISTED:
            rest = problems[MAX_PROBLEMS_LISTED]
            more = len(problems) - MAX_PROBLEMS_LISTED
            problems = problems[:MAX_PROBLEMS_LISTED] + [
                VariantProblem(rest.path, rest.line, "", f"and {more:,} more problem{'s' if more > 1 else ''} "
                                                         f"not listed")]
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


class UnknownVariantError(VariantError):
    """A variant name that names no file: a mistake on the command line, not in a file."""


@dataclass(frozen=True)
class Variant:
    """A validated set of rule parameters, ready for ``GameSpec.new_game``."""

    game: str
    name: str
    title: str
    description: str
    params: dict[str, Any]
    path: Path
    builtin: bool = True
    chain: tuple[str, ...] = field(default=())
    """The variants this one extends, nearest first."""


@dataclass(frozen=True)
class _Link:
    """One file of an ``extends`` chain, read but not yet validated."""

    path: Path
    builtin: bool
    lined: LinedYaml

    @property
    def data(self) -> dict[str, Any]:
        return dict(self.lined.value)

    def problem(self, key: str, message: str) -> VariantProblem:
        return VariantProblem(self.path, self.lined.line_of((key,)), key, message)


def builtin_dir(spec: GameSpec) -> Path:
    """The shipped variants of a game."""
    return BUILTIN_VARIANTS_DIR / spec.name


def _variant_files(folder: Path) -> list[Path]:
    """The variant files of ``folder``: anything named ``*.yaml`` but a folder (a device or a dangling link
    among them is listed, then refused by the reader with its reason)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES and not p.is_dir())


def _known_names(spec: GameSpec) -> list[str]:
    """The names of every variant file (without reading them: a broken file must not be read again while
    its own error is being written)."""
    builtin = sorted((p.stem for p in _variant_files(builtin_dir(spec))), key=lambda name: (name != STANDARD, name))
    return builtin + [p.stem for p in _variant_files(user_variants_dir(spec.name)) if p.stem not in builtin]


def _unreadable(path: Path, error: InputError) -> VariantError:
    """What the bounded readers refused in ``path``, as the problems of that variant file."""
    if isinstance(error, YamlProblems):
        return VariantError([VariantProblem(path, max(p.line, 1), shorten(p.key), p.message)
                             for p in error.problems])
    return VariantError([VariantProblem(path, max(error.line, 1), error.key, error.message)])


def _read(path: Path) -> LinedYaml:
    try:
        lined = read_yaml_file(path, MAX_VARIANT_BYTES)
    except InputError as error:
        raise _unreadable(path, error) from None
    if lined.value is None:
        raise VariantError([VariantProblem(path, 1, "", "is empty")])
    if not isinstance(lined.value, dict):
        raise VariantError([VariantProblem(path, 1, "", "must be a mapping of keys to values")])
    return lined


def _meta_problems(link: _Link) -> list[VariantProblem]:
    """Title, description and ``extends``: short text a font can draw, and a name, not a path."""
    data = link.data
    problems = []
    for key, limit in (("title", MAX_TITLE_CHARS), ("description", MAX_DESCRIPTION_CHARS),
                       ("extends", MAX_NAME_CHARS)):
        if key in data:
            problem = text_problem(data[key], limit, lines=key == "description")
            if problem is None and key == "extends" and any(c in data[key] for c in "/\\"):
                problem = "must name a variant (a file name without .yaml), not a path"
            if problem is not None:
                problems.append(link.problem(key, problem))
    return problems


def _problems(link: _Link, problems: list[Problem]) -> list[VariantProblem]:
    return [VariantProblem(link.path, link.lined.line_of(p.keys), p.path, p.message) for p in problems]


def _find(spec: GameSpec, name: str, near: Path | None) -> tuple[Path, bool] | None:
    """The file of variant ``name``: beside ``near`` first, then the built-ins, then the user's."""
    candidates: list[tuple[Path, bool]] = []
    if near is not None:
        candidates += [(near.parent / f"{name}{suffix}", near.parent == builtin_dir(spec)) for suffix in SUFFIXES]
    candidates += [(builtin_dir(spec) / f"{name}{suffix}", True) for suffix in SUFFIXES]
    candidates += [(user_variants_dir(spec.name) / f"{name}{suffix}", False) for suffix in SUFFIXES]
    for path, builtin in candidates:
        if path.is_file():
            return path, builtin
    return None


def _parent_name(link: _Link) -> str | None:
    """The variant ``link`` extends: its ``extends``, else standard (standard itself extends nothing)."""
    name = link.data.get("extends")
    if name is None and link.path.stem != STANDARD:
        return STANDARD
    return name


def _chain(spec: GameSpec, path: Path, builtin: bool) -> list[_Link]:
    """The file and every variant it extends, nearest first, each read and its own keys checked; a loop
    or a chain longer than ``MAX_EXTENDS`` is an error of the file that asked for it."""
    links = [_Link(path, builtin, _read(path))]
    seen = [path.resolve()]
    while True:
        link = links[-1]
        problems = _meta_problems(link)
        if problems:
            raise VariantError(problems)
        parent_name = _parent_name(link)
        if parent_name is None:
            return links
        found = _find(spec, parent_name, link.path)
        if found is None:
            known = _known_names(spec)
            raise VariantError([link.problem("extends", f"no variant {parent_name!r}"
                                                        f"{did_you_mean(parent_name, known)}")])
        parent_path = found[0]
        if parent_path.resolve() in seen:
            loop = " -> ".join([p.stem for p in seen] + [parent_path.stem])
            raise VariantError([link.problem("extends", f"extends itself in a loop: {loop}")])
        if len(links) > MAX_EXTENDS:
            first = links[0]
            raise VariantError([first.problem("extends", f"stands on more than {MAX_EXTENDS} variants through "
                                                         f"extends ({links[1].path.stem} -> ... -> "
                                                         f"{link.path.stem} -> {parent_path.stem} -> ...)")])
        links.append(_Link(parent_path, found[1], _read(parent_path)))
        seen.append(parent_path.resolve())


def _variant(spec: GameSpec, link: _Link, parent: Variant | None) -> Variant:
    """``link`` validated on top of its (already validated) parent."""
    data = link.data
    overrides = {k: v for k, v in data.items() if k not in META_KEYS}
    chain: tuple[str, ...] = ()
    if parent is None:
        params = overrides
    else:
        problems = _problems(link, validate(spec.schema, overrides, partial=True))
        if problems:
            raise VariantError(problems)
        params, chain = merge(parent.params, overrides), (parent.name,) + parent.chain
    problems = _problems(link, validate(spec.schema, params))
    if problems:
        raise VariantError(problems)
    path = link.path
    return Variant(spec.name, path.stem, _title(data, path), data.get("description", ""), params, path,
                   link.builtin, chain)


def _title(data: dict[str, Any], path: Path) -> str:
    """A variant's title: its own, else its file's name in words."""
    return data.get("title") or path.stem.replace("-", " ").replace("_", " ").capitalize()


def _check_name(path: Path) -> None:
    """``VariantError`` unless the variant's name (its file's), printed and drawn, can be shown."""
    if not path.stem.isprintable():
        raise VariantError([VariantProblem(path, 1, "", "has a name with a character that cannot be "
                                                        "shown (such as a control or right-to-left one); "
                                                        "rename the file")])


def load_file(spec: GameSpec, path: Path, *, builtin: bool = False) -> Variant:
    """Load and validate one variant file (following ``extends``): a variant this returns can start a game
    at every player count the game allows."""
    _check_name(Path(path))
    variant: Variant | None = None
    for link in reversed(_chain(spec, Path(path), builtin)):
        variant = _variant(spec, link, variant)
    assert variant is not None
    return variant


def load_variant(spec: GameSpec, name_or_file: str | Path) -> Variant:
    """A variant by name (built-in or the user's) or by file path."""
    text = str(name_or_file)
    if text.endswith(SUFFIXES) or "/" in text or "\\" in text:
        return load_file(spec, Path(text), builtin=False)
    found = _find(spec, text, None)
    if found is None:
        known = _known_names(spec)
        raise UnknownVariantError([VariantProblem(Path(text), 1, "",
                                                  f"no {spec.name} variant named {quote(text)}"
                                                  f"{did_you_mean(text, known)}; known: {', '.join(known)}")])
    return load_file(spec, found[0], builtin=found[1])


def list_variants(spec: GameSpec) -> tuple[list[Variant], list[VariantError]]:
    """Every usable variant (built-ins first, standard leading) and the errors of broken user files."""
    variants: list[Variant] = []
    errors: list[VariantError] = []
    builtin_names: set[str] = set()
    for path in _variant_files(builtin_dir(spec)):
        variants.append(load_file(spec, path, builtin=True))
        builtin_names.add(path.stem)
    for path in _variant_files(user_variants_dir(spec.name)):
        if path.stem in builtin_names:
            errors.append(VariantError([_shadows_builtin(path)]))
            continue
        try:
            variants.append(load_file(spec, path, builtin=False))
        except VariantError as error:
            errors.append(error)
    variants.sort(key=_listing_order)
    return variants, errors


def _listing_order(variant: Variant | ListedVariant) -> tuple[bool, bool, str]:
    """Where a variant comes in a list: built-ins first, standard leading, then by name."""
    return not variant.builtin, variant.name != STANDARD, variant.name


def _shadows_builtin(path: Path) -> VariantProblem:
    return VariantProblem(path, 1, "", "has the name of a built-in variant; rename the file")


WORD_KEYS = ("title", "description")
"""The keys a list of variants shows, read without the rest of the file."""
_WORD_KEY = re.compile(rf"""(["']?)({'|'.join(WORD_KEYS)})\1[ \t]*:(?:[ \t]|\r?\n|$)""")
"""A top-level ``title:`` or ``description:`` line (its key possibly quoted)."""
_CONTINUING = (" ", "\t", "#", "\n", "\r")
"""How a line that belongs to the key above it starts (indented, a comment or blank)."""


@dataclass(frozen=True)
class ListedVariant:
    """A variant as a list shows it: its name and its words, read from its file's ``title`` and ``description``
    alone. Its rules are read and validated only when it is chosen (``load_file``): validating 2,000 files
    to list them took 8 s."""

    game: str
    name: str
    title: str
    description: str
    path: Path
    builtin: bool


def _words(path: Path) -> LinedYaml:
    """The top-level ``title`` and ``description`` of a variant file, each with the lines that continue it,
    parsed alone but at their own line numbers (so a problem names its real line). The file is read a line
    at a time through the bounded reader, and only as far as both are found."""
    lines: list[str] = []
    found: set[str] = set()
    taking = False
    for number, line in read_lines(path, MAX_VARIANT_BYTES, MAX_VARIANT_BYTES):
        if not line.startswith(_CONTINUING):
            if len(found) == len(WORD_KEYS):
                break
            match = _WORD_KEY.match(line)
            taking = match is not None and match.group(2) not in found
            if match is not None:
                found.add(match.group(2))
        if taking:
            lines += ["\n"] * (number - 1 - len(lines)) + [line]
    return parse_yaml("".join(lines))


def _listed(spec: GameSpec, path: Path, builtin: bool) -> ListedVariant:
    """``path``'s entry in a list of variants; ``VariantError`` (one problem) when its words cannot be read."""
    _check_name(path)
    try:
        words = _words(path)
    except InputError as error:
        raise VariantError(_unreadable(path, error).problems[:1]) from None
    data = words.value if isinstance(words.value, dict) else {}
    problems = _meta_problems(_Link(path, builtin, LinedYaml(data, words.lines)))
    if problems:
        raise VariantError(problems[:1])
    return ListedVariant(spec.name, path.stem, _title(data, path), data.get("description", ""), path, builtin)


def variant_titles(spec: GameSpec) -> tuple[list[ListedVariant], list[VariantProblem]]:
    """Every variant of ``spec`` by its title (built-ins first, standard leading), and one problem for each
    file whose title or description cannot be read. Nothing else is read: ``load_file`` validates the one
    chosen, and says then what else is wrong with it."""
    listed: list[ListedVariant] = []
    problems: list[VariantProblem] = []
    builtin_names: set[str] = set()
    for folder, builtin in ((builtin_dir(spec), True), (user_variants_dir(spec.name), False)):
        try:
            paths = _variant_files(folder)
        except OSError as error:
            problems.append(VariantProblem(folder, 1, "", f"cannot be read ({error.strerror or error})"))
            continue
        for path in paths:
            try:
                if not builtin and path.stem in builtin_names:
                    raise VariantError([_shadows_builtin(path)])
                listed.append(_listed(spec, path, builtin))
            except VariantError as error:
                problems += error.problems
            if builtin:
                builtin_names.add(path.stem)
    listed.sort(key=_listing_order)
    return listed, problems
