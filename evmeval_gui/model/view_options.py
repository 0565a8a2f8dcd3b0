"""What every view shows of the corpus: the attribute combination and a chart's filter (no Qt).

One of the session's small parts that announce their own changes (`combination_changed(name)`,
`filter_changed(chart_filter)`, `realis_changed(carried)`, `realis_dropped(asked, chosen)`); the session
holds one (`Session.view`) and hands its signals on under the same names, so a view may listen to either.

Files without realis (TextEE, MAVEN, ...: `ScoreResult.carries_realis`) make the two realis combinations
repeat the figures of their twins (`Combination.without_realis`): while such a corpus is shown, asking for
one chooses its twin and says so (`realis_dropped`).
"""

from __future__ import annotations

from evmeval.align import COMBINATIONS
from evmeval.rules import Combination, distinct_combinations

from evmeval_gui.model.events import Signal
from evmeval_gui.model.filters import ChartFilter


class ViewOptions:
    """The chosen attribute combination and the chart filter in force."""

    def __init__(self) -> None:
        self.combination_changed = Signal("combination_changed")
        self.filter_changed = Signal("filter_changed")
        self.realis_changed = Signal("realis_changed")
        self.realis_dropped = Signal("realis_dropped")
        self.combination = "plain"
        self.filter: ChartFilter | None = None
        self.realis = True
        """Whether the corpus shown carries realis (else only `offered` combinations can be chosen)."""

    def offered(self) -> tuple[str, ...]:
        """The combinations that can be chosen: all four, or without realis the two that differ."""
        return distinct_combinations(self.realis)

    def set_realis(self, carried: bool) -> None:
        """The corpus shown carries realis or not; a realis combination chosen then gives way to its twin."""
        if carried != self.realis:
            self.realis = carried
            self.realis_changed.emit(carried)
        if not carried:
            self.set_combination(self.combination)

    def set_combination(self, name: str) -> None:
        """Choose the attribute combination every view shows (its twin without realis while there is none)."""
        if name not in COMBINATIONS:
            raise ValueError(f"unknown attribute combination {name!r}; expected one of {', '.join(COMBINATIONS)}")
        if not self.realis and name not in self.offered():
            asked, name = name, Combination(name).without_realis.value
            self.realis_dropped.emit(asked, name)
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
