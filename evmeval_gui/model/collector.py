"""The one place the window touches Python's cyclic garbage collector (a process-global).

Reading 150k mentions allocates about a million small tuples, none of them in cycles; the collector
would rescan them dozens of times while they are read (a third of the load time), and its full
collections would pause the window for 100+ ms as long as the corpus is shown. So: the collector is
paused while a corpus is read and scored (`paused`), and what the window shows is frozen into the
permanent generation while it is shown (`swapping` around replacing it: the previous corpus becomes
collectable, the new one is frozen). Curation builds its own millions of objects (a batch of 10,000
decisions: a step of about a million parts, kept for undo); they are frozen once made (`freeze_survivors`),
or a full collection walking 2.6M objects would freeze the window for a second at a random moment; so are
the results of the window's background jobs once delivered (`evmeval_gui.jobs`), and what the window
keeps for each document it shows (`keep_shown`).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_PAUSES = {"depth": 0, "was_enabled": False}
"""How many `paused` blocks are open (on any thread) and whether the collector ran before the first: jobs overlap
(a Changes search while the Conventions page compares), and the first to end must not re-enable the collector
under the other."""
_LOCK = threading.Lock()


@contextmanager
def paused() -> Iterator[None]:
    """No cyclic collection inside the block (reference counting still frees everything it can). What the
    blocks made and kept is frozen when the last open one ends well: re-enabled, the collector's next young pass
    would walk every object made meanwhile (1.4 s with the GIL held for a MAVEN-ERE-sized corpus, the window
    frozen)."""
    with _LOCK:
        if _PAUSES["depth"] == 0:
            _PAUSES["was_enabled"] = gc.isenabled()
            gc.disable()
        _PAUSES["depth"] += 1
    ended_well = False
    try:
        yield
        ended_well = True
    finally:
        with _LOCK:
            _PAUSES["depth"] -= 1
            if _PAUSES["depth"] == 0 and _PAUSES["was_enabled"]:
                if ended_well:
                    gc.freeze()
                gc.enable()  # a failed block's objects are garbage: collected as before


@contextmanager
def swapping() -> Iterator[None]:
    """Around replacing the shown corpus or result: unfreeze the old objects, freeze the new ones."""
    gc.unfreeze()
    try:
        yield
    finally:
        gc.freeze()


def freeze_survivors() -> None:
    """After a burst of long-lived objects: collect the young generations (cheap: only objects made since
    the last collections), then move every tracked object to the permanent generation, which no collection
    walks. Frozen objects are still freed by reference counting; `swapping` (the next corpus) unfreezes them.
    Skipped while a job on a worker thread has the collector paused: the young generations then hold what it
    made so far (a batch's result delivered meanwhile cost the GUI thread 30-120 ms), and the pause's end
    freezes everything made meanwhile."""
    if gc.isenabled():
        gc.collect(1)
        gc.freeze()


def keep_shown() -> None:
    """After the selection changed (a document switch): what the window keeps for the documents seen so far
    (cached texts, rows, layouts: ~400k references after 100 switches on a MAVEN-ERE-sized corpus) is frozen,
    or a full collection walking it would add 20-70 ms to a random switch (issue 26); ~1 ms a switch.
    Skipped while the collector is paused: a load on a worker thread has a million young objects."""
    freeze_survivors()
