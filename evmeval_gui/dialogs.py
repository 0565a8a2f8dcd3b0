"""Dialogs: opening a corpus, reporting a bad input, listing warnings, the keyboard map.

Every dialog is opened with `open()` (window-modal, non-blocking), so the event loop keeps running
and tests can find the dialog and read it.
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence

from evmeval.io.errors import Problem
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.model.corpus import OpenRequest, make_request
from evmeval_gui.model.formatting import DASH

ERROR_DIALOG_NAME = "loadErrorDialog"
TBF_FILTER = "TBF files (*.tbf);;All files (*)"
OPEN_FILTER = ("TBF or event files (*.tbf *.jsonl *.json);;TBF files (*.tbf);;"
               "TextEE / DyGIE++ / MAVEN / MAVEN-ERE JSONL, CASIE JSON (*.jsonl *.json);;All files (*)")
"""What the open dialog offers: tbf, or event files (which need no token or text folder); a BioNLP or
CASIE folder through the Folder… buttons."""
TYPES_FILTER = "Type lists (*.txt *.lst);;All files (*)"


class OutputFolderDialog(QFileDialog):
    """Choose the folder to write into, made already or not: Qt's folder chooser refuses a folder that does not
    exist yet; this one asks whether to create it (its parent must exist) and emits `chosen` with it. It makes
    nothing itself: the export checks the folder first (no file it writes may replace an input), then makes it."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None, title: str, start: str = "") -> None:
        super().__init__(parent, title, start)
        self.setObjectName("outputFolderDialog")
        self.setFileMode(QFileDialog.FileMode.Directory)
        self.setOptions(QFileDialog.Option.ShowDirsOnly | QFileDialog.Option.DontUseNativeDialog)
        self.fileSelected.connect(self.chosen)
        self.question: QMessageBox | None = None
        """The question "create it?" while it is asked."""

    def accept(self) -> None:
        files = self.selectedFiles()
        path = files[0] if files else ""
        if not path or os.path.exists(path) or not os.path.isdir(os.path.dirname(path)):
            super().accept()  # an existing folder, or Qt's own refusal (no such parent folder)
            return
        question = QMessageBox(QMessageBox.Icon.Question, self.windowTitle(),
                               f"The folder {path} does not exist yet. Create it for the export?",
                               QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        question.setObjectName("createFolderQuestion")
        question.setDefaultButton(QMessageBox.StandardButton.Yes)

        def answered(button: int) -> None:
            self.question = None
            if button == QMessageBox.StandardButton.Yes:
                self.chosen.emit(path)
                QDialog.accept(self)

        question.finished.connect(answered)
        self.question = question
        question.open()


def problem_text(problem: Problem) -> str:
    """File, line, problem and expectation on separate lines, as the error dialog shows them."""
    lines = [f"File: {problem.path or '(none)'}"]
    if problem.line:
        lines.append(f"Line: {problem.line}")
    lines.append(f"Problem: {problem.message}")
    if problem.expected:
        lines.append(f"Expected: {problem.expected}")
    return "\n".join(lines)


def show_load_error(parent: QWidget, problem: Problem, *, title: str = "Could not open the corpus") -> QMessageBox:
    """A non-blocking warning box naming file, line and problem; returned so callers can keep it."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, "", QMessageBox.StandardButton.Ok, parent)
    box.setObjectName(ERROR_DIALOG_NAME)
    where = os.path.basename(problem.path) if problem.path else "the input"
    box.setText(f"<b>{html.escape(where)}"
                + (f", line {problem.line}" if problem.line else "")
                + f"</b>: {html.escape(problem.message)}")
    box.setInformativeText(html.escape(problem_text(problem)).replace("\n", "<br>")
                           + "<br><br>No file was changed; the window keeps what it showed before.")
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    box.open()
    return box


class PathRow(QWidget):
    """A line edit with a Browse… button (file or folder); `edited(text)`: the user changed it (typed,
    cleared or browsed), never a programmatic `setText`."""

    edited = Signal(str)

    def __init__(self, placeholder: str, *, folder: bool, parent: QWidget | None = None,
                 file_filter: str = TBF_FILTER, or_folder: bool = False) -> None:
        super().__init__(parent)
        self.folder = folder
        self.file_filter = file_filter
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(placeholder)
        self.edit.setClearButtonEnabled(True)
        self.edit.textEdited.connect(self.edited)
        self.edit.textChanged.connect(self.edit.setToolTip)  # the whole path, however narrow the field
        self.browse_button = browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit, 1)
        layout.addWidget(browse)
        self.folder_button: QPushButton | None = None
        if or_folder:  # a file or a folder (a BioNLP or CASIE corpus)
            self.folder_button = QPushButton("Folder…")
            self.folder_button.setToolTip("Choose a folder: a BioNLP standoff corpus (.txt, .a1, .a2) or CASIE files")
            self.folder_button.clicked.connect(self._browse_folder)
            layout.addWidget(self.folder_button)

    def _browse_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Choose a folder", self.edit.text() or os.getcwd())
        if path:
            self.edit.setText(path)
            self.edited.emit(path)

    def _browse(self) -> None:
        start = self.edit.text() or os.getcwd()
        if self.folder:
            path = QFileDialog.getExistingDirectory(self, "Choose a folder", start)
        else:
            path, _ = QFileDialog.getOpenFileName(self, "Choose a file", start, self.file_filter)
        if path:
            self.edit.setText(path)
            self.edited.emit(path)

    def text(self) -> str:
        return self.edit.text().strip()


HINT = "tkn/ and txt/ folders beside the gold file are found automatically."
FOLDER_LABELS = {"tokens": "Token folder", "texts": "Text folder"}


def _folder_for(label: str, gold: str, shown: str, typed: bool, chosen: str | None,
                found: str | None) -> tuple[str, bool, str]:
    """A folder row's text for a newly chosen gold file (named `gold`), whether it counts as typed by
    the user, and the hint's words for it. In order: the folder the user chose for this gold file; the
    one found beside it; the folder the user typed (kept); else empty, saying what was emptied."""
    if chosen is not None:
        return chosen, bool(chosen), f"{label}: {'the one' if chosen else 'none, as'} you chose for {gold}"
    if found:
        return found, False, f"{label}: {os.path.basename(found)}/ found beside {gold}"
    if shown and typed:
        return shown, True, f"{label}: none beside {gold}, kept the one you typed"
    emptied = f" (emptied: {shown} was found beside the previous gold file)" if shown else ""
    return "", False, f"{label}: none beside {gold}{emptied}"


class OpenCorpusDialog(QDialog):
    """Gold file, system files, token and text folders; folders are filled in from the gold file.

    When the gold file changes, the token and text folders are found again beside the new gold file
    (a folder of the previous corpus would open the new one with the wrong tables), except a folder the
    user typed or browsed for this gold file: that one stays. A folder set by hand while no gold file
    was chosen yet belongs to the gold file chosen next. Where nothing is found beside the new gold
    file, a folder the user typed stays; one found beside the previous gold file is emptied. The hint
    under the fields says what happened to each folder, so no field changes unnoticed.
    """

    def __init__(self, parent: QWidget | None = None, *, initial: OpenRequest | None = None,
                 recent: Sequence[OpenRequest] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open a corpus")
        self.setObjectName("openCorpusDialog")
        self.setMinimumWidth(620)
        self._recent = list(recent)
        self.recent_combo = QComboBox()
        self.recent_combo.addItem(DASH, None)
        for request in self._recent:
            self.recent_combo.addItem(request.name, request)
            self.recent_combo.setItemData(self.recent_combo.count() - 1, "\n".join([request.gold, *request.systems]),
                                          Qt.ItemDataRole.ToolTipRole)
        self.recent_combo.currentIndexChanged.connect(self._use_recent)
        self.gold = PathRow("gold .tbf, event .jsonl/.json file, or BioNLP / CASIE folder", folder=False,
                            file_filter=OPEN_FILTER, or_folder=True)
        self.gold.edit.textChanged.connect(self._gold_changed)
        self.systems = QListWidget()
        self.systems.setObjectName("systemFiles")
        self.systems.setMaximumHeight(90)
        # `…/sample_system_A.tbf` and `…/sample_system_C.tbf` must not look the same: keep both ends.
        self.systems.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        add = QPushButton("Add…")
        add.clicked.connect(self._add_systems)
        self.add_folder = QPushButton("Add folder…")
        self.add_folder.setToolTip("A BioNLP answer folder (.a2 files) or a folder of CASIE files")
        self.add_folder.clicked.connect(self._add_system_folder)
        remove = QPushButton("Remove")
        remove.clicked.connect(self._remove_system)
        system_buttons = QVBoxLayout()
        system_buttons.addWidget(add)
        system_buttons.addWidget(self.add_folder)
        system_buttons.addWidget(remove)
        system_buttons.addStretch(1)
        system_box = QHBoxLayout()
        system_box.addWidget(self.systems, 1)
        system_box.addLayout(system_buttons)
        self.tokens = PathRow("folder of <doc>.tab token tables (empty: character offsets)", folder=True)
        self.texts = PathRow("folder of <doc>.txt texts (optional)", folder=True)
        self.white_list = PathRow("type white list: one event type per line (optional, as -wl)", folder=False,
                                  file_filter=TYPES_FILTER)
        self.white_list.setObjectName("whiteListRow")
        self.white_list.setToolTip("Only these event types are scored; mentions of other types are dropped on "
                                   "both sides (evmeval-score -wl)")
        self._gold_file = ""
        """The gold file the folders were last derived for (or set for)."""
        self._by_hand: dict[tuple[str, str], str] = {}
        """(folder row name, gold file) -> the folder the user set for that gold file ("": none chosen yet)."""
        self._typed: dict[str, bool] = {"tokens": False, "texts": False}
        """Folder row name -> its text was typed or browsed by the user (not found beside a gold file)."""
        for name, row in (("tokens", self.tokens), ("texts", self.texts)):
            row.edited.connect(lambda text, n=name: self._set_by_hand(n, text))
        self.hint = QLabel(HINT)
        self.hint.setObjectName("openDialogHint")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #6B6B6B;")
        form = QFormLayout()
        if self._recent:
            form.addRow("Recent:", self.recent_combo)
        form.addRow("Gold file:", self.gold)
        form.addRow("System file(s):", system_box)
        form.addRow("Token folder:", self.tokens)
        form.addRow("Text folder:", self.texts)
        form.addRow("Type white list:", self.white_list)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.hint)
        layout.addWidget(self.buttons)
        self.systems.model().rowsInserted.connect(self._tooltips)
        self.systems.model().rowsInserted.connect(self._validate)
        self.systems.model().rowsRemoved.connect(self._validate)
        self.white_list.edit.textChanged.connect(self._validate)
        if initial is not None:
            self.set_request(initial)
        self._validate()

    def set_request(self, request: OpenRequest) -> None:
        """Fill every field from a request (its folders count as chosen for its gold file)."""
        self.gold.edit.setText(request.gold)
        self.systems.clear()
        self.systems.addItems(list(request.systems))
        self.tokens.edit.setText(request.token_dir or "")
        self.texts.edit.setText(request.text_dir or "")
        self.white_list.edit.setText(request.white_list or "")
        self._gold_file = self._gold_key()
        self._by_hand = {("tokens", self._gold_file): self.tokens.text(), ("texts", self._gold_file): self.texts.text()}
        self._typed = {"tokens": False, "texts": False}
        self.hint.setText(HINT)

    def _use_recent(self, index: int) -> None:
        request = self.recent_combo.itemData(index)
        if isinstance(request, OpenRequest):
            self.set_request(request)

    def _gold_key(self) -> str:
        path = self.gold.text()
        return os.path.abspath(path) if path and os.path.isfile(path) else ""

    def _set_by_hand(self, name: str, text: str) -> None:
        self._by_hand[(name, self._gold_key())] = text.strip()
        self._typed[name] = bool(text.strip())

    def _gold_changed(self, text: str) -> None:
        key = self._gold_key()
        if key and key != self._gold_file:
            self._gold_file = key
            guess = make_request(text.strip(), [])
            gold = os.path.basename(key)
            notes = []
            for name, row, found in (("tokens", self.tokens, guess.token_dir), ("texts", self.texts, guess.text_dir)):
                if (name, "") in self._by_hand:  # set by hand before any gold file: it belongs to this one
                    self._by_hand[(name, key)] = self._by_hand.pop((name, ""))
                value, typed, note = _folder_for(FOLDER_LABELS[name], gold, row.text(), self._typed[name],
                                                 self._by_hand.get((name, key)), found)
                row.edit.setText(value)
                self._typed[name] = typed
                notes.append(note)
            self.hint.setText("; ".join(notes) + ".")
        self._validate()

    def _add_systems(self) -> None:
        start = os.path.dirname(self.gold.text()) or os.getcwd()
        paths, _ = QFileDialog.getOpenFileNames(self, "Choose system tbf files", start, OPEN_FILTER)
        self.systems.addItems([p for p in paths if p])

    def _add_system_folder(self) -> None:
        start = os.path.dirname(self.gold.text()) or os.getcwd()
        path = QFileDialog.getExistingDirectory(self, "Choose a system folder", start)
        if path:
            self.systems.addItem(path)

    def _remove_system(self) -> None:
        for item in self.systems.selectedItems():
            self.systems.takeItem(self.systems.row(item))

    def _tooltips(self, *args: object) -> None:
        for i in range(self.systems.count()):
            item = self.systems.item(i)
            item.setToolTip(item.text())

    def _validate(self, *args: object) -> None:
        white_list = self.white_list.text()
        ok = os.path.exists(self.gold.text()) and self.systems.count() > 0 and (
            not white_list or os.path.isfile(white_list))
        self.buttons.button(QDialogButtonBox.StandardButton.Open).setEnabled(ok)

    def request(self) -> OpenRequest:
        """The request the fields describe (folders empty: found automatically or none)."""
        systems = [self.systems.item(i).text() for i in range(self.systems.count())]
        gold = self.gold.text()
        return OpenRequest(gold, tuple(systems), self.tokens.text() or None, self.texts.text() or None,
                           self.white_list.text() or None)


class WarningsDialog(QDialog):
    """The input problems and scorer warnings of the open corpus, one per line, copyable."""

    def __init__(self, warnings: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{len(warnings)} warning(s)")
        self.setObjectName("warningsDialog")
        self.resize(760, 360)
        text = QPlainTextEdit("\n".join(warnings) if warnings else "No warnings.")
        text.setReadOnly(True)
        text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("These do not stop scoring; the published scorer only warns about them."))
        layout.addWidget(text, 1)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)


class ShortcutsDialog(QDialog):
    """The keyboard map (Help > Keyboard shortcuts)."""

    def __init__(self, shortcuts: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        table = QTableWidget(len(shortcuts), 2)
        table.setHorizontalHeaderLabels(["Key", "Action"])
        table.verticalHeader().hide()
        for row, (key, action) in enumerate(shortcuts):
            table.setItem(row, 0, QTableWidgetItem(key))
            table.setItem(row, 1, QTableWidgetItem(action))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(table)
        layout.addWidget(buttons)
        self.resize(440, min(640, 90 + 32 * len(shortcuts)))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
