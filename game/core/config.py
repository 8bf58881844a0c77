"""A game's rule parameters as one frozen dataclass whose fields are the variant schema.

A game declares ``Config`` once: each field says its type, range and help (``rule``), a group of keys
(``section``) or a list of records (``rule_list``). ``schema_of`` reads the schema the variant files are
checked against from those fields, and ``config_from`` turns a checked variant's plain values into the
dataclass the rules read, so a rule's key, type, range and meaning live in one place.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, TypeVar

from game.core.params import MAX_PARAM_TEXT_CHARS, ListOf, Param, Record, Spec

SPEC = "spec"
"""The field metadata key holding the field's schema (a ``Param``, ``Record`` or ``ListOf``)."""
KEY = "key"
"""The field metadata key holding the variant's name for the field when it is not a Python name ("3")."""
ITEM = "item"
"""The field metadata key holding the dataclass of a section or of a list's items."""

ConfigT = TypeVar("ConfigT")
Check = Callable[[Mapping[str, Any]], list[tuple[str, str]]]


def rule(kind: type, doc: str, *, low: float | None = None, high: float | None = None,
         choices: tuple[str, ...] | None = None, labels: Mapping[str, str] | None = None,
         max_chars: int = MAX_PARAM_TEXT_CHARS, key: str | None = None) -> Any:
    """A scalar rule parameter: its type, help text and allowed range or choices."""
    return dataclasses.field(metadata={SPEC: Param(kind, doc, low, high, choices, max_chars, labels), KEY: key})


def section(cls: type, doc: str = "", *, check: Check | None = None, key: str | None = None) -> Any:
    """A group of keys under one name, read into the dataclass ``cls``."""
    return dataclasses.field(metadata={SPEC: schema_of(cls, doc, check), KEY: key, ITEM: cls})


def rule_list(cls: type, doc: str = "", *, item_doc: str = "", min_len: int = 0, max_len: int | None = None,
              key: str | None = None) -> Any:
    """A list of records, each read into the dataclass ``cls``; the config holds them as a tuple."""
    spec = ListOf(schema_of(cls, item_doc), doc, min_len, max_len)
    return dataclasses.field(metadata={SPEC: spec, KEY: key, ITEM: cls})


def key_of(item: dataclasses.Field[Any]) -> str:
    """The variant's name for a config field."""
    return item.metadata.get(KEY) or item.name


def schema_of(cls: type, doc: str = "", check: Check | None = None) -> Record:
    """The schema of a config dataclass: one entry per field, in the order declared."""
    specs: dict[str, Spec] = {}
    for item in dataclasses.fields(cls):
        if SPEC not in item.metadata:
            raise TypeError(f"{cls.__name__}.{item.name} is not a rule, section or rule_list field")
        specs[key_of(item)] = item.metadata[SPEC]
    return Record(specs, doc, check)


def config_from(cls: type[ConfigT], params: Mapping[str, Any]) -> ConfigT:
    """The config of a variant's checked parameters (each value of its declared type)."""
    values: dict[str, Any] = {}
    for item in dataclasses.fields(cls):  # type: ignore[arg-type]  # cls is a dataclass by contract
        spec, value = item.metadata[SPEC], params[key_of(item)]
        if isinstance(spec, Param):
            values[item.name] = spec.type(value)
        elif isinstance(spec, Record):
            values[item.name] = config_from(item.metadata[ITEM], value)
        else:
            values[item.name] = tuple(config_from(item.metadata[ITEM], entry) for entry in value)
    return cls(**values)


def params_of(config: Any) -> dict[str, Any]:
    """A config's plain values, keyed as in a variant file (``config_from``'s inverse)."""
    values: dict[str, Any] = {}
    for item in dataclasses.fields(config):
        spec, value = item.metadata[SPEC], getattr(config, item.name)
        if isinstance(spec, Param):
            values[key_of(item)] = value
        elif isinstance(spec, Record):
            values[key_of(item)] = params_of(value)
        else:
            values[key_of(item)] = [params_of(entry) for entry in value]
    return values
