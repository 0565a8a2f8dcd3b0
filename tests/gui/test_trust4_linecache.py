"""Issue 34: PySide6 reads the source of each module imported after it (to see whether it uses `from __feature__
import`) as decoded lines, which `linecache` keeps for the process's life: 14 MB in the window at a large corpus
once its jobs are done. The window's application makes the check read bytes, and drops the lines read before."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

from evmeval_gui.app import _application


def test_a_module_imported_after_the_application_leaves_no_lines_behind(qtbot, tmp_path: Path, monkeypatch) -> None:
    module = tmp_path / "issue34_plain_module.py"
    module.write_text("from PySide6.QtCore import QObject\n\nVALUE = 34\n" + "# a line\n" * 200, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    _application(offscreen=True)
    assert str(module) not in linecache.cache
    try:
        assert __import__("issue34_plain_module").VALUE == 34
        assert str(module) not in linecache.cache  # (as the import statement imports it: PySide6's hook)
        assert sum(len(entry[2]) for entry in linecache.cache.values() if len(entry) > 2) < 2000
    finally:
        sys.modules.pop("issue34_plain_module", None)
