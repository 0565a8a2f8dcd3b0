"""Issue 36 §1 in the window: the Agreement page's pair figures carry their document-bootstrap interval
(computed in the background after the comparison is shown), the same numbers `evmeval-iaa --resamples` gives."""

from __future__ import annotations

import pytest
from evmeval.agreement.scoring import IaaResult, compare_annotators
from evmeval.compare.agreement import pair_intervals
from evmeval.compare.significance import DEFAULT_SETTINGS
from evmeval.io.tbf import read_tbf
from evmeval.model import SpanMode
from PySide6.QtCore import Qt

from evmeval_gui.agreement.state import demo_agreement_request
from evmeval_gui.main_window import MainWindow
from evmeval_gui.model.formatting import interval_text, number_interval_text
from tests.gui.windows import POPUP_WARNINGS, choose

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

TIMEOUT = 20_000
NAMES = ("gold.tbf", "system_a.tbf", "system_b.tbf")
HOW = "95% bootstrap interval (10,000 resamples of documents, seed 2016): "


@pytest.fixture(scope="module")
def demo_iaa() -> IaaResult:
    request = demo_agreement_request()
    files = [read_tbf(path, mode=SpanMode.TOKEN)[0] for path in request.paths]
    return compare_annotators(files, NAMES)


@pytest.fixture
def window(make_window, qtbot) -> MainWindow:
    w = make_window()
    with qtbot.waitSignal(w.agreement.agreement_finished, timeout=TIMEOUT):
        w.open_demo_agreement()
    qtbot.waitUntil(lambda: w.agreement.panel.intervals is not None, timeout=TIMEOUT)
    return w


def test_the_selected_pair_figures_show_their_intervals(window: MainWindow, demo_iaa: IaaResult) -> None:
    summary = window.agreement.panel.summary
    found = pair_intervals(demo_iaa.pairs[(0, 1)], DEFAULT_SETTINGS)
    f1 = found["plain_f1"]
    assert summary.tooltip_of("pair_f1").endswith(HOW + interval_text(f1.estimate, f1.ci_low, f1.ci_high))
    assert f1.ci_low < f1.estimate < f1.ci_high
    kappa = found["mention_type_cohen_kappa"]
    assert summary.tooltip_of("cohen_type").endswith(
        HOW + number_interval_text(kappa.estimate, kappa.ci_low, kappa.ci_high))
    strict = found["plain_gate_strict_f1"]
    assert HOW + interval_text(strict.estimate, strict.ci_low, strict.ci_high) in summary.tooltip_of("gate_strict")
    # the row's own explanation stays above the interval
    assert summary.tooltip_of("pair_f1").startswith("Corpus (micro) F1 of the pair")


def test_a_clicked_cell_shows_that_pair_with_roles_as_clicked(window: MainWindow, demo_iaa: IaaResult,
                                                              qtbot) -> None:
    panel = window.agreement.panel
    heatmap = panel.heatmap
    qtbot.mouseClick(heatmap.plot_widget.viewport(), Qt.MouseButton.LeftButton, pos=heatmap.cell_centre(2, 0))
    qtbot.waitUntil(lambda: panel.selected == (2, 0), timeout=TIMEOUT)
    found = pair_intervals(demo_iaa.pairs[(0, 2)], DEFAULT_SETTINGS)
    # system_b in the key role: its precision is the stored pair's recall
    recall = found["plain_recall"]
    assert panel.summary.tooltip_of("pair_precision").endswith(
        HOW + interval_text(recall.estimate, recall.ci_low, recall.ci_high))
    assert panel.summary.value_text("pair_precision") == f"{interval_text(recall.estimate, 0, 0).split(' [')[0]} %"


def test_the_pair_section_names_the_f1_and_kappa_intervals(window: MainWindow, demo_iaa: IaaResult) -> None:
    note = window.agreement.panel.summary.interval_note
    found = pair_intervals(demo_iaa.pairs[(0, 1)], DEFAULT_SETTINGS)
    f1, kappa = found["plain_f1"], found["mention_type_cohen_kappa"]
    assert note.isVisible()
    assert note.text() == (f"95% intervals (resampled documents): F1 "
                           f"{interval_text(f1.estimate, f1.ci_low, f1.ci_high)}; Cohen's κ, type "
                           f"{number_interval_text(kappa.estimate, kappa.ci_low, kappa.ci_high)}. "
                           "Hover a figure for its own.")


@pytest.mark.qt_log_ignore(POPUP_WARNINGS)
def test_the_toolbar_attributes_choose_whose_interval_shows(window: MainWindow, demo_iaa: IaaResult, qtbot) -> None:
    combo = window.commands.combination_combo
    choose(qtbot, combo, combo.findData("mention_type+realis_status"))
    found = pair_intervals(demo_iaa.pairs[(0, 1)], DEFAULT_SETTINGS)
    f1 = found["mention_type+realis_status_f1"]
    summary = window.agreement.panel.summary
    assert summary.tooltip_of("pair_f1").endswith(HOW + interval_text(f1.estimate, f1.ci_low, f1.ci_high))
    assert summary.tooltip_of("pair_f1").count(HOW) == 1  # the plain one was replaced, not kept beside it
    average = found["mention_type+realis_status_gate_average_f1"]
    assert summary.tooltip_of("gate_average").endswith(
        HOW + interval_text(average.estimate, average.ci_low, average.ci_high))
