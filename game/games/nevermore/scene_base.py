"""What the mixins of ``NevermoreScene`` share: the display state they read and write, the pending decision and
the focus, and the few methods one mixin calls on another.

The attributes are annotations only (``NevermoreScene.__init__`` sets them all), so declaring them here changes
nothing at run time. This module never imports the mixins (they import it).
"""

from __future__ import annotations

import pygame

from game.core.contracts import Action, Event
from game.ui.sprites import Sprite
from game.ui.table import TableScene
from game.ui.tooltip import Tip

from .rules.observe import NevermoreObservation
from .rules.state import NevermoreState
from .scene_summary import HandEnd
from .scene_view import Button, Card, Geometry, Shown


class NevermoreSceneBase(TableScene):
    """The Nevermore table's shared state; ``SceneAnimation``, ``ScenePrompt`` and ``SceneDrawing`` inherit it."""

    state: NevermoreState
    """The table's game (the registry builds Nevermore states for it)."""
    geo: Geometry | None
    """Where everything sits; None until the first ``build``."""
    shown: Shown | None
    """What the table shows now (animations change it step by step); None until the first ``build``."""
    sprites: list[Sprite]
    hand_cards: list[Card]
    magick_cards: list[Card]
    open_cards: list[Card]
    """The other seats' hidden cards, face up by their plates: only in the replay of an ended game."""
    fx: list[Sprite]
    """Sprites in flight, dropped at the next ``build``."""
    selection: set[int]
    """Indexes of the hand cards chosen for a pass or a kill."""
    cursor: int
    focus_kind: str
    """"card" or "button": what the arrow keys move over while cards are being chosen."""
    magick_pick: str | None
    """The Magick card whose ways of playing the prompt lists, if any."""
    order_prefix: list[str]
    """The token order chosen so far for a card that reorders them."""
    mouse: tuple[int, int]
    caption_text: str
    banner_text: str
    banner_kind: str
    banner_alpha: float
    popup: tuple[str, str] | None
    """(Magick card id, line) of the card popped up, if any."""
    popup_alpha: float
    board_landed: list[int] | None
    """Each seat's cards come down on the suit board so far while they fly there (None: all are down)."""
    token_flip: list[float]
    token_flip_from: list[str | None]
    target_seats: set[int]
    hand_events: list[Event]
    """The events of the hand in progress so far, as this screen saw them (the hand summary counts them)."""
    events_at: int
    """Moves recorded when ``hand_events`` was last brought up to date (-1: never)."""
    hand_end: HandEnd | None
    """The summary of a hand that ended, held on screen until dismissed."""
    magick_muted: dict[int, tuple[int, int]]
    """Human seats that asked not to be asked about Magick again this hand: seat -> (that hand's number, moves
    recorded when they asked). The table passes their Magick windows for them (``ScenePrompt.auto_pass``)."""
    taken_back_to: int
    """Moves recorded when moves were last taken back (-1: never): the decision undo went back to is shown, even
    one the table would otherwise pass by itself."""
    _layer: tuple[tuple[object, ...], pygame.Surface, list[Tip]] | None
    """(key, surface, tips): the table under the sprites and what it explains, drawn again only when what it
    shows changes."""

    def observation(self) -> NevermoreObservation:
        """The viewer's observation as Nevermore's own type."""
        observation = super().observation()
        assert isinstance(observation, NevermoreObservation)
        return observation

    def built(self) -> tuple[Geometry, Shown]:
        """``geo`` and ``shown`` of the last ``build`` (drawing, animating and input all come after one)."""
        geo, shown = self.geo, self.shown
        assert geo is not None and shown is not None
        return geo, shown

    # --- the pending decision and the focus --------------------------------------------------------------
    def decision(self) -> str | None:
        """The kind of the pending decision when the viewer is to act (else None)."""
        if self.seat_to_play is None or self.state.pending is None:
            return None
        return self.state.pending[0]

    def muted(self, seat: int) -> bool:
        """Whether the table passes ``seat``'s Magick windows for it this hand ("Don't ask again this hand")."""
        mute = self.magick_muted.get(seat)
        return mute is not None and mute[0] == self.state.hand_no

    def selecting(self) -> bool:
        return self.decision() in ("pass", "kill")

    def focus_on(self) -> str:
        """"card" or "button": what the cursor is on (only buttons outside a card selection)."""
        return self.focus_kind if self.selecting() else "button"

    def cursor_on_cards(self) -> bool:
        return self.focus_on() == "card"

    # --- defined by one mixin, called by another ---------------------------------------------------------
    def layout_hand(self) -> None:
        """Lift the chosen hand cards and ring the playable Magick (``NevermoreScene``)."""
        raise NotImplementedError

    def prompt_layout(self) -> tuple[pygame.Rect | None, list[Button]]:
        """The prompt panel and its buttons (``ScenePrompt``)."""
        raise NotImplementedError

    def draw_prompt(self, surface: pygame.Surface) -> None:
        """Draw the prompt (``ScenePrompt``)."""
        raise NotImplementedError

    def hover_magick(self) -> str | None:
        """The Magick card whose text to show (``ScenePrompt``)."""
        raise NotImplementedError

    def hint_rects(self, action: Action) -> list[pygame.Rect]:
        """Where the things that play ``action`` are (``ScenePrompt``)."""
        raise NotImplementedError
