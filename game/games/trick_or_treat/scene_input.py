"""Trick or Treat's input at the table: the hand's cards picked by pointer or arrows, the action strip's joker
Low / High and candy buttons, the pot's candy clicked or numbered; each choice submitted only if legal."""

from __future__ import annotations

import pygame

from game.core.contracts import Action
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat.scene_base import TrickOrTreatSceneBase
from game.games.trick_or_treat.scene_layout import card_text

PICK_KEYS = [pygame.K_1 + i for i in range(9)]
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PREV_KEYS = (pygame.K_LEFT, pygame.K_UP)
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN)
STRIP_TOP = 48
"""Reference units from the action strip's top to its buttons: room for the prompt and a hint ring's tag."""
HIGH_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
"""Declare the joker high ("=" is "+" without Shift); H is the hint key at every table."""
LOW_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
"""Declare the joker low."""


class SceneInput(TrickOrTreatSceneBase):
    """The human's choices at the table: which card, which way a joker counts, which candy."""

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._hover(event.pos)
        super().handle(event)

    def _hover(self, pos: tuple[int, int]) -> None:
        phase = self.state.phase
        if phase == r.PLAY:
            index = next((i for i in range(len(self.hand) - 1, -1, -1) if self.hand[i].contains(pos)), None)
            if index is not None:
                self.cursor = index
        else:
            for rect, value, _ in self._buttons():
                if rect.collidepoint(pos):
                    self.choice = value

    def _legal(self, action: Action) -> bool:
        return action in self.state.legal_actions()

    def _try(self, action: Action) -> bool:
        if not self._legal(action):
            return False
        self.submit(action)
        return True

    def handle_input(self, event: pygame.event.Event) -> None:
        phase = self.state.phase
        if phase == r.PLAY:
            self._input_play(event)
            return
        buttons = self._buttons()
        values = [value for _, value, enabled in buttons if enabled]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, value, enabled in buttons:
                if rect.collidepoint(event.pos) and enabled:
                    self._choose(value)
                    return
            if phase == r.PICK:
                kind = self._pot_kind_at(event.pos)
                if kind is not None:
                    self._choose(kind)
        elif event.type == pygame.KEYDOWN:
            if event.key in PREV_KEYS + NEXT_KEYS and values:
                step = 1 if event.key in NEXT_KEYS else -1
                at = values.index(self.choice) if self.choice in values else -step
                self.choice = values[(at + step) % len(values)]
            elif event.key in CONFIRM_KEYS and self.choice in values:
                self._choose(self.choice)
            elif phase == r.DECLARE and event.key in HIGH_KEYS + LOW_KEYS:
                self._choose(1 if event.key in HIGH_KEYS else 0)
            elif phase == r.PICK and event.key in PICK_KEYS:
                self._choose(PICK_KEYS.index(event.key))

    def _choose(self, value: int) -> None:
        if self.state.phase == r.DECLARE:
            self._try(r.Declare(bool(value)))
        elif self.state.phase == r.PICK and 0 <= value < len(self.state.rules.kinds):
            self._try(r.TakeCandy(self.state.rules.kinds[value]))

    def _input_play(self, event: pygame.event.Event) -> None:
        if not self.hand:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = next((i for i in range(len(self.hand) - 1, -1, -1) if self.hand[i].contains(event.pos)), None)
            if index is not None:
                self._play(index)
        elif event.type == pygame.KEYDOWN:
            if event.key in PREV_KEYS + NEXT_KEYS:
                self.cursor = (self.cursor + (1 if event.key in NEXT_KEYS else -1)) % len(self.hand)
            elif event.key in CONFIRM_KEYS:
                self._play(self.cursor)

    def _play(self, index: int) -> None:
        self._try(r.PlayCard(self.hand_label(index)))

    def hand_label(self, index: int) -> str:
        """The play label (``8``, ``coloured joker``) of the card at ``index`` in the shown hand."""
        return r.play_label(r.parse_card(card_text(self.hand[index].card_id or "")))

    def _pot_kind_at(self, pos: tuple[int, int]) -> int | None:
        reach = self.geo.candy * 0.6
        for index, kind in enumerate(self.pot_slots):
            if kind is not None and index not in self.pending:
                x, y = self._slot_pos(index)
                if abs(pos[0] - x) <= reach and abs(pos[1] - y) <= reach:
                    return kind
        return None

    def _buttons(self) -> list[tuple[pygame.Rect, int, bool]]:
        """The action strip's buttons now: (rect, value, legal) - joker Low/High, or one per candy kind."""
        strip, lay = self.geo.hand, self.layout
        if strip is None or self.viewer is None or self.state.current_player() != self.viewer:
            return []
        body = pygame.Rect(strip.x, strip.y + lay.px(STRIP_TOP), strip.w, strip.h - lay.px(STRIP_TOP + 6))
        if self.state.phase == r.DECLARE:
            w = min(lay.px(250), body.w // 2 - lay.px(20))
            return [(pygame.Rect(body.centerx - lay.px(10) - w, body.y, w, body.h), 0, True),
                    (pygame.Rect(body.centerx + lay.px(10), body.y, w, body.h), 1, True)]
        if self.state.phase == r.PICK:
            kinds = self.state.rules.kinds
            gap = lay.px(10)
            w = min(lay.px(170), (body.w - gap * (len(kinds) - 1)) // len(kinds))
            left = body.centerx - (w * len(kinds) + gap * (len(kinds) - 1)) // 2
            legal = {a.kind for a in self.state.legal_actions() if isinstance(a, r.TakeCandy)}
            return [(pygame.Rect(left + i * (w + gap), body.y, w, body.h), i, name in legal)
                    for i, name in enumerate(kinds)]
        return []
