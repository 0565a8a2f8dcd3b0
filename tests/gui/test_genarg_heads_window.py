"""The window with head rows present (issue 35): with a spaCy importable, PAIE's head-Classification and
head-Identification rows join gen-arg's and paie's span rows in the Conventions dock, with the note naming the
model; nothing else changes (the window has no --head-only: gen-arg's head F1 is the command line's)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from evmeval.conventions.heads import spacy_heads

from evmeval_gui.main_window import MainWindow
from tests.core.test_genarg import TOKENS
from tests.core.test_genarg_heads import PARSE, with_stand_in_spacy
from tests.core.test_left35_lazy_switch import write_wikievents
from tests.gui.test_conventions_window import LOAD_TIMEOUT

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def stand_in_spacy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """The stand-in spaCy importable in this process (its parse of the guide's words), the loader's cache cleared
    before and after."""
    with_stand_in_spacy(tmp_path, {" ".join(TOKENS): PARSE})
    monkeypatch.syspath_prepend(str(tmp_path / "stand-in"))
    spacy_heads.cache_clear()
    yield
    for name in [m for m in sys.modules if m == "spacy" or m.startswith("spacy.")]:
        del sys.modules[name]
    spacy_heads.cache_clear()


def test_the_dock_shows_paies_head_rows_beside_gen_args(qtbot, window: MainWindow, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                        stand_in_spacy) -> None:
    gold, pred = write_wikievents(tmp_path / "wikievents")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(pred)])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    table = dock.table
    columns = [table.horizontalHeaderItem(c).text().split("\n")[0] for c in range(table.columnCount())]
    rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    assert columns[:2] == ["gen-arg", "paie"]
    assert any(r.startswith("Role identification") for r in rows)
    head = [r for r, label in enumerate(rows) if label.startswith("head-Classification")]
    assert head, rows
    paie = columns.index("paie")
    assert table.item(head[0], paie) is not None and table.item(head[0], paie).text().strip() not in ("", "—")
