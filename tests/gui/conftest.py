"""GUI tests: the same PySide6 guard the program installs before it creates its QApplication."""

from __future__ import annotations

from evmeval_gui._compat import protect_singletons

protect_singletons()
