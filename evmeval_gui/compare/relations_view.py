"""The Compare mode's Relations page: each run's coreference and sequencing figures with their intervals,
and every pair's paired tests (delta with its interval, adjusted p, MDE, verdict).

Every number is the core's (`Comparison.systems[i].relations`, `Comparison.pairs[n].relations`, computed by
`evmeval.compare.relations` in the comparison's background job), labelled as `evmeval-compare` labels them;
this page only shows them. The pairs are the core's (each pair once, earlier run first), so their adjusted
p-values are exactly those of `evmeval-compare --json`; the pair open on the Pair page is listed first.
"""

from __future__ import annotations

import os

from evmeval.compare.relations import CROSS_DOCUMENT, KIND_LABELS, kind_units
from evmeval.compare.runs import Comparison
from evmeval.report.compare_relations import figure_label
from evmeval.report.compare_text import correction_text, p_text, verdict_cell
from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from evmeval_gui.compare.tables import TextTable, natural_width
from evmeval_gui.model.formatting import interval_text, percent

NO_LINKS = ("Coreference and sequencing: the gold file has no coreference, After or Subevent links, so there are "
            "no such figures to compare.")
PAIR_HEADERS = ["a → b", "Links", "Figure", "a", "b", "Δ (points) [interval]", "p adj", "MDE", "Verdict"]


TOPICS_HINT = ("Cross-document coreference: choose a topics file (one '<document id> <topic>' per line, every "
               "gold document) to score each topic's documents as one document, as evmeval-compare --cross-document "
               "--topics")


class RelationsPanel(QWidget):
    """The page: a topics-file control (tbf corpora), a caption, the runs' figures, the pairs' tests (see the
    module docstring). `topics_requested()`: the user asked to choose a topics file."""

    topics_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareRelations")
        self.topics_button = QPushButton("Topics file…")
        self.topics_button.setObjectName("topicsButton")
        self.topics_button.setToolTip("Add cross-document coreference: each topic's documents scored as one "
                                      "document, topics resampled")
        self.topics_button.clicked.connect(self.topics_requested.emit)
        self.topics_note = QLabel(TOPICS_HINT)
        self.topics_note.setObjectName("topicsNote")
        self.topics_note.setWordWrap(True)
        self.topics_row = QWidget()
        row = QHBoxLayout(self.topics_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.topics_button)
        row.addWidget(self.topics_note, 1)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.runs = TextTable("relationRuns")
        self.tests_caption = QLabel()
        self.tests_caption.setWordWrap(True)
        self.tests = TextTable("relationTests")
        self.tests.give_way((0, 90), (len(PAIR_HEADERS) - 1, 110))  # the runs' names, then the verdict: every column
        # in view in a narrow window
        tests_part = QWidget()
        tests_layout = QVBoxLayout(tests_part)
        tests_layout.setContentsMargins(0, 0, 0, 0)
        tests_layout.addWidget(self.tests_caption)
        tests_layout.addWidget(self.tests, 1)
        self.body = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        """The runs' table over the pairs', or beside it where the page is wide enough for both (`_arrange`)."""
        self.body.addWidget(self.runs, 1)
        self.body.addWidget(tests_part, 1)
        self._widths = (0, 0)
        """Each table's width with every column whole (`natural_width`), measured when filled."""
        layout = self.page_layout = QVBoxLayout(self)
        for widget in (self.topics_row, self.caption):
            layout.addWidget(widget)
        layout.addLayout(self.body, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def _arrange(self) -> None:
        """Side by side where both tables fit whole (1600 pixels: 19 rows of each stacked, all 32 beside, two thirds
        of the page white right of them), each given room as its columns need; stacked otherwise."""
        runs, tests = self._widths
        spacing = self.body.spacing() if self.body.spacing() >= 0 else 6
        margins = self.page_layout.contentsMargins()
        beside = bool(runs) and runs + tests + spacing + margins.left() + margins.right() <= self.width()
        direction = QBoxLayout.Direction.LeftToRight if beside else QBoxLayout.Direction.TopToBottom
        if self.body.direction() != direction:
            self.body.setDirection(direction)
        for n, width in enumerate(self._widths if beside else (1, 1)):
            if self.body.stretch(n) != width:
                self.body.setStretch(n, width)

    def set_topics(self, offered: bool, note: str = TOPICS_HINT) -> None:
        """Offer the topics file (tbf corpora) and say what it gave."""
        self.topics_row.setVisible(offered)
        self.topics_note.setText(note)

    def set_comparison(self, comparison: Comparison, pair: tuple[int, int] = (0, 1)) -> None:
        """Show the comparison's relation figures; the pairs of `pair`'s runs first."""
        kinds = list(comparison.relation_units)
        has = bool(kinds)
        for widget in (self.runs, self.tests_caption, self.tests):
            widget.setVisible(has)
        if not has:
            self.caption.setText(NO_LINKS)
            self.runs.fill([], [], 0)
            self.tests.fill([], [], 0)
            return
        conf = f"{comparison.settings.confidence:.0%}"
        units = "; ".join(f"{KIND_LABELS[k]}: {kind_units(k, comparison.relation_units[k], comparison.unit)}"
                          for k in kinds)
        self.caption.setText(f"Each run's coreference and sequencing figures (%) with their {conf} "
                             f"{comparison.interval} intervals (mentions aligned on span and type, as v1.8's "
                             f"-m 1; coreference on exact spans). Resampled: {units}.")
        first = comparison.systems[0]
        self.runs.fill(["Links", "Figure", *(s.name for s in comparison.systems)],
                       [[KIND_LABELS[k], figure_label(i.figure),
                         *(interval_text(s.relations[k][j].estimate, s.relations[k][j].ci_low,
                                         s.relations[k][j].ci_high) for s in comparison.systems)]
                        for k in kinds for j, i in enumerate(first.relations[k])], 2)
        self.tests_caption.setText(f"Each pair: Δ = b − a in points with its {conf} {comparison.interval} "
                                   f"interval; {correction_text(comparison)}; MDE: the smallest difference "
                                   "(points) this corpus finds with 80 % power.")
        wanted = set(pair)
        pairs = sorted(comparison.pairs, key=lambda p: {p.a, p.b} != wanted)  # stable: the core's order
        rows = []
        for p in pairs:
            names = f"{comparison.systems[p.a].name} → {comparison.systems[p.b].name}"
            rows += [[names, KIND_LABELS[k], figure_label(t.figure), percent(t.estimate_a), percent(t.estimate_b),
                      interval_text(t.delta, t.ci_low, t.ci_high, signed=True), p_text(t.p_value_adjusted),
                      percent(t.mde), verdict_cell(t)] for k in kinds for t in p.relations[k]]
        self.tests.fill(PAIR_HEADERS, rows, 3, len(PAIR_HEADERS) - 1)
        if (item := self.tests.horizontalHeaderItem(6)) is not None:
            item.setToolTip(f"The randomization p, {correction_text(comparison)}")
        self._widths = (natural_width(self.runs), natural_width(self.tests))
        self._arrange()


def topics_note(topics: str | None, comparison: Comparison) -> str:
    """What the page says of cross-document coreference, given the topics file compared with (None: none)."""
    if topics is None:
        return TOPICS_HINT
    name = os.path.basename(topics)
    if CROSS_DOCUMENT not in comparison.relation_units:
        return (f"Topics: {name}. The gold file has no @Coreference link, so there is no coreference to score "
                "across documents.")
    return (f"Topics: {name}. Cross-document coreference: {comparison.relation_units[CROSS_DOCUMENT]} topics, "
            "each topic's documents scored as one document (choose another file to change it).")
