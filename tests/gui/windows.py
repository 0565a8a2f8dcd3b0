"""The window every GUI test starts from: real, shown and exposed, with settings of its own (never the
user's), no persisted state and no default charts."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from evmeval_gui.main_window import MainWindow


def shown_window(qtbot, tmp_path: Path, size: tuple[int, int] = (1366, 768), *,  # type: ignore[no-untyped-def]
                 charts: bool = False) -> MainWindow:
    """A `MainWindow` of `size`, shown and exposed, closed with the test (`qtbot.addWidget`); `charts`: with
    the default charts dock."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, persist=False, use_default_charts=charts)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window
