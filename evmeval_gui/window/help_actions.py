"""Help: the keyboard shortcuts, the user guide, About and the load's warnings. A part of the main window, given
its parent widget, the actions whose shortcuts it lists and the warnings it shows."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import evmeval
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QMessageBox,
    QWidget,
)

from evmeval_gui.dialogs import ShortcutsDialog, WarningsDialog
from evmeval_gui.window.welcome import APP_NAME

DISTRIBUTION = "evmeval-studio"
GUIDE_PLACES = ("site/index.html", "docs/index.md", "README.md")
"""Where the user guide is looked for beside the package, in this order: the guide built with `mkdocs build`,
its source, the README (there is no public project site to link to)."""


def user_guide(root: Path | None = None) -> Path | None:
    """The local user guide of this installation (a clone or an editable install has it), or None."""
    base = root if root is not None else Path(__file__).resolve().parents[2]
    return next((base / place for place in GUIDE_PLACES if (base / place).is_file()), None)


def licence_name() -> str:
    """The licence the distribution declares (one source: pyproject.toml's `license`)."""
    from importlib import metadata  # 15 ms of imports (email, calendar, …): only when About is opened

    try:
        info = metadata.metadata(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "Apache-2.0"
    # get_all, not get: Python 3.10/3.11's `PackageMetadata` protocol names no `get` (the object has one)
    named = [value for field in ("License-Expression", "License") for value in info.get_all(field, [])]
    return next((str(value) for value in named if value), "Apache-2.0")


class WindowHelp:
    """Help › Keyboard shortcuts, User guide and About, and the status bar's warnings button, of one window."""

    def __init__(self, parent: QWidget, *, actions: Callable[[], list[QAction]],
                 warnings: Callable[[], list[str]]) -> None:
        self.parent = parent
        self.actions = actions
        self.warnings = warnings
        self.opener: Callable[[QUrl], bool] = QDesktopServices.openUrl
        """What opens the guide in the user's browser (a test gives its own)."""
        self.guide: Callable[[], Path | None] = user_guide

    def shortcut_map(self) -> list[tuple[str, str]]:
        """Every keyboard shortcut with what it does (the Help dialog and the guide)."""
        native = QKeySequence.SequenceFormat.NativeText
        actions = self.actions()
        keys = [(a.shortcut().toString(native), a.text().replace("&", ""))
                for a in actions if not a.shortcut().isEmpty()]
        copy = QKeySequence(QKeySequence.StandardKey.Copy).toString(native)
        return [*keys, (copy, "Copy the selected table rows (tab-separated, with the header)"),
                ("Tab / Ctrl+Tab", "Leave a table for the next part of the window (Shift: the previous)"),
                ("Esc", "Cancel what the status bar shows running (as its Cancel); a search field clears its text "
                        "first")]

    def show_shortcuts(self) -> None:
        ShortcutsDialog(self.shortcut_map(), self.parent).open()

    def open_user_guide(self) -> None:
        """Help › User guide: the local guide in the browser, or where to find it when this installation has none."""
        guide = self.guide()
        if guide is not None and self.opener(QUrl.fromLocalFile(str(guide))):
            return
        box = QMessageBox(QMessageBox.Icon.Information, "User guide",
                          "No user guide is installed beside the program: it comes with the source, in its docs/ "
                          "folder (README.md starts it; mkdocs build makes it a web site).", parent=self.parent)
        box.setObjectName("noUserGuideMessage")
        box.open()

    def about_text(self) -> str:
        """About's text: what it is, its version, its licence and the local user guide."""
        guide = self.guide()
        link = (f"<a href='{QUrl.fromLocalFile(str(guide)).toString()}'>{html.escape(str(guide))}</a>"
                if guide is not None else "in the source's docs/ folder")
        return (f"<b>{APP_NAME}</b> {html.escape(evmeval.__version__)}<br>Interactive error analysis of event mention "
                f"detection, on an exact EvmEval v1.8 scoring core.<br><br>Licence: {html.escape(licence_name())}"
                f"<br>User guide: {link} (Help › User guide)")

    def show_about(self) -> None:
        box = QMessageBox(QMessageBox.Icon.NoIcon, f"About {APP_NAME}", self.about_text(), parent=self.parent)
        box.setObjectName("aboutMessage")
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        box.open()

    def show_warnings(self) -> None:
        WarningsDialog(self.warnings(), self.parent).open()
