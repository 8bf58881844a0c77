"""How one screen opens another: through the app's router (``App.router``, the application's ``SceneRouter``),
never by importing the other screen, so no screen imports another and they form no import circle. A screen
asks ``router(self.app).stats(self.app)`` for the scene and pushes, replaces or resets with it as it always did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence, runtime_checkable

from game.core.record import GameRecord
from game.core.registry import GameSpec
from game.core.setup import MatchSetup
from game.ui.app import App, Router, Scene
from game.variants.loader import STANDARD, Variant

if TYPE_CHECKING:  # the table kit is imported with a table, not by the menu
    from game.ui.table import TableScene

NO_SCREENS = "this app has no application router: game.scenes.launch.open_app sets App.router"


class VariantChooser(Protocol):
    """The setup screen as the variant editor over it sees it: a game's variants, listed again on request."""

    spec: GameSpec

    def reload_variants(self, choose: str | None = None) -> None:
        """List the variants again (a file changed), ``choose`` chosen."""


@runtime_checkable
class Navigator(Router, Protocol):
    """The application's screens, each built for what it shows; the caller puts it on the stack."""

    def menu(self, app: App) -> Scene:
        """The main menu."""

    def setup(self, app: App, spec: GameSpec, *, variant: str = STANDARD) -> Scene:
        """The new-game setup of ``spec``, ``variant`` chosen."""

    def rules(self, app: App, game: str | None = None) -> Scene:
        """The rules reader, open at ``game`` (else at the first game)."""

    def guide(self, app: App, game: str) -> Scene:
        """``game``'s first-game guide."""

    def settings(self, app: App) -> Scene:
        """The settings."""

    def setup_below_top(self, app: App) -> VariantChooser | None:
        """The setup screen right under the scene on top of ``app``'s stack, if that is what is there."""

    def stats(self, app: App) -> Scene:
        """The statistics and the finished games."""

    def variants(self, app: App) -> Scene:
        """The variant picker that opens the variant editor."""

    def variant_editor(self, app: App, spec: GameSpec, base: Variant, *, edit: bool = False) -> Scene:
        """The variant editor on ``base`` (a new variant from it, or ``base`` itself with ``edit``)."""

    def lab(self, app: App, spec: GameSpec | None = None, *, compare: tuple[str, str] | None = None) -> Scene:
        """The variant lab, on ``spec`` comparing the variants named in ``compare`` if given."""

    def continue_menu(self, app: App) -> Scene:
        """The list of the games in progress."""

    def review(self, app: App, record: GameRecord, seats: Sequence[int] | None = None) -> Scene:
        """The review of ``record``'s decisions (those of ``seats``, else of its humans)."""

    def finished_results(self, app: App, record: GameRecord) -> Scene:
        """The results of the finished game ``record`` again; ``ValueError`` when it has none."""

    def pause_over_hand_off(self, hand_off: Scene, table: Scene | None) -> Scene:
        """The pause menu over the hot-seat hand-off ``hand_off`` that hides ``table``."""

    def table(self, app: App, setup: MatchSetup, record: GameRecord | None = None, *,
              first_guide: bool = False) -> TableScene:
        """The table of ``setup`` (resuming ``record``); ``NoTableError`` when the game has none."""

    def replay(self, app: App, record: GameRecord) -> TableScene:
        """The table that replays ``record``, the replay viewer over it."""

    def replay_viewer(self, table: TableScene, humans: Sequence[int]) -> Scene:
        """The replay viewer's controls over the replaying ``table``."""


def router(app: App) -> Navigator:
    """``app``'s screens; a ``RuntimeError`` for a bare shell, which has none."""
    if not isinstance(app.router, Navigator):
        raise RuntimeError(NO_SCREENS)
    return app.router
