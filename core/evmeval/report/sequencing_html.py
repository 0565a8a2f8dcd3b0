"""The event sequencing section of the HTML report: scores under both closures and every link's outcome.

Self-contained like the rest of the report (inline styles, escaped text). v1.8's published figures
and ours (complete interval closure) sit in one table, ours labelled; per document, a collapsed list
of the links (gold and system, after propagation through coreference) with their outcomes, in the
colours and glyphs of `evmeval.sequencing.link_style`.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable

from evmeval.sequencing.link_style import LINK_ORDER, link_style
from evmeval.sequencing.links import EVALUATIONS
from evmeval.sequencing.scoring import CLOSURE_LABELS, SequencingResult, SequencingSkipped
from evmeval.sequencing.temporal_awareness import DocumentAwareness, LinkOutcome

CLOSURE_TITLES = {"published": "v1.8 (published)", "full": "full closure (EvmEval Studio, ours)"}


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _pct(value: float) -> str:
    return "—" if math.isnan(value) else f"{100 * value:.2f}"


def _scores_table(result: SequencingResult) -> str:
    head = "<tr><th>Closure</th><th>Links</th><th>P %</th><th>R %</th><th>F1 %</th><th>system links</th>" \
           "<th>gold links</th></tr>"
    rows = []
    for closure, evaluations in result.evaluations.items():
        for name in EVALUATIONS:
            evaluation = evaluations.get(name)
            title = f'<td title="{_esc(CLOSURE_LABELS[closure])}">{_esc(CLOSURE_TITLES[closure])}</td>'
            if evaluation is None:
                why = result.failures.get(closure, {}).get(name, "not computed")
                rows.append(f"<tr>{title}<td>{_esc(name)}</td><td colspan=5>{_esc(why)}</td></tr>")
                continue
            c = evaluation.corpus
            rows.append(f"<tr>{title}<td>{_esc(name)}</td><td class=n>{_pct(c.precision)}</td>"
                        f"<td class=n>{_pct(c.recall)}</td><td class=n>{_pct(c.f1)}</td>"
                        f"<td class=n>{c.system_links}</td><td class=n>{c.gold_links}</td></tr>")
    return f"<table><caption>Temporal awareness, pooled over documents</caption>{head}{''.join(rows)}</table>"


def _legend() -> str:
    items = "".join(f'<span style="color:{link_style(k).colour}; font-weight:bold; margin-right:1.2em" '
                    f'title="{_esc(link_style(k).description)}">{_esc(link_style(k).short)}</span>'
                    for k in LINK_ORDER)
    return f'<p class="legend">{items}</p>'


def _link_row(o: LinkOutcome, full: str) -> str:
    def cell(outcome: str) -> str:
        if not outcome:
            return "<td>—</td>"
        st = link_style(outcome)
        return f'<td style="background:{st.tint}">{_esc(st.short)}</td>'

    arrow = "→" if o.kind == "After" else "⊃"
    return (f"<tr><td>{_esc(o.side)}</td><td>{_esc(o.source)}</td><td>{_esc(o.kind)} {arrow}</td>"
            f"<td>{_esc(o.target)}</td>{cell(o.outcome)}{cell(full)}<td class=n>{o.line}</td></tr>")


def _document_links(doc_id: str, published: Iterable[DocumentAwareness], full: dict[tuple[str, ...], str]) -> str:
    rows = []
    for doc in published:
        for o in doc.outcomes:
            rows.append(_link_row(o, full.get((o.kind, o.side, o.source, o.target), "")))
    if not rows:
        return ""
    head = ("<tr><th>Side</th><th>Source</th><th>Relation</th><th>Target</th><th>Outcome (v1.8)</th>"
            "<th>Outcome (full closure, ours)</th><th>Line</th></tr>")
    return (f"<details><summary>{_esc(doc_id)}: {len(rows)} link(s)</summary>"
            f"<table>{head}{''.join(rows)}</table></details>")


def sequencing_html_section(result: SequencingResult) -> str:
    """`<h2>Event sequencing</h2>`, the scores, the legend and every document's links."""
    out = ["<h2>Event sequencing (After, Subevent)</h2>",
           '<p class="meta">Scored as EvmEval v1.8 does with <code>-a</code> (mentions aligned through the '
           f"{_esc(result.mapping)} mapping; links spread over coreference clusters; temporal awareness with "
           "implicit matches in recall). v1.8's closure depends on the order of the links; the full closure is "
           "ours, complete and order-independent.</p>",
           _scores_table(result), _legend()]
    kinds = ("After", "Subevent")
    documents = {d.doc_id for d in result.documents}
    published = result.evaluations.get("published", {})
    full_eval = result.evaluations.get("full", {})
    for doc_id in sorted(documents):
        full: dict[tuple[str, ...], str] = {}
        for kind in kinds:
            doc = full_eval[kind].document(doc_id) if kind in full_eval else None
            for o in doc.outcomes if doc is not None else ():
                full[(kind, o.side, o.source, o.target)] = o.outcome
        docs = [d for kind in kinds if kind in published and (d := published[kind].document(doc_id)) is not None]
        out.append(_document_links(doc_id, docs, full))
    if result.warnings:
        items = "".join(f"<li>{_esc(w)}</li>" for w in result.warnings)
        out.append(f"<details><summary>{len(result.warnings)} sequencing warning(s)</summary><ul>{items}</ul>"
                   "</details>")
    return "\n".join(part for part in out if part)


def sequencing_skipped_html(skipped: SequencingSkipped) -> str:
    """The section in place of the scores when v1.8 refuses the links: why, and each pair's file:line."""
    head, *items = skipped.lines()
    listed = "".join(f"<li>{_esc(item)}</li>" for item in items)
    why = _esc(head[0].upper() + head[1:])
    return (f"<h2>Event sequencing (After, Subevent): not scored</h2>\n<p class=\"meta\">{why}. Mentions and "
            f"coreference are scored as usual.</p>\n<ul>{listed}</ul>")
