"""Every decision of every game can be made with the keyboard alone (README "Controls").

A human plays one seat against random AIs with animations off and no AI pause, pressing only keys: Enter or
Space on what has the focus, and when that does not make the move, one of the arrows or Tab to move the focus
on, then Enter or Space again; Spectral Reapers' placements and sowings, plans over several pits and beads, are
keyed in by Tab and Enter as a player who has worked the plan out would. The mouse is never used. Each human
decision must be made this way, and the decisions met must cover the game's phases."""

from __future__ import annotations

from typing import Callable

import pygame
import pytest

from game.core.registry import get
from game.core.setup import HUMAN, MatchSetup, default_names
from game.games.spectral_reapers.rules import COLOUR_LETTERS
from game.games.trick_or_treat.spec import SPEC as TRICK_OR_TREAT
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.table import TrickOrTreatTable
from game.scenes.tables import open_table
from game.ui.table import TableScene
from game.variants.loader import STANDARD, load_variant
from tests.app_input import key, make_app, run, run_until
from tests.app_input import open_table as open_table_of

CONFIRM = (pygame.K_RETURN, pygame.K_SPACE)
MOVE = (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP, pygame.K_TAB)
PRESSES = [CONFIRM[i % 2] for i in range(12)] + \
    [press for move in MOVE for i in range(8) for press in (move, CONFIRM[i % 2])]
"""The keys a player tries for one decision, in order: Enter and Space on what has the focus (a sowing goes
pit, beads, Sow), then each way of moving the focus followed by Enter or Space."""
DECISIONS = 40
"""The most human decisions played per game (the game may end sooner)."""
CASES = {
    "trick-or-treat": ("nasty-candy", 5, {"PlayCard", "Declare"}),
    "reapers": (STANDARD, 5, {"TakePile", "PlaceWager", "PlayCard"}),
    "nevermore": (STANDARD, 5, {"PassCards", "PlayMagick", "KillCards", "AttackPlayer"}),
    "spectral-reapers": (STANDARD, 5, {"PlaceAction", "SowAction", "CaptureAction"}),
}
"""Each game's variant (Trick or Treat's with several candy kinds), seed and the kinds of decision (the class of
the legal actions) its keyboard player must meet. A pick of candy is rare at two seats: it has its own test."""


def _decision(table: TableScene) -> str:
    """The kind of the decision the human is asked (the class name of its legal actions)."""
    return type(table.state.legal_actions()[0]).__name__


def _wait_for_human(app, table: TableScene) -> None:  # noqa: ANN001
    """Run until the human is asked or the game is over; a summary the table holds is closed by a key."""
    def ready() -> bool:
        if table.holding() and not table.tweens.busy:
            run(app, 30)  # a summary ignores presses in its first moment
            key(app, CONFIRM[app.frames % 2])
            run(app, 30)  # and the decision after it ignores the presses of the hand that closed it
        return table.seat_to_play is not None or table.state.is_terminal()

    run_until(app, ready, limit=5000)


def _place_by_keys(app, table: TableScene) -> None:  # noqa: ANN001
    """Spectral Reapers' placement, a plan over several pits: Tab to each pit of a legal placement, Enter
    until it holds its count of beads, then Tab to "Place beads" and press Enter (as a player who has
    worked the plan out would)."""
    cfg = table.state.config
    steps = [0] + list(range(cfg.placement_min, cfg.placement_max + 1))
    for pit, count in table.state.legal_actions()[0].placements:
        _tab_to(app, table, ("pit", pit))
        for _ in range(steps.index(count)):
            key(app, pygame.K_RETURN)
    _tab_to(app, table, ("button", "place"))
    key(app, pygame.K_SPACE)


def _sow_by_keys(app, table: TableScene) -> None:  # noqa: ANN001
    """Spectral Reapers' sowing: Tab to the pit of a legal sowing and lift it with Enter, then Tab to each
    lifted bead in the sowing's order of colours and put it next with Enter, then Tab to "Sow" and press
    Space. A pit too big for one decision falls back on "Suggest" (reached by Tab) before "Sow"."""
    action = table.state.legal_actions()[0]
    tray = table._decision_now()
    if tray.origin != action.pit or not tray.colours:
        _tab_to(app, table, ("pit", action.pit))
        key(app, pygame.K_RETURN)
    for letter in action.order:
        colour = COLOUR_LETTERS.index(letter)
        _tab_to(app, table, lambda f: f[0] == "pool" and tray.colours[int(f[1])] == colour)
        key(app, pygame.K_RETURN)
    if tray.pool():
        _tab_to(app, table, ("button", "suggest"))
        key(app, pygame.K_RETURN)
    _tab_to(app, table, ("button", "sow"))
    key(app, pygame.K_SPACE)


def _tab_to(app, table: TableScene, focus: tuple[str, object] | Callable[[tuple], bool]) -> None:  # noqa: ANN001
    """Press Tab until the keyboard's focus is ``focus`` (or passes the test ``focus``)."""
    for _ in range(80):
        if table.focus is not None and (focus(table.focus) if callable(focus) else table.focus == focus):
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {focus}")


BY_PLAN = {"PlaceAction": _place_by_keys, "SowAction": _sow_by_keys}
"""Decisions that are a plan of several steps, played as a player who has worked the plan out would."""


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_decision_can_be_made_by_keys_alone(game):
    spec = get(game)
    seats = (HUMAN,) + ("random",) * (spec.min_players - 1)
    variant, seed, phases = CASES[game]
    app = make_app("off")
    try:
        setup = MatchSetup(game, variant, load_variant(spec, variant).params, seats, default_names(seats), seed)
        table = open_table(app, setup)
        table.session.autosave = False
        app.push(table)
        run(app)
        met: list[str] = []
        for _ in range(DECISIONS):
            _wait_for_human(app, table)
            if table.state.is_terminal():
                break
            kind, played = _decision(table), len(table.record.actions)
            if kind in BY_PLAN:
                BY_PLAN[kind](app, table)
            for press in PRESSES if len(table.record.actions) == played else ():
                key(app, press)
                if len(table.record.actions) > played:
                    break
            assert len(table.record.actions) > played, f"{kind} not made by keys in {len(PRESSES)} presses"
            met.append(kind)
        assert phases <= set(met)
    finally:
        app.close()


def test_trick_or_treat_hand_and_candy_pick_by_up_down_and_space(monkeypatch):
    stack = {"hands": [["3C", "9C"], ["KH", "AH"], ["2D", "4D"]], "dealer": 0,
             "supply": ["candy", "warhead"] + ["candy corn"] * 10}

    def stacked_game(params, players, seed, **given):  # noqa: ANN001, ANN003, ANN202
        return r.new_game(params, players, seed, **(given or stack))

    monkeypatch.setitem(vars(TRICK_OR_TREAT), "new_game", stacked_game)
    app = make_app("off")
    try:
        table = open_table_of(app, TrickOrTreatTable, "trick-or-treat", ("human", "random", "random"),
                              load_variant(get("trick-or-treat"), "nasty-candy").params, variant="nasty-candy")
        key(app, pygame.K_DOWN)
        key(app, pygame.K_SPACE)  # the 9: second highest after the others' Ace or King
        assert table.record.actions[0] == "play 9"
        run_until(app, lambda: table.seat_to_play == 0)
        assert table.state.phase == r.PICK
        table.choice = -1
        key(app, pygame.K_DOWN)
        key(app, pygame.K_SPACE)
        assert table.record.actions[-1] == "take candy"
    finally:
        app.close()
