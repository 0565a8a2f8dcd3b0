"""Issue 34: PySide6 reads the source of each module imported after it (to see whether it uses `from __feature__
import`) as decoded lines, which `linecache` keeps for the process's life: 14 MB in the window at a large corpus
once its jobs are done. The window's application makes the check read bytes, and drops the lines read before."""

from __future__ import annotations

import linecache
import subprocess
import sys
from pathlib import Path

from evmeval_gui.app import _application


def test_a_module_imported_after_the_application_leaves_no_lines_behind(qtbot, tmp_path: Path, monkeypatch) -> None:
    module = tmp_path / "issue34_plain_module.py"
    module.write_text("from PySide6.QtCore import QObject\n\nVALUE = 34\n" + "# a line\n" * 200, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    _application(offscreen=True)
    assert str(module) not in linecache.cache
    before = set(linecache.cache)
    try:
        assert __import__("issue34_plain_module").VALUE == 34  # as the import statement imports it: PySide6's hook
        assert str(module) not in linecache.cache
        assert set(linecache.cache) <= before  # nothing read by the import (other tests' tracebacks fill it too)
    finally:
        sys.modules.pop("issue34_plain_module", None)


def test_the_lines_read_before_the_application_are_dropped(tmp_path: Path) -> None:
    """In a process of its own (the suite's application is made once): the modules imported between PySide6 and the
    window's application left their lines in `linecache`; making the application drops them."""
    module = tmp_path / "issue34_early_module.py"
    module.write_text("from PySide6.QtCore import QObject\n\nVALUE = 34\n" + "# a line\n" * 3000, encoding="utf-8")
    script = (
        "import linecache, os, sys\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "import PySide6.QtWidgets\n"
        "import issue34_early_module\n"
        "lines = lambda: sum(len(e[2]) for e in linecache.cache.values() if len(e) > 2)\n"
        "read = lines()\n"
        "from evmeval_gui.app import _application\n"
        "_application(offscreen=True)\n"
        "print(read, lines())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    read, left = map(int, done.stdout.split())
    assert read >= 3000  # PySide6 read the module's lines (the check this protects against)
    assert left < 1000
