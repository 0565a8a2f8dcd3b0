"""File > Open recent and the welcome page's list: stored in QSettings, absolute paths, gone files said.

The list logic is `evmeval_gui.model.recent` (no Qt); this class stores it and asks the user what to
do with an entry whose files are gone.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from evmeval_gui.model import recent
from evmeval_gui.model.corpus import OpenRequest
from evmeval_gui.window.stored_settings import StoredSettings

MISSING_DIALOG_NAME = "recentMissingDialog"


class RecentCorpora(QObject):
    """The recent corpora of one settings store. `changed` fires when the list changes."""

    changed = Signal()

    def __init__(self, stored: StoredSettings, entries: recent.RecentEntries, *, persist: bool = True,
                 parent: QWidget | None = None) -> None:
        """`parent`: the window, over which a box about missing files opens."""
        super().__init__(parent)
        self.dialogs = parent
        self.entries = entries
        """The kinds of entry the list holds (corpora, and what features registered)."""
        self.stored = stored
        self.settings = stored.settings
        self.persist = persist
        self.missing_box: QMessageBox | None = None

    def requests(self) -> list[recent.Recent]:
        """Corpora and agreement sets, newest first."""
        read = self.entries.recent_from_json
        return self.stored.json("recent", read, "a JSON list of corpora and agreement sets") or []

    def corpora(self) -> list[OpenRequest]:
        """Only the corpora (for the Open dialog's Recent box)."""
        return [r for r in self.requests() if isinstance(r, OpenRequest)]

    def _store(self, requests: list[recent.Recent]) -> None:
        self.settings.setValue("recent", recent.format_recent(requests))
        self.changed.emit()

    def remember(self, request: recent.Recent) -> None:
        """Put `request` (with absolute paths) first; nothing is written when the window does not persist."""
        if self.persist:
            self._store(self.entries.remember(self.requests(), request))

    def forget(self, request: recent.Recent) -> None:
        self._store(recent.forget(self.requests(), request))

    def fill_menu(self, menu: QMenu, on_open: Callable[[recent.Recent], None]) -> None:
        """One action per entry (an entry whose files are gone says so); the menu is disabled when empty."""
        menu.clear()
        requests = self.requests()
        for request in requests:
            gone = self.entries.missing_files(request)
            action = menu.addAction(self.entries.entry_name(request) + ("  (files missing)" if gone else ""))
            action.setToolTip("\n".join(self.entries.entry_paths(request)))
            action.triggered.connect(lambda _=False, r=request: self.open(r, on_open))
        menu.setEnabled(bool(requests))
        menu.setToolTipsVisible(True)

    def open(self, request: recent.Recent, on_open: Callable[[recent.Recent], None],
             parent: QWidget | None = None) -> QMessageBox | None:
        """Open an entry; when its files are gone, say which and offer to remove it (the box is returned)."""
        gone = self.entries.missing_files(request)
        if not gone:
            on_open(request)
            return None
        box = QMessageBox(QMessageBox.Icon.Warning, "Files are gone", "", QMessageBox.StandardButton.NoButton,
                          parent if parent is not None else self.dialogs)
        box.setObjectName(MISSING_DIALOG_NAME)
        box.setText(f"<b>{html.escape(self.entries.entry_name(request))}</b> cannot be opened: "
                    f"{'this file or folder is' if len(gone) == 1 else 'these files or folders are'} gone.")
        box.setInformativeText("<br>".join(html.escape(p) for p in gone)
                               + "<br><br>Remove the entry from the recent corpora?")
        remove = box.addButton("Remove from the list", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Keep", QMessageBox.ButtonRole.RejectRole)
        remove.setObjectName("removeRecentButton")
        remove.clicked.connect(lambda: self.forget(request))
        box.open()
        self.missing_box = box
        return box

