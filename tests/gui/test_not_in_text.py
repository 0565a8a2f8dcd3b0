"""String predictions in the window (issue 35, section 1): a prediction the grounding rule placed nowhere is
a row of its own outcome, "not in the text", reached by the outcome filter and the next-error key (N)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.mention.outcomes import Outcome
from PySide6.QtCore import Qt

from evmeval_gui import colours
from evmeval_gui.main_window import MainWindow
from evmeval_gui.views.mapping_columns import OUTCOME, S_ID, UNIT
from tests.gui.windows import shown_window
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LOAD_TIMEOUT = 20_000
# D2-0 "Troops attacked the city and attacked it": under `first` both predicted "attacked" land on [1,2)
# (D2-0:E0 exact, D2-0:E1 an extra split part); "stormed" is nowhere: D2-0:E2, after the grounded two.
STORMED = "D2-0:E2"


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    win = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(EXAMPLES / "textee_gold.jsonl"), [str(EXAMPLES / "strings_pred.jsonl")])
    qtbot.waitUntil(lambda: win.document_pane.doc_id is not None, timeout=LOAD_TIMEOUT)
    return win


def _shown(window: MainWindow, column: int) -> list[str]:
    proxy = window.mapping.proxy
    return [str(proxy.index(r, column).data() or "") for r in range(proxy.rowCount())]


def test_the_list_filter_and_next_error_reach_a_prediction_not_in_the_text(qtbot, window: MainWindow) -> None:
    window.session.select_document("D2")
    rows = window.mapping.visible_rows()
    assert [(r.system.mention_id if r.system else "", r.outcome) for r in rows if r.system] == [
        ("D2-0:E0", Outcome.EXACT), ("D2-0:E1", Outcome.SPLIT), (STORMED, Outcome.NOT_IN_TEXT)]
    assert rows[-1].system.text == "stormed" and rows[-1].system.span == ()  # no span: it is last
    style = colours.style(Outcome.NOT_IN_TEXT)
    assert _shown(window, OUTCOME)[-1] == f"{style.glyph} not in the text"
    assert window.document_pane.legend.label_text(Outcome.NOT_IN_TEXT) == f"{style.glyph} not in the text 1"
    assert window.document_pane.legend._labels[Outcome.NOT_IN_TEXT].isVisible()
    window.session.select_document("D1")  # none there: the legend leaves the entry out
    assert not window.document_pane.legend._labels[Outcome.NOT_IN_TEXT].isVisible()
    window.session.select_document("D2")

    # the outcome filter: choose "not in the text" with the keyboard, as a user does
    combo = window.mapping.outcome_combo
    combo.setFocus()
    target = combo.findData(Outcome.NOT_IN_TEXT.value)
    assert target > 0 and combo.itemText(target) == style.short
    while combo.currentIndex() != target:
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert _shown(window, S_ID) == ["E2"] and _shown(window, UNIT) == ["D2-0"]  # STORMED, in its window
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    assert combo.currentData() is None and len(_shown(window, S_ID)) == len(rows)

    # N from the text steps through the errors in reading order; the placeless row comes last
    window.text_view.setFocus()
    seen = []
    for _ in range(3):  # the split "attacked", the two missed [5,6) events ... then "stormed"
        qtbot.keyClick(window.text_view, Qt.Key.Key_N)
        seen.append(sorted(window.session.selection.system_ids))
    qtbot.keyClick(window.text_view, Qt.Key.Key_N)
    assert window.session.selection.system_ids == {STORMED}
    assert STORMED not in {i for ids in seen for i in ids}
    assert [r.system.mention_id for r in window.mapping.selected_rows() if r.system] == [STORMED]


def test_a_not_in_the_text_flip_selects_its_row(qtbot, window: MainWindow) -> None:
    dock = window.conventions_dock
    tree = dock.flips
    found = []

    def walk(item) -> None:
        if item.text(0).endswith("not in the text") and "stormed" in item.text(0):
            found.append(item)
        for k in range(item.childCount()):
            walk(item.child(k))

    for k in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(k))
    assert found and found[0].text(0).split("\n")[1] == "D2 / D2-0 not in the text"  # the flip's place, its last line
    assert "Strings grounded by first: 3 not in the text (false alarms under strings" in dock.note.text()
    tree.scrollToItem(found[0])
    rect = tree.visualItemRect(found[0])
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.selection.doc_id == "D2" and window.session.selection.system_ids == {STORMED}
    assert "not in the text" in dock.detail.text()


def test_the_window_takes_the_grounding_rule_and_refuses_an_unknown_one(qapp, tmp_path: Path, capsys) -> None:
    from evmeval_gui.app import main

    gold, strings = str(EXAMPLES / "textee_gold.jsonl"), str(EXAMPLES / "strings_pred.jsonl")
    assert main(["-g", gold, "-s", strings, "--grounding", "nearest", "--screenshot", str(tmp_path / "x.png")]) == 1
    assert "unknown grounding rule 'nearest' (expected first, closest" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()
    assert main(["-g", gold, "-s", strings, "--grounding", "first-unused", "--doc", "D2",
                 "--screenshot", str(tmp_path / "d2.png")]) == 0
    assert (tmp_path / "d2.png").is_file()


def test_the_rule_reaches_the_scoring(qapp) -> None:
    """first-unused puts the second "attacked" on [5,6): D2's rows are two exact matches, not a split part."""
    from evmeval.conventions.base import Input
    from evmeval.conventions.corpus import event_inputs

    gold, strings = Input(str(EXAMPLES / "textee_gold.jsonl")), Input(str(EXAMPLES / "strings_pred.jsonl"))
    first = event_inputs(gold, strings)
    unused = event_inputs(gold, strings, "first-unused")
    assert first.grounding.rule.spec == "first" and unused.grounding.rule.spec == "first-unused"
    strings_result = {r.name: r for r in unused.switchboard.results}["strings"]
    assert strings_result.metrics["trigger_id"].match_num == 3  # test_grounding_strings.py derives it
    assert [r.system.mention_id for r in unused.unplaced_rows("D2")] == [STORMED]
