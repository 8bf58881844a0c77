"""Variants: YAML files of rule parameters, validated against their game's schema.

``config/variants/<game>/standard.yaml`` holds every parameter; other variants say ``extends: NAME`` and
override keys. The user's own files in ``variants/<game>/`` under the user config directory are listed
beside the built-ins. Every error names the file, the line and the key path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.params import Problem, did_you_mean, merge, validate
from game.core.paths import BUILTIN_VARIANTS_DIR, user_variants_dir
from game.core.registry import GameSpec
from game.variants.yaml_lines import LinedYaml, YamlSyntaxError, read_yaml

STANDARD = "standard"
META_KEYS = ("title", "description", "extends")
"""Keys that describe a variant rather than set a rule."""
SUFFIXES = (".yaml", ".yml")


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
    """A variant that cannot be used; ``problems`` says every reason with its file and line."""

    def __init__(self, problems: list[VariantProblem]) -> None:
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


def builtin_dir(spec: GameSpec) -> Path:
    """The shipped variants of a game."""
    return BUILTIN_VARIANTS_DIR / spec.name


def _variant_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in SUFFIXES and p.is_file())


def _read(path: Path) -> LinedYaml:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise VariantError([VariantProblem(path, 1, "", f"cannot be read: {error}")]) from None
    try:
        lined = read_yaml(text)
    except YamlSyntaxError as error:
        raise VariantError([VariantProblem(path, p.line, p.key, p.message) for p in error.problems]) from None
    if lined.value is None:
        raise VariantError([VariantProblem(path, 1, "", "is empty")])
    if not isinstance(lined.value, dict):
        raise VariantError([VariantProblem(path, 1, "", "must be a mapping of keys to values")])
    return lined


def _problems(path: Path, lined: LinedYaml, problems: list[Problem]) -> list[VariantProblem]:
    return [VariantProblem(path, lined.line_of(p.keys), p.path, p.message) for p in problems]


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


def load_file(spec: GameSpec, path: Path, *, builtin: bool = False, _seen: tuple[Path, ...] = ()) -> Variant:
    """Load and validate one variant file (following ``extends``)."""
    path = Path(path)
    if path.resolve() in _seen:
        loop = " -> ".join(p.stem for p in _seen + (path.resolve(),))
        raise VariantError([VariantProblem(path, 1, "extends", f"extends itself in a loop: {loop}")])
    lined = _read(path)
    data: dict[str, Any] = dict(lined.value)
    problems: list[VariantProblem] = []
    for key in ("title", "description", "extends"):
        if key in data and not isinstance(data[key], str):
            problems.append(VariantProblem(path, lined.line_of((key,)), key, "must be text"))
    if problems:
        raise VariantError(problems)
    overrides = {k: v for k, v in data.items() if k not in META_KEYS}
    parent_name = data.get("extends")
    chain: tuple[str, ...]
    if parent_name is None and path.stem != STANDARD:
        parent_name = STANDARD
    if parent_name is None:
        problems = _problems(path, lined, validate(spec.schema, overrides))
        if problems:
            raise VariantError(problems)
        params, chain = overrides, ()
    else:
        found = _find(spec, parent_name, path)
        if found is None:
            known = [v.name for v in list_variants(spec)[0]]
            hint = did_you_mean(parent_name, known)
            raise VariantError([VariantProblem(path, lined.line_of(("extends",)), "extends",
                                               f"no variant {parent_name!r}{hint}")])
        parent = load_file(spec, found[0], builtin=found[1], _seen=_seen + (path.resolve(),))
        problems = _problems(path, lined, validate(spec.schema, overrides, partial=True))
        if problems:
            raise VariantError(problems)
        params = merge(parent.params, overrides)
        problems = _problems(path, lined, validate(spec.schema, params))
        if problems:
            raise VariantError(problems)
        chain = (parent.name,) + parent.chain
    title = data.get("title") or path.stem.replace("-", " ").replace("_", " ").capitalize()
    return Variant(spec.name, path.stem, title, data.get("description", ""), params, path, builtin, chain)


def load_variant(spec: GameSpec, name_or_file: str | Path) -> Variant:
    """A variant by name (built-in or the user's) or by file path."""
    text = str(name_or_file)
    if text.endswith(SUFFIXES) or "/" in text or "\\" in text:
        path = Path(text)
        if not path.is_file():
            raise VariantError([VariantProblem(path, 1, "", "no such file")])
        return load_file(spec, path, builtin=False)
    found = _find(spec, text, None)
    if found is None:
        known = [v.name for v in list_variants(spec)[0]]
        raise UnknownVariantError([VariantProblem(Path(text), 1, "",
                                                  f"no {spec.name} variant named {text!r}{did_you_mean(text, known)};"
                                                  f" known: {', '.join(known)}")])
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
