"""`turns.release`: a large result let go of a piece per later turn of the event loop, not in the turn that drops
it (the Agreement mode's pair comparisons freed in the turn that showed a curation: 29 ms of the GUI thread)."""

from __future__ import annotations

import itertools
import time

from PySide6.QtWidgets import QApplication

from evmeval_gui.turns import release


def test_release_lets_go_of_one_item_per_later_turn(qtbot) -> None:  # type: ignore[no-untyped-def]
    items: list[object] = [object(), object(), object()]
    release(items)
    assert len(items) == 3  # nothing let go in the turn that asked
    seen = [len(items)]
    while items:
        QApplication.processEvents()
        seen.append(len(items))
        time.sleep(0.002)
    assert all(before - after in (0, 1) for before, after in itertools.pairwise(seen))  # one per pass
    assert seen[-1] == 0 and set(seen) == {3, 2, 1, 0}
