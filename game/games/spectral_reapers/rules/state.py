"""Spectral Reapers rules: the game state, its moves and the contract functions."""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, Mapping, Sequence

from game.core.contracts import (  # CoreAction: the contract's action type, not this game's ``Action`` union
    TERMINAL, Action as CoreAction, Event, GameState, IllegalActionError, Observation, make_rng,
)

from .actions import CaptureAction, PlaceAction, SowAction
from .config import CAPTURE, COLOUR_LETTERS, END_SAFETY, END_STUCK, END_THRESHOLD, OVER, PLACE, SOW, Config, config_of
from .events import (
    BeadCaptured, BeadSown, BeadsPlaced, CaptureEarned, ExtraTurn, GameEnded, PitLifted, SeatSkipped,
    SowingPaused, SowingPhaseBegan, TurnPassed,
)
from .observe import SpectralReapersObservation
from .orders import SowChoices, is_sow_action, placements, sow_actions, sow_run


class SpectralReapersState(GameState):
    """One game of Spectral Reapers (``new_game`` starts one). Each event of a move is noted with ``stepped``
    once the state shows it: a sowing's beads one by one, so a table animates the board the rules leave."""

    def __init__(self, config: Config, players: int, seed: int = 0, *, starting_player: int | None = None) -> None:
        if not 2 <= players <= len(COLOUR_LETTERS):
            raise ValueError(f"Spectral Reapers is for 2 to {len(COLOUR_LETTERS)} players, not {players}")
        self.config = config
        self.num_players = players
        self.ring = config.pits_per_player * players
        problem = config.ring_problem(players)
        if problem is not None:
            raise ValueError(problem)
        # The rules draw from the generator only here; it is built lazily so that search states and their
        # clones never pay for making or copying one (see ``rng`` and ``clone``).
        self._rng: random.Random | None = None
        self._rng_origin: int | tuple = seed
        self.starting_player = self.rng.randrange(players) if starting_player is None else starting_player
        self.pits: list[list[int]] = [[0] * players for _ in range(self.ring)]
        self.captured: list[list[int]] = [[0] * players for _ in range(players)]
        self.phase = PLACE
        self.to_move = self.starting_player
        self.placed = 0
        self.hand: list[int] | None = None
        self.hand_origin = -1
        self.hand_slot = 0
        self.capture_pit = -1
        self.since_capture = 0
        self.sowings = 0
        self.end_reason = ""
        self.ended_by = -1

    @classmethod
    def from_observation(cls, obs: SpectralReapersObservation) -> "SpectralReapersState":
        """The exact state an observation shows (perfect information)."""
        state = cls(obs.config, obs.num_players, 0, starting_player=obs.starting_player)
        state.pits = [list(p) for p in obs.pits]
        state.captured = [list(c) for c in obs.captured]
        state.phase = obs.phase
        state.to_move = obs.to_move
        state.placed = obs.placed
        state.hand = list(obs.hand) if obs.hand else None
        state.hand_origin = obs.hand_origin
        state.hand_slot = obs.hand_slot
        state.capture_pit = obs.capture_pit
        state.since_capture = obs.since_capture
        state.sowings = obs.sowings
        state.end_reason = obs.end_reason
        state.ended_by = obs.ended_by
        return state

    @property
    def rng(self) -> random.Random:
        """The game's generator, made on first use from a seed or a saved generator state."""
        if self._rng is None:
            origin = self._rng_origin
            if isinstance(origin, int):
                self._rng = make_rng(origin)
            else:
                self._rng = make_rng(0)
                self._rng.setstate(origin)
        return self._rng

    def clone(self) -> "SpectralReapersState":
        """A full independent copy; an unused generator is shared as its immutable seed or saved state."""
        other = SpectralReapersState.__new__(SpectralReapersState)
        other.__dict__.update(self.__dict__)
        other.pits = [p[:] for p in self.pits]
        other.captured = [c[:] for c in self.captured]
        other.hand = None if self.hand is None else self.hand[:]
        if self._rng is not None:
            other._rng = None
            other._rng_origin = self._rng.getstate()
        return other

    # ----------------------------------------------------------------------------------- contract

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def on_board(self, colour: int) -> int:
        """Beads of ``colour`` still on the board."""
        return sum(pit[colour] for pit in self.pits)

    def captured_total(self, seat: int) -> int:
        """Beads (any colour) in ``seat``'s store."""
        return sum(self.captured[seat])

    def scores(self) -> list[float]:
        return [float(self.captured_total(s)) for s in range(self.num_players)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        totals = self.scores()
        best = max(totals)
        return [s for s in range(self.num_players) if totals[s] == best]

    def legal_actions(self) -> Sequence[CoreAction]:
        """Every legal action in a stable order; a sowing decision's as ``SowChoices``, which makes each action
        only when asked for."""
        if self.phase == OVER:
            return []
        if self.phase == PLACE:
            return list(placements(self.ring, self.config))
        if self.phase == CAPTURE:
            pit = self.pits[self.capture_pit]
            return [CaptureAction(self.capture_pit, c) for c in range(self.num_players) if pit[c]]
        seat = self.to_move
        cap = self.config.order_choices_cap
        lap = self.ring - 1
        if self.hand is not None:
            return sow_actions(self.hand_origin, tuple(self.hand), lap, cap, True)
        return SowChoices(tuple([sow_run(index, tuple(pit), lap, cap, False)
                                 for index, pit in enumerate(self.pits) if pit[seat]]))

    def is_legal(self, action: CoreAction) -> bool:
        """Whether ``action`` is legal now (without listing every legal action)."""
        if self.phase == SOW and isinstance(action, SowAction):
            lap, cap = self.ring - 1, self.config.order_choices_cap
            if self.hand is not None:
                if not action.cont or action.pit != self.hand_origin:
                    return False
                return is_sow_action(action, self.hand_origin, tuple(self.hand), lap, cap, True)
            if action.cont or not isinstance(action.pit, int) or not 0 <= action.pit < self.ring:
                return False
            pit = self.pits[action.pit]
            return bool(pit[self.to_move]) and is_sow_action(action, action.pit, tuple(pit), lap, cap, False)
        try:
            return action in self.legal_actions()
        except TypeError:
            return False

    def own_pits(self, seat: int) -> list[int]:
        """The pits holding at least one bead of ``seat``'s colour."""
        return [i for i, pit in enumerate(self.pits) if pit[seat]]

    def check_action(self, action: CoreAction) -> None:
        """Raise ``IllegalActionError`` with the reason when ``action`` is not legal now."""
        if self.phase == OVER:
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        if not self.is_legal(action):
            raise IllegalActionError(f"{action} is not legal for seat {self.to_move} now: {self._why(action)}")

    def _why(self, action: CoreAction) -> str:
        if self.phase == PLACE:
            if not isinstance(action, PlaceAction):
                return "every player must first place their beads"
            c = self.config
            return (f"put all {c.beads_per_player} beads into exactly {c.placement_pits} distinct pits, "
                    f"{c.placement_min} to {c.placement_max} in each, pits listed in increasing order")
        if self.phase == CAPTURE:
            if not isinstance(action, CaptureAction):
                return f"a capture from pit {self.capture_pit} is due first"
            return f"capture one bead present in pit {self.capture_pit}"
        if not isinstance(action, SowAction):
            return "it is the sowing phase"
        if self.hand is not None:
            return f"go on sowing the beads lifted from pit {self.hand_origin} (sow-on)"
        if action.cont:
            return "there are no beads in hand"
        if not 0 <= action.pit < self.ring or not self.pits[action.pit][self.to_move]:
            return "lift a pit holding at least one bead of your colour"
        return "the order must use exactly the lifted beads, written in its canonical form"

    def apply(self, action: CoreAction) -> list[Event]:  # a clearer message than the generic one
        self.check_action(action)
        return self.apply_legal(action)

    def apply_legal(self, action: CoreAction) -> list[Event]:
        events: list[Event] = []
        self._APPLY[self.phase](self, action, events)
        return events

    # -------------------------------------------------------------------------------------- moves

    def _apply_place(self, action: PlaceAction, events: list[Event]) -> None:
        seat = self.to_move
        for pit, count in action.placements:
            self.pits[pit][seat] += count
        first = self.placed == 0
        self.placed += 1
        self.happened(BeadsPlaced(seat, seat, action.placements, first), events)
        if self.placed >= self.num_players:
            self.phase = SOW
            self.to_move = self.starting_player
            self.happened(SowingPhaseBegan(self.starting_player), events)
            self._ensure_can_move(events)
        else:
            self.to_move = (seat + 1) % self.num_players
            self.happened(TurnPassed(seat, self.to_move), events)

    def _apply_sow(self, action: SowAction, events: list[Event]) -> None:
        seat = self.to_move
        ring = self.ring
        lap = ring - 1
        if self.hand is None:
            origin = action.pit
            self.hand, self.hand_origin, self.hand_slot = self.pits[origin], origin, 0
            self.pits[origin] = [0] * self.num_players
            self.happened(PitLifted(seat, origin, tuple(self.hand)), events)
        origin, hand, slot = self.hand_origin, self.hand, self.hand_slot
        left = sum(hand)
        pit = origin
        colour = -1
        for letter in action.order:
            colour = COLOUR_LETTERS.index(letter)
            pit = (origin + 1 + slot % lap) % ring
            self.pits[pit][colour] += 1
            hand[colour] -= 1
            left -= 1
            slot += 1
            if left:
                self.hand_slot = slot
            else:
                self.hand, self.hand_origin, self.hand_slot = None, -1, 0
            self.happened(BeadSown(seat, origin, pit, colour, slot, left, left == 0), events)
        if left:
            self.happened(SowingPaused(seat, origin, left), events)
            return
        self.sowings += 1
        if colour == seat and self.pits[pit][seat] == self.config.capture_count:
            self.phase = CAPTURE
            self.capture_pit = pit
            self.happened(CaptureEarned(seat, pit), events)
            return
        self.since_capture += 1
        if self.since_capture >= self.config.safety_bound:
            self._end(END_SAFETY, -1, events)
            return
        self._pass_turn(events)

    def _apply_capture(self, action: CaptureAction, events: list[Event]) -> None:
        seat = self.to_move
        self.pits[action.pit][action.colour] -= 1
        self.captured[seat][action.colour] += 1
        self.capture_pit = -1
        self.since_capture = 0
        self.phase = SOW
        self.happened(BeadCaptured(seat, action.pit, action.colour), events)
        if self._check_threshold(events):
            return
        self.happened(ExtraTurn(seat), events)
        self._ensure_can_move(events)

    _APPLY: ClassVar[dict[str, Callable[..., None]]] = {
        PLACE: _apply_place, SOW: _apply_sow, CAPTURE: _apply_capture,
    }
    """The move of each phase a decision is asked in."""

    def _check_threshold(self, events: list[Event]) -> bool:
        threshold = self.config.end_threshold
        for colour in range(self.num_players):
            if self.on_board(colour) <= threshold:
                self._end(END_THRESHOLD, colour, events)
                return True
        return False

    def _pass_turn(self, events: list[Event]) -> None:
        previous = self.to_move
        self.to_move = (previous + 1) % self.num_players
        self.happened(TurnPassed(previous, self.to_move), events)
        self._ensure_can_move(events)

    def _ensure_can_move(self, events: list[Event]) -> None:
        """Skip seats without a pit of their colour (impossible with threshold >= 1; kept for variants)."""
        for _ in range(self.num_players):
            if any(pit[self.to_move] for pit in self.pits):
                return
            self.happened(SeatSkipped(self.to_move), events)
            previous = self.to_move
            self.to_move = (previous + 1) % self.num_players
            self.happened(TurnPassed(previous, self.to_move), events)
        self._end(END_STUCK, -1, events)

    def _end(self, reason: str, seat: int, events: list[Event]) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.ended_by = seat
        self.hand = None
        self.capture_pit = -1
        self.happened(GameEnded(reason, seat, tuple(self.captured_total(s) for s in range(self.num_players)),
                                tuple(self.winners()), self.on_board(seat) if reason == END_THRESHOLD else 0), events)

    # ----------------------------------------------------------------------------------- observation

    def observation(self, seat: int | None) -> SpectralReapersObservation:
        return SpectralReapersObservation(
            seat=seat,
            num_players=self.num_players,
            config=self.config,
            phase=self.phase,
            to_move=self.to_move,
            starting_player=self.starting_player,
            placed=self.placed,
            pits=tuple(tuple(p) for p in self.pits),
            captured=tuple(tuple(c) for c in self.captured),
            hand=tuple(self.hand) if self.hand is not None else (),
            hand_origin=self.hand_origin,
            hand_slot=self.hand_slot,
            capture_pit=self.capture_pit,
            since_capture=self.since_capture,
            sowings=self.sowings,
            end_reason=self.end_reason,
            ended_by=self.ended_by,
        )

    def __repr__(self) -> str:
        board = " ".join(
            f"{i}:" + ("".join(COLOUR_LETTERS[c] * n for c, n in enumerate(p)) or "-") for i, p in enumerate(self.pits)
        )
        return f"<SpectralReapers {self.phase} to_move={self.to_move} {board} captured={self.captured}>"


def new_game(config: Config | Mapping[str, Any], players: int, seed: int, *,
             starting_player: int | None = None) -> SpectralReapersState:
    """A fresh game (``config``: a ``Config`` or the variant's parameters); the starting player is drawn from the
    seed (the rulebook's 'any fair method') unless a test or a position gives it."""
    return SpectralReapersState(config_of(config), players, seed, starting_player=starting_player)


def sample_state(observation: Observation, rng: random.Random) -> SpectralReapersState:
    """Perfect information: the true state, rebuilt exactly (here rather than in ``observe``, which the state
    imports for its observation)."""
    assert isinstance(observation, SpectralReapersObservation)
    return SpectralReapersState.from_observation(observation)
