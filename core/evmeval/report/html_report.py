"""One self-contained HTML report: summary, tables, charts and per-document error lists.

Self-contained means it opens from a mail attachment or a USB stick without network: CSS is inline,
charts are `data:` URIs. Every piece of input text is escaped. For large corpora each document's
errors sit in a collapsed `<details>`, and an error shows a short snippet of the text around it rather
than the whole document, so 2000 documents stay a report one can scroll.
"""

from __future__ import annotations

import base64
import functools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from evmeval._util.shared_tables import Tables
from evmeval.align import COMBINATIONS, Combination
from evmeval.coref.scoring import CorefResult
from evmeval.io.loading import LoadedInputs
from evmeval.mention.outcomes import MappingRow, Outcome, mapping_rows
from evmeval.mention.prf import NAN_REASON
from evmeval.mention.scoring import DocumentResult, ScoreResult, TypeRow
from evmeval.mention.type_names import TypeNames, type_names
from evmeval.model import Mention
from evmeval.outcome_style import ORDER, STYLES
from evmeval.report.coref_html import document_coref_html, format_coref_html_section
from evmeval.report.escape import esc as _esc
from evmeval.report.escape import needs_escape
from evmeval.report.snippets import DocumentSnippets

_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 70em; color: #222; line-height: 1.4; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.15em 0.5em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
.meta { color: #555; font-size: 0.9em; } .meta code { word-break: break-all; }
figure { display: inline-block; margin: 0.5em 1em 1em 0; vertical-align: top; }
figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 0.9em; color: #444; }
.legend span.sw { display: inline-block; width: 1.2em; height: 0.9em; vertical-align: middle;
  border: 1px solid #555; margin: 0 0.3em 0 1em; }
.tag { display: inline-block; min-width: 9em; font-size: 0.8em; font-weight: bold; padding: 0 0.3em;
  border-left: 0.6em solid; margin-right: 0.5em; }
details { margin: 0.2em 0; } summary { cursor: pointer; }
ol.errors { font-size: 0.9em; } ol.errors li { margin: 0.3em 0; }
.snippet { display: block; font-family: ui-monospace, monospace; font-size: 0.9em; color: #333;
  background: #f7f7f7; padding: 0.2em 0.4em; white-space: pre-wrap; }
.snippet .g { text-decoration: underline; text-decoration-thickness: 2px; }
.none { color: #777; font-style: italic; }
.nan { color: #777; cursor: help; }
"""


def _pct(value: float) -> str:
    """A fraction as a percentage; an undefined one (0/0) as a dash whose title says why."""
    if math.isnan(value):
        return f'<span class="nan" title="{_esc(NAN_REASON)}">—</span>'
    return f"{100 * value:.2f}"


def _tint(colour: str, alpha: float) -> str:
    """`#rrggbb` as an rgba() with the given opacity, so dark text stays readable on it."""
    c = colour.lstrip("#")
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"


def _outcome_css(colours: Mapping[str, str] | None) -> str:
    """Shading, tag and swatch rules per outcome, in the scheme's colours (or the caller's)."""
    rules = []
    for key in ORDER:
        colour = colours[key] if colours is not None and key in colours else STYLES[key].colour
        rules.append(f".o-{key} {{ background: {_tint(colour, 0.35)}; }}")
        rules.append(f".tag.o-{key} {{ border-color: {colour}; }}")
        rules.append(f".sw.o-{key} {{ background: {colour}; }}")
    return "\n".join(rules)


def _image_uri(data: bytes | str) -> str:
    """PNG bytes or SVG text as a data: URI (an <img> keeps an SVG's ids and styles to itself)."""
    if isinstance(data, bytes):
        return "data:image/png;base64," + base64.b64encode(data).decode("ascii")
    return "data:image/svg+xml;base64," + base64.b64encode(data.encode("utf-8")).decode("ascii")


def _mention_cell(m: Mention | None, side: str) -> str:
    if m is None:
        return f'<span class="none">no {side} mention</span>'
    mention_id, text, raw_type, raw_realis = m.mention_id, m.text, m.raw_type, m.raw_realis
    if needs_escape(f"{mention_id}{text}{raw_type}{raw_realis}"):  # one check for the four
        mention_id, text, raw_type, raw_realis = map(_esc, (mention_id, text, raw_type, raw_realis))
    return f"{side} <b>{mention_id}</b> “{text}” {raw_type} / {raw_realis} <span class=\"meta\">(line {m.line})</span>"


@functools.cache
def _error_tag(outcome: Outcome) -> str:
    """The start of an error's list item: its outcome's tag (made once per outcome)."""
    return f'<li><span class="tag o-{outcome.value}">{_esc(STYLES[outcome].short)}</span>'


def _error_item(row: MappingRow, text: DocumentSnippets) -> str:
    dice = "" if row.dice is None else f" · Dice {row.dice:.2f}"
    mismatched = row.mismatched_attributes
    wrong = f" · differs in {', '.join(mismatched)}" if mismatched else ""
    return (f"{_error_tag(row.outcome)}{_mention_cell(row.gold, 'gold')} → {_mention_cell(row.system, 'system')}"
            f"{dice}{wrong}{text.snippet(row)}</li>")


def _document_errors(doc: DocumentResult, number: int, inputs: LoadedInputs, combination: str, *,
                     anchor: bool = True, tables: Tables | None = None) -> str:
    """A document's error rows with their snippets, collapsed (`anchor`: the list is `#doc-<number>`;
    on a documents page it is open and the document's section carries the anchor)."""
    errors = [r for r in mapping_rows(doc, combination, tables) if r.outcome.is_error]
    s = doc.scores[combination]
    opened = f' id="doc-{number}"' if anchor else " open"
    head = (f'<details{opened}><summary><b>{_esc(doc.doc_id)}</b> — {len(errors)} error(s); '
            f"P {_pct(s.precision)} R {_pct(s.recall)} F1 {_pct(s.f1)}</summary>")
    if not errors:
        return head + '<p class="none">no errors</p></details>'
    text = DocumentSnippets(inputs, doc.doc_id)
    note = f'<p class="none">{_esc(text.problem)}</p>' if text.problem else ""
    items = "".join(_error_item(r, text) for r in errors)
    return f'{head}{note}<ol class="errors">{items}</ol></details>'


def _summary_table(result: ScoreResult) -> str:
    rows = []
    for c in COMBINATIONS:
        mi, ma = result.micro[c], result.macro[c]
        cells = "".join(f'<td class="n">{_pct(v)}</td>'
                        for v in (mi.precision, mi.recall, mi.f1, ma.precision, ma.recall, ma.f1))
        rows.append(f"<tr><th>{_esc(c)} ({Combination(c).label.lower()})</th>{cells}</tr>")
    return ("<table><caption>Corpus scores (percent)</caption>"
            '<tr><th rowspan="2">Attributes</th><th colspan="3">Micro average</th>'
            '<th colspan="3">Macro average</th></tr>'
            "<tr><th>Prec</th><th>Rec</th><th>F1</th><th>Prec</th><th>Rec</th><th>F1</th></tr>"
            + "".join(rows) + "</table>")


def _type_table(rows: Sequence[TypeRow], caption: str, names: TypeNames) -> str:
    body = "".join(
        f"<tr><td title=\"compared as {_esc(r.mention_type)}\">{_esc(names.name(r.mention_type))}</td>"
        f"<td class=\"n\">{_pct(r.precision)}</td>"
        f"<td class=\"n\">{_pct(r.recall)}</td><td class=\"n\">{_pct(r.f1)}</td>"
        f"<td class=\"n\">{r.num_gold}</td><td class=\"n\">{r.num_system}</td></tr>" for r in rows)
    return (f"<table><caption>{_esc(caption)}</caption><tr><th>Type</th><th>Prec</th><th>Rec</th>"
            f"<th>F1</th><th>#Gold</th><th>#Sys</th></tr>{body}</table>")


def _documents_table(result: ScoreResult, pages: Sequence[str] | None = None) -> str:
    """One row per document; its name links to its error list (`#doc-N`) or to its page (`pages`)."""
    head = "".join(f"<th>F1 {Combination(c).label.lower()}</th>" for c in COMBINATIONS)
    rows = []
    for number, doc in enumerate(result.documents):
        link = f"#doc-{number}" if pages is None else _esc(pages[number])
        f1s = "".join(f'<td class="n">{_pct(doc.scores[c].f1)}</td>' for c in COMBINATIONS)
        flags = "" if doc.in_system else " (not in system file)"
        flags += "" if doc.counted else " (no gold mentions: not averaged)"
        rows.append(f'<tr><td><a href="{link}">{_esc(doc.doc_id)}</a>{flags}</td>'
                    f'<td class="n">{len(doc.gold)}</td><td class="n">{len(doc.system)}</td>{f1s}</tr>')
    return (f"<table><caption>Documents (F1 in percent)</caption><tr><th>Document</th><th>#Gold</th>"
            f"<th>#Sys</th>{head}</tr>{''.join(rows)}</table>")


def _legend() -> str:
    items = "".join(f'<span class="sw o-{o.value}" title="{_esc(STYLES[o].description)}"></span>'
                    f"{_esc(STYLES[o].short)}" for o in Outcome)
    return (f'<p class="legend">{items}</p><p class="meta">In the snippets the shading marks the '
            "characters of an error's mentions, coloured by outcome; the gold mention is underlined.</p>")


def _page_head(title: str, colours: Mapping[str, str] | None) -> str:
    """The doctype, title and inline style every page of the report starts with (no script, no link)."""
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{_esc(title)}</title>\n<style>{_CSS}\n{_outcome_css(colours)}</style></head><body>")


def iter_html_report(
    result: ScoreResult,
    inputs: LoadedInputs,
    charts: Mapping[str, bytes | str],
    *,
    combination: str = "mention_type+realis_status",
    colours: Mapping[str, str] | None = None,
    captions: Mapping[str, str] | None = None,
    banner: str = "",
    sections: Sequence[str] = (),
    coreference: CorefResult | None = None,
    document_pages: Sequence[str] | None = None,
    tables: Tables | None = None,
) -> Iterator[str]:
    """The report's main page in pieces, written as they come (`format_html_report` joins them): with
    its per-document error lists, or without them (`document_pages`).

    `charts` maps a chart name to PNG bytes or SVG text; `captions` gives a caption per name (the
    name is used otherwise). Error lists use the mapping table of `combination` (default
    type+realis: it shows span errors and attribute errors alike). `coreference`: adds its section
    (`evmeval.report.coref_html`). Outcomes are drawn in the one scheme
    of `evmeval.outcome_style`; `colours` (`#rrggbb` per outcome) overrides some of its colours.
    `banner` (HTML) goes under the title, `sections` (HTML) after the summary (see
    `evmeval.report.scheme_exports`: the mapping warning and the other scoring schemes). `tables`: the
    mapping rows and cluster explanations, shared (`evmeval._util.shared_tables`).
    `document_pages`: the relative address of each document's page (`format_document_page`), in
    document order; the documents table then links to them and the page holds no error list, so a
    2000-document report stays a page a browser opens at once (`evmeval.report.paged_html`).
    """
    captions = captions or {}
    counted = sum(1 for d in result.documents if d.counted)
    yield from _lines([
        _page_head(f"Event mention scores — {result.run_name}", colours),
        f"<h1>Event mention scores — {_esc(result.run_name)}</h1>",
        f'<p class="meta">Gold: <code>{_esc(result.gold_path)}</code><br>System: '
        f"<code>{_esc(result.system_path)}</code><br>Scoring: EvmEval {_esc(result.profile)} rules, "
        f"{_esc(result.mode.value)} spans; {len(result.documents)} document(s), {counted} with gold "
        "mentions (averaged).</p>",
        *([banner] if banner else []),
    ], first=True)
    if result.warnings:
        warns = "".join(f"<li>{_esc(w)}</li>" for w in result.warnings)
        yield from _line(f"<details><summary>{len(result.warnings)} warning(s)</summary><ul>{warns}</ul></details>")
    yield from _line("<h2>Summary</h2>" + _summary_table(result))
    yield from _lines(sections)
    yield from _line("<h2>Legend</h2>" + _legend())
    if charts:
        yield from _line("<h2>Charts</h2>")
        for name, data in charts.items():
            caption = captions.get(name, name)
            yield from _line(f'<figure id="chart-{_esc(name)}"><img alt="{_esc(caption)}" src="{_image_uri(data)}">'
                       f"<figcaption>{_esc(caption)}</figcaption></figure>")
    yield from _line("<h2>Per-type scores</h2>")
    names = type_names(result.documents)
    yield from _line(_type_table(result.per_type_published,
                           "Published table (as in the score report): type+realis mapping, one row per gold type",
                           names))
    yield from _line(_type_table(result.per_type_by_type_mapping,
                           "Type-mapping table: type mapping, one row per type on either side", names))
    paged = document_pages is not None
    if paged:
        yield from _line("<h2>Documents</h2>" + f'<p class="meta">Each document\'s errors ({_esc(combination)} mapping)'
                   + (" and coreference clusters" if coreference is not None else "")
                   + " are on its own page: follow its name.</p>" + _documents_table(result, document_pages))
    else:
        yield from _line("<h2>Documents</h2>" + _documents_table(result))
    if coreference is not None:
        yield from _line(format_coref_html_section(result, coreference, document_pages=document_pages, tables=tables))
    if not paged:
        yield from _line(f"<h2>Errors by document ({_esc(combination)} mapping)</h2>")
        yield from _lines(_document_errors(doc, n, inputs, combination, tables=tables)
                          for n, doc in enumerate(result.documents))
    yield from _lines(["</body></html>\n"])


def format_html_report(*args: Any, **kwargs: Any) -> str:
    """The report's main page as one text: `iter_html_report`'s pieces joined (same arguments)."""
    return "".join(iter_html_report(*args, **kwargs))


def _line(part: str) -> Iterator[str]:
    """A part of the page after another: on its own line."""
    yield "\n"
    yield part


def _lines(parts: Iterable[str], *, first: bool = False) -> Iterator[str]:
    """Parts each on its own line (`first`: the page's first, with no line before it)."""
    for number, part in enumerate(parts):
        if number or not first:
            yield "\n"
        yield part


@functools.cache
def _combination_head(c: str) -> str:
    """A combination's row head in the scores tables (made once: 2000 documents have one table each)."""
    return f"<tr><th>{_esc(c)} ({Combination(c).label.lower()})</th>"


def _document_scores(doc: DocumentResult) -> str:
    rows = "".join(_combination_head(c)
                   + "".join(f'<td class="n">{_pct(v)}</td>' for v in (s.precision, s.recall, s.f1)) + "</tr>"
                   for c, s in ((c, doc.scores[c]) for c in COMBINATIONS))
    return ("<table><caption>Document scores (percent)</caption><tr><th>Attributes</th><th>Prec</th>"
            f"<th>Rec</th><th>F1</th></tr>{rows}</table>")


def _document_section(result: ScoreResult, number: int, inputs: LoadedInputs, combination: str,
                      coreference: CorefResult | None, tables: Tables | None) -> str:
    doc = result.documents[number]
    flags = "" if doc.in_system else " Not in the system file."
    flags += "" if doc.counted else " No gold mentions: not in the macro average."
    out = [
        f'<section id="doc-{number}"><h2>{_esc(doc.doc_id)}</h2>',
        f'<p class="meta">Document {number + 1} of {len(result.documents)}; {len(doc.gold)} gold and '
        f"{len(doc.system)} system mention(s).{flags}</p>",
        _document_scores(doc),
        _document_errors(doc, number, inputs, combination, anchor=False, tables=tables),
    ]
    if coreference is not None:
        out.append(document_coref_html(coreference.documents[number], doc, tables))
    out.append("</section>")
    return "".join(out)


def format_documents_page(
    result: ScoreResult,
    numbers: range,
    inputs: LoadedInputs,
    *,
    previous: str | None = None,
    following: str | None = None,
    index: str = "../report.html",
    combination: str = "mention_type+realis_status",
    colours: Mapping[str, str] | None = None,
    coreference: CorefResult | None = None,
    tables: Tables | None = None,
) -> str:
    """One page of documents `numbers`: each one's scores, errors with their text, coreference clusters.

    Each document is a section `#doc-<number>` (0-based, as in the one-page report). `previous` /
    `following`: the neighbouring pages' addresses (None: none); `index` is the main page's address
    from this page. Same CSS as the main page, no script.
    """
    docs = result.documents
    title = f"Documents {numbers.start + 1}–{numbers.stop} of {len(docs)} — {result.run_name}"
    nav = [f'<a href="{_esc(index)}">Corpus report</a>']
    if previous is not None:
        nav.append(f'<a href="{_esc(previous)}">← previous documents</a>')
    if following is not None:
        nav.append(f'<a href="{_esc(following)}">next documents →</a>')
    contents = " · ".join(f'<a href="#doc-{n}">{_esc(docs[n].doc_id)}</a>' for n in numbers)
    out = [
        _page_head(title, colours),
        f'<p class="meta">{" · ".join(nav)}</p>',
        f"<h1>{_esc(title)}</h1>",
        f'<p class="meta">{contents}</p>',
        f"<p>Errors by the {_esc(combination)} mapping.</p>" + _legend(),
        *(_document_section(result, n, inputs, combination, coreference, tables) for n in numbers),
        f'<p class="meta">{" · ".join(nav)}</p>',
        "</body></html>\n",
    ]
    return "\n".join(out)
