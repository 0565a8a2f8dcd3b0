"""The one place the window touches Python's cyclic garbage collector (a process-global).

Reading 150k mentions allocates about a million small tuples, none of them in cycles; the collector
would rescan them dozens of times while they are read (a third of the load time), and its full
collections would pause the window for 100+ ms as long as the corpus is shown. So: the collector is
paused while a corpus is read and scored (`paused`), and what the window shows is frozen into the
permanent generation while it is shown (`swapping` around replacing it: the previous corpus becomes
collectable, the new one is frozen).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No cyclic collection inside the block (reference counting still frees everything it can)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@contextmanager
def swapping() -> Iterator[None]:
    """Around replacing the shown corpus or result: unfreeze the old objects, freeze the new ones."""
    gc.unfreeze()
    try:
        yield
    finally:
        gc.freeze()
