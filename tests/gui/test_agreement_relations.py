"""The Agreement page's matrix selector (issue 36, section 3): besides mentions, the matrix shows agreement on
After/Subevent links and coreference clusters, the figures of `evmeval.agreement.relations`; driven with keys
and clicks on the real window."""

from __future__ import annotations

import pytest
from evmeval.agreement.scoring import IaaResult
from PySide6.QtCore import QPoint, Qt

from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.formatting import percent
from tests.gui.test_agreement_mode import demo_iaa, open_agreement, window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
__all__ = ["demo_iaa", "open_agreement", "window"]


def choose_with_keys(qtbot, combo, label: str) -> None:
    """Home, then the Down key until `label` is shown (as a keyboard user does; greyed entries are skipped)."""
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText() == label:
            return
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText() == label


def shown_texts(panel) -> dict[tuple[int, int], str]:
    return {k: v for k, v in panel.heatmap.cell_value_texts().items() if k[0] != k[1]}


def expected(matrix) -> dict[tuple[int, int], str]:
    n = len(matrix.values)
    return {(i, j): percent(matrix.values[i][j]) for i in range(n) for j in range(n) if i != j}


def test_the_matrix_shows_links_and_clusters_on_request(qtbot, window: MainWindow, demo_iaa: IaaResult) -> None:
    panel = window.agreement.panel
    combo = panel.figure_choice
    assert combo.currentText() == "Mentions (the toolbar's attributes)"
    mentions = shown_texts(panel)
    # the demo's files have clusters but no After link: that figure is greyed and says why, the keys skip it
    after_row = combo.findText("After links")
    assert not combo.model().item(after_row).isEnabled()
    assert combo.model().item(after_row).toolTip() == "Not available: no pair to compare"
    choose_with_keys(qtbot, combo, "Coreference: MUC")
    muc = demo_iaa.relation_matrix("muc")
    assert shown_texts(panel) == expected(muc) != mentions
    assert "Coreference: MUC" in panel.matrix_title.text() and percent(muc.mean) in panel.matrix_title.text()
    tip = panel.describe_cell(0, 1)
    assert "(key role)" in tip and f"F1 {percent(muc.values[0][1])}" in tip
    choose_with_keys(qtbot, combo, "Coreference: CoNLL F1 (ours)")
    assert shown_texts(panel) == expected(demo_iaa.relation_matrix("conll"))
    choose_with_keys(qtbot, combo, "Coreference: B³")
    bcub = demo_iaa.relation_matrix("bcub")
    assert shown_texts(panel) == expected(bcub)
    assert bcub.values[0][1] == pytest.approx(demo_iaa.relation_matrix("bcub").values[1][0])  # symmetric
    # a click on a cell still opens that pair
    heatmap = panel.heatmap
    with qtbot.waitSignal(panel.pair_requested, timeout=5000) as blocker:
        qtbot.mouseClick(heatmap.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=heatmap.cell_centre(1, 2))
    assert blocker.args == [1, 2]


def test_a_relation_cell_tooltip_shows_its_interval(qtbot, window: MainWindow, demo_iaa: IaaResult) -> None:
    """Once the background intervals are in, hovering a relation cell gives that figure's F1 interval, the
    numbers `evmeval-iaa --resamples` prints (the same draws as the mention figures)."""
    from evmeval.compare.agreement import pair_intervals
    from evmeval.compare.significance import DEFAULT_SETTINGS

    from evmeval_gui.model.formatting import interval_text

    panel = window.agreement.panel
    qtbot.waitUntil(lambda: panel.intervals is not None, timeout=20_000)
    choose_with_keys(qtbot, panel.figure_choice, "Coreference: B³")
    heatmap = panel.heatmap

    def hovered(cell: tuple[int, int], text: str) -> None:
        """Move within `cell` until its tooltip is shown: pyqtgraph drops moves that come too fast and Qt
        sends none to where the pointer already is, so each try moves one pixel."""
        tries = iter(range(10_000))

        def moved() -> bool:
            qtbot.mouseMove(heatmap.plot_widget.viewport(), heatmap.cell_centre(*cell) + QPoint(next(tries) % 2, 0))
            return text in heatmap.hover_text

        qtbot.waitUntil(moved)

    hovered((0, 1), "[1] gold.tbf (key role)")  # the pointer may rest on (2, 0) from an earlier test
    hovered((2, 0), "[3] system_b.tbf (key role)")
    found = pair_intervals(demo_iaa.pairs[(0, 2)], DEFAULT_SETTINGS, relations=demo_iaa.relations[(0, 2)])
    bcub = found.swapped().relations["bcub_f1"]  # system_b in the key role: the pair (0, 2) swapped
    assert bcub.ci_low < bcub.estimate < bcub.ci_high
    assert (f"F1 {interval_text(bcub.estimate, bcub.ci_low, bcub.ci_high)} (95% bootstrap interval, "
            "10,000 resamples of documents, seed 2016)") in heatmap.hover_text
    choose_with_keys(qtbot, panel.figure_choice, "Mentions (the toolbar's attributes)")
    assert "bootstrap interval" not in panel.describe_cell(2, 0)
