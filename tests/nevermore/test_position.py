"""Nevermore positions: states of random games write and read back exactly (secrets, decks in order and the
engine's task stack included), the documented example loads, and hand-broken positions are refused at their
key with a message that says what is wrong."""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pytest

from game.core.position import position_text, read_position
from game.core.yaml_reader import parse_yaml
from game.games.nevermore.spec import SPEC
from game.games.nevermore.rules import NevermoreState
from game.variants.loader import STANDARD, load_variant
from tests import position_support as support
from tests.nevermore.helpers import asked

PARAMS = dict(load_variant(SPEC, STANDARD).params)
PLAYERS = range(SPEC.min_players, SPEC.max_players + 1)


def _document(state: NevermoreState, seed: int = 0, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return support.document(SPEC, state, params or PARAMS, seed)


def _load(document: dict[str, Any]) -> NevermoreState:
    state = support.load(SPEC, document)
    assert isinstance(state, NevermoreState)
    return state


def _engine_busy(state: NevermoreState) -> bool:
    """A Magick card on the stack or damage being dealt: the engine's bookkeeping the position must keep."""
    return bool(state.stack or state.incoming or state.batches)


@pytest.mark.parametrize("players", PLAYERS)
def test_states_of_random_games_load_back_exactly(players: int) -> None:
    seen = set()
    continued = 0
    for number, state in enumerate(support.states(SPEC, PARAMS, players, players)):
        assert isinstance(state, NevermoreState)
        busy = _engine_busy(state)
        if number % 4 and not busy and not state.is_terminal():
            continue
        support.round_trip(SPEC, state, PARAMS, number, text=True)
        if number % 97 == 5 or (busy and continued < 2):  # two loads of one position play the same game on
            continued += busy
            support.same_continuation(SPEC, _document(state, number), number)
        seen.add(SPEC.position_of(state)["phase"])
        seen.add("busy" if busy else "quiet")
    assert seen == {"draft", "kills", "resolution", "over", "busy", "quiet"}


def test_the_documented_example_loads_and_plays_on(tmp_path: Path) -> None:
    document = support.documented_example("nevermore")
    state = _load(document)
    assert asked(state) is not None and asked(state)[0] == "pass" and any(state.raven)
    assert _document(state, document["seed"], document["params"]) == document
    path = tmp_path / "example.yaml"
    path.write_text(position_text(document), encoding="utf-8")
    assert read_position(path, SPEC.name).state.observation(None) == state.observation(None)
    support.same_continuation(SPEC, document, 1)


def test_a_committed_pass_stays_secret_after_loading() -> None:
    document = support.documented_example("nevermore")
    state = _load(document)
    passed = [s for s, seat in enumerate(document["seats"]) if seat["pass"] is not None]
    assert passed
    seat = passed[0]
    other = next(s for s, entry in enumerate(document["seats"]) if entry["pass"] is None)
    mine = tuple(card.lower() for card in document["seats"][seat]["pass"])
    assert state.observation(seat).my_pass == mine
    assert state.observation(other).my_pass is None and state.observation(None).my_pass is None
    assert state.observation(other).committed[seat] and state.observation(None).committed[seat]


# --- refusals ------------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _found_cached(players: int, what: str) -> str:
    wanted = WANTED[what]
    for seed in range(1, 40):
        for number, state in enumerate(support.states(SPEC, PARAMS, players, seed)):
            if wanted(state):
                return position_text(_document(state, number))
    raise AssertionError(f"no {what} state in 40 random games")


WANTED: dict[str, Callable[[NevermoreState], bool]] = {
    "draft": lambda s: asked(s) is not None and asked(s)[0] == "pass" and s.draft_round == 1 and
    sum(p is not None for p in s.pending_pass) == 2 and any(s.raven) and sum(map(len, s.magick)) >= 3,
    "damage": lambda s: bool(s.batches) and asked(s) is not None,
    "attack": lambda s: asked(s) is not None and asked(s)[0] == "attack",
}


def _found(what: str) -> dict[str, Any]:
    return parse_yaml(_found_cached(4, what)).value


def _seat(d: dict[str, Any], want: Callable[[dict[str, Any]], bool]) -> int:
    return next(s for s, seat in enumerate(d["seats"]) if want(seat))


def _raven(d: dict[str, Any]) -> int:
    return _seat(d, lambda seat: seat["raven"])


def _passed(d: dict[str, Any]) -> int:
    return _seat(d, lambda seat: seat["pass"] is not None)


def _human(d: dict[str, Any]) -> int:
    return _seat(d, lambda seat: not seat["raven"])


def _light_card(d: dict[str, Any]) -> str:
    return d["light_deck"][0]


def _pass_elsewhere(d: dict[str, Any]) -> None:
    """The committed pass names a suit the seat does not hold."""
    seat = d["seats"][_passed(d)]
    missing = next(s for s in ("Attack", "Healing", "Radiance", "Victory", "Raven") if s not in seat["hand"])
    seat["pass"][0] = missing


BREAKS: list[tuple[str, str, Callable[[dict[str, Any]], Any], tuple, str]] = [
    ("a card listed twice", "draft", lambda d: d["seats"][0]["hand"].append("Attack"), ("deck",),
     "13 Attack cards, not 12"),
    ("a card missing", "draft", lambda d: (d["deck"] or d["discard"]).pop(), ("deck",), "cards, not 12"),
    ("an unknown card", "draft", lambda d: d["seats"][1]["hand"].__setitem__(0, "Joker"), ("seats", 1, "hand", 0),
     "'Joker' is not a card"),
    ("a suit in lower case", "draft", lambda d: d["seats"][0]["hand"].__setitem__(0, "attack"),
     ("seats", 0, "hand", 0), "'attack' is not a card: write a suit (Attack, Healing"),
    ("an unknown Magick card", "draft", lambda d: d["light_deck"].__setitem__(0, "Wand of Wonder"),
     ("light_deck", 0), "'Wand of Wonder' is not a Magick card of this variant's card file"),
    ("a Magick card listed twice", "draft", lambda d: d["seats"][0]["magick"].append(_light_card(d)),
     ("light_deck",), "card(s), not the"),
    ("a Light card in the Shadow deck", "draft", lambda d: d["shadow_deck"].append(d["light_deck"].pop()),
     ("shadow_deck", "last"), "is a Light Magick card"),
    ("a Raven with Health above 0", "draft", lambda d: d["seats"][_raven(d)].update(health=2),
     ("seats", "raven", "health"), "is 2: a Raven has no Health above 0"),
    ("a human at 0 Health after the damage", "draft", lambda d: d["seats"][_human(d)].update(health=0),
     ("seats", "human", "health"), "a human at 0 Health becomes a Raven"),
    ("a pass of the wrong size for the draft step", "draft",
     lambda d: d["seats"][_passed(d)].update({"pass": d["seats"][_passed(d)]["hand"][:3]}),
     ("seats", "passed", "pass"), "passes 3 card(s), but the draft step is 2 cards"),
    ("a pass of cards not in the hand", "draft", _pass_elsewhere, ("seats", "passed", "pass"),
     "not in the seat's hand"),
    ("a draft step that does not exist", "draft", lambda d: d.update(draft_step=4), ("draft_step",),
     "must be null or the cards passed this draft round (3, 2, 1), not 4"),
    ("a phase that does not fit", "draft", lambda d: d.update(phase="resolution"), ("phase",), "must be draft"),
    ("a decision for a seat out of range", "draft", lambda d: d["decision"].update(seat=4), ("decision", "seat"),
     "must be from 0 to 3, not 4"),
    ("a decision for a seat that has passed", "draft",
     lambda d: d["decision"].update(seat=_passed(d), round=1), ("decision", "seat"), "has passed already"),
    ("a hand of four in the draft", "draft", lambda d: d["discard"].append(d["seats"][2]["hand"].pop()),
     ("seats", 2, "hand"), "holds 4 card(s): every hand holds 5 cards through the draft"),
    ("a seat asked before one that passed earlier", "draft",
     lambda d: d["seats"][_passed(d)].update({"pass": None}), ("seats", "passed", "pass"),
     "must be a pass: seats pass in priority order"),
    ("passes delivered that do not fit the draft step", "draft", lambda d: d.update(passes=d["passes"][1:]),
     ("passes",), "1 draft round(s) are done, so 4 passes were delivered this hand"),
    ("no decision in a game going", "draft", lambda d: d.update(decision=None), ("decision",), "is missing"),
    ("a seat missing", "draft", lambda d: d["seats"].pop(), ("seats",), "must list the game's 4 seats"),
    ("a token listed twice", "draft", lambda d: d["tokens"].__setitem__(0, d["tokens"][1]), ("tokens",),
     "each of the four tokens once"),
    ("an unknown task", "draft", lambda d: d["tasks"].insert(0, ["shuffle"]), ("tasks", 0),
     "must start with a task of the engine"),
    ("a task with the wrong arguments", "draft", lambda d: d["tasks"].insert(0, ["deliver"]), ("tasks", 0),
     "deliver takes 1 argument(s), not 0"),
    ("a table out of order", "draft", lambda d: d.update(borrowed=[[1, "Attack"], [0, "Attack"]]), ("borrowed",),
     "reads back as [[0, 'Attack'], [1, 'Attack']]: sets and tables are listed in order, each entry once"),
    ("an unknown key", "draft", lambda d: d.update(round=3), ("round",), "is not a key here"),
    ("kills of cards not in the hand", "draft",
     lambda d: d["seats"][0].update(kills=["Raven"] * 6), ("seats", 0, "kills"), "not in the seat's hand"),
    ("damage of a batch that is not there", "damage", lambda d: d.update(batches=[]), ("tasks", "batch"),
     "which is not in batches"),
    ("an Attack decision for a Raven", "attack",
     lambda d: d["seats"][d["decision"]["seat"]].update(raven=True, health=0), ("decision", "seat"),
     "must be a human"),
]


def _keys(document: dict[str, Any], keys: tuple) -> tuple:
    """Key paths naming a seat or item of the unbroken document by its part."""
    named = {"raven": lambda: _raven(document), "human": lambda: _human(document),
             "passed": lambda: _passed(document), "last": lambda: len(document["shadow_deck"]),
             "batch": lambda: next(i for i, task in enumerate(document["tasks"])
                                   if task[0] in ("hit", "apply_hit", "batch_end"))}
    out = []
    for i, key in enumerate(keys):
        if i and isinstance(key, str) and key in named:
            out.append(named[key]())
            if key == "batch":
                out.append(1)
        else:
            out.append(key)
    return tuple(out)


@pytest.mark.parametrize("what, base, edit, keys, message", BREAKS, ids=[b[0] for b in BREAKS])
def test_a_broken_position_is_refused_at_its_key(what: str, base: str, edit: Callable[[dict[str, Any]], Any],
                                                  keys: tuple, message: str) -> None:
    document = _found(base)
    _load(document)  # the position before the break is good
    keys = _keys(document, keys)
    edit(document)
    support.assert_refused_at(lambda: _load(document), keys, message)


def test_magick_cards_are_refused_in_a_variant_without_magick() -> None:
    document = _found("draft")
    params = copy.deepcopy(document["params"])
    params["magick"]["enabled"] = False
    document["params"] = params
    assert any(problem.keys[:1] == ("light_deck",) and "plays without Magick" in problem.message
               for problem in support.problems_of(lambda: _load(document)))
