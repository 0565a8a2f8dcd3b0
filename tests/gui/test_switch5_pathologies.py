"""The Conventions dock's pathologies (issue 35 section 5): per convention, where its figure is not one to one
or not complete, clicked to its full text; the DyGIE++ example's numbers are derived in
tests/core/test_switch5_pathologies.py."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.conventions.pathologies_view import NONE_FOUND
from evmeval_gui.main_window import MainWindow
from tests.gui.windows import click_tab
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _click(qtbot, tree, item) -> None:
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def _open(qtbot, window: MainWindow, gold: str, pred: str) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(EXAMPLES / gold), [str(EXAMPLES / pred)])
    qtbot.waitUntil(window.conventions_dock.isVisible, timeout=20_000)


def test_dygiepps_non_exclusive_matching_is_listed_and_clicked_to_its_text(qtbot, window: MainWindow) -> None:
    _open(qtbot, window, "dygiepp_gold.jsonl", "dygiepp_pred.jsonl")
    view = window.conventions_dock.pathologies
    click_tab(qtbot, window.conventions_dock.tabs, "Pathologies")
    tree = view.tree
    assert [tree.topLevelItem(k).text(0) for k in range(tree.topLevelItemCount())] == [
        "dygiepp: 2", f"evmeval: {NONE_FOUND}"]
    dygiepp = tree.topLevelItem(0)
    assert [dygiepp.child(k).text(0) for k in range(dygiepp.childCount())] == [
        "1 × non-exclusive matching (arg_id)", "1 × non-exclusive matching (arg_class)"]
    _click(qtbot, tree, dygiepp.child(0))
    assert view.detail.text().startswith("non-exclusive matching (arg_id): 1 predicted argument(s) matched a gold "
                                         "argument another prediction had matched: recall 83.33 %, one to one 66.67 %")


def test_string_predictions_show_what_each_published_convention_dropped(qtbot, window: MainWindow) -> None:
    _open(qtbot, window, "textee_gold.jsonl", "strings_pred.jsonl")
    click_tab(qtbot, window.conventions_dock.tabs, "Pathologies")
    tree = window.conventions_dock.pathologies.tree
    tops = {tree.topLevelItem(k).text(0).partition(":")[0]: tree.topLevelItem(k) for k in
            range(tree.topLevelItemCount())}
    assert tops["strings"].text(0) == f"strings: {NONE_FOUND}"  # it counts them as false alarms
    assert tops["textee"].child(0).text(0) == "3 × predictions dropped as ungroundable"
    _click(qtbot, tree, tops["textee"].child(0))
    assert "3 prediction(s) placed nowhere under grounding first" in window.conventions_dock.pathologies.detail.text()


def test_a_textee_runs_argument_flips_under_every_argument_convention_click_to_the_text(
        qtbot, window: MainWindow, tmp_path) -> None:
    from evmeval_gui.model.selection import Selection
    from tests.core.test_switch5_argument_board import write

    gold, pred = write(tmp_path)  # flips derived in tests/core/test_switch5_argument_board.py
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(gold), [str(pred)])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=20_000)
    tree = dock.flips
    tops = [tree.topLevelItem(k).text(0) for k in range(tree.topLevelItemCount())]
    # textee ↔ ours: the twin, "city" under the second trigger and gold's second "Troops" (collapsed by textee's
    # sets), on both argument rows; with dygiepp also the first twin, which dygiepp's dictionary overwrote
    assert tops[1:] == ["textee ↔ strings (arguments): 6 flip(s)", "textee ↔ dygiepp (arguments): 8 flip(s)",
                        "strings ↔ dygiepp (arguments): 8 flip(s)",
                        # the matching switch
                        "textee ↔ one to one: 0 flip(s)\nalready a one-to-one maximum here: nothing flips",
                        "evmeval ↔ one to one: 0 flip(s)\nalready a one-to-one maximum here: nothing flips"]
    pair = tree.topLevelItem(3)  # strings ↔ dygiepp
    group = next(pair.child(k) for k in range(pair.childCount())
                 if pair.child(k).text(0).startswith("4 × argument matched under another trigger"))
    leaf = group.child(0)
    assert leaf.text(0).startswith("“city” Attack / Target · pred argument · argument_id")
    _click(qtbot, tree, leaf)
    # its trigger, the second "attacked" (event 1 of window D-0), is selected on the text
    assert window.session.selection.system_ids == frozenset({"D-0:E1"})
    assert isinstance(window.session.selection, Selection)
    assert "strings credit 0; dygiepp credit 1" in dock.detail.text()
