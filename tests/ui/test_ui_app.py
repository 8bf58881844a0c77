"""The app: scene stack applied at the end of the frame, global keys, toasts, resizing."""

import pygame

from game.core.settings import Settings
from game.ui.app import App, Scene
from tests.app_input import key, run


class Probe(Scene):
    def __init__(self, app, name, log):
        super().__init__(app)
        self.name, self.log = name, log
        self.dts: list[float] = []
        self.sizes: list[tuple[int, int]] = []

    def enter(self):
        self.log.append(f"enter {self.name}")

    def leave(self):
        self.log.append(f"leave {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def resize(self, layout):
        self.sizes.append(layout.size)

    def update(self, dt):
        self.dts.append(dt)

    def draw(self, surface):
        surface.fill((10, 10, 10))


def test_stack_changes_wait_for_the_end_of_the_frame(app):
    log: list[str] = []
    root = Probe(app, "root", log)
    app.push(root)
    assert app.stack == []
    run(app)
    assert app.stack == [root] and log == ["enter root"]
    top = Probe(app, "top", log)
    app.push(top)
    assert app.top is root
    run(app)
    assert app.top is top
    app.pop()
    run(app)
    assert app.stack == [root] and log[-2:] == ["leave top", "resume root"]
    other = Probe(app, "other", log)
    app.replace(other)
    run(app)
    assert app.stack == [other]


def test_updates_get_the_frame_dt(app):
    probe = Probe(app, "p", [])
    app.push(probe)
    app.apply_pending()
    app.frame(0.25)
    assert probe.dts == [0.25]


def test_escape_pops_a_scene_but_not_the_root(app):
    log: list[str] = []
    root, top = Probe(app, "root", log), Probe(app, "top", log)
    app.push(root)
    app.push(top)
    run(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack == [root]
    key(app, pygame.K_ESCAPE)
    assert app.stack == [root] and app.running


def test_f11_toggles_fullscreen(app):
    app.push(Probe(app, "p", []))
    run(app)
    assert not app.fullscreen
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.screen.get_size() == (1280, 720)


def test_ctrl_q_and_the_close_button_quit(app):
    app.push(Probe(app, "p", []))
    run(app)
    key(app, pygame.K_q)
    assert app.running
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running
    app.running = True
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app)
    assert not app.running


def test_notices_become_toasts_that_expire_or_are_clicked_away():
    app = App(Settings(), ["Settings file was moved aside"], size=(1280, 720))
    try:
        app.push(Probe(app, "p", []))
        run(app)
        assert [t.text for t in app.toasts] == ["Settings file was moved aside"]
        rect = app._toast_rects()[0][0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        run(app)
        assert app.toasts == []
        app.notify("again")
        run(app, 3, dt=4.0)
        assert app.toasts == []
    finally:
        app.close()


def test_resize_reaches_every_scene(app):
    probe = Probe(app, "p", [])
    app.push(probe)
    run(app)
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    run(app)
    assert probe.sizes[-1] == (1600, 900) and app.layout.scale == 1.25


def test_window_title_is_hallowtable(app):
    assert pygame.display.get_caption()[0] == "Hallowtable"


class Still(Scene):
    """A scene with no per-frame work: it changes only on input."""

    def __init__(self, app, keep=()):
        super().__init__(app)
        self.keep = [pygame.Rect(r) for r in keep]
        self.events: list[int] = []

    def handle(self, event):
        self.events.append(event.type)

    def keep_clear(self):
        return self.keep


class Moving(Still):
    """A scene whose animation runs for ``frames`` updates."""

    def __init__(self, app, frames):
        super().__init__(app)
        self.left = frames

    def update(self, dt):
        self.left = max(0, self.left - 1)

    def needs_frame(self):
        return self.left > 0


def drawn(app, frames=1, dt=1 / 60):
    """How many of the next ``frames`` frames were drawn."""
    before = app.draws
    run(app, frames, dt)
    return app.draws - before


def test_an_idle_scene_is_drawn_only_when_something_happens(app):
    still = Still(app)
    app.push(still)
    assert drawn(app) == 1  # the stack changed
    still.events.clear()  # the window's own events at its opening
    assert drawn(app, 5) == 0 and app.frames >= 6  # nothing happened: frames run, nothing is drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert drawn(app) == 1 and still.events == [pygame.MOUSEMOTION]  # handled and drawn in the same frame
    assert drawn(app, 3) == 0
    app.notify("Something to say")
    assert drawn(app) == 1 and drawn(app, 2) == 0
    assert drawn(app, 1, dt=10.0) == 1 and app.toasts == []  # the notice went: drawn without it
    app.redraw()
    assert drawn(app) == 1 and drawn(app) == 0


def test_a_window_change_or_a_stack_change_is_drawn(app):
    app.push(Still(app))
    run(app)
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    assert drawn(app) == 1
    app.push(Still(app))
    assert drawn(app) == 1 and drawn(app) == 0
    app.pop()
    assert drawn(app) == 1 and drawn(app) == 0


def test_a_scene_with_work_of_its_own_is_drawn_every_frame_by_default(app):
    app.push(Probe(app, "p", []))
    run(app)
    assert drawn(app, 4) == 4


def test_a_moving_scene_is_drawn_until_it_stops_and_once_more(app):
    moving = Moving(app, 3)
    app.push(moving)
    run(app)
    assert moving.left == 2
    assert drawn(app, 5) == 2  # the update that ends the animation is drawn, then nothing
    assert moving.left == 0


def test_notices_stack_in_the_lowest_place_clear_of_what_the_scene_keeps_clear(app):
    bar = (200, 600, 880, 60)  # where a notice would go: just above the window's bottom
    app.push(Still(app, keep=[bar, (100, 100, 1080, 300)]))
    run(app)
    for count in range(1, 5):
        app.notify(f"notice {count}")
        rects = [rect for rect, _ in app._toast_rects()]
        assert len(rects) == count
        assert all(rect.collidelist(app.top.keep_clear()) < 0 for rect in rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert all(app.screen.get_rect().contains(rect) for rect in rects)
    rects = [rect for rect, _ in app._toast_rects()]
    assert 500 < rects[0].bottom <= 600  # the newest goes lowest: just above the bar
    assert rects[-1].bottom <= 100  # the fourth finds room only above the top rect
