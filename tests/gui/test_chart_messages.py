"""An empty chart's message fits a narrow dock (issue 34, the screens at 1024x640): the Sequencing tab's
"No event sequencing: the files have no @After or @Subevent links." was one line wider than the dock, cut at both
ends ("…uencing: the files have no @After or @Su…"). It wraps to the chart's width, and again when resized."""

from __future__ import annotations

from evmeval_gui.sequencing.charts import SequencingChartsPage


def _message_inside(chart) -> bool:  # type: ignore[no-untyped-def]
    """The whole message lies inside the chart's view, as a user sees it."""
    shown = chart.plot_widget.mapFromScene(chart.message.mapRectToScene(chart.message.boundingRect())).boundingRect()
    return bool(chart.message.toPlainText()) and chart.plot_widget.viewport().rect().contains(shown)


def test_a_long_message_wraps_to_a_narrow_chart_and_unwraps_when_wide(qtbot) -> None:
    page = SequencingChartsPage()
    qtbot.addWidget(page)
    page.resize(320, 600)  # the charts dock's width at 1024x640
    page.show()
    qtbot.waitExposed(page)
    chart = page.bars
    assert "@After or @Subevent" in chart.message.toPlainText()
    qtbot.waitUntil(lambda: _message_inside(chart))
    narrow = chart.message.boundingRect().height()
    page.resize(1200, 600)
    qtbot.waitUntil(lambda: chart.message.boundingRect().height() < narrow and _message_inside(chart))  # one line
