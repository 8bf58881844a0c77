"""The steps of a hand (tasks), the decisions a seat is asked, and the damage and batches under way.

All are frozen values, so a clone shares them. ``state.py`` runs the tasks from one table (task type ->
handler); each record's fields are, in order, what a position writes after its ``KIND``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from .cards import PASSES


class Kinded:
    """A task or a decision: a frozen record that a position names by its ``KIND``."""

    __slots__ = ()
    KIND: ClassVar[str]

    def __init_subclass__(cls, kind: str = "", **rest: object) -> None:
        super().__init_subclass__(**rest)
        if kind:  # ``dataclass(slots=True)`` remakes the class without ``kind``, keeping the KIND set here
            cls.KIND = kind


# ----- tasks ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal(Kinded, kind="deal"):
    """Deal each seat its five cards and start the hand."""


@dataclass(frozen=True, slots=True)
class DraftRound(Kinded, kind="draft_round"):
    """Open draft round ``round``: every seat is asked for its pass, then the passes are delivered."""

    round: int


@dataclass(frozen=True, slots=True)
class AskPass(Kinded, kind="ask_pass"):
    """Ask the seat at ``index`` in priority order for its pass of draft round ``round``."""

    round: int
    index: int


@dataclass(frozen=True, slots=True)
class Deliver(Kinded, kind="deliver"):
    """Hand every committed pass of ``round`` on to its receiver."""

    round: int


@dataclass(frozen=True, slots=True)
class LockKills(Kinded, kind="lock_kills"):
    """Settle the Ravens' kills from the seat at ``index`` in priority order on (asking when there is a
    choice)."""

    index: int


@dataclass(frozen=True, slots=True)
class FinishLock(Kinded, kind="finish_lock"):
    """Kills are locked: note each collected hand and its Skulking Ravens."""


@dataclass(frozen=True, slots=True)
class CheckConspiracy(Kinded, kind="conspiracy"):
    """A hand of five Ravens or more ends the suits' resolution with a Conspiracy."""


@dataclass(frozen=True, slots=True)
class Conspire(Kinded, kind="conspire"):
    """One seat's Conspiracy: its damage first."""

    seat: int


@dataclass(frozen=True, slots=True)
class ConspireRest(Kinded, kind="conspire_rest"):
    """The rest of a Conspiracy: its draw and VP."""

    seat: int


@dataclass(frozen=True, slots=True)
class Suit(Kinded, kind="suit"):
    """Reveal the token at ``index`` and resolve its suit."""

    index: int


@dataclass(frozen=True, slots=True)
class SuitResolved(Kinded, kind="suit_resolved"):
    """The suit, its damage included, has resolved: protection until then ends."""

    suit: str


@dataclass(frozen=True, slots=True)
class SuitDone(Kinded, kind="suit_done"):
    """The suit's after window has closed."""

    suit: str


@dataclass(frozen=True, slots=True)
class ResolveSuit(Kinded, kind="resolve_suit"):
    """Count the suit's cards and carry out what its leaders win."""

    suit: str


@dataclass(frozen=True, slots=True)
class AskAttack(Kinded, kind="attack_ask"):
    """A leader of Attack with ``power`` chooses whom to strike (a Raven pecks instead)."""

    seat: int
    power: int


@dataclass(frozen=True, slots=True)
class AttackAllVP(Kinded, kind="attack_all_vp"):
    """The VP of a 1-to-all Attack, after its damage."""

    seat: int


@dataclass(frozen=True, slots=True)
class AskPeck(Kinded, kind="peck_ask"):
    """A Raven leading ``suit`` may peck."""

    seat: int
    suit: str


@dataclass(frozen=True, slots=True)
class Skulking(Kinded, kind="skulking"):
    """Skulking Ravens draw Shadow Magick."""


@dataclass(frozen=True, slots=True)
class Returns(Kinded, kind="returns"):
    """Ravens whose collected hand allows it return to human form."""


@dataclass(frozen=True, slots=True)
class CleanUp(Kinded, kind="cleanup"):
    """Discard the hand's cards and start the next hand (or end at the hand limit)."""


@dataclass(frozen=True, slots=True)
class Strike(Kinded, kind="hit"):
    """One hit of batch ``batch``: ``amount`` damage heading for ``target``."""

    batch: int
    target: int
    amount: int
    redirectable: bool


@dataclass(frozen=True, slots=True)
class ApplyHit(Kinded, kind="apply_hit"):
    """Deal the incoming hit on top (what answers to it left of it)."""

    batch: int


@dataclass(frozen=True, slots=True)
class EndBatch(Kinded, kind="batch_end"):
    """The batch's hits are dealt: its fallen humans become Ravens together."""

    batch: int


@dataclass(frozen=True, slots=True)
class WinCheck(Kinded, kind="win_check"):
    """The win check that closes an effect (``pecker``: the pecking Raven, or -1)."""

    pecker: int


@dataclass(frozen=True, slots=True)
class Window(Kinded, kind="window"):
    """A Magick timing window, asking from the seat at ``index`` in priority order."""

    name: str
    index: int


@dataclass(frozen=True, slots=True)
class ResponseRound(Kinded, kind="response_round"):
    """Ask for answers to the Magick card ``uid`` from the seat at ``index`` in priority order."""

    uid: int
    index: int


@dataclass(frozen=True, slots=True)
class DamageResponse(Kinded, kind="damage_response"):
    """Ask for answers to the incoming hit ``hit`` from the seat at ``index`` in priority order."""

    hit: int
    index: int


@dataclass(frozen=True, slots=True)
class ResolveMagick(Kinded, kind="resolve_magick"):
    """The Magick card ``uid`` resolves, unless it has left the stack."""

    uid: int


@dataclass(frozen=True, slots=True)
class ApplyEffect(Kinded, kind="effect"):
    """Effect ``index`` of the card ``card_id`` that ``seat`` played (stack entry ``uid``)."""

    uid: int
    seat: int
    card_id: str
    target: int
    """The seat the player chose, or -1."""
    choice: str
    """A chosen suit or token order, or ""."""
    raven_mode: bool
    responds_to: int | None
    """The stack entry this card answers (what Cancel cancels)."""
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
class PassDecision(Kinded, kind="pass"):
    """``seat`` commits its pass of draft round ``round``."""

    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class KillDecision(Kinded, kind="kill"):
    """``seat`` (at ``index`` in priority order) chooses the cards its Ravens kill."""

    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class AttackDecision(Kinded, kind="attack"):
    """``seat`` leads Attack with ``power``: whom to strike."""

    seat: int
    power: int


@dataclass(frozen=True, slots=True)
class PeckDecision(Kinded, kind="peck"):
    """``seat``, a Raven leading ``suit``, pecks ``targets`` or not."""

    seat: int
    suit: str
    targets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MagickDecision(Kinded, kind="magick"):
    """``seat`` (at ``index`` in priority order) may play Magick in ``window``."""

    seat: int
    window: str
    index: int


@dataclass(frozen=True, slots=True)
class RespondDecision(Kinded, kind="respond"):
    """``seat`` (at ``index`` in priority order) may answer, in the PLAY AT ANY TIME ``window``, the Magick
    card or incoming hit whose id is ``answers``."""

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
