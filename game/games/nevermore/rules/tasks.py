"""The steps of a hand (tasks), the decisions a seat is asked, and the damage and batches under way.

All are frozen values, so a clone shares them. ``state.py`` runs the tasks from one table (task type ->
handler); each record's fields are, in order, what a position writes after its ``KIND``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from .cards import PASSES


# ----- tasks ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal:
    """Deal each seat its five cards and start the hand."""

    KIND: ClassVar[str] = "deal"


@dataclass(frozen=True, slots=True)
class DraftRound:
    """Open draft round ``round``: every seat is asked for its pass, then the passes are delivered."""

    KIND: ClassVar[str] = "draft_round"
    round: int


@dataclass(frozen=True, slots=True)
class AskPass:
    """Ask the seat at ``index`` in priority order for its pass of draft round ``round``."""

    KIND: ClassVar[str] = "ask_pass"
    round: int
    index: int


@dataclass(frozen=True, slots=True)
class Deliver:
    """Hand every committed pass of ``round`` on to its receiver."""

    KIND: ClassVar[str] = "deliver"
    round: int


@dataclass(frozen=True, slots=True)
class LockKills:
    """Settle the Ravens' kills from the seat at ``index`` in priority order on (asking when there is a
    choice)."""

    KIND: ClassVar[str] = "lock_kills"
    index: int


@dataclass(frozen=True, slots=True)
class FinishLock:
    """Kills are locked: note each collected hand and its Skulking Ravens."""

    KIND: ClassVar[str] = "finish_lock"


@dataclass(frozen=True, slots=True)
class CheckConspiracy:
    """A hand of five Ravens or more ends the suits' resolution with a Conspiracy."""

    KIND: ClassVar[str] = "conspiracy"


@dataclass(frozen=True, slots=True)
class Conspire:
    """One seat's Conspiracy: its damage first."""

    KIND: ClassVar[str] = "conspire"
    seat: int


@dataclass(frozen=True, slots=True)
class ConspireRest:
    """The rest of a Conspiracy: its draw and VP."""

    KIND: ClassVar[str] = "conspire_rest"
    seat: int


@dataclass(frozen=True, slots=True)
class Suit:
    """Reveal the token at ``index`` and resolve its suit."""

    KIND: ClassVar[str] = "suit"
    index: int


@dataclass(frozen=True, slots=True)
class SuitResolved:
    """The suit, its damage included, has resolved: protection until then ends."""

    KIND: ClassVar[str] = "suit_resolved"
    suit: str


@dataclass(frozen=True, slots=True)
class SuitDone:
    """The suit's after window has closed."""

    KIND: ClassVar[str] = "suit_done"
    suit: str


@dataclass(frozen=True, slots=True)
class ResolveSuit:
    """Count the suit's cards and carry out what its leaders win."""

    KIND: ClassVar[str] = "resolve_suit"
    suit: str


@dataclass(frozen=True, slots=True)
class AskAttack:
    """A leader of Attack with ``power`` chooses whom to strike (a Raven pecks instead)."""

    KIND: ClassVar[str] = "attack_ask"
    seat: int
    power: int


@dataclass(frozen=True, slots=True)
class AttackAllVP:
    """The VP of a 1-to-all Attack, after its damage."""

    KIND: ClassVar[str] = "attack_all_vp"
    seat: int


@dataclass(frozen=True, slots=True)
class AskPeck:
    """A Raven leading ``suit`` may peck."""

    KIND: ClassVar[str] = "peck_ask"
    seat: int
    suit: str


@dataclass(frozen=True, slots=True)
class Skulking:
    """Skulking Ravens draw Shadow Magick."""

    KIND: ClassVar[str] = "skulking"


@dataclass(frozen=True, slots=True)
class Returns:
    """Ravens whose collected hand allows it return to human form."""

    KIND: ClassVar[str] = "returns"


@dataclass(frozen=True, slots=True)
class CleanUp:
    """Discard the hand's cards and start the next hand (or end at the hand limit)."""

    KIND: ClassVar[str] = "cleanup"


@dataclass(frozen=True, slots=True)
class Strike:
    """One hit of batch ``batch``: ``amount`` damage heading for ``target``."""

    KIND: ClassVar[str] = "hit"
    batch: int
    target: int
    amount: int
    redirectable: bool


@dataclass(frozen=True, slots=True)
class ApplyHit:
    """Deal the incoming hit on top (what answers to it left of it)."""

    KIND: ClassVar[str] = "apply_hit"
    batch: int


@dataclass(frozen=True, slots=True)
class EndBatch:
    """The batch's hits are dealt: its fallen humans become Ravens together."""

    KIND: ClassVar[str] = "batch_end"
    batch: int


@dataclass(frozen=True, slots=True)
class WinCheck:
    """The win check that closes an effect (``pecker``: the pecking Raven, or -1)."""

    KIND: ClassVar[str] = "win_check"
    pecker: int


@dataclass(frozen=True, slots=True)
class Window:
    """A Magick timing window, asking from the seat at ``index`` in priority order."""

    KIND: ClassVar[str] = "window"
    name: str
    index: int


@dataclass(frozen=True, slots=True)
class ResponseRound:
    """Ask for answers to the Magick card ``uid`` from the seat at ``index`` in priority order."""

    KIND: ClassVar[str] = "response_round"
    uid: int
    index: int


@dataclass(frozen=True, slots=True)
class DamageResponse:
    """Ask for answers to the incoming hit ``hit`` from the seat at ``index`` in priority order."""

    KIND: ClassVar[str] = "damage_response"
    hit: int
    index: int


@dataclass(frozen=True, slots=True)
class ResolveMagick:
    """The Magick card ``uid`` resolves, unless it has left the stack."""

    KIND: ClassVar[str] = "resolve_magick"
    uid: int


@dataclass(frozen=True, slots=True)
class ApplyEffect:
    """Effect ``index`` of the card ``card_id`` that ``seat`` played (stack entry ``uid``)."""

    KIND: ClassVar[str] = "effect"
    uid: int
    seat: int
    card_id: str
    target: int
    choice: str
    raven_mode: bool
    responds_to: int | None
    index: int


WIN_CHECK = WinCheck(-1)
"""The win check that closes most effects (nobody pecked)."""

Task = Union[Deal, DraftRound, AskPass, Deliver, LockKills, FinishLock, CheckConspiracy, Conspire, ConspireRest,
             Suit, SuitResolved, SuitDone, ResolveSuit, AskAttack, AttackAllVP, AskPeck, Skulking, Returns, CleanUp,
             Strike, ApplyHit, EndBatch, WinCheck, Window, ResponseRound, DamageResponse, ResolveMagick, ApplyEffect]
TASK_TYPES: tuple[type[Task], ...] = Task.__args__  # type: ignore[attr-defined]  # the Union's members

DRAFT_PHASES: tuple[Task, ...] = tuple(t for r in range(len(PASSES)) for t in (Window("draft", 0), DraftRound(r)))
"""The draft of a hand: a Magick window before each of the passes."""
RESOLUTION_PHASES: tuple[Task, ...] = (
    Window("after_draft", 0), LockKills(0), FinishLock(), CheckConspiracy(),
    Suit(0), Suit(1), Suit(2), Suit(3), Skulking(),
    Window("end_of_resolution", 0), Returns(), CleanUp(),
)
"""The rest of a hand: kills, the Conspiracy, the four suits, Skulking Ravens, returns and clean-up."""
NEW_HAND: tuple[Task, ...] = (Deal(),) + DRAFT_PHASES + RESOLUTION_PHASES


# ----- decisions ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PassDecision:
    """``seat`` commits its pass of draft round ``round``."""

    KIND: ClassVar[str] = "pass"
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class KillDecision:
    """``seat`` (at ``index`` in priority order) chooses the cards its Ravens kill."""

    KIND: ClassVar[str] = "kill"
    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class AttackDecision:
    """``seat`` leads Attack with ``power``: whom to strike."""

    KIND: ClassVar[str] = "attack"
    seat: int
    power: int


@dataclass(frozen=True, slots=True)
class PeckDecision:
    """``seat``, a Raven leading ``suit``, pecks ``targets`` or not."""

    KIND: ClassVar[str] = "peck"
    seat: int
    suit: str
    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MagickDecision:
    """``seat`` (at ``index`` in priority order) may play Magick in ``window``."""

    KIND: ClassVar[str] = "magick"
    seat: int
    window: str
    index: int


@dataclass(frozen=True, slots=True)
class RespondDecision:
    """``seat`` (at ``index`` in priority order) may answer, in the PLAY AT ANY TIME ``window``, the Magick
    card or incoming hit whose id is ``answers``."""

    KIND: ClassVar[str] = "respond"
    seat: int
    window: str
    index: int
    answers: int


Decision = Union[PassDecision, KillDecision, AttackDecision, PeckDecision, MagickDecision, RespondDecision]
DECISION_TYPES: tuple[type[Decision], ...] = Decision.__args__  # type: ignore[attr-defined]


# ----- damage under way -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Hit:
    """Damage heading for ``target`` now, which PLAY AT ANY TIME cards may answer."""

    id: int
    source: int
    """The seat dealing it, or -1."""
    target: int
    amount: int
    redirectable: bool
    cause: str
    card_uid: int | None
    """The stack id of the Magick card dealing it (its VP caps), or None."""


@dataclass(frozen=True, slots=True)
class Batch:
    """The damage of one effect: humans it took to 0 Health become Ravens together at its end."""

    fallen: tuple[int, ...]
    source: int
    cause: str
    card_uid: int | None
    suit: str | None
    """The suit whose resolution deals it (its VP caps), or None."""
