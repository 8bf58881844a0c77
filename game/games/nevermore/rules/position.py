"""Nevermore positions: a game in progress as plain data (``POSITIONS.md`` documents the format).

``position_of`` writes every fact of a state, secrets included: every seat's hand, committed pass, kills and
Magick hand, the decks in order, the discards, the token order, and the engine's bookkeeping of a hand in
progress (the pending decision, the task stack, the Magick stack, damage being dealt, who peeked what), so
that a loaded state plays on exactly as the one written. Loading is ``position_load.state_from_position``.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from game.core.contracts import GameState

from .cards import PASSES, is_added, is_named, suit_of, weight_of
from .magick_data import MagickCard
from .state import NevermoreState

KEYS = ("phase", "hand_number", "dealer", "direction", "draft_step", "decision", "seats", "tokens",
        "tokens_face_up", "tokens_revealed", "current_suit", "suit_counts", "conspiracy", "kills_locked",
        "deck", "discard", "light_deck", "light_discard", "shadow_deck", "shadow_discard", "passes",
        "revealed_suits", "peeks", "borrowed", "suit_vp", "card_vp", "magick_stack", "incoming", "batches",
        "tasks", "last_id", "stats", "end")
STATS = ("hands", "transformations", "returns", "magick_played")
DECISIONS: dict[str, tuple[str, ...]] = {
    "pass": ("seat", "round"), "kill": ("seat", "index"), "attack": ("seat", "power"),
    "peck": ("seat", "suit", "targets"), "magick": ("seat", "window", "index"),
    "respond": ("seat", "window", "index", "answers"),
}
"""A decision's fields, by kind, as the engine keeps them."""


def position_of(state: GameState) -> dict[str, Any]:
    """The game's own keys of ``state``'s position."""
    assert isinstance(state, NevermoreState)  # GameSpec takes any game's state; ours is passed
    names = Names(state.cards)
    n = state.num_players
    cards = names.card_names
    return {
        "phase": phase_of(state),
        "hand_number": state.hand_no,
        "dealer": state.dealer,
        "direction": state.direction,
        "draft_step": None if state.draft_round < 0 else PASSES[state.draft_round],
        "decision": _decision_of(state.pending),
        "seats": [{
            "health": state.health[s], "vp": state.vp[s], "raven": state.raven[s],
            "hand": cards(state.hands[s]), "magick": [names.magick_name(m) for m in state.magick[s]],
            "pass": None if state.pending_pass[s] is None else cards(state.pending_pass[s] or ()),
            "kills": cards(state.kills[s]), "discarded": cards(state.discarded[s]),
            "collected": cards(state.collected[s]), "skulking": state.skulk[s],
            "knows_tokens": state.known_tokens[s], "warded": s in state.wards, "shrouded": s in state.shrouded,
            "damaged": s in state.damaged, "dealt_damage": s in state.dealt,
        } for s in range(n)],
        "tokens": [t.capitalize() for t in state.tokens],
        "tokens_face_up": state.tokens_public,
        "tokens_revealed": state.revealed,
        "current_suit": state.current_suit.capitalize() or None,
        "suit_counts": list(state.suit_counts),
        "conspiracy": state.conspiracy_ended,
        "kills_locked": state.kills_locked,
        "deck": cards(state.deck),
        "discard": cards(state.discard),
        "light_deck": [names.magick_name(m) for m in state.ldeck],
        "light_discard": [names.magick_name(m) for m in state.ldisc],
        "shadow_deck": [names.magick_name(m) for m in state.sdeck],
        "shadow_discard": [names.magick_name(m) for m in state.sdisc],
        "passes": [{"round": r, "from": giver, "to": receiver, "cards": cards(given)}
                   for r, giver, receiver, given in state.pass_log],
        "revealed_suits": [{"suit": suit.capitalize(), "played": [cards(p) for p in played],
                            "killed": [cards(k) for k in killed]} for suit, played, killed in state.revealed_log],
        "peeks": [{"seat": seat, "target": target, "cards": cards(seen), "rounds": rounds}
                  for seat, target, seen, rounds in state.peeks],
        "borrowed": [[seat, suit.capitalize()] for seat, suit in sorted(state.borrowed)],
        "suit_vp": [[seat, suit.capitalize(), vp] for (seat, suit), vp in sorted(state.suit_vp.items())],
        "card_vp": [[uid, vp] for uid, vp in sorted(state.card_vp.items())],
        "magick_stack": [{"id": uid, "seat": seat, "card": names.magick_name(card_id), "target": target,
                          "choice": choice, "raven_effect": raven, "answers": answers}
                         for uid, seat, card_id, target, choice, raven, answers in state.stack],
        "incoming": [list(item) for item in state.incoming],
        "batches": [{"id": bid, "fallen": list(fallen), "source": source, "cause": cause, "card_id": uid,
                     "suit": suit} for bid, (fallen, source, cause, uid, suit) in sorted(state.batches.items())],
        "tasks": [list(task) for task in reversed(state.tasks)],
        "last_id": state.uid,
        "stats": {key: state.stats[key] for key in STATS},
        "end": {"winners": list(state.winner_list), "reason": state.end_reason} if state.over else None,
    }


def phase_of(state: NevermoreState) -> str:
    """``draft`` (cards are passed), ``kills`` (the after-draft window and the secret kills), ``resolution``
    or ``over``, read from where the hand's tasks are."""
    if state.over:
        return "over"
    if state.kills_locked:
        return "resolution"
    drafting = ("deal", "draft_round", "ask_pass", "deliver")
    if state.draft_round >= 0 or any(t[0] in drafting or t[:2] == ("window", "draft") for t in state.tasks):
        return "draft"
    return "kills"


def _decision_of(pending: tuple | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    kind, *values = pending
    out: dict[str, Any] = {"kind": kind}
    for field, value in zip(DECISIONS[kind], values):
        out[field] = list(value) if field == "targets" else value.capitalize() if field == "suit" else value
    return out


class Names:
    """Card texts both ways: main cards by suit, Magick cards by their name in the card file."""

    def __init__(self, magick: Mapping[str, MagickCard]) -> None:
        self.magick = magick
        self.ids = {card.name: card_id for card_id, card in magick.items()}

    def magick_name(self, card_id: str) -> str:
        """A Magick card's name (its id when the card file lacks it)."""
        card = self.magick.get(card_id)
        return card.name if card is not None else card_id

    def card_names(self, cards: Iterable[str]) -> list[str]:
        """Hand cards as a position writes them."""
        return [self.card_name(card) for card in cards]

    def card_name(self, card: str) -> str:
        """A suit (``Attack``), or a Magick card added to a hand (``Mourning Rose as 2 Healing (named)``)."""
        if not is_added(card):
            return card.capitalize()
        named = " (named)" if is_named(card) else ""
        return f"{self.magick_name(card.split(':')[1])} as {weight_of(card)} {suit_of(card).capitalize()}{named}"
