"""TextEE's Window column when a document is its own window (issue 34): converted corpora name the window by
its document (`"wnd_id": "XIN_ENG_20120720.0000"`), and every row's Window cell repeated the document's id,
which the document list, the text's title and the id's tooltip already show. Such a document has no Window
column; a document of several windows keeps it, each row's window named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.views.mapping_columns import G_ID, S_ID, UNIT
from tests.gui.windows import shown_pair
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _windows(folder: Path) -> tuple[Path, Path]:
    """The TextEE example with D1 its own window (`wnd_id` D1) and D2 in two windows (D2-0 and D2-1)."""
    folder.mkdir()
    paths = []
    for side in ("gold", "pred"):
        lines = []
        for line in (EXAMPLES / f"textee_{side}.jsonl").read_text(encoding="utf-8").splitlines():
            window = json.loads(line)
            if window["doc_id"] == "D1":
                window["wnd_id"] = "D1"
                lines.append(window)
            else:
                lines += [window, {**window, "wnd_id": "D2-1"}]
        path = folder / f"textee_{side}.jsonl"
        path.write_text("".join(json.dumps(w) + "\n" for w in lines), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def test_a_document_that_is_its_own_window_has_no_window_column(qtbot, tmp_path) -> None:
    gold, pred = _windows(tmp_path / "windows")
    window = shown_pair(qtbot, tmp_path, (1024, 640), gold, pred)
    proxy, table = window.mapping.proxy, window.mapping.table
    window.session.select_document("D1")
    qtbot.waitUntil(lambda: proxy.rowCount() > 0 and proxy.index(0, G_ID).data() == "E0")
    assert table.isColumnHidden(UNIT)  # no column of "D1" on every row
    ids = {proxy.index(r, c).data() for r in range(proxy.rowCount()) for c in (G_ID, S_ID)} - {""}
    assert ids and all(i.startswith("E") for i in ids)
    assert proxy.index(0, G_ID).data(Qt.ItemDataRole.ToolTipRole).startswith("D1:E0 · ")  # the whole id on hover
    window.session.select_document("D2")
    qtbot.waitUntil(lambda: not table.isColumnHidden(UNIT))
    assert proxy.headerData(UNIT, Qt.Orientation.Horizontal) == "Window"
    assert {proxy.index(r, UNIT).data() for r in range(proxy.rowCount())} == {"D2-0", "D2-1"}
    window.session.select_document("D1")
    qtbot.waitUntil(lambda: table.isColumnHidden(UNIT))
