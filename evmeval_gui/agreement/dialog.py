"""File > Compare annotators…: pick 2..N annotation sets (tbf files, brat folders or `.ann` files) and the
token and text folders (found automatically when `tkn/` or `txt/` sits beside an input).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from evmeval.io.brat import ANN_EXTENSION
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from evmeval_gui.agreement.state import AgreementRequest, find_text_dir, find_token_dir
from evmeval_gui.agreement.style import annotator_icon
from evmeval_gui.colours import MUTED_TEXT
from evmeval_gui.dialogs import PathRow

ANNOTATION_FILTER = "Annotation files (*.tbf *.ann);;TBF files (*.tbf);;brat files (*.ann);;All files (*)"


class CompareAnnotatorsDialog(QDialog):
    """The annotation sets in order (their numbers in the window follow it) and the two folders."""

    def __init__(self, parent: QWidget | None = None, *, initial: AgreementRequest | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compare annotators")
        self.setObjectName("compareAnnotatorsDialog")
        self.setMinimumWidth(640)
        self.sets = QListWidget()
        self.sets.setObjectName("annotationSets")
        self.sets.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.sets.setMinimumHeight(120)
        self.add_files_button = QPushButton("Add files…")
        self.add_files_button.setToolTip("tbf files or brat .ann files (one set per file)")
        self.add_files_button.clicked.connect(self._add_files)
        self.add_folder_button = QPushButton("Add brat folder…")
        self.add_folder_button.setToolTip("A folder of brat .ann files: one annotator's work")
        self.add_folder_button.clicked.connect(self._add_folder)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self._remove)
        self.up_button = QPushButton("Move up")
        self.up_button.clicked.connect(lambda: self._move(-1))
        buttons = QVBoxLayout()
        for button in (self.add_files_button, self.add_folder_button, self.remove_button, self.up_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        box = QHBoxLayout()
        box.addWidget(self.sets, 1)
        box.addLayout(buttons)
        self.tokens = PathRow("folder of <doc>.tab token tables (empty: character offsets)", folder=True)
        self.texts = PathRow("folder of <doc>.txt texts (optional; brat folders' own texts are used)", folder=True)
        self.extension = QLineEdit(ANN_EXTENSION)
        self.extension.setObjectName("bratExtension")
        self.extension.setMaximumWidth(140)
        self.extension.setToolTip("What brat file names end with (evmeval-iaa -ae): with .tkn.ann, X.tkn.ann is "
                                  "document X and is read with the token table X.tab")
        self.hint = QLabel("Give two or more annotation sets of the same documents. tkn/ and txt/ folders beside "
                           "them are found automatically. With a token folder, brat offsets are mapped to tokens.")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"color: {MUTED_TEXT};")
        form = QFormLayout()
        form.addRow("Annotation sets:", box)
        form.addRow("Token folder:", self.tokens)
        form.addRow("Text folder:", self.texts)
        form.addRow("brat extension:", self.extension)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Compare")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.hint)
        layout.addWidget(self.buttons)
        self.sets.model().rowsInserted.connect(self._changed)
        self.sets.model().rowsRemoved.connect(self._changed)
        self.sets.model().rowsMoved.connect(self._changed)
        if initial is not None:
            self.add_paths(initial.paths)
            self.tokens.edit.setText(initial.token_dir or "")
            self.texts.edit.setText(initial.text_dir or "")
            self.extension.setText(initial.ann_extension)
        self.sets.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self._changed()

    # -- editing ----------------------------------------------------------------------------------

    def paths(self) -> list[str]:
        return [self.sets.item(r).data(Qt.ItemDataRole.UserRole) for r in range(self.sets.count())]

    def add_paths(self, paths: Sequence[str]) -> None:
        """Append annotation sets (a path already listed is not added twice); fill in the folders."""
        known = set(self.paths())
        for path in paths:
            if path and path not in known:
                known.add(path)
                item = QListWidgetItem(path)
                item.setData(Qt.ItemDataRole.UserRole, path)
                self.sets.addItem(item)
        if not self.tokens.text():
            found = find_token_dir(self.paths())
            if found:
                self.tokens.edit.setText(found)
        if not self.texts.text():
            found = find_text_dir(self.paths())
            if found:
                self.texts.edit.setText(found)

    def _start(self) -> str:
        paths = self.paths()
        return os.path.dirname(os.path.abspath(paths[-1])) if paths else os.getcwd()

    def _add_files(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Choose annotation files", self._start(), ANNOTATION_FILTER)
        self.add_paths([p for p in paths if p])

    def _add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Choose a folder of brat .ann files", self._start())
        if folder:
            self.add_paths([folder])

    def _remove(self) -> None:
        for item in self.sets.selectedItems():
            self.sets.takeItem(self.sets.row(item))

    def _move(self, step: int) -> None:
        row = self.sets.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.sets.count():
            return
        item = self.sets.takeItem(row)
        self.sets.insertItem(target, item)
        self.sets.setCurrentRow(target)

    def _changed(self, *args: object) -> None:
        for row in range(self.sets.count()):
            item = self.sets.item(row)
            item.setIcon(annotator_icon(row))
            item.setText(item.data(Qt.ItemDataRole.UserRole))
            item.setToolTip(item.data(Qt.ItemDataRole.UserRole))
        ok = self.sets.count() >= 2 and all(os.path.exists(p) for p in self.paths())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def request(self) -> AgreementRequest:
        """What the fields describe (empty folders: none)."""
        extension = self.extension.text().strip() or ANN_EXTENSION
        return AgreementRequest(tuple(self.paths()), self.tokens.text() or None, self.texts.text() or None,
                                extension if extension.startswith(".") else "." + extension)
