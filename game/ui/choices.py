"""A ``Choice`` whose options change under it (another game's players, a folder's variants)."""

from __future__ import annotations

from typing import Any, Sequence

from game.ui.widgets import Choice
from game.variants.loader import ListedVariant, Variant


def set_options(choice: Choice, options: list[tuple[Any, str]], value: Any) -> None:
    """Give ``choice`` new options, keeping ``value`` when it is among them."""
    choice.options = options
    values = [v for v, _ in options]
    choice.index = values.index(value) if value in values else 0
    choice.enabled = len(options) > 1


def variant_options(variants: Sequence[Variant | ListedVariant]) -> list[tuple[str | None, str]]:
    """The options of a variant choice: each variant's title, the user's marked, or "none found"."""
    return [(v.name, v.title + ("" if v.builtin else " (yours)")) for v in variants] or [(None, "none found")]
