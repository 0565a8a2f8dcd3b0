"""The Compare mode's Conventions page: an event corpus's runs compared under one published scorer's own figures
(TextEE's Tri-I … Arg-C, DyGIE++'s, ours on v1.8's rules …), each figure with its interval, every pair's Δ with its
interval, adjusted p, MDE and verdict.

The selector lists the conventions the library compares the corpus's format under
(`evmeval.compare.convention_runs.compared_conventions`); choosing one asks the mode to compute it (in the
background, `evmeval-compare --convention`'s one function). Every number is the library's; this page formats
them (`model.formatting`) in the order of the command's tables (`UnitComparison.figure_rows`, `test_rows`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from evmeval.conventions import REGISTRY
from evmeval.report.compare_text import correction_text, p_text, verdict_cell
from evmeval.report.compare_units import PARTS
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from evmeval_gui.compare.tables import TextTable
from evmeval_gui.model.formatting import interval_text, percent

if TYPE_CHECKING:
    from evmeval.compare.convention_runs import ConventionComparison

PAIR_HEADERS = ["a → b", "Metric", "Figure", "a", "b", "Δ (points) [interval]", "p adj", "MDE", "Verdict"]


class ConventionsPanel(QWidget):
    """The page: the selector, a caption, the runs' figures, the pairs' tests (see the module docstring).

    `chosen(name)`: the user chose a convention in the selector; `options_asked()`: the user clicked Options…."""

    chosen = Signal(str)
    options_asked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareConventions")
        self.choice = QComboBox()
        self.choice.setObjectName("conventionChoice")
        self.choice.setToolTip("The published scorer whose figures are compared (the conventions that read these "
                               "files)")
        self.note = QLabel()
        self.note.setObjectName("conventionNote")
        self.note.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(QLabel("Convention:"))
        top.addWidget(self.choice)
        top.addWidget(self.note, 1)
        self.options_button = QPushButton("Options…")
        self.options_button.setObjectName("compareConventionOptions")
        self.options_button.setToolTip("The chosen convention's options (as evmeval-compare --window-size, "
                                       "--ontology, …): the runs are compared again with them")
        self.options_button.clicked.connect(self.options_asked.emit)
        top.addWidget(self.options_button, 0, Qt.AlignmentFlag.AlignTop)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.figures = TextTable("conventionFigures")
        self.tests_caption = QLabel()
        self.tests_caption.setWordWrap(True)
        self.tests = TextTable("conventionTests")
        self.tests.give_way((0, 90), (len(PAIR_HEADERS) - 1, 110))  # the runs' names, then the verdict: every column
        # in view at 1024 pixels
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        for widget in (self.caption, self.figures, self.tests_caption, self.tests):
            layout.addWidget(widget)
        layout.setStretch(2, 1)
        layout.setStretch(4, 1)
        self.shown: ConventionComparison | None = None
        self.choice.activated.connect(lambda index: self.chosen.emit(self.choice.itemData(index)))

    @property
    def convention(self) -> str | None:
        """The convention chosen in the selector."""
        data = self.choice.currentData()
        return data if isinstance(data, str) else None

    def set_conventions(self, names: Sequence[str]) -> None:
        """Offer these conventions (the first chosen); the tables empty until one is computed."""
        self.choice.clear()
        for name in names:
            convention = REGISTRY[name]
            self.choice.addItem(convention.title, name)
            self.choice.setItemData(self.choice.count() - 1, convention.description, Qt.ItemDataRole.ToolTipRole)
        self._clear("")

    def choose(self, name: str) -> None:
        """Show `name` as chosen (without asking for it)."""
        index = self.choice.findData(name)
        if index >= 0:
            self.choice.setCurrentIndex(index)

    def show_computing(self, name: str) -> None:
        self.choose(name)
        self._clear(f"Comparing the runs under {REGISTRY[name].title}… (Cancel in the status bar stops it)")

    def show_cancelled(self, name: str) -> None:
        self._clear(f"Cancelled: choose {REGISTRY[name].title} again to compare under it.")

    def show_problem(self, text: str) -> None:
        self._clear(f"Cannot compare: {text}")

    def _clear(self, note: str) -> None:
        self.shown = None
        self.note.setText(note)
        self.caption.clear()
        self.tests_caption.clear()
        self.figures.fill([], [], 0)
        self.tests.fill([], [], 0)

    def set_comparison(self, compared: ConventionComparison, options: str = "") -> None:
        """Show one convention's comparison: each run's figures, then every pair's tests; `options`: the
        convention's options in force, in words (`options_summary`), empty for none."""
        c = compared.comparison
        self.shown = compared
        self.choose(c.convention)
        warnings = f" {len(compared.warnings)} warning(s): " + "; ".join(compared.warnings) if compared.warnings else ""
        given = f" Options: {options}." if options else ""
        self.note.setText(f"{REGISTRY[c.convention].description}.{given}{warnings}")
        conf = f"{c.settings.confidence:.0%}"
        self.caption.setText(f"Each run's figures (%) under {REGISTRY[c.convention].title} with their {conf} "
                             f"{c.interval} intervals: {c.settings.resamples:,} paired resamples of {c.num_units} "
                             f"{'windows' if c.unit == 'window' else c.unit_names} ({c.num_windows} scoring units), "
                             f"seed {c.settings.seed}.")
        self.figures.fill(["Metric", "Figure", *c.names],
                          [[c.metrics[m], PARTS[figure],
                            *(interval_text(i.estimate, i.ci_low, i.ci_high) for i in runs)]
                           for m, figure, runs in c.figure_rows()], 2)
        self.tests_caption.setText(f"Each pair: Δ = b − a in points with its {conf} {c.interval} interval; "
                                   f"{correction_text(c)}; MDE: the smallest difference (points) these units find "
                                   "with 80 % power; the verdict reads the interval, then p adj.")
        self.tests.fill(PAIR_HEADERS, [[f"{a} → {b}", c.metrics[m], PARTS[t.figure], percent(t.estimate_a),
                                        percent(t.estimate_b), interval_text(t.delta, t.ci_low, t.ci_high, signed=True),
                                        p_text(t.p_value_adjusted), percent(t.mde), verdict_cell(t)]
                                       for a, b, m, t in c.test_rows()], 3, len(PAIR_HEADERS) - 1)
