"""The matching switch in the Conventions dock: under the Flips tab, each convention that counts matches against
its own one-to-one matching (docs/scoring/matching-switch.md), and a flip clicked goes to the text."""

from __future__ import annotations

import pytest

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.selection import Selection
from tests.gui.test_conventions_window import LOAD_TIMEOUT, _click, _leaf, open_events

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_flips_tab_shows_dygiepps_flips_one_to_one_and_a_click_goes_to_the_text(qtbot,
                                                                                   window: MainWindow) -> None:
    """DyGIE++'s shipped example: two predicted Attack events each have Attacker "Troops" in sentence 1 of D1,
    where gold has one such row: arg_id and arg_class credit both, one to one one (F1 76.92 -> 61.54, 61.54 ->
    46.15, as `evmeval-score --matching optimal` prints). The second (event 1) flips."""
    open_events(qtbot, window, "dygiepp")
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
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
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    texts = [dock.flips.topLevelItem(k).text(0) for k in range(dock.flips.topLevelItemCount())]
    assert texts[-2:] == ["textee ↔ one to one: 0 flip(s)\nalready a one-to-one maximum here: nothing flips",
                          "evmeval ↔ one to one: 0 flip(s)\nalready a one-to-one maximum here: nothing flips"]
