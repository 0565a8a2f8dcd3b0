"""The matching switch in the Conventions dock: under the Flips tab, each convention that counts matches against
its own one-to-one matching (docs/scoring/matching-switch.md), computed in the background only when its row is
clicked or expanded, and a flip clicked goes to the text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.conventions.switch_view import ASK_TEXT, COMPUTING_TEXT
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.selection import Selection
from tests.gui.test_conventions_window import LOAD_TIMEOUT, _click, _leaf, open_events

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def ask_for_the_switch(qtbot, window: MainWindow) -> None:
    """Click the Flips tab's "Matching switch" row: it says it is computing, then gives way to the switches."""
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    tree = dock.flips
    texts = [tree.topLevelItem(k).text(0) for k in range(tree.topLevelItemCount())]
    assert texts[-1] == ASK_TEXT  # made on no load: nothing one to one is listed yet
    assert not any("↔ one to one" in text for text in texts)
    entry = tree.topLevelItem(tree.topLevelItemCount() - 1)
    _click(qtbot, tree, entry)
    assert entry.text(0) == COMPUTING_TEXT  # the job runs in the background; its result comes on the GUI thread
    qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0 and "↔ one to one" in tree.topLevelItem(
        tree.topLevelItemCount() - 1).text(0), timeout=LOAD_TIMEOUT)


def test_the_flips_tab_shows_dygiepps_flips_one_to_one_and_a_click_goes_to_the_text(qtbot,
                                                                                   window: MainWindow) -> None:
    """DyGIE++'s shipped example: two predicted Attack events each have Attacker "Troops" in sentence 1 of D1,
    where gold has one such row: arg_id and arg_class credit both, one to one one (F1 76.92 -> 61.54, 61.54 ->
    46.15, as `evmeval-score --matching optimal` prints). The second (event 1) flips."""
    open_events(qtbot, window, "dygiepp")
    dock = window.conventions_dock
    ask_for_the_switch(qtbot, window)
    tree = dock.flips
    top = _leaf(tree, 1)
    assert top.text(0) == ("dygiepp ↔ one to one: 2 flip(s)\narg_id F1 76.92 → 61.54; arg_class F1 61.54 → 46.15")
    assert _leaf(tree, 2).text(0) == ("evmeval ↔ one to one: 0 flip(s)\nalready a one-to-one maximum here: nothing "
                                      "flips")  # ours: greedy on Dice, the largest total here too
    group = top.child(0)
    assert group.text(0) == "2 × counted twice: a duplicate of another prediction, both credited for one gold item"
    leaf = group.child(0)
    assert leaf.text(0) == "“Troops” Attack / Attacker · arg_id\nD1 / 1 [0,1)"
    _click(qtbot, tree, leaf)
    # its trigger (event 1 of sentence 1) selected on the text, with the gold trigger greedy paired it with
    assert window.session.selection == Selection("D1", frozenset({"1:E1"}), frozenset({"1:E1"}))
    assert window.document_pane.doc_id == "D1"
    assert dock.detail.text() == (
        "“Troops” Attack / Attacker (D1 / 1 [0,1)), arg_id: credited by dygiepp, unpaired one to one. Why: counted "
        "twice: a duplicate of another prediction, both credited for one gold item (gold 'Troops' [0,1) is paired "
        "with prediction 'Troops' [0,1) (event 0)).")


def test_a_convention_already_one_to_one_says_so(qtbot, window: MainWindow) -> None:
    open_events(qtbot, window, "switchboard")
    dock = window.conventions_dock
    ask_for_the_switch(qtbot, window)
    texts = [dock.flips.topLevelItem(k).text(0) for k in range(dock.flips.topLevelItemCount())]
    assert texts[-2:] == ["textee ↔ one to one: 0 flip(s)\nalready a one-to-one maximum here: nothing flips",
                          "evmeval ↔ one to one: 0 flip(s)\nalready a one-to-one maximum here: nothing flips"]


def test_expanding_the_switch_row_computes_it_once_and_the_same_system_again_keeps_it(qtbot,
                                                                                     window: MainWindow) -> None:
    """The row's arrow (a click on the branch indicator) asks too; showing the corpus again (F5's refresh of the
    dock) shows the switches made for it without a second run."""
    open_events(qtbot, window, "dygiepp")
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    tree = dock.flips
    entry = tree.topLevelItem(tree.topLevelItemCount() - 1)
    assert entry.text(0) == ASK_TEXT
    rect = tree.visualItemRect(entry)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() - tree.indentation() // 2,
                                                                          rect.center().y()))
    qtbot.waitUntil(lambda: _leaf(tree, 1).text(0).startswith("dygiepp ↔ one to one: 2 flip(s)"),
                    timeout=LOAD_TIMEOUT)
    dock.refresh()
    assert _leaf(tree, 1).text(0).startswith("dygiepp ↔ one to one: 2 flip(s)")
    assert not any(tree.topLevelItem(k).text(0) in (ASK_TEXT, COMPUTING_TEXT)
                   for k in range(tree.topLevelItemCount()))
