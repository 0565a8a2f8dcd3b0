"""A line of the summary bar: which mapping made the figures, and the other schemes' figures.

A result made with another strategy than the published greedy one gets an amber badge ("not the
official score"), so a screenshot can never be mistaken for an EvmEval v1.8 score. Next to it, the
MUC/ANNALIST F1 and GATE's strict / lenient / average F1 of the chosen combination; the tooltip holds
the counts (COR PAR INC MIS SPU, POS ACT) with P / R / F1. Figures are `evmeval.mention.schemes`'s,
computed in the background by `AlignmentFigures`; this line only formats them.
"""

from __future__ import annotations

import html

from evmeval.align.strategies import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_LABELS
from evmeval.mention.gate import GateCounts
from evmeval.mention.prf import PRF
from evmeval.mention.schemes import MucCounts
from evmeval.rules import Combination
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from evmeval_gui import colours
from evmeval_gui.align.state import AlignmentFigures
from evmeval_gui.model.formatting import percent

SHORT_NAMES = {"greedy": "Greedy", "optimal": "Optimal", "ordered": "Text-order"}
BADGE_STYLE = "background: #FFF3CD; border: 1px solid #E0B84D; border-radius: 3px; padding: 0 5px; color: #5C4300;"


def _cells(values: list[str], header: bool = False) -> str:
    tag = "th" if header else "td"
    return "".join(f"<{tag} align='right'>&nbsp;{v}&nbsp;</{tag}>" for v in values)


def muc_tooltip(muc: MucCounts, gate: GateCounts, combination: str, mapping: str) -> str:
    """The MUC counts and GATE measures of one combination as a small HTML table."""
    counts = [muc.pos, muc.act, muc.cor, muc.par, muc.inc, muc.mis, muc.spu]
    prf = [percent(v) for v in (muc.precision, muc.recall, muc.f1)]
    rows = [f"<b>MUC / ANNALIST counts</b> · {html.escape(Combination(combination).label)} · "
            f"{html.escape(STRATEGY_LABELS[mapping])} mapping",
            "<table cellspacing='0'><tr>" + _cells(["POS", "ACT", "COR", "PAR", "INC", "MIS", "SPU", "P %", "R %",
                                                   "F1 %"], True) + "</tr><tr>"
            + _cells([str(n) for n in counts] + prf) + "</tr></table>",
            "COR exact span · PAR partial span (half credit) · INC right span, wrong attribute · MIS missed · "
            "SPU spurious",
            f"<b>GATE</b> · correct {gate.correct}, partial {gate.partial}, missing {gate.missing}, "
            f"spurious {gate.spurious}",
            "<table cellspacing='0'><tr><th></th>" + _cells(["P %", "R %", "F1 %"], True) + "</tr>"
            + "".join(f"<tr><td>{name}</td>" + _cells(_prf(m)) + "</tr>"
                      for name, m in (("strict", gate.strict()), ("lenient", gate.lenient()),
                                      ("average", gate.average())))
            + "</table>",
            "strict: a partial match is wrong · lenient: it is right · average: their mean"]
    return "<br>".join(rows)


def _prf(m: PRF) -> list[str]:
    return [percent(v) for v in (m.precision, m.recall, m.f1)]


class AlignmentSummaryLine(QWidget):
    """The mapping badge and the MUC / GATE figures of the shown result and combination."""

    def __init__(self, figures: AlignmentFigures, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.figures = figures
        self.session = figures.session
        self.badge = QLabel()
        self.badge.setObjectName("mappingBadge")
        self.badge.setStyleSheet(BADGE_STYLE)
        self.schemes = QLabel()
        self.schemes.setObjectName("schemeFigures")
        self.schemes.setStyleSheet(f"color: {colours.MUTED_TEXT};")
        self.schemes.setTextFormat(Qt.TextFormat.PlainText)
        self.schemes.setMinimumWidth(60)  # one line on the summary bar; the tooltip says what each figure is
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 1, 0, 0)
        layout.setSpacing(8)
        layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.schemes, 1, Qt.AlignmentFlag.AlignVCenter)
        self.session.scoring_finished.connect(self.refresh)
        self.session.combination_changed.connect(self.refresh)
        figures.schemes_ready.connect(self.refresh)
        self.refresh()

    def refresh(self, *args: object) -> None:
        result = self.session.result
        mapping = result.mapping if result is not None else DEFAULT_STRATEGY
        official = mapping == DEFAULT_STRATEGY
        self.badge.setVisible(not official)
        self.badge.setText(f"⚠ {SHORT_NAMES[mapping]} mapping: not the official score")
        self.badge.setToolTip(f"{STRATEGY_LABELS[mapping]}: {STRATEGY_DESCRIPTIONS[mapping]}.<br>The published "
                              "EvmEval v1.8 scores use the greedy mapping (choose it in the toolbar).")
        schemes = self.figures.schemes
        if result is None:
            self.schemes.setText("")
            self.schemes.setToolTip("")
            return
        if schemes is None or schemes.mapping != mapping:
            self.schemes.setText("MUC / GATE: counting…")
            self.schemes.setToolTip("")
            return
        c = self.session.combination
        muc, gate = schemes.muc[c], schemes.gate[c]
        self.schemes.setText(f"MUC {percent(muc.f1)} · GATE {percent(gate.average().f1)}")  # F1; all in the tooltip
        self.schemes.setToolTip(muc_tooltip(muc, gate, c, mapping))
        self.schemes.setMinimumWidth(self.schemes.sizeHint().width())  # the counts beside it elide first
