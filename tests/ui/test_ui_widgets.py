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


def test_a_scale_stops_at_its_ends_and_dims_the_arrow_there():
    changes = []
    speed = Choice("Speed", [("off", "Off"), ("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")], "normal",
                   changes.append, wrap=False)
    group = FocusGroup([speed])
    group.handle(keydown(pygame.K_RIGHT))
    assert speed.value == "fast" and not speed.can_step(1) and speed.can_step(-1)
    group.handle(keydown(pygame.K_RIGHT))
    group.handle(keydown(pygame.K_RETURN))
    assert speed.value == "fast" and changes == ["fast"]  # nothing past the most
    for _ in range(4):
        group.handle(keydown(pygame.K_LEFT))
    assert speed.value == "off" and changes == ["fast", "normal", "slow", "off"] and not speed.can_step(-1)
    wrapping = Choice("Seat", [(1, "one"), (2, "two")], 2)
    assert wrapping.can_step(1) and wrapping.adjust(1) and wrapping.value == 1


def grid():
    """Three cards over two buttons, as on the main menu."""
    cards = [Button(f"card {i}", lambda: None) for i in range(3)]
    buttons = [Button("Rules", lambda: None), Button("Quit", lambda: None)]
    for index, card in enumerate(cards):
        card.rect = pygame.Rect(100 + index * 300, 100, 260, 300)
    for index, button in enumerate(buttons):
        button.rect = pygame.Rect(300 + index * 400, 450, 200, 50)
    group = FocusGroup([*cards, *buttons])
    group.rows = [cards, buttons]
    return group, cards, buttons


def test_arrows_walk_rows_as_they_lie():
    group, cards, buttons = grid()
    group.handle(keydown(pygame.K_RIGHT))
    group.handle(keydown(pygame.K_RIGHT))
    assert group.focused is cards[2]
    group.handle(keydown(pygame.K_RIGHT))
    assert group.focused is cards[0]  # round the row
    group.handle(keydown(pygame.K_LEFT))
    assert group.focused is cards[2]
    group.handle(keydown(pygame.K_DOWN))
    assert group.focused is buttons[1]  # the nearest below
    group.handle(keydown(pygame.K_LEFT))
    assert group.focused is buttons[0]
    group.handle(keydown(pygame.K_UP))
    assert group.focused is cards[1]
    group.handle(keydown(pygame.K_TAB))
    assert group.focused is cards[2]  # Tab keeps the focus order


def test_up_down_fall_back_to_the_focus_order_without_another_row():
    group, cards, buttons = grid()
    group.rows = [[], buttons]
    group.focus(buttons[0])
    group.handle(keydown(pygame.K_DOWN))
    assert group.focused is buttons[1]
    cards[1].enabled = False
    group.rows = [cards, buttons]
    group.focus(cards[0])
    group.handle(keydown(pygame.K_RIGHT))
    assert group.focused is cards[2]  # the disabled card is skipped
