"""Per-document scatter: precision against recall, one point per document, area by #gold mentions."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import numpy as np
import pyqtgraph as pg
from evmeval.mention.scoring import DocumentResult
from evmeval.rules import Combination
from pyqtgraph.graphicsItems.LegendItem import ItemSample
from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QWidget

from evmeval_gui.charts.base import NARROW_WIDTH, ChartWidget, legend_sample, text_item
from evmeval_gui.charts.style import BAR_COLOUR, CURRENT_FILL, CURRENT_OUTLINE, MUTED, qcolour
from evmeval_gui.model.formatting import percent

ISO_F1 = (0.2, 0.4, 0.6, 0.8)
"""Dashed curves of equal F1 drawn behind the points."""


def point_size(num_gold: int, largest: int, num_points: int) -> float:
    """Symbol diameter in whole pixels: area grows with #gold, from 5 px to a largest size that
    shrinks as points get many (24 px up to 100 documents, 12 px from 1000), so clouds stay legible.

    Whole pixels keep the number of distinct symbols pyqtgraph pre-renders small.
    """
    top = 24.0 if num_points <= 100 else 12.0 if num_points >= 1000 else 24.0 - 12.0 * (num_points - 100) / 900
    return float(round(5.0 + (top - 5.0) * math.sqrt(num_gold / largest))) if largest else 5.0


CURRENT_RINGS = ((CURRENT_FILL, 5, 38), (CURRENT_OUTLINE, 3, 30))
"""The current document's marker, bottom first: (colour, pen width, diameter) of the halo and the ring."""


class CurrentSample(ItemSample):
    """The legend's "current document": the marker's rings over a document point, at legend size (a
    swatch of other colours would name a marker the chart does not draw)."""

    SCALE = 0.4

    def __init__(self, rings: Sequence[tuple[str, float, float]] = CURRENT_RINGS) -> None:
        super().__init__(pg.ScatterPlotItem())
        self.rings = tuple(rings)

    def paint(self, p: QPainter, *args: object) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        centre = QPointF(10, 10)
        p.setPen(pg.mkPen(qcolour(BAR_COLOUR), width=1.0))
        p.setBrush(pg.mkBrush(qcolour(BAR_COLOUR, 110)))
        p.drawEllipse(centre, 3, 3)  # a 4-pixel point filled the coreference ring's 6: a grey dot, not a ring
        p.setBrush(pg.mkBrush(None))
        for colour, width, diameter in self.rings:
            p.setPen(pg.mkPen(colour, width=max(2.0, width * self.SCALE)))
            radius = diameter * self.SCALE / 2
            p.drawEllipse(centre, radius, radius)


class PercentScatter(ChartWidget):
    """What every per-document scatter shares: one point per document (point data = doc id) on 0–100
    axes, and a ring on the current document. Items: `scatter`, `current_marker`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scatter: pg.ScatterPlotItem | None = None
        self.current_marker: pg.ScatterPlotItem | None = None

    def _cleared(self, message: str) -> None:
        self.scatter = None
        self.current_marker = None
        super()._cleared(message)

    def _add_current_marker(self, size: int) -> pg.ScatterPlotItem:
        """The ring drawn on the current document (above the points)."""
        colour, width, _ = CURRENT_RINGS[-1]
        marker = pg.ScatterPlotItem(symbol="o", size=size, brush=pg.mkBrush(None), pen=pg.mkPen(colour, width=width))
        marker.setZValue(10)
        self.current_marker = marker
        return marker

    def _percent_axes(self) -> None:
        """Both axes 0–100 % in steps of 20, a light grid, a little room at the edges."""
        ticks = [[(v, str(v)) for v in range(0, 101, 20)]]
        self.plot.getAxis("left").setTicks(ticks)
        self.plot.getAxis("bottom").setTicks(ticks)
        self.plot.showGrid(x=True, y=True, alpha=0.2)
        self.plot.setRange(xRange=(-4, 104), yRange=(-4, 104), padding=0)

    def element_at(self, x: float, y: float) -> Hashable | None:
        if self.scatter is None:
            return None
        found = self.scatter.pointsAt(QPointF(x, y))
        return found[0].data() if len(found) else None


class DocScatterChart(PercentScatter):
    """Recall on x, precision on y (percent). Documents without gold mentions are not averaged, so
    they are not drawn; a document without system mentions has no precision and is drawn at 0 as a
    hollow triangle (the macro average counts it as 0 too).

    Items: `scatter` (one ScatterPlotItem, point data = doc id), `current_marker`.
    """

    base_minimum = (NARROW_WIDTH, 400)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.documents: dict[str, DocumentResult] = {}
        self.combination = "plain"
        self.current_halo: pg.ScatterPlotItem | None = None

    def _cleared(self, message: str) -> None:
        self.documents = {}
        self.current_halo = None
        super()._cleared(message)

    def export_size(self) -> tuple[int, int]:
        return 860, 760

    def set_data(self, documents: Sequence[DocumentResult], combination: str, *, title: str,
                 current: str | None = None) -> None:
        """Draw the documents' scores under `combination`; `current` is ringed like the selection. The same
        documents again (an edit rescored one of them) only move the points: rebuilding a 2000-point
        chart would stall the window for a good part of a second after every edit."""
        counted = [d for d in documents if d.counted]
        if (self.scatter is not None and self.combination == combination and self.title == title
                and list(self.documents) == [d.doc_id for d in counted]):
            self._data_call = ((documents, combination), {"title": title, "current": current})
            self.documents = {d.doc_id: d for d in counted}
            self.scatter.setData(**self._points(counted, combination))
            self.set_current(current)
            self._set_titles(len(documents), counted, combination, title)
            return
        self._start_drawing(documents, combination, title=title, current=current)
        self.combination = combination
        self.documents = {d.doc_id: d for d in counted}
        self._draw_iso_f1()
        self.scatter = pg.ScatterPlotItem(**self._points(counted, combination))
        self.plot.addItem(self.scatter)
        marker = self._add_current_marker(CURRENT_RINGS[-1][2])
        colour, width, diameter = CURRENT_RINGS[0]
        self.current_halo = pg.ScatterPlotItem(symbol="o", size=diameter, brush=pg.mkBrush(None),
                                               pen=pg.mkPen(colour, width=width))
        self.current_halo.setZValue(9)
        self.plot.addItem(self.current_halo)
        self.plot.addItem(marker)
        self.set_current(current)
        self._percent_axes()
        self._set_titles(len(documents), counted, combination, title)
        self.set_legend([
            (legend_sample(BAR_COLOUR, symbol="o"), "document (area ~ #gold)"),
            (pg.ScatterPlotItem(symbol="t", size=12, pen=pg.mkPen(BAR_COLOUR, width=1.5), brush=pg.mkBrush(None)),
             "no system mention (drawn at P = 0)"),
            (CurrentSample(), "current document"),
            (pg.PlotDataItem(pen=pg.mkPen(MUTED, style=pg.QtCore.Qt.PenStyle.DashLine)), "equal F1"),
        ], columns=2)
        self.fit_minimum()

    @staticmethod
    def _points(counted: Sequence[DocumentResult], combination: str) -> dict:
        """The scatter's points: recall × precision, area ~ gold mentions, a hollow triangle at P = 0
        for a document without system mentions; each point's data is its document id."""
        largest = max((d.num_gold for d in counted), default=0)
        scores = [d.scores[combination] for d in counted]
        undefined = [math.isnan(s.precision) for s in scores]
        filled, hollow = pg.mkBrush(qcolour(BAR_COLOUR, 110)), pg.mkBrush(None)
        thin, thick = pg.mkPen(qcolour(BAR_COLOUR), width=1.0), pg.mkPen(qcolour(BAR_COLOUR), width=1.5)
        return {"x": np.array([100 * s.recall for s in scores]),
                "y": np.array([0.0 if u else 100 * s.precision for s, u in zip(scores, undefined, strict=True)]),
                "size": np.array([point_size(d.num_gold, largest, len(counted)) for d in counted]),
                "symbol": ["t" if u else "o" for u in undefined], "brush": [hollow if u else filled for u in undefined],
                "pen": [thick if u else thin for u in undefined], "data": [d.doc_id for d in counted], "pxMode": True}

    def _set_titles(self, total: int, counted: Sequence[DocumentResult], combination: str, title: str) -> None:
        undefined = sum(1 for d in counted if math.isnan(d.scores[combination].precision))
        skipped = total - len(counted)
        notes = [f"{undefined} without system mentions"] if undefined else []
        notes += [f"{skipped} without gold mentions not shown"] if skipped else []
        note = "\n" + " · ".join(notes) if notes else ""
        self.set_titles(title, subtitle=f"{len(counted)} documents · {Combination(combination).label}"
                        f"{note}", left="Precision (%)", bottom="Recall (%)")

    def set_current(self, doc_id: str | None) -> None:
        """Ring the current document's point (cheap: the other points are not redrawn)."""
        if self.current_marker is None or self.current_halo is None:  # drawn (and cleared) together
            return
        doc = self.documents.get(doc_id) if doc_id is not None else None
        for marker in (self.current_marker, self.current_halo):
            if doc is None:
                marker.setData([], [])
            else:
                score = doc.scores[self.combination]
                p = 0.0 if math.isnan(score.precision) else 100 * score.precision
                marker.setData([100 * score.recall], [p])
        if self._data_call is not None:
            self._data_call[1]["current"] = doc_id

    def _draw_iso_f1(self) -> None:
        pen = pg.mkPen(MUTED, width=1, style=pg.QtCore.Qt.PenStyle.DashLine)
        for f in ISO_F1:
            recall = np.linspace(f / (2 - f) + 1e-6, 1.0, 60)
            precision = f * recall / (2 * recall - f)
            self.plot.addItem(pg.PlotCurveItem(100 * recall, 100 * precision, pen=pen))
            label = text_item(f"F1 {percent(f, decimals=0)}", anchor=(1.0, 1.0), size=8, colour=MUTED)
            label.setPos(100, 100 * f / (2 - f))
            self.plot.addItem(label)

    def describe(self, key: Hashable) -> str:
        doc = self.documents[key]  # type: ignore[index]
        s = doc.scores[self.combination]
        return (f"{doc.doc_id}\nP {percent(s.precision)} %, R {percent(s.recall)} %, F1 {percent(s.f1)} % "
                f"({Combination(self.combination).label})\n"
                f"{doc.num_gold} gold, {doc.num_system} system mention(s)\nClick to show this document.")
