"""``ReapersSceneBase``: the attributes of the Reapers table, declared once for ``ReapersScene`` and its
mixins (``SceneDrawing``, ``SceneAnimation``), with the helpers more than one of them calls.

It imports none of the mixins: they import it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.core.contracts import Action
from game.games.reapers import rules as r
from game.games.reapers.cards import WAGERS
from game.games.reapers.scene_hand_end import Breakdown
from game.games.reapers.scene_view import Card, Geometry, hands_face_down
from game.ui.table import TableScene
from game.ui.tooltip import Tip

LayerKey = tuple[int, int, bool, int, bool, bool, str]
"""What the cached table layer shows: ids of the view and geometry, deciding, the seat to move, the memory
aid shown and set, the palette's name."""


class ReapersSceneBase(TableScene):
    """What every part of ``ReapersScene`` reads and writes (set in ``ReapersScene.__init__`` and ``build``)."""

    state: r.ReapersState
    """The game is always Reapers here (``TableScene`` knows only a ``GameState``)."""
    geo: Geometry | None
    view: r.ReapersObservation | None
    """What the table shows: the view at the last ``build``, moved on event by event as animations end
    (``scene_step.shown_after``); under the hand-end overlay, the played-out hand."""
    view_after: r.ReapersObservation | None
    """The view once every queued animation has played (``view_now`` after the last action): the next
    action's steps start from it."""
    sprites: list[Card]
    pile_cards: dict[int, list[Card]]
    hand_cards: dict[int, list[Card]]
    grave_cards: list[Card]
    trick_cards: list[tuple[int, Card]]
    trump_card: Card | None
    breakdown: Breakdown | None
    flash_text: str
    flash_left: float
    focus_action: Action | None
    aid_shown: bool
    _layer: tuple[LayerKey, pygame.Surface, tuple[Tip, ...]] | None
    """(key, surface, tips): the table drawn without its sprites, redrawn only when what it shows changes, with
    the tips of what it shows (explained again each frame)."""
    _frozen: tuple[tuple[int, int], pygame.Surface, tuple[Tip, ...]] | None
    """(key, surface, tips): the whole table under the hand-end overlay (nothing moves there), and its tips."""

    # --- what the viewer may see --------------------------------------------------------------------
    def view_now(self) -> r.ReapersObservation:
        """The viewer's observation, or the public facts with hands face down for a spectator; in a finished
        game's replay (``show_all_hands``) every hand and the true wagers, as nothing is secret any more."""
        obs = self.observation()
        assert isinstance(obs, r.ReapersObservation)
        if self.show_all_hands:
            return replace(obs, wagers=tuple(self.state.wagers))
        return obs if self.viewer is not None else hands_face_down(obs)

    def hands_hidden(self) -> bool:
        """Whether the view's hands are face down (``None`` for each card): a spectator's, unless all is shown."""
        return self.viewer is None and not self.show_all_hands

    def me(self) -> int:
        return self.viewer if self.viewer is not None else 0

    # --- what the viewer may choose -------------------------------------------------------------------
    def choices(self) -> list[tuple[Action, pygame.Rect]]:
        """The legal actions the viewer may pick now, each with where it is on screen."""
        if self.geo is None:
            return []
        legal = self.state.legal_actions()
        out: list[tuple[Action, pygame.Rect]] = []
        for action in legal:
            if isinstance(action, r.TakePile) and self.pile_cards.get(action.pile):
                cards = self.pile_cards[action.pile]
                out.append((action, cards[0].rect.unionall([c.rect for c in cards[1:]])))
            elif isinstance(action, r.PlaceWager):
                out.append((action, self.geo.wager_buttons[WAGERS.index(action.wager)]))
            elif isinstance(action, r.PlayCard):
                hand = [c for c in self.hand_cards.get(self.me(), []) if c.code == action.card]
                if hand:
                    out.append((action, hand[-1].rect))
        return out

    def take_tips(self, start: int) -> tuple[Tip, ...]:
        """The tips explained since the board held ``start``, taken off it: kept with a cached drawing and
        explained again (``explain_again``) each frame the drawing is shown."""
        taken = tuple(self.tips.tips[start:])
        del self.tips.tips[start:]
        return taken

    def explain_again(self, tips: tuple[Tip, ...]) -> None:
        for tip in tips:
            self.explain(tip.rect, tip.text)

    def focus_index(self, choices: list[tuple[Action, pygame.Rect]]) -> int:
        actions = [a for a, _ in choices]
        return actions.index(self.focus_action) if self.focus_action in actions else 0

