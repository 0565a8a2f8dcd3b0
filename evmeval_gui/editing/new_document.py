"""File › New document: paste or open a plain text, see the token table the built-in tokenizer makes."""

from __future__ import annotations

from evmeval.io.errors import FormatError
from evmeval.io.reading import read_text
from evmeval.io.tokenize import tokenize
from evmeval.model import Token
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

PREVIEW_ROWS = 2000
"""The preview lists this many tokens at most (the document keeps them all)."""


def fill_token_table(table: QTableWidget, tokens: list[Token]) -> None:
    """Rows `id, text, first, last` (last inclusive, as the .tab file has them)."""
    table.setRowCount(min(len(tokens), PREVIEW_ROWS))
    for row, token in enumerate(tokens[:PREVIEW_ROWS]):
        for column, value in enumerate((token.id, token.text, str(token.first), str(token.last))):
            item = QTableWidgetItem(value)
            if column >= 2:  # character offsets: numbers, right-aligned
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, column, item)


def token_table_widget() -> QTableWidget:
    table = QTableWidget(0, 4)
    table.setObjectName("tokenTable")
    table.setHorizontalHeaderLabels(["Token", "Text", "First", "Last"])
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # the words take the room, not "Last"
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    return table


class NewDocumentDialog(QDialog):
    """A document id and a text; the token table updates as the text changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newDocumentDialog")
        self.setWindowTitle("New document")
        self.doc_id = QLineEdit("scratch")
        self.doc_id.setObjectName("docIdEdit")
        self.text = QPlainTextEdit()
        self.text.setObjectName("newDocumentText")
        self.text.setPlaceholderText("Paste a plain text here, or open a text file")
        open_button = QPushButton("Open text file…")
        open_button.clicked.connect(self._open_file)
        self.tokens = token_table_widget()
        self.count = QLabel("No tokens yet")
        form = QFormLayout()
        form.addRow("Document id:", self.doc_id)
        top = QHBoxLayout()
        top.addLayout(form, 1)
        top.addWidget(open_button)
        split = QSplitter()
        split.addWidget(self.text)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.count)
        right_layout.addWidget(self.tokens, 1)
        split.addWidget(right)
        split.setSizes([420, 300])
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(QLabel("The built-in tokenizer splits words, numbers such as 3.5, clitics (n't, 's) "
                                "and every other character."))
        layout.addWidget(self.buttons)
        self.text.textChanged.connect(self._retokenize)
        self._retokenize()
        self.resize(760, 460)

    def _retokenize(self) -> None:
        tokens = list(tokenize(self.text.toPlainText()))
        fill_token_table(self.tokens, tokens)
        self.count.setText(f"{len(tokens)} tokens" if tokens else "No tokens yet")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(tokens))

    def _open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a text file", "", "Text files (*.txt);;All files (*)")
        if path:
            self.load_file(path)

    def load_file(self, path: str) -> None:
        try:
            self.text.setPlainText(read_text(path))
        except FormatError as exc:
            self.count.setText(str(exc.problem))
