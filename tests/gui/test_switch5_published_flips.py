"""A RAMS run in the window (issue 35 section 5): the Conventions dock sets rams and paie side by side on the
argument rows and lists what flips between them, each flip clicked to its trigger on the text; the flips are
derived by hand in tests/core/test_switch5_published_flips.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from evmeval_gui.main_window import MainWindow
from tests.gui.test_conventions_window import LOAD_TIMEOUT, _click
from tests.gui.windows import click_tab

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_rams_runs_flips_between_rams_and_paie_click_to_the_trigger(qtbot, window: MainWindow,
                                                                      tmp_path: Path) -> None:
    from evmeval.conventions.items import GOLD_REPEAT, OUTSIDE_MODEL_WINDOW

    from tests.core.test_switch5_published_flips import _rams

    gold, pred = _rams(tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(pred)])
    dock = window.conventions_dock
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    heads = [dock.table.horizontalHeaderItem(c).text().split("\n")[0] for c in range(dock.table.columnCount())]
    assert heads[:2] == ["rams", "paie"]
    rows = [dock.table.verticalHeaderItem(r).text() for r in range(dock.table.rowCount())]
    assert rows[0] == "Argument id. P" and not any(r.startswith("Tri") for r in rows)  # arguments only
    click_tab(qtbot, dock.tabs, "Flips")
    tree = dock.flips
    top = tree.topLevelItem(0)
    assert top.text(0) == "rams ↔ paie: 6 flip(s)"
    groups = {top.child(k).text(0): top.child(k) for k in range(top.childCount())}
    assert f"2 × {OUTSIDE_MODEL_WINDOW}" in groups
    repeat = groups[f"1 × {GOLD_REPEAT}"]
    leaf = repeat.child(0)
    assert leaf.text(0) == ("“w150” conflict.attack / place · gold argument · argument_cls\n"
                            "d1 [150,151) of “w140” [140,141)")
    _click(qtbot, tree, leaf)
    assert window.session.selection.doc_id == "d1" and window.session.selection.gold_ids == frozenset({"E0"})
    assert "argument_cls: rams credit 0; paie credit 1. Why: a repeated gold argument" in dock.detail.text()


def test_a_rams_runs_arguments_as_sub_rows_under_rams_and_under_paie(qtbot, window: MainWindow,
                                                                     tmp_path: Path) -> None:
    """d1's gold arguments (victim outside PAIE's window, place twice, target): rams matches victim and one
    place (its multiset), paie both places (its gold list) and misses victim (never seen)."""
    from evmeval_gui.views.mapping_columns import G_ID, OUTCOME
    from tests.core.test_switch5_published_flips import _rams
    from tests.gui.test_argument_rows import _cells, _choose

    gold, pred = _rams(tmp_path)
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(pred)])
    qtbot.waitUntil(lambda: window.document_pane.doc_id is not None, timeout=LOAD_TIMEOUT)
    window.session.select_document("d1")
    combo = window.conventions_dock.argument_combo
    seen = []
    for name in ("rams", "paie"):
        while combo.currentText() != f"Arguments · {name}" and len(seen) < 8:
            _choose(qtbot, combo, 1)
            seen.append(combo.currentText())
        assert combo.currentText() == f"Arguments · {name}", seen
        assert _cells(window, G_ID)[:5] == ["E0", "↳ w20 w21", "↳ w150", "↳ w150", "↳ w155"]
        outcomes = [c.split(" ", 1)[1] for c in _cells(window, OUTCOME)[1:5]]
        assert outcomes == {"rams": ["matched", "matched", "missed", "missed"],
                            "paie": ["missed", "matched", "matched", "missed"]}[name]


def test_a_genarg_sub_rows_tip_says_the_rule_as_why_and_its_particulars_apart(qtbot, window: MainWindow,
                                                                              tmp_path: Path) -> None:
    """Under gen-arg, gold's "The protesters" is matched on its stripped span: the tip's Why is that rule, the
    entity's own span [0,2) beside it; the predicted "Kabul" as Target (split at 'and') is a wrong role with no
    rule of gen-arg's behind it: no Why, the split said as what it is."""
    from evmeval.conventions.items import DETERMINER
    from PySide6.QtCore import Qt

    from evmeval_gui.views.mapping_columns import G_ID, OUTCOME, S_ID
    from tests.core.test_left35_lazy_switch import write_wikievents
    from tests.gui.test_argument_rows import _cells, _choose

    gold, pred = write_wikievents(tmp_path / "wikievents")
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(gold), [str(pred)])
    qtbot.waitUntil(lambda: window.document_pane.doc_id is not None, timeout=LOAD_TIMEOUT)
    combo = window.conventions_dock.argument_combo
    _choose(qtbot, combo, 1)
    assert combo.currentText() == "Arguments · gen-arg"
    proxy = window.mapping.proxy

    def tip(row: int) -> str:
        return str(proxy.index(row, OUTCOME).data(Qt.ItemDataRole.ToolTipRole))
    protesters = _cells(window, G_ID).index("↳ protesters")
    assert tip(protesters) == f"Under gen-arg: matched\nWhy: {DETERMINER}\nDetails: the entity is [0,2)"
    kabul = _cells(window, S_ID).index("↳ Kabul")  # the first: Target, a part of "police station and Kabul"
    assert _cells(window, OUTCOME)[kabul] == "≠ wrong role"
    assert tip(kabul) == "Under gen-arg: wrong role\nDetails: split at 'and'"
