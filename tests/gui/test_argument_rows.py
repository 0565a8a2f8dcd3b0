"""Arguments as sub-rows of the mapping table: under their trigger's row, with the outcome the chosen
convention's scorer gave them (the library's verdicts), a box to show all, only the errors, or none,
and a chosen sub-row singling its argument out on the text."""

from __future__ import annotations

from pathlib import Path

import pytest
from evmeval.conventions.argument_outcomes import argument_outcomes
from evmeval.conventions.base import Input
from evmeval.conventions.corpus import event_inputs
from PySide6.QtCore import Qt

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.text_layout import SYSTEM
from evmeval_gui.views.mapping_columns import G_ID, G_TEXT, G_TYPE, OUTCOME, S_ID, S_TYPE, UNIT
from tests.gui.windows import shown_window
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DATA = EXAMPLES
LOAD_TIMEOUT = 20_000


def test_verdicts_come_from_the_conventions_own_outcomes() -> None:
    """TextEE D1: gold Employer Bob, Person Ann, Time June; predicted Employer Bob, Employer Ann, Time June.
    Arg-C keys (type, span, role): Bob and June in both; Ann's span and type are in both (Arg-I) but not
    her role: wrong role on both sides. D2's third predicted event repeats the first: not counted."""
    corpus = event_inputs(Input(str(DATA / "textee_gold.jsonl")), Input(str(DATA / "textee_pred.jsonl")))
    verdicts = argument_outcomes(corpus.switchboard.outcomes["textee"])
    assert [(a.item.text, a.verdict) for a in verdicts["gold", "D1", "D1-0:E0"]] == [
        ("Bob", "matched"), ("Ann", "wrong role"), ("June", "matched")]
    assert [(a.item.role, a.verdict) for a in verdicts["pred", "D1", "D1-0:E0"]] == [
        ("Employer", "matched"), ("Employer", "wrong role"), ("Time", "matched")]
    assert {a.verdict for a in verdicts["pred", "D2", "D2-0:E2"]} == {"not counted"}
    assert verdicts["pred", "D2", "D2-0:E2"][0].why.startswith("duplicate collapsed")
    assert argument_outcomes(corpus.switchboard.outcomes["evmeval"]) == {}  # ours scores no arguments


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    win = shown_window(qtbot, tmp_path)
    with qtbot.waitSignal(win.session.scoring_finished, timeout=LOAD_TIMEOUT):
        win.open_files(str(DATA / "textee_gold.jsonl"), [str(DATA / "textee_pred.jsonl")])
    return win


def _cells(window: MainWindow, column: int) -> list[str]:
    proxy = window.mapping.proxy
    return [str(proxy.index(r, column).data() or "") for r in range(proxy.rowCount())]


def _choose(qtbot, combo, steps: int) -> None:
    """Move the box's choice with the arrow keys, as a user does."""
    combo.setFocus()
    for _ in range(steps):
        qtbot.keyClick(combo, Qt.Key.Key_Down)


def test_argument_sub_rows_under_their_trigger_with_outcomes_and_filter(qtbot, window: MainWindow) -> None:
    mapping = window.mapping
    qtbot.waitUntil(lambda: window.document_pane.doc_id is not None, timeout=LOAD_TIMEOUT)
    combo = window.conventions_dock.argument_combo
    assert combo.isVisible() and combo.currentText() == "No arguments"
    window.session.select_document("D1")
    assert _cells(window, S_ID) == ["E0", "E1"]  # two rows, no sub-rows yet (ids within their window)
    assert set(_cells(window, UNIT)) == {"D1-0"}
    before = mapping.count_label.text()
    _choose(qtbot, combo, 1)
    assert combo.currentText() == "Arguments · textee"
    # gold's three arguments, then the system's three, right under the trigger's row
    assert _cells(window, G_ID) == ["E0", "↳ Bob", "↳ Ann", "↳ June", "", "", "", ""]
    assert _cells(window, G_TYPE)[1:4] == ["Employer", "Person", "Time"]  # the role in the type column
    assert _cells(window, S_ID)[4:] == ["↳ Bob", "↳ Ann", "↳ June", "E1"]
    assert _cells(window, S_TYPE)[4:7] == ["Employer", "Employer", "Time"]
    assert _cells(window, G_TEXT)[1:4] == ["Bob", "Ann", "June"]
    assert [c.split(" ", 1)[1] for c in _cells(window, OUTCOME)[1:7]] == [
        "matched", "wrong role", "matched", "matched", "wrong role", "matched"]
    assert mapping.count_label.text() == before  # sub-rows are not counted as mapping rows
    _choose(qtbot, combo, 1)
    assert combo.currentText() == "Argument errors · textee"
    assert _cells(window, G_ID) == ["E0", "↳ Ann", "", ""]
    assert _cells(window, S_ID) == ["E0", "", "↳ Ann", "E1"]
    _choose(qtbot, combo, 1)  # the next convention of the corpus: none scores arguments but textee
    assert combo.currentText() == "Argument errors · textee"


def test_a_sub_row_clicked_selects_its_argument_on_the_text(qtbot, window: MainWindow) -> None:
    mapping = window.mapping
    qtbot.waitUntil(lambda: window.document_pane.doc_id is not None, timeout=LOAD_TIMEOUT)
    window.session.select_document("D1")
    _choose(qtbot, window.conventions_dock.argument_combo, 1)
    number = _cells(window, S_ID).index("↳ Ann")  # the system's second argument: Ann as Employer
    rect = mapping.table.visualRect(mapping.proxy.index(number, OUTCOME))
    qtbot.mouseClick(mapping.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    selection = window.session.selection
    assert (selection.doc_id, selection.system_ids, selection.argument) == ("D1", {"D1-0:E0"}, ("pred", "D1-0:E0", 1))
    assert [mapping.proxy.index(i.row(), S_ID).data() for i in mapping.table.selectionModel().selectedRows()] == [
        "↳ Ann"]
    assert window.text_view.selected_indices[1] == frozenset({0})  # its trigger on the text
    overlay = window.conventions_dock.arguments
    focused = overlay.focused(window.text_view)
    assert [(layer, role) for layer, role, _ in focused] == [(SYSTEM, "Employer")]
    layout = window.text_view.layout_data
    ann = layout.pieces[layout.unit_piece[2]]  # token 2: "Ann"
    assert focused[0][2].left() < ann.x + 1 and focused[0][2].right() > ann.x + ann.width - 1
    assert {(layer, role) for layer, role, _ in overlay.shown(window.text_view)} == {(SYSTEM, "Employer"),
                                                                                    (SYSTEM, "Time")}
    # a click on the trigger's own row selects the trigger again, no argument singled out
    rect = mapping.table.visualRect(mapping.proxy.index(0, OUTCOME))
    qtbot.mouseClick(mapping.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.session.selection.argument is None and overlay.focused(window.text_view) == []


def test_a_sub_row_knows_its_side_by_the_librarys_name() -> None:
    """`ArgumentLine.is_gold` spells the side as the library does (it leaves the conventions package unimported
    until an event corpus opens: the window's launch weight)."""
    from evmeval.conventions.items import GOLD, PRED

    from evmeval_gui.conventions.state import ArgumentLine

    assert ArgumentLine(None, GOLD, 0, None, "textee").is_gold  # type: ignore[arg-type]
    assert not ArgumentLine(None, PRED, 0, None, "textee").is_gold  # type: ignore[arg-type]
