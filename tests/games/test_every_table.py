"""Every game's table opens, animates and draws in every shipped variant, at its smallest and largest
table: a variant that changes the shape of the game (a wider ring, more candy kinds) must still be
playable on screen, not only in the rules."""

import pytest

from game.core.registry import all_games
from game.core.settings import Settings
from game.scenes.launch import TableShot, all_ai_table
from game.ui.app import App
from game.variants.loader import list_variants

CASES = [(spec.name, variant.name, players)
         for spec in all_games()
         for variant in list_variants(spec)[0] if variant.builtin
         for players in sorted({spec.min_players, spec.max_players})]
MOVES = 40
FRAMES = 45


@pytest.mark.parametrize("game,variant,players", CASES, ids=[f"{g}-{v}-{p}p" for g, v, p in CASES])
def test_a_table_plays_and_draws_in_every_variant(game, variant, players):
    app = App(Settings(animation_speed="fast", ai_pause_ms=0), size=(1280, 720))
    try:
        table = all_ai_table(app, game, 7, TableShot(players, variant=variant), level="random")
        app.push(table)
        app.apply_pending()
        assert table.setup.variant == variant and table.state.num_players == players
        table.play_instantly(MOVES)
        for _ in range(FRAMES):  # the AIs play on, animated
            app.frame(1 / 60)
        app.draw()
        assert len(table.record.actions) > 0
    finally:
        app.close()
