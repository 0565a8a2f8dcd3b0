"""The questions editing asks (unsaved edits, writing over the loaded file, relation changes, where to
save). One class, so tests can answer them without a modal loop: `EditController.prompts` is replaceable."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

UNSAVED_SAVE, UNSAVED_DISCARD, UNSAVED_CANCEL = "save", "discard", "cancel"


class Prompts:
    """Message boxes and file choosers parented to the window."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def unsaved(self, what: str) -> str:
        """Save / Discard / Cancel for unsaved edits before `what` (closing, opening ...)."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Unsaved edits",
                          f"The annotation has unsaved edits. Save them before {what}?",
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self.parent)
        box.setObjectName("unsavedEditsBox")
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return UNSAVED_SAVE
        return UNSAVED_DISCARD if answer == QMessageBox.StandardButton.Discard else UNSAVED_CANCEL

    def confirm(self, title: str, text: str, details: Sequence[str] = (), *, accept: str = "Save") -> bool:
        """A yes/no question (with details listed, e.g. the relation lines an edit changed)."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Cancel, self.parent)
        box.setObjectName("editConfirmBox")
        yes = box.addButton(accept, QMessageBox.ButtonRole.AcceptRole)
        if details:
            box.setDetailedText("\n".join(details))
            box.setInformativeText("\n".join(details[:6]) + ("\n…" if len(details) > 6 else ""))
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is yes

    def save_path(self, title: str, start: str, file_filter: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(self.parent, title, start, file_filter)
        return path or None

    def folder(self, title: str, start: str) -> str | None:
        path = QFileDialog.getExistingDirectory(self.parent, title, start)
        return path or None
