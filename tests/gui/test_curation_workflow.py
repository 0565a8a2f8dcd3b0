"""Curation as a real workflow (issue 34), driven with keys and clicks: a plain relaunch brings the curation in
progress back, Open recent names it, documents are marked curated and the bar counts what remains, a curation
is exported and imported into a fresh window, and a decision of an earlier session is reverted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from evmeval_gui.main_window import MainWindow
from tests.gui.test_curation_view import cells, corpus, press
from tests.gui.test_curation_work import open_curation
from tests.gui.test_main_window import LOAD_TIMEOUT
from tests.gui.test_polish import _menu_action
from tests.gui.windows import POPUP_WARNINGS, right_click

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus"]


def progress(window: MainWindow) -> str:
    return window.curate.panel.progress.text()


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def click_row(qtbot, window: MainWindow, row: int) -> None:
    view = window.curate.panel.list
    rect = view.visualRect(view.model().index(row, 1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def first_row_of_another_document(window: MainWindow) -> int:
    rows = window.curate.panel.list_model.rows
    return next(n for n, d in enumerate(rows) if d.doc_id != rows[0].doc_id)


def test_a_plain_relaunch_brings_the_curation_back_and_open_recent_names_it(qtbot, make_window, corpus, settings):
    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    press(qtbot, first, Qt.Key.Key_1)
    click_row(qtbot, first, 3)  # looking at another item keeps every decision made so far
    press(qtbot, first, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: progress(first) == f"<b>2 of {total}</b> decided, saved")
    reviewed = first.curate.state.current.key
    assert reviewed == first.curate.panel.list_model.rows[4].key  # after row 3's decision, not the first open one
    first.close()
    assert "curation" in json.loads(settings.value("lastSession"))
    second = make_window()
    assert second.session_store.restore()  # what a plain launch does
    qtbot.waitUntil(lambda: second.curate.active, timeout=20_000)
    assert second.workspace.stack.currentWidget() is second.curate.panel
    qtbot.waitUntil(lambda: progress(second) == f"<b>2 of {total}</b> decided, saved")
    assert [cells(second.curate.panel.list, r)[2] for r in (0, 3)] == ["annotator 1", "rejected"]
    assert second.curate.state.current.key == reviewed  # where the curator was
    names = [a.text() for a in second.commands.recent_menu.actions()]
    assert names[0] == "Curation: gold.tbf, system.tbf, system_b.tbf"
    second.close()
    # Open recent's entry opens the same curation in a third window
    third = make_window()
    entry = next(a for a in third.commands.recent_menu.actions() if a.text().startswith("Curation: "))
    entry.trigger()
    qtbot.waitUntil(lambda: third.curate.active, timeout=20_000)
    assert progress(third) == f"<b>2 of {total}</b> decided, saved"


def test_closed_while_scoring_against_the_curated_set_the_relaunch_curates_again(qtbot, make_window, corpus):
    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    press(qtbot, first, Qt.Key.Key_2)
    with qtbot.waitSignal(first.session.scoring_finished, timeout=20_000):
        click(qtbot, first.curate.panel.score_button)
    assert first.mode is first.scoring
    first.close()
    second = make_window()
    assert second.session_store.restore()
    qtbot.waitUntil(lambda: second.curate.active, timeout=20_000)
    qtbot.waitUntil(lambda: progress(second) == f"<b>1 of {total}</b> decided, saved")


def test_two_documents_marked_curated_and_the_bar_counts_what_remains(qtbot, make_window, corpus, settings):
    w = make_window()
    open_curation(qtbot, w, corpus)
    panel = w.curate.panel
    documents = list(dict.fromkeys(d.doc_id for d in panel.list_model.rows))
    n = len(documents)
    assert n >= 2
    assert panel.work.documents.text() == f"<b>{n} of {n}</b> documents remain"
    press(qtbot, w, Qt.Key.Key_1)  # a decision, then the document marked with its key
    qtbot.keyClick(panel.list, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert panel.work.documents.text() == f"<b>{n - 1} of {n}</b> documents remain"
    assert cells(panel.list, 0)[0] == f"✓ {documents[0]}"
    other = first_row_of_another_document(w)
    click_row(qtbot, w, other)
    assert not panel.work.mark_button.isChecked()
    click(qtbot, panel.work.mark_button)  # the second by its button
    assert panel.work.mark_button.isChecked()
    assert panel.work.documents.text() == f"<b>{n - 2} of {n}</b> documents remain"
    assert cells(panel.list, other)[0] == f"✓ {panel.list_model.rows[other].doc_id}"
    # saved with the decisions, and undone like one
    qtbot.waitUntil(lambda: progress(w).endswith(", saved"))
    saved = json.loads(Path(panel.work.path).read_text(encoding="utf-8"))
    assert saved["curated"] == [documents[0], panel.list_model.rows[other].doc_id]
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.work.documents.text() == f"<b>{n - 1} of {n}</b> documents remain"


def test_export_then_import_into_a_fresh_window_gives_the_same_decisions(qtbot, make_window, corpus, tmp_path):
    first = make_window()
    open_curation(qtbot, first, corpus)
    for key in (Qt.Key.Key_2, Qt.Key.Key_Delete, Qt.Key.Key_Return):
        press(qtbot, first, key)
    qtbot.keyClick(first.curate.panel.list, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    out = tmp_path / "handed-over.json"
    first.port.choose_save_path = lambda *args: str(out)  # the system's file dialog answers
    click(qtbot, first.curate.panel.findChild(type(first.curate.panel.work.copy_button), "exportCurationButton"))
    assert out.is_file() and json.loads(out.read_text(encoding="utf-8"))["schema"] == "curation/1"
    assert first.statusBar().currentMessage() == (f"Curation written: {out} (3 decisions, 1 documents marked "
                                                  "curated)")
    # a colleague's window: settings of its own, so nothing of the first window's autosave
    fresh = QSettings(str(tmp_path / "colleague" / "settings.ini"), QSettings.Format.IniFormat)
    problems = []
    second = make_window(settings=fresh, notifier=problems.append)
    open_curation(qtbot, second, corpus)
    total = second.curate.panel.list.model().rowCount()
    assert progress(second) == f"<b>0 of {total}</b> decided, saved"
    second.curate.choose_open = lambda *args: str(out)
    click(qtbot, second.curate.panel.findChild(type(second.curate.panel.work.copy_button), "importCurationButton"))
    qtbot.waitUntil(lambda: second.curate.panel.notice.text().startswith("Imported"), timeout=LOAD_TIMEOUT)
    mine, theirs = first.curate.state, second.curate.state
    assert (theirs.log, theirs.done, theirs.curation.decisions) == (mine.log, mine.done, mine.curation.decisions)
    assert theirs.curation.curated == mine.curation.curated
    assert progress(second).startswith(f"<b>3 of {total}</b> decided")
    assert second.curate.panel.notice.text() == (f"Imported 3 decisions and 1 documents marked curated from {out}.")
    # a curation of other annotation sets is refused with a message, nothing changed
    other = tmp_path / "other.json"
    data = json.loads(out.read_text(encoding="utf-8"))
    other.write_text(json.dumps({**data, "inputs": "0" * 64}), encoding="utf-8")
    second.curate.choose_open = lambda *args: str(other)
    click(qtbot, second.curate.panel.findChild(type(second.curate.panel.work.copy_button), "importCurationButton"))
    assert [str(p) for p in problems] == [
        f"{other}: the saved decisions belong to other inputs (annotation sets of content hash 000000000000…; "
        f"these annotation sets are {second.curate.key[:12]}…) (expected a curation of these annotation sets "
        "(the same content, wherever the files are))"]
    assert second.curate.state.log == mine.log


def test_the_autosave_is_shown_and_copied(qtbot, make_window, corpus, settings):
    w = make_window()
    open_curation(qtbot, w, corpus)
    work = w.curate.panel.work
    path = str(Path(settings.fileName()).parent / "curation" / f"curation-{w.curate.key[:24]}.json")
    assert work.path == path and work.autosave.text() == f"Saved in {path}" and work.autosave.isVisible()
    click(qtbot, work.copy_button)
    assert QApplication.clipboard().text() == path


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_a_decision_of_an_earlier_session_is_reverted_by_key_and_context_menu(qtbot, make_window, corpus):
    first = make_window()
    open_curation(qtbot, first, corpus)
    total = first.curate.panel.list.model().rowCount()
    for key in (Qt.Key.Key_2, Qt.Key.Key_Delete, Qt.Key.Key_3):
        press(qtbot, first, key)
    qtbot.waitUntil(lambda: progress(first) == f"<b>3 of {total}</b> decided, saved")
    curated_before = first.curate.state.curation.curated
    first.close()
    second = make_window()
    open_curation(qtbot, second, corpus)
    panel = second.curate.panel
    assert panel.notice.text() == "Resumed 3 decisions saved for these annotation sets."
    click_row(qtbot, second, 1)
    qtbot.keyClick(panel.list, Qt.Key.Key_Backspace)
    assert [cells(panel.list, r)[2] for r in range(3)] == ["annotator 2", "open", "annotator 3"]
    assert progress(second) == f"<b>2 of {total}</b> decided, saving…"
    assert second.curate.state.current.key == panel.list_model.rows[1].key  # still on it, to decide again
    rect = panel.list.visualRect(panel.list.model().index(0, 1))
    right_click(panel.list.viewport(), rect.center())
    menu = panel.work.menu
    assert menu is not None and menu.isVisible()
    _menu_action(menu, "Revert this decision (annotator 2)").trigger()
    assert [cells(panel.list, r)[2] for r in range(3)] == ["open", "open", "annotator 3"]
    qtbot.waitUntil(lambda: progress(second) == f"<b>1 of {total}</b> decided, saved")
    # Ctrl+Z brings a reverted decision back; the saved file follows what is shown
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(panel.list, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert second.curate.state.curation.curated == curated_before
    qtbot.waitUntil(lambda: progress(second) == f"<b>3 of {total}</b> decided, saved")


def test_a_curation_whose_comparison_fails_does_not_start_with_a_later_comparison(qtbot, make_window, corpus,
                                                                                  settings):
    first = make_window()
    open_curation(qtbot, first, corpus)
    first.close()
    gold = corpus / "gold.tbf"
    good = gold.read_text(encoding="utf-8")
    gold.write_text(good + "not a tbf line\n", encoding="utf-8")
    problems = []
    second = make_window(notifier=problems.append)
    entry = next(a for a in second.commands.recent_menu.actions() if a.text().startswith("Curation: "))
    with qtbot.waitSignal(second.session.load_failed, timeout=20_000):
        entry.trigger()
    assert problems and not second.curate.active
    gold.write_text(good, encoding="utf-8")
    request = next(r for r in second.recent.requests() if r.name.startswith("Curation: ")).agreement
    with qtbot.waitSignal(second.agreement.agreement_finished, timeout=20_000):
        second.open_agreement(request)
    assert second.agreement.active and not second.curate.active
