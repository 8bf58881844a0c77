"""The variant lab's "Sweep a rule" setup: a numeric parameter of the base variant, a range (from, to, step,
within the parameter's limits) and the games per value; the values it makes, and why they cannot be played.

The lab scene (``scene``) owns the run, the progress and the results; this module owns the choices
only, so that the scene stays one job: running whichever study was set up.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from game.core.params import Param
from game.core.registry import GameSpec
from game.lab.compare import round_bins
from game.lab.sweep import MAX_VALUES, SweepError, numeric_keys, sweep_params, value_at, value_text
from game.ui.choices import set_options
from game.ui.widgets import Choice, Widget
from game.variants.help import player_words
from game.variants.loader import Variant

MAX_OPTIONS = 200
"""The most values a From or To choice steps through: a wider range is offered on a round grid."""
UNBOUNDED_SPAN = 20
"""How far either side of the base value a parameter without a limit is offered, in its steps."""
STEP_FACTORS = (1, 2, 3, 4, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
"""Steps offered, as multiples of the grid's unit."""
NEIGHBOURS_TRIED = 2
"""Values either side of the base one tried before a rule is called fixed in a variant."""
DEFAULT_VALUES = 5
"""A new range holds about this many values around the base value."""


def grid(param: Param, base: float) -> tuple[list[float], float]:
    """The values a From or To choice offers (within the Param's limits, the base value among them) and the
    grid's unit (1 for a whole number over a small range)."""
    whole = param.type is int
    unit = 1.0 if whole else 10.0 ** math.floor(math.log10(abs(base))) / 10 if base else 0.1
    low = param.min if param.min is not None else base - UNBOUNDED_SPAN * unit
    high = param.max if param.max is not None else base + UNBOUNDED_SPAN * unit
    if (high - low) / unit > MAX_OPTIONS:
        unit, _, _ = round_bins(low, high, MAX_OPTIONS, whole)
    first, last = math.ceil(low / unit - 1e-9), math.floor(high / unit + 1e-9)
    digits = max(0, -math.floor(math.log10(unit))) if unit < 1 else 0
    values = {(int(i * unit) if whole else round(i * unit, digits)) for i in range(first, last + 1)}
    values.add(int(base) if whole else base)
    return sorted(values), unit


def range_values(start: float, stop: float, step: float, whole: bool) -> list[float]:
    """``start`` up to ``stop`` by ``step`` (``stop`` itself when a step lands on it)."""
    if step <= 0 or stop < start:
        return [start] if stop == start else []
    count = math.floor((stop - start) / step + 1e-9) + 1
    if count > MAX_VALUES + 1:
        return [start + i * step for i in range(MAX_VALUES + 1)]  # enough to say there are too many
    return [int(round(start + i * step)) if whole else round(start + i * step, 10) for i in range(count)]


class SweepSetup:
    """The sweep's choices: parameter, from, to, step. ``refresh`` rebuilds them for a game and base variant."""

    def __init__(self) -> None:
        self.spec: GameSpec | None = None
        self.base: Variant | None = None
        self.params: dict[str, Param] = {}
        self.param = Choice("Rule", [(None, "none")], None, self._param_changed)
        self.start = Choice("From", [(0, "0")], 0, wrap=False)
        self.stop = Choice("To", [(0, "0")], 0, wrap=False)
        self.step = Choice("Step", [(1, "1")], 1, wrap=False)
        self._checked: tuple[tuple, str] | None = None
        """The last range ``problem`` checked, and what it found (cleared when the base variant changes)."""

    @property
    def widgets(self) -> list[Widget]:
        """In focus order."""
        return [self.param, self.start, self.stop, self.step]

    def refresh(self, spec: GameSpec, base: Variant | None) -> None:
        """The numeric parameters of ``base`` (the chosen one kept when it is still there)."""
        same = self.spec is spec and self.base is not None and base is not None and base.name == self.base.name
        self.spec, self.base, self._checked = spec, base, None
        keys = numeric_keys(spec, base.params) if base is not None else []
        self.params = dict(keys)
        keep = self.param.value if self.param.value in self.params else None
        chosen = keep or next((key for key, _ in keys if self._sweepable(key)), None)  # tried only when needed
        set_options(self.param, [(key, player_words(key)) for key, _ in keys] or [(None, "none")], chosen)
        if not same or keep is None:
            self._param_changed(self.param.value)

    def _param_changed(self, key: Any) -> None:
        param = self.params.get(key)
        if param is None or self.base is None:
            return
        base = value_at(self.base.params, key)
        values, unit = grid(param, base)
        options = [(v, value_text(v)) for v in values]
        steps = [(unit * f if param.type is float else int(unit * f), value_text(unit * f)) for f in STEP_FACTORS
                 if unit * f <= max(unit, values[-1] - values[0])]
        step = unit * max(1, round(abs(base) * 0.2 / unit)) if param.type is int else unit
        step = min((s for s, _ in steps), key=lambda s: abs(s - step))
        reach = DEFAULT_VALUES // 2 * step
        start = min(values, key=lambda v: abs(v - (base - reach)))
        stop = min(values, key=lambda v: abs(v - (base + reach)))
        while start < base and not self._playable(key, start):  # a first range the rules accept
            start = min((v for v in values if v > start), default=base)
        while stop > base and not self._playable(key, stop):
            stop = max((v for v in values if v < stop), default=base)
        for choice, chosen, these in ((self.start, start, options), (self.stop, stop, options),
                                      (self.step, step, steps)):
            set_options(choice, these, chosen)

    def _sweepable(self, key: str) -> bool:
        """Whether the rules accept ``key`` at some value near the base one (a deck's lowest rank may have to
        stay where it is for the piles to fill): a new sweep starts on the first rule that is."""
        assert self.base is not None
        base = value_at(self.base.params, key)
        values, _ = grid(self.params[key], base)
        at = values.index(base)
        near = values[max(0, at - NEIGHBOURS_TRIED):at] + values[at + 1:at + 1 + NEIGHBOURS_TRIED]
        return any(self._playable(key, value) for value in near)

    def _playable(self, key: str, value: float) -> bool:
        """Whether the rules accept ``value`` of ``key`` in the base variant."""
        assert self.spec is not None and self.base is not None
        try:
            sweep_params(self.spec, self.base.params, key, [value])
        except SweepError:
            return False
        return True

    @property
    def key(self) -> str | None:
        """The chosen parameter's key path."""
        return self.param.value if self.param.value in self.params else None

    @property
    def label(self) -> str:
        """The chosen parameter in the player's words ('Supply per player'), or ''."""
        return player_words(self.key) if self.key else ""

    @property
    def doc(self) -> str:
        """The chosen parameter's help, with its limits."""
        param = self.params.get(self.key or "")
        if param is None:
            return ""
        limits = [f"at least {param.min:g}" if param.min is not None else "",
                  f"at most {param.max:g}" if param.max is not None else ""]
        said = " and ".join(text for text in limits if text)
        doc = param.doc.rstrip(". ")
        return f"{doc[:1].upper()}{doc[1:]}" + (f" ({said})." if said else ".")

    def values(self) -> list[float]:
        """The values chosen, from up to to by step."""
        param = self.params.get(self.key or "")
        if param is None:
            return []
        return range_values(self.start.value, self.stop.value, self.step.value, param.type is int)

    def base_value(self) -> float | None:
        """The base variant's own value of the chosen parameter."""
        return value_at(self.base.params, self.key) if self.base is not None and self.key else None

    def problem(self) -> str:
        """Why the chosen values cannot be swept ('' when they can); asked every frame, so the rules check
        each range once."""
        checked = (self.key, tuple(self.values()))
        if self._checked is None or self._checked[0] != checked:
            self._checked = (checked, self._problem(checked[1]))
        return self._checked[1]

    def _problem(self, values: Sequence[float]) -> str:
        if self.spec is None or self.key is None:
            return "This variant has no numeric rule to sweep."
        if not values:
            return "'To' is below 'From': choose a range that runs upwards."
        if len(values) > MAX_VALUES:
            return f"That range makes more than {MAX_VALUES} values: choose a larger step or a shorter range."
        try:
            assert self.base is not None
            sweep_params(self.spec, self.base.params, self.key, values)
        except SweepError as error:
            said = str(error).replace(self.key, f"'{self.label}'")
            return said[:1].upper() + said[1:] + "."
        if len(self.played()) < 2:
            if not self._sweepable(self.key):
                return (f"In this variant the rules take '{self.label}' only at its value here, "
                        f"{value_text(values[0])}: choose another rule.")
            return "A sweep needs a value besides the base one: widen the range."
        return ""

    def summary(self, games: int) -> str:
        """``5 values: 6, 8, 10 (base), 12, 14 - 1,000 games``."""
        values = self.values()
        if not values or len(values) > MAX_VALUES:
            return ""
        base, played = self.base_value(), self.played()
        shown = [value_text(v) + (" (base)" if v == base else "") for v in played]
        extra = "" if base in values else ", the base value played as the reference"
        counted = f"{len(played)} value" + ("" if len(played) == 1 else "s")
        return f"{counted}: {', '.join(shown)}{extra}; {len(played) * games:,} games in all"

    def played(self) -> Sequence[float]:
        """The values a run plays (the base value among them)."""
        base = self.base_value()
        return sorted({*self.values(), base}) if base is not None else self.values()
