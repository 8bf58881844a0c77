"""The player's settings as data: each setting, its default and what it means. ``game.storage.settings`` reads
and writes them (``settings.yaml``); the app and its screens only read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "fast": 2.0, "normal": 1.0, "slow": 0.5}
"""Animation speed names and their time multipliers (``off`` skips animations)."""
TEXT_SCALES = (1.0, 1.15, 1.3, 1.5)
"""The text sizes offered, as multiples of the normal size; a settings file may hold any size between."""


@dataclass(frozen=True)
class Settings:
    """Everything the player can set in the settings scene."""

    window_width: int = 1280
    window_height: int = 720
    fullscreen: bool = False
    animation_speed: str = "normal"
    volume: float = 0.7
    """The sound effects' loudness, from 0 to 1."""
    music_volume: float = 0.3
    """The music's loudness, from 0 to 1: quiet by default, under the effects."""
    muted: bool = False
    """Silences the effects and the music alike."""
    text_scale: float = 1.0
    """Every text this many times its normal size (one of ``TEXT_SCALES`` or between), for readers who need
    larger type."""
    colour_blind_palette: bool = False
    reduced_motion: bool = False
    """Keep the moves that say what happened, drop the effects that only celebrate it (bursts, confetti)."""
    memory_aid: bool = False
    """Reapers: show what each opponent drafted and has not yet played."""
    player_name: str = "Morgan"
    """The name the first human seat gets (a name, not "You", so the log reads "Morgan plays")."""
    ai_pause_ms: int = 600
    """How long an AI seat visibly waits before acting."""
    guides_seen: tuple[str, ...] = ()
    """The games whose first-game guide has been shown, so it opens by itself only the first time."""
    last_game: str = ""
    """The game last played (the statistics open on it); '' before the first."""
    lab_game: str = ""
    """The game last chosen in the variant lab (it opens on it again); '' before the first."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Unknown keys from a newer version, kept so saving does not lose them."""

    def speed_factor(self) -> float:
        """The animation time multiplier (0 means animations are off)."""
        return ANIMATION_SPEEDS[self.animation_speed]
