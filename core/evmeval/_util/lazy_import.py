"""A module imported on first use: what a program's start does not need should not cost it time.

`evmeval-gui` imports modules whose data classes it needs at once but whose numeric work (numpy,
about 0.2 s to import) runs only later, in the background: `lazy_module("numpy")` stands for the
module and imports it at its first attribute access; `lazy_function` stands for one of its functions (the
conventions' registry names every scorer's, a run imports those it runs).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
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


def lazy_function(module: str, name: str) -> Callable[..., Any]:
    """A stand-in for function `name` of module `module`, imported at the first call."""
    stand_in = lazy_module(module)

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(stand_in, name)(*args, **kwargs)

    call.__qualname__ = call.__name__ = name
    return call
