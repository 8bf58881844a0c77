"""Text wrapping for panels and the log."""

from game.ui.text import wrap
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
