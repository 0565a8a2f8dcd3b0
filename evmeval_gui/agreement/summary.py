"""The figures beside the matrix: the corpus as a whole, then the selected pair.

All numbers come from `IaaResult` / `PairAgreement` as the core computed them; this panel only
formats them: F1-like figures in percent with two decimals, kappa-like ones with three decimals, an
undefined figure as a dash with a tooltip saying why.
"""

from __future__ import annotations

import html
import math

from evmeval.agreement.scoring import AgreementMatrix, FleissAgreement, LabelAgreement, PairAgreement
from evmeval.compare.agreement import PairIntervals
from evmeval.compare.significance import ResampleSettings
from evmeval.rules import Combination
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from evmeval_gui.agreement.style import chip_html
from evmeval_gui.colours import MUTED_TEXT
from evmeval_gui.model.formatting import DASH, interval_text, number, number_interval_text, percent, plural

KAPPA_UNDEFINED = "Undefined: no mention pair to compare, or chance agreement is 1 (every label the same)."
INTERVAL_FIGURES = {"pair_f1": "{c}_f1", "pair_precision": "{c}_precision", "pair_recall": "{c}_recall",
                    "cohen_type": "mention_type_cohen_kappa", "scott_type": "mention_type_scott_pi",
                    "cohen_realis": "realis_status_cohen_kappa", "scott_realis": "realis_status_scott_pi",
                    "gate_strict": "{c}_gate_strict_f1", "gate_lenient": "{c}_gate_lenient_f1",
                    "gate_average": "{c}_gate_average_f1"}
"""Each pair row and the `evmeval.compare.agreement` figure whose interval its tooltip gives ({c}: the combination)."""
KAPPA_ROWS = ("cohen_type", "scott_type", "cohen_realis", "scott_realis")


def kappa_text(value: float) -> str:
    """A kappa-like figure with three decimals (as `evmeval-iaa` prints it); NaN -> dash."""
    return number(value, 3)


def percent_text(value: float) -> str:
    return percent(value, unit=True)


class _Section(QFrame):
    """A titled grid of caption / value rows; values are kept by key for tests."""

    def __init__(self, title: str) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("agreementSection")
        self.setStyleSheet("#agreementSection { background: #F7F8FA; }")
        self.heading = QLabel(title)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(2)
        self.column = QVBoxLayout(self)
        """The section's layout: the heading, the grid, then any notes below it."""
        self.column.setContentsMargins(8, 6, 8, 6)
        self.column.setSpacing(4)
        self.column.addWidget(self.heading)
        self.column.addLayout(self.grid)
        self.values: dict[str, QLabel] = {}
        self.captions: dict[str, QLabel] = {}
        self.tooltips: dict[str, str] = {}

    def add_row(self, key: str, caption: str, tooltip: str = "") -> QLabel:
        row = self.grid.rowCount()
        label = QLabel(caption)
        label.setStyleSheet(f"color: {MUTED_TEXT};")
        value = QLabel(DASH)
        value.setObjectName(key)
        value.setTextFormat(Qt.TextFormat.PlainText)
        value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        font = value.font()
        font.setBold(True)
        value.setFont(font)
        for widget in (label, value):
            widget.setToolTip(tooltip)
        self.tooltips[key] = tooltip
        self.grid.addWidget(label, row, 0)
        self.grid.addWidget(value, row, 1)
        self.values[key] = value
        self.captions[key] = label
        return value

    def set_value(self, key: str, text: str, *, undefined: str = "") -> None:
        value = self.values[key]
        value.setText(text)
        value.setToolTip(undefined if text == DASH and undefined else self.tooltips[key])

    def add_to_tooltip(self, key: str, line: str) -> None:
        """One more line under the value's tooltip (its interval)."""
        value = self.values[key]
        value.setToolTip(f"{value.toolTip()}\n{line}" if value.toolTip() else line)


class AgreementSummary(QWidget):
    """Mean pairwise F1 and Fleiss' kappa for everyone; F1, kappa / pi and GATE for the selected pair.

    `open_pair_requested` and `export_requested` come from its two buttons.
    """

    open_pair_requested = Signal()
    export_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.corpus = _Section("<b>All annotators</b>")
        self.corpus.add_row("mean_f1", "Mean pairwise F1",
                            "The mean of the matrix' off-diagonal cells for the chosen attribute combination")
        self.corpus.add_row("fleiss_type", "Fleiss' κ, type",
                            "Fleiss' kappa on event type over the mentions every annotator marked once "
                            "(clusters of mentions the pairwise span mappings link)")
        self.corpus.add_row("fleiss_realis", "Fleiss' κ, realis", "Fleiss' kappa on realis, over the same items")
        self.fleiss_note = QLabel()
        self.fleiss_note.setWordWrap(True)
        self.fleiss_note.setStyleSheet(f"color: {MUTED_TEXT};")
        self.corpus.column.addWidget(self.fleiss_note)
        self.pair = _Section("<b>Selected pair</b>")
        self.pair.add_row("pair_f1", "F1", "Corpus (micro) F1 of the pair for the chosen combination: Dice "
                          "partial credit, every document of either annotator counted")
        self.pair.add_row("pair_precision", "P (key = gold role)", "TP / mentions of the compared annotator")
        self.pair.add_row("pair_recall", "R (key = gold role)", "TP / mentions of the annotator in the gold role")
        self.pair.add_row("cohen_type", "Cohen's κ, type", "Cohen's kappa on event type over the pairs the span "
                          "(plain) mapping made; chance from each annotator's own label distribution")
        self.pair.add_row("scott_type", "Scott's π, type", "Scott's pi on event type: chance from the pooled "
                          "label distribution")
        self.pair.add_row("cohen_realis", "Cohen's κ, realis", "Cohen's kappa on realis (plain mapping's pairs)")
        self.pair.add_row("scott_realis", "Scott's π, realis", "Scott's pi on realis (plain mapping's pairs)")
        self.pair.add_row("gate_strict", "GATE strict F1", "GATE AnnotationDiff: partially correct counts as "
                          "wrong (for the chosen combination)")
        self.pair.add_row("gate_lenient", "GATE lenient F1", "GATE: partially correct counts as correct")
        self.pair.add_row("gate_average", "GATE average F1", "GATE: the mean of strict and lenient")
        self.gate_counts = QLabel()
        self.gate_counts.setWordWrap(True)
        self.gate_counts.setStyleSheet(f"color: {MUTED_TEXT};")
        self.pair.column.addWidget(self.gate_counts)
        self.interval_note = QLabel()
        self.interval_note.setObjectName("pairIntervalNote")
        self.interval_note.setWordWrap(True)
        self.interval_note.setStyleSheet(f"color: {MUTED_TEXT};")
        self.interval_note.hide()
        self.pair.column.addWidget(self.interval_note)
        self.open_button = QPushButton("Open pair in the document views")
        self.open_button.setObjectName("openPairButton")
        self.open_button.setToolTip("Show this pair in the document list, text view and mapping table, the "
                                    "first annotator in the gold role")
        self.open_button.clicked.connect(self.open_pair_requested)
        self.export_button = QPushButton("Export disagreements…")
        self.export_button.setObjectName("exportDisagreementsButton")
        self.export_button.setToolTip("Write every non-exact mapping row of this pair, for every document, to a "
                                      "CSV file (for the chosen combination)")
        self.export_button.clicked.connect(self.export_requested)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.corpus)
        layout.addWidget(self.pair)
        layout.addWidget(self.open_button)
        layout.addWidget(self.export_button)
        layout.addStretch(1)

    def value_text(self, key: str) -> str:
        """What one figure shows (for tests)."""
        section = self.corpus if key in self.corpus.values else self.pair
        return section.values[key].text()

    def set_corpus(self, matrix: AgreementMatrix, fleiss: dict[str, FleissAgreement], annotators: int) -> None:
        self.corpus.heading.setText(f"<b>All {annotators} annotators</b> · "
                                    f"{html.escape(Combination(matrix.combination).label)}")
        self.corpus.set_value("mean_f1", percent_text(matrix.mean))
        n = len(matrix.values)
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        defined = sum(1 for i, j in pairs if not math.isnan(matrix.values[i][j]))
        caption = self.corpus.captions["mean_f1"]
        if defined == len(pairs):
            caption.setText(f"Mean pairwise F1 ({plural(len(pairs), 'pair')})")
        else:
            caption.setText(f"Mean pairwise F1 (only the {defined} of {len(pairs)} pairs with a value)")
        caption.setWordWrap(True)
        for key, attribute in (("fleiss_type", "mention_type"), ("fleiss_realis", "realis_status")):
            self.corpus.set_value(key, kappa_text(fleiss[attribute].kappa), undefined=KAPPA_UNDEFINED)
        f = fleiss["mention_type"]
        self.fleiss_note.setText(f"Fleiss' κ rates the {f.num_items} mention(s) every annotator marked once; "
                                 f"{f.num_incomplete} other group(s) of linked mentions lack an annotator and "
                                 f"{f.num_ambiguous} hold two mentions of one, so they are not rated.")

    def set_pair(self, pair: PairAgreement, combination: str, tags: tuple[int, int], names: tuple[str, str]) -> None:
        i, j = tags
        self.pair.heading.setText(f"<b>Selected pair</b><br>{chip_html(i, names[0])} <i>(gold role)</i><br>"
                                  f"{chip_html(j, names[1])} <i>(compared)</i>")
        score = pair.micro[combination]
        self.pair.set_value("pair_f1", percent_text(score.f1))
        self.pair.set_value("pair_precision", percent_text(score.precision))
        self.pair.set_value("pair_recall", percent_text(score.recall))
        labels: dict[str, LabelAgreement] = pair.labels
        for suffix, attribute in (("type", "mention_type"), ("realis", "realis_status")):
            la = labels[attribute]
            self.pair.set_value(f"cohen_{suffix}", kappa_text(la.cohen_kappa), undefined=KAPPA_UNDEFINED)
            self.pair.set_value(f"scott_{suffix}", kappa_text(la.scott_pi), undefined=KAPPA_UNDEFINED)
        gate = pair.gate[combination]
        self.pair.set_value("gate_strict", percent_text(gate.strict().f1))
        self.pair.set_value("gate_lenient", percent_text(gate.lenient().f1))
        self.pair.set_value("gate_average", percent_text(gate.average().f1))
        pairs = labels["mention_type"].num_pairs
        self.gate_counts.setText(f"GATE: {gate.correct} correct, {gate.partial} partially correct, "
                                 f"{gate.missing} only in [{i + 1}], {gate.spurious} only in [{j + 1}]. "
                                 f"κ and π over the {pairs} mention pair(s) the span mapping made.")

    def set_intervals(self, found: PairIntervals | None, combination: str, settings: ResampleSettings | None) -> None:
        """Each pair figure's document-bootstrap interval in its tooltip (after `set_pair`; None: not yet)."""
        if found is None or settings is None:
            self.interval_note.hide()
            return
        how = (f"{settings.confidence:.0%} bootstrap interval ({settings.resamples:,} resamples of documents, "
               f"seed {settings.seed})")
        for key, figure in INTERVAL_FIGURES.items():
            f = found[figure.format(c=combination)]
            if math.isnan(f.estimate):
                continue
            text = (number_interval_text(f.estimate, f.ci_low, f.ci_high) if key in KAPPA_ROWS
                    else interval_text(f.estimate, f.ci_low, f.ci_high))
            self.pair.add_to_tooltip(key, f"{how}: {text}")
        f1, kappa = found[f"{combination}_f1"], found["mention_type_cohen_kappa"]
        self.interval_note.setText(
            f"{settings.confidence:.0%} intervals (resampled documents): F1 "
            f"{interval_text(f1.estimate, f1.ci_low, f1.ci_high)}; Cohen's κ, type "
            f"{number_interval_text(kappa.estimate, kappa.ci_low, kappa.ci_high)}. Hover a figure for its own.")
        self.interval_note.show()

    def tooltip_of(self, key: str) -> str:
        """The tooltip one figure shows (for tests)."""
        section = self.corpus if key in self.corpus.values else self.pair
        return section.values[key].toolTip()
