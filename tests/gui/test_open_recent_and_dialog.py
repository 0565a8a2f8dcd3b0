"""Open recent keeps absolute paths and says when files are gone; the Open dialog follows the gold file.

Driven through the real widgets (pytest-qt, offscreen): typing into line edits, clicking buttons.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox, QPushButton

from evmeval_gui.main_window import MainWindow
from evmeval_gui.window.recent import MISSING_DIALOG_NAME
from tests.gui.corpus_factory import write_corpus

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000


def type_into(qtbot, edit, text: str) -> None:
    """Select everything in a line edit and type `text` over it, key by key, as a user would."""
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(edit, text)


def test_recent_corpora_are_stored_with_absolute_paths(make_window, qtbot, settings, tmp_path, monkeypatch):
    write_corpus(tmp_path / "corpus")
    monkeypatch.chdir(tmp_path)
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files("corpus/gold.tbf", ["corpus/system.tbf"])  # relative, as typed in a terminal
    expected = window.session.result.micro["plain"]
    stored = json.loads(settings.value("recent"))[0]
    assert stored["gold"] == str(tmp_path / "corpus" / "gold.tbf")
    assert stored["systems"] == [str(tmp_path / "corpus" / "system.tbf")]
    assert stored["token_dir"] == str(tmp_path / "corpus" / "tkn")
    assert stored["text_dir"] == str(tmp_path / "corpus" / "txt")
    monkeypatch.chdir(tmp_path.parent)  # launched from elsewhere: the entry still names the same files
    again = make_window()
    assert again.recent_requests()[0].gold == str(tmp_path / "corpus" / "gold.tbf")
    with qtbot.waitSignal(again.session.scoring_finished, timeout=TIMEOUT):
        qtbot.mouseClick(again.welcome.findChildren(QPushButton)[-1], Qt.MouseButton.LeftButton)
    assert again.session.request.token_dir == str(tmp_path / "corpus" / "tkn")
    assert again.session.result.micro["plain"] == expected  # the same files, the same numbers


def test_a_recent_entry_whose_files_are_gone_says_so_and_offers_to_remove_itself(make_window, qtbot, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    window.close()
    (corpus / "system.tbf").rename(corpus / "moved.tbf")

    again = make_window()
    action = again.commands.recent_menu.actions()[0]
    assert action.text().endswith("(files missing)")
    recent_button = again.welcome.findChildren(QPushButton)[-1]
    assert recent_button.text() == again.recent_requests()[0].name
    qtbot.mouseClick(recent_button, Qt.MouseButton.LeftButton)
    box = again.findChild(QMessageBox, MISSING_DIALOG_NAME)
    assert box is not None and box.isVisible()
    assert str(corpus / "system.tbf") in box.informativeText() and "gone" in box.text()
    assert str(corpus / "gold.tbf") not in box.informativeText()  # only what is missing is named
    assert not again.runner.busy and not again.session.loaded  # nothing was opened
    qtbot.mouseClick(box.findChild(QPushButton, "removeRecentButton"), Qt.MouseButton.LeftButton)
    assert again.recent_requests() == []
    assert not again.commands.recent_menu.isEnabled()
    assert not again.welcome.recent_title.isVisible()


def test_keeping_a_gone_entry_leaves_it_in_the_list(make_window, qtbot, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    (corpus / "gold.tbf").unlink()
    window.commands.recent_menu.actions()[0].trigger()
    box = window.findChild(QMessageBox, MISSING_DIALOG_NAME)
    keep = next(b for b in box.findChildren(QPushButton) if b.text() == "Keep")
    qtbot.mouseClick(keep, Qt.MouseButton.LeftButton)
    assert len(window.recent_requests()) == 1


def test_the_open_dialog_finds_the_folders_of_a_new_gold_file(make_window, qtbot, tmp_path):
    first, second = write_corpus(tmp_path / "first"), write_corpus(tmp_path / "second")
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(first / "gold.tbf"), [str(first / "system.tbf")])
    dialog = window.show_open_dialog()  # filled in with the open corpus
    assert dialog.tokens.text() == str(first / "tkn")
    type_into(qtbot, dialog.gold.edit, str(second / "gold.tbf"))
    assert dialog.tokens.text() == str(second / "tkn")
    assert dialog.texts.text() == str(second / "txt")
    request = dialog.request()
    assert (request.token_dir, request.text_dir) == (str(second / "tkn"), str(second / "txt"))


def test_a_folder_set_by_hand_for_this_gold_file_stays(make_window, qtbot, tmp_path):
    first, second = write_corpus(tmp_path / "first"), write_corpus(tmp_path / "second")
    own_texts = tmp_path / "my_texts"
    own_texts.mkdir()
    window = make_window()
    dialog = window.show_open_dialog()
    type_into(qtbot, dialog.texts.edit, str(own_texts))  # by hand before any gold file: for the next one
    type_into(qtbot, dialog.gold.edit, str(first / "gold.tbf"))
    assert dialog.tokens.text() == str(first / "tkn")
    assert dialog.texts.text() == str(own_texts)
    type_into(qtbot, dialog.gold.edit, str(second / "gold.tbf"))  # another gold file: found again
    assert (dialog.tokens.text(), dialog.texts.text()) == (str(second / "tkn"), str(second / "txt"))
    type_into(qtbot, dialog.tokens.edit, str(first / "tkn"))  # by hand, for the second gold file
    type_into(qtbot, dialog.gold.edit, str(first / "gold.tbf"))
    assert dialog.tokens.text() == str(first / "tkn") and dialog.texts.text() == str(own_texts)
    type_into(qtbot, dialog.gold.edit, str(second / "gold.tbf"))  # back: what was set for it by hand
    assert (dialog.tokens.text(), dialog.texts.text()) == (str(first / "tkn"), str(second / "txt"))
    dialog.reject()


# -- trust round 3, item 11 ----------------------------------------------------------------------------------


def click_open(qtbot, dialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Open)
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_new_gold_file_keeps_a_typed_folder_and_the_dialog_says_what_it_found(make_window, qtbot, tmp_path):
    first, third = write_corpus(tmp_path / "first"), write_corpus(tmp_path / "third")
    bare = tmp_path / "bare"  # gold and system files, no tkn/ or txt/ beside them
    bare.mkdir()
    for name in ("gold.tbf", "system.tbf"):
        shutil.copy(first / name, bare / name)
    my_tokens = Path(shutil.copytree(first / "tkn", tmp_path / "my_tokens"))
    window = make_window()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(first / "gold.tbf"), [str(first / "system.tbf")])
    dialog = window.show_open_dialog()
    assert (dialog.tokens.text(), dialog.texts.text()) == (str(first / "tkn"), str(first / "txt"))
    type_into(qtbot, dialog.tokens.edit, str(my_tokens))
    type_into(qtbot, dialog.gold.edit, str(bare / "gold.tbf"))
    assert dialog.tokens.text() == str(my_tokens)  # typed by the user: kept
    assert dialog.texts.text() == ""  # found beside the previous gold file: emptied, and said so
    assert dialog.hint.isVisible()
    assert dialog.hint.text() == ("Token folder: none beside gold.tbf, kept the one you typed; Text folder: none "
                                  f"beside gold.tbf (emptied: {first / 'txt'} was found beside the previous gold "
                                  "file).")
    type_into(qtbot, dialog.gold.edit, str(third / "gold.tbf"))  # folders beside it: filled, visibly
    assert (dialog.tokens.text(), dialog.texts.text()) == (str(third / "tkn"), str(third / "txt"))
    assert dialog.hint.text() == "Token folder: tkn/ found beside gold.tbf; Text folder: txt/ found beside gold.tbf."
    type_into(qtbot, dialog.gold.edit, str(bare / "gold.tbf"))
    type_into(qtbot, dialog.tokens.edit, str(my_tokens))
    problems = []
    window.notifier = problems.append
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        click_open(qtbot, dialog)
    assert not problems
    assert window.session.request.gold == str(bare / "gold.tbf")
    assert window.session.request.token_dir == str(my_tokens)
    assert window.documents.visible_doc_ids()


def test_a_gold_file_without_documents_clears_the_view_and_says_so(qtbot, settings, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    (corpus / "empty.tbf").write_text("", encoding="utf-8")
    window = MainWindow(settings=settings)  # with the real charts
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.charts_dock.show()
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")], doc_id="doc1")
    pane = window.document_pane
    qtbot.waitUntil(lambda: window.text_view.doc is not None and window.mapping.model.rowCount() > 0)
    assert pane.legend.isVisible()
    dialog = window.show_open_dialog()
    type_into(qtbot, dialog.gold.edit, str(corpus / "empty.tbf"))
    with qtbot.waitSignal(window.session.scoring_finished, timeout=TIMEOUT):
        click_open(qtbot, dialog)
    qtbot.waitUntil(lambda: window.text_view.doc is None)
    assert pane.title.text() == "<i>No document</i>"
    assert pane.notice.isVisible()
    assert pane.notice.text() == "empty.tbf has no documents (no #BeginOfDocument line): nothing to show or score."
    assert not pane.legend.isVisible()  # the outcome legend and the lanes' key went with the document
    assert window.mapping.model.rowCount() == 0
    assert window.documents.visible_doc_ids() == []
    panel = window.charts_dock.panel
    assert panel is not None
    empty = "Nothing to chart: the gold file has no documents."
    qtbot.waitUntil(lambda: panel.score_bars.message.toPlainText() == empty)
    assert not panel.score_bars.title
