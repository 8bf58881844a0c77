"""The one bounded YAML reader: safe values, the line of every key, and limits no file can get past.

Every YAML file the app reads (variants, Magick card lists, settings) comes through ``read_yaml_file`` or
``parse_yaml``. Values are built by PyYAML's safe constructor only. Before anything is built, the text is
measured: nesting (an event pass, which does not recurse), the number of values after aliases expand (an
alias bomb of a few hundred bytes can stand for billions), the length of every text and number. The node
tree also gives each key's line, so errors say ``file:line: key: message``, and catches duplicate keys,
which ``safe_load`` would silently collapse.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from game.core.bounded import MAX_DEPTH, MAX_NUMBER_DIGITS, MAX_TEXT_CHARS, InputError, read_text

KeyPath = tuple  # of str keys and int list indexes

MAX_VALUES = 20_000
"""Most values (keys, items, texts) in one document once aliases are expanded: the Magick card list, our
largest file, has under 2,000; an alias bomb would have billions."""

_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's parser where PyYAML has it (ten times faster), the pure-Python one otherwise; both safe."""
_INT_TAG = "tag:yaml.org,2002:int"
LIBYAML_NESTING_PROBLEM = "maximum nesting depth"
"""How libyaml (bundled with PyYAML 6.0.4 and later) refuses a document nested over 1,000 deep: it stops
while scanning, before our own count of the events reaches ``MAX_DEPTH``, so it is said in our words."""


@dataclass(frozen=True)
class LinedYaml:
    """Parsed values and the line of each key path (1-based)."""

    value: Any
    lines: dict[KeyPath, int]

    def line_of(self, keys: KeyPath) -> int:
        """The line of the deepest known key along ``keys`` (1 for the document itself)."""
        for end in range(len(keys), 0, -1):
            if keys[:end] in self.lines:
                return self.lines[keys[:end]]
        return 1


class YamlProblems(InputError):
    """Every problem found in one document (duplicate keys can be many); ``str`` lists them a line each."""

    def __init__(self, problems: list[InputError]) -> None:
        self.problems = problems
        first = problems[0]
        super().__init__(first.path, first.message, first.line, first.key)

    def __str__(self) -> str:
        return "\n".join(InputError.__str__(problem) for problem in self.problems)

    def at(self, path: Path | str) -> "YamlProblems":
        """The same problems, said of ``path``."""
        return YamlProblems([problem.at(path) for problem in self.problems])


def read_yaml_file(path: Path, max_bytes: int) -> LinedYaml:
    """A YAML file of at most ``max_bytes``, parsed by ``parse_yaml``."""
    text = read_text(path, max_bytes)
    try:
        return parse_yaml(text)
    except InputError as error:
        raise error.at(path) from None


def parse_yaml(text: str) -> LinedYaml:
    """Parse ``text`` within the limits above; ``YamlProblems`` (without a file) for anything wrong."""
    try:
        _check_events(text)
        node = yaml.compose(text, Loader=_LOADER)
        if node is None:
            return LinedYaml(None, {})
        _check_written_size(node)
        _check_expanded_size(node)
        lines: dict[KeyPath, int] = {}
        problems: list[InputError] = []
        _walk(node, (), lines, problems)
        if problems:
            raise YamlProblems(problems)
        return LinedYaml(SafeConstructor().construct_document(node), lines)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = mark.line + 1 if mark is not None else 0
        if isinstance(error, yaml.reader.ReaderError):  # a character YAML refuses (a NUL): no mark, a position
            line = text.count("\n", 0, error.position) + 1
        problem = (getattr(error, "problem", None) or str(error)).splitlines()[0]
        raise YamlProblems([InputError(None, f"not valid YAML: {problem}", line)]) from None
    except InputError as error:
        raise error if isinstance(error, YamlProblems) else YamlProblems([error]) from None


def _line(mark: Any) -> int:
    return mark.line + 1 if mark is not None else 0


def _check_events(text: str) -> None:
    """Nesting and text length, from the parser's events (it keeps a stack, it does not recurse)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_LOADER):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _too_deep(event.start_mark)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent) and len(event.value) > MAX_TEXT_CHARS:
                raise InputError(None, f"has a text of {len(event.value):,} characters; at most "
                                       f"{MAX_TEXT_CHARS:,} are read", _line(event.start_mark))
    except yaml.MarkedYAMLError as error:
        if LIBYAML_NESTING_PROBLEM not in (error.problem or ""):
            raise
        raise _too_deep(error.problem_mark) from None


def _too_deep(mark: Any) -> InputError:
    return InputError(None, f"nests lists or mappings more than {MAX_DEPTH} deep", _line(mark))


def _children(node: yaml.Node) -> list[yaml.Node]:
    """A list's items, or a mapping's keys and values in turn (an alias is its anchor's node again)."""
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_written_size(root: yaml.Node) -> None:
    """The values written out, each node once (an alias adds none), in the order of the text: a document of
    50,000 keys is refused for what it holds, at the line of the first value past the limit, before
    ``_check_expanded_size`` could take it for an alias bomb."""
    seen: set[int] = set()
    pending = [root]
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if len(seen) > MAX_VALUES:
            raise InputError(None, f"holds more than {MAX_VALUES:,} values (keys, list items and texts); at "
                                   f"most {MAX_VALUES:,} are read", _line(node.start_mark))
        pending.extend(reversed(_children(node)))


def _check_expanded_size(root: yaml.Node) -> None:
    """Measure the document with every alias expanded, without expanding any: how many values it stands
    for, and how deep it nests (an alias inside an anchored list nests it again). A node that contains
    itself (``&a [*a]``) is refused, since nothing here may loop."""
    measured: dict[int, tuple[int, int]] = {}  # id -> (values, nesting height)
    open_nodes: set[int] = set()

    def measure(node: yaml.Node, level: int) -> tuple[int, int]:
        if id(node) in open_nodes:
            raise InputError(None, "contains itself through an alias", _line(node.start_mark))
        known = measured.get(id(node))
        if known is None:
            open_nodes.add(id(node))
            children = _children(node)
            nested = level + 1 if children else level
            if nested > MAX_DEPTH:
                raise InputError(None, f"nests lists or mappings more than {MAX_DEPTH} deep once its aliases "
                                       f"are expanded", _line(node.start_mark))
            parts = [measure(child, nested) for child in children]
            known = (1 + sum(values for values, _ in parts),
                     (1 + max(height for _, height in parts)) if parts else 0)
            open_nodes.discard(id(node))
            measured[id(node)] = known
        values, height = known
        if level + height > MAX_DEPTH:
            raise InputError(None, f"nests lists or mappings more than {MAX_DEPTH} deep once its aliases are "
                                   f"expanded", _line(node.start_mark))
        if values > MAX_VALUES:
            raise InputError(None, f"stands for more than {MAX_VALUES:,} values once its aliases are "
                                   f"expanded (an alias bomb?)", _line(node.start_mark))
        return known

    measure(root, 0)


def _walk(node: yaml.Node, keys: KeyPath, lines: dict[KeyPath, int], problems: list[InputError]) -> None:
    dotted = ".".join(str(k) for k in keys)
    if isinstance(node, yaml.ScalarNode):
        if node.tag == _INT_TAG and len(node.value.lstrip("+-")) > MAX_NUMBER_DIGITS:
            problems.append(InputError(None, f"a number of {len(node.value):,} digits is too long (at most "
                                             f"{MAX_NUMBER_DIGITS})", _line(node.start_mark), dotted))
    elif isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            line = _line(key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                problems.append(InputError(None, "a key must be a name, not a list or mapping", line, dotted))
                continue
            key = key_node.value
            path = ".".join(str(k) for k in keys + (key,))
            if key in seen:
                problems.append(InputError(None, f"duplicate key (first given on line {seen[key]})", line, path))
                continue
            seen[key] = line
            lines[keys + (key,)] = line
            _walk(value_node, keys + (key,), lines, problems)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[keys + (index,)] = _line(item.start_mark)
            _walk(item, keys + (index,), lines, problems)
