"""The one event loop and the scene stack.

Scenes ask for ``push``/``pop``/``replace``/``reset`` during a frame; the stack changes only at the end
of the frame, so a scene never sees the stack change under it while it handles an event. The app owns
the keys that mean the same everywhere: Esc (the top scene's ``back``), F11 (fullscreen) and Ctrl+Q or
the window's close button (quit).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pygame

from game.storage.settings import Settings
from game.ui import assets
from game.ui.layout import Layout
from game.ui.sound import SoundBoard
from game.ui.text import panel, wrap, wrap_cached
from game.ui.theme import Palette, font, palette_for

TITLE = "Hallowtable"
FPS = 60
MAX_DT = 0.1
"""A frame longer than this (a stall, a dragged window) counts as this long, so nothing jumps."""
TOAST_SECONDS = 8.0
TOAST_WIDTH = 900


class Scene:
    """One screen. Only the top scene gets input and updates; ``opaque`` scenes hide those below."""

    opaque: bool = True

    def __init__(self, app: "App") -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene reaches the stack (after ``resize``)."""

    def resume(self) -> None:
        """Called when the scene above it is popped."""

    def leave(self) -> None:
        """Called when the scene is removed (stop threads, free things)."""

    def resize(self, layout: Layout) -> None:
        """Place things for a new window size; called before ``enter`` and on every resize."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (Esc, F11 and quit keys are handled by the app)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene."""

    def back(self) -> None:
        """Esc: leave this scene (the root scene stays)."""
        if len(self.app.stack) > 1:
            self.app.pop()


class Toast:
    """A message shown over every scene for a while (e.g. a corrupt settings file was moved aside)."""

    def __init__(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        self.text = text
        self.remaining = seconds


class App:
    """The window, the scene stack, the settings, the palette, the sound and the toasts."""

    def __init__(self, settings: Settings, notices: list[str] | None = None,
                 size: tuple[int, int] | None = None) -> None:
        pygame.init()
        pygame.key.set_repeat(350, 40)
        self.settings = settings
        self.palette: Palette = palette_for(settings.colour_blind_palette)
        assets.use_palette(self.palette)
        self.fullscreen = settings.fullscreen
        self.windowed_size = size or (settings.window_width, settings.window_height)
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(assets.icon())
        self.screen = self._open_window()
        self.layout = Layout(*self.screen.get_size())
        self.sound = SoundBoard(settings)
        self.stack: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self.toasts: list[Toast] = [Toast(text) for text in notices or []]
        self.running = True
        self.exit_code = 0
        self.clock = pygame.time.Clock()
        self.frames = 0

    # --- window -----------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            if screen.get_size() != self.windowed_size:  # some drivers keep the fullscreen size once
                screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.event.clear(pygame.VIDEORESIZE)  # the mode change's own resize is not the player's
        return screen

    def toggle_fullscreen(self) -> None:
        """F11: switch between the window and the whole screen."""
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self._relayout()

    def _relayout(self) -> None:
        self.layout = Layout(*self.screen.get_size())
        for scene in self.stack:
            scene.resize(self.layout)

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings now: window size, fullscreen, palette, sound."""
        size = (settings.window_width, settings.window_height)
        reopen = size != self.windowed_size or settings.fullscreen != self.fullscreen
        self.settings = settings
        self.palette = palette_for(settings.colour_blind_palette)
        assets.use_palette(self.palette)
        self.sound.configure(settings)
        if reopen:
            self.windowed_size, self.fullscreen = size, settings.fullscreen
            self.screen = self._open_window()
        self._relayout()

    def set_speed(self, animation_speed: str) -> None:
        """Change only the animation speed (used by tests and benches)."""
        self.settings = replace(self.settings, animation_speed=animation_speed)

    # --- scene stack (applied at the end of the frame) --------------------------------------------
    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top at the end of this frame."""
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        """Remove the top scene at the end of this frame."""
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` at the end of this frame."""
        def apply() -> None:
            self._pop(resume=False)
            self._push(scene)
        self._pending.append(apply)

    def reset(self, scene: Scene) -> None:
        """Make ``scene`` the only scene (quit to menu)."""
        def apply() -> None:
            while self.stack:
                self._pop(resume=False)
            self._push(scene)
        self._pending.append(apply)

    def quit(self, code: int = 0) -> None:
        """Stop the loop after this frame."""
        self.running = False
        self.exit_code = code

    def notify(self, text: str) -> None:
        """Show a message over every scene for a few seconds."""
        self.toasts.append(Toast(text))

    @property
    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self.stack[-1] if self.stack else None

    def _push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.resize(self.layout)
        scene.enter()

    def _pop(self, resume: bool = True) -> None:
        if self.stack:
            self.stack.pop().leave()
        if resume and self.stack:
            self.stack[-1].resume()

    def apply_pending(self) -> None:
        """Apply the stack changes asked for during the frame, in order."""
        while self._pending:
            pending, self._pending = self._pending, []
            for change in pending:
                change()
        if not self.stack:
            self.running = False

    # --- the loop ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: the app's own keys first, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.quit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.screen = pygame.display.get_surface()
            self.windowed_size = self.screen.get_size()
            self._relayout()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._toast_hit(event.pos):
            self.toasts.clear()
        elif self.top is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.top.back()
            else:
                self.top.handle(event)

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw, then the stack changes."""
        self.apply_pending()
        for event in pygame.event.get():
            self.handle(event)
        top = self.top
        if top is not None:
            top.update(dt)
        for toast in self.toasts:
            toast.remaining -= dt
        self.toasts = [t for t in self.toasts if t.remaining > 0]
        self.draw()
        self.apply_pending()
        self.frames += 1

    def draw(self) -> None:
        """Draw the visible scenes (from the highest opaque one up) and the toasts, then flip."""
        first = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].opaque:
                first = index
                break
        if not self.stack or not self.stack[first].opaque:
            self.screen.fill(self.palette.background)
        for scene in self.stack[first:]:
            scene.draw(self.screen)
        self._draw_toasts()
        pygame.display.flip()

    def run(self) -> int:
        """Run until quit; the exit code."""
        self.apply_pending()
        while self.running:
            dt = min(MAX_DT, self.clock.tick(FPS) / 1000.0)
            self.frame(dt)
        self.close()
        return self.exit_code

    def close(self) -> None:
        """Leave every scene and shut pygame down."""
        for scene in reversed(self.stack):
            scene.leave()
        self.stack.clear()
        self._pending.clear()
        assets.clear_cache()
        font.cache_clear()
        wrap_cached.cache_clear()
        pygame.quit()

    # --- toasts ----------------------------------------------------------------------------------------
    def _toast_rects(self) -> list[tuple[pygame.Rect, list[str]]]:
        lay = self.layout
        face = font(lay.text_px(17))
        width = min(lay.px(TOAST_WIDTH), lay.width - lay.px(40))
        pad = lay.px(12)
        bottom = lay.height - lay.px(20)
        placed: list[tuple[pygame.Rect, list[str]]] = []
        for toast in reversed(self.toasts[-4:]):
            lines = wrap(toast.text, face, width - 2 * pad)
            h = len(lines) * face.get_linesize() + 2 * pad
            rect = pygame.Rect((lay.width - width) // 2, bottom - h, width, h)
            placed.append((rect, lines))
            bottom = rect.top - lay.px(8)
        return placed

    def _toast_hit(self, pos: tuple[int, int]) -> bool:
        return any(rect.collidepoint(pos) for rect, _ in self._toast_rects())

    def _draw_toasts(self) -> None:
        lay, pal = self.layout, self.palette
        face = font(lay.text_px(17))
        for rect, lines in self._toast_rects():
            panel(self.screen, rect, pal.panel, pal.accent, radius=lay.px(8), alpha=240)
            y = rect.y + lay.px(12)
            for line in lines:
                self.screen.blit(face.render(line, True, pal.text), (rect.x + lay.px(12), y))
                y += face.get_linesize()
