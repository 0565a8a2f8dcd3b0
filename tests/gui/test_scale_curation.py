"""A curation at today's sizes (issue 34): opening it reuses the agreement study's figures instead of
measuring every pair of annotators again, and runs off the GUI thread (the window answers meanwhile)."""

from __future__ import annotations

import pytest
from evmeval.agreement import curation as cur

from tests.gui.test_curation_view import NAMES, corpus, files
from tests.gui.test_curation_work import open_curation

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["corpus"]


def test_opening_a_curation_measures_no_pair_of_annotators_again(qtbot, make_window, corpus, monkeypatch):
    window = make_window()
    measured: list[tuple[str, str]] = []
    real = cur.pairwise

    def counting(a, b, *args, **kwargs):  # type: ignore[no-untyped-def]
        measured.append((a.path, b.path))
        return real(a, b, *args, **kwargs)

    monkeypatch.setattr(cur, "pairwise", counting)
    open_curation(qtbot, window, corpus)
    annotators = {str(corpus / n) for n in NAMES}
    # only the curated set against each annotator is measured; the annotators' pairs come from the study
    assert [pair for pair in measured if pair[0] in annotators] == []
    state = window.curate.state
    assert state is not None
    expected = cur.curate(files(corpus), NAMES, "majority")
    assert [d.key for d in state.curation.disagreements] == [d.key for d in expected.disagreements]
    assert window.curate.panel.progress.text().startswith(f"<b>0 of {len(expected.disagreements)}</b>")
