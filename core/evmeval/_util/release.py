"""Freeing a large parsed structure a piece at a time (issue 34: the window's event loop while a corpus loads).

Freeing a container frees everything it alone holds in one C call, with the interpreter's lock held: the
MAVEN-ERE submission a scorer read (1.2M links) took 30-40 ms of CPU to free when its function returned, the
per-document results a TextEE pair pooled 30 ms. On a load's worker thread that is the window unanswering for
as long (its GUI thread needs the lock for every paint). `let_go` empties such containers from Python, a few
items per step, so the lock can pass between steps; the work done is the same (the command's CPU does not change).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

STEP_S = 0.001
"""A step frees at most about this much (CPU): far below what the window notices, far above a step's cost."""
_MOST = 1 << 16


def let_go(*containers: list[Any] | dict[Any, Any], clock: Callable[[], float] = time.perf_counter) -> None:
    """Empty each of `containers` (lists or dicts the caller owns; their items no longer needed by anyone else), the
    last items first, in steps that each take about `STEP_S` (`clock`): a step frees twice the items of the one
    before while that one was quick, half as many when it was not."""
    for items in containers:
        step = 1
        while items:
            began = clock()
            if isinstance(items, list):
                del items[-step:]
            else:
                for _ in range(min(step, len(items))):
                    items.popitem()
            took = clock() - began
            step = min(step * 2, _MOST) if took < STEP_S / 2 else max(step // 2, 1) if took > STEP_S else step
