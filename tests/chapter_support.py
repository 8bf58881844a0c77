"""Events of seeded games, for the tests of each game's chapters (the log's headings, the replay's jumps)."""

from __future__ import annotations

from game.core.contracts import Event, find_action
from game.core.match import make_agent
from game.core.record import GameRecord
from game.core.registry import get
from game.variants.loader import load_variant


def played(game: str, players: int, seed: int, moves: int = 10_000) -> list[Event]:
    """Every event of a seeded game of normal AIs, up to ``moves`` moves (the opening's first)."""
    spec = get(game)
    params = dict(load_variant(spec, "standard").params)
    state = spec.new_game(params, players, seed)
    agents = [make_agent(spec, "normal", seat, seed, params) for seat in range(players)]
    events = list(state.opening_events)
    while not state.is_terminal() and moves:
        seat = state.current_player()
        events += state.apply(agents[seat].choose(state.observation(seat), state.legal_actions()))
        moves -= 1
    return events


def replayed(record: GameRecord) -> list[Event]:
    """Every event of a recorded game, as a spectator sees them."""
    state = record.new_state()
    events = list(state.opening_events)
    for text in record.actions:
        events += state.apply_legal(find_action(state, text))
    return [event.seen_by(None) for event in events]


Headings = list[tuple[int, str]]
"""Chapters as (level, title)."""


def log_headings(game: str, players: int, seed: int, moves: int) -> tuple[Headings, Headings]:
    """The headings a table of normal AIs shows in its log panel after ``moves`` moves, and the chapters its
    record's events begin (level, title), to compare."""
    from game.core.setup import MatchSetup, default_names
    from game.scenes.tables import table_class
    from tests.app_input import make_app, run

    spec = get(game)
    assert spec.chapter is not None
    app = make_app()
    try:
        seats = ("normal",) * players
        table = table_class(spec)(app, MatchSetup(game, "standard", dict(load_variant(spec, "standard").params),
                                                  seats, default_names(seats), seed))
        table.session.autosave = False
        app.push(table)
        run(app)
        table.play_instantly(moves)
        shown = [(entry.level, entry.text) for entry in table.log_feed.panel.entries if entry.level is not None]
        chapters = [(c.level, c.title) for c in map(spec.chapter, replayed(table.record)) if c]
        return shown, chapters
    finally:
        app.close()
