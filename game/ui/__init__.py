"""The pygame shell: event loop, scene stack, widgets, tweening, sprites, assets and sound. Never imports a game."""
