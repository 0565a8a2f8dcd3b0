"""The soft-match ladder in the Conventions dock (issue 35, section 3): each step's counts, the items it
promoted, and a click on one selects its prediction on the text. Figures: tests/core/test_ladder.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.main_window import MainWindow
from tests.gui.windows import click_tab, shown_window
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LOAD_TIMEOUT = 20_000


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    win = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(EXAMPLES / "textee_gold.jsonl"), [str(EXAMPLES / "strings_pred.jsonl")])
    qtbot.waitUntil(lambda: win.document_pane.doc_id is not None, timeout=LOAD_TIMEOUT)
    return win


def test_the_ladder_lists_steps_and_a_click_goes_to_the_text(qtbot, window: MainWindow) -> None:
    dock = window.conventions_dock
    tree = dock.ladder
    click_tab(qtbot, dock.tabs, "Ladder")
    assert tree.isVisible()
    tops = [tree.topLevelItem(k).text(0) for k in range(tree.topLevelItemCount())]
    assert tops == ["exact: Tri-C 2, Arg-C 3", "normalised: Tri-C 1, Arg-C 1", "head_position: Tri-C 0, Arg-C 1",
                    "head_text: Tri-C 0, Arg-C 0", "token_f1: Tri-C 0, Arg-C 0", "coreference: Tri-C 0, Arg-C 0",
                    "judgement: Tri-C 0, Arg-C 0", "= TP: Tri-C 3, Arg-C 5"]
    normalised = tree.topLevelItem(1)
    texts = [normalised.child(k).text(0) for k in range(normalised.childCount())]
    assert texts == ["“attacked” Attack [1,2) → “attacked” [5,6) · Tri-C",
                     "“the city” Attack / Target [2,4) → “city” [3,4) · Arg-C"]
    window.session.select_document("D1")
    item = normalised.child(1)
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    # the argument's trigger: D2-0's first predicted event
    assert window.session.selection.doc_id == "D2" and window.session.selection.system_ids == {"D2-0:E0"}
    assert dock.detail.text() == "normalised: “the city” Attack / Target [2,4) → “city” [3,4), argument_cls"
    assert window.document_pane.doc_id == "D2"


def test_textee_predictions_have_no_ladder(qtbot, tmp_path: Path) -> None:
    win = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(EXAMPLES / "textee_gold.jsonl"), [str(EXAMPLES / "textee_gold.jsonl")])
    assert win.conventions_dock.ladder.isHidden() and win.conventions_dock.isVisible()
