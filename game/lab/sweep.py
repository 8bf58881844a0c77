"""Sweep one numeric rule parameter: simulate each value with the same seeds and chart how the game changes.

Each value plays the same series seeds, so the values differ only by the rule. Every figure (win share by
seat, game length, the game's own figures) gets its mean with a 95% band, and is compared with the base
variant's own value by Welch's test as a comparison does (``game.lab.compare``); the base value is played
too when it is not among the values asked for, as the reference.
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence

from game.core.bounded import quote, shorten, shown
from game.core.match import SeriesResult, simulate
from game.core.params import ListOf, Param, Record, Spec, did_you_mean, join, split_path, validate
from game.core.registry import GameSpec
from game.core.statistics import Z_99, margin, mean, welch_z
from game.variants.loader import Variant

MAX_VALUES = 40
"""The most values one sweep plays: a chart with more points than this is not read point by point."""
LENGTH = "game length"
"""The name of the actions-per-game figure among a point's flags."""
_RANGE = re.compile(r"\s*([^.:\s][^:]*?)\s*\.\.\s*([^:]+?)\s*:\s*(\S+)\s*")


class SweepError(ValueError):
    """A key or a value a sweep cannot play: said in one line."""


@dataclass(frozen=True)
class Band:
    """A mean and its 95% band (the mean plus or minus its ``margin``, ``Z_95`` standard errors)."""

    mean: float
    low: float
    high: float

    @property
    def margin(self) -> float:
        """How far the band reaches either side of the mean (none when it is not finite)."""
        width = (self.high - self.low) / 2
        return width if math.isfinite(width) else 0.0

    def to_json_dict(self) -> dict[str, float]:
        return {"mean": round(self.mean, 6), "low": round(self.low, 6), "high": round(self.high, 6)}


def band(values: Sequence[float]) -> Band:
    """The mean of ``values`` with its 95% band (no width for fewer than two values)."""
    centre, width = mean(values), margin(values)
    return Band(centre, centre - width, centre + width)


@dataclass(frozen=True)
class SweepPoint:
    """One value of the parameter: its series and what it shows."""

    value: float
    series: SeriesResult
    shares: list[Band]
    """Win share by seat."""
    length: Band
    """Actions per game."""
    figures: dict[str, Band]
    z: dict[str, float]
    """Welch's z against the base value, by figure: ``seat N`` for the win shares, ``LENGTH``, the game's own."""
    base: bool = False

    def differs(self, name: str) -> bool:
        """Whether figure ``name`` differs from the base value's beyond chance (|z| > Z_99)."""
        return abs(self.z.get(name, 0.0)) > Z_99


@dataclass(frozen=True)
class Sweep:
    """Everything the lab and ``sweep --json`` show of one sweep."""

    game: str
    players: int
    levels: list[str]
    variant: str
    key: str
    doc: str
    points: list[SweepPoint]
    """In order of value, the base value's among them."""

    @property
    def base(self) -> SweepPoint:
        """The point of the base variant's own value."""
        return next(point for point in self.points if point.base)

    @property
    def games(self) -> int:
        """Games played for each value."""
        return self.points[0].series.games if self.points else 0

    @property
    def seed(self) -> int:
        return self.points[0].series.seed if self.points else 0

    @property
    def figure_names(self) -> list[str]:
        """The game's own figures, in a stable order."""
        return sorted({name for point in self.points for name in point.figures})


def numeric_keys(spec: GameSpec, params: Mapping[str, Any]) -> list[tuple[str, Param]]:
    """Every numeric (whole or decimal) parameter of the schema as ``(key path, Param)``, list entries by
    their index in ``params`` (``candy[0].value``), in the schema's order."""
    return list(_numeric(spec.schema, params, ""))


def _numeric(schema: Spec, value: Any, path: str) -> Iterator[tuple[str, Param]]:
    if isinstance(schema, Param):
        if schema.type in (int, float) and schema.choices is None:
            yield path, schema
    elif isinstance(schema, Record):
        for key, sub in schema.fields.items():
            yield from _numeric(sub, value.get(key) if isinstance(value, Mapping) else None, join(path, key))
    elif isinstance(schema, ListOf) and isinstance(value, list):
        for index, item in enumerate(value):
            yield from _numeric(schema.item, item, join(path, index))


def find_param(spec: GameSpec, params: Mapping[str, Any], key: str) -> Param:
    """The numeric Param at ``key``; a ``SweepError`` naming the nearest key when there is none."""
    found = dict(numeric_keys(spec, params))
    if key in found:
        return found[key]
    schema: Spec | None = spec.schema
    for part in split_path(key):
        if isinstance(schema, Record) and isinstance(part, str):
            schema = schema.fields.get(part)
        elif isinstance(schema, ListOf) and isinstance(part, int):
            schema = schema.item
        else:
            schema = None
        if schema is None:
            break
    if isinstance(schema, Param) and (schema.type not in (int, float) or schema.choices):
        kind = "a choice" if schema.choices else "a switch" if schema.type is bool else "text"
        raise SweepError(f"{key} is {kind}, not a number; a sweep needs a numeric parameter")
    if isinstance(schema, (Record, ListOf)):
        raise SweepError(f"{key} is a group of parameters, not a number; name one of its numbers")
    hint = did_you_mean(key, list(found))
    if not hint:  # a part of a long key: 'supply' for 'supply_per_player'
        hint = next((f" (did you mean {name!r}?)" for name in found if key.lower() in name.lower()), "")
    raise SweepError(f"unknown parameter {key!r} of {spec.name}{hint}")


def _number(text: str, param: Param, key: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise SweepError(f"{quote(text.strip())} in the values of {key} is not a number") from None
    if not math.isfinite(value):
        raise SweepError(f"{quote(text.strip())} in the values of {key} is not a finite number")
    if param.type is int:
        if not value.is_integer():
            raise SweepError(f"value {shorten(shown(text.strip()))} of {key}: must be a whole number")
        return int(value)
    return value


def parse_values(text: str, param: Param, key: str) -> list[float]:
    """The values of ``A,B,C`` or ``A..B:STEP`` (from A up to B, B included when a step lands on it), in
    order, each once; at most ``MAX_VALUES``."""
    if len(text) > 2000:
        raise SweepError(f"the values of {key} are too long a text")
    ranged = _RANGE.fullmatch(text)
    if ranged:
        low, high, step = (_number(part, param, key) for part in ranged.groups())
        said = shorten(shown(text.strip()))
        if step <= 0:
            raise SweepError(f"the step of {said} must be more than 0")
        if high < low:
            raise SweepError(f"{said}: the range must run upwards (from A up to B)")
        span = high - low
        if span > step * MAX_VALUES or span == math.inf:  # compared before dividing: 2e308 / 1 has no float
            raise SweepError(f"{said} makes more than {MAX_VALUES} values; a sweep plays at most "
                             f"{MAX_VALUES}")
        count = math.floor(span / step + 1e-9) + 1
        if count > MAX_VALUES:
            raise SweepError(f"{said} makes {count} values; a sweep plays at most {MAX_VALUES}")
        digits = max(_decimals(part) for part in ranged.groups())
        values = [low + i * step if param.type is int else round(low + i * step, digits) for i in range(count)]
    else:
        values = [_number(part, param, key) for part in text.split(",") if part.strip()]
        if not values:
            raise SweepError(f"no values for {key}: give A,B,C or A..B:STEP")
    values = sorted(dict.fromkeys(values))
    if len(values) > MAX_VALUES:
        raise SweepError(f"{len(values)} values of {key}; a sweep plays at most {MAX_VALUES}")
    return values


def _decimals(text: str) -> int:
    return len(text.strip().partition(".")[2]) if "e" not in text.lower() else 12


def value_at(params: Mapping[str, Any], key: str) -> Any:
    """The value at a key path of ``params``."""
    value: Any = params
    for part in split_path(key):
        value = value[part]
    return value


def with_value(params: Mapping[str, Any], key: str, value: float) -> dict[str, Any]:
    """A deep copy of ``params`` with the key path set to ``value``."""
    result = copy.deepcopy(dict(params))
    parts = split_path(key)
    holder: Any = result
    for part in parts[:-1]:
        holder = holder[part]
    holder[parts[-1]] = value
    return result


def value_text(value: float) -> str:
    """A value as typed: ``6``, ``0.5``."""
    return f"{value:g}"


def sweep_params(spec: GameSpec, base: Mapping[str, Any], key: str, values: Sequence[float]) -> list[dict[str, Any]]:
    """The params of each value, validated with the schema and its cross-key checks; a ``SweepError`` for
    the first value they refuse (``value 40 of supply_per_player: must be at most 30``)."""
    out = []
    for value in values:
        params = with_value(base, key, value)
        problems = validate(spec.schema, params)
        if problems:
            problem = problems[0]
            message = re.sub(r", not [^,]*$", "", problem.message)
            where = "" if problem.path == key else f"{problem.path} {message}" if problem.path else message
            raise SweepError(f"value {value_text(value)} of {key}: {where or message}")
        out.append(params)
    return out


def _point(value: float, series: SeriesResult, reference: SeriesResult | None, base: bool) -> SweepPoint:
    seats = range(len(series.levels))
    shares = [[game[seat] for game in series.shares] for seat in seats]
    z: dict[str, float] = {}
    if reference is not None:
        for seat in seats:
            z[f"seat {seat + 1}"] = welch_z([game[seat] for game in reference.shares], shares[seat])
        z[LENGTH] = welch_z(reference.lengths, series.lengths)
        for name, values in series.figures.items():
            z[name] = welch_z(reference.figures.get(name, []), values)
    return SweepPoint(value, series, [band(share) for share in shares], band(series.lengths),
                      {name: band(values) for name, values in series.figures.items()}, z, base)


def sweep(spec: GameSpec, players: int, variant: Variant, key: str, values: Sequence[float], levels: Sequence[str],
          games: int, seed: int, *, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
          cancelled: Callable[[], bool] | None = None) -> Sweep:
    """Simulate ``games`` games of every value (and of the base value when it is not among them) with the same
    seeds, and compare each with the base value."""
    param = find_param(spec, variant.params, key)
    base_value = value_at(variant.params, key)
    played = sorted(dict.fromkeys([*values, base_value]))
    all_params = sweep_params(spec, variant.params, key, played)
    series: list[SeriesResult] = []
    for index, params in enumerate(all_params):
        def step(done: int, total: int, offset: int = index * games) -> None:
            if progress is not None:
                progress(offset + done, len(played) * games)

        series.append(simulate(spec, params, levels, games, seed, variant=variant.name, jobs=jobs,
                               progress=step, cancelled=cancelled))
    reference = series[played.index(base_value)]
    points = [_point(value, result, None if value == base_value else reference, value == base_value)
              for value, result in zip(played, series)]
    return Sweep(spec.name, players, list(levels), variant.name, key, param.doc, points)


def to_json_dict(result: Sweep) -> dict[str, Any]:
    """The ``sweep --json`` object: the setup, and one entry per value with the ``simulate`` figures, the
    bands and the flags against the base value."""
    return {
        "game": result.game,
        "players": result.players,
        "seats": result.levels,
        "variant": result.variant,
        "param": result.key,
        "base_value": result.base.value,
        "games": result.games,
        "seed": result.seed,
        "values": [{
            "value": point.value,
            "base": point.base,
            **point.series.to_json_dict(),
            "win_share": [share.to_json_dict() for share in point.shares],
            "actions": point.length.to_json_dict(),
            "figures": {name: figure.to_json_dict() for name, figure in sorted(point.figures.items())},
            "z": {name: round(z, 3) if math.isfinite(z) else None for name, z in point.z.items()},
            "differs": {name: point.differs(name) for name in point.z},
        } for point in result.points],
    }
