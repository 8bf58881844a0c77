"""The variants the lab offers: listed with the problems of the broken files (a file of the user's folder as
``file:line``), and a signature of the folders that says when to list them again."""

from __future__ import annotations

import os
from pathlib import Path

from game.core.registry import GameSpec
from game.storage.paths import user_variants_dir
from game.variants.loader import Variant, VariantError, VariantProblem, builtin_dir, list_variants


def folder_signature(*folders: Path) -> tuple:
    """Names, sizes and modification times of the files in ``folders`` (changes when any file does)."""
    seen: list[tuple[str, int, int]] = []
    for folder in folders:
        try:
            for entry in os.scandir(folder):
                stat = entry.stat()
                seen.append((entry.path, stat.st_mtime_ns, stat.st_size))
        except OSError:
            continue
    return tuple(sorted(seen))


def variants_signature(spec: GameSpec) -> tuple:
    """The signature of ``spec``'s variant folders: the user's and the built-in one."""
    return folder_signature(user_variants_dir(spec.name), builtin_dir(spec))


def problem_line(spec: GameSpec, problem: VariantProblem) -> str:
    """``problem`` on one line, a file of the user's folder named by its name alone (the folder is long)."""
    if problem.path.parent != user_variants_dir(spec.name):
        return str(problem)
    return str(VariantProblem(Path(problem.path.name), problem.line, problem.key, problem.message))


def listed_variants(spec: GameSpec) -> tuple[list[Variant], list[str]]:
    """``spec``'s variants that load, and a line for each problem of those that do not (never an exception:
    a broken built-in file, an unreadable folder or a loader bug is a line too)."""
    variants: list[Variant] = []
    problems: list[VariantProblem] = []
    lines: list[str] = []
    try:
        variants, errors = list_variants(spec)
        problems = [p for error in errors for p in error.problems]
    except VariantError as error:  # a broken built-in file
        problems = list(error.problems)
    except Exception as error:  # noqa: BLE001  (an unreadable folder or a loader bug: shown, never fatal)
        lines = [f"The variants cannot be listed: {type(error).__name__}: {error}"]
    lines += [problem_line(spec, p) for p in problems]
    return variants, lines

