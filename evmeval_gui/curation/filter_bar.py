"""The bars above and below the Curate view's list: the filters ("k of n shown") and "accept annotator k for
every open item shown, or like this one" (one undoable step). They only choose; `CurationPanel` acts.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from evmeval_gui.curation.filter import FilterIndex, ItemFilter

ANY = "any"


class TypingCombo(QComboBox):
    """A combo box that keeps the keys typed into it (type-ahead: "doc12"): the view's 1..N accept keys
    must not decide an item while the user types a document's name."""

    def event(self, e: QEvent) -> bool:
        if e.type() == QEvent.Type.ShortcutOverride and isinstance(e, QKeyEvent) and e.text().isprintable() \
                and e.text() and not e.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            e.accept()
            return True
        return super().event(e)


def _combo(name: str, tip: str) -> QComboBox:
    combo = TypingCombo()
    combo.setObjectName(name)
    combo.setToolTip(tip)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(5)
    combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    return combo


def _refill(combo: QComboBox, values: Sequence[str]) -> None:
    """`any` and the values; the chosen value stays chosen when it is still there."""
    chosen = combo.currentData() or ""
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(ANY, "")
    for value in values:
        combo.addItem(value, value)
    at = combo.findData(chosen)
    combo.setCurrentIndex(max(at, 0))
    combo.blockSignals(False)


class FilterBar(QWidget):
    """Differs in / Type / Document, combined; `changed()` when one is chosen."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.differs = _combo("differsFilter", "Only the items that differ in this (span, type, realis, "
                                               "coreference, or marked by only some annotators)")
        self.mention_type = _combo("typeFilter", "Only the items where an annotator marked this type")
        self.document = _combo("documentFilter", "Only the items of this document")
        self.shown = QLabel()
        self.shown.setObjectName("shownCount")
        for combo in (self.differs, self.mention_type, self.document):
            combo.currentIndexChanged.connect(lambda _: self.changed.emit())
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel("Differs in:"), 0, 0)
        grid.addWidget(self.differs, 0, 1)
        grid.addWidget(QLabel("Type:"), 0, 2)
        grid.addWidget(self.mention_type, 0, 3)
        grid.addWidget(QLabel("Document:"), 1, 0)
        grid.addWidget(self.document, 1, 1)
        grid.addWidget(self.shown, 1, 2, 1, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

    def set_index(self, index: FilterIndex) -> None:
        _refill(self.differs, index.words)
        _refill(self.mention_type, index.types)
        _refill(self.document, index.doc_ids)

    def current(self) -> ItemFilter:
        return ItemFilter(self.differs.currentData() or "", self.document.currentData() or "",
                          self.mention_type.currentData() or "")

    def set_counts(self, shown: int, total: int) -> None:
        self.shown.setText(f"<b>{shown} of {total}</b> shown")


class BulkBar(QWidget):
    """"Accept [annotator]: all shown (N) | like this (M)": of the open items."""

    accept_shown = Signal(int)
    accept_alike = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.annotator = TypingCombo()
        self.annotator.setObjectName("bulkAnnotator")
        self.annotator.setToolTip("Whose version the buttons beside accept")
        self.annotator.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.annotator.setMinimumContentsLength(3)
        self.shown_button = QPushButton()
        self.shown_button.setObjectName("acceptShownButton")
        self.shown_button.setToolTip("Accept this annotator's version of every open item the list shows "
                                     "(one step: Ctrl+Z undoes it whole)")
        self.shown_button.clicked.connect(lambda: self.accept_shown.emit(self.annotator.currentIndex()))
        self.alike_button = QPushButton()
        self.alike_button.setObjectName("acceptAlikeButton")
        self.alike_button.setToolTip("Accept this annotator's version of every open item shown that differs in "
                                     "exactly what the current item differs in (one step: Ctrl+Z undoes it whole)")
        self.alike_button.clicked.connect(lambda: self.accept_alike.emit(self.annotator.currentIndex()))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Accept"))
        row.addWidget(self.annotator)
        row.addWidget(self.shown_button)
        row.addWidget(self.alike_button)
        row.addStretch(1)
        self.set_counts(0, 0, "")

    def set_names(self, names: Sequence[str]) -> None:
        chosen = self.annotator.currentIndex()
        self.annotator.clear()
        self.annotator.addItems([f"[{k + 1}] {name}" for k, name in enumerate(names)])
        self.annotator.setCurrentIndex(chosen if 0 <= chosen < len(names) else 0)

    def set_counts(self, shown: int, alike: int, kind: str) -> None:
        self.shown_button.setText(f"all shown ({shown})")
        self.shown_button.setEnabled(shown > 0)
        self.alike_button.setText(f"like this ({alike})")
        self.alike_button.setEnabled(alike > 0)
        self.alike_button.setStatusTip(f"items that differ in: {kind}" if kind else "")
