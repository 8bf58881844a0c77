"""Help for each rule parameter, taken from the game's ``standard.yaml``: the comment above a key (and the one
after it on its line), and the file's grouping, so the variant editor explains and lays out the rules exactly
as the file a designer reads does.

Groups: a top-level key holding a mapping or a list (``deck``, ``magick``, ``candy``) is a group of its own;
the other top-level keys are grouped in blocks separated by blank lines. A comment followed by a blank line
is a heading: it names the group that starts after it.

The screens show all of it in the player's words (``player_words``, ``player_text``, ``variant_words``), never
the file's keys and choices.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game.core.bounded import read_text
from game.core.params import ListOf, Param, Record, Spec, split_path
from game.core.registry import GameSpec
from game.variants.loader import MAX_VARIANT_BYTES, META_KEYS, STANDARD, VariantError, builtin_dir, load_variant

KeyPath = tuple[str, ...]
"""A parameter's keys, list indices left out: ``("candy", "value")`` is every candy kind's value."""

ACRONYMS = {"vp": "VP"}
"""Words a label spells in capitals, as the rules text does."""
CODE_WORD = re.compile(r"\b[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+\b|\b(?:true|false)\b")
"""A word of the file's own language in a help text: a key (``supply_per_player``), a choice (``all-in``),
or a switch's value."""
CODE_PHRASES = ((re.compile(r"\s*\(data\)"), ""), (re.compile(r"(?<=\w) x (?=\w)"), " times "))
"""Asides a designer reads in the file that mean nothing on a screen, and how the screen says them."""
SWITCH_WORDS = {"true": "On", "false": "Off"}
PATH_JOINER = " \u00b7 "
"""Between the parts of a nested key's words ('Deck \u00b7 low rank'): a colon would read as the start of its
help, which follows the name after one."""
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


def player_words(text: str, param: Param | None = None) -> str:
    """A schema key path or a choice's value as a player reads it: the choice's label from its ``Param``
    when it has one, else humanised (``first-seat`` 'First seat', ``supply_per_player`` 'Supply per
    player', ``candy[0].value`` 'Candy 1 \u00b7 value', ``magick.vp_ceiling`` 'Magick \u00b7 VP ceiling')."""
    if param is not None and param.labels and text in param.labels:
        return param.labels[text]
    named: list[str] = []
    for part in split_path(text) or (text,):
        if isinstance(part, int):
            named[-1] += f" {part + 1}" if named else str(part + 1)
        else:
            label = humanize(part)
            named.append(label if not named or label.split(" ")[0] in ACRONYMS.values() else label[:1].lower()
                         + label[1:])
    return PATH_JOINER.join(named)


def variant_words(spec: GameSpec, name: str) -> str:
    """How a game's variant is named beside it (Continue, the finished games): '' for the standard game,
    else its title, or its name in words when its file is gone or broken (the game keeps its rules)."""
    if name == STANDARD:
        return ""
    try:
        return load_variant(spec, name).title
    except (VariantError, OSError):
        return humanize(name)


def player_text(text: str, schema: Spec) -> str:
    """A help comment of the file in the player's words: its keys and choices by their labels, in quotes,
    true and false as On and Off, and the file's asides ('(data)', 'x players') said plainly."""
    names = _schema_words(schema)
    for pattern, said in CODE_PHRASES:
        text = pattern.sub(said, text)
    return CODE_WORD.sub(lambda word: names.get(word.group(), word.group()), text)


def _schema_words(schema: Spec) -> dict[str, str]:
    """Every key and choice of ``schema`` that is written in code (``supply_per_player``, ``all-in``) with
    the label a player sees for it, and true / false as a switch reads."""
    names = dict(SWITCH_WORDS)
    if isinstance(schema, Record):
        for key, sub in schema.fields.items():
            if "_" in key or "-" in key:
                names[key] = f"'{player_words(key)}'"
            names.update(_schema_words(sub))
    elif isinstance(schema, ListOf):
        names.update(_schema_words(schema.item))
    elif schema.choices is not None:
        names.update({choice: f"'{player_words(choice, schema)}'" for choice in schema.choices})
    return names


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


_PLAYER_CACHE: dict[str, VariantHelp] = {}


def player_help(spec: GameSpec) -> VariantHelp:
    """``variant_help`` in the player's words (``player_text``), for the screens; the saved files keep the
    file's own words in their comments."""
    if spec.name not in _PLAYER_CACHE:
        help_ = variant_help(spec)
        texts = {path: player_text(text, spec.schema) for path, text in help_.texts.items()}
        _PLAYER_CACHE[spec.name] = VariantHelp(texts, help_.groups)
    return _PLAYER_CACHE[spec.name]


def parameter_paths(schema: Spec, prefix: KeyPath = ()) -> list[KeyPath]:
    """Every parameter and list of a schema (the keys a player sets), list indices left out."""
    if isinstance(schema, Param):
        return [prefix]
    if isinstance(schema, ListOf):
        return [prefix] + parameter_paths(schema.item, prefix)
    assert isinstance(schema, Record)
    return [path for key, sub in schema.fields.items() for path in parameter_paths(sub, prefix + (key,))]
