"""Help for each rule parameter, taken from the game's ``standard.yaml``: the comment above a key (and the one
after it on its line), and the file's grouping, so the variant editor explains and lays out the rules exactly
as the file a designer reads does.

Groups: a top-level key holding a mapping or a list (``deck``, ``magick``, ``candy``) is a group of its own;
the other top-level keys are grouped in blocks separated by blank lines. A comment followed by a blank line
is a heading: it names the group that starts after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game.core.bounded import read_text
from game.core.params import ListOf, Param, Record, Spec
from game.core.registry import GameSpec
from game.variants.loader import MAX_VARIANT_BYTES, META_KEYS, STANDARD, builtin_dir

KeyPath = tuple[str, ...]
"""A parameter's keys, list indices left out: ``("candy", "value")`` is every candy kind's value."""

ACRONYMS = {"vp": "VP"}
"""Words a label spells in capitals, as the rules text does."""
_KEY_LINE = re.compile(r"^(?P<indent>\s*)(?P<dash>-\s+)?(?P<key>[A-Za-z_][\w-]*):(?P<rest>.*)$")
_COMMENT = re.compile(r"(?:^|\s)#\s?(?P<text>.*)$")


@dataclass(frozen=True)
class Group:
    """Top-level keys shown together, under ``title`` ('' for a block without a heading)."""

    title: str
    keys: tuple[str, ...]


@dataclass(frozen=True)
class VariantHelp:
    """Every parameter's help text and the groups of a game's top-level keys, in the file's order."""

    texts: dict[KeyPath, str]
    groups: tuple[Group, ...]

    def text(self, keys: tuple[str | int, ...]) -> str:
        """The help of the parameter at ``keys`` (list indices ignored), or ''."""
        return self.texts.get(tuple(str(k) for k in keys if not isinstance(k, int)), "")


def humanize(key: str) -> str:
    """A key as a label: ``players_3`` is 'Players 3', ``vp_to_win`` 'VP to win'."""
    words = key.replace("_", " ").replace("-", " ").capitalize().split(" ")
    return " ".join(ACRONYMS.get(word.lower(), word) for word in words)


def _trailing_comment(rest: str) -> str:
    match = _COMMENT.search(rest)
    return match.group("text").strip() if match else ""


def parse_help(text: str) -> VariantHelp:
    """Help texts and groups of a ``standard.yaml``'s text (comments are not in the parsed YAML)."""
    texts: dict[KeyPath, str] = {}
    groups: list[Group] = []
    block: list[str] = []
    heading = ""
    pending: list[str] = []
    stack: list[tuple[int, str]] = []
    """The mapping keys enclosing the current line, with their columns."""
    last: tuple[KeyPath, int] | None = None
    """The key just read and its column, while its trailing comment may go on over more lines."""

    def close_block() -> None:
        nonlocal block, heading
        if block:
            groups.append(Group(heading, tuple(block)))
            block, heading = [], ""

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            if not stack:
                close_block()
                heading = " ".join(pending) or heading
            pending, last = [], None
            continue
        column = len(line) - len(line.lstrip())
        if stripped.startswith("#"):
            comment = stripped[1:].strip()
            if last is not None and column > last[1]:
                texts[last[0]] = f"{texts[last[0]]} {comment}".strip()
            else:
                pending.append(comment)
                last = None
            continue
        match = _KEY_LINE.match(line)
        if match is None:
            continue
        key_column = column + len(match.group("dash") or "")
        while stack and stack[-1][0] >= (column if match.group("dash") else key_column):
            stack.pop()
        key = match.group("key")
        path = tuple(k for _, k in stack) + (key,)
        if not stack and key in META_KEYS:
            pending, last = [], None
            continue
        help_text = " ".join(pending + [_trailing_comment(match.group("rest"))]).strip()
        if path not in texts or not texts[path]:
            texts[path] = help_text
        pending, last = [], (path, key_column)
        value = match.group("rest").split("#", 1)[0].strip()
        if not stack:
            if value:
                block.append(key)
            else:
                close_block()
                groups.append(Group(heading or humanize(key), (key,)))
                heading = ""
        if not value:
            stack.append((key_column, key))
    close_block()
    return VariantHelp(texts, tuple(groups))


_CACHE: dict[Path, VariantHelp] = {}


def variant_help(spec: GameSpec) -> VariantHelp:
    """The help of ``spec``'s parameters, read once from its built-in ``standard.yaml``."""
    path = builtin_dir(spec) / f"{STANDARD}.yaml"
    if path not in _CACHE:
        _CACHE[path] = parse_help(read_text(path, MAX_VARIANT_BYTES))
    return _CACHE[path]


def parameter_paths(schema: Spec, prefix: KeyPath = ()) -> list[KeyPath]:
    """Every parameter and list of a schema (the keys a player sets), list indices left out."""
    if isinstance(schema, Param):
        return [prefix]
    if isinstance(schema, ListOf):
        return [prefix] + parameter_paths(schema.item, prefix)
    assert isinstance(schema, Record)
    return [path for key, sub in schema.fields.items() for path in parameter_paths(sub, prefix + (key,))]
