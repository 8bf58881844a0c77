"""The Magick data: the shipped YAML validates, bad data is reported, and a new card needs no code."""

import pytest

from game.games.nevermore.rules import events as ev
from game.games.nevermore.rules.magick_data import MagickDataError, deck_list, load_magick, parse_magick_text
from tests.nevermore.helpers import H, game, legal, of, play


def test_shipped_set_is_25_light_and_25_shadow():
    cards = load_magick()
    assert len(deck_list(cards, "light")) == 25 and len(deck_list(cards, "shadow")) == 25
    assert len([c for c in cards.values() if c.deck == "light"]) == 12
    assert len([c for c in cards.values() if c.deck == "shadow"]) == 13
    assert cards["vigil_candle"].raven.trigger == "on_damage:human"
    assert cards["lamp_in_the_window"].raven.timing == "after_draft"
    assert cards["tincture_of_dawn"].raven.timing == "between_suits"


@pytest.mark.parametrize("text, message", [
    ("l: [{id: x, deck: light, count: 1, name: X, timing: nowhen, effects: [{op: heal, n: 1, target: self}]}]",
     "unknown window"),
    ("l: [{id: x, deck: light, count: 1, name: X, timing: after_draft, effects: [{op: explode}]}]",
     "unknown op"),
    ("l: [{id: x, deck: light, count: 1, name: X, timing: after_draft, effects: [{op: damage, n: 9, "
     "target: chosen_human}]}]", "outside 1-2"),
    ("l: [{id: x, deck: dark, count: 1, name: X, timing: after_draft, effects: [{op: ward, target: self}]}]",
     "light or shadow"),
    ("l: [{id: x, deck: light, count: 1, name: X, timing: any_time, effects: [{op: cancel}]}]",
     "needs one of"),
    ("l: [{id: x, deck: light, count: 1, name: X, timing: after_draft, condition: lucky, "
     "effects: [{op: cancel}]}]", "unknown condition"),
])
def test_bad_cards_are_reported(text, message):
    with pytest.raises(MagickDataError) as error:
        parse_magick_text(text)
    assert message in str(error.value) and "(x)" in str(error.value)


NEW_CARD = """
light_magick:
  - id: ember_hex
    deck: light
    count: 25
    name: Ember Hex
    timing: between_suits
    condition: none
    effects: [{op: damage, n: 1, target: chosen_human}, {op: heal, n: 1, target: self}]
    raven_effect: none
    text: "Between suits, deal 1 damage to a human and heal 1."
shadow_magick:
  - id: grave_wind
    deck: shadow
    count: 25
    name: Grave Wind
    timing: after_draft
    condition: "holds:victory>=2"
    effects: [{op: pass_hands, dir: right}]
    raven_effect: none
    text: "If you hold 2 Victory, every hand passes right."
"""


def test_a_new_card_made_of_existing_effects_needs_no_code(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(NEW_CARD)
    s = game([H("HRRVV"), H("AHHVA"), H("ARRHV")], variant="standard", magick=[["ember_hex"], [], []],
             health=[3, 5, 5], overrides={"magick": {"card_file": str(path)}})
    assert legal(s) == ["play ember_hex on 1", "play ember_hex on 2", "no magick"]
    events = play(s, "play ember_hex on 1")
    assert [(e.target, e.amount) for e in of(events, ev.Damaged)][0] == (1, 1)
    assert of(events, ev.Healed)[0].seat == 0
    s = game([H("AAHHV"), H("VVRRA"), H("ARRHV")], variant="standard", magick=[[], ["grave_wind"], []],
             overrides={"magick": {"card_file": str(path)}})
    play(s, "play grave_wind")
    assert s.hands[0] == H("VVRRA")
