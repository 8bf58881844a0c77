"""Drawing the Reapers table (a mixin of ``ReapersScene``): seat panels, wagers, the side column with the
trump card, Graveyard and discard, the prompt, the wager choices and the hand-end overlay.

It draws only from ``self.view``: the viewer's observation (or the public view for a spectator) as the
animations have shown it so far, never the state the rules have already moved on to. Everything drawn is
explained as it is drawn (``self.explain`` with a text from ``tips``); what the cached layer and the frozen
overlay show keeps its tips beside the cached surface, explained again each frame.
"""

from __future__ import annotations

import pygame

from game.core.contracts import Action
from game.games.reapers import rules as r
from game.games.reapers import tips
from game.games.reapers.cards import SUIT_NAMES, WAGERS
from game.games.reapers.rules import hand_points
from game.games.reapers.scene_base import ReapersSceneBase
from game.games.reapers.scene_hand_end import draw_breakdown, wager_sign
from game.games.reapers.scene_view import CHIP_H, Card, chip, lowest_on_top, unplayed
from game.games.reapers.text import aid_heading, prompt_lines
from game.ui import assets
from game.ui.score_table import fit_label
from game.ui.sprites import draw_sprites
from game.ui.text import draw_text, fit_size, panel
from game.ui.theme import blend

PROMPT_HEIGHT = 46
"""Reference height of the prompt and its detail line at the top of the centre."""
WAGER_TITLES = {"fewest": ("<", "Fewest points"), "second": ("2nd", "Second most points"),
                "none": ("-", "No wager")}


class SceneDrawing(ReapersSceneBase):
    """``draw_table`` and its parts."""

    def draw_table(self, surface: pygame.Surface) -> None:
        table = self.table_rect()
        obs, geo = self.view, self.geo
        if obs is None or geo is None:
            surface.blit(assets.background(table.size), table.topleft)
            return
        overlay = None if self.tweens.busy else self.breakdown  # the breakdown shows once the animations end
        if overlay is not None and self._frozen is not None and self._frozen[0] == (id(overlay), id(geo)):
            surface.blit(self._frozen[1], table.topleft)  # nothing moves under the overlay
            self.explain_again(self._frozen[2])
            return
        start = len(self.tips.tips)
        deciding = self.seat_to_play is not None and self.breakdown is None
        surface.blit(self.table_layer(), table.topleft)
        if self._layer is not None:
            self.explain_again(self._layer[2])
        self.keep_clear_of_tips(self.prompt_rect())
        self.draw_choices(surface, obs, deciding)
        draw_sprites(surface, self.sprites)
        self.explain_sprites(obs, deciding)
        self.draw_hint(surface, deciding)
        self.draw_flash(surface)
        if overlay is not None:
            draw_breakdown(surface, self.layout, self.app.palette, table, self.names, overlay, self.viewer,
                           obs.config, self.explain)
            self._frozen = ((id(overlay), id(geo)), surface.subsurface(table).copy(), self.take_tips(start))
            self.explain_again(self._frozen[2])

    def table_layer(self) -> pygame.Surface:
        """The table without its sprites (background, seats, side column, prompt), redrawn only when what it
        shows changes: the view, the turn, the memory aid, the palette."""
        obs, geo = self.view, self.geo
        deciding = self.seat_to_play is not None and self.breakdown is None
        live = -1 if self.state.is_terminal() else self.state.current_player()  # the name plates ring it
        key = (id(obs), id(geo), deciding, live, self.aid_shown, self.app.settings.memory_aid, self.app.palette.name)
        if self._layer is None or self._layer[0] != key:
            assert obs is not None and geo is not None  # a key is asked for only after a build
            size = self.table_rect().size
            layer = pygame.Surface(size)
            layer.blit(assets.background(size), (0, 0))
            start = len(self.tips.tips)
            for seat in geo.opps:
                self.draw_seat(layer, seat, obs)
            self.draw_seat(layer, geo.me, obs)
            self.draw_side(layer, obs)
            self.draw_prompt(layer, obs, deciding)
            self.draw_pile_numbers(layer, obs)
            self._layer = (key, layer, self.take_tips(start))
        return self._layer[1]

    # --- seats ------------------------------------------------------------------------------------------
    def draw_seat(self, surface: pygame.Surface, seat: int, obs: r.ReapersObservation) -> None:
        lay, pal, geo = self.layout, self.app.palette, self.geo
        assert geo is not None
        u = lay.px
        area = geo.panel(seat)
        name = self.names[seat]
        panel(surface, area, pal.panel, pal.panel_edge, radius=u(10), alpha=150, width=1)
        self.explain(area, tips.SEAT_PANEL_TIP.format(name=name))
        self.draw_badge(surface, seat, geo.badge_centre(seat))
        placed = obs.wagered[seat]
        if placed or obs.phase == r.WAGER:
            shown = obs.wagers[seat] if placed else None
            self._draw_wager(surface, seat, geo.wager_rect(seat), placed, shown)
            self.explain(geo.wager_rect(seat), tips.wager_slot_tip(name, placed, shown, obs.config,
                                                                   seat == self.viewer, self.show_all_hands))
        small = lay.text_px(14)
        count = len(obs.hands[seat])
        pile = obs.score_piles[seat]
        notes = []
        if obs.config.pairs_per_player:
            notes.append("pair taken" if obs.pairs_taken[seat] >= obs.config.pairs_per_player else "no pair yet")
        pair_note = notes[0] if notes else ""
        if seat != geo.me:
            if self.aid_shown:
                cards = unplayed(obs, seat)
                head = aid_heading(len(cards), obs.phase == r.DRAFT) + (f"  ({notes[0]})" if notes else "")
                shown_at = draw_text(surface, head, small, pal.text_dim, (area.x + u(4), area.y + u(55)))
                self.explain(shown_at, tips.aid_list_tip(name, len(cards)))
                rows = pygame.Rect(area.x + u(4), area.y + u(74), area.w - u(8), u(CHIP_H) * 2 + u(3))
                chips = geo.chip_rects(rows, len(cards))
                for code, rect in zip(cards, chips):
                    surface.blit(chip(code, rect.size, pal), rect)
                    self.explain(rect, tips.aid_chip_tip(code, name, obs))
            else:
                right = geo.mini_positions(seat, max(count, 1), face_up=self.show_all_hands)[-1][0] + \
                    geo.mini_size[0] / 2 + u(8)
                text = f"{count} card{'s' if count != 1 else ''}" + "".join(f" · {n}" for n in notes)
                shown_at = draw_text(surface, text, small, pal.text, (round(right), area.y + u(80)),
                                     anchor="midleft")
                self.explain(shown_at, tips.hand_count_tip(name, count, pair_note))
        else:
            score = f"score pile {hand_points(pile, obs.config.demon_value)}" if pile else "score pile empty"
            info = f"{count} in hand · {score}" + "".join(f" · {n}" for n in notes)
            shown_at = draw_text(surface, info, fit_size(info, small, area.w - u(12)), pal.text,
                                 (area.x + u(6), area.y + u(60)))
            self.explain(shown_at, tips.own_line_tip(count, pile, pair_note, obs))
        chip_area = geo.chip_area(seat)
        pile_tip = tips.score_pile_tip(name, pile, obs.config.demon_value)
        if seat != geo.me and not pile:
            shown_at = draw_text(surface, "Score pile: empty", small, pal.text_dim, (chip_area.x, chip_area.y + u(2)))
            self.explain(shown_at, pile_tip)
        rects = geo.chip_rects(chip_area, len(pile))
        if rects:
            self.explain(rects[0].unionall(rects), pile_tip)
        for code, rect in zip(pile, rects):
            surface.blit(chip(code, rect.size, pal), rect)
            self.explain(rect, tips.score_chip_tip(code, name, obs))

    def _draw_wager(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, placed: bool,
                    shown: str | None) -> None:
        """A seat's wager card: an empty place, face down (``?``) or, when this screen may know it, its sign."""
        lay, pal = self.layout, self.app.palette
        radius = lay.px(6)
        if not placed:
            pygame.draw.rect(surface, pal.panel_edge, rect, max(1, lay.px(2)), border_radius=radius)
            draw_text(surface, "...", lay.text_px(14), pal.text_dim, rect.center, anchor="center")
            return
        if shown is None:
            pygame.draw.rect(surface, (40, 24, 48), rect, border_radius=radius)
            pygame.draw.rect(surface, (150, 110, 170), rect, max(1, lay.px(2)), border_radius=radius)
            draw_text(surface, "?", lay.text_px(24), (210, 190, 220), rect.center, anchor="center", bold=True)
            return
        pygame.draw.rect(surface, pal.card_face, rect, border_radius=radius)
        pygame.draw.rect(surface, pal.focus, rect, max(1, lay.px(2)), border_radius=radius)
        sign = wager_sign(shown)
        size = fit_size(sign, lay.text_px(22), rect.w - lay.px(4), bold=True, minimum=14)
        draw_text(surface, sign, size, pal.card_ink, rect.center, anchor="center", bold=True)

    # --- trump, Graveyard, discard ------------------------------------------------------------------------
    def draw_side(self, surface: pygame.Surface, obs: r.ReapersObservation) -> None:
        lay, pal, geo = self.layout, self.app.palette, self.geo
        assert geo is not None
        u = lay.px
        small = lay.text_px(14)
        sw, sh = geo.side_size
        top = geo.trump_pos[1] - sh // 2 - u(18)
        if obs.trump:
            trump_tip = tips.trump_tip(obs)
            shown_at = draw_text(surface, "Trump", small, pal.accent, (geo.trump_pos[0], top), anchor="midtop",
                                 bold=True)
            self.explain(shown_at, trump_tip)
            suit = SUIT_NAMES.get(obs.trump_suit, "")
            shown_at = draw_text(surface, suit, small, pal.text,
                                 (geo.trump_pos[0], geo.trump_pos[1] + sh // 2 + u(2)), anchor="midtop")
            self.explain(shown_at, trump_tip)
        grave = obs.graveyard
        grave_tip = tips.graveyard_tip(obs)
        self.explain(pygame.Rect(geo.grave_x, geo.trump_pos[1] - sh // 2, sw + u(22) * max(0, len(grave) - 1), sh),
                     grave_tip)
        shown_at = draw_text(surface, "Graveyard", small, pal.accent, (geo.grave_x, top), bold=True)
        self.explain(shown_at, grave_tip)
        below = (geo.grave_x, geo.trump_pos[1] + sh // 2 + u(2))
        if obs.phase == r.DRAFT:
            shown_at = draw_text(surface, "the last pile", small, pal.text_dim, below)
        elif grave:
            on_top = "lowest" if lowest_on_top(len(obs.hands)) else "highest"
            shown_at = draw_text(surface, f"{len(grave)} left, {on_top} on top", small, pal.text, below)
        else:
            shown_at = draw_text(surface, "empty", small, pal.text_dim, below)
        self.explain(shown_at, grave_tip)
        discards = len(obs.discards)
        discard_tip = tips.discard_tip(discards)
        slot = pygame.Rect(0, 0, *geo.mini_size)
        slot.center = geo.discard_pos
        if discards:
            back = assets.card_back("reapers", geo.mini_size)
            for i in range(min(4, (discards + 3) // 4)):
                at = surface.blit(back, back.get_rect(center=(geo.discard_pos[0] + i * u(2),
                                                              geo.discard_pos[1] - i * u(2))))
                slot.union_ip(at)
        else:
            pygame.draw.rect(surface, pal.panel_edge, slot, 1, border_radius=u(4))
        self.explain(slot, discard_tip)
        shown_at = draw_text(surface, f"Discard: {discards}", small, pal.text_dim,
                             (geo.discard_pos[0] + geo.mini_size[0] // 2 + u(10), geo.discard_pos[1]),
                             anchor="midleft")
        self.explain(shown_at, discard_tip)
        hand = f"{'Extra hand' if obs.hand > obs.config.hands else 'Hand'} {max(obs.hand, 1)} of {obs.config.hands}"
        shown_at = draw_text(surface, hand, small, pal.text, (geo.side.x + u(4), geo.aid_button.y - u(24)))
        self.explain(shown_at, tips.hand_number_tip(obs))
        self.draw_aid_button(surface)

    def draw_aid_button(self, surface: pygame.Surface) -> None:
        lay, pal, geo = self.layout, self.app.palette, self.geo
        assert geo is not None
        rect = geo.aid_button
        on = self.app.settings.memory_aid
        panel(surface, rect, pal.panel, pal.focus if on else pal.panel_edge, radius=lay.px(6), alpha=220)
        label = f"Memory aid: {'on' if on else 'off'} (M)"
        draw_text(surface, label, fit_size(label, lay.text_px(15), rect.w - lay.px(10)), pal.text, rect.center,
                  anchor="center")
        self.explain(rect, tips.aid_button_tip(on, self.show_all_hands))

    # --- the centre: prompt, pile highlights, wager choices, trick labels ---------------------------------
    def prompt_rect(self) -> pygame.Rect:
        """Where the prompt and its detail line are drawn (kept clear of tooltips)."""
        geo, u = self.geo, self.layout.px
        assert geo is not None
        return pygame.Rect(geo.main.x, geo.main.y, geo.main.w, u(PROMPT_HEIGHT))

    def draw_prompt(self, surface: pygame.Surface, obs: r.ReapersObservation, deciding: bool) -> None:
        """The prompt over the centre and the names at the trick places (drawn into the cached layer)."""
        lay, pal, geo = self.layout, self.app.palette, self.geo
        assert geo is not None
        u = lay.px
        prompt, detail = prompt_lines(obs, self.names, deciding)
        prompt_tip = tips.prompt_tip(obs)
        body = lay.text_px(18)
        main = geo.main
        shown_at = draw_text(surface, prompt, fit_size(prompt, body, main.w - u(10), bold=True),
                             pal.focus if deciding else pal.text, (main.centerx, main.y + u(4)), anchor="midtop",
                             bold=True)
        self.explain(shown_at, prompt_tip)
        if detail:
            size = fit_size(detail, lay.text_px(15), main.w - u(10))
            shown_at = draw_text(surface, detail, size, pal.text_dim, (main.centerx, main.y + u(26)),
                                 anchor="midtop")
            self.explain(shown_at, prompt_tip)
        if obs.phase != r.PLAY:
            return
        small = lay.text_px(14)
        w, h = geo.trick_size
        for seat, (x, y) in geo.trick_pos.items():
            colour = pal.focus if seat == obs.to_move else pal.text_dim
            name = self.names[seat]
            if seat != geo.me:
                name, size = fit_label(name, small, u(100))
                label = draw_text(surface, name, size, colour, (round(x), round(y - h / 2 - u(12))),
                                  anchor="center")
            else:
                name, size = fit_label(name, small, u(140))
                label = draw_text(surface, name, size, colour, (round(x - w / 2 - u(10)), round(y)),
                                  anchor="midright")
            slot = pygame.Rect(0, 0, w, h)
            slot.center = (round(x), round(y))
            pygame.draw.rect(surface, blend(pal.table, pal.text, 0.15), slot, 1, border_radius=u(6))
            place_tip = tips.trick_place_tip(self.names[seat], seat == obs.to_move)
            self.explain(label, place_tip)
            self.explain(slot, place_tip)

    def draw_pile_numbers(self, surface: pygame.Surface, obs: r.ReapersObservation) -> None:
        """Each draft pile's number under it (from 1): the hint and the choices name piles by it."""
        lay, pal, geo = self.layout, self.app.palette, self.geo
        assert geo is not None
        if obs.phase != r.DRAFT:
            return
        h = geo.pile_size[1]
        for slot, pile in enumerate(obs.piles):
            if pile is None or slot >= len(geo.pile_centres):
                continue
            y = geo.pile_positions(slot, len(pile))[-1][1]
            shown_at = draw_text(surface, f"Pile {slot + 1}", lay.text_px(14), pal.text_dim,
                                 (round(geo.pile_centres[slot][0]), round(y + h / 2 + lay.px(5))), anchor="midtop")
            self.explain(shown_at, tips.pile_tip(slot, pile))

    def draw_choices(self, surface: pygame.Surface, obs: r.ReapersObservation, deciding: bool) -> None:
        """What changes with the mouse and keys: rings round the legal piles, the wager choices."""
        if not deciding:
            return
        lay, pal = self.layout, self.app.palette
        u = lay.px
        choices = self.choices()
        focus = choices[self.focus_index(choices)][0] if choices else None
        if obs.phase == r.DRAFT and choices:
            for action, rect in choices:
                ring = rect.inflate(u(6), u(6))
                colour = pal.focus if action == focus else blend(pal.focus, pal.table, 0.45)
                pygame.draw.rect(surface, colour, ring, max(2, u(3) if action == focus else u(2)),
                                 border_radius=u(8))
                if isinstance(action, r.TakePile) and obs.piles[action.pile]:
                    self.explain(ring, tips.pile_tip(action.pile, obs.piles[action.pile] or ()))
        if obs.phase == r.WAGER:
            self.draw_wager_choices(surface, obs, focus)

    def draw_wager_choices(self, surface: pygame.Surface, obs: r.ReapersObservation, focus: Action | None) -> None:
        lay, pal, geo = self.layout, self.app.palette, self.geo
        assert geo is not None
        u = lay.px
        cfg = obs.config
        pays = {"fewest": f"+{cfg.bonus_fewest} if " + ("nobody scores fewer" if cfg.fewest_ties_share
                                                         else "you alone score the fewest"),
                "second": f"+{cfg.bonus_second} if " + ("exactly one scores more" if cfg.second_rule == "competition"
                                                         else "yours is the 2nd-highest score"),
                "none": f"+{cfg.bonus_none} whatever happens"}
        for index, (wager, rect) in enumerate(zip(WAGERS, geo.wager_buttons)):
            chosen = isinstance(focus, r.PlaceWager) and focus.wager == wager
            panel(surface, rect, pal.panel, pal.focus if chosen else pal.panel_edge, radius=u(10), alpha=240,
                  width=max(2, u(3)) if chosen else max(1, u(2)))
            sign, title = WAGER_TITLES[wager]
            draw_text(surface, sign, lay.text_px(34), pal.accent, (rect.centerx, rect.y + u(28)), anchor="center",
                      bold=True, serif=True)
            draw_text(surface, f"{index + 1}. {title}", lay.text_px(17), pal.text, (rect.centerx, rect.y + u(62)),
                      anchor="center", bold=True)
            text = pays[wager]
            draw_text(surface, text, fit_size(text, lay.text_px(15), rect.w - u(12)), pal.text_dim,
                      (rect.centerx, rect.y + u(90)), anchor="center")
            self.explain(rect, tips.wager_button_tip(wager, index, cfg))

    def explain_sprites(self, obs: r.ReapersObservation, deciding: bool) -> None:
        """Each card on the table, in drawing order (the top card's tip wins): what it is and where it lies."""
        said: dict[int, str] = {}
        for slot, cards in self.pile_cards.items():
            pile = obs.piles[slot] if slot < len(obs.piles) else None
            for card in cards:
                if card.code is not None and pile:
                    said[id(card)] = tips.pile_card_tip(card.code, slot, pile, obs)
        if self.trump_card is not None:
            said[id(self.trump_card)] = tips.trump_tip(obs)
        for index, card in enumerate(self.grave_cards):
            if card.code is not None:
                said[id(card)] = tips.grave_card_tip(card.code, index, obs)
        me = self.me()
        legal = {a.card for a, _ in self.choices() if isinstance(a, r.PlayCard)} \
            if deciding and obs.phase == r.PLAY else None
        for seat, cards in self.hand_cards.items():
            for card in cards:
                if card.code is None:
                    said[id(card)] = tips.back_tip(self.names[seat], len(obs.hands[seat]), self.aid_shown,
                                                   self.viewer is None)
                elif seat == me and seat == self.viewer:
                    playable = None if legal is None else card.code in legal
                    said[id(card)] = tips.hand_card_tip(card.code, obs, playable)
                else:  # face up only in a finished game's replay
                    said[id(card)] = tips.open_hand_card_tip(self.names[seat], card.code, obs)
        winning = tips.trick_leader(obs)
        for seat, card in self.trick_cards:
            if card.code is not None:
                said[id(card)] = tips.trick_card_tip(self.names[seat], card.code, obs, seat == winning)
        for sprite in sorted(self.sprites, key=lambda s: s.z):
            if sprite.visible and sprite.alpha > 0:
                code = sprite.code if isinstance(sprite, Card) else None
                self.explain(sprite.rect, said.get(id(sprite)) or tips.card_tip(code, obs))

    def draw_hint(self, surface: pygame.Surface, deciding: bool) -> None:
        """Ring what plays the move the hint chose: its pile, wager choice or card."""
        hinted = self.hinted()
        if hinted is None or not deciding:
            return
        for action, rect in self.choices():
            if action == hinted:
                self.draw_hint_ring(surface, rect)
                return

    def draw_flash(self, surface: pygame.Surface) -> None:
        if self.flash_left <= 0 or not self.flash_text:
            return
        lay, pal, geo = self.layout, self.app.palette, self.geo
        assert geo is not None
        size = fit_size(self.flash_text, lay.text_px(17), geo.main.w - lay.px(40), bold=True)
        face_w = lay.px(20) + pygame.font.Font.size(self._font(size), self.flash_text)[0]
        rect = pygame.Rect(0, 0, face_w, lay.px(34))
        rect.center = (geo.main.centerx, geo.main.bottom - lay.px(20))
        panel(surface, rect, pal.panel, pal.accent, radius=lay.px(8), alpha=235)
        draw_text(surface, self.flash_text, size, pal.text, rect.center, anchor="center", bold=True)
        self.explain(rect, tips.BANNER_TIP)

    @staticmethod
    def _font(size: int) -> pygame.font.Font:
        from game.ui.theme import font

        return font(size, bold=True)
