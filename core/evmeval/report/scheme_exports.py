"""The scoring schemes (MUC/ANNALIST counts, GATE measures) and the mapping strategy in the exports.

What the window's File > Export adds to the published reports: the JSON gains `mapping` (another
strategy than greedy only), `muc` and `gate`, with the layout `evmeval-score --scheme muc --json`
writes (`SchemeResult.to_json`); a CSV of MUC counts per document and combination; and an HTML
section and banner for `evmeval.report.html_report`. Figures are the core's (`evmeval.mention.schemes`).
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from evmeval.align import COMBINATIONS, Combination
from evmeval.align.strategies import DEFAULT_STRATEGY, STRATEGY_DESCRIPTIONS, STRATEGY_LABELS
from evmeval.mention.prf import PRF
from evmeval.mention.schemes import DocumentSchemes, MucCounts, SchemeResult
from evmeval.mention.scoring import ScoreResult
from evmeval.report.csv_writer import CsvWriter, number
from evmeval.report.json_report import LazyObject, encoded

MUC_FIELDS: tuple[str, ...] = ("pos", "act", "cor", "par", "inc", "mis", "spu", "precision", "recall", "f1")
"""The MUC columns, named as in the JSON (`MucCounts.to_json`)."""


def scores_json(result: ScoreResult, schemes: SchemeResult) -> dict[str, Any]:
    """The JSON export: the published layout, `strategy` when it is not greedy, then `muc` and `gate`.
    The documents are built while `evmeval.report.json_report.dumps` writes them (a `LazyArray`)."""
    from evmeval.report.run import scores_document

    data = scores_document(result, lazy=True)  # the command's document: one builder (issue 33)
    # the documents' counts written one document at a time, each as the C encoder writes it
    return {**data, **schemes.to_json(documents=_lazy_documents)}


def _lazy_documents(documents: Sequence[DocumentSchemes], key: Callable[[DocumentSchemes], str],
                    build: Callable[[DocumentSchemes], dict[str, Any]]) -> LazyObject:
    return LazyObject(documents, key, lambda d: encoded(build(d)))


def format_muc_documents_csv(schemes: SchemeResult) -> str:
    """MUC counts and P/R/F1 of every document and combination (`counted`: in the corpus sums)."""
    return "".join(iter_muc_documents_csv(schemes))


def iter_muc_documents_csv(schemes: SchemeResult) -> Iterator[str]:
    """`format_muc_documents_csv` in pieces, the header then a document's rows each: an export writes
    it as it is made and never holds the whole file (tens of MB of rows at 8,000 documents)."""
    writer = CsvWriter()
    writer.row(("doc_id", "counted", "combination", *MUC_FIELDS))
    yield writer.take()
    for doc in schemes.documents:
        for combination in COMBINATIONS:
            values = doc.muc[combination].to_json()
            writer.row([doc.doc_id, int(doc.counted), combination, *(number(values[f]) for f in MUC_FIELDS)])
        yield writer.take()


def _pct(value: float) -> str:
    return "—" if math.isnan(value) else f"{100 * value:.2f}"


def mapping_banner_html(mapping: str) -> str:
    """A warning paragraph for a report made with another mapping than the published one ("" for greedy)."""
    if mapping == DEFAULT_STRATEGY:
        return ""
    return (f'<p style="background:#FFF3CD;border:1px solid #E0B84D;padding:0.4em 0.6em"><b>Mapping: '
            f"{html.escape(STRATEGY_LABELS[mapping])}</b> ({html.escape(STRATEGY_DESCRIPTIONS[mapping])}). "
            "Not the published greedy mapping: these are not official EvmEval v1.8 scores.</p>")


def _muc_row(name: str, counts: MucCounts) -> str:
    numbers = (counts.pos, counts.act, counts.cor, counts.par, counts.inc, counts.mis, counts.spu)
    cells = "".join(f'<td class="n">{n}</td>' for n in numbers)
    cells += "".join(f'<td class="n">{_pct(v)}</td>' for v in (counts.precision, counts.recall, counts.f1))
    return f"<tr><th>{html.escape(name)}</th>{cells}</tr>"


def _prf_cells(prf: PRF) -> str:
    return "".join(f'<td class="n">{_pct(v)}</td>' for v in (prf.precision, prf.recall, prf.f1))


def format_scheme_html(schemes: SchemeResult) -> str:
    """The HTML section "Other scoring schemes": corpus MUC counts and GATE measures per combination."""
    muc = "".join(_muc_row(f"{c} ({Combination(c).label.lower()})", schemes.muc[c]) for c in COMBINATIONS)
    gate_rows = []
    for c in COMBINATIONS:
        g = schemes.gate[c]
        counts = "".join(f'<td class="n">{n}</td>' for n in (g.correct, g.partial, g.missing, g.spurious))
        measures = "".join(_prf_cells(prf) for prf in (g.strict(), g.lenient(), g.average()))
        gate_rows.append(f"<tr><th>{html.escape(c)}</th>{counts}{measures}</tr>")
    prf_head = "<th>Prec</th><th>Rec</th><th>F1</th>"
    return (
        f"<h2>Other scoring schemes ({html.escape(STRATEGY_LABELS[schemes.mapping])} mapping)</h2>"
        '<p class="meta">MUC / ANNALIST: COR exact span, PAR partial span (half credit), INC right span but a '
        "wrong attribute, MIS missed gold, SPU spurious system; P = (COR + PAR/2) / ACT, "
        "R = (COR + PAR/2) / POS. GATE: strict counts a partial match as wrong, lenient as right, average "
        "is their mean. Corpus sums over the documents with gold mentions.</p>"
        "<table><caption>MUC counts (percent for P, R, F1)</caption><tr><th>Attributes</th><th>POS</th>"
        f"<th>ACT</th><th>COR</th><th>PAR</th><th>INC</th><th>MIS</th><th>SPU</th>{prf_head}</tr>{muc}</table>"
        '<table><caption>GATE measures (percent)</caption><tr><th rowspan="2">Attributes</th>'
        '<th rowspan="2">Correct</th><th rowspan="2">Partial</th><th rowspan="2">Missing</th>'
        '<th rowspan="2">Spurious</th><th colspan="3">Strict</th><th colspan="3">Lenient</th>'
        f'<th colspan="3">Average</th></tr><tr>{prf_head * 3}</tr>{"".join(gate_rows)}</table>')
