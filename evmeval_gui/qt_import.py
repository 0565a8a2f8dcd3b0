"""Importing pyqtgraph for less: its copies of the Qt modules filled on demand, not all at once.

pyqtgraph keeps its own `QtCore`, `QtGui` and `QtWidgets` modules (empty files) into which its
`pyqtgraph.Qt` copies every name of PySide6's. PySide6 creates its ~1,500 classes lazily, on first
use; that copy touches each one, 0.1-0.15 s of CPU, and PySide6 reads the source text of each of
pyqtgraph's ~150 modules as they load (to see whether they use `from __feature__ import`), another
0.05 s: a tenth of the report export's charts. `load_pyqtgraph()` imports pyqtgraph after making the
three modules itself, each with a module `__getattr__` that fetches a PySide6 name when first read
(and keeps it), and while pyqtgraph loads, `dir()` of the PySide6 modules lists only the classes
already made (so the copy copies those); PySide6's source check reads bytes instead of decoded
lines from then on (`read_sources_as_bytes`, which the window's application sets up first). Every name then
reads as before (the same objects); only when a PySide6 class gets made changes. Anything unexpected
(another binding chosen, non-empty modules in a future pyqtgraph, pyqtgraph already imported) gives the plain
import.

The import may run on a worker thread (the window warms it once the first document is painted, the Compare
and Agreement modes' comparing jobs before their pages): it makes no QObject and calls no Qt GUI function,
only defines classes and value objects (colours, paths). One lock makes a second caller (a click on a chart
meanwhile) wait for the import under way instead of starting its own.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

MIRRORS = ("QtCore", "QtGui", "QtWidgets")
"""pyqtgraph's copies of the PySide6 modules (`pyqtgraph.Qt.<name>`)."""


_LOADING = threading.Lock()
"""Held while pyqtgraph is imported: the mirrors and PySide6's patched hooks are set up by one thread only."""
_loaded: list[ModuleType] = []


def pyqtgraph_loaded() -> bool:
    """Whether `load_pyqtgraph` has imported it (a call then costs nothing)."""
    return bool(_loaded)


def load_pyqtgraph() -> ModuleType:
    """pyqtgraph, imported (once, from any thread) with its Qt modules filled on demand where that is safe."""
    if not _loaded:
        with _LOADING:  # another thread importing it: wait for its import, do not make a second
            if "pyqtgraph" not in sys.modules:
                folder = _mirror_folder()
                if folder is not None:
                    read_sources_as_bytes()  # (the window's application did it already; a script may not)
                    with _lazy_mirrors(folder):
                        import pyqtgraph
            import pyqtgraph

            _loaded.append(pyqtgraph)
    return _loaded[0]


def _mirror_folder() -> str | None:
    """pyqtgraph's `Qt` folder when the on-demand mirrors give exactly its modules, else None."""
    if os.environ.get("PYQTGRAPH_QT_LIB", "PySide6") != "PySide6":
        return None
    if any(name in sys.modules for name in ("PyQt6", "PyQt5", "PySide2")):
        return None  # pyqtgraph would choose (or may meet) another binding
    spec = importlib.util.find_spec("pyqtgraph")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = os.path.join(next(iter(spec.submodule_search_locations)), "Qt")
    for name in MIRRORS:
        path = os.path.join(folder, name, "__init__.py")
        if not os.path.isfile(path) or os.path.getsize(path) != 0:
            return None  # not the empty module pyqtgraph 0.13-0.14 copies names into
    return folder


@contextmanager
def _lazy_mirrors(folder: str) -> Iterator[None]:
    import PySide6.QtCore
    import PySide6.QtGui
    import PySide6.QtWidgets

    sources = {"QtCore": PySide6.QtCore, "QtGui": PySide6.QtGui, "QtWidgets": PySide6.QtWidgets}
    listings: dict[str, Any] = {}
    for name, source in sources.items():
        full = f"pyqtgraph.Qt.{name}"
        path = os.path.join(folder, name)
        spec = importlib.util.spec_from_file_location(full, os.path.join(path, "__init__.py"),
                                                      submodule_search_locations=[path])
        assert spec is not None and spec.loader is not None
        mirror = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mirror)
        mirror.__getattr__ = _fetcher(source, mirror)  # type: ignore[method-assign]
        mirror.__dir__ = _all_names(source, mirror)  # type: ignore[method-assign]
        sys.modules[full] = mirror
        listings[name] = source.__dict__.get("__dir__")
        source.__dir__ = _made_names(source)  # type: ignore[method-assign]
    try:
        yield
    finally:
        for name, source in sources.items():
            if listings[name] is None:
                del source.__dir__
            else:
                source.__dir__ = listings[name]  # type: ignore[method-assign]
        if "pyqtgraph.Qt" not in sys.modules:  # the import failed: leave no half-made package behind
            for name in MIRRORS:
                sys.modules.pop(f"pyqtgraph.Qt.{name}", None)


def _fetcher(source: ModuleType, mirror: ModuleType) -> Callable[[str], Any]:
    def fetch(name: str) -> Any:
        value = getattr(source, name)  # AttributeError for a name PySide6 lacks, as before
        setattr(mirror, name, value)
        return value

    return fetch


def _all_names(source: ModuleType, mirror: ModuleType) -> Callable[[], list[str]]:
    """What `dir()` of a copied mirror lists: its own names and every PySide6 one."""
    return lambda: sorted(set(mirror.__dict__) | set(dir(source)))


def _made_names(source: ModuleType) -> Callable[[], list[str]]:
    return lambda: list(source.__dict__)


def read_sources_as_bytes() -> None:
    """PySide6's source check on the bytes for every module imported from now on (once per process), and the
    source lines it has read so far dropped: PySide6 reads each module imported after it as decoded lines, which
    `linecache` keeps for the process's life (14 MB in the window by the time its jobs after a load are done: every
    module of the library, numpy's and pyqtgraph's; issue 34). The same answer; a traceback reads a file again."""
    import linecache

    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or check is None or getattr(check, "on_bytes", False):
        return
    feature._mod_uses_pyside = _on_bytes(check)  # type: ignore[attr-defined]
    linecache.clearcache()


def _on_bytes(check: Callable[[ModuleType], Any]) -> Callable[[ModuleType], Any]:
    """`check` (PySide6's "does this module use PySide6") on a Python file's bytes, not its decoded lines."""
    def uses_pyside(module: ModuleType) -> Any:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py") and os.path.isfile(path):
            with open(path, "rb") as handle:
                return b"PySide6" in handle.read()
        return check(module)

    uses_pyside.on_bytes = True  # type: ignore[attr-defined]
    return uses_pyside
