"""Tweens: values over time, sequences, groups, callbacks, skipping, and the speed setting."""

import pytest
from hypothesis import given, strategies as st

from game.ui.tween import (EASINGS, Call, Delay, Faster, Tween, Tweener, lerp, parallel, sequence, stagger)


class Box:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)


def test_tween_reaches_midpoint_and_end_exactly():
    box = Box()
    tween = Tween(box, "x", 10.0, 1.0, "linear")
    tween.update(0.5)
    assert box.x == pytest.approx(5.0)
    leftover = tween.update(0.7)
    assert box.x == 10.0 and tween.done and leftover == pytest.approx(0.2)


def test_tuple_values_are_interpolated():
    box = Box()
    Tween(box, "pos", (10.0, 20.0), 2.0, "linear").update(1.0)
    assert box.pos == pytest.approx((5.0, 10.0))


def test_sequence_passes_leftover_time_to_the_next_step():
    box, calls = Box(), []
    seq = sequence(Tween(box, "x", 1.0, 0.5, "linear"), Call(lambda: calls.append(box.x)),
                   Delay(0.25), Tween(box, "x", 3.0, 1.0, "linear"))
    seq.update(0.5 + 0.25 + 0.5)
    assert calls == [1.0]
    assert box.x == pytest.approx(2.0)
    assert not seq.done
    seq.update(0.5)
    assert seq.done and box.x == 3.0


def test_parallel_finishes_when_all_parts_do():
    a, b = Box(), Box()
    group = parallel(Tween(a, "x", 1.0, 0.2), Tween(b, "x", 1.0, 0.6))
    group.update(0.3)
    assert a.x == 1.0 and not group.done
    group.update(0.3)
    assert group.done and b.x == 1.0


def test_stagger_starts_parts_apart():
    boxes = [Box() for _ in range(3)]
    group = stagger([Tween(b, "x", 1.0, 0.1, "linear") for b in boxes], 0.1)
    group.update(0.15)
    assert [b.x for b in boxes] == pytest.approx([1.0, 0.5, 0.0])


def test_finish_applies_final_values_and_callbacks():
    box, done = Box(), []
    anim = sequence(Tween(box, "x", 7.0, 5.0), Call(lambda: done.append(True)))
    anim.finish()
    assert box.x == 7.0 and done == [True] and anim.done


def test_tweener_speed_scales_time_and_zero_finishes_at_once():
    box = Box()
    fast = Tweener(2.0)
    fast.add(Tween(box, "x", 1.0, 1.0, "linear"))
    fast.update(0.25)
    assert box.x == pytest.approx(0.5) and fast.busy
    off = Tweener(0.0)
    other = Box()
    off.add(Tween(other, "x", 4.0, 10.0))
    assert other.x == 4.0 and not off.busy


def test_tweener_skip_finishes_everything():
    box = Box()
    tweens = Tweener(1.0)
    tweens.add(sequence(Tween(box, "x", 1.0, 1.0), Call(lambda: tweens.add(Tween(box, "x", 9.0, 1.0)))))
    tweens.skip()
    assert box.x == 9.0 and not tweens.busy


@given(st.sampled_from(sorted(EASINGS)))
def test_easings_start_at_zero_and_end_at_one(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


@given(st.floats(0, 1), st.floats(-100, 100), st.floats(-100, 100))
def test_lerp_stays_between_ends(t, a, b):
    value = lerp(a, b, t)
    assert min(a, b) - 1e-9 <= value <= max(a, b) + 1e-9


def test_faster_plays_an_animation_in_a_share_of_its_time_and_hands_back_the_rest():
    faster = Faster(Delay(1.0), 4.0)
    assert faster.update(0.2) == 0.0 and not faster.done
    assert faster.update(0.1) == pytest.approx(0.05) and faster.done
