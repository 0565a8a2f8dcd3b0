"""The 2015 pilot report (`--profile 2015`), in the layout of that era's `.eval` files.

Kept from those files: the banner lines with their uneven `=` runs, the tab-separated document table
(TP and FP with 2 decimals, #Gold whole, figures as 4-decimal fractions, `nan` when undefined), the
blank line before the final results, and the final lines' irregular spacing after the colon (a space
after Precision, and after Recall and F1 in the macro block only). Left out: the scorer's first line,
`Will search token files in <dir>`, which was a log message rather than part of the report.
"""

from __future__ import annotations

from evmeval.mention.pilot2015 import PilotMacro, PilotMicro, PilotResult

DOCUMENT_BANNER = "========Document results=========="
FINAL_BANNER = "=======Final Results========="
HEADER = "\t".join(("TP", "FP", "#Gold", "Prec", "Recall", "F1", "Type", "Realis", "Doc Id"))


def _final_lines(average: PilotMicro | PilotMacro, name: str, gap: str) -> list[str]:
    """Five result lines; `gap` is what the era's scorer put after the colon of Recall and F1."""
    return [
        f"Precision ({name} Average): {average.precision:.4f}",
        f"Recall ({name} Average):{gap}{average.recall:.4f}",
        f"F1 ({name} Average):{gap}{average.f1:.4f}",
        f"Mention type detection accuracy ({name} Average):{average.type_accuracy:.4f}",
        f"Mention realis status accuracy ({name} Average):{average.realis_accuracy:.4f}",
    ]


def format_pilot_report(result: PilotResult) -> str:
    """The whole report text: one row per gold document (sorted), then micro and macro averages."""
    lines = [DOCUMENT_BANNER, HEADER]
    for d in result.documents:
        values = (d.precision, d.recall, d.f1, d.type_accuracy, d.realis_accuracy)
        figures = "\t".join(f"{v:.4f}" for v in values)
        lines.append(f"{d.tp:.2f}\t{d.fp:.2f}\t{d.num_gold}\t{figures}\t{d.doc_id}")
    lines += ["", FINAL_BANNER]
    lines += _final_lines(result.micro, "Micro", "")
    lines += _final_lines(result.macro, "Macro", " ")
    return "\n".join(lines) + "\n"
