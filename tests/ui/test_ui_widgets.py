"""Widgets and the focus ring: keyboard and mouse; labels at the label size, wrapped rather than shrunk."""

import pygame
import pytest

from game.ui import text as text_module
from game.ui.layout import Layout
from game.ui.text import ELLIPSIS, ink
from game.ui.theme import TYPE
from game.ui.widgets import Button, Choice, FocusGroup, Slider, TextField, Toggle, button_width, place_in_row


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


def drawn_sizes(monkeypatch):
    """Every (text, size, rect) drawn through ``draw_text`` from now on."""
    drawn = []
    original = text_module.draw_text

    def recorded(surface, text, size, *args, **kwargs):
        rect = original(surface, text, size, *args, **kwargs)
        drawn.append((text, size, rect))
        return rect

    monkeypatch.setattr(text_module, "draw_text", recorded)
    return drawn


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_a_button_label_is_never_shrunk_its_row_wraps_it_and_grows_to_hold_it(app, monkeypatch, scale):
    lay = Layout(1280, 720, text_scale=scale)
    size = lay.text_px(TYPE.label)
    top, inked = ink(size, serif=True, bold=True).top, ink(size, serif=True, bold=True).height
    label = "Play again with the same seats"
    buttons = [Button(label, lambda: None), Button("Quit", lambda: None)]
    quit_and_gap = button_width("Quit", lay) + lay.px(20)
    for width, lines in ((2 * button_width(label, lay), 1), (button_width(label, lay) * 3 // 4 + quit_and_gap, 2)):
        drawn = drawn_sizes(monkeypatch)
        place_in_row(buttons, pygame.Rect(20, 300, width, lay.px(54)), lay.px(20), lay)
        button = buttons[0].rect
        buttons[0].draw(pygame.Surface(lay.size), app.palette, lay, False)
        assert {size for _, size, _ in drawn} == {lay.text_px(TYPE.label)}
        assert len(drawn) == lines and " ".join(text for text, _, _ in drawn) == label
        assert all(button.left <= rect.left and rect.right <= button.right for _, _, rect in drawn)
        assert all(button.top <= rect.top + top and rect.top + top + inked <= button.bottom for _, _, rect in drawn)
        assert button.h >= lay.px(54) and button.centery == 300 + lay.px(54) // 2


def test_a_row_gives_narrow_labels_all_they_need_and_wraps_only_the_widest(app):
    lay = Layout(1280, 720)
    labels = ("Rules", "Quit", "A label far too long for its share of the row")
    buttons = [Button(label, lambda: None) for label in labels]
    bar = pygame.Rect(0, 0, button_width("Rules", lay) + button_width("Quit", lay) + 200, 50)
    place_in_row(buttons, bar, 10, lay)
    assert [b.rect.w for b in buttons[:2]] == [button_width("Rules", lay), button_width("Quit", lay)]
    assert buttons[2].rect.right <= bar.right + 1 and buttons[0].rect.x == bar.x
    assert all(left.rect.right < right.rect.left for left, right in zip(buttons, buttons[1:]))
    place_in_row(buttons, pygame.Rect(0, 0, 1200, 50), 10, lay)
    assert all(b.rect.w >= button_width(b.label, lay) for b in buttons)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_menu_rows_label_and_value_keep_their_size_and_do_not_overlap(app, monkeypatch, scale):
    lay = Layout(1280, 720, text_scale=scale)
    drawn = drawn_sizes(monkeypatch)
    rows = [Choice("Animation speed", [("normal", "Normal")], "normal"), Toggle("Colour-blind palette", True),
            TextField("Your name", "Morgan"), Slider("Effects volume", 0.7),
            Choice("Variant", [("v", "A variant with a very long title indeed, longer than the row")], "v")]
    for row in rows:
        drawn.clear()
        row.rect = pygame.Rect(40, 40, lay.px(560), lay.px(40))
        row.draw(pygame.Surface(lay.size), app.palette, lay, True)
        assert {size for _, size, _ in drawn} == {lay.text_px(TYPE.label)}, row.label
        label = [rect for text, _, rect in drawn if text and row.label.startswith(text.rstrip(ELLIPSIS))]
        value = row.value_box
        assert label and all(rect.right < value.left for rect in label), row.label
        top, inked = ink(lay.text_px(TYPE.label)).top, ink(lay.text_px(TYPE.label)).height
        assert all(row.rect.left <= rect.left and rect.right <= row.rect.right for rect in [*label, value])
        assert all(row.rect.top <= rect.top + top and rect.top + top + inked <= row.rect.bottom for rect in label)
