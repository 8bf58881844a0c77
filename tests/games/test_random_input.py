"""Random clicks, keys and wheel turns on every game's table (hot-seat humans beside AIs) never crash it.

A monkey test: whatever a player does with the mouse and keyboard, the table asks the rules what is legal
and shrugs off the rest. The pause menu and other scenes it opens are closed again, so the input keeps
landing on the table, its hand-off screens and its prompts."""

import random

import pygame
import pytest

from tests.app_input import make_app, run
from game.core.registry import all_games
from game.core.setup import HUMAN, MatchSetup, default_names
from game.scenes.handoff import HandoffScene
from game.scenes.tables import open_table
from game.variants.loader import STANDARD, load_variant

FRAMES = 300
NUDGE_EVERY = 20
"""Every so many frames a waiting human makes a random legal move, so the input reaches later phases too."""
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB,
        pygame.K_BACKSPACE, pygame.K_z, pygame.K_m, pygame.K_1, pygame.K_PAGEDOWN, pygame.K_ESCAPE)
CASES = [(spec.name, players, humans)
         for spec in all_games()
         for players, humans in ((spec.min_players, spec.min_players), (spec.max_players, 2))]


def _poke(rng: random.Random, size: tuple[int, int]) -> None:
    """Post one random input: a mouse move and click anywhere, a key, or a wheel turn."""
    roll = rng.random()
    if roll < 0.55:
        pos = (rng.randrange(size[0]), rng.randrange(size[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    elif roll < 0.95:
        code = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if code == pygame.K_z and rng.random() < 0.7 else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))


@pytest.mark.parametrize("game,players,humans", CASES, ids=[f"{g}-{p}p-{h}h" for g, p, h in CASES])
def test_random_input_never_crashes_a_table(game, players, humans):
    rng = random.Random(f"{game}-{players}")
    spec = next(s for s in all_games() if s.name == game)
    seats = tuple(HUMAN if seat < humans else "random" for seat in range(players))
    app = make_app("fast")
    try:
        setup = MatchSetup(game, STANDARD, load_variant(spec, STANDARD).params, seats, default_names(seats), 11)
        table = open_table(app, setup)
        table.session.autosave = False
        app.push(table)
        run(app)
        for frame in range(FRAMES):
            top = app.top
            if top is not table and not isinstance(top, HandoffScene):
                top.back()  # the pause menu, the rules, the results: back to the table
            elif top is table and frame % NUDGE_EVERY == 0 and table.seat_to_play is not None:
                legal = table.state.legal_actions()
                table.submit(legal[rng.randrange(len(legal))])
            _poke(rng, app.screen.get_size())
            app.frame(1 / 30)
        assert table in app.stack
        replayed = table.record.replay()  # undo and hand-offs kept the record and the table in step
        assert replayed.observation(None) == table.state.observation(None)
        assert replayed.legal_actions() == table.state.legal_actions()
    finally:
        app.close()
