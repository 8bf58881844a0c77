"""The Magick cards as data: loading ``config/nevermore/magick.yaml`` and checking it against the vocabulary.

A card is a timing window (optionally a trigger), conditions and a list of primitive effects, plus an
optional Raven effect. ``load_magick`` returns validated ``MagickCard`` values; ``MagickDataError`` lists
every problem with the file, the line, the card id and key. A variant may name its own card file
(``magick.card_file``), so the file may be anything: it is read through the bounded YAML reader, and the
Nevermore schema checks it (``card_file_problem``) before a game can start with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.core.bounded import KIB, InputError, quote, shorten
from game.core.params import text_problem
from game.core.paths import CONFIG_DIR
from game.core.yaml_reader import LinedYaml, YamlProblems, parse_yaml, read_yaml_file

from .cards import SUITS, TOKEN_SUITS

MAGICK_FILE = CONFIG_DIR / "nevermore" / "magick.yaml"
MAX_CARD_FILE_BYTES = 256 * KIB
"""Largest Magick card file read: ours (25 kinds of card, every one with its text) is under 9 KB; 256 KB
holds a house set several times the size of any deck a game can draw, and parses in a fraction of a second."""
MAX_CARD_FILE_PATH_CHARS = 1024
"""Longest ``magick.card_file``: room for a card file deep in any folder; ours is 11 characters."""
MAX_CARD_NAME_CHARS = 40
"""Longest card name (and id): the name is drawn on the card; ours are at most 22 characters."""
MAX_CARD_TEXT_CHARS = 400
"""Longest card text: drawn on the card's face when it is looked at; ours are at most 114 characters."""
DECKS = ("light", "shadow")
WINDOWS = ("draft", "after_draft", "between_suits", "end_of_resolution", "any_time")
TRIGGERS = ("on_damage:self", "on_damage:human", "on_magick")
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


class MagickDataError(YamlProblems):
    """A Magick card file that cannot be used (unreadable, not YAML, or breaking the vocabulary): every
    problem with its file (when known), line and key, a line each."""


Problems = list[tuple[tuple[Any, ...], str]]
"""(key path in the card file, ``where: message``) of every problem found so far."""


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


def _conditions(raw: Any, where: str, at: tuple, problems: Problems) -> tuple[str, ...]:
    items = raw if isinstance(raw, list) else [raw if raw is not None else "none"]
    out = []
    for item in items:
        if not isinstance(item, str) or not (item in CONDITIONS or HOLDS.match(item)):
            problems.append((at + ("condition",), f"{where}.condition: unknown condition {quote(item)}"))
        elif item != "none":
            out.append(item)
    return tuple(out)


def _effects(raw: Any, where: str, at: tuple, problems: Problems) -> tuple[Effect, ...]:
    if not isinstance(raw, list) or not raw:
        problems.append((at + ("effects",), f"{where}.effects: must be a non-empty list"))
        return ()
    out = []
    for index, item in enumerate(raw):
        here, keys = f"{where}.effects[{index}]", at + ("effects", index)
        # A list or mapping from YAML cannot be looked up in ``OPS``.
        if not isinstance(item, Mapping) or isinstance(item.get("op"), (list, dict)) or item.get("op") not in OPS:
            problems.append((keys, f"{here}: unknown op "
                                   f"{quote(item.get('op') if isinstance(item, Mapping) else item)}"))
            continue
        spec = OPS[item["op"]]
        for key, value in item.items():
            if key == "op":
                continue
            if key not in spec:
                problems.append((keys + (key,), f"{here}.{shorten(str(key))}: not a parameter of {item['op']}"))
                continue
            allowed = spec[key]
            if allowed and allowed[0] == "int" and isinstance(value, int) and not isinstance(value, bool):
                if not allowed[1] <= value <= allowed[2]:
                    problems.append((keys + (key,), f"{here}.{key}: {value} is outside {allowed[1]}-{allowed[2]}"))
            elif value not in allowed or (allowed and allowed[0] == "int" and not isinstance(value, str)):
                problems.append((keys + (key,), f"{here}.{key}: {quote(value)} is not allowed"))
        for key in spec:
            if key not in item:
                problems.append((keys + (key,), f"{here}.{key}: is missing"))
        out.append(Effect(item["op"], tuple((k, v) for k, v in item.items() if k != "op")))
    return tuple(out)


def _mode(raw: Mapping[str, Any], base: Mode | None, where: str, at: tuple, problems: Problems) -> Mode:
    timing = raw.get("timing", base.timing if base else None)
    if not isinstance(timing, str) or not _timing_ok(timing):
        problems.append((at + ("timing",), f"{where}.timing: unknown window {quote(timing)}"))
        timing = "after_draft"
    trigger = raw.get("trigger", base.trigger if base else None)
    if timing == "any_time" and trigger not in TRIGGERS:
        problems.append((at + ("trigger",), f"{where}.trigger: a PLAY AT ANY TIME card needs one of "
                                            f"{', '.join(TRIGGERS)}"))
    if timing != "any_time" and trigger is not None:
        problems.append((at + ("trigger",), f"{where}.trigger: only any_time cards have a trigger"))
    conditions = _conditions(raw["condition"], where, at, problems) if "condition" in raw else (
        base.conditions if base else ())
    return Mode(timing, trigger, conditions, _effects(raw.get("effects"), where, at, problems))


def parse_magick(data: Any, lined: LinedYaml | None = None) -> dict[str, MagickCard]:
    """Validated cards from the parsed YAML (a mapping of lists of card mappings); ``lined`` gives the
    problems their lines."""
    problems: Problems = []
    cards: dict[str, MagickCard] = {}
    if not isinstance(data, Mapping):
        raise MagickDataError([InputError(None, "must be a mapping of card lists (light_magick, shadow_magick)",
                                          1)])
    for list_name, entries in data.items():
        if not isinstance(entries, list):
            problems.append(((list_name,), f"{shorten(str(list_name))}: must be a list of cards"))
            continue
        for index, raw in enumerate(entries):
            at = (list_name, index)
            where = f"{shorten(str(list_name))}[{index}]"
            if not isinstance(raw, Mapping):
                problems.append((at, f"{where}: must be a mapping"))
                continue
            card_id = raw.get("id")
            if not isinstance(card_id, str) or not re.match(r"^[a-z_]+$", card_id) or \
                    len(card_id) > MAX_CARD_NAME_CHARS:
                problems.append((at + ("id",), f"{where}.id: must be lower_case text of at most "
                                               f"{MAX_CARD_NAME_CHARS} letters"))
                continue
            where = f"{where} ({card_id})"
            if card_id in cards:
                problems.append((at + ("id",), f"{where}.id: duplicate id"))
            for key in ("deck", "count", "name", "timing", "effects"):
                if key not in raw:
                    problems.append((at, f"{where}.{key}: is missing"))
            if raw.get("deck") not in DECKS:
                problems.append((at + ("deck",), f"{where}.deck: must be light or shadow"))
            for key, limit in (("name", MAX_CARD_NAME_CHARS), ("text", MAX_CARD_TEXT_CHARS)):
                problem = text_problem(raw.get(key, ""), limit)
                if problem is not None:
                    problems.append((at + (key,), f"{where}.{key}: {problem}"))
            count = raw.get("count")
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 60:
                problems.append((at + ("count",), f"{where}.count: must be a whole number 1-60"))
                count = 1
            normal = _mode(raw, None, where, at, problems)
            if any(e.op == "add_suit" and e.get("suit") == "any" for e in normal.effects):
                problems.append((at, f"{where}: add_suit 'any' is for Raven effects only"))
            raven_raw = raw.get("raven_effect", "none")
            raven = None
            if raven_raw not in (None, "none"):
                if not isinstance(raven_raw, Mapping):
                    problems.append((at + ("raven_effect",), f"{where}.raven_effect: must be 'none' or a mapping"))
                else:
                    raven = _mode(raven_raw, normal, f"{where}.raven_effect", at + ("raven_effect",), problems)
            cards[card_id] = MagickCard(card_id, str(raw.get("deck")), count, str(raw.get("name", card_id)),
                                        str(raw.get("text", "")), normal, raven)
    if problems:
        raise MagickDataError([InputError(None, message, lined.line_of(keys) if lined else 0)
                               for keys, message in problems])
    return cards


def parse_magick_text(text: str) -> dict[str, MagickCard]:
    """Validated cards from YAML text (read by the bounded YAML reader)."""
    try:
        lined = parse_yaml(text)
    except YamlProblems as error:
        raise MagickDataError(error.problems) from None
    return parse_magick(lined.value, lined)


_CACHE: dict[Path, dict[str, MagickCard]] = {}


def load_magick(path: Path = MAGICK_FILE) -> dict[str, MagickCard]:
    """The shipped (or given) Magick set, read once; ``MagickDataError`` naming the file otherwise."""
    path = Path(path)
    if path not in _CACHE:
        try:
            lined = read_yaml_file(path, MAX_CARD_FILE_BYTES)
            _CACHE[path] = parse_magick(lined.value, lined)
        except YamlProblems as error:
            raise MagickDataError([problem.at(path) for problem in error.problems]) from None
        except InputError as error:
            raise MagickDataError([error.at(path)]) from None
    return _CACHE[path]


def card_file_problem(magick: Mapping[str, Any]) -> str | None:
    """What keeps a game with these ``magick`` rules from starting, or None: the card file (read only when
    Magick is played) must be a readable, valid card list. The message names the card file."""
    if not magick["enabled"]:
        return None
    try:
        load_magick(card_file(magick.get("card_file", MAGICK_FILE.name)))
    except MagickDataError as error:
        more = len(error.problems) - 1
        return str(error.problems[0]) + (
            f" (and {more:,} more problem{'s' if more > 1 else ''} in that file)" if more else "")
    return None


def card_file(name: str) -> Path:
    """The Magick file a variant names (``magick.card_file``: relative to config/nevermore, or absolute)."""
    path = Path(name)
    return path if path.is_absolute() else MAGICK_FILE.parent / path


def deck_list(cards: Mapping[str, MagickCard], deck: str) -> list[str]:
    """Every copy of the cards of one deck, in a stable order."""
    return [card.id for card in cards.values() if card.deck == deck for _ in range(card.count)]
