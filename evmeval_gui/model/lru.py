"""A small most-recently-used cache (the corpus part's document texts and mapping rows)."""

from __future__ import annotations

from collections import OrderedDict


class LRU(OrderedDict):
    """An ordered dict that keeps its last `size` entries put (`put`); `move_to_end` on a read keeps one."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, key: object, value: object) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
