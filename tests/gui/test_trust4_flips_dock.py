"""Issue 34: the window's event corpus keeps of each group of flips those the Conventions dock lists (the others
counted), and the dock shows the full run's counts: each group's `N × reason` and `… and M more`."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs

from evmeval_gui.conventions import dock as dock_module
from evmeval_gui.model import corpus as corpus_module
from tests.core.test_textee_streamed_load import _pair
from tests.gui.windows import shown_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_dock_lists_the_first_flips_and_counts_every_one(qtbot, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(corpus_module, "FLIPS_SHOWN", 2)
    monkeypatch.setattr(dock_module, "MAX_SHOWN", 2)
    gold, system = _pair(tmp_path, 6, documents=40)
    full = event_inputs(Input(gold, Path(gold).read_bytes()), Input(system, Path(system).read_bytes()))
    window = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(gold, [system])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=20_000)
    tree = dock.flips
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=20_000)
    pair = full.switchboard.flips[0]
    top = tree.topLevelItem(0)
    assert top.text(0) == f"{pair.a} ↔ {pair.b}: {pair.total} flip(s)"
    shown = {}
    for k in range(top.childCount()):
        group = top.child(k)
        leaves = [group.child(j).text(0) for j in range(group.childCount())]
        shown[group.text(0)] = leaves
    expected = {f"{len(flips)} × {reason}": len(flips) for reason, flips in pair.groups.items()}
    assert list(shown) == list(expected)  # the full run's counts, largest group first
    assert any(n > 2 for n in expected.values())
    for label, count in expected.items():
        leaves = shown[label]
        assert len(leaves) == min(count, 2) + (count > 2)
        if count > 2:
            assert leaves[-1].startswith(f"… and {count - 2} more")
    kept = window.session.corpus.events[0].switchboard.flips[0]  # what the corpus holds: no more than listed
    assert all(len(flips) <= 2 for flips in kept.groups.values())
    assert kept.total == pair.total
