"""The event type (and realis) picker used by editing and curation.

Types offered: the corpus's own (as first written) and the TAC KBP 2016 list shipped in
`evmeval_resources`, the second without those the first already has (compared canonically, as the
scorer compares them). Typing filters the list; Enter takes the highlighted type, or the typed text
when nothing matches (any one-word type is allowed). Opened with `open()`, like every dialog.
"""

from __future__ import annotations

from collections.abc import Sequence

from evmeval.model import canonical
from evmeval_resources import kbp_2016_types
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

REALIS_VALUES = ("Actual", "Generic", "Other")
_SECTION = Qt.ItemDataRole.UserRole + 1


def offered_types(corpus_types: Sequence[str]) -> list[tuple[str, str]]:
    """(type, where from) for the list: the corpus's types, then the KBP 2016 types it lacks."""
    seen = {canonical(t) for t in corpus_types}
    out = [(t, "corpus") for t in corpus_types]
    out += [(t, "TAC KBP 2016") for t in kbp_2016_types() if canonical(t) not in seen]
    return out


class TypePicker(QDialog):
    """Choose a type (and, for a new mention, a realis)."""

    def __init__(self, corpus_types: Sequence[str], *, title: str = "Event type", current: str = "",
                 with_realis: bool = False, realis: str = "Actual", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("typePicker")
        self.setWindowTitle(title)
        self.filter = QLineEdit(current)
        self.filter.setObjectName("typeFilter")
        self.filter.setPlaceholderText("Type to filter, or write a new type (one word, e.g. Conflict_Attack)")
        self.filter.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setObjectName("typeList")
        for mention_type, origin in offered_types(corpus_types):
            item = QListWidgetItem(mention_type if origin == "corpus" else f"{mention_type}   · {origin}")
            item.setData(Qt.ItemDataRole.UserRole, mention_type)
            item.setData(_SECTION, origin)
            item.setToolTip("A type of the open corpus" if origin == "corpus" else "From the TAC KBP 2016 type list")
            self.list.addItem(item)
        self.realis = QComboBox()
        self.realis.setObjectName("realisCombo")
        self.realis.addItems(REALIS_VALUES)
        self.realis.setCurrentText(realis)
        form = QFormLayout()
        form.addRow("Type:", self.filter)
        if with_realis:
            form.addRow("Realis:", self.realis)
        self.realis.setVisible(with_realis)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept_if_valid)
        buttons.rejected.connect(self.reject)
        self.hint = QLabel()
        self.hint.setStyleSheet("color: #B3261E;")
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.hint)
        layout.addWidget(buttons)
        self.filter.textEdited.connect(self._refilter)
        self.filter.installEventFilter(self)
        self.list.itemDoubleClicked.connect(lambda _: self._accept_if_valid())
        self.resize(380, 420)
        self._refilter(current, select_exact=True)
        self.filter.selectAll()  # typing replaces the current type
        self.filter.setFocus()

    def _refilter(self, text: str, *, select_exact: bool = False) -> None:
        needle = canonical(text)
        first = None
        exact = None
        for row in range(self.list.count()):
            item = self.list.item(row)
            value = item.data(Qt.ItemDataRole.UserRole)
            shown = not needle or needle in canonical(value) or select_exact
            item.setHidden(not shown)
            if shown and first is None:
                first = item
            if canonical(value) == needle:
                exact = item
        target = exact or (None if select_exact else first)
        self.list.setCurrentRow(self.list.row(target) if target is not None else -1)  # -1: none highlighted

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.filter and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up)):
            self._step(1 if event.key() == Qt.Key.Key_Down else -1)
            return True
        return super().eventFilter(watched, event)

    def _step(self, step: int) -> None:
        rows = [r for r in range(self.list.count()) if not self.list.item(r).isHidden()]
        if not rows:
            return
        current = self.list.currentRow()
        position = rows.index(current) + step if current in rows else 0
        self.list.setCurrentRow(rows[min(max(position, 0), len(rows) - 1)])

    def chosen_type(self) -> str:
        """The highlighted type, else the typed text."""
        item = self.list.currentItem()
        if item is not None and not item.isHidden():
            return str(item.data(Qt.ItemDataRole.UserRole))
        return self.filter.text().strip()

    def chosen_realis(self) -> str:
        return self.realis.currentText()

    def _accept_if_valid(self) -> None:
        value = self.chosen_type()
        if not value or any(c.isspace() for c in value):
            self.hint.setText("A type is one word, e.g. Conflict_Attack.")
            return
        self.accept()
