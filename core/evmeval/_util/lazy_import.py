"""A module imported on first use: what a program's start does not need should not cost it time.

`evmeval-gui` imports modules whose data classes it needs at once but whose numeric work (numpy,
about 0.2 s to import) runs only later, in the background: `lazy_module("numpy")` stands for the
module and imports it at its first attribute access.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class _LazyModule:
    """Stands for a module until its first attribute is read, then forwards to it."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attribute: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attribute)


def lazy_module(name: str) -> Any:
    """A stand-in for module `name`, imported at the first attribute access."""
    return _LazyModule(name)
