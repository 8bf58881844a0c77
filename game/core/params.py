"""Rule parameters: the schema a game declares, and validation of plain values against it.

A game's schema names every key its ``standard`` variant must hold, with the type and the allowed range.
Validation here works on plain Python values and reports key paths; ``game.variants`` adds files and lines.
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Union

from game.core.bounded import quote, shorten

MAX_HINTS = 100
"""Problems that get a 'did you mean' hint: each costs a fuzzy match against every key of its record, and
past the first few problems nobody reads them (thousands of unknown keys took seconds)."""
MAX_PARAM_TEXT_CHARS = 40
"""Longest text parameter unless its ``Param`` says otherwise (a candy's name or look, ours under 15
characters): it is drawn on the table and in the log, where thousands of characters froze a frame."""


@dataclass(frozen=True)
class Param:
    """One scalar rule parameter."""

    type: type
    doc: str
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] | None = None
    max_chars: int = MAX_PARAM_TEXT_CHARS
    """The longest a text value may be (only for ``str``)."""
    labels: Mapping[str, str] | None = field(default=None, compare=False)
    """How the screens name some of the ``choices`` (``coloured-joker``: "Coloured joker's player"); a choice
    not named here is shown humanised."""


@dataclass(frozen=True)
class Record:
    """A mapping with a fixed set of keys (the whole variant is one)."""

    fields: Mapping[str, "Spec"]
    doc: str = ""
    check: Callable[[Mapping[str, Any]], list[tuple[str, str]]] | None = None
    """Cross-key rules: returns (key path relative to this record, message) for each problem. It runs
    once every key is valid, and holds every check that starting a game makes (at every player count),
    so that a variant that validates can always be played."""


@dataclass(frozen=True)
class ListOf:
    """A list of records (candy kinds, card definitions)."""

    item: Record
    doc: str = ""
    min_len: int = 0
    max_len: int | None = None


Spec = Union[Param, Record, ListOf]


@dataclass(frozen=True)
class Problem:
    """A value that breaks the schema, at a key path such as ``candy.kinds[2].value``."""

    path: str
    message: str
    keys: tuple[str | int, ...] = field(default=())


def join(path: str, key: str | int) -> str:
    """Extend a dotted key path with a mapping key or a list index."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def split_path(path: str) -> tuple[str | int, ...]:
    """The keys of a dotted key path: ``candy[2].name`` is ``("candy", 2, "name")``."""
    return tuple(int(index) if index else key for key, index in _PATH_PART.findall(path))


def text_problem(value: Any, max_chars: int, *, lines: bool = False) -> str | None:
    """Why ``value`` cannot be a text from a file that the app draws, or None: it must be text of at most
    ``max_chars`` characters that a font can draw (no NUL or other control character; line breaks only
    with ``lines``)."""
    if not isinstance(value, str):
        return f"must be text, not {quote(value)}"
    if len(value) > max_chars:
        return f"is {len(value):,} characters long; at most {max_chars:,} are allowed"
    if not (value.replace("\n", "") if lines else value).isprintable():
        return "holds a character that cannot be shown (a control character such as NUL or a tab" + (
            ")" if lines else ", or a line break)")
    return None


def did_you_mean(word: str, options: list[str]) -> str:
    """A ' (did you mean X?)' hint, or '' when nothing is close."""
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def validate(spec: Spec, value: Any, *, partial: bool = False) -> list[Problem]:
    """Every problem of ``value`` against ``spec``. ``partial`` allows missing keys (overrides)."""
    problems: list[Problem] = []
    _validate(spec, value, "", (), partial, problems)
    return problems


def _type_name(kind: type) -> str:
    return {int: "a whole number", float: "a number", bool: "true or false", str: "text"}[kind]


def _validate(spec: Spec, value: Any, path: str, keys: tuple, partial: bool, out: list[Problem]) -> None:
    if isinstance(spec, Param):
        _validate_param(spec, value, path, keys, out)
    elif isinstance(spec, Record):
        if not isinstance(value, Mapping):
            out.append(Problem(path, "must be a mapping of keys to values", keys))
            return
        for key, sub in value.items():
            if key not in spec.fields:
                name = str(key)
                hint = did_you_mean(name, list(spec.fields)) if len(out) < MAX_HINTS else ""
                out.append(Problem(join(path, shorten(name)), f"unknown key{hint}", keys + (name,)))
                continue
            _validate(spec.fields[key], sub, join(path, key), keys + (key,), partial, out)
        if not partial:
            for key in spec.fields:
                if key not in value:
                    out.append(Problem(join(path, key), "is missing", keys + (key,)))
        if spec.check is not None and not partial and not out:
            for rel, message in spec.check(value):
                out.append(Problem(join(path, rel) if rel else path, message, keys + split_path(rel)))
    else:
        if not isinstance(value, list):
            out.append(Problem(path, "must be a list", keys))
            return
        if len(value) < spec.min_len or (spec.max_len is not None and len(value) > spec.max_len):
            most = "" if spec.max_len is None else f" and at most {spec.max_len}"
            out.append(Problem(path, f"must have at least {spec.min_len}{most} entries", keys))
        for index, item in enumerate(value):
            _validate(spec.item, item, join(path, index), keys + (index,), False, out)


def _validate_param(spec: Param, value: Any, path: str, keys: tuple, out: list[Problem]) -> None:
    ok = isinstance(value, spec.type) and not (spec.type is not bool and isinstance(value, bool))
    if spec.type is float and isinstance(value, int) and not isinstance(value, bool):
        ok = True
    if not ok:
        out.append(Problem(path, f"must be {_type_name(spec.type)}, not {quote(value)}", keys))
        return
    if spec.type is float and not math.isfinite(value):
        out.append(Problem(path, f"must be a finite number, not {quote(value)}", keys))
        return
    if spec.choices is not None and value not in spec.choices:
        out.append(Problem(path, f"must be one of {', '.join(spec.choices)}, not {quote(value)}", keys))
    elif spec.type is str:
        problem = text_problem(value, spec.max_chars)
        if problem is not None:
            out.append(Problem(path, problem, keys))
    if spec.min is not None and value < spec.min:
        out.append(Problem(path, f"must be at least {spec.min:g}, not {quote(value)}", keys))
    if spec.max is not None and value > spec.max:
        out.append(Problem(path, f"must be at most {spec.max:g}, not {quote(value)}", keys))


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``override`` laid over it: mappings merge key by key, anything else replaces."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = value
    return merged
