"""The player's own variants: saved as ``variants/<game>/<slug>.yaml`` in the user config directory.

A saved file says ``extends: <parent>`` and holds only the keys that differ from the parent (a list or a
nested record whole, when anything in it differs), each under its help text as a comment, so the file reads
like the built-in ones. The text is validated by the same loader as every variant, in a scratch folder,
before anything in the user's folder is replaced: an invalid variant never lands on disk.
"""

from __future__ import annotations

import re
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from game.core.registry import GameSpec
from game.storage.paths import user_variants_dir
from game.storage.files import write_atomic
from game.variants.help import variant_help
from game.variants.loader import (MAX_TITLE_CHARS, SUFFIXES, Variant, VariantError, VariantProblem, builtin_dir,
                                  load_file)

COMMENT_WIDTH = 100
"""Columns of a help comment in a saved file, as in the built-in files."""
_NOT_IN_SLUG = re.compile(r"[^a-z0-9]+")


class NameTakenError(ValueError):
    """A variant of that name exists already: the player is asked before it is overwritten."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"A variant named {path.stem!r} exists already.")
        self.path = path


class BuiltinNameError(ValueError):
    """The name of a built-in variant: those are never overwritten."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} is the name of a built-in variant; choose another title.")
        self.name = name


@dataclass(frozen=True)
class VariantDraft:
    """A variant being made: its words, the variant it stands on, and every parameter's value."""

    title: str
    description: str
    parent: Variant
    params: dict[str, Any]


def slug(title: str) -> str:
    """The file name of a variant titled ``title``: lower case, words joined by '-' ('' when none)."""
    return _NOT_IN_SLUG.sub("-", title.lower()).strip("-")[:MAX_TITLE_CHARS]


def changed_keys(params: dict[str, Any], parent: dict[str, Any]) -> list[str]:
    """The top-level keys of ``params`` whose value differs from ``parent``'s, in ``params``' order."""
    return [key for key, value in params.items() if parent.get(key) != value]


def _comment(text: str, indent: str = "") -> str:
    lines = textwrap.wrap(text, COMMENT_WIDTH - len(indent) - 2) if text else []
    return "".join(f"{indent}# {line}\n" for line in lines)


def _dump(value: dict[str, Any]) -> str:
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False, width=COMMENT_WIDTH)


def variant_text(spec: GameSpec, draft: VariantDraft) -> str:
    """The YAML of ``draft``: its words, ``extends`` and the keys that differ, each under its help."""
    help_ = variant_help(spec)
    words: dict[str, Any] = {"title": draft.title.strip()}
    if draft.description.strip():
        words["description"] = draft.description.strip()
    words["extends"] = draft.parent.name
    parts = [_dump(words)]
    for key in changed_keys(draft.params, draft.parent.params):
        parts.append("\n" + _comment(help_.text((key,))) + _dump({key: draft.params[key]}))
    return "".join(parts)


def user_file(spec: GameSpec, name: str) -> Path:
    """Where the user's variant ``name`` of ``spec`` is saved."""
    return user_variants_dir(spec.name) / f"{name}.yaml"


def taken(spec: GameSpec, name: str) -> Path | None:
    """The user's file already named ``name``, or None; a built-in name raises ``BuiltinNameError``."""
    if any((builtin_dir(spec) / f"{name}{suffix}").is_file() for suffix in SUFFIXES):
        raise BuiltinNameError(name)
    return next((path for suffix in SUFFIXES
                 if (path := user_variants_dir(spec.name) / f"{name}{suffix}").is_file()), None)


def check(spec: GameSpec, draft: VariantDraft, name: str) -> Variant:
    """``draft`` loaded as variant ``name`` from a scratch folder, exactly as the loader will load it once
    saved; a problem raises ``VariantError`` naming ``name``'s file in the user's folder."""
    target = user_file(spec, name)
    text = variant_text(spec, draft)
    with tempfile.TemporaryDirectory(prefix="hallowtable-variant-") as scratch:
        trial = Path(scratch) / target.name
        write_atomic(trial, text)
        try:
            return load_file(spec, trial)
        except VariantError as error:
            raise VariantError([VariantProblem(target if p.path == trial else p.path, p.line, p.key, p.message)
                                for p in error.problems]) from None


def save_variant(spec: GameSpec, draft: VariantDraft, *, overwrite: bool = False) -> Variant:
    """Save ``draft`` under the slug of its title and return it as loaded from there.

    Raises ``VariantError`` when it does not validate (nothing written), ``BuiltinNameError`` for a built-in
    name, ``NameTakenError`` when the user has a variant of that name and ``overwrite`` is off, and
    ``OSError`` when the folder cannot be written."""
    name = slug(draft.title)
    target = user_file(spec, name)
    if not name:
        raise VariantError([VariantProblem(target, 1, "title", "needs a letter or a digit")])
    if name == draft.parent.name:
        raise VariantError([VariantProblem(target, 1, "title", f"names the variant it extends ({name!r}); "
                                                               f"choose another title")])
    existing = taken(spec, name)
    if existing is not None and not overwrite:
        raise NameTakenError(existing)
    check(spec, draft, name)
    write_atomic(target, variant_text(spec, draft))
    if existing is not None and existing != target:
        existing.unlink()
    return load_file(spec, target)
