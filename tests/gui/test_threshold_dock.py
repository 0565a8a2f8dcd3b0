"""The Threshold dock of a DyGIE++ corpus: the slider rescores the dygiepp convention at the chosen
probability (the library's figures, in the background) and the precision-recall curve is drawn with a
legend and the chosen threshold ringed; a corpus without probabilities (or of another format) has none."""

from __future__ import annotations

import pytest
from evmeval.conventions.base import Input
from evmeval.conventions.dygiepp_curve import score_at
from PySide6.QtCore import Qt

from evmeval_gui.main_window import MainWindow
from tests.shipped import EXAMPLES

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

DATA = EXAMPLES
LOAD_TIMEOUT = 20_000


@pytest.fixture
def window(make_window) -> MainWindow:
    return make_window(persist=False, size=(1024, 640))


def _open(qtbot, window: MainWindow, name: str) -> None:
    with qtbot.waitSignal(window.session.scoring_finished, timeout=LOAD_TIMEOUT):
        window.open_files(str(DATA / f"{name}_gold.jsonl"), [str(DATA / f"{name}_pred.jsonl")])


def _row(dock, r: int) -> list[str]:
    return [dock.table.item(r, c).text() if dock.table.item(r, c) else "" for c in range(3)]


def test_the_slider_rescores_and_the_curve_shows_the_choice(qtbot, window: MainWindow) -> None:
    dock = window.conventions_dock.threshold_dock
    assert dock is not None and dock.isHidden()
    _open(qtbot, window, "dygiepp")
    qtbot.waitUntil(lambda: dock.chart is not None and not dock.isHidden(), timeout=LOAD_TIMEOUT)
    dock.raise_()
    qtbot.waitUntil(dock.isVisible, timeout=LOAD_TIMEOUT)
    gold, pred = Input(str(DATA / "dygiepp_gold.jsonl")), Input(str(DATA / "dygiepp_pred.jsonl"))
    qtbot.waitUntil(lambda: _row(dock, 1)[0] != "", timeout=LOAD_TIMEOUT)
    at0 = score_at(gold, pred, 0.0).metrics["trig_class"]
    assert _row(dock, 1) == [f"{100 * v:.2f}" for v in (at0.precision, at0.recall, at0.f1)]
    assert [label.text for _, label in dock.chart.legend.items] == [
        "Triggers (trig_class)", "Arguments (arg_class)", "chosen threshold"]
    # keys move the slider: 60 steps up (End to the top, then Page Down x8) is the threshold 0.60
    dock.slider.setFocus()
    qtbot.keyClick(dock.slider, Qt.Key.Key_End)
    for _ in range(8):
        qtbot.keyClick(dock.slider, Qt.Key.Key_PageDown)
    assert dock.value_label.text() == "≥ 0.60"
    at60 = score_at(gold, pred, 0.6).metrics
    qtbot.waitUntil(lambda: _row(dock, 1)[0] == f"{100 * at60['trig_class'].precision:.2f}", timeout=LOAD_TIMEOUT)
    assert _row(dock, 3) == [f"{100 * v:.2f}" for v in (at60["arg_class"].precision, at60["arg_class"].recall,
                                                        at60["arg_class"].f1)]
    assert at60["trig_class"].pred_num < at0.pred_num  # the threshold left predictions out
    point = dock.chart.nearest(0.6)
    assert point is not None and point.threshold == pytest.approx(0.6)
    ringed = dock.chart.marks["trig_class"].data[0]
    assert (ringed["x"], ringed["y"]) == pytest.approx((100 * point.metrics["trig_class"].recall,
                                                        100 * point.metrics["trig_class"].precision))
    # the chart fits its dock at 1024 x 640
    assert dock.chart.width() <= dock.width() and dock.chart.height() > 120


def test_a_textee_corpus_has_no_threshold(qtbot, window: MainWindow) -> None:
    _open(qtbot, window, "textee")
    dock = window.conventions_dock.threshold_dock
    qtbot.wait(200)
    assert dock.isHidden() and dock.chart is None
