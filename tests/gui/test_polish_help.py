"""Help and export details (issue 34): About says the version, the licence and where the user guide is; Help ›
User guide opens the local guide in the browser; the export's folder chooser takes a folder not made yet (it
refused one), asking first, and the export makes it."""

from __future__ import annotations

from email.message import Message
from importlib import metadata
from pathlib import Path

import evmeval
import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from evmeval_gui.dialogs import OutputFolderDialog
from evmeval_gui.window.help_actions import GUIDE_PLACES, licence_name, user_guide
from tests.gui.corpus_factory import write_corpus


def _message(qtbot, window, name: str) -> QMessageBox:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, name) is not None and
                    window.findChild(QMessageBox, name).isVisible(), timeout=5000)
    return window.findChild(QMessageBox, name)


def test_about_says_version_licence_and_the_user_guide(qtbot, window):
    window.commands.about_action.trigger()
    box = _message(qtbot, window, "aboutMessage")
    text = box.text()
    assert f"EvmEval Studio</b> {evmeval.__version__}" in text
    assert "Licence: Apache-2.0" in text
    guide = user_guide()
    assert guide is not None and str(guide) in text  # a clone has its guide
    assert QUrl.fromLocalFile(str(guide)).toString() in text  # a link the label opens
    qtbot.keyClick(box, Qt.Key.Key_Escape)


def test_user_guide_opens_the_local_guide_in_the_browser(qtbot, window):
    opened: list[QUrl] = []
    window.help.opener = lambda url: opened.append(url) or True
    menu = window.menuBar().actions()[-1].menu()
    assert menu.actions()[0].text() == "&User guide"
    window.commands.user_guide_action.trigger()
    assert len(opened) == 1 and opened[0].isLocalFile()
    path = Path(opened[0].toLocalFile())
    assert path.is_file() and any(str(path).endswith(place) for place in GUIDE_PLACES)


def test_without_a_guide_it_says_where_the_guide_is(qtbot, window):
    opened: list[QUrl] = []
    window.help.opener = lambda url: opened.append(url) or True
    window.help.guide = lambda: None
    window.commands.user_guide_action.trigger()
    box = _message(qtbot, window, "noUserGuideMessage")
    assert not opened and "docs/ folder" in box.text()
    qtbot.keyClick(box, Qt.Key.Key_Escape)


@pytest.fixture
def loaded(qtbot, make_window, tmp_path):
    corpus = write_corpus(tmp_path / "corpus")
    w = make_window(persist=False)
    with qtbot.waitSignal(w.session.scoring_finished, timeout=20_000):
        w.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    return w


def _type_folder(qtbot, window, folder: Path) -> OutputFolderDialog:  # type: ignore[no-untyped-def]
    window.commands.export_action.trigger()
    qtbot.waitUntil(lambda: window.findChild(OutputFolderDialog) is not None, timeout=5000)
    dialog = window.findChild(OutputFolderDialog)
    qtbot.waitUntil(dialog.isVisible)
    edit = dialog.findChild(QLineEdit, "fileNameEdit")
    QApplication.clipboard().setText(str(folder))  # pasted: typed keys would open the completer at each "/"
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert edit.text() == str(folder)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    return dialog


def test_export_into_a_folder_not_made_yet(qtbot, loaded, tmp_path):
    out = tmp_path / "reports" / "new"
    (tmp_path / "reports").mkdir()
    dialog = _type_folder(qtbot, loaded, out)
    question = _message(qtbot, dialog, "createFolderQuestion")
    assert f"The folder {out} does not exist yet" in question.text()
    assert not out.exists()  # asked first
    with qtbot.waitSignal(loaded.runner.job_finished, timeout=20_000) as finished:
        qtbot.mouseClick(question.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert finished.args == ["Exporting the report", "done"]
    assert (out / "documents.csv").is_file()
    assert "Report written to" in loaded.statusBar().currentMessage()


def test_cancel_makes_no_folder(qtbot, loaded, tmp_path):
    out = tmp_path / "not-wanted"
    dialog = _type_folder(qtbot, loaded, out)
    question = _message(qtbot, dialog, "createFolderQuestion")
    qtbot.mouseClick(question.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: loaded.runner.idle)
    assert not out.exists() and dialog.isVisible()  # back in the chooser
    dialog.reject()


@pytest.mark.parametrize(("fields", "expected"), [
    ({"License-Expression": "MIT", "License": "BSD"}, "MIT"),
    ({"License": "BSD"}, "BSD"),
    ({"License-Expression": "", "License": "BSD"}, "BSD"),
    ({}, "Apache-2.0"),
])
def test_about_licence_is_the_declared_one(monkeypatch, fields, expected):
    """About names the licence the installed metadata declares, the SPDX expression first (read through
    the fields every supported Python's `PackageMetadata` has: 3.10's names no `get`)."""
    info = Message()
    for name, value in fields.items():
        info[name] = value
    monkeypatch.setattr(metadata, "metadata", lambda name: info)
    assert licence_name() == expected
