"""quick_init's __init__ is the dataclass's own in all but speed: the same parameters, defaults, equality,
replace and pickling; what it cannot copy faithfully it refuses."""

import dataclasses
import inspect
import pickle

import pytest

from game.core.contracts import Event, quick_init


@dataclasses.dataclass(frozen=True)
class Plain(Event):
    seat: int
    cards: tuple[str, ...]
    count: int = 3
    note: str = dataclasses.field(default="", init=False)


Quick = quick_init(dataclasses.dataclass(frozen=True)(type("Quick", (Event,), {
    "__annotations__": {"seat": int, "cards": "tuple[str, ...]", "count": int, "note": str},
    "count": 3, "note": dataclasses.field(default="", init=False), "__module__": __name__})))


def test_the_same_parameters_and_defaults_as_the_dataclass_s():
    def shape(init):
        return [(p.name, p.kind, p.default) for p in inspect.signature(init).parameters.values()]

    assert shape(Quick.__init__) == shape(Plain.__init__)
    assert Quick.__init__.__module__ == __name__


def test_an_event_made_quickly_behaves_as_one_made_plainly():
    quick, plain = Quick(1, ("a",)), Plain(1, ("a",))
    expected = {"seat": 1, "cards": ("a",), "count": 3, "note": ""}
    assert dataclasses.asdict(quick) == dataclasses.asdict(plain) == expected
    assert quick == Quick(1, ("a",), 3) and quick != Quick(2, ("a",))
    assert hash(quick) == hash(Quick(seat=1, cards=("a",)))
    assert dataclasses.replace(quick, count=5) == Quick(1, ("a",), 5)
    assert pickle.loads(pickle.dumps(quick)) == quick
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Quick(1)  # type: ignore[call-arg]


@pytest.mark.parametrize("body", [
    {"__annotations__": {"cards": list}, "cards": dataclasses.field(default_factory=list)},
    {"__annotations__": {"seat": int}, "seat": dataclasses.field(default=0, kw_only=True)},
    {"__annotations__": {"_hidden": int}},
    {"__annotations__": {"seat": int}, "__post_init__": lambda self: None},
])
def test_what_it_cannot_copy_faithfully_is_refused(body):
    cls = dataclasses.dataclass(frozen=True)(type("Odd", (Event,), dict(body, __module__=__name__)))
    with pytest.raises(TypeError):
        quick_init(cls)


def test_a_class_with_slots_is_refused():
    cls = dataclasses.dataclass(frozen=True, slots=True)(type("Slotted", (), {"__annotations__": {"seat": int}}))
    with pytest.raises(TypeError, match="slots"):
        quick_init(cls)
