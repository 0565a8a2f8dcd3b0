"""The text report of `--scheme muc`: ANNALIST-style count tables and GATE's three measures.

One table per attribute combination, one row per type and an "All types:" row, with the columns of
ANNALIST's score report (POS ACT COR PAR INC SPU MIS REC PRE F, fractions with 4 decimals), then the
GATE strict / lenient / average figures of each combination. The first line names the scheme and the
mapping, so these figures are never taken for the published EvmEval score.
"""

from __future__ import annotations

from evmeval.align import COMBINATIONS
from evmeval.align.strategies import DEFAULT_STRATEGY
from evmeval.mention.prf import PRF
from evmeval.mention.schemes import MucCounts, SchemeResult
from evmeval.report.text import mapping_banner

_COUNT_COLUMNS = ("POS", "ACT", "COR", "PAR", "INC", "SPU", "MIS", "REC", "PRE", "F")
_ALL = "All types:"


def _figure(value: float) -> str:
    return "nan" if value != value else f"{value:.4f}"


def _muc_cells(counts: MucCounts) -> str:
    numbers = (counts.pos, counts.act, counts.cor, counts.par, counts.inc, counts.spu, counts.mis)
    figures = (counts.recall, counts.precision, counts.f1)
    return "\t".join([*(str(n) for n in numbers), *(_figure(f) for f in figures)])


def _prf_cells(prf: PRF) -> str:
    return "\t".join(_figure(v) for v in (prf.precision, prf.recall, prf.f1))


def format_scheme_report(schemes: SchemeResult, *, num_documents: int) -> str:
    """The whole `--scheme muc` report; `num_documents` is how many documents the sums cover."""
    out: list[str] = []
    if schemes.mapping != DEFAULT_STRATEGY:
        out.append(mapping_banner(schemes.mapping))
    out.append(f"# Scheme: MUC/ANNALIST counts and GATE measures, mapping {schemes.mapping}, "
               f"{num_documents} documents with gold mentions\n")
    out.append("# COR exact span, PAR partial span, INC right span but wrong attribute, MIS missed gold, "
               "SPU spurious system; PRE = (COR + PAR/2) / ACT, REC = (COR + PAR/2) / POS\n")
    for combination in COMBINATIONS:
        rows = schemes.muc_per_type[combination]
        width = max([len(_ALL), *(len(r.mention_type) for r in rows)])
        out.append(f"\n========MUC Counts: {combination}==========\n")
        out.append("Type".ljust(width) + "\t" + "\t".join(_COUNT_COLUMNS) + "\n")
        for row in rows:
            out.append(row.mention_type.ljust(width) + "\t" + _muc_cells(row.counts) + "\n")
        out.append(_ALL.ljust(width) + "\t" + _muc_cells(schemes.muc[combination]) + "\n")
    out.append("\n========GATE Measures (strict: partial is wrong; lenient: partial is right; "
               "average: their mean)==========\n")
    width = max(len(c) for c in COMBINATIONS)
    out.append("Attributes".ljust(width) + "\tcorrect\tpartial\tmissing\tspurious\t"
               + "\t".join(f"{m} Prec\t{m} Rec\t{m} F1" for m in ("Strict", "Lenient", "Average")) + "\n")
    for combination in COMBINATIONS:
        g = schemes.gate[combination]
        counts = "\t".join(str(n) for n in (g.correct, g.partial, g.missing, g.spurious))
        measures = "\t".join(_prf_cells(prf) for prf in (g.strict(), g.lenient(), g.average()))
        out.append(combination.ljust(width) + "\t" + counts + "\t" + measures + "\n")
    return "".join(out)
