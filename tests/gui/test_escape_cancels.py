"""Issue 34: Esc does what the status bar's Cancel does, whatever part of the window has the focus, unless that
part uses Esc itself (a search field with text clears it, a word selection in the text is cleared); with nothing
to cancel, Esc does what it did before.

The corpus load is held on its gate (tests/gui/test_first_document.py): the first document is shown, the corpus
still scoring, so the document list and the text view are there to take the focus while Cancel is offered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.selection import Selection
from tests.gui.test_first_document import TIMEOUT, corpus, gate, open_held, window
from tests.gui.windows import POPUP_WARNINGS

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus", "gate", "window"]


def labels_of(window: MainWindow) -> list[str]:
    started: list[str] = []
    window.session.loading_started.connect(started.append)
    return started


def focus(qtbot, widget: QWidget) -> QWidget:  # type: ignore[no-untyped-def]
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=TIMEOUT)
    focused = QApplication.focusWidget()
    assert focused is not None
    return focused


def assert_cancelled(window: MainWindow, label: str) -> None:
    """What the status bar's Cancel leaves (tests/gui/test_textee_load_cancel.py): no job, no busy bar, the word."""
    assert not window.runner.busy
    assert window.status.cancel_button.isHidden() and window.status.progress.isHidden()
    assert window.statusBar().currentMessage() == f"Cancelled: {label}"


@pytest.mark.parametrize("part", ["document list", "text view"])
def test_esc_cancels_a_load_as_the_cancel_button_does(window, qtbot, corpus, gate, part):
    started = labels_of(window)
    open_held(qtbot, window, corpus, gate)
    assert window.status.cancel_button.isVisible() and window.runner.busy
    target = window.documents.table if part == "document list" else window.text_view
    qtbot.keyClick(focus(qtbot, target), Qt.Key.Key_Escape)
    assert_cancelled(window, started[-1])
    gate.set()
    assert window.runner.shutdown(10)
    QApplication.processEvents()  # what the stopped load still posted is dropped
    assert window.session.corpus is None and window.session.first_document.document is None


def test_the_cancel_button_shows_the_same(window, qtbot, corpus, gate):
    started = labels_of(window)
    open_held(qtbot, window, corpus, gate)
    assert window.status.cancel_button.toolTip().startswith("Cancel (Esc)")
    qtbot.mouseClick(window.status.cancel_button, Qt.MouseButton.LeftButton)
    assert_cancelled(window, started[-1])


@pytest.mark.parametrize("field", ["document filter", "find box"])
def test_esc_in_a_search_field_clears_it_and_does_not_cancel(window, qtbot, corpus, gate, field):
    started = labels_of(window)
    open_held(qtbot, window, corpus, gate)
    edit = window.documents.filter_edit if field == "document filter" else window.navigation.find_edit
    edit.setEnabled(True)  # the find box is enabled once a corpus is scored; its Esc is the same meanwhile
    focus(qtbot, edit)
    qtbot.keyClicks(edit, "doc9")
    qtbot.keyClick(edit, Qt.Key.Key_Escape)
    assert edit.text() == "" and edit.hasFocus()
    assert window.runner.busy and window.status.cancel_button.isVisible()  # the load goes on
    qtbot.keyClick(edit, Qt.Key.Key_Escape)  # the field is empty: its Esc is the window's
    assert_cancelled(window, started[-1])


def test_esc_in_the_text_clears_a_word_selection_first(window, qtbot, corpus, gate):
    started = labels_of(window)
    open_held(qtbot, window, corpus, gate)
    view = window.text_view
    view.select_units(0, 1)
    qtbot.keyClick(focus(qtbot, view), Qt.Key.Key_Escape)
    assert not view.tokens.units and window.runner.busy  # the text used Esc
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert_cancelled(window, started[-1])


def test_with_nothing_to_cancel_esc_changes_nothing(window, qtbot, corpus, gate):
    gate.set()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    window.session.select_document("doc2")
    selection, message = window.session.selection, window.statusBar().currentMessage()
    qtbot.keyClick(focus(qtbot, window.documents.table), Qt.Key.Key_Escape)
    assert window.session.loaded and window.session.selection == selection == Selection("doc2")
    assert window.statusBar().currentMessage() == message


@pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise)")
def test_esc_in_a_floating_dock_cancels_too(window, qtbot, corpus, gate):
    started = labels_of(window)
    dock = window.charts_dock
    dock.show()
    dock.setFloating(True)
    qtbot.waitUntil(lambda: dock.isWindow() and dock.isVisible(), timeout=TIMEOUT)
    open_held(qtbot, window, corpus, gate)
    qtbot.keyClick(dock, Qt.Key.Key_Escape)  # the dock is a window of its own: its keys never reach the window
    assert_cancelled(window, started[-1])


def test_help_lists_esc(window):
    keys = dict(window.help.shortcut_map())
    assert keys["Esc"].startswith("Cancel what the status bar shows running")


@pytest.mark.qt_log_ignore(f"({POPUP_WARNINGS}|This plugin does not support propagateSizeHints)")
def test_esc_in_an_open_menu_closes_the_menu_only(window, qtbot, corpus, gate):
    started = labels_of(window)
    open_held(qtbot, window, corpus, gate)
    menu = window.commands.file_menu
    menu.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(menu.isVisible, timeout=TIMEOUT)
    qtbot.keyClick(menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible(), timeout=TIMEOUT)
    assert window.runner.busy and window.status.cancel_button.isVisible()
    qtbot.keyClick(focus(qtbot, window.documents.table), Qt.Key.Key_Escape)
    assert_cancelled(window, started[-1])
