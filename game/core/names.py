"""Seat and player names: what a name may be, wherever it comes from (a text field, settings, a save).

A name is drawn on name plates, in the log and on the results, every frame: one from a hand-edited file
must not hold a NUL (pygame refuses to draw it) nor run to thousands of characters (drawing it froze
the table). The text fields of the setup and settings screens take the same characters.
"""

from __future__ import annotations

MAX_NAME_LENGTH = 16
"""The longest name: the settings screen's field, and as much as a name plate shows at 1280x720."""
NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -'."
"""What the name fields let a player type (every font we ship draws these)."""


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a seat's name, or None when it can. Names from files may use any
    printable character (a hand-edited "Zoë" is fine); control characters and blank names may not."""
    if not isinstance(name, str):
        return "must be text"
    if not name.strip():
        return "must not be blank"
    if len(name) > MAX_NAME_LENGTH:
        return f"is {len(name):,} characters long; at most {MAX_NAME_LENGTH} are allowed"
    if not name.isprintable():
        return "holds a control character (such as NUL or a line break)"
    return None
