"""Tweens: values that move over time, for animations only.

Animations never touch rules state, so any of them may be skipped (``finish``) without losing anything.
Everything is driven by ``dt`` in seconds, scaled by the player's animation speed; a speed of 0 finishes
every animation the moment it is added.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """Constant speed."""
    return t


def ease_in_quad(t: float) -> float:
    """Slow start."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Slow finish: things that land (cards dealt, beads dropped)."""
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_cubic(t: float) -> float:
    """Slow start and finish: things that travel across the table."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: pops and highlights."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces to rest: a dropped bead."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def ease_in_out_sine(t: float) -> float:
    """Gentle both ways: pulsing and breathing effects."""
    return -(math.cos(math.pi * t) - 1) / 2


EASINGS: dict[str, Easing] = {
    "linear": linear, "in_quad": ease_in_quad, "out_quad": ease_out_quad, "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back, "out_bounce": ease_out_bounce, "in_out_sine": ease_in_out_sine,
}


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t


class Animation:
    """Something that runs for a while. ``update`` returns the time it did not use (for sequences)."""

    done: bool = False

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the unused remainder once finished."""
        raise NotImplementedError

    def finish(self) -> None:
        """Jump to the end, with every side effect (final values, callbacks) applied."""
        while not self.done:
            self.update(1e9)


class Tween(Animation):
    """Moves ``target.attr`` from its value at start (or ``start``) to ``end`` over ``duration`` seconds."""

    def __init__(self, target: Any, attr: str, end: Any, duration: float, ease: Easing | str = ease_out_quad,
                 *, start: Any = None, on_done: Callable[[], None] | None = None) -> None:
        self.target, self.attr, self.end = target, attr, end
        self.duration = max(0.0, duration)
        self.ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.start = start
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        if self.start is None:
            self.start = getattr(self.target, self.attr)
        self.elapsed += dt
        if self.elapsed >= self.duration:
            setattr(self.target, self.attr, self.end)
            self.done = True
            if self.on_done is not None:
                self.on_done()
            return self.elapsed - self.duration
        setattr(self.target, self.attr, lerp(self.start, self.end, self.ease(self.elapsed / self.duration)))
        return 0.0


class Delay(Animation):
    """Waits: spacing between dealt cards, an AI's visible pause."""

    def __init__(self, duration: float) -> None:
        self.remaining = max(0.0, duration)
        self.done = False

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.remaining -= dt
        if self.remaining <= 0:
            self.done = True
            return -self.remaining
        return 0.0


class Call(Animation):
    """Runs a function once when reached (play a sound, reveal a card)."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> float:
        if not self.done:
            self.done = True
            self.fn()
        return dt


class Series(Animation):
    """Runs animations one after another; leftover time flows into the next so timing stays exact."""

    def __init__(self, *steps: Animation) -> None:
        self.steps = list(steps)
        self.index = 0
        self.done = not self.steps

    def update(self, dt: float) -> float:
        while not self.done:
            dt = self.steps[self.index].update(dt)
            if not self.steps[self.index].done:
                return 0.0
            self.index += 1
            self.done = self.index >= len(self.steps)
            if dt <= 0 and not self.done:
                return 0.0
        return dt


class Parallel(Animation):
    """Runs animations together; finished when all are."""

    def __init__(self, *parts: Animation) -> None:
        self.parts = list(parts)
        self.done = not self.parts

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        leftovers = [part.update(dt) if not part.done else dt for part in self.parts]
        self.done = all(part.done for part in self.parts)
        return min(leftovers) if self.done else 0.0


class Faster(Animation):
    """An animation played ``speed`` times as fast (a further move of a long chain); its leftover time is the
    table's again."""

    def __init__(self, inner: Animation, speed: float) -> None:
        self.inner = inner
        self.speed = speed
        self.done = inner.done

    def update(self, dt: float) -> float:
        left = self.inner.update(dt * self.speed)
        self.done = self.inner.done
        return left / self.speed


def sequence(*steps: Animation) -> Series:
    """Steps one after another."""
    return Series(*steps)


def parallel(*parts: Animation) -> Parallel:
    """Parts at the same time."""
    return Parallel(*parts)


def stagger(parts: Sequence[Animation], gap: float) -> Parallel:
    """Parts started ``gap`` seconds apart (a dealt hand)."""
    return Parallel(*(Series(Delay(gap * i), part) for i, part in enumerate(parts)))


class Tweener:
    """Runs a scene's animations; ``busy`` tells the scene to hold input until they end."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        """Time multiplier from ``Settings.speed_factor()``; 0 finishes animations instantly."""
        self.running: list[Animation] = []

    def add(self, animation: Animation) -> Animation:
        """Start an animation (finished at once when animations are off)."""
        if self.speed <= 0:
            animation.finish()
        else:
            self.running.append(animation)
        return animation

    def update(self, dt: float) -> None:
        """Advance every animation by ``dt`` real seconds."""
        if self.speed <= 0:
            self.skip()
            return
        for animation in list(self.running):
            animation.update(dt * self.speed)
        self.running = [a for a in self.running if not a.done]

    def skip(self) -> None:
        """Finish everything now (a click during an animation, or animations off)."""
        while self.running:
            running, self.running = self.running, []
            for animation in running:
                animation.finish()

    @property
    def busy(self) -> bool:
        """Whether any animation is still running."""
        return bool(self.running)


class Later(Animation):
    """An animation made when it is reached (events play in order, each from the display of its time)."""

    def __init__(self, make: Callable[[], Animation | None]) -> None:
        self.make = make
        self.inner: Animation | None = None
        self.done = False

    def update(self, dt: float) -> float:
        if self.inner is None:
            self.inner = self.make() or Call(lambda: None)
        left = self.inner.update(dt)
        self.done = self.inner.done
        return left if self.done else 0.0
