"""Spectral Reapers test boards: a game set up on a given ring of pits."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.games.spectral_reapers.rules import CAPTURE, COLOUR_LETTERS, PLACE, SOW, SpectralReapersState
from game.games.spectral_reapers.rules.config import config_of


def from_board(pits: Sequence[Sequence[int] | str], *, players: int | None = None,
               params: Mapping[str, Any] | None = None, captured: Sequence[Sequence[int]] | None = None,
               to_move: int = 0, starting_player: int | None = None, phase: str = SOW,
               capture_pit: int = -1, since_capture: int = 0, seed: int = 0) -> SpectralReapersState:
    """A game set up on a given board (phase 2 by default).

    ``pits`` holds one entry per pit: a colour-count sequence (``[2, 0, 1]``) or a string of colour
    letters (``"RRB"``, ``""`` for an empty pit). ``players`` defaults to the length of a count
    sequence (with only strings: the highest colour letter used, at least 2); ``captured[s][c]`` is seat
    ``s``'s captured beads of colour ``c``. With ``phase="capture"`` give ``capture_pit``. The end
    conditions are checked at once (a board already at the threshold starts finished).
    """
    config = config_of(params)
    if players is None:
        first = next((p for p in pits if not isinstance(p, str)), None)
        if first is not None:
            players = len(first)
        else:
            letters = "".join(p for p in pits if isinstance(p, str)).upper()
            players = max([2] + [COLOUR_LETTERS.index(x) + 1 for x in letters])
    state = SpectralReapersState(config, players, seed,
                                 starting_player=to_move if starting_player is None else starting_player)
    if len(pits) != state.ring:
        raise ValueError(f"{players} players need {state.ring} pits, not {len(pits)}")
    for index, pit in enumerate(pits):
        if isinstance(pit, str):
            counts = [0] * players
            for letter in pit:
                colour = COLOUR_LETTERS.index(letter.upper())
                if colour >= players:
                    raise ValueError(f"colour {letter} is not in a {players}-player game")
                counts[colour] += 1
        else:
            counts = [int(x) for x in pit]
            if len(counts) != players or min(counts) < 0:
                raise ValueError(f"pit {index}: need {players} non-negative counts, got {pit!r}")
        state.pits[index] = counts
    if captured is not None:
        state.captured = [[int(x) for x in row] for row in captured]
    state.to_move = to_move
    state.phase = phase
    if phase == PLACE:
        state.placed = sum(1 for s in range(players) if any(pit[s] for pit in state.pits))
    else:
        state.placed = players
    if phase == CAPTURE:
        if not 0 <= capture_pit < state.ring:
            raise ValueError("phase 'capture' needs capture_pit")
        state.capture_pit = capture_pit
    state.since_capture = since_capture
    if phase in (SOW, CAPTURE):
        state._check_threshold([])
    return state
