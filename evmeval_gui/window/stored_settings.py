"""The window's one reader of the settings values it parses: the session, Open recent, the layout.

A damaged value (see `evmeval_gui.model.stored`) is removed from the settings and said once, on
stderr and in the status bar, and the window opens with the default instead (issue 31, item 7).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

from evmeval_gui.model.stored import damaged_note, parse_stored
from evmeval_gui.window.welcome import APP_NAME

T = TypeVar("T")

NOTE_MS = 15000
"""How long the status bar shows a note about a dropped value."""


class StoredSettings:
    """Reads parsed values of one settings store; `notes` keeps what was dropped (each said once)."""

    def __init__(self, settings: QSettings, status: Callable[[str], None] | None = None) -> None:
        """`status`: where a note goes besides stderr (the window's status bar)."""
        self.settings = settings
        self.status = status
        self.notes: list[str] = []

    def json(self, key: str, shape: Callable[[object], T | None], expected: str) -> T | None:
        """The value stored under `key` as JSON, shaped by `shape`; None when absent or damaged."""
        value, problem = parse_stored(self.settings.value(key), shape)
        if problem is not None:
            self.drop(key, problem, expected)
        return value

    def layout(self, key: str, restore: Callable[[QByteArray], bool], expected: str) -> None:
        """Give a saved layout (window state, splitter) to `restore`; one Qt refuses is dropped."""
        value = self.settings.value(key)
        if value is None:
            return
        if not isinstance(value, QByteArray | bytes):
            self.drop(key, f"not bytes but {type(value).__name__}", expected)
        elif not restore(QByteArray(value)):
            self.drop(key, "not a layout Qt can restore", expected)

    def drop(self, key: str, problem: str, expected: str) -> None:
        """Remove the damaged value and say so (stderr once, and the status bar)."""
        self.settings.remove(key)
        note = damaged_note(self.settings.fileName(), key, problem, expected)
        self.notes.append(note)
        print(f"evmeval-gui: warning: {note}", file=sys.stderr)
        if self.status is not None:
            self.status(note)


def default_settings() -> QSettings:
    """Where recent corpora and the window's geometry are remembered."""
    return QSettings("EvmEval", APP_NAME)


def curation_folder(settings: QSettings) -> str:
    """Where curation decisions are saved: beside the settings file (the user's configuration folder,
    never an input's), or the application's data folder where the settings are not a file."""
    name = settings.fileName()
    if os.path.isabs(name):
        return os.path.join(os.path.dirname(name), "curation")
    return os.path.join(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation), "curation")
