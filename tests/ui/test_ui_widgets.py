"""Widgets and the focus ring: keyboard and mouse."""

import pygame

from game.ui.widgets import Button, Choice, FocusGroup, Slider, TextField, Toggle


def keydown(code, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def make_group():
    pressed = []
    widgets = [Button("Go", lambda: pressed.append(1)), Choice("Speed", [(1, "one"), (2, "two"), (3, "three")], 2),
               Toggle("Mute", False), Slider("Volume", 0.5), TextField("Name", "An", max_len=4)]
    for index, widget in enumerate(widgets):
        widget.rect = pygame.Rect(10, 10 + index * 50, 300, 40)
    return FocusGroup(widgets), widgets, pressed


def test_tab_shift_tab_and_arrows_move_the_focus_and_wrap():
    group, widgets, _ = make_group()
    assert group.focused is widgets[0]
    group.handle(keydown(pygame.K_TAB))
    group.handle(keydown(pygame.K_DOWN))
    assert group.focused is widgets[2]
    group.handle(keydown(pygame.K_TAB, pygame.KMOD_LSHIFT))
    group.handle(keydown(pygame.K_UP))
    group.handle(keydown(pygame.K_UP))
    assert group.focused is widgets[4]


def test_disabled_widgets_are_skipped():
    group, widgets, _ = make_group()
    widgets[1].enabled = False
    group.handle(keydown(pygame.K_TAB))
    assert group.focused is widgets[2]


def test_enter_left_right_change_values():
    group, widgets, pressed = make_group()
    group.handle(keydown(pygame.K_RETURN))
    assert pressed == [1]
    group.focus(widgets[1])
    group.handle(keydown(pygame.K_RIGHT))
    assert widgets[1].value == 3
    group.handle(keydown(pygame.K_RIGHT))
    assert widgets[1].value == 1
    group.focus(widgets[2])
    group.handle(keydown(pygame.K_SPACE))
    assert widgets[2].value is True
    group.focus(widgets[3])
    group.handle(keydown(pygame.K_LEFT))
    assert widgets[3].value == 0.4


def test_text_field_typing_limits_and_backspace():
    group, widgets, _ = make_group()
    group.focus(widgets[4])
    group.handle(pygame.event.Event(pygame.TEXTINPUT, text="nabel"))
    assert widgets[4].text == "Anna"
    group.handle(keydown(pygame.K_BACKSPACE))
    assert widgets[4].text == "Ann"
    digits = TextField("Seed", "", allowed="0123456789")
    digits.text_input("4x2")
    assert digits.text == "42"


def test_mouse_hover_focuses_and_click_activates():
    group, widgets, pressed = make_group()
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 115), rel=(0, 0), buttons=(0, 0, 0)))
    assert group.focused is widgets[2]
    group.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 15), button=1))
    assert pressed == [1] and group.focused is widgets[0]
