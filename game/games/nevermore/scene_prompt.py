"""The human's decisions at the Nevermore table (a mixin of ``NevermoreScene``).

Every button stands for legal actions only (``self.state.legal_actions()``): passing and Raven kills by
selecting cards and confirming, Attack targets (buttons and the target plates), pecks, and Magick grouped by
card (a card with several ways to play it opens a second row: targets, suits or token orders).
"""

from __future__ import annotations

import pygame

from game.core.contracts import Action
from game.ui.hint_panel import HINT_TAG
from game.ui.text import draw_fitted, draw_text, fit_size, panel, wrap_cached
from game.ui.theme import blend, font

from .rules.actions import AttackAll, AttackPlayer, KillCards, NoMagick, PassCards, Peck, PlayMagick
from .rules.cards import PASSES, sort_cards
from .scene_base import NevermoreSceneBase
from .scene_view import SUIT_WORDS, Button, magick_name
from .text import MUTE_LABEL
from .tips import BACK_TIP, CLEAR_TIP, KILL_BUTTON_TIP, MUTE_TIP, NO_ANSWER_TIP, NO_MAGICK_TIP, NO_PECK_TIP, \
    PASS_BUTTON_TIP, answer_tip, answered_words, attack_all_tip, attack_tip, magick_tip, order_tip, peck_tip, \
    prompt_tip

KEYS_PREV = (pygame.K_LEFT, pygame.K_UP)
KEYS_NEXT = (pygame.K_RIGHT, pygame.K_DOWN)
KEYS_OK = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SHORT = {"attack": "Atk", "healing": "Heal", "radiance": "Rad", "victory": "Vic", "raven": "Raven"}
Focusable = tuple[str, int | Button]
"""A stop of the arrow keys: ("card", hand index) or ("button", a prompt button)."""
NOTE_TEXT = 15
"""Reference size of the prompt's note (the text of the Magick card to answer)."""
NOTE_WIDTH = 560
"""Reference width a prompt with a card's text (the Magick card to answer) is at least given, room allowing."""
HINT_TAG_TEXT = 14
"""Reference size of the hint's tag over the button it rings (``game.ui.hint_panel``): room is left for it."""
MAGICK_DECISIONS = ("magick", "respond")
"""The decisions of a Magick window: play a card in it, or answer one."""


class ScenePrompt(NevermoreSceneBase):
    """Prompt title, buttons and their input."""

    # --- what the human may do -----------------------------------------------------------------------------
    def need(self) -> int:
        legal = self.state.legal_actions()
        return len(legal[0].cards) if legal and isinstance(legal[0], (PassCards, KillCards)) else 0

    def selected_action(self) -> PassCards | KillCards | None:
        """The legal pass/kill matching the selected cards, or None."""
        _, shown = self.built()
        hand = shown.hand or []
        chosen = sort_cards(hand[i] for i in self.selection if i < len(hand))
        for action in self.state.legal_actions():
            if isinstance(action, (PassCards, KillCards)) and tuple(action.cards) == chosen:
                return action
        return None

    def selectable(self, index: int) -> bool:
        _, shown = self.built()
        hand = shown.hand or []
        if index >= len(hand):
            return False
        card = hand[index]
        return any(card in a.cards for a in self.state.legal_actions() if isinstance(a, (PassCards, KillCards)))

    def prompt_title(self) -> str:
        kind = self.decision()
        pending = self.state.pending
        me = self.seat_to_play
        if kind is None or pending is None or me is None:
            return ""
        if kind == "pass":
            n = PASSES[pending[2]]
            side = "left" if self.state.direction > 0 else "right"
            to = self.names[(me + self.state.direction) % self.state.num_players]
            return (f"Draft round {pending[2] + 1} of 3: choose {n} card{'s' if n > 1 else ''} to pass {side} "
                    f"to {to} ({len(self.selection)}/{n} chosen)")
        if kind == "kill":
            n = self.need()
            return f"Your Ravens kill {n} of your cards this hand: choose which ({len(self.selection)}/{n})"
        if kind == "attack":
            return f"You lead Attack with power {pending[2]}: choose whom to strike (or click a player)"
        if kind == "peck":
            who = ", ".join(self.names[t] for t in pending[3])
            return f"Your Raven leads {SUIT_WORDS[pending[2]]}: peck {who} for 1 damage each?"
        if kind in ("magick", "respond"):
            window = pending[2]
            answered = self.answered()
            if answered is not None:
                _, seat, card_id, target = answered[:4]
                on = "" if target < 0 else " on you" if target == me else f" on {self.names[target]}"
                head = f"{self.names[seat]} plays {magick_name(self.state.cards, card_id)}{on}: answer it?"
            elif window == "respond_damage" and self.state.incoming:
                inc = self.state.incoming[-1]
                src = f" from {self.names[inc[1]]}" if inc[1] >= 0 else ""
                who = "You are" if inc[2] == me else f"{self.names[inc[2]]} is"
                head = f"{who} about to take {inc[3]} damage{src}: respond?"
            elif window == "draft":
                head = "Before this pass: play a Magick card?"
            elif window == "after_draft":
                head = "The draft is over: play a Magick card before resolution?"
            elif window == "end_of_resolution":
                head = "End of resolution: play a Magick card?"
            elif window.startswith("before_suit:"):
                head = f"Before {SUIT_WORDS[window.split(':')[1]]} resolves: play a Magick card?"
            elif window.startswith("after_suit:"):
                head = f"After {SUIT_WORDS[window.split(':')[1]]}: play a Magick card?"
            else:
                head = "Play a Magick card?"
            if self.magick_pick:
                head = f"{magick_name(self.state.cards, self.magick_pick)}: choose how to play it"
                if self.order_prefix:
                    head += " (order so far: " + " > ".join(SUIT_WORDS[x] for x in self.order_prefix) + ")"
                elif any("," in a.choice for a in self.state.legal_actions()
                         if isinstance(a, PlayMagick) and a.card == self.magick_pick):
                    head = f"{magick_name(self.state.cards, self.magick_pick)}: which token resolves first?"
            return head
        return ""

    def answered(self) -> tuple | None:
        """The Magick card the viewer is asked to answer (its stack entry as the viewer sees it: uid, seat,
        card, target, choice, Raven text, what it answers), or None."""
        pending = self.state.pending
        if self.decision() != "respond" or pending is None or pending[2] != "respond_magick":
            return None
        return next((entry for entry in self.observation().stack if entry[0] == pending[4]), None)

    def prompt_note(self) -> str:
        """The line under the prompt's title: the title and full text of the Magick card to answer."""
        answered = self.answered()
        if answered is None:
            return ""
        card = self.state.cards.get(answered[2])
        title = magick_name(self.state.cards, answered[2])
        return answered_words(title, card.text if card is not None else "", answered[5])

    def prompt_panel_tip(self) -> str:
        """The tooltip of the prompt panel: what the decision is (the card to answer in full)."""
        answered = self.answered()
        if answered is None:
            return prompt_tip(self.decision() or "")
        card = self.state.cards.get(answered[2])
        return answer_tip(self.names[answered[1]], magick_name(self.state.cards, answered[2]),
                          card.text if card is not None else "", answered[5])

    def button_tip(self, button: Button) -> str:
        """What pressing a prompt button does."""
        action, kind = button.action, self.decision()
        cards = self.state.cards
        pending = self.state.pending
        if kind == "pass" and not isinstance(action, tuple):
            return PASS_BUTTON_TIP
        if kind == "kill" and not isinstance(action, tuple):
            return KILL_BUTTON_TIP
        if isinstance(action, AttackPlayer) and pending is not None:
            return attack_tip(self.names[action.target], pending[2], self.state.p("transform_vp"))
        if isinstance(action, AttackAll):
            return attack_all_tip(self.state.p("attack_all_vp"))
        if isinstance(action, Peck):
            targets = [self.names[t] for t in pending[3]] if pending is not None and pending[0] == "peck" else []
            return peck_tip(targets) if action.yes else NO_PECK_TIP
        if isinstance(action, NoMagick):
            return NO_ANSWER_TIP if kind == "respond" else NO_MAGICK_TIP
        if isinstance(action, PlayMagick) or (isinstance(action, tuple) and action[0] == "pick"):
            return magick_tip(button.preview or "", cards)
        if isinstance(action, tuple) and action[0] == "order":
            return order_tip(len(self.order_prefix), action[1])
        if isinstance(action, tuple) and action[0] == "back":
            return BACK_TIP
        if isinstance(action, tuple) and action[0] == "mute":
            return MUTE_TIP
        return CLEAR_TIP

    def option_label(self, action: PlayMagick) -> str:
        parts = []
        if action.target >= 0:
            parts.append(f"on {self.names[action.target]}")
        if action.choice:
            if "," in action.choice:
                parts.append(" > ".join(SHORT.get(x, x) for x in action.choice.split(",")))
            else:
                parts.append(f"as {SUIT_WORDS.get(action.choice, action.choice)}")
        return " ".join(parts) or "Play it"

    def prompt_buttons(self) -> list[Button]:
        kind = self.decision()
        legal = self.state.legal_actions()
        if kind in ("pass", "kill"):
            action = self.selected_action()
            word = "Pass" if kind == "pass" else "Kill"
            out = [Button(f"{word} these", action, action is not None)]
            if self.selection:
                out.append(Button("Clear", ("clear",)))
            return out
        if kind == "attack":
            pending = self.state.pending
            assert pending is not None  # the viewer has an attack to choose
            out = []
            for action in legal:
                if isinstance(action, AttackPlayer):
                    out.append(Button(f"Attack {self.names[action.target]} ({pending[2]})", action))
                elif isinstance(action, AttackAll):
                    vp = self.state.p("attack_all_vp")
                    out.append(Button(f"1 damage to every other human (+{vp} VP)", action))
            return out
        if kind == "peck":
            return [Button("Peck", Peck(True)), Button("Don't peck", Peck(False))]
        if kind in ("magick", "respond"):
            plays = [a for a in legal if isinstance(a, PlayMagick)]
            if self.magick_pick:
                options = [a for a in plays if a.card == self.magick_pick]
                if options and any("," in a.choice for a in options):
                    return self.order_buttons(options)
                if options:
                    buttons = [Button(self.option_label(a), a, preview=a.card) for a in options]
                    return buttons + [Button("Back", ("back",))]
                self.magick_pick = None
            out = []
            for card_id in dict.fromkeys(a.card for a in plays):
                options = [a for a in plays if a.card == card_id]
                name = magick_name(self.state.cards, card_id)
                if len(options) == 1:
                    label = f"Play {name}" + (f" {self.option_label(options[0])}" if self.option_label(options[0])
                                               != "Play it" else "")
                    out.append(Button(label, options[0], preview=card_id))
                else:
                    out.append(Button(f"Play {name}, then choose", ("pick", card_id), preview=card_id))
            out += [Button("No magick", a) for a in legal if isinstance(a, NoMagick)]
            return out + [Button(MUTE_LABEL, ("mute",))]
        return []

    def order_buttons(self, options: list[PlayMagick]) -> list[Button]:
        """A token order chosen one position at a time (not every permutation at once)."""
        prefix = self.order_prefix
        matching = [a for a in options if a.choice.split(",")[:len(prefix)] == prefix]
        if not matching:
            self.order_prefix = prefix = []
            matching = options
        back = [Button("Back", ("back",))]
        if len(matching) == 1:
            return [Button(f"Play: {self.option_label(matching[0])}", matching[0], preview=matching[0].card)] + back
        place = ("First", "Second", "Third", "Fourth", "Fifth")[min(4, len(prefix))]
        nexts = dict.fromkeys(a.choice.split(",")[len(prefix)] for a in matching)
        return [Button(f"{place}: {SUIT_WORDS.get(x, x)}", ("order", x), preview=matching[0].card)
                for x in nexts] + back

    # --- layout ---------------------------------------------------------------------------------------------
    def prompt_layout(self) -> tuple[pygame.Rect | None, list[Button]]:
        """The prompt panel and its buttons with their rects (flowing into rows, growing upwards)."""
        if self.decision() is None or self.geo is None:
            return None, []
        lay = self.layout
        u = lay.px
        buttons = self.prompt_buttons()
        size = lay.text_px(16)
        face = font(size, bold=True)
        table = self.table_rect()
        max_w = table.w - u(40)
        bh, gap = u(32), u(6)
        rows: list[list[Button]] = [[]]
        width = 0
        for b in buttons:
            w = min(max_w - u(24), face.size(b.label)[0] + u(26))
            b.rect = pygame.Rect(0, 0, w, bh)
            if rows[-1] and width + gap + w > max_w - u(24):
                rows.append([])
                width = 0
            width += (gap if rows[-1] else 0) + w
            rows[-1].append(b)
        rooms = self.hint_tag_rooms(rows)
        title = self.prompt_title()
        title_w = font(lay.text_px(17), bold=True).size(title)[0] + u(30)
        note = self.prompt_note()
        widest = max([self.row_width(r, gap) + u(24) for r in rows] + [title_w, u(360), u(NOTE_WIDTH) if note else 0])
        width = min(max_w, widest)
        note_h = len(self.note_lines(note, width)) * font(lay.text_px(NOTE_TEXT)).get_linesize()
        extra = (u(22) if self.caption_text else 0) + note_h + (u(4) if note else 0)
        rect = pygame.Rect(0, 0, width, u(36) + extra + len(rows) * (bh + gap) + sum(rooms) + u(4))
        rect.midbottom = (table.centerx, self.geo.prompt_bottom)
        y = rect.y + u(34) + extra
        for r, room in zip(rows, rooms):
            y += room
            x = rect.centerx - self.row_width(r, gap) // 2
            for b in r:
                assert b.rect is not None  # sized above
                b.rect.topleft = (x, y)
                x += b.rect.w + gap
            y += bh + gap
        return rect, buttons

    @staticmethod
    def row_width(row: list[Button], gap: int) -> int:
        """A row of sized buttons, side by side ``gap`` apart."""
        return sum(b.rect.w for b in row if b.rect is not None) + gap * (len(row) - 1)

    def hint_tag_rooms(self, rows: list[list[Button]]) -> list[int]:
        """Room over each row of buttons for the hint's tag: over a row that holds the button a hint rings (none
        over the others), so that the tag covers neither the prompt's text nor the row above."""
        hinted = self.hinted()
        tag = font(self.layout.text_px(HINT_TAG_TEXT), bold=True).size(HINT_TAG)[1] + self.layout.px(4)
        return [tag if hinted is not None and any(self.button_plays(b, hinted) for b in row) else 0 for row in rows]

    def note_lines(self, note: str, width: int) -> tuple[str, ...]:
        """The prompt's note wrapped inside a panel ``width`` wide."""
        return wrap_cached(note, self.layout.text_px(NOTE_TEXT), width - self.layout.px(24)) if note else ()

    def focusables(self) -> list[Focusable]:
        """What the arrow keys step through: hand cards when selecting, then the buttons."""
        out: list[Focusable] = []
        if self.selecting():
            _, shown = self.built()
            out += [("card", i) for i in range(len(shown.hand or [])) if self.selectable(i)]
        _, buttons = self.prompt_layout()
        out += [("button", b) for b in buttons if b.enabled]
        return out

    def focused_button(self) -> Button | None:
        if self.focus_on() != "button":
            return None
        _, buttons = self.prompt_layout()
        live = [b for b in buttons if b.enabled]
        return live[self.cursor] if 0 <= self.cursor < len(live) else None

    def draw_prompt(self, surface: pygame.Surface) -> None:
        rect, buttons = self.prompt_layout()
        if rect is None:
            return
        lay, pal = self.layout, self.app.palette
        u = lay.px
        panel(surface, rect, pal.panel, pal.focus, radius=u(10), alpha=240, width=max(2, u(2)))
        title = self.prompt_title()
        top = rect.y
        if self.caption_text:
            line = self.caption_text
            draw_text(surface, line, fit_size(line, lay.text_px(14), rect.w - u(20)), pal.text_dim,
                      (rect.centerx, rect.y + u(14)), anchor="center")
            top += u(22)
        draw_text(surface, title, fit_size(title, lay.text_px(17), rect.w - u(20), bold=True), pal.focus,
                  (rect.centerx, top + u(17)), anchor="center", bold=True)
        self.explain(rect, self.prompt_panel_tip())
        self.keep_clear_of_tips(rect)
        step = font(lay.text_px(NOTE_TEXT)).get_linesize()
        y = top + u(34)
        for line in self.note_lines(self.prompt_note(), rect.w):
            draw_text(surface, line, lay.text_px(NOTE_TEXT), pal.text, (rect.centerx, y), anchor="midtop")
            y += step
        live = [b for b in buttons if b.enabled]
        focus = live[self.cursor] if self.focus_on() == "button" and 0 <= self.cursor < len(live) else None
        size = lay.text_px(16)
        for b in buttons:
            assert b.rect is not None  # prompt_layout placed every button
            hot = b is focus
            fill = (blend(pal.panel, pal.accent, 0.6 if hot else 0.12) if b.enabled
                    else blend(pal.panel, pal.background, 0.5))
            panel(surface, b.rect, fill, pal.focus if hot else pal.panel_edge, radius=u(7),
                  width=max(2, u(3)) if hot else max(1, u(1)))
            draw_fitted(surface, b.label, size, pal.text if b.enabled else pal.text_dim,
                        b.rect.inflate(-u(10), -u(4)), centre=True, bold=True)  # a long card title wraps, never cut
            self.explain(b.rect, self.button_tip(b))

    # --- input ----------------------------------------------------------------------------------------------
    def handle_input(self, event: pygame.event.Event) -> None:
        if self.decision() is None:
            return
        items = self.focusables()
        if event.type == pygame.MOUSEMOTION:
            hit = self.item_at(event.pos, items)
            if hit is not None:
                self.set_focus(items, hit)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.item_at(event.pos, items)
            if hit is not None:
                self.set_focus(items, hit)
                self.activate(hit)
                return
            seat = self.plate_at(event.pos)
            if seat is not None and self.decision() == "attack":
                self.choose(AttackPlayer(seat))
        elif event.type == pygame.KEYDOWN and items:
            index = self.item_index(items)
            if event.key in KEYS_PREV + KEYS_NEXT:
                step = -1 if event.key in KEYS_PREV else 1
                self.set_focus(items, items[(index + step) % len(items)])
            elif event.key in KEYS_OK:
                self.activate(items[index])

    def item_index(self, items: list[Focusable]) -> int:
        on = self.focus_on()
        for i, (kind, obj) in enumerate(items):
            if kind == on == "card" and obj == self.cursor:
                return i
        live = [obj for kind, obj in items if kind == "button"]
        if on == "button" and 0 <= self.cursor < len(live):
            return len(items) - len(live) + self.cursor
        return 0

    def set_focus(self, items: list[Focusable], item: Focusable) -> None:
        kind, obj = item
        self.focus_kind = kind
        if isinstance(obj, int):  # a card
            self.cursor = obj
        else:
            live = [o for k, o in items if k == "button"]
            self.cursor = live.index(obj) if obj in live else 0

    def item_at(self, pos: tuple[int, int], items: list[Focusable]) -> Focusable | None:
        for kind, obj in items:
            if isinstance(obj, Button) and obj.rect is not None and obj.rect.collidepoint(pos):
                return (kind, obj)
        cards = [c for c in self.hand_cards if c.visible and c.contains(pos)]
        if cards:
            top = max(cards, key=lambda c: c.z)
            for kind, obj in items:
                if kind == "card" and obj == top.index:
                    return (kind, obj)
        if self.decision() in ("magick", "respond") and not self.magick_pick:
            for card in self.magick_cards:
                if card.contains(pos):
                    for kind, obj in items:
                        if isinstance(obj, Button) and obj.preview == card.code:
                            return (kind, obj)
        return None

    def plate_at(self, pos: tuple[int, int]) -> int | None:
        geo, _ = self.built()
        for seat, rect in geo.plates.items():
            if rect.collidepoint(pos):
                return seat
        return None

    def activate(self, item: Focusable) -> None:
        _, obj = item
        if isinstance(obj, int):  # a card
            if obj in self.selection:
                self.selection.discard(obj)
            elif len(self.selection) < self.need():
                self.selection.add(obj)
            self.layout_hand()
            return
        action = obj.action
        if isinstance(action, tuple):
            if action[0] == "pick":
                self.magick_pick, self.focus_kind, self.cursor = action[1], "button", 0
                self.order_prefix = []
            elif action[0] == "order":
                self.order_prefix = self.order_prefix + [action[1]]
                self.cursor = 0
            elif action[0] == "back":
                if self.order_prefix:
                    self.order_prefix = self.order_prefix[:-1]
                else:
                    self.magick_pick = None
                self.focus_kind, self.cursor = "button", 0
            elif action[0] == "clear":
                self.selection.clear()
                self.layout_hand()
            elif action[0] == "mute" and self.seat_to_play is not None:
                self.magick_muted[self.seat_to_play] = (self.state.hand_no, len(self.record.actions))
                self.choose(NoMagick())
            return
        if obj.enabled and action is not None:
            self.choose(action)

    def auto_pass(self) -> bool:
        """Pass a human's Magick window for them, as they could themselves: when no card of theirs can be played
        in it, or when they asked not to be asked again this hand. A table convenience like playing a forced
        move; the rules and the AIs are untouched, and the decision a take-back went back to is always shown.
        Whether it passed."""
        state = self.state
        pending = state.pending
        if self.script is not None or pending is None or pending[0] not in MAGICK_DECISIONS or \
                self.awaiting_handoff or self.holding() or len(self.record.actions) == self.taken_back_to:
            return False
        seat = state.current_player()
        legal = state.legal_actions()
        if seat not in self.humans or not (self.muted(seat) or not any(isinstance(a, PlayMagick) for a in legal)):
            return False
        self.submit(NoMagick())
        return True

    def choose(self, action: Action) -> None:
        if action in self.state.legal_actions():
            self.selection.clear()
            self.magick_pick, self.order_prefix = None, []
            self.focus_kind, self.cursor = "card", 0
            self.submit(action)

    def hover_magick(self) -> str | None:
        """The Magick card whose text to show: under the mouse in the viewer's Magick hand, else the card the
        viewer is asked to answer, else the focused card button of a Magick prompt."""
        if self.tweens.busy:
            return None
        for card in self.magick_cards:
            if card.visible and card.contains(self.mouse):
                return card.code
        answered = self.answered()
        if answered is not None:
            return answered[2]
        button = self.focused_button() if self.decision() in ("magick", "respond") else None
        return button.preview if button is not None else None

    def focus_rect(self) -> pygame.Rect | None:
        """The focused hand card or prompt button (its tooltip shows when the keyboard's focus rests)."""
        if self.decision() is None or self.geo is None:
            return None
        if self.cursor_on_cards():
            return next((c.rect for c in self.hand_cards if c.index == self.cursor and c.visible), None)
        button = self.focused_button()
        return pygame.Rect(button.rect) if button is not None and button.rect is not None else None

    def hint_rects(self, action: Action) -> list[pygame.Rect]:
        """Where the things that play ``action`` are: its cards in hand, its Magick card, its button, the
        plate of the seat it attacks."""
        rects: list[pygame.Rect] = []
        if isinstance(action, (PassCards, KillCards)):
            wanted = list(action.cards)
            for card in self.hand_cards:
                if card.visible and card.code in wanted:
                    wanted.remove(card.code)
                    rects.append(card.rect)
        if isinstance(action, PlayMagick):
            rects += [c.rect for c in self.magick_cards if c.visible and c.code == action.card][:1]
        if isinstance(action, AttackPlayer) and self.geo is not None:
            rects.append(self.geo.plate(action.target))
        _, buttons = self.prompt_layout()
        for b in buttons:
            if b.rect is not None and self.button_plays(b, action):
                rects.append(b.rect)
        return rects

    def button_plays(self, button: Button, action: Action) -> bool:
        """Whether pressing ``button`` plays ``action`` or is the next step towards it."""
        if button.action == action:
            return True
        if isinstance(action, PlayMagick) and isinstance(button.action, tuple):
            if button.action == ("pick", action.card):
                return True
            prefix = self.order_prefix
            order = action.choice.split(",")
            return (button.action[0] == "order" and self.magick_pick == action.card and len(order) > len(prefix)
                    and order[:len(prefix)] == prefix and button.action[1] == order[len(prefix)])
        return False
