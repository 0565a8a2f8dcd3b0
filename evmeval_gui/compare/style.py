"""How the Compare mode marks change: case kinds, up/down marks and the combination series.

Case kinds are not outcomes (an outcome is one run against the gold; a case kind is what changed
between two runs), so they do not take outcome colours: fixed is the green and broken the red of the
comparison HTML report's ↑ / ↓ marks (`evmeval.report.compare_html`), "wrong in both" a neutral grey.
Each kind also has a glyph, so colour is never the only cue. The four combination series of the
leaderboard chart use the neutral slate ramp of the charts (light = span only, dark = type + realis),
so longer bars are never mistaken for an outcome.
"""

from __future__ import annotations

from evmeval.align import COMBINATIONS
from evmeval.compare.runs import Mark
from evmeval.mention.cases import CaseKind

UP_COLOUR = "#1b7837"
DOWN_COLOUR = "#b2182b"
SAME_COLOUR = "#777777"
MARK_COLOURS = {Mark.UP: UP_COLOUR, Mark.DOWN: DOWN_COLOUR, Mark.SAME: SAME_COLOUR}

KIND_COLOURS: dict[CaseKind, str] = {
    CaseKind.FIXED: UP_COLOUR,
    CaseKind.BROKEN: DOWN_COLOUR,
    CaseKind.BOTH_WRONG: "#8a8a8a",
    CaseKind.SPURIOUS_A_ONLY: "#4f6f98",
    CaseKind.SPURIOUS_B_ONLY: "#a0522d",
}
KIND_GLYPHS: dict[CaseKind, str] = {
    CaseKind.FIXED: "↑",
    CaseKind.BROKEN: "↓",
    CaseKind.BOTH_WRONG: "×",
    CaseKind.SPURIOUS_A_ONLY: "+a",
    CaseKind.SPURIOUS_B_ONLY: "+b",
}
KIND_HINTS: dict[CaseKind, str] = {
    CaseKind.FIXED: "a gold mention run a got wrong (missed, partial or a wrong attribute) and run b got exactly",
    CaseKind.BROKEN: "a gold mention run a got exactly and run b got wrong",
    CaseKind.BOTH_WRONG: "a gold mention both runs got wrong (maybe in different ways)",
    CaseKind.SPURIOUS_A_ONLY: "a false alarm of run a that run b does not raise",
    CaseKind.SPURIOUS_B_ONLY: "a false alarm of run b that run a does not raise",
}
RIGHT_IN_BOTH_COLOUR = "#c9ced6"
"""A gold mention both runs got exactly: no case, drawn quietly."""

SERIES_COLOURS: dict[str, str] = dict(zip(COMBINATIONS, ("#c3cedb", "#8fa2b9", "#5b6f86", "#2f4560"), strict=True))
GAP_COLOURS: dict[str, str] = {c: SERIES_COLOURS[c] for c in COMBINATIONS[1:]}


def kind_text(kind: CaseKind) -> str:
    """Glyph and label, e.g. `↑ fixed by b`."""
    return f"{KIND_GLYPHS[kind]} {kind.label}"
