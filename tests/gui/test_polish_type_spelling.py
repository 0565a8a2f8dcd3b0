"""The mapping table's types as each side writes them (issue 34): both sides showed the gold's spelling, so a
verdict that turns on the spelling (a convention comparing types as written) had no visible reason; the
compared form is in the tooltip."""

from __future__ import annotations

from PySide6.QtCore import Qt

from evmeval_gui.views.mapping_columns import G_ID, G_TYPE, S_TYPE
from tests.gui.corpus_factory import write_corpus


def test_each_side_shows_its_own_spelling(qtbot, make_window, tmp_path) -> None:
    corpus = write_corpus(tmp_path / "corpus")
    system = corpus / "system.tbf"
    system.write_text(system.read_text().replace("attacked\tConflict_Attack", "attacked\tconflict.attack"))
    window = make_window(persist=False)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(system)])
    window.session.select_document("doc1")
    proxy = window.mapping.proxy
    qtbot.waitUntil(lambda: proxy.rowCount() > 0)
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, G_ID).data() == "E1")
    assert proxy.index(row, G_TYPE).data() == "Conflict_Attack"
    assert proxy.index(row, S_TYPE).data() == "conflict.attack"
    assert proxy.index(row, S_TYPE).data(Qt.ItemDataRole.ToolTipRole).startswith(
        "conflict.attack (compared as “conflictattack”)")
