"""The one bounded reader for every file the app takes from disk, and for the JSON in it.

Anything on disk may be hostile: a 10 MB file, ``/dev/zero`` behind a symlink, a folder, binary garbage,
arrays nested 100,000 deep, ``Infinity`` or a 5,000-digit number. Every file is read here, with a size
limit checked before reading and a bounded read after (a file may grow, and ``/proc`` reports size 0), and
every JSON document is parsed here with a depth limit and only finite numbers. A problem raises
``InputError``, whose message names the file (and line and key where there are ones), never a traceback.
YAML has its own bounded reader in ``game.core.yaml_reader``, built on the same error.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import stat
from pathlib import Path
from typing import Any, Iterator, NoReturn

KIB = 1024
MIB = 1024 * KIB

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings in any JSON or YAML document: our deepest (a Magick card's
effects) is 6; a parser recursing 100,000 levels deep would overflow the stack instead."""
MAX_NUMBER_DIGITS = 40
"""Longest number literal: 40 digits hold any seed or count; Python refuses to convert past 4,300."""
MAX_TEXT_CHARS = 20_000
"""Longest single text value (a description, a card's text); the longest shipped one is under 300."""
MAX_QUOTED_CHARS = 40
"""How much of a refused value or key a message repeats (a name from a file may be 30,000 characters)."""


class InputError(ValueError):
    """Something read from disk that cannot be used: ``str`` is ``file:line: key: message``."""

    def __init__(self, path: Path | str | None, message: str, line: int = 0, key: str = "") -> None:
        self.path = Path(path) if path is not None else None
        self.message = message
        self.line = line
        self.key = key
        super().__init__(str(self))

    def __str__(self) -> str:
        path = shown(self.path)
        where = "" if self.path is None else f"{path}:{self.line}: " if self.line else f"{path}: "
        return f"{where}{shown(self.key) + ': ' if self.key else ''}{self.message}"

    def at(self, path: Path | str) -> "InputError":
        """The same problem, said of ``path`` (a parser that saw only text learns its file here)."""
        return InputError(path, self.message, self.line, self.key)


def shown(text: object) -> str:
    """``text`` (a file name, a key, a variant's name) as a message prints it: every character that is not
    printable written as its escape (``\\u202e``), so that a control character, a right-to-left override
    or a byte no encoding holds cannot reorder, hide or break the rest of the line."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in str(text))


def shorten(text: str) -> str:
    """``text`` for a message, cut to ``MAX_QUOTED_CHARS``."""
    return text if len(text) <= MAX_QUOTED_CHARS else text[:MAX_QUOTED_CHARS - 3] + "..."


def quote(value: Any) -> str:
    """``repr(value)`` for a message, cut to ``MAX_QUOTED_CHARS``."""
    return shorten(repr(value))


def describe_size(size: int) -> str:
    """A byte count as a person reads it: ``10.0 MB``, ``64 KB``, ``64.6 KB`` (a file just over a 64 KB
    limit must not read as 64 KB)."""
    if size >= MIB:
        return f"{size / MIB:.1f} MB"
    if size >= KIB:
        return f"{size // KIB} KB" if size % KIB == 0 else f"{size / KIB:.1f} KB"
    return f"{size} bytes"


def _check_regular(path: Path, max_bytes: int) -> str:
    """``InputError`` unless ``path`` is a regular file of at most ``max_bytes`` as the system reports its size
    (symlinks followed); the limit in words, for the caller to say when the file holds more than reported."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except OSError as error:
        raise InputError(path, f"cannot be read ({error.strerror or error})") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise InputError(path, "is not a regular file (a device, pipe or socket)")
    limit = f"the {describe_size(max_bytes)} such a file may hold"
    if info.st_size > max_bytes:
        raise InputError(path, f"is {describe_size(info.st_size)}, more than {limit}")
    return limit


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (symlinks followed); ``InputError`` otherwise."""
    limit = _check_regular(path, max_bytes)
    try:
        with path.open("rb") as stream:
            data = stream.read(max_bytes + 1)
    except OSError as error:
        raise InputError(path, f"cannot be read ({error.strerror or error})") from None
    if len(data) > max_bytes:
        raise InputError(path, f"holds more than {limit}")
    return data


def read_lines(path: Path, max_bytes: int, max_line_bytes: int) -> Iterator[tuple[int, str]]:
    """The lines of a UTF-8 text file of at most ``max_bytes``, one at a time, numbered from 1, each of at most
    ``max_line_bytes`` counting its line break, which it keeps (so a last line cut short shows): a long file
    (a simulation's log) is never held whole. ``InputError``, naming the line, as soon as one breaks a rule."""
    limit = _check_regular(path, max_bytes)
    total = 0
    try:
        with path.open("rb") as stream:
            for number in itertools.count(1):
                data = stream.readline(max_line_bytes + 1)
                if not data:
                    return
                total += len(data)
                if total > max_bytes:
                    raise InputError(path, f"holds more than {limit}", number)
                if len(data) > max_line_bytes:
                    raise InputError(path, f"has a line longer than the {describe_size(max_line_bytes)} a line may "
                                           "hold", number)
                try:
                    line = data.decode("utf-8")
                except UnicodeDecodeError as error:
                    raise InputError(path, f"is not UTF-8 text (byte {error.start + 1} of the line cannot be "
                                           "read)", number) from None
                yield number, line
    except OSError as error:
        raise InputError(path, f"cannot be read ({error.strerror or error})") from None


def read_text(path: Path, max_bytes: int) -> str:
    """A UTF-8 text file of at most ``max_bytes``, as ``read_bytes`` checks it."""
    data = read_bytes(path, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(path, f"is not UTF-8 text (byte {error.start + 1} cannot be read)", line) from None


_JSON_NESTING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
"""A JSON string (skipped whole) or a bracket: enough to measure nesting without parsing."""


def check_json_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """``InputError`` (without a file) when brackets nest deeper than ``max_depth``."""
    depth = 0
    for match in _JSON_NESTING.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                line = text.count("\n", 0, match.start()) + 1
                raise InputError(None, f"nests lists or objects more than {max_depth} deep", line)
        elif token in "]}":
            depth -= 1


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number this app accepts")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a number of {len(text)} digits is too long (at most {MAX_NUMBER_DIGITS})")
    return int(text)


def parse_json(text: str, path: Path | str | None = None) -> Any:
    """JSON text as Python values: finite numbers only, nesting at most ``MAX_DEPTH``; ``InputError``."""
    try:
        check_json_depth(text)
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          parse_int=_bounded_int)
    except InputError as error:
        raise error.at(path) if path is not None else error from None
    except json.JSONDecodeError as error:
        raise InputError(path, f"is not valid JSON ({error.msg}, column {error.colno})", error.lineno) from None
    except (ValueError, RecursionError) as error:
        raise InputError(path, f"is not usable JSON ({error})") from None


def read_json(path: Path, max_bytes: int) -> Any:
    """A JSON file of at most ``max_bytes``, parsed by ``parse_json``."""
    return parse_json(read_text(path, max_bytes), path)
