"""The score report (`-o`) in the published scorer's layout, byte for byte.

Figures are recomputed here from the counts with the published arithmetic (TP scaled to percent
before dividing, per-document percentages summed for the macro average) so that the two-decimal
rounding lands exactly where the published report's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from evmeval.align import COMBINATIONS
from evmeval.align.names import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS
from evmeval.mention.prf import f1_score, safe_div
from evmeval.mention.type_rows import TypeRow

if TYPE_CHECKING:  # the kernel's report is made without the scoring's classes
    from evmeval.mention.scoring import ScoreResult

_SMALL_HEADER = "Prec  \tRec  \tF1   "


def _width(text: str) -> int:
    """A column width as v1.8 counts it: it ran on byte strings, so a non-ASCII id counts its UTF-8 bytes."""
    return len(text.encode("utf-8"))


def _pad(text: str, width: int) -> str:
    return " " * (width - _width(text)) + text


class DocumentCounts(NamedTuple):
    """What the report prints of one document: its counts and the TP of each combination
    (`COMBINATIONS` order); `counted`: whether it enters the averages."""

    doc_id: str
    num_gold: int
    num_system: int
    tps: tuple[float, ...]
    counted: bool


def document_counts(result: ScoreResult) -> list[DocumentCounts]:
    """The report's view of each scored document."""
    return [DocumentCounts(d.doc_id, len(d.gold), len(d.system), tuple(d.scores[c].tp for c in COMBINATIONS),
                           d.counted) for d in result.documents]


def format_report(result: ScoreResult) -> str:
    """The whole report text, as the published scorer writes it with `-o`."""
    return format_counts(document_counts(result), result.per_type_published, result.mapping)


def format_counts(documents: Sequence[DocumentCounts], rows: Sequence[TypeRow], mapping: str = DEFAULT_STRATEGY) -> str:
    """The report from per-document counts and the published per-type rows (the C kernel's run gives
    these without building a `ScoreResult`: `evmeval.cli.fastpath`)."""
    out: list[str] = [mapping_banner(mapping)] if mapping != DEFAULT_STRATEGY else []
    width = max((_width(d.doc_id) for d in documents), default=0)
    headers = [_pad(c, len(_SMALL_HEADER)) for c in COMBINATIONS]
    out.append("========Document Mention Detection Results==========\n")
    out.append(_pad("", width) + "\t" + "\t|\t".join(headers) + "\n")
    out.append(_pad("Doc ID", width) + "\t" + "\t|\t".join([_SMALL_HEADER] * len(COMBINATIONS)) + "\n")

    micro_tp = [0.0] * len(COMBINATIONS)
    macro_p = [0.0] * len(COMBINATIONS)
    macro_r = [0.0] * len(COMBINATIONS)
    cells = "\t|\t".join(["%.2f\t%.2f\t%.2f"] * len(COMBINATIONS))  # one format for the row: 2,000 rows a corpus
    total_gold = total_system = valid_docs = 0
    for doc_id, num_gold, num_system, tps, counted in documents:
        doc_figures: list[float] = []
        for k, tp in enumerate(tps):
            tp100 = tp * 100  # TP scaled to percent before dividing, as published
            p = safe_div(tp100, num_system)
            r = safe_div(tp100, num_gold)
            doc_figures += (p, r, f1_score(p, r))
            if counted:
                micro_tp[k] += tp * 100
                if num_system:
                    macro_p[k] += p
                macro_r[k] += r
        out.append(_pad(doc_id, width) + "\t" + cells % tuple(doc_figures) + "\n")
        if counted:
            valid_docs += 1
            total_gold += num_gold
            total_system += num_system

    out.append("\n\n========Mention Type Results==========\n")
    if rows:
        type_width = max(len(r.mention_type) for r in rows)
        out.append(f"{_pad('Type', type_width)}\tPrec\tRec\tF1\t#Gold\t#Sys\n")
        for row in rows:
            figures = "\t".join(f"{_nan_as_zero(v):.2f}" for v in (row.precision, row.recall, row.f1))
            out.append(f"{_pad(row.mention_type, type_width)}\t{figures}\t{row.num_gold}\t{row.num_system}\n")

    out.append("\n=======Final Mention Detection Results=========\n")
    name_width = max(len(h) for h in headers)
    out.append(_pad("", name_width) + "\t"
               + "\t".join(_pad(h, len(_SMALL_HEADER)) for h in ("Micro Average", "Macro Average")) + "\n")
    out.append(_pad("Attributes", name_width) + "\t" + "\t".join([_SMALL_HEADER] * 2) + "\n")
    for k, header in enumerate(headers):
        micro_p = safe_div(micro_tp[k], total_system)
        micro_r = safe_div(micro_tp[k], total_gold)
        mac_p = safe_div(macro_p[k], valid_docs)
        mac_r = safe_div(macro_r[k], valid_docs)
        values = (micro_p, micro_r, f1_score(micro_p, micro_r), mac_p, mac_r, f1_score(mac_p, mac_r))
        out.append(_pad(header, name_width) + "\t" + "\t".join(f"{v:.2f}" for v in values) + "\n")
    return "".join(out)


def mapping_banner(mapping: str) -> str:
    """The first line of a report made with another mapping than the published one: no one should
    take its figures for the official score."""
    return (f"# Mapping: {mapping} ({STRATEGY_DESCRIPTIONS[mapping]}), not the published greedy mapping: "
            "these are not official EvmEval v1.8 scores\n")


def _nan_as_zero(value: float) -> float:
    return 0.0 if value != value else value


def assemble_report(mention_report: str, *, coreference: str | None = None, sequencing: str | None = None) -> str:
    """The report sections in v1.8's order: mentions, coreference (`-c`), sequencing (`-a`)."""
    return mention_report + (coreference or "") + (sequencing or "")
