"""Help: the keyboard shortcuts, About and the load's warnings. A part of the main window, given its
parent widget, the actions whose shortcuts it lists and the warnings it shows."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QMessageBox,
    QWidget,
)

from evmeval_gui.dialogs import ShortcutsDialog, WarningsDialog
from evmeval_gui.window.welcome import APP_NAME


class WindowHelp:
    """Help › Keyboard shortcuts and About, and the status bar's warnings button, of one window."""

    def __init__(self, parent: QWidget, *, actions: Callable[[], list[QAction]],
                 warnings: Callable[[], list[str]]) -> None:
        self.parent = parent
        self.actions = actions
        self.warnings = warnings

    def shortcut_map(self) -> list[tuple[str, str]]:
        """Every keyboard shortcut with what it does (the Help dialog and the guide)."""
        native = QKeySequence.SequenceFormat.NativeText
        actions = self.actions()
        keys = [(a.shortcut().toString(native), a.text().replace("&", ""))
                for a in actions if not a.shortcut().isEmpty()]
        copy = QKeySequence(QKeySequence.StandardKey.Copy).toString(native)
        return [*keys, (copy, "Copy the selected table rows (tab-separated, with the header)"),
                ("Tab / Ctrl+Tab", "Leave a table for the next part of the window (Shift: the previous)")]

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self.shortcut_map(), self.parent).open()

    def show_about(self) -> None:
        QMessageBox.about(self.parent, f"About {APP_NAME}",
                          f"<b>{APP_NAME}</b><br>Interactive error analysis of event mention detection, on an "
                          "exact EvmEval v1.8 scoring core.")

    def show_warnings(self) -> None:
        WarningsDialog(self.warnings(), self.parent).open()
