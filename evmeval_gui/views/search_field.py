"""A search box whose Esc clears what was typed (issue 34).

A search field with text uses Esc itself: it clears the text (and the filter or search it drives) and keeps the
focus. An empty one leaves Esc to the window, where it cancels the work in the status bar
(`evmeval_gui.window.status`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget


class SearchField(QLineEdit):
    """A line edit with a clear button and a placeholder, cleared by Esc while it holds text."""

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(placeholder)
        self.setClearButtonEnabled(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and event.modifiers() == Qt.KeyboardModifier.NoModifier and self.text():
            self.clear()
            event.accept()
            return
        super().keyPressEvent(event)
