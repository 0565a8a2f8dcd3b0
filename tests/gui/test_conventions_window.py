"""The window on TextEE / DyGIE++ files: opened with no token tables (tokens from the file, loaded in
the background), the Conventions dock with the switchboard table and the flips, a flip clicked to the text."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.corpus import guess_roles, load_and_score, make_request
from evmeval_gui.model.selection import Selection
from evmeval_gui.model.text_layout import GOLD, SYSTEM
from tests.gui.corpus_factory import write_corpus
from tests.gui.windows import shown_window
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DATA = EXAMPLES
LOAD_TIMEOUT = 20_000


def open_events(qtbot, window: MainWindow, name: str) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(DATA / f"{name}_gold.jsonl"), [str(DATA / f"{name}_pred.jsonl")])


def test_an_event_corpus_needs_no_token_tables() -> None:
    request = make_request(str(DATA / "switchboard_gold.jsonl"), [str(DATA / "switchboard_pred.jsonl")])
    assert (request.token_dir, request.text_dir) == (None, None)
    corpus, result = load_and_score(request)
    inputs = corpus.inputs[0]
    assert inputs.texts.text("A") == "The army launched a massive attack on Monday\nTalks ended ."
    table = inputs.tokens.table("A")
    assert table is not None and table.tokens[5].text == "attack" and table.tokens[5].id == "A-0:t5"
    # the window's figures are the evmeval convention's (derived by hand in tests/core/test_switchboard.py)
    assert (round(result.micro["plain"].tp, 4), result.micro["plain"].num_system) == (0.6667, 3)
    assert corpus.events[0].switchboard.flips[0].total == 8


def test_dropped_event_files_find_their_gold() -> None:
    assert guess_roles(["/x/pred.jsonl", "/x/gold.jsonl", "/x/notes.txt"]) == ("/x/gold.jsonl", ["/x/pred.jsonl"])


def _leaf(tree, *path: int):
    item = tree.topLevelItem(path[0])
    for k in path[1:]:
        item = item.child(k)
    return item


def _click(qtbot, tree, item) -> None:
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def test_conventions_dock_shows_the_switchboard_and_a_flip_clicks_to_the_text(qtbot, window: MainWindow) -> None:
    dock = window.conventions_dock
    assert dock.isHidden()  # nothing to show before an event corpus
    open_events(qtbot, window, "switchboard")
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    table = dock.table
    assert [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())] == [
        "textee", "evmeval\n(ours)", "spread"]
    assert table.verticalHeaderItem(2).text() == "Trigger id. F1"
    assert [table.item(2, c).text() for c in range(3)] == ["0.00", "33.33", "33.33"]
    assert [table.item(8, c).text() for c in range(3)] == ["100.00", "—", "—"]  # ours scores no arguments
    tree = dock.flips
    assert _leaf(tree, 0).text(0) == "textee ↔ evmeval: 8 flip(s)"
    assert _leaf(tree, 0, 0).text(0).startswith("4 × partial span")
    gold_flip = _leaf(tree, 0, 0, 2)
    assert gold_flip.text(0) == "“massive attack” Attack · gold trigger · trigger_id"
    assert gold_flip.text(1) == "A / A-0 [4,6)"
    _click(qtbot, tree, gold_flip)
    # the gold trigger and its partner (the prediction greedy paired with it) are selected on the text
    assert window.session.selection == Selection("A", frozenset({"A-0:E0"}), frozenset({"A-0:E0"}))
    assert window.document_pane.doc_id == "A"
    assert window.text_view.selected_indices == (frozenset({0}), frozenset({0}))
    assert "textee credit 0; evmeval credit 0.667 (Dice 0.67)" in dock.detail.text()
    # both triggers' arguments on the text with their roles: "army" (token 1) as Attacker, gold and system
    shown = dock.arguments.shown(window.text_view)
    assert [(layer, role) for layer, role, _ in shown] == [(GOLD, "Attacker"), (SYSTEM, "Attacker")]
    layout = window.text_view.layout_data
    army = layout.pieces[layout.unit_piece[1]]
    assert all(rect.left() < army.x + 1 and rect.right() > army.x + army.width - 1 for _, _, rect in shown)
    unscored = _leaf(tree, 0, 1, 0)
    _click(qtbot, tree, unscored)
    assert window.document_pane.doc_id == "B"
    assert window.session.selection == Selection("B", frozenset(), frozenset({"B-0:E0"}))


def test_a_dygiepp_corpus_shows_its_conventions(qtbot, window: MainWindow) -> None:
    open_events(qtbot, window, "dygiepp")
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    assert dock.table.horizontalHeaderItem(0).text() == "dygiepp"
    assert [dock.table.item(5, c).text() for c in range(3)] == ["25.00", "50.00", "25.00"]  # Trigger class. F1
    assert _leaf(dock.flips, 0).text(0) == "dygiepp ↔ evmeval: 6 flip(s)"
    assert window.session.corpus is not None and window.session.corpus.inputs[0].texts.text("D1") == (
        "Bob hired Ann .\nTroops attacked the city and attacked it")


def test_a_tbf_corpus_leaves_the_dock_hidden_and_says_why(qtbot, window: MainWindow, tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    dock = window.conventions_dock
    assert dock.isHidden()
    window.conventions.action.trigger()
    assert dock.isVisible()
    assert "This corpus is tbf" in dock.note.text() and dock.table.rowCount() == 0


def test_clicking_flips_keeps_the_tree_still(qtbot, window: MainWindow) -> None:
    """A flip's description below the tree has a fixed height: a longer one never resizes the tree (its
    rows would move under the mouse, and each resize made Qt measure the rows again: a click's cost on a
    large corpus); the whole description is the tooltip, the tree never scrolls sideways."""
    open_events(qtbot, window, "switchboard")
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    tree = dock.flips
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)  # the dock settles (see below)
    height, where = tree.height(), tree.header().sectionSize(1)
    for path in ((0, 0, 2), (0, 1, 0), (0, 0, 0)):
        _click(qtbot, tree, _leaf(tree, *path))
        qtbot.wait(20)
        assert (tree.height(), tree.header().sectionSize(1)) == (height, where)
        assert dock.detail.toolTip() == dock.detail.text() and "Why:" in dock.detail.text()
    assert not tree.horizontalScrollBar().isVisible()


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768)])
def test_the_switchboard_fits_its_dock(qtbot, tmp_path: Path, size: tuple[int, int]) -> None:
    """At 1024x640 the switchboard table used to scroll sideways, cutting the 'evmeval (ours)' column:
    its columns and row labels now fit the dock (short labels when narrow, the full ones as tooltips)."""
    window = shown_window(qtbot, tmp_path, size)
    open_events(qtbot, window, "textee")
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    # The dock settles only when the load's quiet jobs (coreference, …: held until the first paint) have ended,
    # which resizes it (at 1024x640 from 328 to 253 px); a fixed pause lost that race on a loaded machine.
    qtbot.waitUntil(lambda: window.runner.idle, timeout=LOAD_TIMEOUT)
    table = dock.table
    assert not table.horizontalScrollBar().isVisible()
    last = table.columnCount() - 1
    assert table.horizontalHeaderItem(last - 1).text() == ("ours" if size[0] == 1024 else "evmeval\n(ours)")
    assert table.horizontalHeaderItem(last - 1).toolTip() == "evmeval (ours)"
    assert table.columnViewportPosition(last) + table.columnWidth(last) <= table.viewport().width()
    assert all(table.columnWidth(c) >= table.fontMetrics().horizontalAdvance("100.00") for c in range(last + 1))
    label = table.verticalHeaderItem(2)
    assert label.text() == ("Trig. id F1" if size[0] == 1024 else "Trigger id. F1")
    assert label.toolTip() == "Trigger identification F1"


def test_conventions_dock_says_the_scorers_warning(qtbot, window: MainWindow) -> None:
    """Two DyGIE++ datasets are averaged per dataset (issue 31 item 19): the dock says so above the table."""
    case = Path(__file__).resolve().parent.parent / "data" / "conventions" / "recorded" / "dygiepp_two_datasets"
    dock = window.conventions_dock
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(case / "gold.jsonl"), [str(case / "pred.jsonl")])
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    assert "Warning: dygiepp: 2 datasets (news, bio): averaged per dataset as DyGIE++ does" in dock.note.text()
    table = dock.table
    rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    column = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())].index("dygiepp")
    assert table.item(rows.index("Argument class. F1"), column).text() == "58.33"  # the mean, not pooled 60.00
