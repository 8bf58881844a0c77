"""The Magick cards as data: loading ``config/nevermore/magick.yaml`` and checking it against the vocabulary.

A card is a timing window (optionally a trigger), conditions and a list of primitive effects, plus an
optional Raven effect. ``load_magick`` returns validated ``MagickCard`` values; ``MagickDataError`` lists
every problem with the card id and key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.core.paths import CONFIG_DIR

from .cards import SUITS, TOKEN_SUITS

MAGICK_FILE = CONFIG_DIR / "nevermore" / "magick.yaml"
DECKS = ("light", "shadow")
WINDOWS = ("draft", "after_draft", "between_suits", "end_of_resolution", "any_time")
TRIGGERS = ("on_damage:self", "on_damage:human", "on_magick")
TARGETS = ("self", "chosen_human", "chosen_other", "all_others", "all_players", "source")
CONDITIONS = ("none", "full_health", "unharmed_this_hand", "dealt_damage_this_hand", "would_transform",
              "from_other_player", "target_vp_ge_self")
HOLDS = re.compile(r"^holds:(attack|healing|radiance|victory|raven)>=(\d+)$")

OPS: dict[str, dict[str, tuple]] = {
    # op: {param: allowed values (ints as range tuples ('int', lo, hi)), ...}
    "damage": {"n": ("int", 1, 2), "target": ("chosen_human", "all_others")},
    "heal": {"n": ("int", 1, 5), "target": ("self", "chosen_human")},
    "gain_vp": {"n": ("int", 1, 1)},
    "draw": {"deck": DECKS, "n": ("int", 1, 3)},
    "add_suit": {"suit": SUITS + ("any",), "n": ("int", 1, 2), "holder": ("self", "self_or_chosen_other")},
    "discard": {"target": ("self", "all_players"), "suit": SUITS + ("current",), "n": (1, "all")},
    "give": {"suit": SUITS, "n": ("int", 1, 2), "target": ("chosen_human", "chosen_other")},
    "steal": {"target": ("chosen_other",), "zone": ("hand", "magick"), "n": ("int", 1, 1)},
    "pass_hands": {"dir": ("left", "right")},
    "swap_hands": {"target": ("chosen_other",)},
    "prevent": {"n": ("int", 1, 5) + ("all",), "scope": ("instance", "suit")},
    "redirect": {"n": ("int", 1, 2), "to": ("source", "chosen_human")},
    "ward": {"target": ("self", "chosen_human")},
    "cancel": {},
    "peek_hand": {"target": ("chosen_other",)},
    "peek_tokens": {"n": ("all",)},
    "reorder_tokens": {"n": ("all",)},
}


class MagickDataError(ValueError):
    """The Magick YAML breaks the vocabulary; the message lists every problem."""


@dataclass(frozen=True)
class Effect:
    """One primitive with its parameters."""

    op: str
    params: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.params:
            if name == key:
                return value
        return default


@dataclass(frozen=True)
class Mode:
    """A way to play a card: the normal text or the Raven text."""

    timing: str
    trigger: str | None
    conditions: tuple[str, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class MagickCard:
    """One kind of Magick card (``count`` copies in its deck)."""

    id: str
    deck: str
    count: int
    name: str
    text: str
    normal: Mode
    raven: Mode | None
    """The Raven effect; ``None`` when the card has none (a Raven then uses the normal effect)."""

    def mode(self, is_raven: bool) -> Mode:
        """The effect a player uses (G2: a Raven must use the Raven effect when there is one)."""
        return self.raven if is_raven and self.raven is not None else self.normal


def _timing_ok(timing: str) -> bool:
    if timing in WINDOWS:
        return True
    match = re.match(r"^(before_suit|after_suit):(\w+)$", timing)
    return match is not None and (match.group(2) in TOKEN_SUITS or match.group(2) == "any")


def _conditions(raw: Any, where: str, problems: list[str]) -> tuple[str, ...]:
    items = raw if isinstance(raw, list) else [raw if raw is not None else "none"]
    out = []
    for item in items:
        if not isinstance(item, str) or not (item in CONDITIONS or HOLDS.match(item)):
            problems.append(f"{where}.condition: unknown condition {item!r}")
        elif item != "none":
            out.append(item)
    return tuple(out)


def _effects(raw: Any, where: str, problems: list[str]) -> tuple[Effect, ...]:
    if not isinstance(raw, list) or not raw:
        problems.append(f"{where}.effects: must be a non-empty list")
        return ()
    out = []
    for index, item in enumerate(raw):
        at = f"{where}.effects[{index}]"
        if not isinstance(item, Mapping) or item.get("op") not in OPS:
            problems.append(f"{at}: unknown op {item.get('op') if isinstance(item, Mapping) else item!r}")
            continue
        spec = OPS[item["op"]]
        for key, value in item.items():
            if key == "op":
                continue
            if key not in spec:
                problems.append(f"{at}.{key}: not a parameter of {item['op']}")
                continue
            allowed = spec[key]
            if allowed and allowed[0] == "int" and isinstance(value, int) and not isinstance(value, bool):
                if not allowed[1] <= value <= allowed[2]:
                    problems.append(f"{at}.{key}: {value} is outside {allowed[1]}-{allowed[2]}")
            elif value not in allowed or (allowed and allowed[0] == "int" and not isinstance(value, str)):
                problems.append(f"{at}.{key}: {value!r} is not allowed")
        for key in spec:
            if key not in item:
                problems.append(f"{at}.{key}: is missing")
        out.append(Effect(item["op"], tuple((k, v) for k, v in item.items() if k != "op")))
    return tuple(out)


def _mode(raw: Mapping[str, Any], base: Mode | None, where: str, problems: list[str]) -> Mode:
    timing = raw.get("timing", base.timing if base else None)
    if not isinstance(timing, str) or not _timing_ok(timing):
        problems.append(f"{where}.timing: unknown window {timing!r}")
        timing = "after_draft"
    trigger = raw.get("trigger", base.trigger if base else None)
    if timing == "any_time" and trigger not in TRIGGERS:
        problems.append(f"{where}.trigger: a PLAY AT ANY TIME card needs one of {', '.join(TRIGGERS)}")
    if timing != "any_time" and trigger is not None:
        problems.append(f"{where}.trigger: only any_time cards have a trigger")
    conditions = _conditions(raw["condition"], where, problems) if "condition" in raw else (
        base.conditions if base else ())
    return Mode(timing, trigger, conditions, _effects(raw.get("effects"), where, problems))


def parse_magick(data: Any) -> dict[str, MagickCard]:
    """Validated cards from the parsed YAML (a mapping of lists of card mappings)."""
    problems: list[str] = []
    cards: dict[str, MagickCard] = {}
    if not isinstance(data, Mapping):
        raise MagickDataError("the Magick file must be a mapping of card lists")
    for list_name, entries in data.items():
        if not isinstance(entries, list):
            problems.append(f"{list_name}: must be a list of cards")
            continue
        for index, raw in enumerate(entries):
            where = f"{list_name}[{index}]"
            if not isinstance(raw, Mapping):
                problems.append(f"{where}: must be a mapping")
                continue
            card_id = raw.get("id")
            if not isinstance(card_id, str) or not re.match(r"^[a-z_]+$", card_id):
                problems.append(f"{where}.id: must be lower_case text")
                continue
            where = f"{list_name}[{index}] ({card_id})"
            if card_id in cards:
                problems.append(f"{where}.id: duplicate id")
            for key in ("deck", "count", "name", "timing", "effects"):
                if key not in raw:
                    problems.append(f"{where}.{key}: is missing")
            if raw.get("deck") not in DECKS:
                problems.append(f"{where}.deck: must be light or shadow")
            count = raw.get("count")
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 60:
                problems.append(f"{where}.count: must be a whole number 1-60")
                count = 1
            normal = _mode(raw, None, where, problems)
            if any(e.op == "add_suit" and e.get("suit") == "any" for e in normal.effects):
                problems.append(f"{where}: add_suit 'any' is for Raven effects only")
            raven_raw = raw.get("raven_effect", "none")
            raven = None
            if raven_raw not in (None, "none"):
                if not isinstance(raven_raw, Mapping):
                    problems.append(f"{where}.raven_effect: must be 'none' or a mapping")
                else:
                    raven = _mode(raven_raw, normal, f"{where}.raven_effect", problems)
            cards[card_id] = MagickCard(card_id, str(raw.get("deck")), count, str(raw.get("name", card_id)),
                                        str(raw.get("text", "")), normal, raven)
    if problems:
        raise MagickDataError("Magick data problems:\n" + "\n".join(problems))
    return cards


def parse_magick_text(text: str) -> dict[str, MagickCard]:
    """Validated cards from YAML text (``yaml.safe_load``)."""
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise MagickDataError(f"the Magick file is not valid YAML: {error}") from None
    return parse_magick(data)


_CACHE: dict[Path, dict[str, MagickCard]] = {}


def load_magick(path: Path = MAGICK_FILE) -> dict[str, MagickCard]:
    """The shipped (or given) Magick set, read once."""
    path = Path(path)
    if path not in _CACHE:
        _CACHE[path] = parse_magick_text(path.read_text(encoding="utf-8"))
    return _CACHE[path]


def card_file(params: Mapping[str, Any]) -> Path:
    """The Magick file a variant names (``magick.card_file``: relative to config/nevermore, or absolute)."""
    name = params.get("magick", {}).get("card_file", "magick.yaml")
    path = Path(name)
    return path if path.is_absolute() else MAGICK_FILE.parent / path


def deck_list(cards: Mapping[str, MagickCard], deck: str) -> list[str]:
    """Every copy of the cards of one deck, in a stable order."""
    return [card.id for card in cards.values() if card.deck == deck for _ in range(card.count)]
