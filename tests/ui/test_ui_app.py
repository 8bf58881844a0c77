"""The app: scene stack applied at the end of the frame, global keys, toasts, resizing."""

import pygame

from game.storage.settings import Settings
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
