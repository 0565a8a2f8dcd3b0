"""Files without realis (TextEE, MAVEN, ...) do not offer the realis combinations (issue 34 polish): their figures
repeat those of Span only / Span + type, so the toolbar combo, View > Attributes and Ctrl+3 / Ctrl+4 grey them, a
realis combination chosen gives way to its twin (said once in the status bar), the Charts' score bars draw two
groups; a tbf corpus with realis offers all four again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import demo_request
from tests.gui.windows import compared_example_runs
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LOAD_TIMEOUT = 30_000
TIP = "These files carry no realis: the same figures as "


@pytest.fixture
def window(make_window, qtbot) -> MainWindow:  # type: ignore[no-untyped-def]
    w = make_window(persist=False, use_default_charts=True)
    w.charts_dock.show()
    return w


def _open_pair(qtbot, window: MainWindow, name: str) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(EXAMPLES / f"{name}_gold.jsonl"), [str(EXAMPLES / f"{name}_pred.jsonl")])
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)


def _open_demo(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_request(demo_request())
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)


def _combo_items(window: MainWindow) -> list[tuple[str, bool, str]]:
    combo = window.commands.combination_combo
    model = combo.model()
    return [(combo.itemText(r), model.item(r).isEnabled(), model.item(r).toolTip()) for r in range(combo.count())]


def _attributes_menu(window: MainWindow) -> QMenu:
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    return next(a.menu() for a in view.actions() if a.text() == "&Attributes")


def _menu_items(window: MainWindow) -> list[tuple[str, bool, str]]:
    return [(a.text(), a.isEnabled(), a.toolTip()) for a in _attributes_menu(window).actions()]


def _bar_groups(window: MainWindow) -> list[str]:
    panel = window.charts_dock.panel
    assert panel is not None
    assert panel.tabs.tabText(panel.tabs.currentIndex()) == "Scores"
    ticks = panel.score_bars.plot.getAxis("bottom")._tickLevels  # what the axis writes under the groups
    return [label.replace("\n", " ") for _, label in ticks[0]]


def _ctrl(qtbot, window: MainWindow, key: Qt.Key) -> None:
    qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)


@pytest.mark.parametrize("name", ["textee", "maven"])
def test_files_without_realis_grey_the_realis_combinations(qtbot, window: MainWindow, name: str) -> None:
    _open_pair(qtbot, window, name)
    assert _combo_items(window) == [
        ("Span only", True, ""), ("Span + type", True, ""),
        ("Span + realis", False, TIP + "Span only"), ("Span + type + realis", False, TIP + "Span + type")]
    menu = _menu_items(window)
    assert [(text, enabled) for text, enabled, _ in menu] == [
        ("Span only", True), ("Span + type", True), ("Span + realis", False), ("Span + type + realis", False)]
    assert menu[2][2] == TIP + "Span only" and menu[3][2] == TIP + "Span + type"
    assert _attributes_menu(window).toolTipsVisible()
    _ctrl(qtbot, window, Qt.Key.Key_2)
    assert window.commands.combination_combo.currentText() == "Span + type"
    _ctrl(qtbot, window, Qt.Key.Key_3)  # greyed: nothing happens
    _ctrl(qtbot, window, Qt.Key.Key_4)
    assert window.session.combination == "mention_type"
    assert window.commands.combination_combo.currentText() == "Span + type"
    combo = window.commands.combination_combo  # the keyboard skips the greyed entries
    combo.setFocus()
    for _ in range(3):
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == "Span + type"
    assert _bar_groups(window) == ["Span only", "Span + type"]
    bars = window.charts_dock.panel.score_bars
    assert len(bars.bars["f1"].opts["height"]) == 2
    assert {c for c, _ in bars.value_labels} == {"plain", "mention_type"}


def test_a_realis_combination_chosen_gives_way_to_its_twin_and_says_so_once(qtbot, window: MainWindow) -> None:
    _open_demo(qtbot, window)
    assert [enabled for _, enabled, _ in _combo_items(window)] == [True] * 4
    _ctrl(qtbot, window, Qt.Key.Key_4)
    assert window.session.combination == "mention_type+realis_status"
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    _open_pair(qtbot, window, "textee")
    assert window.session.combination == "mention_type"
    assert window.commands.combination_combo.currentText() == "Span + type"
    assert window.commands.combination_actions["mention_type"].isChecked()
    said = [m for m in messages if "carry no realis" in m]
    assert said and all("showing Span + type (Span + type + realis gives the same figures)" in m for m in said)
    shown = window.statusBar().currentMessage()
    assert shown.startswith("These files carry no realis: showing Span + type (Span + type + realis gives the "
                            "same figures). ")
    messages.clear()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        qtbot.keyClick(window, Qt.Key.Key_F5)  # reloaded: nothing to switch, nothing said again
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)
    assert not [m for m in messages if "carry no realis" in m]
    # a tbf corpus with realis: all four again, Ctrl+3 chooses Span + realis, the bars have four groups
    _open_demo(qtbot, window)
    assert _combo_items(window) == [("Span only", True, ""), ("Span + type", True, ""),
                                    ("Span + realis", True, ""), ("Span + type + realis", True, "")]
    assert all(enabled for _, enabled, _ in _menu_items(window))
    _ctrl(qtbot, window, Qt.Key.Key_3)
    assert window.commands.combination_combo.currentText() == "Span + realis"
    assert _bar_groups(window) == ["Span only", "Span + type", "Span + realis", "Span + type + realis"]


def test_attributes_asked_before_the_corpus_arrive_as_their_twin(qtbot, window: MainWindow) -> None:
    window.session.set_combination("realis_status")  # as --attributes realis or the last session does
    _open_pair(qtbot, window, "maven")
    assert window.session.combination == "plain"
    assert window.commands.combination_combo.currentText() == "Span only"
    assert "showing Span only (Span + realis gives the same figures)" in window.statusBar().currentMessage()


def test_compare_of_runs_without_realis_lists_the_two_combinations_that_differ(qtbot, window: MainWindow) -> None:
    compared_example_runs(qtbot, window, LOAD_TIMEOUT)
    board = window.compare.leaderboard
    table = board.table
    shown = [table.headers[c] for c in range(len(table.headers)) if not table.isColumnHidden(c)]
    assert shown == ["#", "System", "Span F1", "Type F1", "Span − type"]
    assert list(board.chart.bars) == ["plain", "mention_type"]
    assert [label.text for _, label in board.chart.legend.items] == ["Span", "Type"]
    assert list(board.gaps.bars) == ["mention_type"]
    tabs = window.compare.tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(1).center())
    significance = window.compare.pair_panel.significance
    rows = [significance.row_texts(r)[0] for r in range(significance.rowCount()) if not significance.isRowHidden(r)]
    assert rows == ["Span only", "Span + type"]
    assert "(Ctrl+1 … Ctrl+2)" in window.compare.pair_panel.picker.note.text()


def test_the_score_bars_of_files_without_realis_show_two_groups(qtbot, window: MainWindow) -> None:
    _open_pair(qtbot, window, "textee")
    bars = window.charts_dock.panel.score_bars
    assert [label.text for _, label in bars.legend.items] == ["Precision", "Recall", "F1", "current combination"]
    assert bars.plot.getViewBox().viewRange()[0] == pytest.approx([-0.55, 1.55])


def test_view_options_without_realis_offer_two_and_name_the_twin_they_choose() -> None:
    from evmeval_gui.model.view_options import ViewOptions

    view = ViewOptions()
    heard: list[tuple[str, ...]] = []
    view.realis_changed.connect(lambda carried: heard.append(("realis", str(carried))))
    view.realis_dropped.connect(lambda asked, chosen: heard.append(("dropped", asked, chosen)))
    view.combination_changed.connect(lambda name: heard.append(("combination", name)))
    view.set_combination("mention_type+realis_status")
    view.set_realis(False)
    assert view.offered() == ("plain", "mention_type") and view.combination == "mention_type"
    view.set_combination("realis_status")
    assert view.combination == "plain"
    view.set_realis(True)
    view.set_combination("realis_status")
    assert heard == [("combination", "mention_type+realis_status"), ("realis", "False"),
                     ("dropped", "mention_type+realis_status", "mention_type"), ("combination", "mention_type"),
                     ("dropped", "realis_status", "plain"), ("combination", "plain"), ("realis", "True"),
                     ("combination", "realis_status")]


def test_a_new_document_offers_the_realis_combinations_once_a_mention_has_a_realis(qtbot, make_window) -> None:
    from tests.gui.test_editing_window import activate, drag_words, key, new_document, pick

    window = make_window()
    new_document(qtbot, window, "Rebels attacked the town .")
    assert [enabled for _, enabled, _ in _combo_items(window)] == [True, True, False, False]  # no mention yet
    key(qtbot, window, Qt.Key.Key_G)  # the gold side
    drag_words(qtbot, window, "t2", "t2")
    key(qtbot, window, Qt.Key.Key_A)
    pick(qtbot, window, "Conflict_Attack")  # with the picker's realis (Actual)
    assert [enabled for _, enabled, _ in _combo_items(window)] == [True] * 4
    activate(qtbot, window)  # (the picker, a window of its own, was the active one)
    _ctrl(qtbot, window, Qt.Key.Key_3)
    assert window.session.combination == "realis_status"


def test_a_twin_chosen_while_files_without_realis_are_shown_is_said_once(qtbot, window: MainWindow) -> None:
    """The result line repeats the note only for the result whose arrival made the realis combination give way:
    asked while such files are shown (`--attributes`, a restored session) it is said on its own, and the next
    result, arriving in the same turn of the event loop (a system already scored), does not say it again (the
    note was forgotten "on the next pass of the event loop", a rule of timing)."""
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(EXAMPLES / "textee_gold.jsonl"),
                          [str(EXAMPLES / "textee_pred.jsonl"), str(EXAMPLES / "strings_pred.jsonl")])
    for index in (1, 0):  # both systems scored: a switch shows the known result at once
        with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
            window.session.corpus_state.set_system(index)
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    window.session.set_combination("mention_type+realis_status")  # as --attributes type+realis does
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.session.corpus_state.set_system(1)
    assert window.session.combination == "mention_type"
    said = [m for m in messages if "carry no realis" in m]
    assert said == ["These files carry no realis: showing Span + type (Span + type + realis gives the same figures)"]
    assert "carry no realis" not in window.statusBar().currentMessage()  # the second system's own line
