"""What every view shows of the corpus: the attribute combination and a chart's filter (no Qt).

One of the session's small parts that announce their own changes (`combination_changed(name)`,
`filter_changed(chart_filter)`); the session holds one (`Session.view`) and hands its signals on
under the same names, so a view may listen to either.
"""

from __future__ import annotations

from evmeval.align import COMBINATIONS

from evmeval_gui.model.events import Signal
from evmeval_gui.model.filters import ChartFilter


class ViewOptions:
    """The chosen attribute combination and the chart filter in force."""

    def __init__(self) -> None:
        self.combination_changed = Signal("combination_changed")
        self.filter_changed = Signal("filter_changed")
        self.combination = "plain"
        self.filter: ChartFilter | None = None

    def set_combination(self, name: str) -> None:
        """Choose the attribute combination every view shows."""
        if name not in COMBINATIONS:
            raise ValueError(f"unknown attribute combination {name!r}; expected one of {', '.join(COMBINATIONS)}")
        if name == self.combination:
            return
        self.combination = name
        self.combination_changed.emit(name)

    def set_filter(self, chart_filter: ChartFilter | None) -> None:
        """Show only what a chart asked for (None: everything again); views follow `filter_changed`."""
        if chart_filter is None and self.filter is None:
            return
        self.filter = chart_filter
        self.filter_changed.emit(chart_filter)
