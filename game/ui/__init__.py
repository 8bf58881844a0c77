"""The pygame shell: event loop, scene stack, widgets, tweening, sprites, assets and sound. Never imports a game."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before the first pygame import: no banner on stdout
