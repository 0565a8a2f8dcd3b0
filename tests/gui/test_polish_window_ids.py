"""TextEE windows and DyGIE++ sentences in the mapping table (issue 34): a mention's id is its window's id and
its number there (`ENG_NW_20030401.0476-3:E0`), which a 1024-pixel table elided to the same `EN…E0` on every
row; the window (or sentence) now has its own column and the id column the mention's id within it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from evmeval_gui.views.mapping_columns import G_ID, G_REALIS, G_TYPE, S_ID, S_REALIS, S_TYPE, UNIT
from tests.gui.test_tables_at_size import _drawn_text
from tests.gui.windows import shown_pair
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LONG = "ENG_NW_20030401.0476"


def _long_windows(folder: Path) -> tuple[Path, Path]:
    """The TextEE example with newswire-long document and window ids."""
    folder.mkdir()
    paths = []
    for side in ("gold", "pred"):
        text = (EXAMPLES / f"textee_{side}.jsonl").read_text(encoding="utf-8")
        path = folder / f"textee_{side}.jsonl"
        path.write_text(text.replace('"D1', f'"{LONG}_D1').replace('"D2', f'"{LONG}_D2'), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def test_textee_ids_show_their_window_in_its_own_column(qtbot, tmp_path) -> None:
    gold, pred = _long_windows(tmp_path / "long")
    window = shown_pair(qtbot, tmp_path, (1024, 640), gold, pred)
    window.session.select_document(f"{LONG}_D1")
    mapping = window.mapping
    proxy, table = mapping.proxy, mapping.table
    qtbot.waitUntil(lambda: proxy.rowCount() > 0)
    assert proxy.headerData(UNIT, Qt.Orientation.Horizontal) == "Window"
    assert not table.isColumnHidden(UNIT)
    assert table.horizontalHeader().visualIndex(UNIT) == 1  # after the reading order, before the gold id
    ids = [proxy.index(r, G_ID).data() or proxy.index(r, S_ID).data() for r in range(proxy.rowCount())]
    assert set(ids) <= {"E0", "E1", "E2"}
    units = {proxy.index(r, UNIT).data() for r in range(proxy.rowCount())}
    assert units == {f"{LONG}_D1-0"}
    for r in range(proxy.rowCount()):
        for column in (G_ID, S_ID):
            index = proxy.index(r, column)
            if index.data():
                assert _drawn_text(table, index) == index.data()  # whole, never "EN…E0"
    tip = proxy.index(0, G_ID).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith(f"{LONG}_D1-0:E0 · ")  # the whole id on hover
    table.selectRow(0)
    copied = mapping.selection_tsv().splitlines()
    assert copied[0].split("\t")[1:4] == ["#", "Window", "Gold id"]
    assert f"{LONG}_D1-0" in copied[1].split("\t")


def test_dygiepp_calls_it_a_sentence_and_tbf_has_no_such_column(qtbot, tmp_path) -> None:
    window = shown_pair(qtbot, tmp_path, (1366, 768), EXAMPLES / "dygiepp_gold.jsonl", EXAMPLES / "dygiepp_pred.jsonl")
    window.session.select_document("D1")
    proxy = window.mapping.proxy
    qtbot.waitUntil(lambda: proxy.rowCount() > 0)
    assert proxy.headerData(UNIT, Qt.Orientation.Horizontal) == "Sentence"
    assert {proxy.index(r, UNIT).data() for r in range(proxy.rowCount())} == {"0", "1"}
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "corpus")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    window.session.select_document("doc1")
    qtbot.waitUntil(lambda: proxy.rowCount() > 0)
    assert window.mapping.table.isColumnHidden(UNIT)
    assert proxy.index(0, G_ID).data() == "E1"


def test_realis_columns_leave_when_the_format_has_no_realis(qtbot, tmp_path) -> None:
    """TextEE has no realis: every mention's reads `NOT_ANNOTATED`, which a wide table showed as `N…D` in two
    columns taken from the types. They are hidden there and come back for a tbf corpus, which has realis."""
    window = shown_pair(qtbot, tmp_path, (1600, 1000), EXAMPLES / "textee_gold.jsonl", EXAMPLES / "textee_pred.jsonl")
    window.session.select_document("D1")
    proxy, table = window.mapping.proxy, window.mapping.table
    qtbot.waitUntil(lambda: proxy.rowCount() > 0)
    assert table.isColumnHidden(G_REALIS) and table.isColumnHidden(S_REALIS)
    assert not table.isColumnHidden(G_TYPE) and not table.isColumnHidden(S_TYPE)
    type_width = table.columnWidth(G_TYPE)
    from tests.gui.corpus_factory import write_corpus

    corpus = write_corpus(tmp_path / "corpus")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=20_000):
        window.open_files(str(corpus / "gold.tbf"), [str(corpus / "system.tbf")])
    window.session.select_document("doc1")
    qtbot.waitUntil(lambda: proxy.rowCount() > 0)
    assert not table.isColumnHidden(G_REALIS) and not table.isColumnHidden(S_REALIS)
    assert {proxy.index(r, G_REALIS).data() for r in range(proxy.rowCount())} - {""}  # a realis to read
    assert table.columnWidth(G_TYPE) < type_width  # the types gave the realis its room back
