"""Chart export: a chart never shown is exported as it is (no second drawing), with the very bytes a
drawn copy gives, and stays a working chart of its panel afterwards."""

from __future__ import annotations

import pytest
from evmeval.coref.scoring import score_coreference
from evmeval.io.loading import load_inputs
from evmeval.mention.scoring import score_files
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from evmeval_gui.charts.base import ChartWidget
from evmeval_gui.charts.panel import ChartsPanel
from evmeval_gui.coref.charts import CorefCharts
from evmeval_gui.coref.export import render_coref_charts
from evmeval_gui.export import charts_panel
from evmeval_gui.model.corpus import demo_request, load_and_score


@pytest.fixture(scope="module")
def demo(evmeval_data):
    folder = evmeval_data / "scoring_demo" / "token_based"
    inputs = load_inputs(str(folder / "gold.tbf"), str(folder / "sample_system_C.tbf"), token_dir=str(folder / "tkn"))
    return score_files(inputs.gold, inputs.system)


@pytest.fixture
def copies(monkeypatch):
    """Counts the charts constructed (an export by copies constructs one per chart)."""
    made: list[str] = []
    real_init = ChartWidget.__init__

    def counting_init(self, *args, **kwargs):
        made.append(type(self).__name__)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(ChartWidget, "__init__", counting_init)
    return made


def _shown_panel(qtbot, result) -> ChartsPanel:
    panel = charts_panel()
    qtbot.addWidget(panel)
    panel.resize(1100, 700)
    panel.show()
    panel.set_result(result)
    panel.set_combination("mention_type")
    panel.set_combination("plain")  # drawn more than once, at the window's size: the export draws copies
    return panel


def test_a_never_shown_panel_exports_in_place_the_bytes_of_drawn_copies(qtbot, demo, copies):
    unshown = charts_panel()
    qtbot.addWidget(unshown)
    unshown.set_result(demo)
    before = len(copies)
    in_place = unshown.export_images()
    assert len(copies) == before  # no chart constructed: each chart drawn once
    by_copies = _shown_panel(qtbot, demo).export_images()
    assert len(copies) > before + len(by_copies)  # the shown panel's charts and their copies
    assert set(in_place) == set(by_copies)
    for name in by_copies:
        assert in_place[name] == by_copies[name], name


def test_a_chart_exported_in_place_is_back_in_its_tab_and_answers_clicks(qtbot, demo):
    panel = charts_panel()
    qtbot.addWidget(panel)
    panel.set_result(demo)
    panel.export_images()
    chart = panel.doc_scatter
    assert not chart.isWindow() and not chart.isHidden()
    panel.resize(1100, 700)
    panel.show()
    panel.tabs.setCurrentIndex(4)
    QTest.qWait(0)
    assert panel.tabs.currentWidget().isAncestorOf(chart) and chart.isVisible()
    assert chart.width() <= panel.width()  # laid out in the tab again, not at the export size
    s = demo.document("example2").scores["plain"]
    with qtbot.waitSignal(panel.filter_requested, timeout=2000) as signal:
        QTest.mouseClick(chart.plot_widget.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         chart.widget_pos(100 * s.recall, 100 * s.precision))
    assert signal.args == ["document example2", {"example2"}, None]


def test_a_standalone_chart_exported_in_place_stays_hidden(qtbot, demo):
    panel = charts_panel()
    qtbot.addWidget(panel)
    panel.set_result(demo)
    chart = panel.score_bars
    data = chart._data_call
    assert data is not None
    alone = type(chart)()
    qtbot.addWidget(alone)
    alone.set_data(*data[0], **data[1])
    png, svg = alone.export_images()
    assert not alone.isVisible() and alone.isHidden()
    assert (png, svg) == panel.export_images()["scores"]


def test_coreference_charts_exported_in_place_equal_drawn_copies(qtbot, copies):
    corpus, result = load_and_score(demo_request(), 0)
    coref = score_coreference(result, corpus.inputs[0].gold, corpus.inputs[0].system, combination="mention_type")
    before = len(copies)
    images, captions = render_coref_charts(result, coref)
    assert len(copies) == before + 2  # the two charts of the coreference tab, no copies
    shown = CorefCharts()
    qtbot.addWidget(shown)
    shown.resize(900, 700)
    shown.show()
    shown.set_data(coref, result.documents)
    by_copies = {name: chart.export_images() for name, chart in shown.charts().items()}
    assert images == by_copies
    assert set(captions) == set(by_copies)


def test_the_png_holds_exactly_the_drawn_pixels_without_an_alpha_channel(qtbot, demo):
    from pyqtgraph.exporters import ImageExporter
    from PySide6.QtGui import QImage

    from evmeval_gui.charts.png import png_bytes

    panel = charts_panel()
    qtbot.addWidget(panel)
    panel.set_result(demo)
    png, _ = panel.doc_scatter.export_images()
    assert png[25] == 2  # IHDR colour type 2: RGB, no alpha
    drawn = ImageExporter(panel.doc_scatter.plot_widget.scene()).export(toBytes=True)  # same scene, same size
    assert drawn.format() == QImage.Format.Format_ARGB32
    assert QImage.fromData(png).convertToFormat(QImage.Format.Format_ARGB32) == drawn
    see_through = drawn.copy()
    see_through.setPixelColor(3, 4, Qt.GlobalColor.transparent)
    kept = png_bytes(see_through)
    assert kept[25] == 6  # RGBA: an image that is not opaque keeps its alpha channel
    assert QImage.fromData(kept).convertToFormat(QImage.Format.Format_ARGB32) == see_through


@pytest.mark.parametrize("width", [1, 5, 7, 64])
def test_png_of_any_width_decodes_to_the_same_pixels(width):
    """Odd widths: Qt pads rows to four bytes, the PNG rows are not padded; the Up filter wraps modulo 256."""
    from PySide6.QtGui import QColor, QImage

    from evmeval_gui.charts.png import png_bytes

    image = QImage(width, 3, QImage.Format.Format_ARGB32)
    for x in range(width):
        for y in range(3):
            image.setPixelColor(x, y, QColor((37 * x + 90 * y) % 256, (255 - 61 * x) % 256, (200 * y + x) % 256))
    png = png_bytes(image)
    assert png[25] == 2
    assert QImage.fromData(png).convertToFormat(QImage.Format.Format_ARGB32) == image
    assert QImage.fromData(png).dotsPerMeterX() == image.dotsPerMeterX()


def test_svg_after_pyqtgraphs_exporter_failed_once_is_the_same(qtbot, demo, monkeypatch):
    import evmeval_gui.charts.base as base

    panel = charts_panel()
    qtbot.addWidget(panel)
    panel.set_result(demo)
    monkeypatch.setattr(base, "_SVG_EXPORTER_FAILED", [])
    _, tried = panel.feature_tabs["schemes"].chart.export_images()  # pyqtgraph's exporter tried: it fails, Qt's writes
    assert base._SVG_EXPORTER_FAILED == [True]
    _, direct = panel.feature_tabs["schemes"].chart.export_images()  # straight to Qt's
    assert tried == direct and "<svg" in direct
