"""Read YAML safely and remember the line of every key, so errors can say ``file:line: key``.

Values come from ``yaml.safe_load``; the node tree from ``yaml.compose`` with the safe loader gives lines
and catches duplicate keys, which ``safe_load`` would silently collapse.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

KeyPath = tuple  # of str keys and int list indexes


@dataclass(frozen=True)
class YamlProblem:
    """A YAML-level problem (syntax or duplicate key) at a line."""

    line: int
    key: str
    message: str


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


class YamlSyntaxError(ValueError):
    """Text that is not valid YAML, or has a duplicate key."""

    def __init__(self, problems: list[YamlProblem]) -> None:
        super().__init__("; ".join(f"line {p.line}: {p.message}" for p in problems))
        self.problems = problems


def read_yaml(text: str) -> LinedYaml:
    """Parse ``text``; raises ``YamlSyntaxError`` with lines for bad syntax or duplicate keys."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        value = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(error, "problem", None) or str(error)
        raise YamlSyntaxError([YamlProblem(line, "", f"not valid YAML: {problem}")]) from None
    lines: dict[KeyPath, int] = {}
    duplicates: list[YamlProblem] = []
    if node is not None:
        _walk(node, (), lines, duplicates)
    if duplicates:
        raise YamlSyntaxError(duplicates)
    return LinedYaml(value, lines)


def _walk(node: yaml.Node, keys: KeyPath, lines: dict[KeyPath, int], duplicates: list[YamlProblem]) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            dotted = ".".join(str(k) for k in keys + (key,))
            if key in seen:
                duplicates.append(YamlProblem(line, dotted, f"duplicate key (first given on line {seen[key]})"))
                continue
            seen[key] = line
            lines[keys + (key,)] = line
            _walk(value_node, keys + (key,), lines, duplicates)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[keys + (index,)] = item.start_mark.line + 1
            _walk(item, keys + (index,), lines, duplicates)
