"""GUI tests: the same PySide6 guard the program installs before it creates its QApplication."""

from __future__ import annotations

