"""The one event loop and the scene stack.

Scenes ask for ``push``/``pop``/``replace``/``reset`` during a frame; the stack changes only at the end
of the frame, so a scene never sees the stack change under it while it handles an event. The app owns
the keys that mean the same everywhere: Esc (the top scene's ``back``), F11 (fullscreen) and Ctrl+Q or
the window's close button (quit). A window opened at a new size or back from full screen is centred on the
display it was on and never larger than it (``fit_to_display``).

Events are handled every frame, but a frame is drawn only when it may look different from the last one
drawn (see ``App.frame``), so a screen that waits for the player costs almost nothing.

The shell knows none of the application's screens: a table opens the pause menu, a hand-off and the results,
and keeps its games, through the app's ``Router``, which the application gives it.
"""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

from game.core.settings import Settings
from game.ui import assets
from game.ui.layout import Layout
from game.ui.sound import SoundBoard, quiet_native_errors
from game.ui.text import forget_text, panel, wrap
from game.ui.theme import Palette, font, palette_for

if TYPE_CHECKING:  # a table's session is imported with the table, not by the menu
    from game.ui.session import GameOver, Keeper

TITLE = "Hallowtable"
FPS = 60
RESTING_FPS = 30
"""How often the loop looks for input once nothing has been drawn for ``REST_SECONDS``: a screen at rest costs
half as much, and the first key or click after the rest waits at most a thirtieth of a second."""
REST_SECONDS = 0.6
"""Seconds without a frame drawn before the loop slows down: longer than a tooltip's wait, so tips keep time."""
MAX_DT = 0.1
"""A frame longer than this (a stall, a dragged window) counts as this long, so nothing jumps."""
TOAST_SECONDS = 8.0
TOAST_WIDTH = 900
TOASTS_SHOWN = 4
"""The most notices shown at once (the newest)."""
TOAST_MARGIN = 20
"""Reference units between a notice and the window's edge."""
TOAST_GAP = 8
"""Reference units between two notices, and between a notice and what it must keep clear of."""
MAX_NOTICE_CHARS = 600
"""The longest notice shown (a file's path and its problem take a few lines); a longer one is cut, so
wrapping it each frame stays cheap however long a value from a file was."""
HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})
"""Video drivers without a screen: no window to place, and their desktop's size is made up."""
CENTRED_ON_DISPLAY = 0x2FFF0000
"""SDL's window position that centres a window on the display whose index is added to it
(``SDL_WINDOWPOS_CENTERED_DISPLAY``)."""


def fit_to_display(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window size no larger than the display's ``desktop`` (unknown: as asked)."""
    if desktop is None:
        return size
    return (min(size[0], desktop[0]), min(size[1], desktop[1]))


def _window() -> Any:
    """The display module's window as an object that can be moved (``Window.from_display_module``, which pygame
    and pygame-ce both have, pygame-ce with a warning that it may go), or None before the window opens or with no
    screen."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS or pygame.display.get_surface() is None:
        return None
    from pygame._sdl2.video import Window

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return Window.from_display_module()


def _display_index() -> int:
    """The display the window is on (the first before it opens)."""
    try:
        window = _window()
        return int(window.display_index) if window is not None else 0
    except (pygame.error, AttributeError, ImportError):
        return 0


def _desktop_size(display: int) -> tuple[int, int] | None:
    """The size of display ``display``'s desktop, or None when there is no screen to fit or it cannot tell."""
    try:
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not 0 <= display < len(sizes):
        return None
    width, height = sizes[display]
    return (width, height)


def _centre_window(display: int) -> None:
    """Centre the window on display ``display`` (never off the screen, as a window moved while another size
    or before full screen may be); nothing where the window cannot be moved."""
    try:
        window = _window()
        if window is not None:
            window.position = (CENTRED_ON_DISPLAY + display, CENTRED_ON_DISPLAY + display)
    except (pygame.error, AttributeError, ImportError, TypeError):
        pass


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

    def needs_frame(self) -> bool:
        """Whether the scene must be drawn this frame although nothing happened to the app (no event, no
        notice come or gone, no change of the stack or the window): whether something on it moves or may
        change by itself (an animation, a clock, a result arriving from another thread).

        The default: a scene with per-frame work of its own (it overrides ``update``) may change on any
        frame, so it is drawn on every frame; one without changes only on input and is drawn only then.
        A scene that changes at moments it knows says False and calls ``app.redraw()`` at those moments."""
        return type(self).update is not Scene.update

    def keep_clear(self) -> list[pygame.Rect]:
        """What the app's notices must not cover (a menu's buttons); none by default."""
        return []

    def back(self) -> None:
        """Esc: leave this scene (the root scene stays)."""
        if len(self.app.stack) > 1:
            self.app.pop()


class Router(Protocol):
    """The application's screens that a table opens for what they mean, and where its games are kept: the shell
    (``game.ui``) never names a scene of the application's nor a file of the player's."""

    keeper: Keeper

    def pause(self, over: Scene) -> Scene:
        """The pause menu over the table ``over``."""

    def hand_off(self, name: str, ready: Callable[[], None], over: Scene) -> Scene:
        """The screen that hides the table ``over`` until the player ``name`` takes it (then ``ready()``)."""

    def results(self, end: GameOver, over: Scene) -> Scene:
        """The results screen of the finished table ``over``."""


class Toast:
    """A message shown over every scene for a while (e.g. a corrupt settings file was moved aside)."""

    def __init__(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        self.text = text if len(text) <= MAX_NOTICE_CHARS else text[: MAX_NOTICE_CHARS - 1] + "\u2026"
        self.remaining = seconds


class App:
    """The window, the scene stack, the settings, the palette, the sound and the toasts."""

    router: Router | None = None
    """The application's screens and stores, which its tables use; set by the application that opens the
    window (its ``open_app``). None: a bare shell, whose tables keep nothing and cannot pause, hand off or end."""

    def __init__(self, settings: Settings, notices: list[str] | None = None,
                 size: tuple[int, int] | None = None) -> None:
        with quiet_native_errors():  # pygame.init opens the mixer too: no sound card, no lines of ALSA's
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
        self.layout = Layout(*self.screen.get_size(), text_scale=settings.text_scale)
        self.sound = SoundBoard(settings)
        self.stack: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self.toasts: list[Toast] = []
        for text in notices or []:
            self.notify(text)
        self.running = True
        self.exit_code = 0
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.draws = 0
        """Frames drawn (a frame with nothing new is not)."""
        self.dirty = True
        """Whether the next frame must be drawn whatever the scene says (``redraw``)."""
        self.still = 0.0
        """Seconds since a frame was last drawn (the loop slows down after ``REST_SECONDS``)."""

    # --- window -----------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        """Open (or reopen) the window: the whole screen, or the windowed size fitted to the display the window
        is on and centred on it."""
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            display = _display_index()
            size = fit_to_display(self.windowed_size, _desktop_size(display))
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            if screen.get_size() != size:  # some drivers keep the fullscreen size once
                screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            _centre_window(display)
        pygame.event.clear(pygame.VIDEORESIZE)  # the mode change's own resize is not the player's
        return screen

    def toggle_fullscreen(self) -> None:
        """F11: switch between the window and the whole screen."""
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self._relayout()

    def _relayout(self) -> None:
        self.layout = Layout(*self.screen.get_size(), text_scale=self.settings.text_scale)
        for scene in self.stack:
            scene.resize(self.layout)
        self.redraw()

    def apply_settings(self, settings: Settings) -> None:
        """Use new settings now: window size, fullscreen, text size, palette, sound and music."""
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
        """Show a message over every scene for a few seconds (once: not again while it is showing)."""
        toast = Toast(text)
        if all(shown.text != toast.text for shown in self.toasts):
            self.toasts.append(toast)
            self.redraw()

    def redraw(self) -> None:
        """Draw the next frame: something shown changed off the frame's events (the stack, the window, a
        notice, or a scene's state changed by its own work, such as an AI's move)."""
        self.dirty = True

    @property
    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self.stack[-1] if self.stack else None

    def _push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.resize(self.layout)
        scene.enter()
        self.redraw()

    def _pop(self, resume: bool = True) -> None:
        if self.stack:
            self.stack.pop().leave()
        if resume and self.stack:
            self.stack[-1].resume()
        self.redraw()

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
        """One frame: events, update, draw if anything may look different, then the stack changes.

        The frame is drawn when ``redraw`` was asked for (a change of the stack or the window, a notice come or
        gone, a scene's own change), when any event arrived (input, a resize, the window uncovered), or when
        the top scene ``needs_frame`` before or after its update (so an animation's last step is drawn too).
        Only the top scene updates, so the scenes under it cannot change by themselves."""
        self.apply_pending()
        for event in pygame.event.get():
            self.handle(event)
            self.dirty = True
        top = self.top
        moving = False
        if top is not None:
            moving = top.needs_frame()
            top.update(dt)
            moving = moving or top.needs_frame()
        self.sound.update()
        for toast in self.toasts:
            toast.remaining -= dt
        showing = len(self.toasts)
        self.toasts = [t for t in self.toasts if t.remaining > 0]
        if len(self.toasts) != showing:
            self.redraw()
        if self.dirty or moving:
            self.draw()
            self.still = 0.0
        else:
            self.still += dt
        self.apply_pending()
        self.frames += 1

    def draw(self) -> None:
        """Draw the visible scenes (from the highest opaque one up) and the toasts, then flip."""
        self.dirty = False
        self.draws += 1
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
            self.tick()
        self.close()
        return self.exit_code

    def tick(self) -> None:
        """One turn of the loop: sleep until the next frame is due (at most ``FPS`` a second, ``RESTING_FPS``
        once nothing has been drawn for ``REST_SECONDS``), then run it. Events are handled every turn, so input
        waits less than a frame even when nothing is drawn."""
        fps = FPS if self.still < REST_SECONDS else RESTING_FPS
        self.frame(min(MAX_DT, self.clock.tick(fps) / 1000.0))

    def close(self) -> None:
        """Leave every scene and shut pygame down."""
        for scene in reversed(self.stack):
            scene.leave()
        self.stack.clear()
        self._pending.clear()
        self.sound.close()
        assets.clear_cache()
        font.cache_clear()
        forget_text()
        pygame.quit()

    # --- toasts ----------------------------------------------------------------------------------------
    def _toast_rects(self) -> list[tuple[pygame.Rect, list[str]]]:
        """Each notice shown (the newest first) with its lines, each in the lowest free place: clear of the
        others and of what the top scene keeps clear (``Scene.keep_clear``)."""
        lay = self.layout
        face = font(lay.text_px(17))
        width = min(lay.px(TOAST_WIDTH), lay.width - 2 * lay.px(TOAST_MARGIN))
        pad, gap = lay.px(12), lay.px(TOAST_GAP)
        kept = [rect.inflate(2 * gap, 2 * gap) for rect in self.top.keep_clear()] if self.top is not None else []
        others: list[pygame.Rect] = []
        placed: list[tuple[pygame.Rect, list[str]]] = []
        for toast in reversed(self.toasts[-TOASTS_SHOWN:]):
            lines = wrap(toast.text, face, width - 2 * pad)
            rect = pygame.Rect((lay.width - width) // 2, 0, width, len(lines) * face.get_linesize() + 2 * pad)
            spot = self._lowest_free(rect, kept + others)
            if spot is None:  # no room clear of the scene's widgets: clear of the other notices at least
                spot = self._lowest_free(rect, others)
            if spot is None:  # taller than the window
                spot = rect.move(0, lay.px(TOAST_MARGIN))
            placed.append((spot, lines))
            others.append(spot.inflate(0, 2 * gap))
        return placed

    def _lowest_free(self, rect: pygame.Rect, taken: list[pygame.Rect]) -> pygame.Rect | None:
        """``rect`` moved up or down to the lowest place inside the window's margins where it overlaps nothing
        in ``taken``, or None if there is none. A free place slid down stays free until it meets the floor or
        the top of something taken, so those are the only bottoms to try."""
        margin = self.layout.px(TOAST_MARGIN)
        floor = self.layout.height - margin
        for bottom in sorted({floor, *(r.top for r in taken if r.top <= floor)}, reverse=True):
            spot = rect.copy()
            spot.bottom = bottom
            if spot.top < margin:
                return None
            if spot.collidelist(taken) < 0:
                return spot
        return None

    def _toast_hit(self, pos: tuple[int, int]) -> bool:
        return any(rect.collidepoint(pos) for rect, _ in self._toast_rects())

    def _draw_toasts(self) -> None:
        lay, pal = self.layout, self.palette
        face = font(lay.text_px(17))
        for rect, lines in self._toast_rects():
            panel(self.screen, rect, pal.panel, pal.accent, radius=lay.px(8))
            y = rect.y + lay.px(12)
            for line in lines:
                self.screen.blit(face.render(line, True, pal.text), (rect.x + lay.px(12), y))
                y += face.get_linesize()
