"""Drawing the Nevermore table (a mixin of ``NevermoreScene``): name plates with Health, VP and the Raven
state, the resolution tokens, the piles, the pass-direction ring, the suit board and the overlays."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import assets
from game.ui.contrast import ink_on
from game.ui.glyphs import draw_glyph
from game.ui.sprites import Sprite, draw_sprites
from game.ui.text import draw_text, draw_wrapped, fit_size, fit_text, panel
from game.ui.theme import Colour, blend, font
from game.ui.tooltip import Tip

from .rules.cards import suit_of, weight_of
from .text import ASK_AGAIN_LABEL, HAND_LABEL, MAGICK_LABEL, MUTED_LABEL, SECRET_SUIT_WORDS
from .scene_anim import Cube
from .scene_base import NevermoreSceneBase
from .scene_summary import draw_summary
from .scene_view import LABEL_TEXT, RING, SUIT_WORDS, Card, hand_asset, magick_asset, magick_deck, magick_name
from .tips import ASK_AGAIN_TIP, BANNER_TIP, CAPTION_TIP, CUBE_TIPS, DEALER_TIP, FACE_DOWN_CARD_TIP, HAND_LABEL_TIP, \
    MAGICK_LABEL_TIP, PASSED_TIP, SHROUDED_TIP, SPECTATOR_HAND_TIP, WARDED_TIP, board_count_tip, board_tip, \
    card_tip, direction_tip, face_down_magick_tip, hand_size_tip, health_tip, magick_count_tip, magick_tip, \
    open_card_tip, open_hand_tip, pile_tip, raven_tip, token_tip, vp_tip

RAVEN_FILL = (14, 10, 20)
RAVEN_EDGE = (150, 110, 215)
HEART = (214, 56, 70)
VP_GOLD = (236, 190, 70)
POPUP_H = 170


@lru_cache(maxsize=64)
def glyph_image(name: str, side: int, ink: Colour, paper: Colour = (0, 0, 0)) -> pygame.Surface:
    """A glyph drawn once on a transparent square (per frame we only blit)."""
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_glyph(surface, name, surface.get_rect(), ink, paper)
    return surface


@lru_cache(maxsize=32)
def token_image(suit: str | None, size: tuple[int, int], palette_name: str) -> pygame.Surface:
    """A resolution token: a suit (face up) or a face-down disc with a question mark."""
    pal = assets.palette()
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    if suit is None:
        pygame.draw.rect(surface, (30, 24, 40), rect, border_radius=w // 5)
        pygame.draw.rect(surface, (120, 100, 150), rect, max(2, w // 20), border_radius=w // 5)
        draw_text(surface, "?", max(14, h // 2), (170, 150, 200), rect.center, anchor="center", bold=True)
        return surface
    ink = pal.suits[suit]
    pygame.draw.rect(surface, blend(pal.card_face, ink, 0.2), rect, border_radius=w // 5)
    pygame.draw.rect(surface, ink, rect, max(2, w // 14), border_radius=w // 5)
    art = pygame.Rect(0, 0, int(w * 0.7), int(w * 0.7))
    art.center = (w // 2, int(h * 0.42))
    draw_glyph(surface, suit, art, ink, blend(pal.card_face, ink, 0.2))
    label = SUIT_WORDS[suit][:3].upper()
    size_ = fit_size(label, max(12, h // 5), w - 4, bold=True)
    draw_text(surface, label, size_, pal.card_ink, (w // 2, int(h * 0.84)), anchor="center", bold=True)
    return surface


class SceneDrawing(NevermoreSceneBase):
    """Everything drawn by hand (the sprites draw themselves)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        table = self.table_rect()
        if self.geo is None or self.shown is None:
            surface.blit(assets.background(table.size), table.topleft)
            return
        key = self.layer_key()
        if self._layer is None or self._layer[0] != key:
            layer = pygame.Surface(table.size, 0, surface)
            layer.blit(assets.background(table.size), (0, 0))
            start = len(self.tips.tips)  # what the layer explains, kept with it for the frames that reuse it
            self.draw_ring(layer)
            self.draw_tokens(layer)
            self.draw_piles(layer)
            self.draw_board(layer)
            for seat in range(self.state.num_players):
                self.draw_plate(layer, seat)
            noted = [Tip(tip.rect.move(table.topleft), tip.text) for tip in self.tips.tips[start:]]
            del self.tips.tips[start:]
            self._layer = (key, layer, noted)
        surface.blit(self._layer[1], table.topleft)
        for tip in self._layer[2]:
            self.explain(tip.rect, tip.text)
        draw_sprites(surface, self.sprites)
        for sprite in sorted(self.sprites, key=lambda sp: sp.z):
            if sprite.visible and sprite.alpha > 8:
                self.explain(sprite.rect, self.sprite_tip(sprite))
        self.draw_hand_marks(surface)
        self.draw_caption(surface)
        self.draw_prompt(surface)
        hinted = self.hinted()
        if hinted is not None and self.decision() is not None:
            for rect in self.hint_rects(hinted):
                self.draw_hint_ring(surface, rect)
        self.draw_popup(surface)
        self.draw_banner(surface)
        if self.hand_end is not None and not self.tweens.busy:  # once the hand's last animation has played
            draw_summary(surface, self.layout, self.app.palette, table, self.names, self.hand_end.summary,
                         self.viewer, self.explain)

    def sprite_tip(self, sprite: Sprite) -> str:
        """What a card or cube on the table is, as the viewer may know it."""
        if isinstance(sprite, Cube):
            return CUBE_TIPS.get(sprite.kind, "")
        if not isinstance(sprite, Card):
            return ""
        if sprite.owner is not None and sprite.code is not None:
            magick = sprite.code in self.state.cards
            text = magick_tip(sprite.code, self.state.cards) if magick else \
                card_tip(sprite.code, self.state.cards, self.state.params, killed=sprite.killed, passing=sprite.passing)
            return open_card_tip(self.names[sprite.owner], text, magick=magick)
        if sprite in self.magick_cards and sprite.code is not None:
            return magick_tip(sprite.code, self.state.cards, playable=sprite.highlight)
        if sprite.code is None or not sprite.showing_face():
            return face_down_magick_tip(sprite.back_deck) if sprite.back_deck in ("light", "shadow") else \
                FACE_DOWN_CARD_TIP
        return card_tip(sprite.code, self.state.cards, self.state.params, killed=sprite.killed,
                        passing=sprite.passing)

    def layer_key(self) -> tuple[object, ...]:
        """Everything the table under the sprites shows: it is drawn again only when this changes."""
        _, s = self.built()
        b = s.board
        board = None if b is None else (b.suit, tuple(b.played), tuple(b.killed), tuple(b.counts), tuple(b.leaders),
                                        b.power)
        turn = None if self.state.is_terminal() else self.state.current_player()
        return (self.table_rect().size, self.viewer, tuple(s.health), tuple(s.vp), tuple(s.raven),
                tuple(s.hand_sizes), tuple(map(tuple, s.magick_counts)), s.deck, s.discard, s.ldeck, s.sdeck,
                tuple(s.tokens), s.revealed, s.dealer, s.direction, s.hand_no, s.draft_round, tuple(s.committed),
                tuple(sorted(s.wards)), tuple(sorted(s.shrouded)), board, tuple(self.token_flip),
                tuple(self.token_flip_from), None if self.board_landed is None else tuple(self.board_landed), tuple(sorted(self.target_seats)), turn,
                self.state.current_suit, self.app.palette.name)

    # --- the direction ring and the tokens --------------------------------------------------------------
    def draw_ring(self, surface: pygame.Surface) -> None:
        geo, shown = self.built()
        lay, pal = self.layout, self.app.palette
        ring = geo.ring
        colour = blend(pal.table, pal.accent, 0.35)
        width = max(2, lay.px(3))
        pygame.draw.ellipse(surface, colour, ring, width)
        left = shown.direction > 0
        # on screen seats run clockwise from the bottom, so passing left (to the next seat) is clockwise
        s = geo.arrow_size
        for a in geo.ring_arrows:
            x = ring.centerx + ring.w / 2 * math.cos(a)
            y = ring.centery + ring.h / 2 * math.sin(a)
            dx, dy = -ring.w / 2 * math.sin(a), ring.h / 2 * math.cos(a)  # increasing angle = clockwise
            norm = math.hypot(dx, dy) or 1
            dx, dy = dx / norm, dy / norm
            if not left:
                dx, dy = -dx, -dy
            tip = (x + dx * s, y + dy * s)
            back = (x - dx * s * 0.6, y - dy * s * 0.6)
            side = (-dy * s * 0.7, dx * s * 0.7)
            drawn = pygame.draw.polygon(surface, colour, [tip, (back[0] + side[0], back[1] + side[1]),
                                                          (back[0] - side[0], back[1] - side[1])])
            self.explain(drawn.inflate(s, s), direction_tip(shown.hand_no, left))
        side_word = "LEFT" if left else "RIGHT"
        text = f"Hand {shown.hand_no}  ·  cards pass {side_word}"
        drawn = draw_text(surface, text, lay.text_px(15), pal.text_dim,
                          (geo.tokens[0].centerx + (geo.tokens[3].centerx - geo.tokens[0].centerx) // 2,
                           geo.tokens[0].y - lay.px(14)), anchor="center", bold=True)
        self.explain(drawn, direction_tip(shown.hand_no, left))

    def draw_tokens(self, surface: pygame.Surface) -> None:
        geo, shown = self.built()
        pal, lay = self.app.palette, self.layout
        everyone_knows = all(self.observation().known_tokens)
        for i, rect in enumerate(geo.tokens):
            suit = shown.tokens[i] if i < len(shown.tokens) else None
            flip = self.token_flip[i]
            face = self.token_flip_from[i] if 0 < flip < 0.5 else suit
            image = token_image(face, rect.size, pal.name)
            if 0 < flip < 1:
                width = max(1, round(rect.w * abs(math.cos(math.pi * flip))))
                image = pygame.transform.smoothscale(image, (width, rect.h))
            if i >= shown.revealed and suit is not None and flip == 0:
                image = image.copy()
                image.set_alpha(150)  # known but not yet called
            surface.blit(image, image.get_rect(center=rect.center))
            if i == shown.revealed - 1 and self.state.current_suit:
                pygame.draw.rect(surface, pal.focus, rect.inflate(lay.px(8), lay.px(8)), max(2, lay.px(3)),
                                 border_radius=lay.px(10))
            elif i < shown.revealed:
                pygame.draw.line(surface, pal.text_dim, (rect.x + lay.px(6), rect.bottom + lay.px(5)),
                                 (rect.right - lay.px(6), rect.bottom + lay.px(5)), max(1, lay.px(2)))
            resolving = i == shown.revealed - 1 and bool(self.state.current_suit)
            self.explain(rect, token_tip(suit, i, shown.revealed, resolving, everyone_knows, opened=shown.opened))

    def draw_piles(self, surface: pygame.Surface) -> None:
        geo, s = self.built()
        pal, lay = self.app.palette, self.layout
        items = {"deck": ("nevermore", "Deck", s.deck), "discard": ("nevermore", "Discard", s.discard),
                 "light": ("light", "Light", s.ldeck), "shadow": ("shadow", "Shadow", s.sdeck)}
        if not self.state.magick_on:
            items = {k: v for k, v in items.items() if k in ("deck", "discard")}
        for name, (back, label, number) in items.items():
            x, y = geo.piles[name]
            image = assets.card_back(back, geo.pile_size)
            rect = image.get_rect(center=(x, y))
            if name == "discard":
                image = image.copy()
                image.set_alpha(120)
            surface.blit(image, rect)
            below = draw_text(surface, label, lay.text_px(14), pal.text_dim, (x, rect.bottom + lay.px(1)),
                              anchor="midtop")
            size = draw_text(surface, str(number), lay.text_px(15), pal.text, (x, below.bottom - lay.px(2)),
                             anchor="midtop", bold=True)
            self.explain(rect.union(below).union(size), pile_tip(name, number, self.state.params))

    # --- name plates --------------------------------------------------------------------------------------
    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        geo, s = self.built()
        lay, pal = self.layout, self.app.palette
        rect = geo.plate(seat)
        u = lay.px
        raven = s.raven[seat]
        turn = not self.state.is_terminal() and self.state.current_player() == seat
        target = seat in self.target_seats
        edge = pal.focus if (turn or target) else (RAVEN_EDGE if raven else pal.panel_edge)
        fill = RAVEN_FILL if raven else pal.panel
        panel(surface, rect, fill, edge, radius=u(8), alpha=235, width=max(2, u(3)) if (turn or target) else 1)
        self.explain(rect, self.badge_tip(seat))
        who = self.names[seat]
        if raven:
            art = glyph_image("raven", int(rect.h * 0.9), RAVEN_EDGE)
            art = art.copy()
            art.set_alpha(70)
            surface.blit(art, art.get_rect(midright=(rect.right - u(4), rect.centery)))
        marker = assets.bead(seat, u(20))
        surface.blit(marker, marker.get_rect(center=(rect.x + u(16), rect.y + u(16))))
        name = self.names[seat] + ("  (you)" if seat == self.viewer and len(self.humans) == 1 else "")
        name, size = fit_text(name, lay.text_px(16), rect.w - u(66), bold=True)
        draw_text(surface, name, size, pal.text, (rect.x + u(30), rect.y + u(16)), anchor="midleft", bold=True)
        if seat == s.dealer:
            chip = pygame.Rect(0, 0, u(22), u(20))
            chip.topright = (rect.right - u(6), rect.y + u(6))
            pygame.draw.rect(surface, pal.accent, chip, border_radius=u(5))
            draw_text(surface, "D", lay.text_px(13), pal.background, chip.center, anchor="center", bold=True)
            self.explain(chip, DEALER_TIP)
        small = lay.text_px(14)
        y1, y2, y3 = rect.y + u(40), rect.y + u(60), rect.y + u(80)
        if raven:
            word = draw_text(surface, "RAVEN", lay.text_px(17), RAVEN_EDGE, (rect.x + u(10), y1), anchor="midleft",
                             bold=True, serif=True)
            self.explain(word, raven_tip(who, self.state.params))
        else:
            most = self.state.p("max_health")
            side = u(15) if most <= 6 else u(11)
            for i in range(most):
                ink = HEART if i < s.health[seat] else (70, 60, 70)
                image = glyph_image("hearts", side, ink)
                surface.blit(image, image.get_rect(midleft=(rect.x + u(8) + i * (side + u(2)), y1)))
            numbers = draw_text(surface, f"{max(0, s.health[seat])}/{most}", small, pal.text,
                                (rect.x + u(12) + most * (side + u(2)), y1), anchor="midleft")
            row = pygame.Rect(rect.x + u(8), y1 - side // 2, numbers.right - rect.x - u(8), side)
            self.explain(row.union(numbers), health_tip(who, s.health[seat], self.state.params))
        goal = self.state.p("vp_to_win")
        cube = max(4, min(u(12), (rect.w - u(70)) // max(1, goal) - u(2)))
        for i in range(goal):
            box = pygame.Rect(0, 0, cube, cube)
            box.midleft = (rect.x + u(10) + i * (cube + u(2)), y2)
            if i < s.vp[seat]:
                pygame.draw.rect(surface, VP_GOLD, box, border_radius=max(1, cube // 5))
            else:
                pygame.draw.rect(surface, (110, 100, 90), box, 1, border_radius=max(1, cube // 5))
        numbers = draw_text(surface, f"{s.vp[seat]}/{goal} VP", small, VP_GOLD if s.vp[seat] else pal.text_dim,
                            (rect.x + u(14) + goal * (cube + u(2)), y2), anchor="midleft", bold=True)
        row = pygame.Rect(rect.x + u(10), y2 - cube // 2, numbers.right - rect.x - u(10), cube)
        self.explain(row.union(numbers), vp_tip(who, s.vp[seat], raven, self.state.params))
        x = rect.x + u(10)
        used = draw_text(surface, f"Cards {s.hand_sizes[seat]}", small, pal.text_dim, (x, y3), anchor="midleft")
        self.explain(used, hand_size_tip(who, s.hand_sizes[seat]))
        x = used.right + u(10)
        if self.state.magick_on:
            icon = (u(11), u(15))
            for back, number in zip(("light", "shadow"), s.magick_counts[seat]):
                image = assets.card_back(back, icon)
                spot = surface.blit(image, image.get_rect(midleft=(x, y3)))
                used = draw_text(surface, str(number), small, pal.text, (x + icon[0] + u(3), y3), anchor="midleft",
                                 bold=True)
                self.explain(spot.union(used), magick_count_tip(who, back, number))
                x = used.right + u(9)
        if s.draft_round >= 0 and s.committed[seat]:
            word = draw_text(surface, "passed", small, pal.good, (rect.right - u(8), y3), anchor="midright",
                             bold=True)
            self.explain(word, PASSED_TIP)
        flags = [(word, tip) for flag, word, tip in ((seat in s.wards, "warded", WARDED_TIP),
                                                     (seat in s.shrouded, "shrouded", SHROUDED_TIP)) if flag]
        if flags:
            text = ", ".join(word for word, _ in flags)
            word = draw_text(surface, text, fit_size(text, small, u(70)), pal.accent, (rect.right - u(8), y1),
                             anchor="midright")
            self.explain(word, " ".join(tip for _, tip in flags))

    # --- the suit board -----------------------------------------------------------------------------------
    def draw_board(self, surface: pygame.Surface) -> None:
        geo, shown = self.built()
        board = shown.board
        if board is None:
            return
        lay, pal = self.layout, self.app.palette
        u = lay.px
        rect = geo.board
        ink = ink_on(pal.suits[board.suit], pal.panel)
        panel(surface, rect, pal.panel, ink, radius=u(10), alpha=215, width=max(2, u(2)))
        glyph = glyph_image(board.suit, u(22), ink)
        surface.blit(glyph, glyph.get_rect(midleft=(rect.x + u(10), rect.y + u(16))))
        if board.leaders:
            lead = ", ".join(self.names[s] for s in board.leaders)
            verb = "leads" if len(board.leaders) == 1 else "lead"
            head = f"{SUIT_WORDS[board.suit]}: {lead} {verb} · power {board.power}"
        else:
            head = f"{SUIT_WORDS[board.suit]}: nobody counts any"
        head, size = fit_text(head, lay.text_px(17), rect.w - u(50), bold=True)
        draw_text(surface, head, size, pal.text,
                  (rect.x + u(38), rect.y + u(16)), anchor="midleft", bold=True)
        self.explain(rect, board_tip(board.suit, [self.names[s] for s in board.leaders], board.power))
        landed = self.board_landed or [len(cards) for cards in board.played]
        all_down = all(n >= len(cards) for n, cards in zip(landed, board.played))
        for seat in range(self.state.num_players):
            row = geo.board_row(seat)
            if row.bottom > rect.bottom:
                break
            cards = board.played[seat]
            down = landed[seat]
            leading = seat in board.leaders and all_down
            if leading:
                pygame.draw.rect(surface, blend(pal.panel, ink, 0.45), row, border_radius=u(5))
            name = self.names[seat] + (" (Raven)" if shown.raven[seat] else "")
            name, size = fit_text(name, lay.text_px(14), u(120))
            draw_text(surface, name, size, pal.text,
                      (row.x + u(6), row.centery), anchor="midleft")
            dead = list(board.killed[seat])
            for i, card in enumerate(cards[:down]):  # face up: the rules reveal them all at once
                box = geo.board_slot(seat, i, len(cards))
                deck, art = hand_asset(self.state.cards, card)
                surface.blit(assets.card_face(deck, art, box.size), box)
                killed = card in dead
                if killed:
                    dead.remove(card)
                    pygame.draw.line(surface, pal.danger, box.topleft, box.bottomright, max(2, u(3)))
                    pygame.draw.line(surface, pal.danger, box.topright, box.bottomleft, max(2, u(3)))
                self.explain(box, card_tip(card, self.state.cards, self.state.params, killed=killed))
            if down >= len(cards):  # the count once the seat's cards are down: it agrees with the log
                count_text = str(board.counts[seat]) + (" (killed)" if board.killed[seat] else "")
                drawn = draw_text(surface, count_text, lay.text_px(15), pal.focus if leading else pal.text,
                                  (row.right - u(8), row.centery), anchor="midright", bold=leading)
                self.explain(drawn, board_count_tip(self.names[seat], board.suit, board.counts[seat],
                                                    bool(board.killed[seat]), leading))

    # --- the viewer's hand overlays ----------------------------------------------------------------------
    def draw_hand_marks(self, surface: pygame.Surface) -> None:
        geo, shown = self.built()
        lay, pal = self.layout, self.app.palette
        u = lay.px
        for card in self.open_cards:  # another seat's killed card, face up in the replay of an ended game
            if card.visible and card.killed:
                rect = card.rect
                pygame.draw.line(surface, pal.danger, rect.topleft, rect.bottomright, max(2, u(3)))
                pygame.draw.line(surface, pal.danger, rect.topright, rect.bottomleft, max(2, u(3)))
        for card in self.hand_cards:
            if not card.visible:
                continue
            rect = card.rect
            if card.selected:
                pygame.draw.rect(surface, pal.focus, rect.inflate(u(8), u(8)), max(2, u(4)), border_radius=u(8))
            if card.index == self.cursor and self.cursor_on_cards():
                ring = 2 * u(RING)
                pygame.draw.rect(surface, pal.accent, rect.inflate(ring, ring), max(2, u(2)), border_radius=u(10))
            tag = "KILLED" if card.killed else ("TO PASS" if card.passing else "")
            if tag:
                box = pygame.Rect(0, 0, rect.w - u(6), u(22))
                box.midbottom = (rect.centerx, rect.bottom - u(4))
                pygame.draw.rect(surface, pal.danger if card.killed else pal.panel, box, border_radius=u(5))
                draw_text(surface, tag, fit_size(tag, lay.text_px(13), box.w - 4, bold=True), pal.text, box.center,
                          anchor="center", bold=True)
            if card.code and card.code.startswith("m:"):
                suit = suit_of(card.code)
                word = f"{SUIT_WORDS.get(suit, SECRET_SUIT_WORDS)} x{weight_of(card.code)}"
                box = pygame.Rect(0, 0, rect.w - u(6), u(20))
                box.midtop = (rect.centerx, rect.y + u(4))
                pygame.draw.rect(surface, pal.suits.get(suit, pal.panel), box, border_radius=u(5))
                draw_text(surface, word, fit_size(word, lay.text_px(13), box.w - 4, bold=True), (250, 245, 235),
                          box.center, anchor="center", bold=True)
        if self.hand_cards or self.magick_cards:
            label = HAND_LABEL if self.viewer is not None else f"{self.names[geo.me]}'s hand"
            place = geo.hand_label
            drawn = draw_text(surface, label, fit_size(label, lay.text_px(LABEL_TEXT), place.w), pal.text_dim,
                              place.midleft, anchor="midleft")
            tip = HAND_LABEL_TIP if self.viewer is not None else \
                open_hand_tip(self.names[geo.me]) if shown.opened else SPECTATOR_HAND_TIP
            self.explain(drawn, tip)
        asking = self.ask_again_rect()
        if asking is not None:
            self.draw_ask_again(surface, asking)
        elif self.magick_cards:
            place = geo.magick_label
            drawn = draw_text(surface, MAGICK_LABEL, fit_size(MAGICK_LABEL, lay.text_px(LABEL_TEXT), place.w),
                              pal.text_dim, place.midright, anchor="midright")
            self.explain(drawn, open_hand_tip(self.names[geo.me]) if self.viewer is None and shown.opened else
                         MAGICK_LABEL_TIP)

    def ask_again_rect(self) -> pygame.Rect | None:
        """The "Ask again" button over the viewer's Magick while the table passes their Magick windows ("Don't
        ask again this hand"), or None."""
        if self.viewer is None or self.geo is None or not self.muted(self.viewer):
            return None
        lay, place = self.layout, self.geo.magick_label
        width = font(lay.text_px(LABEL_TEXT), bold=True).size(ASK_AGAIN_LABEL)[0] + lay.px(16)
        rect = pygame.Rect(0, 0, min(width, place.w), place.h + lay.px(6))
        rect.midright = place.midright
        return rect

    def draw_ask_again(self, surface: pygame.Surface, button: pygame.Rect) -> None:
        """The row over the Magick cards while their windows are passed: what happens, and the button that stops
        it."""
        lay, pal, hand = self.layout, self.app.palette, self.built()[0].hand_label
        hot = button.collidepoint(self.mouse)
        panel(surface, button, blend(pal.panel, pal.accent, 0.6 if hot else 0.25), pal.focus if hot else
              pal.panel_edge, radius=lay.px(6), width=max(1, lay.px(2 if hot else 1)))
        size = lay.text_px(LABEL_TEXT)
        draw_text(surface, ASK_AGAIN_LABEL, fit_size(ASK_AGAIN_LABEL, size, button.w - lay.px(8), bold=True),
                  pal.text, button.center, anchor="center", bold=True)
        room = button.x - lay.px(8) - hand.centerx  # left of the button, over the hand's right half at most
        said = draw_text(surface, MUTED_LABEL, fit_size(MUTED_LABEL, size, room), pal.focus,
                         (button.x - lay.px(8), button.centery), anchor="midright")
        self.explain(button.union(said), ASK_AGAIN_TIP)

    # --- caption, pop-up, banner --------------------------------------------------------------------------
    def draw_caption(self, surface: pygame.Surface) -> None:
        if not self.caption_text or self.decision() is not None:
            return
        geo, _ = self.built()
        lay, pal = self.layout, self.app.palette
        rect = geo.caption
        size = fit_size(self.caption_text, lay.text_px(17), rect.w - lay.px(16), bold=True)
        face_w = rect.w
        box = pygame.Rect(0, 0, face_w, rect.h)
        box.center = rect.center
        panel(surface, box, pal.background, pal.panel_edge, radius=lay.px(8), alpha=210)
        draw_text(surface, self.caption_text, size, pal.text, rect.center, anchor="center", bold=True)
        self.explain(box, CAPTION_TIP)

    def magick_panel(self, surface: pygame.Surface, card_id: str, line: str, centre: tuple[int, int],
                     alpha: float) -> None:
        """A Magick card popped up with its title, rules text and who plays it how."""
        lay, pal = self.layout, self.app.palette
        u = lay.px
        cards = self.state.cards
        card = cards.get(card_id)
        layer = pygame.Surface((u(470), u(POPUP_H)), pygame.SRCALPHA)
        rect = layer.get_rect()
        deck = magick_deck(cards, card_id)
        panel(layer, rect, RAVEN_FILL if deck == "shadow" else (44, 36, 30), pal.suits[deck], radius=u(12),
              alpha=245, width=max(2, u(3)))
        face = assets.card_face("magick", magick_asset(cards, card_id), lay.card_size(POPUP_H - 28))
        layer.blit(face, face.get_rect(midleft=(u(14), rect.centery)))
        x = u(14) + face.get_width() + u(14)
        width = rect.w - x - u(12)
        title = magick_name(cards, card_id)
        draw_text(layer, title, fit_size(title, lay.text_px(22), width, serif=True, bold=True), pal.focus,
                  (x, u(14)), serif=True, bold=True)
        body = card.text if card is not None else ""
        used = draw_wrapped(layer, body, lay.text_px(15), pal.text, pygame.Rect(x, u(46), width, u(96)))
        if line:
            draw_wrapped(layer, line, lay.text_px(14), pal.accent, pygame.Rect(x, u(50) + used, width, u(40)))
        if alpha < 255:
            layer.set_alpha(int(alpha))
        self.explain(surface.blit(layer, layer.get_rect(center=centre)), magick_tip(card_id, cards))

    def draw_popup(self, surface: pygame.Surface) -> None:
        hover = self.hover_magick()
        geo, _ = self.built()
        board = geo.board
        half = self.layout.px(POPUP_H) // 2
        centre = (board.centerx, max(board.centery, board.y + half))
        prompt, _ = self.prompt_layout()
        if prompt is not None and centre[1] + half > prompt.y - self.layout.px(6):
            centre = (centre[0], prompt.y - self.layout.px(6) - half)
            if centre[1] - half < geo.tokens[0].bottom:
                return  # no room above a tall prompt: its title names the card
        if hover is not None:
            self.magick_panel(surface, hover, "", centre, 255)
            return
        if self.popup is None or self.popup_alpha <= 0:
            return
        card_id, line = self.popup
        self.magick_panel(surface, card_id, line, centre, self.popup_alpha)

    def draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banner_text or self.banner_alpha <= 0:
            return
        lay, pal = self.layout, self.app.palette
        table = self.table_rect()
        layer = pygame.Surface((table.w, lay.px(96)), pygame.SRCALPHA)
        raven = self.banner_kind == "raven"
        fill = (10, 6, 16, 235) if raven else (40, 30, 20, 235)
        layer.fill(fill)
        edge = RAVEN_EDGE if raven else pal.focus
        pygame.draw.line(layer, edge, (0, 1), (table.w, 1), max(2, lay.px(3)))
        pygame.draw.line(layer, edge, (0, layer.get_height() - 2), (table.w, layer.get_height() - 2), max(2, lay.px(3)))
        if raven:
            art = glyph_image("raven", lay.px(80), RAVEN_EDGE)
            layer.blit(art, art.get_rect(midleft=(lay.px(30), layer.get_height() // 2)))
            layer.blit(pygame.transform.flip(art, True, False),
                       art.get_rect(midright=(table.w - lay.px(30), layer.get_height() // 2)))
        size = fit_size(self.banner_text, lay.text_px(34), table.w - lay.px(240), serif=True, bold=True)
        draw_text(layer, self.banner_text, size, edge if raven else pal.focus,
                  (table.w // 2, layer.get_height() // 2), anchor="center", serif=True, bold=True)
        layer.set_alpha(int(self.banner_alpha))
        geo, _ = self.built()
        self.explain(surface.blit(layer, layer.get_rect(center=(table.centerx, geo.ring.centery))), BANNER_TIP)
