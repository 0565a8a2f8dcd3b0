"""The coreference section of the HTML report: corpus metrics, per-document scores, cluster stories.

Numbers are the core's (`evmeval.coref.scoring`), as percentages with two decimals; the published v1.8
figures (truncated, as its report prints them) are shown beside them, and our additions (LEA, the
usual CoNLL F1) are marked as ours. Cluster lists name only what went wrong (split, merged, missed,
spurious, partial) in collapsed `<details>` per document, so large corpora stay readable.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from evmeval._util.shared_tables import Tables
from evmeval.coref.explain import explain_clusters
from evmeval.coref.metrics import METRICS, CorefCounts
from evmeval.coref.scoring import EXCLUDED_FROM_AVERAGE, CorefDocument, CorefResult
from evmeval.coref.view import CLUSTER_OUTCOMES, METRIC_NAMES, describe_all
from evmeval.mention.scoring import DocumentResult, ScoreResult
from evmeval.outcome_style import STYLES
from evmeval.report.escape import esc as _esc
from evmeval.report.escape import needs_escape
from evmeval.rules import Combination

DOCUMENT_METRICS = ("muc", "bcub", "ceafe", "blanc", "lea")
"""The per-document table's F1 columns (beside the CoNLL F1)."""


def _pct(value: float) -> str:
    return f"{100 * value:.2f}"


def _corpus_table(coref: CorefResult) -> str:
    published = coref.published_scores()
    rows = []
    for name in METRICS:
        m = coref.total.metric(name)
        mark = " *" if name == EXCLUDED_FROM_AVERAGE else ""
        report = f"{published[name]:.2f}{mark}" if name in published else "(ours)"
        label = METRIC_NAMES[name] + (" (ours)" if name == "lea" else "")
        rows.append(f"<tr><td>{_esc(label)}</td><td class=n>{_pct(m.recall)}</td><td class=n>{_pct(m.precision)}"
                    f"</td><td class=n>{_pct(m.f1)}</td><td class=n>{report}</td></tr>")
    rows.append(f"<tr><td>CoNLL F1 (ours)</td><td></td><td></td><td class=n>{_pct(coref.total.conll_f1)}</td>"
                "<td class=n>(ours)</td></tr>")
    return ("<table><caption>Corpus (counts summed over documents, as the CoNLL scorer v8.01)</caption>"
            "<tr><th>metric</th><th>recall %</th><th>precision %</th><th>F1 %</th><th>v1.8 report</th></tr>"
            + "".join(rows) + "</table>")


def _document_row(doc_id: str, counts: CorefCounts, pages: Mapping[str, str] | None = None) -> str:
    cells = "".join(f"<td class=n>{_pct(counts.metric(m).f1)}</td>" for m in DOCUMENT_METRICS)
    name = _esc(doc_id)
    if pages is not None and doc_id in pages:
        name = f'<a href="{_esc(pages[doc_id])}">{name}</a>'
    return f"<tr><td>{name}</td><td class=n>{_pct(counts.conll_f1)}</td>{cells}</tr>"


def _documents_table(coref: CorefResult, pages: Mapping[str, str] | None = None) -> str:
    heads = "".join(f"<th>{_esc(METRIC_NAMES[m])} F1 %</th>" for m in DOCUMENT_METRICS)
    rows = sorted(coref.documents, key=lambda d: (d.counts.conll_f1, d.doc_id))
    return ("<table><caption>Documents, worst CoNLL F1 first (per-document scores are ours: v1.8 prints none)"
            f"</caption><tr><th>document</th><th>CoNLL F1 %</th>{heads}</tr>"
            + "".join(_document_row(d.doc_id, d.counts, pages) for d in rows) + "</table>")


def _cluster_items(cd: CorefDocument, doc: DocumentResult, tables: Tables | None) -> list[str]:
    """One list item per cluster not matched exactly, worded as the window words it."""
    clusters = explain_clusters(cd, doc, tables)
    items = []
    for c, text in zip(clusters, describe_all(clusters, tables), strict=True):
        if c.outcome == "exact":
            continue
        ids = ", ".join(c.mention_ids)
        if needs_escape(text + ids):  # one check for both (ids and wording rarely need it)
            text, ids = _esc(text), _esc(ids)
        items.append(f'{_cluster_tag(c.outcome)}{text} <span class="meta">({ids})</span></li>')
    return items


@functools.cache
def _cluster_tag(outcome: str) -> str:
    """The start of a cluster's list item: its outcome's tag (made once per outcome)."""
    return (f'<li><span class="tag o-{_esc(outcome)}">{_esc(STYLES[outcome].glyph)} '
            f"{_esc(CLUSTER_OUTCOMES[outcome][0])}</span>")


def _cluster_lists(result: ScoreResult, coref: CorefResult, tables: Tables | None) -> str:
    out = []
    for cd, doc in zip(coref.documents, result.documents, strict=True):
        items = _cluster_items(cd, doc, tables)
        if items:
            out.append(f"<details><summary>{_esc(cd.doc_id)}: {len(items)} cluster(s) not matched exactly</summary>"
                       f'<ol class="errors">{"".join(items)}</ol></details>')
    return "".join(out) or '<p class="none">Every cluster matched exactly.</p>'


@functools.cache
def _metric_heads() -> str:
    """The per-document table's metric columns' heads (the same on every document's page)."""
    return "".join(f"<th>{_esc(METRIC_NAMES[m])} F1 %</th>" for m in DOCUMENT_METRICS)


def document_coref_html(cd: CorefDocument, doc: DocumentResult, tables: Tables | None = None) -> str:
    """The coreference part of a document's own page: its scores and the clusters not matched exactly
    (`tables`: the cluster explanations, shared: `evmeval._util.shared_tables`)."""
    items = _cluster_items(cd, doc, tables)
    table = (f"<table><caption>Coreference (ours: v1.8 prints no per-document scores)</caption><tr><th>document"
             f"</th><th>CoNLL F1 %</th>{_metric_heads()}</tr>{_document_row(cd.doc_id, cd.counts)}</table>")
    clusters = (f'<ol class="errors">{"".join(items)}</ol>' if items
                else '<p class="none">Every cluster matched exactly.</p>')
    return f"<h2>Coreference</h2>{table}<h3>Clusters not matched exactly</h3>{clusters}"


def format_coref_html_section(result: ScoreResult, coref: CorefResult, *,
                              document_pages: Sequence[str] | None = None, tables: Tables | None = None) -> str:
    """The `<h2>Coreference</h2>` section (uses the report's CSS classes: n, meta, tag, o-<outcome>, errors).

    `document_pages` (each document's page, in document order): the cluster lists are left to those
    pages (`document_coref_html`) and the documents table links to them."""
    pages = None if document_pages is None else {
        doc.doc_id: page for doc, page in zip(result.documents, document_pages, strict=True)}
    clusters = (_cluster_lists(result, coref, tables) if pages is None
                else '<p class="meta">On each document\'s page (follow its name above).</p>')
    average = f"{coref.published_average():.2f}" if coref.documents else "—"
    return "\n".join([
        "<h2>Coreference</h2>",
        f'<p class="meta">Mentions aligned by {_esc(Combination(coref.combination).label)} with Dice ≥ '
        f"{coref.threshold:g}; v1.8 “Overall Average CoNLL score” (mean of the truncated B³, CEAF-e, MUC and "
        f"BLANC F1; CEAF-m * left out): <b>{average}</b>. The usual CoNLL F1 (MUC, B³, CEAF-e): "
        f"<b>{_pct(coref.total.conll_f1)}</b> (ours).</p>",
        _corpus_table(coref),
        _documents_table(coref, pages),
        "<h3>Clusters not matched exactly</h3>",
        clusters,
    ])
