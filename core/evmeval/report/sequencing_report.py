"""Sequencing outputs: v1.8's report blocks (byte for byte), our link table (TSV) and the JSON section.

The published numbers come out of Python 2: `str(100 * round(x, 6))`, i.e. round half away from zero
on the exact binary value, then 12 significant digits with ".0" added to whole numbers. Python 3's
`round` and `repr` differ (half-even; 17 digits), so both rules are written out here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from evmeval.mention.prf import nan_to_none
from evmeval.report.json_report import LazyArray, LazyObject, encoded
from evmeval.sequencing.links import EVALUATIONS, DocumentLinks
from evmeval.sequencing.scoring import CLOSURE_LABELS, Evaluation, SequencingResult
from evmeval.sequencing.temporal_awareness import Awareness, DocumentAwareness

SIX_PLACES = Decimal("0.000001")


def py2_round6(x: float) -> float:
    """Python 2.7's `round(x, 6)`: correctly rounded, halves away from zero."""
    if not math.isfinite(x):
        return x
    return float(Decimal(x).quantize(SIX_PLACES, rounding=ROUND_HALF_UP))


def py2_str(x: float) -> str:
    """Python 2.7's `str(float)`: 12 significant digits, ".0" added when nothing marks it a float."""
    text = f"{x:.12g}"
    if not any(c in text for c in ".en"):  # 'n' covers nan and inf
        text += ".0"
    return text


def awareness_figure(fraction: float) -> str:
    """One figure of the published sequencing block (a percentage)."""
    return py2_str(100 * py2_round6(fraction))


def awareness_block(name: str, corpus: Awareness, *, label: str = "") -> str:
    """`=======Event Sequencing Results for <name> =======` and the seq.out text v1.8 copies below it.

    `label` (ours only) is added to the header line, so a non-published variant never passes for v1.8's.
    """
    f1, p, r = (awareness_figure(v) for v in (corpus.f1, corpus.precision, corpus.recall))
    header = f"{name} ({label})" if label else name
    return (f"=======Event Sequencing Results for {header} =======\n"
            "=== Temporal Awareness Score ===\n"
            "Evaluated considering implicit relations in recall as well\n"
            "Temporal Score\tF1\tP\tR\n"
            f"\t\t{f1}\t{p}\t{r}\t\n"
            f"Overall Temporal Awareness Score (F1 score): {f1}\n"
            "\n")


def sequencing_section(result: SequencingResult, closure: str = "published") -> str:
    """What `-a` appends to the report: a blank line, then one block per evaluation."""
    label = "" if closure == "published" else CLOSURE_LABELS[closure]
    return "\n" + "".join(awareness_block(name, result.evaluation(name, closure).corpus, label=label)
                          for name in EVALUATIONS)


# -- our link table (written into the -a folder) -----------------------------------------------------------

SEQUENCING_FILE = "sequencing_links.tsv"
"""The link table's file: in `evmeval-score -a`'s folder and in an export when the corpus has sequencing links
(published closure)."""
LINK_TABLE_COLUMNS = ("doc_id", "evaluation", "side", "kind", "source", "target", "source_node", "target_node",
                      "line", "outcome", "violation")


def link_rows(result: SequencingResult, closure: str = "published") -> Iterable[tuple[str, ...]]:
    """One row per link and evaluation: where it comes from and what became of it (an evaluation v1.8
    could not finish, see `SequencingResult.failures`, has no rows)."""
    for name in EVALUATIONS:
        evaluation = result.evaluations.get(closure, {}).get(name)
        for doc in evaluation.documents if evaluation is not None else ():
            for o in doc.outcomes:
                yield (doc.doc_id, name, o.side, o.kind, o.source, o.target, o.source_node, o.target_node,
                       str(o.line), o.outcome, "yes" if o.violation else "no")


LINK_TABLE_BATCH = 4096
"""Rows per piece of `iter_link_table` (at least: a document's rows stay in one piece)."""


def _document_rows(doc: DocumentAwareness, name: str) -> str:
    """One document's rows of `link_rows` in one evaluation, as table lines: written out in one format
    string per row (the table's cost on 2,000 documents was building a tuple per row to join)."""
    prefix = f"{doc.doc_id}\t{name}\t"
    return "".join([f"{prefix}{side}\t{kind}\t{source}\t{target}\t{source_node}\t{target_node}\t{line}\t"
                    f"{outcome}\t{'yes' if violation else 'no'}\n"
                    for side, kind, source, target, source_node, target_node, line, outcome, violation
                    in doc.outcomes])


def iter_link_table(result: SequencingResult, closure: str = "published") -> Iterator[str]:
    """The link table in pieces of about `LINK_TABLE_BATCH` rows, for `write_atomic` to write as they
    come: the whole text (20 MB and ~300k rows on 2,000 documents) is never held at once. Its lines
    are `link_rows` joined by tabs (tested against it)."""
    yield "\t".join(LINK_TABLE_COLUMNS) + "\n"
    batch: list[str] = []
    rows = 0
    for name in EVALUATIONS:
        evaluation = result.evaluations.get(closure, {}).get(name)
        for doc in evaluation.documents if evaluation is not None else ():
            batch.append(_document_rows(doc, name))
            rows += len(doc.outcomes)
            if rows >= LINK_TABLE_BATCH:
                yield "".join(batch)
                batch, rows = [], 0
    if batch:
        yield "".join(batch)


def link_table_tsv(result: SequencingResult, closure: str = "published") -> str:
    """The inspectable per-document link table (tab-separated, with a header line)."""
    return "".join(iter_link_table(result, closure))


# -- JSON ---------------------------------------------------------------------------------------------------

def _figures(precision: float, recall: float, f1: float) -> dict[str, float | None]:
    return {"precision": nan_to_none(precision), "recall": nan_to_none(recall), "f1": nan_to_none(f1)}


def _document_json(doc: DocumentAwareness) -> dict[str, Any]:
    links: dict[str, list[dict[str, Any]]] = {"matched": [], "implied": [], "missing": [], "spurious": [],
                                              "redundant": []}
    for o in doc.outcomes:
        links[o.outcome].append({"side": o.side, "kind": o.kind, "source": o.source, "target": o.target,
                                 "source_node": o.source_node, "target_node": o.target_node, "line": o.line,
                                 "violation": o.violation})
    return {"doc_id": doc.doc_id, **_figures(doc.precision, doc.recall, doc.f1),
            "system_links": doc.system_links, "gold_links": doc.gold_links,
            "precision_matched": doc.precision_matched, "recall_matched": doc.recall_matched,
            "implicit_matched": doc.implicit_matched, "weight": doc.weight, "links": links}


def _evaluation_json(evaluation: Evaluation, lazy: bool) -> dict[str, Any]:
    c = evaluation.corpus
    documents: Sequence[Any] = (LazyArray(evaluation.documents, lambda d: encoded(_document_json(d))) if lazy
                                else [_document_json(d) for d in evaluation.documents])
    return {"corpus": {**_figures(c.precision, c.recall, c.f1), "precision_matched": c.precision_matched,
                       "system_links": c.system_links, "recall_credit": c.recall_credit, "gold_links": c.gold_links},
            "documents": documents}


def _nodes(d: DocumentLinks) -> dict[str, list[str | None]]:
    return {node: list(pair) for node, pair in d.node_labels.items()}


def sequencing_json(result: SequencingResult, *, lazy: bool = False) -> dict[str, Any]:
    """The `sequencing` object of `--json` (layout: docs/reference/json.md). `lazy` (a file is all it is
    for): each document's links and nodes are built when `evmeval.report.json_report.iter_dumps` writes
    them, the same text (MAVEN-ERE's million links never exist as dicts all at once)."""
    nodes: Any = (LazyObject(result.documents, lambda d: d.doc_id, lambda d: encoded(_nodes(d))) if lazy
                  else {d.doc_id: _nodes(d) for d in result.documents})
    return {
        "mapping": result.mapping,
        "combination": result.mapping,  # the glossary's word for it; "mapping" kept for readers of schema 1-2
        "validated": result.validated,
        "evaluations": list(EVALUATIONS),
        "closures": {closure: {"label": CLOSURE_LABELS[closure],
                               **{name: _evaluation_json(evaluations[name], lazy) if name in evaluations
                                  else {"error": result.failures.get(closure, {}).get(name, "")}
                                  for name in EVALUATIONS}}
                     for closure, evaluations in result.evaluations.items()},
        "nodes": nodes,
        "warnings": list(result.warnings),
    }
