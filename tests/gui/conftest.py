"""The windows GUI tests start from, defined once (they were copied into 17 modules).

`settings`: an ini file of the test's own (never the user's). `make_window(**kwargs)`: a real `MainWindow`
(keyword arguments as MainWindow's; `size`, default 1366x768; no default charts unless asked), shown,
exposed, active, closed with the test. `window`: that window, empty and not persisting its layout; a module
that needs it loaded overrides `window` with its own fixture built on `make_window`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from evmeval_gui.main_window import MainWindow
from tests.gui.windows import show


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def make_window(qtbot, settings: QSettings) -> Callable[..., MainWindow]:  # type: ignore[no-untyped-def]
    def make(*, size: tuple[int, int] = (1366, 768), **kwargs: Any) -> MainWindow:
        kwargs.setdefault("settings", settings)
        kwargs.setdefault("use_default_charts", False)
        kwargs.setdefault("warm_charts", False)  # the tests that want the background import say so
        window = show(qtbot, MainWindow(**kwargs), size)
        window.activateWindow()
        return window
    return make


@pytest.fixture
def window(make_window: Callable[..., MainWindow]) -> MainWindow:
    return make_window(persist=False)
