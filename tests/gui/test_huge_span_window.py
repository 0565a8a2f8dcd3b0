"""The main window on a character-mode file with a span `0,2000000000` and no text file (issue "Trust,
round 3", item 3): the document shows, the absurd mention is listed as not placed, clicking works."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from evmeval_gui.main_window import MainWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

GOLD = "#BeginOfDocument d1\ng\td1\tE1\t0,4\tbomb\tConflict_Attack\tActual\n#EndOfDocument\n"
SYSTEM = ("#BeginOfDocument d1\ns\td1\tS1\t0,2000000000\tbomb\tConflict_Attack\tActual\n"
          "s\td1\tS2\t0,4\tbomb\tConflict_Attack\tActual\n#EndOfDocument\n")


def test_the_document_shows_with_the_absurd_mention_unplaced(qtbot, tmp_path: Path) -> None:
    (tmp_path / "gold.tbf").write_text(GOLD, encoding="utf-8")
    (tmp_path / "system.tbf").write_text(SYSTEM, encoding="utf-8")
    window = MainWindow(settings=QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat),
                        use_default_charts=False)
    qtbot.addWidget(window)
    window.resize(1200, 700)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(tmp_path / "gold.tbf"), [str(tmp_path / "system.tbf")])
    table = window.documents.table
    rect = table.visualRect(table.model().index(0, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.text_view.doc is not None and window.text_view.doc.doc_id == "d1")
    doc = window.text_view.doc
    assert doc.source == "mention texts" and doc.system_units == ((), (0,)) and doc.unplaced == 1
    assert "1 mention(s) could not be placed" in window.document_pane.notice.text()
    rows = window.mapping.visible_rows()
    assert {(r.system.mention_id if r.system else None) for r in rows} == {"S1", "S2"}
