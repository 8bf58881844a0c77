"""Text wrapping for panels and the log; labels laid out at their size, on two lines rather than smaller."""

import pygame

from game.ui.text import ELLIPSIS, draw_label, label_height, label_lines, label_rows, wrap
from game.ui.theme import font


def test_lines_fit_the_width_and_keep_every_word(app):
    face = font(16)
    text = "One of Boris's beads goes into pit 12 and the sowing goes on round the ring."
    lines = wrap(text, face, 180)
    assert all(face.size(line)[0] <= 180 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_a_short_last_word_takes_the_word_before_it_along(app):
    face = font(16)
    text = "One of Boris's beads goes into pit 2."
    width = face.size("One of Boris's beads goes into pit")[0] + 2
    lines = wrap(text, face, width)
    assert lines[-1] == "pit 2." and " ".join(lines) == text


def test_a_long_word_is_cut_and_paragraphs_stay_apart(app):
    face = font(16)
    lines = wrap("a\nabcdefghijklmnopqrstuvwxyz", face, face.size("abcdef")[0])
    assert lines[0] == "a" and "".join(lines[1:]) == "abcdefghijklmnopqrstuvwxyz"


LABEL = "Start the game with these players"


def test_a_label_that_fits_stays_on_one_line(app):
    width = font(20, serif=True, bold=True).size(LABEL)[0]
    assert label_lines(LABEL, 20, (width, 40), serif=True, bold=True) == (LABEL,)


def test_a_label_too_wide_wraps_onto_even_lines_at_its_size_never_smaller(app):
    face = font(20, serif=True, bold=True)
    width = face.size(LABEL)[0] * 2 // 3
    height = label_height(20, 2, serif=True, bold=True)
    lines = label_lines(LABEL, 20, (width, height), serif=True, bold=True)
    assert len(lines) == 2 and " ".join(lines) == LABEL and ELLIPSIS not in "".join(lines)
    assert all(face.size(line)[0] <= width for line in lines)
    assert abs(len(lines[0]) - len(lines[1])) < len(LABEL) // 3  # balanced, no lone word
    drawn = draw_label(pygame.Surface((400, 200)), LABEL, 20, (255, 255, 255), pygame.Rect(10, 10, width, height),
                       serif=True, bold=True)
    assert len(drawn) == 2 and all(rect.h == face.get_height() for rect in drawn)  # drawn at 20, not less


def test_a_label_cut_only_where_its_lines_cannot_hold_it(app):
    face = font(20)
    one_line = label_height(20, 1)
    lines = label_lines(LABEL, 20, (face.size(LABEL)[0] // 2, one_line))
    assert len(lines) == 1 and lines[0].endswith(ELLIPSIS) and face.size(lines[0])[0] <= face.size(LABEL)[0] // 2
    huge = "x" * 20_000
    lines = label_lines(huge, 20, (200, 200))
    assert len(lines) == 2 and lines[-1].endswith(ELLIPSIS) and all(face.size(line)[0] <= 200 for line in lines)


def test_a_label_is_centred_on_its_capitals(app):
    room = pygame.Rect(0, 0, 300, 100)
    for serif in (False, True):
        surface = pygame.Surface(room.size, pygame.SRCALPHA)
        draw_label(surface, "HEH", 30, (255, 255, 255), room, serif=serif, bold=True)
        inked = surface.get_bounding_rect()
        assert inked.h < room.h // 2
        assert abs(inked.centery - room.centery) <= 2 and abs(inked.centerx - room.centerx) <= 2


def test_the_room_a_label_asks_for_holds_exactly_that_many_lines(app):
    for size in (14, 20, 30, 48):
        for serif in (False, True):
            for lines in (1, 2, 3):
                room = label_height(size, lines, serif=serif, bold=True)
                assert label_rows(size, room, serif=serif, bold=True) == lines
                assert label_rows(size, room - 1, serif=serif, bold=True) == max(1, lines - 1)
