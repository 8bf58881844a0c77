"""The application's ``Router`` (``game.ui.app``) and ``Navigator`` (``game.scenes.navigation``): every screen
the tables and the screens open, by what it shows, and the player's files the games are kept in. The top of
the screens: only this module imports the screen classes (each when first opened, so start-up imports no
screen it does not show), and only the application's wiring (``launch``) imports it; it sets ``ROUTER`` on
each app it opens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from game.core.record import GameRecord
from game.core.registry import GameSpec
from game.core.setup import MatchSetup
from game.scenes.navigation import VariantChooser
from game.storage.saves import finish_game, save_game
from game.ui.app import App, Scene
from game.variants.loader import STANDARD, Variant

if TYPE_CHECKING:  # the table kit is imported with a table, not by the menu
    from game.ui.session import GameOver, Keeper
    from game.ui.table import TableScene


class FileKeeper:
    """A table's games kept in the player's data folder: the autosave slot, the history, the statistics."""

    def save(self, record: GameRecord) -> None:
        save_game(record)

    def record_game(self, record: GameRecord, *, finished: bool, scores: Sequence[float], winners: Sequence[int],
                    figures: Mapping[str, float], hints: int, seconds: float | None) -> tuple[bool, list[str]]:
        from game.storage.history import record_game  # the history's database, opened at a game's end only

        return record_game(record, finished=finished, scores=scores, winners=winners, figures=figures, hints=hints,
                           seconds=seconds)

    def finish_game(self, game: str, share: float | None, forget_autosave: bool) -> list[str]:
        return finish_game(game, share, forget_autosave=forget_autosave)


class SceneRouter:
    """The screens: the pause menu, the hot-seat hand-off and the results over a table, and every screen one
    screen opens from another."""

    keeper: Keeper = FileKeeper()

    def pause(self, over: Scene) -> Scene:
        from game.scenes.pause import PauseScene

        return PauseScene(over.app, over)

    def hand_off(self, name: str, ready: Callable[[], None], over: Scene) -> Scene:
        from game.scenes.handoff import HandoffScene

        return HandoffScene(over.app, name, ready, over)

    def results(self, end: GameOver, over: Scene) -> Scene:
        from game.scenes.results import ResultsScene

        return ResultsScene(over.app, end.title, end.names, end.scores, end.winners, end.rows, again=end.again,
                            record=end.record, humans=end.humans)

    def menu(self, app: App) -> Scene:
        from game.scenes.menu import MainMenu

        return MainMenu(app)

    def setup(self, app: App, spec: GameSpec, *, variant: str = STANDARD) -> Scene:
        from game.scenes.setup import SetupScene

        return SetupScene(app, spec, variant=variant)

    def setup_below_top(self, app: App) -> VariantChooser | None:
        from game.scenes.setup import SetupScene

        below = app.stack[-2] if len(app.stack) > 1 else None
        return below if isinstance(below, SetupScene) else None

    def rules(self, app: App, game: str | None = None) -> Scene:
        from game.scenes.rulebook import RulesScene

        return RulesScene(app, game)

    def guide(self, app: App, game: str) -> Scene:
        from game.scenes.guide import GuideScene

        return GuideScene(app, game)

    def settings(self, app: App) -> Scene:
        from game.scenes.settings import SettingsScene

        return SettingsScene(app)

    def stats(self, app: App) -> Scene:
        from game.scenes.stats import StatsScene

        return StatsScene(app)

    def variants(self, app: App) -> Scene:
        from game.scenes.variant_editor_picker import VariantsScene

        return VariantsScene(app)

    def variant_editor(self, app: App, spec: GameSpec, base: Variant, *, edit: bool = False) -> Scene:
        from game.scenes.variant_editor import VariantEditorScene

        return VariantEditorScene(app, spec, base, edit=edit)

    def lab(self, app: App, spec: GameSpec | None = None, *, compare: tuple[str, str] | None = None) -> Scene:
        from game.scenes.lab.scene import LabScene

        return LabScene(app, spec, compare=compare)

    def continue_menu(self, app: App) -> Scene:
        from game.scenes.continue_menu import ContinueMenu

        return ContinueMenu(app)

    def review(self, app: App, record: GameRecord, seats: Sequence[int] | None = None) -> Scene:
        from game.scenes.review import ReviewScene

        return ReviewScene(app, record, seats)

    def finished_results(self, app: App, record: GameRecord) -> Scene:
        from game.scenes.results import finished_results

        return finished_results(app, record)

    def pause_over_hand_off(self, hand_off: Scene, table: Scene | None) -> Scene:
        from game.scenes.pause import PauseScene

        return PauseScene(hand_off.app, table, cover=hand_off)

    def table(self, app: App, setup: MatchSetup, record: GameRecord | None = None, *,
              first_guide: bool = False) -> TableScene:
        from game.scenes.tables import open_table

        return open_table(app, setup, record, first_guide=first_guide)

    def replay(self, app: App, record: GameRecord) -> TableScene:
        from game.scenes.tables import open_replay

        return open_replay(app, record)

    def replay_viewer(self, table: TableScene, humans: Sequence[int]) -> Scene:
        from game.scenes.replay import ReplayScene

        return ReplayScene(table, humans)


ROUTER = SceneRouter()
"""The router of every app the application opens."""
