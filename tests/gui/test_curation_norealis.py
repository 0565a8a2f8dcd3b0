"""A curation of files without realis (issue 34): TextEE's candidate additions (`--candidates`) read every realis
as NOT_ANNOTATED. The versions said `stormed [D1-0:t5] Attack/NOT_ANNOTATED` under "type/realis", the figures
"F1 type+realis", and a Realis… chooser offered realis values the files never had. They say "type" there."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from evmeval_gui.model.formatting import percent
from tests.core.test_candidate_curation import run
from tests.gui.test_candidate_curation import _curating_candidates
from tests.gui.test_curation_view import cells, corpus, window  # noqa: F401 (the tbf curation's fixtures)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def headers(table: QTableWidget) -> list[str]:
    return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]


def test_a_curation_without_realis_says_type_and_shows_no_realis(qtbot, make_window, tmp_path: Path) -> None:
    out = tmp_path / "candidates"
    assert run(tmp_path / "run", "--candidates", str(out)) == 0
    w, panel = _curating_candidates(qtbot, make_window, out)
    assert headers(panel.versions)[2] == "Version (text [span] type)"
    versions = [cells(panel.versions, r)[2] for r in range(panel.versions.rowCount())]
    assert "stormed [D1-0:t5] Attack" in versions  # the judge's version, without "/NOT_ANNOTATED"
    assert not any("/" in v or "NOT_ANNOTATED" in v for v in versions), versions
    qtbot.waitUntil(lambda: "measuring" not in panel.agreement_label.text(), timeout=20_000)
    assert headers(panel.agreement) == ["Annotator", "F1 span", "F1 type", "P type", "R type", "F1 this doc."]
    typed = w.curate.state.agreements[0].micro["mention_type"]  # the twin's figures (the same numbers)
    assert cells(panel.agreement, 0)[2:5] == [percent(typed.f1), percent(typed.precision), percent(typed.recall)]
    assert panel.realis.isHidden()  # no realis to choose for files that carry none



def test_a_tbf_curation_keeps_its_realis(window) -> None:  # noqa: F811
    panel = window.curate.panel
    assert headers(panel.versions)[2] == "Version (text [span] type/realis)"
    versions = [cells(panel.versions, r)[2] for r in range(panel.versions.rowCount())]
    assert any("/Actual" in v for v in versions), versions
    assert headers(panel.agreement)[2:5] == ["F1 type+realis", "P type+realis", "R type+realis"]
    assert not panel.realis.isHidden()


def test_short_document_ids_leave_the_document_header_whole(qtbot, make_window, tmp_path: Path) -> None:
    """The list's first column was as wide as its longest id: with `D1` the header read `cume` at 1024x640."""
    out = tmp_path / "candidates"
    assert run(tmp_path / "run", "--candidates", str(out)) == 0
    _w, panel = _curating_candidates(qtbot, make_window, out)
    header = panel.list.horizontalHeader()
    assert panel.list.model().headerData(0, Qt.Orientation.Horizontal) == "Document"
    assert header.sectionSize(0) >= header.sectionSizeHint(0)  # Qt's own measure of the header's words
