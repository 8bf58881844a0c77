"""Variants: YAML files of rule parameters, validated against their game's schema.

``config/variants/<game>/standard.yaml`` holds every parameter; other variants say ``extends: NAME`` and
override keys. The user's own files in ``variants/<game>/`` under the user config directory are listed
beside the built-ins. Every error names the file, the line and the key path.

A file may be hostile: every one is read through the bounded YAML reader, an ``extends`` chain is short,
and validation runs every check that starting the game makes (the schema's cross-key ``check``, at every
player count), so a variant that loads can always be played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.bounded import KIB, InputError, quote, shorten
from game.core.params import Problem, did_you_mean, merge, text_problem, validate
from game.core.paths import BUILTIN_VARIANTS_DIR, user_variants_dir
from game.core.registry import GameSpec
from game.core.yaml_reader import LinedYaml, YamlProblems, read_yaml_file

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
        where = f"{self.key}: " if self.key else ""
        return f"{self.path}:{self.line}: {where}{self.message}"


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
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES and p.is_file())


def _known_names(spec: GameSpec) -> list[str]:
    """The names of every variant file (without reading them: a broken file must not be read again while
    its own error is being written)."""
    builtin = sorted((p.stem for p in _variant_files(builtin_dir(spec))), key=lambda name: (name != STANDARD, name))
    return builtin + [p.stem for p in _variant_files(user_variants_dir(spec.name)) if p.stem not in builtin]


def _read(path: Path) -> LinedYaml:
    try:
        lined = read_yaml_file(path, MAX_VARIANT_BYTES)
    except YamlProblems as error:
        raise VariantError([VariantProblem(path, max(p.line, 1), shorten(p.key), p.message)
                            for p in error.problems]) from None
    except InputError as error:
        raise VariantError([VariantProblem(path, max(error.line, 1), error.key, error.message)]) from None
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
    title = data.get("title") or path.stem.replace("-", " ").replace("_", " ").capitalize()
    return Variant(spec.name, path.stem, title, data.get("description", ""), params, path, link.builtin, chain)


def load_file(spec: GameSpec, path: Path, *, builtin: bool = False) -> Variant:
    """Load and validate one variant file (following ``extends``): a variant this returns can start a game
    at every player count the game allows."""
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
            errors.append(VariantError([VariantProblem(path, 1, "", "has the name of a built-in variant; "
                                                                    "rename the file")]))
            continue
        try:
            variants.append(load_file(spec, path, builtin=False))
        except VariantError as error:
            errors.append(error)
    variants.sort(key=lambda v: (not v.builtin, v.name != STANDARD, v.name))
    return variants, errors
