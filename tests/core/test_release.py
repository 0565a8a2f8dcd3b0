"""`_util.release.let_go`: a large structure freed a few items per step (issue 34: no worker holds the interpreter
for long while the window loads a corpus), everything freed, each step bounded by the time it takes."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from evmeval._util.release import STEP_S, let_go
from hypothesis import given
from hypothesis import strategies as st


class Clock:
    """A clock that advances only when an item is freed (by `cost` seconds)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads: list[float] = []

    def __call__(self) -> float:
        self.reads.append(self.now)
        return self.now


class Costly:
    """An item whose freeing takes `cost` seconds of `clock`."""

    def __init__(self, clock: Clock, cost: float) -> None:
        self.clock, self.cost = clock, cost

    def __del__(self) -> None:
        self.clock.now += self.cost


class Item:
    pass


@given(st.integers(0, 3000), st.integers(0, 3000))
def test_every_item_is_freed_and_the_containers_are_left_empty(in_list: int, in_dict: int) -> None:
    items = [Item() for _ in range(in_list)]
    table: dict[Any, Any] = {k: Item() for k in range(in_dict)}
    alive = [weakref.ref(x) for x in (*items, *table.values())]
    let_go(items, table)
    assert items == [] and table == {}
    gc.collect()  # (no cycles: nothing is left for it; a ref still alive would be a leak)
    assert all(ref() is None for ref in alive)


def test_a_step_frees_no_more_than_its_time_allows() -> None:
    """Items that take 0.3 ms each to free: no step (between two readings of the clock) lasts much over STEP_S,
    where freeing the list at once would take 0.3 s."""
    clock = Clock()
    items: list[Any] = [Costly(clock, 0.0003) for _ in range(1000)]
    items.append({"nested": [Costly(clock, 0.0003)]})
    let_go(items, clock=clock)
    steps = [b - a for a, b in zip(clock.reads[::2], clock.reads[1::2], strict=True)]
    assert items == [] and clock.now > 0.3
    assert max(steps) <= 2 * STEP_S
    assert sum(steps) == clock.now


def test_cheap_items_go_in_growing_steps() -> None:
    """Items that cost nothing to free: the steps double, so a million take a few dozen steps, not a million."""
    clock = Clock()
    items = list(range(1_000_000))
    table = dict.fromkeys(range(100_000))
    let_go(items, table, clock=clock)
    assert items == [] and table == {}
    assert len(clock.reads) // 2 < 2 * (16 + 1_000_000 // (1 << 16) + 100_000 // (1 << 16) + 2)
