"""The coreference and sequencing links that changed between two runs (`evmeval.compare.link_changes`) as text,
JSON, CSV and HTML: per pair and kind of link, how many changed, by reason, the Δ counts they add up to (the
counts behind BLANC's coreference links and v1.8's temporal awareness), and each changed link."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from evmeval.compare.link_changes import LinkChange, LinkEnd, LinkReason, link_reason_counts, link_text, reconcile_links
from evmeval.compare.relations import KIND_LABELS
from evmeval.compare.runs import Comparison
from evmeval.mention.changes import ItemState, ItemTally, state_text
from evmeval.report.compare_json import mention_json
from evmeval.report.compare_text import table_lines
from evmeval.report.csv_writer import table
from evmeval.report.html_report import _esc

LINK_CHANGES_CSV = "link_changes.csv"
MAX_LINK_LINES = 20
"""Changed links printed per pair and kind in the text summary (all of them in --json, --csv and --html)."""
MAX_LINK_ROWS = 500
"""Changed links listed per pair and kind in the HTML report."""
COUNT_LABELS = {"coreference": ("BLANC coreference links", "R = gold found / gold links, P = system found / "
                                "system links"),
                "sequencing": ("temporal awareness", "P = system found / system links, R = (gold found + w · "
                               "implicit) / gold links")}


def _keys(comparison: Comparison) -> list[tuple[int, int, str]]:
    return [(p.a, p.b, k) for p in comparison.pairs for k in comparison.link_kinds]


def tally_text(t: ItemTally) -> str:
    """`Δ gold found -1 · Δ gold missed +1 · Δ system found -1 · Δ spurious +2`."""
    return (f"Δ gold found {t.gold_found:+d} · Δ gold missed {t.gold_missed:+d} · Δ system found "
            f"{t.system_found:+d} · Δ spurious {t.system_spurious:+d}")


def format_link_changes(comparison: Comparison) -> str:
    """The text section after the coreference and sequencing figures ("" without such links)."""
    keys = _keys(comparison)
    if not keys:
        return ""
    header = ["a", "b", "links", "changed", *(r.value for r in LinkReason), "Δ gold found", "Δ gold missed",
              "Δ system found", "Δ spurious"]
    rows = []
    items: list[str] = []
    for a, b, kind in keys:
        changes = comparison.link_changes(a, b, kind)
        reasons = link_reason_counts(changes)
        d = reconcile_links(changes)
        names = (comparison.systems[a].name, comparison.systems[b].name)
        rows.append([*names, KIND_LABELS[kind], str(len(changes)), *(str(reasons[r]) for r in LinkReason),
                     f"{d.gold_found:+d}", f"{d.gold_missed:+d}", f"{d.system_found:+d}", f"{d.system_spurious:+d}"])
        if changes:
            items.append(f"  {names[0]} → {names[1]}, {KIND_LABELS[kind]}:")
            items += [f"    {c.doc_id} {link_text(c)}: {state_text(c.before)} → {state_text(c.after)} "
                      f"({' '.join(r.value for r in c.reasons)})" for c in changes[:MAX_LINK_LINES]]
            if len(changes) > MAX_LINK_LINES:
                items.append(f"    ... and {len(changes) - MAX_LINK_LINES} more (all in --json, --csv and --html)")
    lines = ["", "Link changes: only the coreference and sequencing links whose outcome changed from a to b (a link "
             "joins two gold mentions after the mapping, or an unaligned system mention), by reason; they add up "
             "to the change in the counts behind the link figures (coreference: BLANC's coreference links; "
             "sequencing: temporal awareness, its implicit credit w aside)", *table_lines(header, rows, left=3),
             *items]
    return "\n".join(lines) + "\n"


def _end_json(end: LinkEnd) -> dict[str, Any]:
    return {"gold": end.gold is not None, "mention": mention_json(end.mention)}


def _state_json(state: ItemState) -> dict[str, str | None]:
    return {"gold": state.gold, "system": state.system}


def tally_json(t: ItemTally) -> dict[str, int]:
    return {"gold_found": t.gold_found, "gold_missed": t.gold_missed, "system_found": t.system_found,
            "system_spurious": t.system_spurious}


def change_json(c: LinkChange) -> dict[str, Any]:
    return {"doc_id": c.doc_id, "relation": c.relation, "source": _end_json(c.source),
            "target": _end_json(c.target), "before": _state_json(c.before), "after": _state_json(c.after),
            "reasons": [r.value for r in c.reasons]}


def link_changes_json(comparison: Comparison, a: int, b: int) -> dict[str, Any]:
    """A pair's `link_changes` in the comparison JSON: {<kind>: {count, reasons, delta, a, b, items}}."""
    out = {}
    for kind in comparison.link_kinds:
        changes = comparison.link_changes(a, b, kind)
        out[kind] = {"count": len(changes), "reasons": {r.value: n for r, n in link_reason_counts(changes).items()},
                     "delta": tally_json(reconcile_links(changes)), "a": tally_json(comparison.link_tally(a, kind)),
                     "b": tally_json(comparison.link_tally(b, kind)), "items": [change_json(c) for c in changes]}
    return out


def _end_cells(end: LinkEnd) -> list[object]:
    return [end.mention.mention_id, end.mention.text, end.mention.line, "gold" if end.gold is not None else "system"]


def link_changes_csv(comparison: Comparison) -> dict[str, str]:
    """link_changes.csv: one row per pair, kind and changed link (a header only without such links)."""
    header = ["a", "b", "links", "doc_id", "relation", "source_id", "source_text", "source_line", "source_side",
              "target_id", "target_text", "target_line", "target_side", "before_gold", "before_system",
              "after_gold", "after_system", "reasons"]

    def rows() -> Iterable[list[object]]:
        for a, b, kind in _keys(comparison):
            names = [comparison.systems[a].name, comparison.systems[b].name]
            for c in comparison.link_changes(a, b, kind):
                yield [*names, kind, c.doc_id, c.relation, *_end_cells(c.source), *_end_cells(c.target),
                       c.before.gold or "", c.before.system or "", c.after.gold or "", c.after.system or "",
                       " ".join(r.value for r in c.reasons)]

    return {LINK_CHANGES_CSV: table(header, rows())}


def _rows_html(changes: Sequence[LinkChange]) -> str:
    return "".join(f"<tr><td>{_esc(c.doc_id)}</td><td>{_esc(link_text(c))}</td><td>{_esc(state_text(c.before))}</td>"
                   f"<td>{_esc(state_text(c.after))}</td><td>{_esc(' '.join(r.value for r in c.reasons))}</td></tr>"
                   for c in changes[:MAX_LINK_ROWS])


def link_changes_html(comparison: Comparison, a: int, b: int) -> str:
    """A pair's changed links, one collapsible list per kind ("" without such links)."""
    out = []
    for kind in comparison.link_kinds:
        changes = comparison.link_changes(a, b, kind)
        delta = reconcile_links(changes)
        reasons = link_reason_counts(changes)
        by = ", ".join(f"{n} {r.value}" for r, n in reasons.items() if n)
        more = (f'<p class="meta">The first {MAX_LINK_ROWS} of {len(changes)}; the JSON and CSV exports list all.</p>'
                if len(changes) > MAX_LINK_ROWS else "")
        label, rule = COUNT_LABELS["coreference" if kind == "coreference" else "sequencing"]
        out.append(f"<details><summary>Changed links ({_esc(KIND_LABELS[kind])}): {len(changes)}"
                   f"{f' ({_esc(by)})' if by else ''} · {_esc(tally_text(delta))}</summary>"
                   f'<p class="meta">The changes add up to the difference of the {_esc(label)} counts ({_esc(rule)}).'
                   f"</p>{more}<table><tr><th>Document</th><th>Link</th><th>a</th><th>b</th><th>Reason</th></tr>"
                   f"{_rows_html(changes)}</table></details>")
    return "".join(out)
