"""Help and one-off commands: shortcuts, About, New document, Curate, warnings, the modified mark
(split from `main_window` to keep modules short; `MainWindow` inherits these)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
)

from evmeval_gui.dialogs import ShortcutsDialog, WarningsDialog
from evmeval_gui.editing.new_document import NewDocumentDialog
from evmeval_gui.window.welcome import APP_NAME


class WindowHelp:
    """Methods of `MainWindow` (a mixin: they use the window's parts)."""

    def shortcut_map(self) -> list[tuple[str, str]]:
        """Every keyboard shortcut with what it does (the Help dialog and the guide)."""
        native = QKeySequence.SequenceFormat.NativeText
        actions = [self.open_action, self.compare_action, self.matrix_action, self.compare_systems_action,
                   self.reload_action, self.find_action,
                   self.next_error_action, self.prev_error_action, self.next_doc_action, self.prev_doc_action,
                   self.charts_action, self.type_labels_action,
                   *self.combination_actions.values(), self.zoom_in_action, self.zoom_out_action,
                   self.zoom_reset_action, self.shortcuts_action, self.quit_action, self.new_document_action,
                   self.curate_action,
                   *self.editing.shortcut_actions()]
        actions.append(self.alignment_parts.action)
        keys = [(a.shortcut().toString(native), a.text().replace("&", ""))
                for a in actions if not a.shortcut().isEmpty()]
        copy = QKeySequence(QKeySequence.StandardKey.Copy).toString(native)
        return [*keys, (copy, "Copy the selected table rows (tab-separated, with the header)"),
                ("Tab / Ctrl+Tab", "Leave a table for the next part of the window (Shift: the previous)")]

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self.shortcut_map(), self).open()

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><br>Interactive error analysis of event mention detection, on an "
                          "exact EvmEval v1.8 scoring core.")

    def show_new_document_dialog(self) -> NewDocumentDialog:
        """File › New document, non-blocking; accepting it shows the document to mark up."""
        dialog = NewDocumentDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.accepted.connect(lambda: self.editing.new_document(dialog.text.toPlainText(),
                                                                  dialog.doc_id.text().strip() or "scratch"))
        self.new_document_dialog = dialog
        dialog.open()
        return dialog

    def start_curation(self) -> None:
        """File › Curate annotators: the annotators of the Agreement mode (compared first if none are)."""
        loaded = self.agreement.loaded if self.agreement.active else None
        if loaded is None and self.curate.state is not None:  # back from scoring against the curated set
            self.curate.resume()
            self.setWindowTitle(f"{self.curate.title()}[*] — {APP_NAME}")
            return
        if loaded is None:
            def once() -> None:
                self.agreement.agreement_finished.disconnect(once)
                self.start_curation()
            self.agreement.agreement_finished.connect(once)
            self.show_compare_dialog()
            return
        self.agreement.leave()
        self.curate.start(loaded)
        self.setWindowTitle(f"{self.curate.title()}[*] — {APP_NAME}")

    def _choose_folder(self, title: str) -> str | None:
        return QFileDialog.getExistingDirectory(self, title) or None

    def _on_modified(self, modified: bool) -> None:
        """Unsaved edits: "*" in the title; the system cannot be switched until they are saved or reverted."""
        self.setWindowModified(modified)
        if self.session.loaded:
            self.setWindowTitle(f"{self.mode.title()}[*] — {APP_NAME}")  # a save may have renamed the files
        self.system_combo.setEnabled(not modified)
        self.system_combo.setToolTip("Save or revert the edits to switch systems" if modified
                                     else "Which system file to compare with the gold file")

    def show_warnings(self) -> None:
        WarningsDialog(self._warnings, self).open()
