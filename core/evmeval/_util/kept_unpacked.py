"""The last documents read keep their unpacked form: one rule for packed mentions and packed mappings.

A packed holder (`model.PackedMentions`, `align.packed.PackedMappings`) is read back whole each time; the shown
document's views read the same one many times, a pass over a corpus each once. So the last `size` holders read keep
what they unpacked (in their `_plain`), weakly listed, so a corpus closed is freed with them."""

from __future__ import annotations

from collections import deque
from threading import Lock
from typing import Any, Protocol
from weakref import ref


class Holder(Protocol):
    _plain: Any


class KeptUnpacked:
    """The holders that keep their unpacked form, oldest first, `size` at most (any thread)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._order: deque[ref[Holder]] = deque()
        self._lock = Lock()

    def keep(self, holder: Holder, plain: object) -> None:
        """`holder` keeps `plain` (unless it keeps one already); the oldest beyond `size` lets its own go."""
        with self._lock:
            if holder._plain is None:
                holder._plain = plain
                self._order.append(ref(holder))
                if len(self._order) > self.size and (oldest := self._order.popleft()()) is not None:
                    oldest._plain = None
